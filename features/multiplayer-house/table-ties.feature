Feature: Ties with the knocker at a table of three or four
  At the S003 table a player whose count equals the knocker's ties with him. The house decides what
  a tie is worth (tie_outcome): a full undercut with its bonus of 20, an undercut worth nothing
  (undercut_without_bonus), a win for the knocker, or nobody's hand. When several players tie, the
  first of them in turn after the knocker takes the hand. Whoever wins takes no penalty; everybody
  else pays the difference between his count and the winner's, so a player who ties pays nothing.
  Penalty points are shown as negative scores.

  @MPN-SEED003-SCORING @SCORE-UNDERCUT-TIE @house-s003
  Scenario: Two tie with the knocker at a table of four: the first after him undercuts, for nothing
    Given the house-s003 variant
    And the rule tie_outcome is undercut_without_bonus
    When p3 knocks at the table:
      | player | cards                |
      | p1     | As 2s 3s Th Jh Qh 5d |
      | p2     | Kc Kd Kh Qs Js Ts 5h |
      | p3     | 4c 5c 6c 8d 8h 8s 5s |
      | p4     | Qc Jc Td 9s 7d 2d Ah |
    # p3 keeps the 5s, p1 the 5d, p2 the 5h: 5 each; p4 melds nothing and lays nothing off: 49
    # after p3 come p4, p1 and p2: p1 is the first of the two who tie
    Then the hand ends in undercut
    And p1 wins the hand
    And p4 counts 49 deadwood
    And the table scores are:
      | player | points |
      | p1     | 0      |
      | p2     | 0      |
      | p3     | 0      |
      | p4     | -44    |

  @MPN-SEED003-SCORING @SCORE-UNDERCUT-TIE @house-s003
  Scenario: The same tie where the house pays an undercut in full
    Given the house-s003 variant
    When p3 knocks at the table:
      | player | cards                |
      | p1     | As 2s 3s Th Jh Qh 5d |
      | p2     | Kc Kd Kh Qs Js Ts 5h |
      | p3     | 4c 5c 6c 8d 8h 8s 5s |
      | p4     | Qc Jc Td 9s 7d 2d Ah |
    Then the hand ends in undercut
    And p1 wins the hand
    And the table scores are:
      | player | points |
      | p1     | 20     |
      | p2     | 0      |
      | p3     | 0      |
      | p4     | -44    |

  @MPN-SEED003-SCORING @SCORE-UNDERCUT-TIE @house-s003-three
  Scenario: Three at the table: one ties with the knocker, the other pays only the difference to him
    Given the house-s003-three variant
    And the rule tie_outcome is undercut_without_bonus
    When p3 knocks at the table:
      | player | cards                |
      | p1     | As 2s 3s Th Jh Qh 5d |
      | p2     | Kc Kd Kh Qs Js Ts 9h |
      | p3     | 4c 5c 6c 8d 8h 8s 5s |
    # p3 and p1 keep 5 each, p2 keeps the 9h, which fits none of p3's melds
    Then the hand ends in undercut
    And p1 wins the hand
    And p2 counts 9 deadwood
    And the table scores are:
      | player | points |
      | p1     | 0      |
      | p2     | -4     |
      | p3     | 0      |

  @MPN-SEED003-SCORING @SCORE-UNDERCUT-TIE @house-s003-three
  Scenario: Three at the table: the last in turn after the knocker ties and takes the hand
    Given the house-s003-three variant
    And the rule tie_outcome is undercut_without_bonus
    When p1 knocks at the table:
      | player | cards                |
      | p1     | 4c 5c 6c 8d 8h 8s 5s |
      | p2     | Kc Kd Kh Qs Js Ts 9h |
      | p3     | As 2s 3s Th Jh Qh 5d |
    # p2 keeps 9 and does not tie; p3, after him, keeps 5 like the knocker
    Then the hand ends in undercut
    And p3 wins the hand
    And the table scores are:
      | player | points |
      | p1     | 0      |
      | p2     | -4     |
      | p3     | 0      |
