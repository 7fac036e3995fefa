Feature: Hollywood scoring
  Hollywood gin keeps three games on one sheet, in three columns. A player's first winning hand is
  entered in column 1, his second in columns 1 and 2, his third and every later one in all three
  columns still open; each player's wins are counted on their own. A column closes as soon as a
  player's total in it reaches 100, and is settled on its own with its game, box and shutout
  bonuses. A player who had no entry in a column when it closed starts again in the next open
  column, not in all of them. The session is over when the third column closes.

  Background:
    Given the hollywood variant

  @HOLLY-THREE-GAMES @HOLLY-GAME-CLOSE @HOLLY-SHUTOUT-ENTRY @HOLLY-BOX-PER-GAME @HOLLY-TARGET @hollywood @game
  Scenario: A worked session
    When these hands are played as a Hollywood session:
      | winner | outcome | points |
      | p1     | gin     | 50     |
      | p1     | knock   | 30     |
      | p1     | knock   | 25     |
      | p2     | knock   | 20     |
      | p2     | knock   | 30     |
      | p1     | knock   | 45     |
      | p2     | gin     | 75     |
    # column 1 takes p1's first three wins: 50 + 30 + 25 = 105, closed after hand 3
    Then column 1 closes after hand 3
    # p2 scored nothing there: p1's 105 + 3 x 25 + 100 = 280 is doubled to 560
    And column 1 is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 105    | 3     | 75        | 100        | 280           | 560   |
      | p2     | 0      | 0     | 0         | 0          | 0             | 0     |
    And column 1 is won by p1 by 560
    # column 2: p1 30 + 25 + 45 = 100 (hands 2, 3, 6); p2 20 + 30 = 50 (hands 4, 5).
    # p2 was shut out of column 1, so his first win went to column 2 only.
    And column 2 closes after hand 6
    # p1 100 + 3 x 25 + 100 = 275; p2 50 + 2 x 25 = 100
    And column 2 is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 100    | 3     | 75        | 100        | 0             | 275   |
      | p2     | 50     | 2     | 50        | 0          | 0             | 100   |
    And column 2 is won by p1 by 175
    # column 3: p1 25 + 45 = 70 (hands 3, 6); p2 30 + 75 = 105 (hands 5, 7), closed after hand 7.
    # The 25 of hand 3 is a box in all three columns.
    And column 3 closes after hand 7
    # p2 105 + 2 x 25 + 100 = 255; p1 70 + 2 x 25 = 120
    And column 3 is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 70     | 2     | 50        | 0          | 0             | 120   |
      | p2     | 105    | 2     | 50        | 100        | 0             | 255   |
    And column 3 is won by p2 by 135
    And the session is over after hand 7

  @HOLLY-THREE-GAMES @HOLLY-SHUTOUT-ENTRY @hollywood @game
  Scenario: The sheet part-way through
    When these hands are played as a Hollywood session:
      | winner | outcome | points |
      | p1     | gin     | 50     |
      | p1     | knock   | 30     |
      | p1     | knock   | 25     |
      | p2     | knock   | 20     |
      | p2     | knock   | 30     |
    Then column 1 closes after hand 3
    # column 2: p1 30 + 25 = 55, p2 20 + 30 = 50; column 3: p1 25, p2 30
    And column 2 is still open
    And column 2 stands at 55 to 50
    And column 3 is still open
    And column 3 stands at 25 to 30
    And the session is not over

  @HOLLY-SHUTOUT-ENTRY @HOLLY-THREE-GAMES @STOCK-VOID-NO-SCORE @hollywood @game
  Scenario: A player shut out of column 1 starts in column 2
    When these hands are played as a Hollywood session:
      | winner | outcome | points |
      | p1     | knock   | 100    |
      | none   | void    | 0      |
      | p2     | knock   | 10     |
      | p2     | knock   | 10     |
    Then column 1 closes after hand 1
    # p2's first win goes to column 2 only, his second to columns 2 and 3; the void hand goes nowhere
    And column 2 stands at 0 to 20
    And column 3 stands at 0 to 10
    # 100 + 25 + 100 = 225, doubled for the shutout
    And column 1 is won by p1 by 450
    And the session is not over

  @HOLLY-GAME-CLOSE @HOLLY-BOX-PER-GAME @hollywood @game
  Scenario: Two columns close on the same hand
    When these hands are played as a Hollywood session:
      | winner | outcome | points |
      | p1     | knock   | 10     |
      | p1     | knock   | 10     |
      | p1     | gin     | 90     |
      | p1     | knock   | 10     |
    # after hand 3 column 1 has 10 + 10 + 90 = 110 and column 2 10 + 90 = 100: both close
    Then column 1 closes after hand 3
    And column 2 closes after hand 3
    # hand 4 goes to column 3 only: 90 + 10 = 100
    And column 3 closes after hand 4
    And the session is over after hand 4
    # column 1: 110 + 3 x 25 + 100 = 285, doubled 570; column 2: 100 + 2 x 25 + 100 = 250, doubled
    # 500; column 3: 100 + 2 x 25 + 100 = 250, doubled 500
    And column 1 is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 110    | 3     | 75        | 100        | 285           | 570   |
    And column 2 is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 100    | 2     | 50        | 100        | 250           | 500   |
    And column 3 is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 100    | 2     | 50        | 100        | 250           | 500   |

  @HOLLY-GAME-CLOSE @hollywood @game
  Scenario: No hand is entered after the third column closes
    When these hands are played as a Hollywood session:
      | winner | outcome | points |
      | p1     | knock   | 10     |
      | p1     | knock   | 10     |
      | p1     | gin     | 90     |
      | p1     | knock   | 10     |
      | p2     | knock   | 15     |
    Then the scores cannot be settled: game_already_over

  @HOLLY-TARGET @HOLLY-GAME-CLOSE @hollywood @game
  Scenario Outline: A column closes at exactly 100
    When these hands are played as a Hollywood session:
      | winner | outcome | points |
      | p1     | knock   | 60     |
      | p1     | knock   | <last> |
    Then column 1 <state>
    # column 1 holds both wins, 60 + 40 = 100 or 60 + 39 = 99; column 2 only the second
    And column 2 stands at <last> to 0

    Examples:
      | last | state               |
      | 40   | closes after hand 2 |
      | 39   | is still open       |
