@eleven-card-start
Feature: The eleven-card start
  In this variant the non-dealer is dealt eleven cards and there is no upcard; the stock again
  holds 31 cards. He opens by discarding, or by knocking at once, without drawing.

  p2 deals. p1 holds 2-3-4 of clubs, 7d 7h 7s, 9-10-J of hearts, 5s and Kd; p2 holds Kc Ks,
  Qc Qd Qh, 8c 8d 8h, 4d and 6c.

  Background:
    Given the eleven-card-start variant
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 2c 3c 4c 7d 7h 7s 9h Th Jh 5s Kd                                                             |
      | p2     | Kc Ks Qc Qd Qh 8c 8d 8h 4d 6c                                                                |
      | upcard | none                                                                                         |
      | stock  | Ts 4h 9d 6d 8s 5c Jc Qs 2d 3h 5d 6h Js Jd As Ac Kh 3s Ad Td 2s Ah 2h 9c 3d 7c 4s 6s 9s 5h Tc |

  @DEAL-ELEVEN-CARD-START @DEAL-UPCARD-STOCK @round
  Scenario: The non-dealer opens by throwing a card, without a draw
    When nobody has played yet
    # 52 - 11 - 10 = 31 cards in the stock.
    # Throwing the Kd keeps the 5s (5); throwing the 5s keeps the Kd (10).
    Then after 0 actions it is p1's turn with 31 cards in the stock
    And after 0 actions the legal actions are:
      | action        |
      | p1 discard 2c |
      | p1 discard 3c |
      | p1 discard 4c |
      | p1 discard 7d |
      | p1 discard 7h |
      | p1 discard 7s |
      | p1 discard 9h |
      | p1 discard Th |
      | p1 discard Jh |
      | p1 discard 5s |
      | p1 discard Kd |
      | p1 knock 5s   |
      | p1 knock Kd   |

  @DEAL-ELEVEN-CARD-START @round
  Scenario: There is no draw before the opening discard
    When the players play:
      | action        |
      | p1 draw stock |
    Then action 1 is refused as wrong_phase

  @DEAL-ELEVEN-CARD-START @TURN-DRAW-SOURCE @round
  Scenario: The opening discard starts the pile and the dealer may take it
    When the players play:
      | action          |
      | p1 discard Kd   |
      | p2 draw discard |
      | p2 knock 6c     |
      | p1 done         |
    # With the Kd, p2 spreads Kc Kd Ks, Qc Qd Qh and 8c 8d 8h and keeps the 4d: 4.
    # p1 melds 2c 3c 4c, 7d 7h 7s and 9h Th Jh and keeps the 5s: 5, with nothing to lay off.
    # 5 - 4 = 1
    Then after 1 actions it is p2's turn with 31 cards in the stock
    And after 3 actions the legal actions are:
      | action  |
      | p1 done |
    And the hand ends in knock
    And the knocker is p2
    And the knocker's deadwood is 4
    And the defender's deadwood is 5
    And p2 scores 1 point

  @DEAL-ELEVEN-CARD-START @FIRST-TURN-KNOCK @round
  Scenario: The non-dealer knocks with his opening discard
    When the players play:
      | action      |
      | p1 knock Kd |
      | p2 done     |
    # p1 keeps the 5s: 5. The 8h and the Qh would fit his 9h Th Jh, but each sits in one of
    # p2's own sets. p2 keeps Kc + Ks + 4d + 6c = 30, and 30 - 5 = 25.
    Then after 1 actions the legal actions are:
      | action       |
      | p2 layoff 8h |
      | p2 layoff Qh |
      | p2 done      |
    And the hand ends in knock
    And the knocker's deadwood is 5
    And the defender's deadwood is 30
    And p1 scores 25 points
