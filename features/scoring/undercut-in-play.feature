Feature: Undercut during a hand
  When the defender ends with no more deadwood than the knocker, he has undercut him.

  p1 deals. The non-dealer p2 holds 2-3-4 of clubs, Qd Qh Qs, 7h 8h, 9s and Ks; he takes the upcard
  9h and knocks with the Ks, keeping the 9s: 9 points. p1 holds 5c, Qc, Ad, 3s, Jc Jd Js and
  8-9-10 of diamonds. His 5c fits the clubs run and his Qc the queens.

  Background:
    Given the deal:
      | dealer | p1                                                                                           |
      | p1     | 5c Qc Ad 3s Jc Jd Js 8d 9d Td                                                                |
      | p2     | 2c 3c 4c Qd Qh Qs 7h 8h 9s Ks                                                                |
      | upcard | 9h                                                                                           |
      | stock  | 7s 4h 6d 5d 5s 6c Tc Ts 2d 3h 4d 6h 8s Kd Jh Ac Th As Kc 7d Kh Ah 2h 8c 3d 7c 2s 4s 6s 5h 9c |

  @SCORE-UNDERCUT @LAYOFF-EXTEND-RUN @LAYOFF-EXTEND-SET @round
  Scenario: The defender lays off and undercuts
    Given standard rules
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 knock Ks     |
      | p1 layoff 5c    |
      | p1 layoff Qc    |
      | p1 done         |
    # p1 keeps Ad + 3s = 4 beside Jc Jd Js and 8d 9d 10d; 9 - 4 = 5, and 5 + 25 = 30
    Then after 2 actions the legal actions are:
      | action       |
      | p1 layoff 5c |
      | p1 layoff Qc |
      | p1 done      |
    And the hand ends in undercut
    And the knocker is p2
    And the knocker's deadwood is 9
    And the defender's deadwood is 4
    And p1 scores 30 points

  @SCORE-UNDERCUT-TIE @SCORE-UNDERCUT @LAYOFF-OPTIONAL @round
  Scenario: Keeping the 5c the defender ties, and a tie is an undercut
    Given standard rules
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 knock Ks     |
      | p1 layoff Qc    |
      | p1 done         |
    # 5 + 1 + 3 = 9, the same as the knocker: 0 + 25
    Then the hand ends in undercut
    And the defender's deadwood is 9
    And p1 scores 25 points

  @SCORE-UNDERCUT-TIE @SCORE-HAND-OUTCOMES @tournament @round
  Scenario: In tournament gin the same tie scores nothing
    Given the tournament variant
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 knock Ks     |
      | p1 layoff Qc    |
      | p1 done         |
    Then the hand ends in draw
    And nobody scores

  @SCORE-KNOCK-WIN @LAYOFF-OPTIONAL @round
  Scenario: Laying off nothing, the defender loses
    Given standard rules
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 knock Ks     |
      | p1 done         |
    # 5 + 10 + 1 + 3 = 19, and 19 - 9 = 10
    Then the hand ends in knock
    And the defender's deadwood is 19
    And p2 scores 10 points
