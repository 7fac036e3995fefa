Feature: Gin and big gin
  A knock is gin when all ten cards kept are melded. Big gin is holding eleven melded cards after
  the draw: the player spreads them all without a discard. Against either the defender lays off
  nothing; he only melds his own cards. Gin earns 25 and big gin 31, plus the defender's deadwood,
  and gin cannot be undercut.

  @GIN-DEFINITION @KNOCK-COUNT-AFTER-DISCARD
  Scenario: Only one discard gives gin
    Given standard rules
    # 2c 3c 4c, 7d 7h 7s and 10-J-Q-K of hearts are melded; the 5s is not.
    # Throwing the 10h instead would still leave the 5s.
    When the player holding "2c 3c 4c 7d 7h 7s Th Jh Qh Kh 5s" has drawn
    Then the best discards are "5s"
    And the least deadwood is 0
    And he may go gin
    And he may not declare big gin

  @GIN-DEFINITION
  Scenario Outline: A knock that keeps no deadwood is gin
    Given standard rules
    # Throwing the 4c splits 2c 3c (5) from 5c 6c (11): 16. Throwing the Kh leaves Jh Qh: 20.
    When the player holding "2c 3c 4c 5c 6c 7d 7h 7s Jh Qh Kh" knocks with "<card>"
    Then the knock is <verdict>
    And he keeps <deadwood> deadwood
    And the knock <gin> gin

    Examples:
      | card | verdict   | deadwood | gin    |
      | 2c   | legal     | 0        | is     |
      | 6c   | legal     | 0        | is     |
      | 4c   | not legal | 16       | is not |
      | Kh   | not legal | 20       | is not |

  @BIGGIN-DEFINITION @GIN-DEFINITION @MELD-RUN
  Scenario: Eleven cards in one run
    Given standard rules
    # Throwing the ace or the jack leaves a run of ten; throwing the 4 to the 8 leaves two runs
    # of three or more; throwing the 2, 3, 9 or 10 strands one or two cards.
    When the player holding "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc" has drawn
    Then the best discards are "Ac 4c 5c 6c 7c 8c Jc"
    And he may go gin
    And he may declare big gin

  @BIGGIN-DEFINITION
  Scenario: Four fours, a run of four and three kings are big gin
    Given standard rules
    When the player holding "4c 4d 4h 4s 6s 7s 8s 9s Kd Kh Ks" has drawn
    Then he may declare big gin
    And he may go gin
    And the best discards are "4c 4d 4h 4s 6s 9s"

  @BIGGIN-DEFINITION @GIN-DEFINITION @classic
  Scenario: Without big gin the same hand simply goes gin
    Given the classic variant
    When the player holding "4c 4d 4h 4s 6s 7s 8s 9s Kd Kh Ks" has drawn
    Then he may not declare big gin
    And he may go gin

  @SCORE-GIN @GIN-BONUS @GIN-NO-LAYOFF @GIN-DEFENDER-MELDS
  Scenario: Gin scores the bonus and the defender's own deadwood
    Given standard rules
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh Qh" and defender "Kc Kd Ks 9d Td Jd Qd 5c 7c 2s"
    # The defender melds Kc Kd Ks and 9d 10d Jd Qd. His 5c would fit 2c 3c 4c and his 7c the
    # sevens, but nothing is laid off against gin: 5 + 7 + 2 = 14, and 25 + 14 = 39.
    Then the outcome is gin
    And the knocker scores 39 points
    And the defender's deadwood is 14
    And the defender lays off nothing

  @SCORE-GIN @GIN-BONUS @GIN-NO-LAYOFF @GIN-DEFENDER-MELDS @classic
  Scenario: The classic gin bonus is 20
    Given the classic variant
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh Qh" and defender "Kc Kd Ks 9d Td Jd Qd 5c 7c 2s"
    # 20 + 14 = 34
    Then the outcome is gin
    And the knocker scores 34 points

  @GIN-CANNOT-BE-UNDERCUT @SCORE-GIN
  Scenario: Gin against a defender with every card melded
    Given standard rules
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh Qh" and defender "Kc Kd Ks 9d Td Jd Qd 4s 5s 6s"
    # Both have 0 deadwood; gin still wins: 25 + 0
    Then the outcome is gin
    And the knocker scores 25 points
    And the defender's deadwood is 0

  @SCORE-BIGGIN @BIGGIN-BONUS @BIGGIN-NO-LAYOFF
  Scenario: Big gin scores 31 and the defender's own deadwood
    Given standard rules
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh Qh Kh" and defender "Kc Kd Ks 9d Td Jd Qd 5c 7c 2s"
    # 31 + 14 = 45; the 5c and 7c are not laid off
    Then the outcome is big_gin
    And the knocker scores 45 points
    And the defender's deadwood is 14

  @SCORE-BIGGIN @BIGGIN-DEFINITION @classic
  Scenario: Where there is no big gin, eleven cards cannot be scored
    Given the classic variant
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh Qh Kh" and defender "Kc Kd Ks 9d Td Jd Qd 5c 7c 2s"
    Then the hand cannot be scored: not_big_gin

  @BIGGIN-DEFINITION @SCORE-BIGGIN
  Scenario: Eleven cards that are not all melded are not big gin
    Given standard rules
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh Qh 5s" and defender "Kc Kd Ks 9d Td Jd Qd 5c 7c 2s"
    Then the hand cannot be scored: not_big_gin
