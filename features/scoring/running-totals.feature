@game
Feature: Running totals
  Each hand's points go to its winner's running total, and the loser's total does not change. The
  hands each player wins are counted for the box bonus; a void hand counts for nobody.

  @SCORE-ACCUMULATE @SCORE-WINNER-ONLY @STOCK-VOID-NO-SCORE
  Scenario: Hand scores add up for the winner only
    Given standard rules
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome  | points |
      | p2     | knock    | 20     |
      | p1     | gin      | 40     |
      | none   | void     | 0      |
      | p1     | undercut | 30     |
      | p2     | knock    | 85     |
    Then after hand 1 the running totals are p1 0 and p2 20
    And after hand 2 the running totals are p1 40 and p2 20
    And after hand 3 the running totals are p1 40 and p2 20
    And after hand 4 the running totals are p1 70 and p2 20
    # 20 + 85 = 105 reaches the target
    And after hand 5 the running totals are p1 70 and p2 105
    And the game is over after hand 5
    And p1 has won 2 hands for the box bonus
    And p2 has won 2 hands for the box bonus
