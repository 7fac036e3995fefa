Feature: Straight gin
  In straight gin nobody may knock with deadwood: the knock limit is 0, so a hand ends only by gin
  (or big gin) or at the wall. With no knock there are no lay-offs and no undercuts.

  "Straight gin" is also Scarne's name for ordinary knocking gin played for a fixed stake: the
  first player to reach 100 wins, there are no game or box bonuses, and a shutout doubles what is
  won. Both are shown here.

  @STRAIGHT-NO-KNOCK @KNOCK-LIMIT @straight
  Scenario Outline: Only a discard that leaves nothing unmatched allows going out
    Given the straight variant
    When the player holding "<hand>" knocks with "<card>"
    Then the knock is <verdict>
    And he keeps <deadwood> deadwood

    Examples:
      | hand                             | card | verdict   | deadwood |
      | 2c 3c 4c 9c 9d 9h 5d 6d 7d Ad Kh | Kh   | not legal | 1        |
      | 2c 3c 4c 9c 9d 9h 9s 5d 6d 7d Ad | Ad   | legal     | 0        |

  @STRAIGHT-NO-KNOCK @GIN-DEFINITION @straight
  Scenario: After the draw, one point is one too many
    Given the straight variant
    When the player holding "2c 3c 4c 9c 9d 9h 5d 6d 7d Ad Kh" has drawn
    Then he may not knock
    And he may not go gin
    And the best discards are "Kh"

  @STRAIGHT-NO-KNOCK @SCORE-GIN @straight
  Scenario: Scoring a straight-gin hand
    Given the straight variant
    When the hand is scored with knocker "2c 3c 4c 9c 9d 9h 5d 6d 7d Ad" and defender "Kc Qd Jh Ts 8c 7h 6s 3d 2h 4s"
    # the knocker keeps the Ad: 1 point, over the limit of 0
    Then the hand cannot be scored: illegal_knock

  @STRAIGHT-NO-KNOCK @SCORE-GIN @GIN-NO-LAYOFF @straight
  Scenario: Gin scores its bonus and the defender lays nothing off
    Given the straight variant
    When the hand is scored with knocker "2c 3c 4c 9c 9d 9h 9s 5d 6d 7d" and defender "Kc Qd Jh Ts 8c 7h 6s 3d 2h 8d"
    Then the outcome is gin
    # the 8d would go onto 5d-7d after a knock, but not after gin:
    # 10 + 10 + 10 + 10 + 8 + 7 + 6 + 3 + 2 + 8 = 74; 25 + 74 = 99
    And the defender's deadwood is 74
    And the knocker scores 99 points

  @STRAIGHT-NO-KNOCK @straight @round
  Scenario: In play, no knock is offered until gin is possible
    Given the straight variant
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 2c 3c 4c 9c 9d 9h 5d 6d 7d Ad                                                                |
      | p2     | Kc Qd Jh Ts 8c 7h 6s 3d 2h 4s                                                                |
      | upcard | Qc                                                                                           |
      | stock  | Kh Qs 9s Ac 5c 6c 7c Tc Jc 2d 4d 8d Td Jd Kd 3h 4h 5h 6h 8h Th Qh 2s 3s 5s 7s 8s Js Ks Ah As |
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock Kh   |
    Then the knock limit is 0
    # with the Kh drawn p1 holds 2c-4c, 9c 9d 9h, 5d-7d and Ad Kh: the best he can keep is the Ad
    And after 3 actions the legal actions are:
      | action        |
      | p1 discard 2c |
      | p1 discard 3c |
      | p1 discard 4c |
      | p1 discard 9c |
      | p1 discard 9d |
      | p1 discard 9h |
      | p1 discard 5d |
      | p1 discard 6d |
      | p1 discard 7d |
      | p1 discard Ad |
      | p1 discard Kh |
    And action 4 is refused as over_knock_limit

  @STRAIGHT-NO-KNOCK @GIN-DEFINITION @SCORE-GIN @straight @round
  Scenario: The hand ends by gin
    Given the straight variant
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 2c 3c 4c 9c 9d 9h 5d 6d 7d Ad                                                                |
      | p2     | Kc Qd Jh Ts 8c 7h 6s 3d 2h 4s                                                                |
      | upcard | Qc                                                                                           |
      | stock  | Kh Qs 9s Ac 5c 6c 7c Tc Jc 2d 4d 8d Td Jd Kd 3h 4h 5h 6h 8h Th Qh 2s 3s 5s 7s 8s Js Ks Ah As |
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 discard Kh |
      | p2 draw stock |
      | p2 discard Qs |
      | p1 draw stock |
      | p1 knock Ad   |
    Then the hand ends in gin
    # 25 + p2's 70 (10 + 10 + 10 + 10 + 8 + 7 + 6 + 3 + 2 + 4) = 95
    And p1 scores 95 points

  @STRAIGHT-SCARNE @GAME-TARGET @GAME-WINNER @game
  Scenario: Scarne's straight gin: first to 100, no bonuses
    Given standard rules
    And the rule game_bonus is 0
    And the rule box_bonus is 0
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 60     |
      | p2     | knock   | 30     |
      | p1     | gin     | 45     |
    # 60 + 45 = 105 reaches 100 on hand 3; no game bonus and no boxes: 105 against 30
    Then the game is over after hand 3
    And the game is settled as:
      | player | points | boxes | box bonus | game bonus | shutout bonus | total |
      | p1     | 105    | 2     | 0         | 0          | 0             | 105   |
      | p2     | 30     | 1     | 0         | 0          | 0             | 30    |
    And p1 wins the game by 75

  @STRAIGHT-SCARNE @GAME-SHUTOUT @game
  Scenario: Scarne's straight gin: a shutout costs double
    Given standard rules
    And the rule game_bonus is 0
    And the rule box_bonus is 0
    And p1 deals the first hand
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 60     |
      | p1     | gin     | 45     |
    # p2 scored nothing: p1's 105 counts twice, 210
    Then p1 has a grand total of 210
    And p2 has a grand total of 0
    And p1 wins the game by 210
