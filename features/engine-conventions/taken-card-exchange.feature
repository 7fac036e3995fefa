Feature: Taking the upcard and throwing it straight back
  Some programs let a player discard the card he has just taken from the discard pile. Both
  players could then take and return the same card for ever, so such a program needs a rule to end
  the exchange. Under the ordinary rule, that a taken card is kept for the turn, the exchange
  cannot start.

  In these deals p2 deals and p1 plays first; the 7h is turned up.

  Background:
    Given the deal:
      | dealer | p2                                                                                           |
      | p1     | Ac 2c 3c 4c 9c 9d 9h 9s 2h 5d                                                                |
      | p2     | Kh Qd Jc 8h 7d 3d Tc 5s Ts 8c                                                                |
      | upcard | 7h                                                                                           |
      | stock  | 6s Qh Jd 5c 6c 7c Qc Kc Ad 2d 4d 6d 8d Td 4h 5h 6h Th Jh As 2s 3s 4s 8s Js Qs Ks 7s Kd 3h Ah |

  @IMPL-REPEATED-UPCARD-DRAW @TURN-NO-DISCARD-TAKEN-CARD @round
  Scenario: Where it is allowed, the taken card may go straight back
    Given standard rules
    And the rule discard_taken_card is true
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard 7h   |
    # p1 holds his ten cards and the 7h: every card may be thrown, the 7h too. Knocking with 5d
    # keeps 2h 7h (9) and with 7h keeps 2h 5d (7); any other knock keeps more than 10.
    Then after 1 actions the legal actions are:
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
      | p1 discard 7h |
      | p1 knock 5d   |
      | p1 knock 7h   |
    And after 2 actions it is p2's turn with 31 cards in the stock

  @IMPL-REPEATED-UPCARD-DRAW @TURN-NO-DISCARD-TAKEN-CARD @round
  Scenario: Under the ordinary rule the exchange cannot start
    Given standard rules
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard 7h   |
    Then after 1 actions the legal actions are:
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
      | p1 knock 5d   |
    And action 2 is refused as taken_card
