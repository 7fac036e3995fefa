Feature: The end of the stock
  The last two cards of the stock are never drawn. Twenty-one cards are dealt, so the 29th card
  drawn from the stock is the 50th of the pack. If the player who drew it discards without
  knocking, the hand is void: nobody scores. He may still knock instead. The discards are never
  shuffled into a new stock.

  p2 deals. p1 holds 5s 6s, A-2-3 of clubs, Jc Jd Jh, 2d and 9h; p2 holds 7c 7d, Kd Kh Ks, 4-5-6
  of hearts, 3d and Qc. In these hands both players pass the upcard and then throw back every
  card they draw from the stock. The 29th card of the stock is the 7s, which would give p1
  5s 6s 7s and p2 7c 7d 7s.

  Background:
    Given standard rules
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 5s 6s Ac 2c 3c Jc Jd Jh 2d 9h                                                                |
      | p2     | 7c 7d Ks Kh Kd 4h 5h 6h 3d Qc                                                                |
      | upcard | 8c                                                                                           |
      | stock  | 9s 3h 9d 8d 3s 5c Kc Qs 4d Qh 6d Js 7h Qd 4c Th 2s Ad Td As Ah 2h 9c 5d 6c 4s 8s Ts 7s 8h Tc |

  @STOCK-WALL-TWO @STOCK-VOID-NO-SCORE @EQUIP-DECK-52 @TURN-ALTERNATION @round
  Scenario: When the 50th card is thrown, the hand is void
    When the upcard is passed twice and each player throws back the stock card he draws, for 29 turns
    # 2 passes and 29 turns of two actions: 60 actions. p1 draws on the odd turns, the 29th too.
    Then after 2 actions it is p1's turn with 31 cards in the stock
    And after 3 actions it is p1's turn with 30 cards in the stock
    And after 4 actions it is p2's turn with 30 cards in the stock
    And after 58 actions it is p1's turn with 3 cards in the stock
    And after 59 actions it is p1's turn with 2 cards in the stock
    And the hand ends in void
    And nobody scores
    And after 60 actions the hand is over

  @STOCK-NO-RESHUFFLE @STOCK-WALL-TWO @round
  Scenario Outline: Nothing is drawn after the wall
    When the upcard is passed twice, each player throws back the stock card he draws for 29 turns, and then they play:
      | action   |
      | <action> |
    Then action 61 is refused as hand_over

    Examples:
      | action          |
      | p2 draw stock   |
      | p2 draw discard |

  @STOCK-WALL-TWO @KNOCK-LIMIT @round
  Scenario: The player who draws the 50th card may knock with it
    When the upcard is passed twice, each player throws back the stock card he draws for 28 turns, and then they play:
      | action        |
      | p1 draw stock |
      | p1 knock 9h   |
      | p2 done       |
    # With the 7s p1 may knock with the 9h (keeping 2d: 2) or the 2d (keeping 9h: 9).
    # p1 shows A-2-3 of clubs, Jc Jd Jh and 5s 6s 7s. p2 melds Kd Kh Ks and 4-5-6 of hearts,
    # has nothing to lay off and keeps 7c + 7d + 3d + Qc = 27; 27 - 2 = 25.
    Then after 59 actions the legal actions are:
      | action        |
      | p1 discard Ac |
      | p1 discard 2c |
      | p1 discard 3c |
      | p1 discard 2d |
      | p1 discard 9h |
      | p1 discard Jc |
      | p1 discard Jd |
      | p1 discard Jh |
      | p1 discard 5s |
      | p1 discard 6s |
      | p1 discard 7s |
      | p1 knock 2d   |
      | p1 knock 9h   |
    And the hand ends in knock
    And the knocker is p1
    And the knocker's deadwood is 2
    And the defender's deadwood is 27
    And p1 scores 25 points

  @STOCK-FIFTIETH-CARD @STOCK-WALL-TWO @tournament @round
  Scenario: Under the fiftieth-card rule the last discard may be taken to knock
    Given the tournament variant
    When the upcard is passed twice, each player throws back the stock card he draws for 29 turns, and then they play:
      | action          |
      | p2 draw discard |
      | p2 knock Qc     |
      | p1 done         |
    # p1 throws the 7s. p2 may take it only to knock: with it he keeps 3d (3) or Qc (10).
    # p2 shows Kd Kh Ks, 4-5-6 of hearts and 7c 7d 7s. p1 melds A-2-3 of clubs and Jc Jd Jh and
    # keeps 5s + 6s + 2d + 9h = 22 with nothing to lay off; 22 - 3 = 19.
    Then after 60 actions it is p2's turn with 2 cards in the stock
    And after 60 actions the legal actions are:
      | action          |
      | p2 pass         |
      | p2 draw discard |
    And after 61 actions the legal actions are:
      | action      |
      | p2 knock 3d |
      | p2 knock Qc |
    And the hand ends in knock
    And the knocker is p2
    And the knocker's deadwood is 3
    And the defender's deadwood is 22
    And p2 scores 19 points

  @STOCK-FIFTIETH-CARD @STOCK-VOID-NO-SCORE @tournament @round
  Scenario: Under the fiftieth-card rule, declining the last discard makes the hand void
    Given the tournament variant
    When the upcard is passed twice, each player throws back the stock card he draws for 29 turns, and then they play:
      | action  |
      | p2 pass |
    Then the hand ends in void
    And nobody scores
