Feature: The game target
  A game ends as soon as, after a hand has been scored, a player's running total of hand points
  reaches the target: 100 in the standard game. Exactly 100 is enough, 99 is not. Box bonuses are
  added only when the game is over and do not help a player reach the target, unless the rules in
  force credit each box at once.

  Background:
    Given standard rules
    And p1 deals the first hand

  @GAME-TARGET @game
  Scenario Outline: Exactly the target ends the game
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 40     |
      | p1     | gin     | 35     |
      | p2     | knock   | 20     |
      | p1     | knock   | <last> |
    Then <result>

    # 40 + 35 + 25 = 100 reaches the target on hand 4; 40 + 35 + 24 = 99 does not
    Examples:
      | last | result                                      |
      | 25   | the game is over after hand 4               |
      | 24   | the scores cannot be settled: game_not_over |

  @GAME-TARGET @game
  Scenario: A total may pass the target
    When these hands are played:
      | winner | outcome | points |
      | p2     | knock   | 30     |
      | p1     | knock   | 9      |
      | p2     | knock   | 58     |
      | p2     | gin     | 33     |
    Then the running totals are "0-30 9-30 9-88 9-121"
    And the game is over after hand 4
    # p2: 121 + 3 boxes x 25 + 100 = 296; p1: 9 + 25 = 34; 296 - 34 = 262
    And p2 wins the game by 262

  @GAME-TARGET @game
  Scenario: No hand is played after the game is over
    When these hands are played:
      | winner | outcome | points |
      | p1     | gin     | 100    |
      | p2     | knock   | 10     |
    Then the scores cannot be settled: game_already_over

  @GAME-TARGET @GAME-BOX-BONUS @game
  Scenario: Boxes do not count toward the target
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 20     |
      | p1     | knock   | 20     |
      | p1     | knock   | 20     |
      | p1     | knock   | 20     |
    # four boxes would be worth 100, but only the 80 hand points count toward the target
    Then the scores cannot be settled: game_not_over

  @GAME-TARGET @GAME-BOX-BONUS @palace @game
  Scenario: Where boxes are credited at once, they do count
    Given the palace variant
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 20     |
      | p1     | knock   | 20     |
      | p1     | knock   | 20     |
      | p1     | knock   | 20     |
    # each win adds its 20 points and a 10-point box at once: 30, 60, 90, 120
    Then the running totals are "30-0 60-0 90-0 120-0"
    And the game is over after hand 4
    # no game bonus and no shutout bonus in this variant; the boxes are already in the 120
    And the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 120    | 4     | 0         | 0          | 0             | 120   |
      | p2     | 0      | 0     | 0         | 0          | 0             | 0     |
    And p1 wins the game by 120
