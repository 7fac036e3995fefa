Feature: The first turn and the upcard
  The upcard is offered first to the non-dealer, then, if he passes, to the dealer. If both pass,
  the non-dealer must draw from the stock. Whoever takes the upcard keeps it for that turn, and a
  player may knock on his very first turn.

  In every scenario p2 deals. The non-dealer p1 holds A-A-A, 3-4-5 of clubs, 6-7 of hearts, Kd
  and 2s; the dealer p2 holds 8c 8d, 9-10-J of clubs, 2-3-4 of hearts, Qs and Ks. The upcard is the
  8h and the top card of the stock is the 5h.

  Background:
    Given standard rules
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 6h 7h Ac Ad As 3c 4c 5c Kd 2s                                                                |
      | p2     | 8c 8d 9c Tc Jc 2h 3h 4h Qs Ks                                                                |
      | upcard | 8h                                                                                           |
      | stock  | 5h Qh 9s 9h 9d 7d 6s 6c 2d Js 4d 3s 6d Ts Th Jd 2c Kh 5s 3d Td 4s Qd Ah Qc 5d 7c 7s 8s Jh Kc |

  @FIRST-UPCARD-OFFER @round
  Scenario: The non-dealer is offered the upcard first
    When nobody has played yet
    Then after 0 actions it is p1's turn with 31 cards in the stock
    And after 0 actions the legal actions are:
      | action          |
      | p1 draw discard |
      | p1 pass         |

  @FIRST-UPCARD-OFFER @round
  Scenario: When the non-dealer passes, the dealer is offered the upcard
    When the players play:
      | action  |
      | p1 pass |
    Then after 1 actions the legal actions are:
      | action          |
      | p2 draw discard |
      | p2 pass         |

  @FIRST-UPCARD-OFFER @TURN-ALTERNATION @round
  Scenario: The dealer cannot answer the offer before the non-dealer
    When the players play:
      | action  |
      | p2 pass |
    Then action 1 is refused as not_your_turn

  @FIRST-UPCARD-OFFER @round
  Scenario: When both pass, the non-dealer must draw from the stock
    When the players play:
      | action  |
      | p1 pass |
      | p2 pass |
    Then after 2 actions the legal actions are:
      | action        |
      | p1 draw stock |
    And after 2 actions it is p1's turn with 31 cards in the stock

  @FIRST-UPCARD-OFFER @round
  Scenario: After both have passed the upcard is closed to the non-dealer
    When the players play:
      | action          |
      | p1 pass         |
      | p2 pass         |
      | p1 draw discard |
    Then action 3 is refused as upcard_closed

  @FIRST-UPCARD-OFFER @round
  Scenario Outline: Nobody draws from the stock before the upcard has been offered to both
    When the players play:
      | action   |
      | <first>  |
      | <second> |
    Then action <refused> is refused as wrong_phase

    Examples:
      | first         | second        | refused |
      | p1 draw stock | p2 pass       | 1       |
      | p1 pass       | p2 draw stock | 2       |

  @FIRST-UPCARD-OFFER @house-s000 @round
  Scenario: Under the S000 house rules the upcard stays open after two passes
    Given the house-s000 variant
    When the players play:
      | action          |
      | p1 pass         |
      | p2 pass         |
      | p1 draw discard |
      | p1 discard Kd   |
    Then after 2 actions the legal actions are:
      | action          |
      | p1 draw stock   |
      | p1 draw discard |
    And after 4 actions it is p2's turn with 31 cards in the stock

  @FIRST-UPCARD-OFFER @TURN-DISCARD @round
  Scenario: The non-dealer takes the upcard, discards, and the dealer takes an ordinary turn
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard Kd   |
    Then after 2 actions the legal actions are:
      | action          |
      | p2 draw stock   |
      | p2 draw discard |
    And after 2 actions it is p2's turn with 31 cards in the stock

  @FIRST-UPCARD-OFFER @TURN-NO-DISCARD-TAKEN-CARD @round
  Scenario Outline: The non-dealer who takes the upcard may not throw it straight back
    When the players play:
      | action          |
      | p1 draw discard |
      | <then>          |
    Then action 2 is refused as taken_card

    Examples:
      | then          |
      | p1 discard 8h |
      | p1 knock 8h   |

  @FIRST-DEALER-TAKES-UPCARD @TURN-NO-DISCARD-TAKEN-CARD @round
  Scenario: The dealer who takes the passed upcard may not discard it
    When the players play:
      | action          |
      | p1 pass         |
      | p2 draw discard |
      | p2 discard 8h   |
    Then action 3 is refused as taken_card

  @FIRST-DEALER-TAKES-UPCARD @TURN-DRAW-SOURCE @round
  Scenario: After the dealer takes the upcard, the non-dealer draws from either pile
    When the players play:
      | action          |
      | p1 pass         |
      | p2 draw discard |
      | p2 discard Qs   |
      | p1 draw discard |
      | p1 discard Qs   |
    Then after 3 actions it is p1's turn with 31 cards in the stock
    And after 3 actions the legal actions are:
      | action          |
      | p1 draw stock   |
      | p1 draw discard |
    # p1 took the dealer's discard, the Qs, so he may not throw it back this turn
    And action 5 is refused as taken_card

  @FIRST-TURN-KNOCK @FIRST-UPCARD-OFFER @round
  Scenario: The non-dealer takes the upcard and knocks at once
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kd     |
      | p2 done         |
    # p1 spreads 6h 7h 8h, Ac Ad As and 3c 4c 5c and keeps the 2s: 2 points.
    # p2 melds 8c 9c Tc Jc and 2h 3h 4h; 8d + Qs + Ks = 28, and nothing of his fits p1's melds.
    # 28 - 2 = 26
    Then after 2 actions the legal actions are:
      | action  |
      | p2 done |
    And the hand ends in knock
    And the knocker is p1
    And the knocker's deadwood is 2
    And the defender's deadwood is 28
    And p1 scores 26 points

  @FIRST-TURN-KNOCK @FIRST-DEALER-TAKES-UPCARD @round
  Scenario: The dealer takes the passed upcard and knocks at once
    When the players play:
      | action          |
      | p1 pass         |
      | p2 draw discard |
      | p2 knock Ks     |
      | p1 done         |
    # p2 spreads 8c 8d 8h, 9c Tc Jc and 2h 3h 4h and keeps the Qs: 10 points, just within the limit.
    # p1 melds Ac Ad As and 3c 4c 5c; 6h + 7h + Kd + 2s = 25, and none of them fits p2's melds.
    # 25 - 10 = 15
    Then after 2 actions the legal actions are:
      | action        |
      | p2 discard 8c |
      | p2 discard 8d |
      | p2 discard 9c |
      | p2 discard Tc |
      | p2 discard Jc |
      | p2 discard 2h |
      | p2 discard 3h |
      | p2 discard 4h |
      | p2 discard Qs |
      | p2 discard Ks |
      | p2 knock Qs   |
      | p2 knock Ks   |
    And the hand ends in knock
    And the knocker is p2
    And the knocker's deadwood is 10
    And the defender's deadwood is 25
    And p2 scores 15 points

  @FIRST-TURN-KNOCK @FIRST-UPCARD-OFFER @round
  Scenario: After both pass, the non-dealer knocks with the card he draws from the stock
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock Kd   |
      | p2 done       |
    # The 5h makes 5h 6h 7h; p1 keeps the 2s: 2 points.
    # p2 could lay his 4h on 5h 6h 7h, but it already sits in his own 2h 3h 4h.
    # He keeps 8d + Qs + Ks = 28, and 28 - 2 = 26.
    Then after 4 actions the legal actions are:
      | action       |
      | p2 layoff 4h |
      | p2 done      |
    And the hand ends in knock
    And the knocker's deadwood is 2
    And the defender's deadwood is 28
    And p1 scores 26 points
