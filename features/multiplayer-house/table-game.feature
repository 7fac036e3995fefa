Feature: A whole game at a table of three or four
  Hands at the S003 table follow one another, the deal passing round the table. Each player keeps
  a running total of the bonuses he won; his penalty points are kept apart and taken off at the
  end (house-s003), or taken off after every hand. The game ends after the first hand that brings a
  total to the target, and the highest total wins.

  @MPN-SEED003-SCORING @GAME-TARGET @GAME-WINNER @DEAL-ROTATION @STOCK-VOID-DEALER @SCORE-ACCUMULATE @house-s003-three
  Scenario: A short game worked by hand: the void hand dealt again, penalties off the totals
    Given the house-s003-three variant
    And the rule game_target is 30
    And the rule penalty_totals is subtract
    And p1 deals the first hand
    When these hands are played at the table:
      | winner | outcome  | p1  | p2 | p3  |
      | p2     | gin      | -20 | 25 | -8  |
      | none   | void     | 0   | 0  | 0   |
      | p3     | undercut | -7  | -2 | 20  |
      | p2     | knock    | -3  | 10 | -30 |
    Then the dealers are "p1 p2 p2 p3"
    And the game is over after hand 4
    And after hand 1 the table stands at p1 -20, p2 25, p3 -8
    And after hand 2 the table stands at p1 -20, p2 25, p3 -8
    And after hand 3 the table stands at p1 -27, p2 23, p3 12
    And after hand 4 the table stands at p1 -30, p2 33, p3 -18
    And p1 ends the table game with -30 in all and 30 penalty points
    And p2 ends the table game with 33 in all and 2 penalty points
    And p3 ends the table game with -18 in all and 38 penalty points
    And p2 wins the table game

  @MPN-SEED003 @GAME-TARGET @GAME-WINNER @DEAL-ROTATION @house-s003-three
  Scenario: Three at the table to 100: penalties kept apart and taken off at the end
    Given the house-s003-three variant
    And p2 deals the first hand
    When these hands are played at the table:
      | winner | outcome  | p1  | p2  | p3  |
      | p3     | knock    | -11 | -13 | 10  |
      | none   | void     | 0   | 0   | 0   |
      | p2     | knock    | -39 | 10  | -33 |
      | p1     | gin      | 25  | -56 | -38 |
      | none   | void     | 0   | 0   | 0   |
      | none   | void     | 0   | 0   | 0   |
      | p1     | undercut | 20  | -2  | -32 |
      | p1     | gin      | 25  | -74 | -62 |
      | p2     | knock    | -19 | 10  | -15 |
      | p1     | gin      | 25  | -18 | -2  |
      | p1     | knock    | 10  | -26 | -29 |
    Then the dealers are "p2 p3 p3 p1 p2 p2 p2 p3 p1 p2 p3"
    And the game is over after hand 11
    And after hand 11 the table stands at p1 105, p2 20, p3 10
    And p1 ends the table game with 36 in all and 69 penalty points
    And p2 ends the table game with -169 in all and 189 penalty points
    And p3 ends the table game with -201 in all and 211 penalty points
    And p1 wins the table game

  @MPN-SEED003 @GAME-TARGET @GAME-WINNER @DEAL-ROTATION @house-s003-three
  Scenario: Penalties taken off the running totals
    Given the house-s003-three variant
    And the rule penalty_totals is subtract
    And the rule game_target is 30
    And p3 deals the first hand
    When these hands are played at the table:
      | winner | outcome | p1 | p2 | p3 |
      | p2     | knock   | 0  | 10 | -1 |
      | p2     | knock   | -5 | 10 | -4 |
      | p2     | knock   | -6 | 10 | -5 |
    Then the dealers are "p3 p1 p2"
    And the game is over after hand 3
    And after hand 3 the table stands at p1 -11, p2 30, p3 -10
    And p1 ends the table game with -11 in all and 11 penalty points
    And p2 ends the table game with 30 in all and 0 penalty points
    And p3 ends the table game with -10 in all and 10 penalty points
    And p2 wins the table game

  @MPN-SEED003 @GAME-TARGET @GAME-WINNER @DEAL-ROTATION @house-s003-three
  Scenario: After a void hand the deal passes on
    Given the house-s003-three variant
    And the rule void_hand_dealer is next
    And p2 deals the first hand
    When these hands are played at the table:
      | winner | outcome  | p1  | p2  | p3  |
      | p2     | knock    | -44 | 10  | -17 |
      | p3     | undercut | -10 | -5  | 20  |
      | p3     | undercut | -17 | -26 | 20  |
      | p3     | knock    | -39 | -34 | 10  |
      | p2     | knock    | -15 | 10  | -29 |
      | p3     | gin      | -78 | -24 | 25  |
      | p1     | undercut | 20  | -22 | -6  |
      | p3     | knock    | -21 | -36 | 10  |
      | p3     | gin      | -20 | -54 | 25  |
    Then the dealers are "p2 p3 p1 p2 p3 p1 p2 p3 p1"
    And the game is over after hand 9
    And after hand 9 the table stands at p1 20, p2 20, p3 110
    And p1 ends the table game with -224 in all and 244 penalty points
    And p2 ends the table game with -181 in all and 201 penalty points
    And p3 ends the table game with 58 in all and 52 penalty points
    And p3 wins the table game

  @MPN-SEED003 @GAME-TARGET @GAME-WINNER @DEAL-ROTATION @house-s003
  Scenario: Boxes credited with each hand won
    Given the house-s003 variant
    And the rule game_target is 60
    And the rule box_bonus is 10
    And the rule box_timing is immediate
    And p1 deals the first hand
    When these hands are played at the table:
      | winner | outcome  | p1  | p2  | p3  | p4  |
      | p3     | knock    | -22 | -26 | 10  | -22 |
      | p4     | undercut | -30 | -42 | -1  | 20  |
      | p3     | gin      | -26 | -68 | 25  | -66 |
      | p4     | knock    | -2  | -14 | -36 | 10  |
      | p4     | knock    | -2  | -41 | -27 | 10  |
    Then the dealers are "p1 p2 p3 p4 p1"
    And the game is over after hand 5
    And after hand 5 the table stands at p1 0, p2 0, p3 55, p4 70
    And p1 ends the table game with -82 in all and 82 penalty points
    And p2 ends the table game with -191 in all and 191 penalty points
    And p3 ends the table game with -9 in all and 64 penalty points
    And p4 ends the table game with -18 in all and 88 penalty points
    And p3 wins the table game

  @GAME-TARGET @MPN-SEED003-SCORING @house-s003-three
  Scenario: A game short of the target cannot be settled
    Given the house-s003-three variant
    And p2 deals the first hand
    When these hands are played at the table:
      | winner | outcome | p1 | p2  | p3  |
      | p1     | knock   | 10 | -42 | -1  |
      | p3     | knock   | -8 | -15 | 10  |
      | p2     | knock   | -1 | 10  | -24 |
    Then the table game cannot be settled: game_not_over

  @GAME-TARGET @MPN-SEED003-SCORING @house-s003-three
  Scenario: A hand after the end of the game is refused
    Given the house-s003-three variant
    And the rule game_target is 20
    And the rule penalty_totals is subtract
    And p3 deals the first hand
    When these hands are played at the table:
      | winner | outcome | p1 | p2  | p3 |
      | p1     | gin     | 25 | -10 | -4 |
      | p2     | knock   | -3 | 10  | -6 |
    Then the table game cannot be settled: game_already_over

  @GAME-TARGET @MPN-SEED003-SCORING @house-s003-three
  Scenario: A winner who takes penalty points is refused
    Given the house-s003-three variant
    And the rule game_target is 20
    And the rule penalty_totals is subtract
    And p1 deals the first hand
    When these hands are played at the table:
      | winner | outcome | p1 | p2 | p3 |
      | p1     | knock   | -5 | 10 | 0  |
    Then the table game cannot be settled: invalid_hand_record
