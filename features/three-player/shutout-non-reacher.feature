Feature: In a three-player game every opponent who scored collects the shutout
  In a three-player game each player settles with each opponent. A player who scored no hand points
  is shut out by every opponent who scored, the one who did not reach the target included: each of
  them collects his shutout from him, in the form the house plays (spec/tables.md, Settlement with
  each opponent). A shutout that doubles the game bonus is worth nothing to a player who has no
  game bonus.

  Background:
    Given the three-player variant
    And the rule table_format is cutthroat
    And p2 deals the first hand and plays p3

  @GAME-SHUTOUT @MP3-CUTTHROAT @three-player
  Scenario: Doubling the total: the player who did not reach the target collects his own account again
    Given the rule shutout is double_total
    When the three play these hands:
      | winner | outcome | points |
      | p3     | knock   | 40     |
      | p3     | gin     | 50     |
      | p2     | knock   | 25     |
      | p2     | knock   | 15     |
      | p3     | knock   | 12     |
    # p1 wins nothing. p2: 40 + 2 boxes x 25 = 90, shut-out bonus 90; p3: 102 + 75 + 100 = 277, bonus 277
    Then the game is over after hand 5
    And p2 ends with 180 in all
    And p3 ends with 554 in all
    And p1 pays 734 when everyone settles
    And p2 pays 7 when everyone settles
    And p3 collects 741 when everyone settles
    And p3 wins the three-player game

  @GAME-SHUTOUT @GAME-BONUS @MP3-CUTTHROAT @three-player
  Scenario: Doubling the game bonus: the player without one collects nothing more
    Given the rule shutout is double_game_bonus
    When the three play these hands:
      | winner | outcome | points |
      | p3     | knock   | 40     |
      | p3     | gin     | 50     |
      | p2     | knock   | 25     |
      | p2     | knock   | 15     |
      | p3     | knock   | 12     |
    # p2 did not reach the target and has no game bonus to double; p3 doubles his 100
    Then p2 ends with 90 in all
    And p3 ends with 377 in all
    And p1 pays 467 when everyone settles
    And p2 pays 97 when everyone settles
    And p3 collects 564 when everyone settles
