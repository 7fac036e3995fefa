Feature: Shutout
  A game in which the loser scored no points is a shutout. Rule books reward it in different ways:
  the winner's whole total doubled (standard), the game bonus counted twice, the hand points
  counted twice, the difference between the totals doubled, a flat 100, or nothing. A hand won for
  0 points is a box, but it does not save its winner from a shutout.

  Background:
    Given standard rules
    And p1 deals the first hand

  @GAME-SHUTOUT @GAME-BOX-BONUS @game
  Scenario Outline: The forms of the shutout
    Given the rule shutout is <form>
    # p2's only win is worth 0 points: a knock with equal counts where the knocker wins ties
    When these hands are played:
      | winner | outcome | points |
      | p1     | gin     | 50     |
      | p2     | knock   | 0      |
      | p1     | knock   | 30     |
      | p1     | knock   | 25     |
    Then the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total   |
      | p1     | 105    | 3     | 75        | 100        | <bonus>       | <total> |
      | p2     | 0      | 1     | 25        | 0          | 0             | 25      |
    And p1 wins the game by <margin>

    # before the shutout p1 has 105 + 3 x 25 + 100 = 280 and p2 has his one box, 25.
    # double_total: + 280; double_game_bonus: + 100; double_hand_points: + 105;
    # double_net: + (280 - 25) = 255; flat_100: + 100; none: + 0. Margin: p1's total - 25.
    Examples:
      | form               | bonus | total | margin |
      | double_total       | 280   | 560   | 535    |
      | double_game_bonus  | 100   | 380   | 355    |
      | double_hand_points | 105   | 385   | 360    |
      | double_net         | 255   | 535   | 510    |
      | flat_100           | 100   | 380   | 355    |
      | none               | 0     | 280   | 255    |

  @GAME-SHUTOUT @game
  Scenario: Five points are enough to escape the shutout
    When these hands are played:
      | winner | outcome | points |
      | p1     | gin     | 50     |
      | p2     | knock   | 5      |
      | p1     | knock   | 30     |
      | p1     | knock   | 25     |
    # p1: 105 + 75 + 100 = 280, no shutout bonus; p2: 5 + 25 = 30
    Then the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 105    | 3     | 75        | 100        | 0             | 280   |
      | p2     | 5      | 1     | 25        | 0          | 0             | 30    |
    And p1 wins the game by 250

  @GAME-SHUTOUT @classic @game
  Scenario: In classic scoring a shutout makes the game bonus 200
    Given the classic variant
    When these hands are played:
      | winner | outcome | points |
      | p1     | gin     | 50     |
      | p1     | knock   | 30     |
      | p1     | knock   | 25     |
    # 105 + 3 boxes x 20 + 100 for game + another 100 for the shutout = 365
    Then the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 105    | 3     | 60        | 100        | 100           | 365   |
      | p2     | 0      | 0     | 0         | 0          | 0             | 0     |
    And p1 wins the game by 365
