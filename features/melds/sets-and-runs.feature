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
      | cards       | verdict        |
      | 7c 7d 7h    | are a set      |
      | 7c 7d 7h 7s | are a set      |
      | 7c 7d       | are not a meld |
      | Kc Kd Ks    | are a set      |
      | 7c 7d 8h    | are not a meld |
      | 7c 7d 7h 8h | are not a meld |

  @MELD-RUN @MELD-RUN-ACE-LOW @MELD-RUN-NO-WRAP
  Scenario Outline: Cards of one suit
    When the cards "<cards>" are checked as a meld
    Then they <verdict>

    Examples:
      | cards          | verdict        |
      | Ah 2h 3h       | are a run      |
      | 9s Ts Js Qs Ks | are a run      |
      | Qh Kh Ah       | are not a meld |
      | Kh Ah 2h       | are not a meld |
      | 4s 5s 7s       | are not a meld |
      | 4s 5s 6d       | are not a meld |
      | Kc Ac 2c       | are not a meld |
      | Qc Kc Ac 2c    | are not a meld |

  @MELD-RUN
  Scenario Outline: A run has no greatest length
    When the cards "<cards>" are checked as a meld
    Then they are a run

    Examples:
      | cards                                  |
      | 3d 4d 5d 6d                            |
      | Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc          |
      | 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs       |
      | Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh |

  @MELD-DISJOINT @DEADWOOD-COUNT
  Scenario: A card serves one meld only
    When the hand "7c 7d 7h 5h 6h Kd Qs 2c 9s Jd" is counted
    Then the least deadwood is 52
    And the best melds are "7c 7d 7h"

  @MELD-DISJOINT @MELD-SET @MELD-RUN
  Scenario: A four-card set can spare a card for a run
    # 7c 7d 7h stays a set while the 7s completes 5s 6s 7s: Kd + Qd + 2c + 9h = 31.
    # Keeping all four sevens together would strand 5s and 6s: 42.
    When the hand "7c 7d 7h 7s 5s 6s Kd Qd 2c 9h" is counted
    Then the least deadwood is 31
    And the best melds are "7c 7d 7h | 5s 6s 7s"

  @DEADWOOD-COUNT
  Scenario Outline: Deadwood is the value of the cards in no meld
    When the hand "<hand>" is counted
    Then the least deadwood is <deadwood>

    Examples:
      | hand                          | deadwood |
      | 2c 3d                         | 5        |
      | 2c 2d 3h                      | 7        |
      | 2c 2d 2h                      | 0        |
      | 4h 5h 6h 7h Kc Kd Ks 9c 9d 9s | 0        |
      | 4h 5h 6h 7h Kc Kd Ks 9c 9d Qs | 28       |

  @DEADWOOD-COUNT @MELD-DISJOINT
  Scenario: A card that can serve a set or a run gives two best arrangements
    # With 3c 3d 3h the 2h and 4h are left (6); with 2h 3h 4h the 3c and 3d are left (6).
    # Either way Kc + Qd + Js + 9s + 7c = 46 more: 52.
    When the hand "2h 3h 4h 3c 3d Kc Qd Js 9s 7c" is counted
    Then the least deadwood is 52
    And the melds may be "3c 3d 3h"
    And the melds may be "2h 3h 4h"
