Feature: Going gin during a hand
  A player who can meld all ten cards he keeps may knock and go gin, or, holding eleven melded
  cards after the draw, declare big gin. The hand ends at once, with no lay-offs.

  p1 deals. The non-dealer p2 holds all four fours, 6-7-8-9 of spades, Kd and Ks; the upcard is
  the Kh. p1 holds 5s, Kc, A-2-3 of hearts, Jc Jd Jh, 7c and 9d: his 5s would fit p2's spades and
  his Kc p2's kings.

  Background:
    Given standard rules
    And the deal:
      | dealer | p1                                                                                           |
      | p1     | 5s Kc Ah 2h 3h Jc Jd Jh 7c 9d                                                                |
      | p2     | 4c 4d 4h 4s 6s 7s 8s 9s Kd Ks                                                                |
      | upcard | Kh                                                                                           |
      | stock  | Ts Qd 3d 2d 2s 2c 8c Qs Tc Td Ad 6h Js 6d 8h Ac 7h Th 9c 5d 9h 7d 8d 5c Qc 3c Qh As 3s 5h 6c |

  @GIN-DEFINITION @BIGGIN-DEFINITION @KNOCK-OPTIONAL @round
  Scenario: With the upcard every card p2 holds is melded
    When the players play:
      | action          |
      | p2 draw discard |
    # Any four, the 6s or the 9s may go face down for gin; breaking the run's middle or the kings
    # leaves deadwood over the limit. Big gin is open, and every plain discard but the Kh too.
    Then after 1 actions the legal actions are:
      | action        |
      | p2 discard 4c |
      | p2 discard 4d |
      | p2 discard 4h |
      | p2 discard 4s |
      | p2 discard 6s |
      | p2 discard 7s |
      | p2 discard 8s |
      | p2 discard 9s |
      | p2 discard Kd |
      | p2 discard Ks |
      | p2 knock 4c   |
      | p2 knock 4d   |
      | p2 knock 4h   |
      | p2 knock 4s   |
      | p2 knock 6s   |
      | p2 knock 9s   |
      | p2 big-gin    |

  @GIN-DEFINITION @GIN-NO-LAYOFF @GIN-DEFENDER-MELDS @SCORE-GIN @GIN-BONUS @KNOCK-ENDS-PLAY @round
  Scenario: Gin ends the hand at once, with no lay-offs
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 knock 9s     |
    # p2 spreads 4c 4d 4h 4s, 6s 7s 8s and Kd Kh Ks.
    # p1 melds A-2-3 of hearts and Jc Jd Jh; 5s + Kc + 7c + 9d = 31 stay deadwood.
    # 25 + 31 = 56
    Then the hand ends in gin
    And after 2 actions the hand is over
    And the knocker is p2
    And the knocker's deadwood is 0
    And the defender's deadwood is 31
    And p2 scores 56 points

  @GIN-NO-LAYOFF @round
  Scenario Outline: Nothing may be laid off against gin
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 knock 9s     |
      | <then>          |
    Then action 3 is refused as hand_over

    Examples:
      | then         |
      | p1 layoff 5s |
      | p1 layoff Kc |
      | p1 done      |

  @BIGGIN-DEFINITION @BIGGIN-NO-LAYOFF @SCORE-BIGGIN @BIGGIN-BONUS @round
  Scenario: Big gin: all eleven cards spread, no discard
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 big-gin      |
      | p1 layoff Kc    |
    # 31 + 31 = 62, and the Kc cannot go on the kings
    Then action 3 is refused as hand_over
    And after 2 actions the hand is over

  @BIGGIN-DEFINITION @SCORE-BIGGIN @BIGGIN-BONUS @BIGGIN-NO-LAYOFF @GIN-DEFENDER-MELDS @round
  Scenario: Big gin scores its bonus and the defender's own deadwood
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 big-gin      |
    # 31 + 31 = 62
    Then the hand ends in big gin
    And the defender's deadwood is 31
    And p2 scores 62 points

  @BIGGIN-DEFINITION @GIN-BONUS @SCORE-GIN @classic @round
  Scenario: In classic gin there is no big gin
    Given the classic variant
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 big-gin      |
    Then action 2 is refused as not_big_gin

  @GIN-BONUS @SCORE-GIN @GIN-NO-LAYOFF @GIN-DEFENDER-MELDS @classic @round
  Scenario: Under classic values gin is worth 20
    Given the classic variant
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 knock 9s     |
    # 20 + 31 = 51
    Then the hand ends in gin
    And p2 scores 51 points

  @BIGGIN-DEFINITION @round
  Scenario: Big gin needs every card melded
    When the players play:
      | action        |
      | p2 pass       |
      | p1 pass       |
      | p2 draw stock |
      | p2 big-gin    |
    # The 10s from the stock extends the spades, but Kd and Ks are only a pair
    Then action 4 is refused as not_big_gin

  @KNOCK-OPTIONAL @round
  Scenario: Going gin is never compulsory
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 discard Kd   |
    Then the hand is not over
    And after 2 actions it is p1's turn with 31 cards in the stock

  @KNOCK-OPTIONAL @round
  Scenario: Where gin is compulsory, only the gin knocks are offered
    Given the rule gin_mandatory is true
    When the players play:
      | action          |
      | p2 draw discard |
      | p2 discard Kd   |
    Then action 2 is refused as gin_required
    And after 1 actions the legal actions are:
      | action      |
      | p2 knock 4c |
      | p2 knock 4d |
      | p2 knock 4h |
      | p2 knock 4s |
      | p2 knock 6s |
      | p2 knock 9s |
      | p2 big-gin  |
