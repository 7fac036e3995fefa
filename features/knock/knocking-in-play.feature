Feature: Knocking during a hand
  A player knocks in his own turn, after drawing and instead of discarding face up. The knock card
  goes face down: it counts for nobody, the opponent cannot take it and nothing is laid off on it.
  The knocker shows his spread and its count, his melds are then fixed, and play stops at once.

  p2 deals. p1 holds 5-6-7 of hearts, 10c 10d 10s, 2s 3s, Ac and Ad. p2 holds 4h, 9h, 10h, the
  kings of clubs, diamonds and spades, 5-6-7 of clubs and the Qd. The upcard is the Qs; the top of
  the stock is the 8h.

  Background:
    Given standard rules
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 5h 6h 7h Tc Td Ts 2s 3s Ac Ad                                                                |
      | p2     | 4h 9h Th Kc Kd Ks 5c 6c 7c Qd                                                                |
      | upcard | Qs                                                                                           |
      | stock  | 8h 7s Ah 6d 5d 4s 3c Jc Js 2d Qh 4d 9s 2h 8d 2c Jh As Qc 7d Kh 9d Jd 8c 3d 4c 5s 6s 8s 3h 9c |

  @KNOCK-COUNT-AFTER-DISCARD @KNOCK-LIMIT @TURN-NO-DISCARD-TAKEN-CARD @round
  Scenario: Every discard that keeps ten points or less is a knock
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
    # With the 8h p1 holds 5h 6h 7h 8h, 10c 10d 10s and 2s 3s Ac Ad (7 unmatched).
    # Knock 5h or 8h: 7 kept; 2s: 5; 3s: 4; Ac or Ad: 6.
    # Knock 6h or 7h breaks the run; knock a ten breaks the set: too much either way.
    Then after 3 actions the legal actions are:
      | action        |
      | p1 discard 5h |
      | p1 discard 6h |
      | p1 discard 7h |
      | p1 discard 8h |
      | p1 discard Tc |
      | p1 discard Td |
      | p1 discard Ts |
      | p1 discard 2s |
      | p1 discard 3s |
      | p1 discard Ac |
      | p1 discard Ad |
      | p1 knock 5h   |
      | p1 knock 8h   |
      | p1 knock 2s   |
      | p1 knock 3s   |
      | p1 knock Ac   |
      | p1 knock Ad   |

  @KNOCK-LIMIT @round
  Scenario: A knock that keeps more than ten points is refused
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock Tc   |
    # Without the 10c, the 10d and 10s are loose: 20 + 7 = 27
    Then action 4 is refused as over_knock_limit

  @KNOCK-DISCARD-FACE-DOWN @KNOCK-DECLARATION @LAYOFF-EXTEND-RUN @LAYOFF-EXTEND-SET @SCORE-KNOCK-WIN @round
  Scenario: The knock card is out of play
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock 8h   |
      | p2 layoff 4h  |
      | p2 layoff Th  |
      | p2 done       |
    # p1 shows 5h 6h 7h and 10c 10d 10s and counts 2 + 3 + 1 + 1 = 7.
    # p2 melds Kc Kd Ks and 5c 6c 7c, lays the 4h below 5h 6h 7h and the 10h on the tens.
    # His 9h would need the 8h, which lies face down: he keeps 9h + Qd = 19, and 19 - 7 = 12.
    Then after 4 actions the legal actions are:
      | action       |
      | p2 layoff 4h |
      | p2 layoff Th |
      | p2 done      |
    And after 4 actions it is p2's turn with 30 cards in the stock
    And the hand ends in knock
    And the knocker is p1
    And the knocker's deadwood is 7
    And the defender's deadwood is 19
    And the defender lays off "4h Th"
    And p1 scores 12 points

  @KNOCK-DISCARD-FACE-DOWN @KNOCK-ENDS-PLAY @round
  Scenario Outline: The defender can neither take the knock card nor build on it
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock 8h   |
      | <then>        |
    Then action 5 is refused as <reason>

    Examples:
      | then            | reason         |
      | p2 draw discard | wrong_phase    |
      | p2 draw stock   | wrong_phase    |
      | p2 layoff 9h    | cannot_lay_off |

  @KNOCK-TIMING @round
  Scenario Outline: A knock comes after the draw, in place of the discard
    When the players play:
      | action   |
      | p1 pass  |
      | p2 pass  |
      | <third>  |
      | <fourth> |
      | <fifth>  |
    Then action <refused> is refused as <reason>

    Examples:
      | third         | fourth        | fifth       | refused | reason        |
      | p1 knock 8h   | p1 draw stock | p1 knock 8h | 3       | wrong_phase   |
      | p1 draw stock | p1 discard 8h | p1 knock 3s | 5       | not_your_turn |

  @KNOCK-DECLARATION @MELD-ARRANGEMENT-CHOICE @KNOCK-LIMIT @round
  Scenario: The spread shown must be within the limit
    When the players play:
      | action                    |
      | p1 pass                   |
      | p2 pass                   |
      | p1 draw stock             |
      | p1 knock 8h with 5h 6h 7h |
    # Showing only 5h 6h 7h leaves the three tens as deadwood too: 30 + 7 = 37
    Then action 4 is refused as over_knock_limit

  @KNOCK-DECLARATION @MELD-ARRANGEMENT-CHOICE @round
  Scenario: A spread given in full is scored as shown
    When the players play:
      | action                                |
      | p1 pass                               |
      | p2 pass                               |
      | p1 draw stock                         |
      | p1 knock 8h with 5h 6h 7h \| Tc Td Ts |
      | p2 layoff 4h                          |
      | p2 layoff Th                          |
      | p2 done                               |
    Then the hand ends in knock
    And the knocker's deadwood is 7
    And the defender's deadwood is 19
    And p1 scores 12 points

  @KNOCK-OPTIONAL @round
  Scenario: A player who could knock may discard instead
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 discard 8h |
    Then the hand is not over
    And after 4 actions it is p2's turn with 30 cards in the stock
    And after 4 actions the legal actions are:
      | action          |
      | p2 draw stock   |
      | p2 draw discard |

  @KNOCK-ENDS-PLAY @round
  Scenario: Once the hand is scored nobody plays on
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock 8h   |
      | p2 done       |
      | p1 draw stock |
    Then after 5 actions the hand is over
    And action 6 is refused as hand_over
