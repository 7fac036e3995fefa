Feature: Game and box bonuses
  When the game is over, the player who reached the target receives the game bonus (100), and each
  player adds a box bonus (25) for every hand he won. In some games a gin earns three boxes and an
  undercut two.

  @GAME-BONUS @GAME-BOX-BONUS @GAME-TARGET @DEAL-ROTATION @game
  Scenario: A worked game
    Given standard rules
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome  | points |
      | p1     | knock    | 22     |
      | p2     | knock    | 15     |
      | p1     | gin      | 41     |
      | p2     | undercut | 30     |
      | p1     | knock    | 37     |
    Then the dealers are "p1 p2 p1 p2 p1"
    And the running totals are "22-0 22-15 63-15 63-45 100-45"
    And the game is over after hand 5
    # p1: 100 + 3 boxes x 25 + 100 for game = 275; p2: 45 + 2 boxes x 25 = 95
    And the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 100    | 3     | 75        | 100        | 0             | 275   |
      | p2     | 45     | 2     | 50        | 0          | 0             | 95    |
    And p1 wins the game by 180

  @GAME-BONUS @GAME-BOX-BONUS @classic @game
  Scenario: The same game with the classic 20-point box
    Given the classic variant
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome  | points |
      | p1     | knock    | 22     |
      | p2     | knock    | 15     |
      | p1     | gin      | 41     |
      | p2     | undercut | 30     |
      | p1     | knock    | 37     |
    # p1: 100 + 3 x 20 + 100 = 260; p2: 45 + 2 x 20 = 85; 260 - 85 = 175
    Then the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 100    | 3     | 60        | 100        | 0             | 260   |
      | p2     | 45     | 2     | 40        | 0          | 0             | 85    |
    And p1 wins the game by 175

  @GAME-EXTRA-BOXES @GAME-BOX-BONUS @game
  Scenario Outline: Extra boxes for gin, big gin and the undercut
    Given standard rules
    And the rule extra_boxes is <extra>
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome  | points |
      | p1     | gin      | 40     |
      | p2     | undercut | 30     |
      | p1     | knock    | 20     |
      | p1     | big_gin  | 45     |
    Then the game is over after hand 4
    And the game is settled as:
      | player | points | boxes      | box bonus  | game bonus | total      |
      | p1     | 105    | <p1 boxes> | <p1 bonus> | 100        | <p1 total> |
      | p2     | 30     | <p2 boxes> | <p2 bonus> | 0          | <p2 total> |
    And p1 wins the game by <margin>

    # with extra boxes: p1 gin 3 + knock 1 + big gin 3 = 7 boxes, 175; p2 undercut 2 boxes, 50.
    # p1 105 + 175 + 100 = 380, p2 30 + 50 = 80, margin 300.
    # without: p1 3 boxes, 75: 105 + 75 + 100 = 280; p2 1 box, 25: 55; margin 225.
    Examples:
      | extra | p1 boxes | p1 bonus | p1 total | p2 boxes | p2 bonus | p2 total | margin |
      | true  | 7        | 175      | 380      | 2        | 50       | 80       | 300    |
      | false | 3        | 75       | 280      | 1        | 25       | 55       | 225    |
