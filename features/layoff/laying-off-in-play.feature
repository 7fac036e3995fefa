Feature: Laying off during a hand
  After a knock the defender lays off one card at a time onto the knocker's melds, naming the meld
  when a card fits two, and says when he is done; his remaining cards are then melded in his best
  way. Laying off is his choice, and only he lays off.

  p2 deals. p1 holds 4-5-6 of hearts, 7c 7d 7s, Jc Jd, As and Kh; the upcard is the Js, which he
  takes before knocking with the Kh. p2 holds 7h 8h, 3h 2h, Jh, Kc, Qd, 9s, 2s and 10s.

  Background:
    Given standard rules
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | 4h 5h 6h 7c 7d 7s Jc Jd As Kh                                                                |
      | p2     | 7h 8h 3h 2h Jh Kc Qd 9s 2s Ts                                                                |
      | upcard | Js                                                                                           |
      | stock  | 8s 9d 2d Ad 5s 2c 6c Ks 9c 8d Qc Kd Qs 4d 9h Ac Ah Qh 8c 3d Th 5d 6d 4c Tc 3c 3s 4s 6s Td 5c |

  @LAYOFF-EXTEND-RUN @LAYOFF-EXTEND-SET @LAYOFF-TARGET-KNOCKER-MELDS @round
  Scenario: What fits when the knocker has spread
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
    # p1 shows 4h 5h 6h, 7c 7d 7s and Jc Jd Js, and the As (1).
    # The 3h fits below the run; the 7h above the run or on the sevens; the Jh on the jacks.
    # The 2h and 8h fit only once the 3h or the 7h is there.
    Then after 2 actions the legal actions are:
      | action               |
      | p2 layoff 3h         |
      | p2 layoff 7h onto 4h |
      | p2 layoff 7h onto 7c |
      | p2 layoff Jh         |
      | p2 done              |

  @LAYOFF-CHAIN @LAYOFF-EXTEND-RUN @LAYOFF-EXTEND-SET @LAYOFF-DEFENDER-MELDS @SCORE-KNOCK-WIN @round
  Scenario: The defender lays off at both ends of the run, with chains, and the fourth jack
    When the players play:
      | action               |
      | p1 draw discard      |
      | p1 knock Kh          |
      | p2 layoff 3h         |
      | p2 layoff 2h         |
      | p2 layoff 7h onto 4h |
      | p2 layoff 8h         |
      | p2 layoff Jh         |
      | p2 done              |
    # The run grows to 2h 3h 4h 5h 6h 7h 8h. p2 keeps Kc + Qd + 9s + 2s + 10s = 41; 41 - 1 = 40.
    # A target is named by the lowest card of the meld as it stands, here the 2h.
    Then after 4 actions the legal actions are:
      | action               |
      | p2 layoff 7h onto 2h |
      | p2 layoff 7h onto 7c |
      | p2 layoff Jh         |
      | p2 done              |
    And after 5 actions the legal actions are:
      | action       |
      | p2 layoff 8h |
      | p2 layoff Jh |
      | p2 done      |
    And the hand ends in knock
    And the knocker's deadwood is 1
    And the defender's deadwood is 41
    And the defender lays off "3h 2h 7h 8h Jh"
    And p1 scores 40 points

  @LAYOFF-EXTEND-RUN @LAYOFF-EXTEND-SET @round
  Scenario: A card that fits two melds must be given a target
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
      | p2 layoff 7h    |
    Then action 3 is refused as ambiguous_layoff

  @LAYOFF-CHAIN @round
  Scenario Outline: A chained card needs the card before it
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
      | <first>         |
      | <second>        |
    Then action <refused> is refused as cannot_lay_off

    # The 7h laid on the sevens does not extend the run, so the 8h still fits nothing
    Examples:
      | first                | second       | refused |
      | p2 layoff 8h         | p2 done      | 3       |
      | p2 layoff 2h         | p2 done      | 3       |
      | p2 layoff 7h onto 7c | p2 layoff 8h | 4       |

  @LAYOFF-CHAIN @round
  Scenario: Where chains are not allowed, laid-off cards carry nothing
    Given the rule layoff_chaining is false
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
      | p2 layoff 3h    |
      | p2 layoff 2h    |
    Then action 4 is refused as cannot_lay_off

  @LAYOFF-TARGET-KNOCKER-MELDS @round
  Scenario: Nothing is laid off on the knocker's deadwood
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
      | p2 layoff 2s    |
    # The As is unmatched in p1's hand, so the 2s has no meld to go on
    Then action 3 is refused as cannot_lay_off

  @LAYOFF-OPTIONAL @LAYOFF-DEFENDER-MELDS @round
  Scenario: A card laid on the wrong meld costs the defender
    When the players play:
      | action               |
      | p1 draw discard      |
      | p1 knock Kh          |
      | p2 layoff 3h         |
      | p2 layoff 2h         |
      | p2 layoff 7h onto 7c |
      | p2 layoff Jh         |
      | p2 done              |
    # The 8h is stranded: 41 + 8 = 49, and 49 - 1 = 48
    Then the hand ends in knock
    And the defender's deadwood is 49
    And p1 scores 48 points

  @LAYOFF-OPTIONAL @round
  Scenario: The defender need not lay off anything
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
      | p2 done         |
    # 7 + 8 + 3 + 2 + 10 + 41 = 71, and 71 - 1 = 70
    Then the hand ends in knock
    And the defender's deadwood is 71
    And the defender lays off nothing
    And p1 scores 70 points

  @LAYOFF-DEFENDER-ONLY @round
  Scenario Outline: Only the defender lays off
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
      | <then>          |
    Then action 3 is refused as not_your_turn

    Examples:
      | then         |
      | p1 done      |
      | p1 layoff As |

  @LAYOFF-DEFENDER-ONLY @round
  Scenario: Where the rules have no lay-offs the defender can only finish
    Given the rule layoffs is false
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
      | p2 layoff 3h    |
    Then after 2 actions the legal actions are:
      | action  |
      | p2 done |
    And action 3 is refused as cannot_lay_off
