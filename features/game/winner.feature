Feature: The winner of the game
  The player whose total first reaches the target wins the game, and the game is settled by the
  difference between the grand totals after all bonuses. With many small wins the other player can
  end with the higher grand total: the player who reached the target then wins by less than
  nothing. Some houses give the game to the higher grand total instead; equal totals then go to the
  player who reached the target.

  Background:
    Given standard rules
    And p1 deals the first hand

  @GAME-WINNER @GAME-BOX-BONUS @GAME-BONUS @game
  Scenario Outline: The player who reached the target finishes lower
    Given the rule game_winner is <rule>
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 60     |
      | p2     | knock   | 10     |
      | p2     | knock   | 10     |
      | p2     | knock   | 10     |
      | p2     | knock   | 10     |
      | p2     | knock   | 10     |
      | p2     | knock   | 10     |
      | p2     | knock   | 10     |
      | p2     | knock   | 10     |
      | p2     | knock   | 10     |
      | p1     | knock   | 45     |
    Then the game is over after hand 11
    # p1: 60 + 45 = 105, 2 boxes 50, game 100: 255. p2: 9 x 10 = 90, 9 boxes 225: 315
    And the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 105    | 2     | 50        | 100        | 0             | 255   |
      | p2     | 90     | 9     | 225       | 0          | 0             | 315   |
    And <player> wins the game by <margin>

    # first to the target: p1, by 255 - 315 = -60; higher total: p2, by 315 - 255 = 60
    Examples:
      | rule            | player | margin |
      | first_to_target | p1     | -60    |
      | highest_total   | p2     | 60     |

  @GAME-WINNER @game
  Scenario: Equal grand totals go to the player who reached the target
    Given the rule game_winner is highest_total
    When these hands are played:
      | winner | outcome | points |
      | p2     | knock   | 3      |
      | p2     | knock   | 3      |
      | p2     | knock   | 3      |
      | p2     | knock   | 3      |
      | p2     | knock   | 3      |
      | p2     | knock   | 3      |
      | p2     | knock   | 3      |
      | p2     | knock   | 4      |
      | p1     | gin     | 100    |
    # p1: 100 + 1 box 25 + 100 = 225; p2: 7 x 3 + 4 = 25 points and 8 boxes 200: 225
    Then p1 has a grand total of 225
    And p2 has a grand total of 225
    And p1 wins the game by 0
