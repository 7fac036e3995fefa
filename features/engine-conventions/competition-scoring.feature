Feature: Scoring under the competition rules for computer players
  The eaai variant follows the competition rules used for computer players: a knock limit of 10,
  gin 25, an undercut 25 with a tie counted as an undercut, a game to 100 with no game, box or
  shutout bonuses, no big gin, a first dealer chosen at random who then alternates, and a void
  hand dealt again by the same player.

  Background:
    Given the eaai variant

  @IMPL-SINGLE-HAND-RETURNS @SCORE-UNDERCUT-TIE @eaai
  Scenario: A tie after a knock is an undercut
    When the hand is scored with knocker "Ac 2c 3c 4c 9c 9d 9h 9s 2h 5d" and defender "8c 8d 8s Jd Qd Kd 3s 4s 5s 7h"
    # the knocker keeps 2h 5d = 7; the defender melds all but the 7h and cannot lay it off: 7
    Then the outcome is undercut
    # 7 - 7 + 25 = 25
    And the defender scores 25 points

  @IMPL-SINGLE-HAND-RETURNS @BIGGIN-DEFINITION @eaai
  Scenario Outline: There is no big gin
    Given the <variant> variant
    When the hand is scored with knocker "Ac 2c 3c 4c 9c 9d 9h 9s Jd Qd Kd" and defender "Kh Qh Jc 8h 7d 3d Tc 5s Ts 8c"
    Then <result>

    # in standard gin the eleven melded cards are big gin: 31 + 81 (10 + 10 + 10 + 8 + 7 + 3 + 10 +
    # 5 + 10 + 8) = 112
    Examples:
      | variant  | result                                 |
      | eaai     | the hand cannot be scored: not_big_gin |
      | standard | the knocker scores 112 points          |

  @IMPL-SINGLE-HAND-RETURNS @GAME-BONUS @GAME-BOX-BONUS @DEAL-ROTATION @STOCK-VOID-DEALER @eaai @game
  Scenario: A game without bonuses
    Given p2 deals the first hand
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 60     |
      | none   | void    | 0      |
      | p2     | knock   | 30     |
      | p1     | gin     | 45     |
    # p2 deals, p1 after p1's win, p1 again after the void hand, p2 after p2's win
    Then the dealers are "p2 p1 p1 p2"
    And the game is over after hand 4
    # 60 + 45 = 105 against 30; boxes are counted but worth nothing, and there is no game bonus
    And the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 105    | 2     | 0         | 0          | 0             | 105   |
      | p2     | 30     | 1     | 0         | 0          | 0             | 30    |
    And p1 wins the game by 75

  @IMPL-SINGLE-HAND-RETURNS @GAME-SHUTOUT @eaai @game
  Scenario: A shutout is not rewarded
    Given p1 deals the first hand
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 60     |
      | p1     | gin     | 45     |
    Then p1 has a grand total of 105
    And p1 wins the game by 105
