@game
Feature: After a void hand
  A void hand scores nothing, counts as won by nobody, and the same player deals again.

  @STOCK-VOID-DEALER @STOCK-VOID-NO-SCORE @DEAL-ROTATION
  Scenario: The dealer of a void hand deals again
    Given standard rules
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome  | points |
      | p2     | knock    | 20     |
      | p1     | gin      | 40     |
      | none   | void     | 0      |
      | p1     | undercut | 30     |
      | p2     | knock    | 85     |
    # p1 deals hand 1, p2 hand 2, p1 hand 3; hand 3 is void, so p1 deals hand 4; then p2
    Then the dealers are "p1 p2 p1 p1 p2"
    And after hand 3 the running totals are p1 40 and p2 20
    And p1 has won 2 hands for the box bonus

  @STOCK-VOID-DEALER @STOCK-VOID-NO-SCORE
  Scenario: Void hands one after another
    Given standard rules
    And p2 deals the first hand
    When these hands are played:
      | winner | outcome | points |
      | none   | void    | 0      |
      | none   | void    | 0      |
      | p1     | gin     | 60     |
      | p1     | knock   | 45     |
    Then the dealers are "p2 p2 p2 p1"
    And after hand 2 the running totals are p1 0 and p2 0
    And the game is over after hand 4
    And p2 has won 0 hands for the box bonus
