Feature: The ordinary turn
  Each turn is exactly one draw, from the stock or the top of the discard pile, then one discard
  face up (or a knock). A card taken from the discard pile is kept that turn; a card drawn from the
  stock may be thrown at once. Only the top discard can be taken, and the players strictly
  alternate.

  p2 deals. p1 holds A-A-A, 3-4-5 of clubs, 6-7 of hearts, Kd and 2s; p2 holds 8c 8d, 9-10-J of
  clubs, 2-3-4 of hearts, Qs and Ks. The upcard is the 8h; the stock starts 5h, Qh.

  Background:
    Given standard rules
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 6h 7h Ac Ad As 3c 4c 5c Kd 2s                                                                |
      | p2     | 8c 8d 9c Tc Jc 2h 3h 4h Qs Ks                                                                |
      | upcard | 8h                                                                                           |
      | stock  | 5h Qh 9s 9h 9d 7d 6s 6c 2d Js 4d 3s 6d Ts Th Jd 2c Kh 5s 3d Td 4s Qd Ah Qc 5d 7c 7s 8s Jh Kc |

  @TURN-DRAW-SOURCE @round
  Scenario: A turn starts with a draw from either pile
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard Kd   |
    Then after 2 actions the legal actions are:
      | action          |
      | p2 draw stock   |
      | p2 draw discard |

  @TURN-DRAW-SOURCE @round
  Scenario Outline: Nothing comes before the draw, and there is only one draw
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard Kd   |
      | <third>         |
      | <fourth>        |
    Then action <refused> is refused as wrong_phase

    Examples:
      | third           | fourth          | refused |
      | p2 discard Qs   | p2 draw stock   | 3       |
      | p2 knock Ks     | p2 draw stock   | 3       |
      | p2 draw stock   | p2 draw discard | 4       |
      | p2 draw discard | p2 draw stock   | 4       |

  @TURN-DISCARD @TURN-NO-DISCARD-TAKEN-CARD @round
  Scenario: The discard is the opponent's to take, and he keeps it that turn
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard Kd   |
      | p2 draw discard |
      | p2 discard Kd   |
    # p2 now holds the Kd beside his own ten cards; with no meld for it he cannot knock,
    # so he may throw any card but the Kd
    Then after 3 actions the legal actions are:
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
    And action 4 is refused as taken_card

  @TURN-NO-DISCARD-TAKEN-CARD @TURN-DISCARD @round
  Scenario: A card drawn from the stock may be thrown at once
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 discard 5h |
    Then after 4 actions it is p2's turn with 30 cards in the stock
    And after 4 actions the legal actions are:
      | action          |
      | p2 draw stock   |
      | p2 draw discard |
    And the hand is not over

  @TURN-NO-DISCARD-TAKEN-CARD @round
  Scenario: Where the rules allow it, the taken card may be thrown back
    Given the rule discard_taken_card is true
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard 8h   |
    Then after 2 actions it is p2's turn with 31 cards in the stock
    And the hand is not over

  @TURN-DISCARD-TOP-ONLY @round
  Scenario: Only the top card of the discard pile can be taken
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard Kd   |
      | p2 draw stock   |
      | p2 discard 5h   |
      | p1 draw discard |
      | p1 discard Kd   |
    # The pile holds the Kd under the 5h: p1 takes the 5h, and the Kd stays out of reach
    Then action 6 is refused as card_not_held

  @TURN-ALTERNATION @EQUIP-PLAYERS-TWO @round
  Scenario: The two players take turns strictly in alternation
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard Kd   |
      | p2 draw stock   |
      | p2 discard 5h   |
      | p1 draw stock   |
      | p1 discard Qh   |
    Then after 0 actions it is p1's turn with 31 cards in the stock
    And after 2 actions it is p2's turn with 31 cards in the stock
    And after 4 actions it is p1's turn with 30 cards in the stock
    And after 6 actions it is p2's turn with 29 cards in the stock
    And the hand is not over

  @TURN-ALTERNATION @round
  Scenario: No player takes two turns in a row
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard Kd   |
      | p1 draw stock   |
    Then action 3 is refused as not_your_turn
