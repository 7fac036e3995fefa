Feature: Oklahoma: the game to 150, and the knock card from a second pack
  An Oklahoma game is played to 150 points instead of 100. In one form of the game the knock
  limit of each deal is read from a card turned from a second pack rather than from the upcard.

  @OKLA-TARGET @GAME-TARGET @oklahoma @game
  Scenario Outline: 149 does not end an Oklahoma game, 150 does
    Given the oklahoma variant
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 60     |
      | p2     | knock   | 20     |
      | p1     | gin     | 50     |
      | p1     | knock   | <last> |
    Then <result>

    # 60 + 50 = 110 would already end a standard game; here it goes on.
    # 110 + 39 = 149: not over. 110 + 40 = 150: over after hand 4.
    Examples:
      | last | result                                      |
      | 39   | the scores cannot be settled: game_not_over |
      | 40   | the game is over after hand 4               |

  @OKLA-TARGET @GAME-BONUS @GAME-BOX-BONUS @oklahoma @game
  Scenario: Settling an Oklahoma game
    Given the oklahoma variant
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 60     |
      | p2     | knock   | 20     |
      | p1     | gin     | 50     |
      | p1     | knock   | 40     |
    # p1: 150 + 3 boxes x 25 + 100 for game = 325; p2: 20 + 1 box x 25 = 45; 325 - 45 = 280
    Then the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 150    | 3     | 75        | 100        | 0             | 325   |
      | p2     | 20     | 1     | 25        | 0          | 0             | 45    |
    And p1 wins the game by 280

  @OKLA-SECOND-DECK @KNOCK-LIMIT @round
  Scenario: The card from the second pack sets the limit, not the upcard
    # The card turned from the second pack is an 8, so the deal is played with a knock limit of 8;
    # the upcard, a seven, sets nothing.
    Given standard rules
    And the rule knock_limit is 8
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | Ac 2c 3c 4c 9c 9d 9h 9s 2h 5d                                                                |
      | p2     | Kh Qd Jc 8h 7d 3d Tc 5s Ts 8c                                                                |
      | upcard | 7h                                                                                           |
      | stock  | 6s Qh Jd 5c 6c 7c Qc Kc Ad 2d 4d 6d 8d Td 4h 5h 6h Th Jh As 2s 3s 4s 8s Js Qs Ks 7s Kd 3h Ah |
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock 5d   |
      | p2 done       |
    Then the knock limit is 8
    # p1 keeps 2h 6s = 8: within the 8, though a seven upcard would not allow it
    And the hand ends in knock
    # 81 - 8 = 73
    And p1 scores 73 points
