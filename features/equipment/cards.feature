Feature: The cards and their values
  Gin uses one 52-card pack. The ace is always low. For counting deadwood an ace is 1, a two to a
  ten its pip value, and a jack, queen or king 10.

  Background:
    Given standard rules

  @CARD-VALUES @DEADWOOD-COUNT
  Scenario Outline: Each rank has its value
    When the hand "<card>" is counted
    Then the least deadwood is <value>

    Examples:
      | card | value |
      | Ac   | 1     |
      | 2d   | 2     |
      | 3h   | 3     |
      | 4s   | 4     |
      | 5c   | 5     |
      | 6d   | 6     |
      | 7h   | 7     |
      | 8s   | 8     |
      | 9c   | 9     |
      | Td   | 10    |
      | Jh   | 10    |
      | Qs   | 10    |
      | Kc   | 10    |

  @CARD-VALUES @DEADWOOD-COUNT
  Scenario: The most deadwood ten cards can hold
    # At most two cards of a rank without a set, and no three in a row of one suit:
    # two each of K, Q, J and 10 (80) and two nines (18).
    When the hand "Kc Kd Qh Qs Jc Jd Th Ts 9h 9s" is counted
    Then the least deadwood is 98
    And nothing can be melded

  @CARD-RANK-ACE-LOW @MELD-RUN-ACE-LOW
  Scenario Outline: The ace is the lowest card of a suit
    When the cards "<cards>" are checked as a meld
    Then they <verdict>

    Examples:
      | cards       | verdict        |
      | Ac 2c 3c    | are a run      |
      | Ad 2d 3d 4d | are a run      |
      | Qd Kd Ad    | are not a meld |
      | Js Qs Ks As | are not a meld |

  @CARD-RANK-ACE-LOW @CARD-VALUES @DEADWOOD-COUNT
  Scenario: An ace counts one point, never eleven
    # Q K A of hearts is no run, so all three count: 10 + 10 + 1
    When the hand "Qh Kh Ah" is counted
    Then the least deadwood is 21
    And nothing can be melded
