Feature: Oklahoma: a spade upcard doubles the deal
  When the first card turned up is a spade, everything scored in that deal counts double: the
  knock, the gin and big gin bonuses, and the undercut bonus. The same deal with a card of
  another suit of the same rank scores single.

  @OKLA-SPADE-DOUBLE @OKLA-KNOCK-CARD @SCORE-KNOCK-WIN @oklahoma @round
  Scenario Outline: A knock under a seven
    Given the oklahoma variant
    And the deal:
      | dealer | p2                                                                                        |
      | p1     | Ac 2c 3c 4c 9c 9d 9h 9s 2h 5d                                                             |
      | p2     | Kh Qd Jc 8h 7d 3d Tc 5s Ts 8c                                                             |
      | upcard | <upcard>                                                                                  |
      | stock  | 6s Qh Jd 5c 6c 7c Qc Kc Ad 2d 4d 6d 8d Td 4h 5h 6h Th Jh As 2s 3s 4s 8s Js Qs Ks <others> |
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock 6s   |
      | p2 done       |
    Then the hand ends in knock
    # p1 keeps 2h 5d = 7 (the limit is 7 either way); p2 has 81: 81 - 7 = 74, doubled under a spade 148
    And p1 scores <points> points

    Examples:
      | upcard | others      | points |
      | 7h     | 7s Kd 3h Ah | 74     |
      | 7s     | 7h Kd 3h Ah | 148    |

  @OKLA-SPADE-DOUBLE @OKLA-ACE @SCORE-GIN @oklahoma @round
  Scenario Outline: Gin under an ace: the ace of spades doubles the gin bonus too
    Given the oklahoma variant
    And the deal:
      | dealer | p2                                                                                              |
      | p1     | 2c 3c 4c 9c 9d 9h 5d 6d 7d Ad                                                                   |
      | p2     | Kc Qd Jh Ts 8c 7h 6s 3d 2h 4s                                                                   |
      | upcard | <upcard>                                                                                        |
      | stock  | Kh Qs 9s Ac 5c 6c 7c Tc Jc 2d 4d 8d Td Jd Kd 3h 4h 5h 6h 8h Th Qh 2s 3s 5s 7s 8s Js Ks <others> |
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
    # gin 25 + p2's 70 = 95; under the As: (25 + 70) x 2 = 190
    And p1 scores <points> points

    Examples:
      | upcard | others | points |
      | Ah     | As Qc  | 95     |
      | As     | Ah Qc  | 190    |

  @OKLA-SPADE-DOUBLE @OKLA-ACE @oklahoma-ace-one @round
  Scenario: A one-point knock under the ace of spades
    Given the oklahoma-ace-one variant
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 2c 3c 4c 9c 9d 9h 5d 6d 7d Ad                                                                |
      | p2     | Kc Qd Jh Ts 8c 7h 6s 3d 2h 4s                                                                |
      | upcard | As                                                                                           |
      | stock  | Kh Qs 9s Ac 5c 6c 7c Tc Jc 2d 4d 8d Td Jd Kd 3h 4h 5h 6h 8h Th Qh 2s 3s 5s 7s 8s Js Ks Ah Qc |
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock Kh   |
      | p2 done       |
    Then the hand ends in knock
    # (70 - 1) x 2 = 138
    And p1 scores 138 points

  @OKLA-SPADE-DOUBLE @SCORE-UNDERCUT @oklahoma @round
  Scenario Outline: An undercut under a king
    Given the oklahoma variant
    And the deal:
      | dealer | p2                                                                                                |
      | p1     | Ac 2c 3c 4c 9c 9d 9h 9s 2h 5d                                                                     |
      | p2     | 7c 7d 7h Jd Qd Kd 3s 4s 5s Ad                                                                     |
      | upcard | <upcard>                                                                                          |
      | stock  | 6s 5c 6c 8c Tc Jc Qc Kc 2d 3d 4d 6d 8d Td Ah 3h 4h 5h 6h 8h Th Jh Qh As 2s 7s 8s Ts Js Qs <other> |
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock 5d   |
      | p2 done       |
    Then the hand ends in undercut
    # p1 keeps 2h 6s = 8, within the king's 10; p2 melds all but the Ad: 1.
    # 8 - 1 + 25 = 32 to p2, and under the Ks (8 - 1 + 25) x 2 = 64
    And the knocker's deadwood is 8
    And the defender's deadwood is 1
    And p2 scores <points> points

    Examples:
      | upcard | other | points |
      | Kh     | Ks    | 32     |
      | Ks     | Kh    | 64     |
