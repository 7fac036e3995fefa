Feature: Scoring a hand
  After a knock the knocker's deadwood K is compared with the defender's deadwood D after his
  melds and lay-offs. If K is less, the knocker scores D - K. Otherwise the defender has undercut
  him and scores K - D plus 25; in standard gin a tie is an undercut too. Gin scores 25 and big gin
  31, each plus D. Only the winner scores.

  The knocker keeps 2-3-4 of clubs, 7d 7h 7s and 9-10-J of hearts, and one more card.

  @SCORE-HAND-OUTCOMES @SCORE-KNOCK-WIN @SCORE-UNDERCUT @SCORE-GIN @SCORE-BIGGIN @SCORE-WINNER-ONLY
  Scenario Outline: Each way a hand can end
    Given standard rules
    When the hand is scored with knocker "<knocker>" and defender "<defender>"
    Then the outcome is <outcome>
    And the <winner> scores <points> points

    # knock: K = 6 (6s); D = 9 + 8 + 2 = 19 beside four queens and three aces; 19 - 6 = 13
    # undercut: K = 9 (9s); D = 2 + 2 = 4 beside four queens and four aces; 9 - 4 + 25 = 30
    # gin: D = 5 + 7 + 2 = 14 beside Kc Kd Ks and 9-10-J-Q of diamonds; 25 + 14 = 39
    # big gin: eleven cards melded, the same defender: 31 + 14 = 45
    Examples:
      | knocker                          | defender                      | outcome  | winner   | points |
      | 2c 3c 4c 7d 7h 7s 9h Th Jh 6s    | Qc Qd Qh Qs Ad Ah As 9c 8s 2d | knock    | knocker  | 13     |
      | 2c 3c 4c 7d 7h 7s 9h Th Jh 9s    | Qc Qd Qh Qs Ac Ad Ah As 2d 2s | undercut | defender | 30     |
      | 2c 3c 4c 7d 7h 7s 9h Th Jh Qh    | Kc Kd Ks 9d Td Jd Qd 5c 7c 2s | gin      | knocker  | 39     |
      | 2c 3c 4c 7d 7h 7s 9h Th Jh Qh Kh | Kc Kd Ks 9d Td Jd Qd 5c 7c 2s | big_gin  | knocker  | 45     |

  @SCORE-KNOCK-WIN @SCORE-WINNER-ONLY
  Scenario: A knock won scores the difference
    Given standard rules
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh 6s" and defender "Qc Qd Qh Qs Ad Ah As 9c 8s 2d"
    Then the outcome is knock
    And the knocker's deadwood is 6
    And the defender's deadwood is 19
    And the knocker scores 13 points

  @SCORE-UNDERCUT
  Scenario Outline: The undercut bonus
    Given the <variant> variant
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh 9s" and defender "Qc Qd Qh Qs Ac Ad Ah As 2d 2s"
    # 9 - 4 = 5, plus the bonus of the variant: 25 standard, 10 classic
    Then the outcome is undercut
    And the knocker's deadwood is 9
    And the defender's deadwood is 4
    And the defender scores <points> points

    @classic
    Examples:
      | variant  | points |
      | standard | 30     |
      | classic  | 15     |

  @SCORE-UNDERCUT-TIE @SCORE-UNDERCUT
  Scenario: In standard gin a tie is an undercut
    Given standard rules
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh 9s" and defender "Qc Qd Qh Qs Ac Ad Ah As 4d 5s"
    # K = 9 and D = 4 + 5 = 9: the defender scores 0 + 25
    Then the outcome is undercut
    And the defender scores 25 points

  @SCORE-UNDERCUT-TIE @SCORE-HAND-OUTCOMES
  Scenario Outline: Other readings of a tie
    Given standard rules
    And the rule tie_outcome is <reading>
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh 9s" and defender "Qc Qd Qh Qs Ac Ad Ah As 4d 5s"
    Then the outcome is <outcome>
    And the <winner> scores 0 points

    Examples:
      | reading                | outcome  | winner   |
      | undercut_without_bonus | undercut | defender |
      | knocker_wins           | knock    | knocker  |

  @SCORE-UNDERCUT-TIE @SCORE-HAND-OUTCOMES @tournament
  Scenario: In tournament gin a tie is a standoff
    Given the tournament variant
    When the hand is scored with knocker "2c 3c 4c 7d 7h 7s 9h Th Jh 9s" and defender "Qc Qd Qh Qs Ac Ad Ah As 4d 5s"
    Then the outcome is draw
    And nobody scores

  @KNOCK-LIMIT @SCORE-HAND-OUTCOMES
  Scenario: Eleven points kept is no knock to score
    Given standard rules
    # 2c to 6c and the sevens are melded; Ah + 10h = 11
    When the hand is scored with knocker "2c 3c 4c 5c 6c 7d 7h 7s Ah Th" and defender "Kc Kd Ks 9d Td Jd Qd 4s 5s 6s"
    Then the hand cannot be scored: illegal_knock
