Feature: Sets and runs
  A meld is a set of three or four cards of one rank, or a run of three or more cards of one suit
  in order. The ace is always low, and runs do not go round the corner.

  Background:
    Given standard rules

  @MELD-SET
  Scenario Outline: Cards of one rank
    When the cards "<cards>" are checked as a meld
    Then they <verdict>

    Examples:
      | cards        | verdict         |
      | 7c 7d 7h     | are a set       |
      | 7c 7d 7h 7s  | are a set       |
      | 7c 7d        | are not a meld  |
      | Kc Kd Ks     | are a set       |

  @MELD-RUN @MELD-RUN-ACE-LOW @MELD-RUN-NO-WRAP
  Scenario Outline: Cards of one suit
    When the cards "<cards>" are checked as a meld
    Then they <verdict>

    Examples:
      | cards           | verdict         |
      | Ah 2h 3h        | are a run       |
      | 9s Ts Js Qs Ks  | are a run       |
      | Qh Kh Ah        | are not a meld  |
      | Kh Ah 2h        | are not a meld  |
      | 4s 5s 7s        | are not a meld  |
      | 4s 5s 6d        | are not a meld  |

  @MELD-DISJOINT @DEADWOOD-COUNT
  Scenario: A card serves one meld only
    When the hand "7c 7d 7h 5h 6h Kd Qs 2c 9s Jd" is counted
    Then the least deadwood is 52
    And the best melds are "7c 7d 7h"
