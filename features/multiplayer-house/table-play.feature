Feature: A hand at a table of three or four, played move by move
  House rules of S003: three or four players are dealt seven cards each from one pack, with an
  upcard and the stock. Play goes round the table from the player after the dealer; each turn is a
  draw from the stock or the discard pile and a discard. When someone knocks, the others lay off in
  turn onto the knocker's melds as he spread them, never onto each other's cards, and the hand is
  scored with a bonus for the winner and penalty points (below 0) for everybody else.

  @MPN-SEED003-DEAL @FIRST-UPCARD-OFFER @EQUIP-DECK-52 @house-s003-three
  Scenario: Three at the table: 30 cards in the stock and the upcard offered round the table
    Given the house-s003-three variant
    And the table deal:
      | dealer | p3                                                                                        |
      | p1     | 2c 3c 4c 9d Td Jd Kh                                                                      |
      | p2     | 5h 5d 5s 8c 8h Qs Ks                                                                      |
      | p3     | Ac Ad 7s 7h 6d 2s 3s                                                                      |
      | upcard | 4s                                                                                        |
      | stock  | Kc Qh 6h Jh 6s Tc 4d Jc Qc As 7d 9s Ts Qd 8s Ah 9c Th 5c 4h 2h 3d Kd 2d 6c 9h 8d Js 7c 3h |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p1 draw stock |
    Then the hand is not over
    And after 0 actions it is p1's turn with 30 cards in the stock
    And after 1 actions it is p2's turn with 30 cards in the stock
    And after 2 actions it is p3's turn with 30 cards in the stock
    And after 3 actions it is p1's turn with 30 cards in the stock
    And after 0 actions the legal actions are:
      | action          |
      | p1 draw discard |
      | p1 pass         |
    And after 3 actions the legal actions are:
      | action        |
      | p1 draw stock |

  @MPN-SEED003-DEAL @FIRST-UPCARD-OFFER @FIRST-DEALER-TAKES-UPCARD @house-s003
  Scenario: Four at the table: 23 cards in the stock, the dealer offered the upcard last
    Given the house-s003 variant
    And the table deal:
      | dealer | p2                                                                   |
      | p1     | 2c 3c 4c 9d Td Jd Kh                                                 |
      | p2     | 5h 5d 5s 8c 8h Qs Ks                                                 |
      | p3     | Ac Ad 7s 7h 6d 2s 3s                                                 |
      | p4     | 9c 9h 9s Tc Jc Qc 4d                                                 |
      | upcard | Kd                                                                   |
      | stock  | Qh 3h Jh 8d 6s 4s Th As Ah 7d 8s 6c Js Kc Ts 5c 2d 7c 4h 3d 2h 6h Qd |
    When the table plays:
      | action          |
      | p3 pass         |
      | p4 pass         |
      | p1 pass         |
      | p2 draw discard |
    Then the hand is not over
    And after 0 actions it is p3's turn with 23 cards in the stock
    And after 3 actions it is p2's turn with 23 cards in the stock

  @TURN-ALTERNATION @TURN-DISCARD @MPN-SEED003 @house-s003
  Scenario: After the dealer's discard the player after him draws
    Given the house-s003 variant
    And the table deal:
      | dealer | p2                                                                   |
      | p1     | 2c 3c 4c 9d Td Jd Kh                                                 |
      | p2     | 5h 5d 5s 8c 8h Qs Ks                                                 |
      | p3     | Ac Ad 7s 7h 6d 2s 3s                                                 |
      | p4     | 9c 9h 9s Tc Jc Qc 4d                                                 |
      | upcard | Kd                                                                   |
      | stock  | Qh 3h Jh 8d 6s 4s Th As Ah 7d 8s 6c Js Kc Ts 5c 2d 7c 4h 3d 2h 6h Qd |
    When the table plays:
      | action          |
      | p3 pass         |
      | p4 pass         |
      | p1 pass         |
      | p2 draw discard |
      | p2 discard Qs   |
    Then the hand is not over
    And after 5 actions it is p3's turn with 23 cards in the stock
    And after 4 actions the legal actions are:
      | action        |
      | p2 discard 5d |
      | p2 discard 5h |
      | p2 discard 5s |
      | p2 discard 8c |
      | p2 discard 8h |
      | p2 discard Ks |
      | p2 discard Qs |

  @MPN-SEED003-SCORING @SCORE-KNOCK-WIN @LAYOFF-TARGET-KNOCKER-MELDS @LAYOFF-EXTEND-RUN @LAYOFF-EXTEND-SET @house-s003
  Scenario: A knock played out at a table of four, each player laying off in turn
    Given the house-s003 variant
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 5h 6h 7h Kc Kd Ks 3c                                                 |
      | p2     | 4h 8h Qd Jd 9c 2s 6c                                                 |
      | p3     | Kh 9h Ts Js Qs 2d Ad                                                 |
      | p4     | 4c 4d 4s 8c 8d Tc Jh                                                 |
      | upcard | Qc                                                                   |
      | stock  | Ac 3h 9s 9d 2c As Qh 3d 7c 5c 3s 7s 2h 6s 5s Th 6d 7d Jc 5d 8s Ah Td |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock 3c   |
      | p2 layoff 4h  |
      | p2 layoff 8h  |
      | p2 done       |
      | p3 layoff Kh  |
      | p3 done       |
      | p4 done       |
    Then the hand ends in knock
    And p1 wins the hand
    And p2 counts 37 deadwood
    And p3 counts 12 deadwood
    And the cards laid off are "4h 8h Kh"
    And the table scores are:
      | player | points |
      | p1     | 10     |
      | p2     | -36    |
      | p3     | -11    |
      | p4     | -35    |

  @LAYOFF-TARGET-KNOCKER-MELDS @LAYOFF-CHAIN @house-s003
  Scenario: Lay-offs go onto the knocker's original melds only
    Given the house-s003 variant
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 5h 6h 7h Kc Kd Ks 3c                                                 |
      | p2     | 4h 8h Qd Jd 9c 2s 6c                                                 |
      | p3     | Kh 9h Ts Js Qs 2d Ad                                                 |
      | p4     | 4c 4d 4s 8c 8d Tc Jh                                                 |
      | upcard | Qc                                                                   |
      | stock  | Ac 3h 9s 9d 2c As Qh 3d 7c 5c 3s 7s 2h 6s 5s Th 6d 7d Jc 5d 8s Ah Td |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock 3c   |
      | p2 layoff 4h  |
      | p2 layoff 8h  |
      | p2 done       |
      | p3 layoff 9h  |
    Then action 10 is refused as cannot_lay_off

  @LAYOFF-CHAIN @LAYOFF-TARGET-KNOCKER-MELDS @house-s003
  Scenario: Even with chaining nobody builds on another player's lay-off
    Given the house-s003 variant
    And the rule layoff_chaining is true
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 5h 6h 7h Kc Kd Ks 3c                                                 |
      | p2     | 4h 8h Qd Jd 9c 2s 6c                                                 |
      | p3     | Kh 9h Ts Js Qs 2d Ad                                                 |
      | p4     | 4c 4d 4s 8c 8d Tc Jh                                                 |
      | upcard | Qc                                                                   |
      | stock  | Ac 3h 9s 9d 2c As Qh 3d 7c 5c 3s 7s 2h 6s 5s Th 6d 7d Jc 5d 8s Ah Td |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock 3c   |
      | p2 layoff 8h  |
      | p2 done       |
      | p3 layoff 9h  |
    Then action 9 is refused as cannot_lay_off

  @LAYOFF-CHAIN @LAYOFF-EXTEND-RUN @house-s003
  Scenario: With chaining a player goes on from his own lay-off
    Given the house-s003 variant
    And the rule layoff_chaining is true
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 5h 6h 7h Kc Kd Ks 3c                                                 |
      | p2     | 8h 9h Qd Jd 9c 2s 6c                                                 |
      | p3     | Kh 4h Ts Js Qs 2d Ad                                                 |
      | p4     | 4c 4d 4s 8c 8d Tc Jh                                                 |
      | upcard | Qc                                                                   |
      | stock  | Ac 5d 5c 3d 3h 7d 9d 9s Ah Qh 2c As 7s 8s 7c 6d 5s Jc 2h 3s Th Td 6s |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock 3c   |
      | p2 layoff 8h  |
      | p2 layoff 9h  |
      | p2 done       |
      | p3 layoff Kh  |
      | p3 layoff 4h  |
      | p3 done       |
      | p4 done       |
    Then the hand ends in knock
    And p1 wins the hand
    And the cards laid off are "4h 8h 9h Kh"
    And the table scores are:
      | player | points |
      | p1     | 10     |
      | p2     | -36    |
      | p3     | -2     |
      | p4     | -35    |

  @LAYOFF-OPTIONAL @LAYOFF-DEFENDER-MELDS @MPN-SEED003-SCORING @house-s003
  Scenario: Laying off is each player's choice
    Given the house-s003 variant
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 5h 6h 7h Kc Kd Ks 3c                                                 |
      | p2     | 8h 9h Qd Jd 9c 2s 6c                                                 |
      | p3     | Kh 4h Ts Js Qs 2d Ad                                                 |
      | p4     | 4c 4d 4s 8c 8d Tc Jh                                                 |
      | upcard | Qc                                                                   |
      | stock  | Ac 5d 5c 3d 3h 7d 9d 9s Ah Qh 2c As 7s 8s 7c 6d 5s Jc 2h 3s Th Td 6s |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock 3c   |
      | p2 done       |
      | p3 done       |
      | p4 done       |
    Then the hand ends in knock
    And p1 wins the hand
    And p2 counts 54 deadwood
    And the table scores are:
      | player | points |
      | p1     | 10     |
      | p2     | -53    |
      | p3     | -16    |
      | p4     | -35    |

  @LAYOFF-DEFENDER-ONLY @house-s003
  Scenario: Without lay-offs only done is allowed
    Given the house-s003 variant
    And the rule layoffs is false
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 5h 6h 7h Kc Kd Ks 3c                                                 |
      | p2     | 8h 9h Qd Jd 9c 2s 6c                                                 |
      | p3     | Kh 4h Ts Js Qs 2d Ad                                                 |
      | p4     | 4c 4d 4s 8c 8d Tc Jh                                                 |
      | upcard | Qc                                                                   |
      | stock  | Ac 5d 5c 3d 3h 7d 9d 9s Ah Qh 2c As 7s 8s 7c 6d 5s Jc 2h 3s Th Td 6s |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock 3c   |
      | p2 layoff 8h  |
    Then action 7 is refused as cannot_lay_off

  @TURN-ALTERNATION @LAYOFF-DEFENDER-ONLY @house-s003
  Scenario: The others lay off one after another in turn order
    Given the house-s003 variant
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 5h 6h 7h Kc Kd Ks 3c                                                 |
      | p2     | 8h 9h Qd Jd 9c 2s 6c                                                 |
      | p3     | Kh 4h Ts Js Qs 2d Ad                                                 |
      | p4     | 4c 4d 4s 8c 8d Tc Jh                                                 |
      | upcard | Qc                                                                   |
      | stock  | Ac 5d 5c 3d 3h 7d 9d 9s Ah Qh 2c As 7s 8s 7c 6d 5s Jc 2h 3s Th Td 6s |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock 3c   |
      | p3 layoff Kh  |
    Then action 7 is refused as not_your_turn

  @LAYOFF-EXTEND-SET @LAYOFF-EXTEND-RUN @house-s003-three
  Scenario: A card that fits two melds must name its meld
    Given the house-s003-three variant
    And the table deal:
      | dealer | p3                                                                                        |
      | p1     | 7c 7d 7s 8h 9h Th Kc                                                                      |
      | p2     | 7h 2d 3d Qs Js 5c 4s                                                                      |
      | p3     | As 2s 6d 6c Kd Qd Jd                                                                      |
      | upcard | Tc                                                                                        |
      | stock  | Ac Ts Td Kh 9s 5h 3s Qc Jc 4d 6h 8s Ks 4h Ah 4c 5d 8d Qh 2c Ad Jh 3h 2h 6s 9d 8c 9c 3c 5s |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p1 draw stock |
      | p1 knock Kc   |
      | p2 layoff 7h  |
    Then action 6 is refused as ambiguous_layoff
    And after 5 actions the legal actions are:
      | action               |
      | p2 done              |
      | p2 layoff 7h onto 7c |
      | p2 layoff 7h onto 8h |

  @GIN-DEFINITION @GIN-NO-LAYOFF @GIN-DEFENDER-MELDS @GIN-BONUS @MPN-SEED003-SCORING @house-s003
  Scenario: Gin at the table: nobody lays off and everybody else pays twice his deadwood
    Given the house-s003 variant
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 2c 3c 4c 9d 9h 9s Kh                                                 |
      | p2     | 5c 6d 7d 8d Qs Js 4h                                                 |
      | p3     | Ah Ad Td Kd 2s 3h 6s                                                 |
      | p4     | Tc Jc Qc Kc 5h 5s 7h                                                 |
      | upcard | 3d                                                                   |
      | stock  | 9c 3s 8h 2h Qh Th Ts 8c 7s 5d 6c Jd 4s Ks 7c Ac 2d Qd 8s As 4d Jh 6h |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock Kh   |
    Then the hand ends in gin
    And p1 wins the hand
    And p2 counts 29 deadwood
    And the table scores are:
      | player | points |
      | p1     | 25     |
      | p2     | -58    |
      | p3     | -66    |
      | p4     | -34    |

  @GIN-NO-LAYOFF @house-s003
  Scenario: Nothing is laid off after gin
    Given the house-s003 variant
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 2c 3c 4c 9d 9h 9s Kh                                                 |
      | p2     | 5c 6d 7d 8d Qs Js 4h                                                 |
      | p3     | Ah Ad Td Kd 2s 3h 6s                                                 |
      | p4     | Tc Jc Qc Kc 5h 5s 7h                                                 |
      | upcard | 3d                                                                   |
      | stock  | 9c 3s 8h 2h Qh Th Ts 8c 7s 5d 6c Jd 4s Ks 7c Ac 2d Qd 8s As 4d Jh 6h |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock Kh   |
      | p2 layoff 5c  |
    Then action 7 is refused as hand_over

  @KNOCK-OPTIONAL @house-s003
  Scenario: When gin must be taken, a discard is refused
    Given the house-s003 variant
    And the rule gin_mandatory is true
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 2c 3c 4c 9d 9h 9s Kh                                                 |
      | p2     | 5c 6d 7d 8d Qs Js 4h                                                 |
      | p3     | Ah Ad Td Kd 2s 3h 6s                                                 |
      | p4     | Tc Jc Qc Kc 5h 5s 7h                                                 |
      | upcard | 3d                                                                   |
      | stock  | 9c 3s 8h 2h Qh Th Ts 8c 7s 5d 6c Jd 4s Ks 7c Ac 2d Qd 8s As 4d Jh 6h |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 discard 9s |
    Then action 6 is refused as gin_required

  @SCORE-UNDERCUT @MPN-SEED003-SCORING @house-s003
  Scenario: The lowest count below the knocker's undercuts
    Given the house-s003 variant
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 4c 5c 6c Tc Jc Qc 8d                                                 |
      | p2     | Ah Ad 2h 3h 4h 5s 5d                                                 |
      | p3     | As 2s 3s 7h 7s 7c 6d                                                 |
      | p4     | Kh Ks Kd 9s 9h 8h 2c                                                 |
      | upcard | Js                                                                   |
      | stock  | Qh 6h 5h Jh Th 3c Ac 8c 2d 7d 3d Qd Td Kc 4s Ts 6s Qs 9d 8s Jd 9c 4d |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock Qh   |
      | p2 done       |
      | p3 done       |
      | p4 done       |
    Then the hand ends in undercut
    And p3 wins the hand
    And p3 counts 6 deadwood
    And the table scores are:
      | player | points |
      | p1     | -2     |
      | p2     | -5     |
      | p3     | 20     |
      | p4     | -22    |

  @SCORE-UNDERCUT-TIE @house-s003
  Scenario: A tie read as the knocker's hand
    Given the house-s003 variant
    And the rule tie_outcome is knocker_wins
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 4c 5c 6c Tc Jc Qc 6h                                                 |
      | p2     | Ah Ad 2h 3h 4h 5s 5d                                                 |
      | p3     | As 2s 3s 7h 7s 7c 6d                                                 |
      | p4     | Kh Ks Kd 9s 9h 8h 2c                                                 |
      | upcard | Js                                                                   |
      | stock  | Qh Ts 5h 4s 6s Td 7d Jh 8c Ac 3d 4d Th Qd 8s 3c 8d 2d Qs Jd 9d Kc 9c |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock Qh   |
      | p2 done       |
      | p3 done       |
      | p4 done       |
    Then the hand ends in knock
    And p1 wins the hand
    And the table scores are:
      | player | points |
      | p1     | 10     |
      | p2     | -5     |
      | p3     | 0      |
      | p4     | -22    |

  @SCORE-UNDERCUT-TIE @house-s003
  Scenario: A tie read as a drawn hand
    Given the house-s003 variant
    And the rule tie_outcome is draw
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 4c 5c 6c Tc Jc Qc 6h                                                 |
      | p2     | Ah Ad 2h 3h 4h 5s 5d                                                 |
      | p3     | As 2s 3s 7h 7s 7c 6d                                                 |
      | p4     | Kh Ks Kd 9s 9h 8h 2c                                                 |
      | upcard | Js                                                                   |
      | stock  | Qh 8s 4s Jd 6s Qd Td Th 5h Ts Jh 3d 9c 2d 8c Ac 8d 3c 7d Kc 9d Qs 4d |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock Qh   |
      | p2 done       |
      | p3 done       |
      | p4 done       |
    Then the hand ends in draw
    And nobody wins the hand
    And the table scores are:
      | player | points |
      | p1     | 0      |
      | p2     | 0      |
      | p3     | 0      |
      | p4     | 0      |

  @SCORE-UNDERCUT-TIE @MPN-SEED003-SCORING @house-s003
  Scenario: A tie is an undercut under house-s003
    Given the house-s003 variant
    And the rule tie_outcome is undercut
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 4c 5c 6c Tc Jc Qc 6h                                                 |
      | p2     | Ah Ad 2h 3h 4h 5s 5d                                                 |
      | p3     | As 2s 3s 7h 7s 7c 6d                                                 |
      | p4     | Kh Ks Kd 9s 9h 8h 2c                                                 |
      | upcard | Js                                                                   |
      | stock  | Qh 2d Ac 8c 5h Qs Ts 9c Jd Jh Th 6s 8s Qd 3d 3c 8d Kc 4d 9d Td 7d 4s |
    When the table plays:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p3 pass       |
      | p4 pass       |
      | p1 draw stock |
      | p1 knock Qh   |
      | p2 done       |
      | p3 done       |
      | p4 done       |
    Then the hand ends in undercut
    And p3 wins the hand
    And the table scores are:
      | player | points |
      | p1     | 0      |
      | p2     | -5     |
      | p3     | 20     |
      | p4     | -22    |

  @FIRST-UPCARD-OFFER @house-s003-three
  Scenario: The upcard is closed after every player passed
    Given the house-s003-three variant
    And the table deal:
      | dealer | p3                                                                                        |
      | p1     | 2c 3c 4c 9d Td Jd Kh                                                                      |
      | p2     | 5h 5d 5s 8c 8h Qs Ks                                                                      |
      | p3     | Ac Ad 7s 7h 6d 2s 3s                                                                      |
      | upcard | 4s                                                                                        |
      | stock  | Kc 6c Qc 9c 6s 7c As 4h 8s 3h 6h 9s Ts 2h Js 3d Qh Th Jc Tc 5c 4d 8d 7d Jh 9h Kd 2d Ah Qd |
    When the table plays:
      | action          |
      | p1 pass         |
      | p2 pass         |
      | p3 pass         |
      | p1 draw discard |
    Then action 4 is refused as upcard_closed

  @TURN-NO-DISCARD-TAKEN-CARD @house-s003-three
  Scenario: The upcard taken is not thrown straight back
    Given the house-s003-three variant
    And the table deal:
      | dealer | p3                                                                                        |
      | p1     | 2c 3c 4c 9d Td Jd Kh                                                                      |
      | p2     | 5h 5d 5s 8c 8h Qs Ks                                                                      |
      | p3     | Ac Ad 7s 7h 6d 2s 3s                                                                      |
      | upcard | 4s                                                                                        |
      | stock  | Kc 6c Qc 9c 6s 7c As 4h 8s 3h 6h 9s Ts 2h Js 3d Qh Th Jc Tc 5c 4d 8d 7d Jh 9h Kd 2d Ah Qd |
    When the table plays:
      | action          |
      | p1 draw discard |
      | p1 discard 4s   |
    Then action 2 is refused as taken_card

  @KNOCK-LIMIT @KNOCK-COUNT-AFTER-DISCARD @house-s003-three
  Scenario: A knock over the limit is refused at the table
    Given the house-s003-three variant
    And the table deal:
      | dealer | p3                                                                                        |
      | p1     | 2c 3c 4c 9d Td Jd Kh                                                                      |
      | p2     | 5h 5d 5s 8c 8h Qs Ks                                                                      |
      | p3     | Ac Ad 7s 7h 6d 2s 3s                                                                      |
      | upcard | 4s                                                                                        |
      | stock  | Kc 6c Qc 9c 6s 7c As 4h 8s 3h 6h 9s Ts 2h Js 3d Qh Th Jc Tc 5c 4d 8d 7d Jh 9h Kd 2d Ah Qd |
    When the table plays:
      | action          |
      | p1 draw discard |
      | p1 knock 2c     |
    Then action 2 is refused as over_knock_limit

  @KNOCK-SPREAD-FIXED @house-s003-three
  Scenario: A spread that is not made of melds is refused
    Given the house-s003-three variant
    And the table deal:
      | dealer | p3                                                                                        |
      | p1     | 2c 3c 4c 9d Td Jd Kh                                                                      |
      | p2     | 5h 5d 5s 8c 8h Qs Ks                                                                      |
      | p3     | Ac Ad 7s 7h 6d 2s 3s                                                                      |
      | upcard | 4s                                                                                        |
      | stock  | Kc 6c Qc 9c 6s 7c As 4h 8s 3h 6h 9s Ts 2h Js 3d Qh Th Jc Tc 5c 4d 8d 7d Jh 9h Kd 2d Ah Qd |
    When the table plays:
      | action                                   |
      | p1 draw discard                          |
      | p1 knock Kh with 2c 3c 4c 4s \| 9d Td Jd |
    Then action 2 is refused as invalid_spread

  @STOCK-WALL-TWO @STOCK-VOID-NO-SCORE @house-s003
  Scenario: When the stock is down to two cards the hand is void
    Given the house-s003 variant
    And the rule first_turn is no_offer
    And the table deal:
      | dealer | p4                                                                   |
      | p1     | 2s 2c Qs 3h Tc Td Kh                                                 |
      | p2     | 4s 6s 7c Jd 6d Ks 6c                                                 |
      | p3     | 4d 9d Ah 5s 8d 3d Kd                                                 |
      | p4     | 9h Jc 2d Ts 3c 5h Js                                                 |
      | upcard | 7d                                                                   |
      | stock  | 3s Qd Ad 9c Kc As 2h Qh 8h 8c Ac Jh Th 7s 4h 4c 9s 8s 7h 5c 5d 6h Qc |
    When the table plays:
      | action          |
      | p1 draw discard |
      | p1 discard Tc   |
      | p2 draw stock   |
      | p2 discard Jd   |
      | p3 draw stock   |
      | p3 discard Qd   |
      | p4 draw stock   |
      | p4 discard Jc   |
      | p1 draw stock   |
      | p1 discard Td   |
      | p2 draw stock   |
      | p2 discard Kc   |
      | p3 draw stock   |
      | p3 discard Kd   |
      | p4 draw stock   |
      | p4 discard Ts   |
      | p1 draw stock   |
      | p1 discard Qh   |
      | p2 draw stock   |
      | p2 discard Ks   |
      | p3 draw stock   |
      | p3 discard 9d   |
      | p4 draw stock   |
      | p4 discard Js   |
      | p1 draw stock   |
      | p1 discard Jh   |
      | p2 draw stock   |
      | p2 discard Th   |
      | p3 draw stock   |
      | p3 discard 8c   |
      | p4 draw stock   |
      | p4 discard 9h   |
      | p1 draw stock   |
      | p1 discard Kh   |
      | p2 draw stock   |
      | p2 discard 9s   |
      | p3 draw stock   |
      | p3 discard 8d   |
      | p4 draw stock   |
      | p4 discard 7h   |
      | p1 draw discard |
      | p1 discard Qs   |
      | p2 draw stock   |
      | p2 discard 8h   |
      | p3 draw stock   |
      | p3 discard 8s   |
    Then the hand ends in void
    And nobody wins the hand
    And the table scores are:
      | player | points |
      | p1     | 0      |
      | p2     | 0      |
      | p3     | 0      |
      | p4     | 0      |
