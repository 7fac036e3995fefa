Feature: A shutout needs the winner to have reached the target
  The shutout bonus goes to the player who reached the target when his opponent scored no hand
  points. With boxes credited as they are won (box_timing immediate), a player can reach the target
  on box credits alone, his hand points still 0. His opponent then scored, and did not reach the
  target: nobody has a shutout, though one player's hand points are 0.

  @GAME-SHUTOUT @GAME-BOX-BONUS @GAME-TARGET @game
  Scenario: The player who reached the target on boxes alone is not shut out by his opponent
    Given standard rules
    And the rule box_timing is immediate
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome | points |
      | p2     | knock   | 30     |
      | p1     | knock   | 0      |
      | p1     | knock   | 0      |
      | p1     | knock   | 0      |
      | p1     | knock   | 0      |
    # each win is a box of 25, credited at once: p2 30 + 25 = 55, p1 4 x 25 = 100
    Then after hand 4 the running totals are p1 75 and p2 55
    And the game is over after hand 5
    And the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 100    | 4     | 0         | 100        | 0             | 200   |
      | p2     | 55     | 1     | 0         | 0          | 0             | 55    |
    And p1 wins the game by 145
