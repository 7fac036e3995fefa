Feature: Gin cannot be undercut
  Even when the defender can meld all ten of his cards, gin wins the hand for the knocker.

  @GIN-CANNOT-BE-UNDERCUT @SCORE-GIN @GIN-DEFENDER-MELDS @round
  Scenario: Gin against a defender who has no deadwood either
    Given standard rules
    And the deal:
      | dealer | p1                                                                                           |
      | p1     | Ah 2h 3h Jc Jd Jh 5c 6c 7c 8c                                                                |
      | p2     | 4c 4d 4h 4s 6s 7s 8s 9s Kd Ks                                                                |
      | upcard | Kh                                                                                           |
      | stock  | Ts 5h 6d 5d 3s 2c Qc Qs Ad Qd 3d 7h Js 8d 9h Ac 8h Qh Kc 7d Th 9d Td 9c 2d 3c As 2s 5s 6h Tc |
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 knock 9s     |
    # p1 melds A-2-3 of hearts, Jc Jd Jh and 5-6-7-8 of clubs: 0. p2 still scores 25 + 0.
    Then the hand ends in gin
    And the knocker is p2
    And the defender's deadwood is 0
    And p2 scores 25 points
