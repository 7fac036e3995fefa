@game
Feature: Who deals
  After a hand that is scored the deal passes to the other player; after a void hand the same
  player deals again.

  @DEAL-ROTATION
  Scenario: The players deal in turn
    Given standard rules
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome  | points |
      | p2     | knock    | 30     |
      | p1     | gin      | 45     |
      | p2     | undercut | 35     |
      | p1     | knock    | 60     |
    # p1 reaches 45 + 60 = 105 after the fourth hand
    Then the dealers are "p1 p2 p1 p2"
    And the game is over after hand 4
