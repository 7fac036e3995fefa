Feature: Oklahoma: the first upcard sets the knock limit
  In Oklahoma gin the first card turned up sets the knock limit of the deal: its point value, so a
  seven allows a knock with at most 7 points and a picture card with 10. An ace allows only gin
  (or, where that is the custom, a knock with 1 point). The limit is fixed when the card is turned
  and holds for the whole deal, whoever takes the card and whatever lies on the pile later.

  In these deals p2 deals and p1 plays first. p1 holds a run of four clubs from the ace and four
  nines, with the 2h and 5d loose; the top card of the stock is the 6s.

  @OKLA-KNOCK-CARD @OKLA-ACE @oklahoma @oklahoma-ace-one @round
  Scenario Outline: The card turned up fixes the limit before anyone plays
    Given the <variant> variant
    And the deal:
      | dealer | p2                                                                                        |
      | p1     | Ac 2c 3c 4c 9c 9d 9h 9s 2h 5d                                                             |
      | p2     | Kh Qd Jc 8h 7d 3d Tc 5s Ts 8c                                                             |
      | upcard | <upcard>                                                                                  |
      | stock  | 6s Qh Jd 5c 6c 7c Qc Kc Ad 2d 4d 6d 8d Td 4h 5h 6h Th Jh As 2s 3s 4s 8s Js Qs Ks <others> |
    When nobody has played yet
    Then the knock limit is <limit>

    Examples:
      | variant          | upcard | others      | limit |
      | oklahoma         | 7h     | 7s Kd 3h Ah | 7     |
      | oklahoma         | Kd     | 7h 7s 3h Ah | 10    |
      | oklahoma         | 3h     | 7h 7s Kd Ah | 3     |
      | oklahoma         | Ah     | 7h 7s Kd 3h | 0     |
      | oklahoma-ace-one | Ah     | 7h 7s Kd 3h | 1     |

  @OKLA-KNOCK-CARD @KNOCK-LIMIT @oklahoma @round
  Scenario: Under a seven, only the knock that keeps 7 points is open
    Given the oklahoma variant
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
    # p1 holds Ac-4c, four nines, 2h 5d 6s. Knocking with 6s keeps 2 + 5 = 7 (within 7); knocking
    # with 5d keeps 2 + 6 = 8 and with 2h 5 + 6 = 11 (both over); any other discard breaks a meld.
    Then after 3 actions the legal actions are:
      | action        |
      | p1 discard Ac |
      | p1 discard 2c |
      | p1 discard 3c |
      | p1 discard 4c |
      | p1 discard 9c |
      | p1 discard 9d |
      | p1 discard 9h |
      | p1 discard 9s |
      | p1 discard 2h |
      | p1 discard 5d |
      | p1 discard 6s |
      | p1 knock 6s   |

  @OKLA-KNOCK-CARD @KNOCK-LIMIT @IRREG-ILLEGAL-KNOCK @oklahoma @round
  Scenario: Under a seven, a knock with 8 points is refused though 10 would be fine in standard gin
    Given the oklahoma variant
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
    # knocking with 5d keeps 2h and 6s: 2 + 6 = 8, over the limit of 7 set by the 7h
    Then action 4 is refused as over_knock_limit

  @OKLA-KNOCK-CARD @SCORE-KNOCK-WIN @oklahoma @round
  Scenario: A knock within the seven scores as usual
    Given the oklahoma variant
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
      | p1 knock 6s   |
      | p2 done       |
    Then the hand ends in knock
    # p1 keeps 2h 5d = 7. p2 melds nothing and has no card for Ac-4c or the nines:
    # 10 + 10 + 10 + 8 + 7 + 3 + 10 + 5 + 10 + 8 = 81
    And the knocker's deadwood is 7
    And the defender's deadwood is 81
    # 81 - 7 = 74; the 7h is not a spade, so nothing is doubled
    And p1 scores 74 points

  @OKLA-ACE @oklahoma @round
  Scenario: Under an ace nobody may knock, even with a single point
    Given the oklahoma variant
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 2c 3c 4c 9c 9d 9h 5d 6d 7d Ad                                                                |
      | p2     | Kc Qd Jh Ts 8c 7h 6s 3d 2h 4s                                                                |
      | upcard | Ah                                                                                           |
      | stock  | Kh Qs 9s Ac 5c 6c 7c Tc Jc 2d 4d 8d Td Jd Kd 3h 4h 5h 6h 8h Th Qh 2s 3s 5s 7s 8s Js Ks As Qc |
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock Kh   |
    # putting the Kh down would leave only the Ad: 1 point, over the limit of 0 set by the ace
    Then action 4 is refused as over_knock_limit

  @OKLA-ACE @GIN-DEFINITION @SCORE-GIN @oklahoma @round
  Scenario: Under an ace the deal ends by gin
    Given the oklahoma variant
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 2c 3c 4c 9c 9d 9h 5d 6d 7d Ad                                                                |
      | p2     | Kc Qd Jh Ts 8c 7h 6s 3d 2h 4s                                                                |
      | upcard | Ah                                                                                           |
      | stock  | Kh Qs 9s Ac 5c 6c 7c Tc Jc 2d 4d 8d Td Jd Kd 3h 4h 5h 6h 8h Th Qh 2s 3s 5s 7s 8s Js Ks As Qc |
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
    # after drawing the 9s p1 can go gin (2c-4c, four nines, 5d-7d); no other knock is open
    Then after 7 actions the legal actions are:
      | action        |
      | p1 discard 2c |
      | p1 discard 3c |
      | p1 discard 4c |
      | p1 discard 9c |
      | p1 discard 9d |
      | p1 discard 9h |
      | p1 discard 9s |
      | p1 discard 5d |
      | p1 discard 6d |
      | p1 discard 7d |
      | p1 discard Ad |
      | p1 knock Ad   |
    And the hand ends in gin
    # p2 melds nothing: 10 + 10 + 10 + 10 + 8 + 7 + 6 + 3 + 2 + 4 = 70; gin 25 + 70 = 95
    And p1 scores 95 points

  @OKLA-ACE @oklahoma-ace-one @round
  Scenario: Where an ace counts one, a knock with 1 point is allowed
    Given the oklahoma-ace-one variant
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 2c 3c 4c 9c 9d 9h 5d 6d 7d Ad                                                                |
      | p2     | Kc Qd Jh Ts 8c 7h 6s 3d 2h 4s                                                                |
      | upcard | Ah                                                                                           |
      | stock  | Kh Qs 9s Ac 5c 6c 7c Tc Jc 2d 4d 8d Td Jd Kd 3h 4h 5h 6h 8h Th Qh 2s 3s 5s 7s 8s Js Ks As Qc |
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock Kh   |
      | p2 done       |
    Then the knock limit is 1
    And the hand ends in knock
    # p1 keeps the Ad: 1 point. p2 has 70 and nothing to lay off: 70 - 1 = 69
    And p1 scores 69 points

  @OKLA-UPCARD-REFERENCE @OKLA-KNOCK-CARD @oklahoma @round
  Scenario: The limit stays when the upcard is taken and buried
    Given the oklahoma variant
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 4c 4h 5s 6s 7s Jd Qd Kc 9c 3h                                                                |
      | p2     | Ac 2d 3c 5h 6c 8h 9d Th Js Qc                                                                |
      | upcard | 4d                                                                                           |
      | stock  | Kh Kd 2c 5c 7c 8c Tc Jc Ad 3d 5d 6d 7d 8d Td Ah 2h 6h 7h 9h Jh Qh As 2s 3s 4s 8s 9s Ts Qs Ks |
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard Kc   |
      | p2 draw stock   |
      | p2 discard Kh   |
      | p1 draw stock   |
      | p1 knock 3h     |
    Then the knock limit is 4
    # p1 took the 4d; the pile now shows Kc and Kh on top, yet the limit is still the 4
    And after 1 actions the knock limit is 4
    And after 5 actions the knock limit is 4
    # p1 holds 4c 4d 4h, 5s-7s, Jd-Kd, 9c and 3h: knocking with 9c keeps 3, with 3h keeps 9
    And after 5 actions the legal actions are:
      | action        |
      | p1 discard 4c |
      | p1 discard 9c |
      | p1 discard 4d |
      | p1 discard Jd |
      | p1 discard Qd |
      | p1 discard Kd |
      | p1 discard 3h |
      | p1 discard 4h |
      | p1 discard 5s |
      | p1 discard 6s |
      | p1 discard 7s |
      | p1 knock 9c   |
    And action 6 is refused as over_knock_limit

  @OKLA-UPCARD-REFERENCE @SCORE-KNOCK-WIN @oklahoma @round
  Scenario: The player who took the upcard knocks within its value
    Given the oklahoma variant
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 4c 4h 5s 6s 7s Jd Qd Kc 9c 3h                                                                |
      | p2     | Ac 2d 3c 5h 6c 8h 9d Th Js Qc                                                                |
      | upcard | 4d                                                                                           |
      | stock  | Kh Kd 2c 5c 7c 8c Tc Jc Ad 3d 5d 6d 7d 8d Td Ah 2h 6h 7h 9h Jh Qh As 2s 3s 4s 8s 9s Ts Qs Ks |
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard Kc   |
      | p2 draw stock   |
      | p2 discard Kh   |
      | p1 draw stock   |
      | p1 knock 9c     |
      | p2 done         |
    Then the hand ends in knock
    # p1 keeps the 3h. p2 melds nothing and has neither 4s, 8s nor Td to lay off:
    # 1 + 2 + 3 + 5 + 6 + 8 + 9 + 10 + 10 + 10 = 64, so p1 scores 64 - 3 = 61
    And the defender's deadwood is 64
    And p1 scores 61 points
