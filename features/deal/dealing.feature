Feature: The deal
  Each player is dealt ten cards; the 21st card is turned up as the upcard and the other 31 cards
  form the stock, drawn from the top. Ten, ten, one and thirty-one make the whole pack of 52.

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

  @DEAL-UPCARD-STOCK @EQUIP-DECK-52 @round
  Scenario: After the deal the stock holds 31 cards
    When nobody has played yet
    # 52 - 10 - 10 - 1 = 31
    Then after 0 actions it is p1's turn with 31 cards in the stock

  @DEAL-HAND-SIZE-10 @round
  Scenario: The non-dealer was dealt ten cards
    When the players play:
      | action          |
      | p1 draw discard |
    # His ten cards may all be thrown, the 8h he has just taken may not.
    # Throwing the Kd leaves the 2s (2), throwing the 2s leaves the Kd (10): he may knock with either.
    Then after 1 actions the legal actions are:
      | action        |
      | p1 discard 6h |
      | p1 discard 7h |
      | p1 discard Ac |
      | p1 discard Ad |
      | p1 discard As |
      | p1 discard 3c |
      | p1 discard 4c |
      | p1 discard 5c |
      | p1 discard Kd |
      | p1 discard 2s |
      | p1 knock Kd   |
      | p1 knock 2s   |

  @DEAL-HAND-SIZE-10 @round
  Scenario: The dealer was dealt ten cards
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard Kd   |
      | p2 draw stock   |
    # p2 holds his ten cards and the 5h from the stock, and nothing lets him knock
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
      | p2 discard 5h |
      | p2 discard Qs |
      | p2 discard Ks |

  @DEAL-UPCARD-STOCK @MELD-CONCEALED @round
  Scenario: A draw from the stock takes its top card
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
    # The 5h is the top of the stock. With it p1 holds 5h 6h 7h, Ac Ad As and 3c 4c 5c, Kd and 2s.
    # Knocking with the Kd keeps 2, with the 2s keeps 10; every other throw keeps more than 10.
    # Nothing else is a move: melds stay in the hand.
    Then after 3 actions it is p1's turn with 30 cards in the stock
    And after 3 actions the legal actions are:
      | action        |
      | p1 discard Ac |
      | p1 discard Ad |
      | p1 discard As |
      | p1 discard 3c |
      | p1 discard 4c |
      | p1 discard 5c |
      | p1 discard Kd |
      | p1 discard 2s |
      | p1 discard 5h |
      | p1 discard 6h |
      | p1 discard 7h |
      | p1 knock Kd   |
      | p1 knock 2s   |

  @DEAL-UPCARD-STOCK @round
  Scenario: The upcard starts the discard pile
    When the players play:
      | action          |
      | p1 pass         |
      | p2 draw discard |
    # p2 has taken the 8h, so it is in his hand but may not be thrown this turn
    Then after 2 actions it is p2's turn with 31 cards in the stock
    And after 2 actions the legal actions are:
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
