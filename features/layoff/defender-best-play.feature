Feature: The defender's melds and lay-offs together
  A defender may do better by breaking up one of his own melds to lay a card off. With four sevens
  and the 8h against the knocker's 4-5-6 of hearts, keeping three sevens and laying off the 7h
  and then the 8h leaves less than melding all four sevens.

  p2 deals. p1 holds 4-5-6 of hearts, 9c 9d 9s, Jc Jd, As and Kh; he takes the upcard Js and knocks
  with the Kh. p2 holds all four sevens, 8h, 3h, 10d, Kc, Qd and 2s.

  Background:
    Given standard rules
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 4h 5h 6h 9c 9d 9s Jc Jd As Kh                                                                |
      | p2     | 7c 7d 7h 7s 8h 3h Td Kc Qd 2s                                                                |
      | upcard | Js                                                                                           |
      | stock  | Ts Ah 3d 2d 6s 2c 6c Ks Tc Kd Ad 9h Qs 5d Jh Ac Th 3s 8c 4d Qh 6d 8d 4c Qc 3c 4s 5s 8s 2h 5c |

  @LAYOFF-OPTIMAL @LAYOFF-DEFENDER-MELDS @LAYOFF-CHAIN @LAYOFF-EXTEND-RUN @SCORE-KNOCK-WIN @round
  Scenario: Keeping three sevens and laying off the fourth
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
      | p2 layoff 7h    |
      | p2 layoff 8h    |
      | p2 layoff 3h    |
      | p2 done         |
    # p1 shows 4h 5h 6h, 9c 9d 9s and Jc Jd Js and keeps the As: 1.
    # p2 keeps 7c 7d 7s as a set and 10d + Kc + Qd + 2s = 32; 32 - 1 = 31.
    Then after 2 actions the legal actions are:
      | action       |
      | p2 layoff 3h |
      | p2 layoff 7h |
      | p2 done      |
    And after 3 actions the legal actions are:
      | action       |
      | p2 layoff 3h |
      | p2 layoff 8h |
      | p2 done      |
    And the hand ends in knock
    And the knocker's deadwood is 1
    And the defender's deadwood is 32
    And the defender lays off "7h 8h 3h"
    And p1 scores 31 points

  @LAYOFF-DEFENDER-MELDS @LAYOFF-OPTIONAL @SCORE-KNOCK-WIN @round
  Scenario: Melding all four sevens strands the 8h
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
      | p2 layoff 3h    |
      | p2 done         |
    # 7c 7d 7h 7s melded; 8 + 10 + 10 + 10 + 2 = 40, and 40 - 1 = 39
    Then the hand ends in knock
    And the defender's deadwood is 40
    And p1 scores 39 points

  @LAYOFF-OPTIMAL @LAYOFF-DEFENDER-MELDS
  Scenario: Scored automatically, the defender is given his best play
    When the hand is scored with knocker "4h 5h 6h 9c 9d 9s Jc Jd Js As" and defender "7c 7d 7h 7s 8h 3h Td Kc Qd 2s"
    Then the outcome is knock
    And the defender's deadwood is 32
    And the defender lays off "3h 7h 8h"
    And the knocker scores 31 points
