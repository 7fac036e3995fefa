Feature: Knocking
  A player may knock after drawing if, once his knock card is put face down, the deadwood he keeps
  is within the knock limit: ten points in standard gin.

  @KNOCK-LIMIT @KNOCK-COUNT-AFTER-DISCARD
  Scenario: The knock card is not counted
    Given standard rules
    When the player holding "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c" knocks with "9c"
    Then the knock is legal
    And he keeps 8 deadwood

  @KNOCK-LIMIT
  Scenario: A lower knock limit
    Given standard rules
    And the rule knock_limit is 7
    When the player holding "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c" knocks with "9c"
    Then the knock is not legal

  @KNOCK-LIMIT @KNOCK-COUNT-AFTER-DISCARD @GIN-DEFINITION
  Scenario Outline: Knocking at ten, eleven and nought
    Given standard rules
    When the player holding "<hand>" knocks with "<card>"
    Then the knock is <verdict>
    And he keeps <deadwood> deadwood

    Examples:
      | hand                             | card | verdict   | deadwood |
      | 2c 3c 4c 5c 6c 7d 7h 7s Ah 9h Kd | Kd   | legal     | 10       |
      | 2c 3c 4c 5c 6c 7d 7h 7s Ah 9h Kd | 9h   | not legal | 11       |
      | 2c 3c 4c 5c 6c 7d 7h 7s Jh Qh Kh | 6c   | legal     | 0        |
      | 2c 3c 4c 5c 6c 7d 7h 7s Jh Qh Kh | 7d   | not legal | 14       |

  @KNOCK-COUNT-AFTER-DISCARD @KNOCK-LIMIT
  Scenario: After the draw, the best discard is found card by card
    Given standard rules
    # Eleven cards: the sevens, 10-J-Q-K of hearts, 3d, 5s and 9c (17 unmatched).
    # Only throwing the 9c brings the ten kept cards down to 3 + 5 = 8.
    When the player holding "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c" has drawn
    Then the best discards are "9c"
    And he may knock
    And he may not go gin

  @KNOCK-COUNT-AFTER-DISCARD @KNOCK-LIMIT
  Scenario: Under a lower limit the same hand may not knock
    Given standard rules
    And the rule knock_limit is 7
    When the player holding "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c" has drawn
    Then the best discards are "9c"
    And he may not knock
