Feature: Three or four players at one table
  In the house rules of S003 three or four people play one hand together, seven cards each. When
  someone knocks, the others lay off onto the knocker's melds as he spread them and meld what they
  can. The winner takes a flat bonus: 10 for a knock, 20 for an undercut, 25 for gin. Everybody
  else takes penalty points: the difference in deadwood after a knock or an undercut, and twice
  his own deadwood after gin. Penalty points are shown below as negative scores.

  @MPN-SEED003 @MPN-SEED003-SCORING @house-s003
  Scenario: A knock at a table of four
    Given the house-s003 variant
    When p1 knocks at the table:
      | player | cards                |
      | p1     | 5h 6h 7h Kc Kd Ks 3c |
      | p2     | 4h 8h Qd Jd 9c 2s 6c |
      | p3     | Kh 9h Ts Js Qs 2d Ad |
      | p4     | 4c 4d 4s 8c 8d Tc Jh |
    Then the hand ends in knock
    And p1 wins the hand
    And p2 counts 37 deadwood
    And the table scores are:
      | player | points |
      | p1     | 10     |
      | p2     | -34    |
      | p3     | -9     |
      | p4     | -33    |

  @MPN-SEED003-SCORING @house-s003
  Scenario: The lowest count undercuts the knocker
    Given the house-s003 variant
    When p2 knocks at the table:
      | player | cards                |
      | p1     | Kc Kd Qc Jd 7c 6h 4s |
      | p2     | 9c 9d 9h Ac 2c 3c 8s |
      | p3     | 4c 5d 5h 5s 2d 3d Ah |
      | p4     | 9s Ts Js Qh Kh 7d 6c |
    Then the hand ends in undercut
    And p3 wins the hand
    And the table scores are:
      | player | points |
      | p1     | -51    |
      | p2     | -2     |
      | p3     | 20     |
      | p4     | -27    |

  @MPN-SEED003-SCORING @GIN-NO-LAYOFF @house-s003
  Scenario: After gin everybody else pays twice his deadwood and lays nothing off
    Given the house-s003 variant
    When p4 knocks at the table:
      | player | cards                |
      | p1     | 6h Ah As 7c 8c 9c Td |
      | p2     | Qh Kh Jc Tc 3s 4s 5d |
      | p3     | 2c 2d 2s Kd Ks 6s 3d |
      | p4     | 2h 3h 4h 5h Qc Qd Qs |
    Then the hand ends in gin
    And p1 counts 18 deadwood
    And the table scores are:
      | player | points |
      | p1     | -36    |
      | p2     | -104   |
      | p3     | -58    |
      | p4     | 25     |

  @MPN-SEED003-SCORING @SCORE-UNDERCUT-TIE @house-s003-three
  Scenario: A count equal to the knocker's is an undercut
    Given the house-s003-three variant
    When p1 knocks at the table:
      | player | cards                |
      | p1     | 7s 8s 9s Jc Jd Jh 4d |
      | p2     | Ts 5h 6h 7h Ac Ad 2c |
      | p3     | Js Qd Kd 9d 6c 3s 2s |
    Then the hand ends in undercut
    And p2 wins the hand
    And the table scores are:
      | player | points |
      | p1     | 0      |
      | p2     | 20     |
      | p3     | -36    |

  @MPN-SEED003-SCORING @house-s003
  Scenario: Of two players with the same low count, the first to play after the knocker undercuts
    Given the house-s003 variant
    When p3 knocks at the table:
      | player | cards                |
      | p1     | As 2s 3s Th Jh Qh 3d |
      | p2     | 5h 6h 7h Kc Kd Kh 3h |
      | p3     | 4c 5c 6c 8d 8h 8s 5s |
      | p4     | Qc Jc Td 9s 7d 2d Ah |
    Then p1 wins the hand
    And the table scores are:
      | player | points |
      | p1     | 20     |
      | p2     | 0      |
      | p3     | -2     |
      | p4     | -46    |

  @MPN-SEED003 @LAYOFF-CHAIN @house-s003
  Scenario: Cards go onto the knocker's melds as he spread them, one at each end of a run
    Given the house-s003 variant
    When p1 knocks at the table:
      | player | cards                |
      | p1     | 5h 6h 7h 2c 2d 2s 4c |
      | p2     | 8h 9h Kc Kd Qs Js 3s |
      | p3     | 4h 3h Ac Ad As 9c 9d |
      | p4     | 2h Tc Jc Qc 6d 7d Td |
    Then p2 counts 52 deadwood
    And p3 counts 21 deadwood
    And p4 counts 23 deadwood

  @MPN-SEED003 @SCORE-AUTO-SPREAD @house-s003
  Scenario: With two equally good spreads the knocker leaves the others the least room to undercut
    Given the house-s003 variant
    When p1 knocks at the table:
      | player | cards                |
      | p1     | Ah 2h 3h 2c 2d As 3c |
      | p2     | 4h Kc Kd Ks 9d 8d 6s |
      | p3     | 2s Qc Qd Qs 7c 6c 5d |
      | p4     | Tc Jc Td Jd 9s 8s 7s |
    Then p2 counts 23 deadwood
    And p3 counts 20 deadwood

  @MPN-SEED003 @KNOCK-SPREAD-FIXED @house-s003
  Scenario: The others lay off against the spread the knocker chose
    Given the house-s003 variant
    When p1 knocks at the table spreading "2c 2d 2h":
      | player | cards                |
      | p1     | Ah 2h 3h 2c 2d As 3c |
      | p2     | 4h Kc Kd Ks 9d 8d 6s |
      | p3     | 2s Qc Qd Qs 7c 6c 5d |
      | p4     | Tc Jc Td Jd 9s 8s 7s |
    Then p2 counts 27 deadwood
    And p3 counts 18 deadwood

  @MPN-SEED003-DEAL @house-s003
  Scenario: Four players are dealt seven cards each
    Given the house-s003 variant
    When p2 knocks at the table:
      | player | cards                |
      | p1     | Kc Kd Qc Jd 7c 6h 4s |
      | p2     | 9c 9d 9h Ac 2c 3c 8s |
      | p3     | 4c 5d 5h 5s 2d 3d Ah |
      | p4     | 9s Ts Js Qh Kh 7d 6c |
    Then the stock held 23 cards after the deal

  @MPN-SEED003-DEAL @house-s003-three
  Scenario: Three players are dealt seven cards each
    Given the house-s003-three variant
    When p1 knocks at the table:
      | player | cards                |
      | p1     | 7s 8s 9s Jc Jd Jh 4d |
      | p2     | Ts 5h 6h 7h Ac Ad 2c |
      | p3     | Js Qd Kd 9d 6c 3s 2s |
    Then the stock held 30 cards after the deal

  @MPN-SEED003-DEAL @house-s003-three
  Scenario: Ten cards each is the two-player deal, not the deal at a table of three
    Given the house-s003-three variant
    When p1 knocks at the table:
      | player | cards                         |
      | p1     | Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc |
      | p2     | Ad 2d 3d 4d 5d 6d 7d 8d 9d Td |
      | p3     | Ah 2h 3h 4h 5h 6h 7h 8h 9h Th |
    Then the deal is refused: invalid_hand

  @MPN-SEED003 @KNOCK-LIMIT @house-s003
  Scenario: The knock limit of 10 holds at the table
    Given the house-s003 variant
    When p1 knocks at the table:
      | player | cards                |
      | p1     | 5h 6h 7h 2c 3d 4s 2s |
      | p2     | 4h 8h Qd Jd 9c Ks 6c |
      | p3     | Kh 9h Ts Js Qs 2d Ad |
      | p4     | 4c 4d 8s 8c 8d Tc Jh |
    Then the hand cannot be scored: illegal_knock
