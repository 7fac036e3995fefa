Feature: The knocker's spread when none is given
  When the knocker's melds are not given, he is taken to show a spread of least deadwood; if he
  has several, the steps here take the one that leaves the defender the most deadwood, the best
  for the knocker. Which one he shows is his choice, so an engine that shows another
  least-deadwood spread, with the lay-offs and points that follow from it, passes as well. A
  spread given in full is scored as given, and it changes what the defender can lay off.

  p2 deals. p1 holds 3-4-5 of spades, 4c 4d, 8-9-10-J of hearts and Kc; he takes the upcard Qh and
  knocks with the Kc. His 4s can serve the set 4c 4d 4s (leaving 3s + 5s = 8) or the run
  3s 4s 5s (leaving 4c + 4d = 8). p2 holds 4h, 6s 7s, Ac Ad Ah, 9c 9d, Jc and 2d.

  Background:
    Given standard rules
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 3s 4s 5s 4c 4d 8h 9h Th Jh Kc                                                                |
      | p2     | 4h 6s 7s Ac Ad Ah 9c 9d Jc 2d                                                                |
      | upcard | Qh                                                                                           |
      | stock  | Js 2h 7d 6d 9s 3c 8c Ks Qc Kd 5d 5h Qs Td 7h 2c 6h As Tc 8d Kh Jd Qd 6c 3d 5c 2s 8s Ts 3h 7c |

  @SCORE-AUTO-SPREAD @LAYOFF-EXTEND-SET @SCORE-KNOCK-WIN @round
  Scenario: Of two equal spreads the knocker shows the one that leaves the defender more
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kc     |
      | p2 layoff 4h    |
      | p2 done         |
    # Against 4c 4d 4s the defender lays off the 4h and keeps 6 + 7 + 9 + 9 + 10 + 2 = 43.
    # Against 3s 4s 5s he would lay off 6s and 7s and keep 4 + 9 + 9 + 10 + 2 = 34.
    # So p1 shows the set: 43 - 8 = 35.
    Then after 2 actions the legal actions are:
      | action       |
      | p2 layoff 4h |
      | p2 done      |
    And the hand ends in knock
    And the knocker's deadwood is 8
    And the defender's deadwood is 43
    And the defender lays off "4h"
    And p1 scores 35 points

  @SCORE-AUTO-SPREAD @KNOCK-SPREAD-FIXED @round
  Scenario: Against the set the spades do not fit
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kc     |
      | p2 layoff 6s    |
    Then action 3 is refused as cannot_lay_off

  @SCORE-AUTO-SPREAD @MELD-ARRANGEMENT-CHOICE @LAYOFF-CHAIN @SCORE-KNOCK-WIN @round
  Scenario: Spreading the run instead lets the spades go
    When the players play:
      | action                                      |
      | p1 draw discard                             |
      | p1 knock Kc with 3s 4s 5s \| 8h 9h Th Jh Qh |
      | p2 layoff 6s                                |
      | p2 layoff 7s                                |
      | p2 done                                     |
    # 4c + 4d = 8 for p1; p2 keeps 4h + 9c + 9d + Jc + 2d = 34; 34 - 8 = 26
    Then after 2 actions the legal actions are:
      | action       |
      | p2 layoff 6s |
      | p2 done      |
    And after 3 actions the legal actions are:
      | action       |
      | p2 layoff 7s |
      | p2 done      |
    And the hand ends in knock
    And the knocker's deadwood is 8
    And the defender's deadwood is 34
    And the defender lays off "6s 7s"
    And p1 scores 26 points

  @KNOCK-SPREAD-FIXED @LAYOFF-TARGET-KNOCKER-MELDS @round
  Scenario: Against the run the 4h has nowhere to go
    When the players play:
      | action                                      |
      | p1 draw discard                             |
      | p1 knock Kc with 3s 4s 5s \| 8h 9h Th Jh Qh |
      | p2 layoff 4h                                |
    # 4c and 4d lie unmatched in p1's hand; they are no meld to lay off on
    Then action 3 is refused as cannot_lay_off

  @SCORE-AUTO-SPREAD
  Scenario Outline: Scored automatically, with and without the spread
    Given standard rules
    When the hand is scored with knocker "3s 4s 5s 4c 4d 8h 9h Th Jh Qh" spreading "<spread>" and defender "4h 6s 7s Ac Ad Ah 9c 9d Jc 2d"
    Then the defender's deadwood is <deadwood>
    And the defender lays off "<layoffs>"
    And the knocker scores <points> points

    Examples:
      | spread                     | deadwood | layoffs | points |
      | 4c 4d 4s \| 8h 9h Th Jh Qh | 43       | 4h      | 35     |
      | 3s 4s 5s \| 8h 9h Th Jh Qh | 34       | 6s 7s   | 26     |

  @SCORE-AUTO-SPREAD
  Scenario: With no spread given, the set is taken
    Given standard rules
    When the hand is scored with knocker "3s 4s 5s 4c 4d 8h 9h Th Jh Qh" and defender "4h 6s 7s Ac Ad Ah 9c 9d Jc 2d"
    Then the defender's deadwood is 43
    And the defender lays off "4h"
    And the knocker scores 35 points
