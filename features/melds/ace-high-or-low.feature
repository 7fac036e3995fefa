Feature: The ace high or low in runs (a house rule)
  Some tables let the ace stand above the king as well as below the two: Q-K-A is then a run as
  well as A-2-3. One ace is never both at once, so K-A-2 still goes round the corner and is no run.
  The ace counts one point wherever it stands.

  Background:
    Given standard rules
    And the rule ace_in_runs is low_or_high

  @MELD-RUN-ACE-HIGH
  Scenario Outline: Runs with the ace at either end
    When the cards "<cards>" are checked as a meld
    Then they <verdict>

    Examples:
      | cards       | verdict        |
      | Qh Kh Ah    | are a run      |
      | Jd Qd Kd Ad | are a run      |
      | Ac 2c 3c    | are a run      |
      | Kc Ac 2c    | are not a meld |
      | Qs Ks As 2s | are not a meld |

  @MELD-RUN-ACE-HIGH @DEADWOOD-COUNT @CARD-VALUES
  Scenario: The ace melded above the king
    When the hand "Qh Kh Ah 2c 3c 4c 7d 8d 9d 5s" is counted
    # Q-K-A, 2-3-4 and 7-8-9 are melded; only the 5s is left.
    Then the least deadwood is 5
    And the best melds are "2c 3c 4c | 7d 8d 9d | Qh Kh Ah"

  @MELD-RUN-ACE-HIGH @MELD-RUN-NO-WRAP @DEADWOOD-COUNT
  Scenario: The ace goes high or low, never both ways round the corner
    When the hand "Qc Kc Ac 2c 3c 5d 6d 7d 9h 9s" is counted
    # Q-K-A leaves 2c 3c 9h 9s = 23; A-2-3 would leave Qc Kc 9h 9s = 38.
    Then the least deadwood is 23

  @MELD-RUN-ACE-HIGH @LAYOFF-EXTEND-RUN
  Scenario: The ace laid off above a run ending in the king
    When the knocker spreads "9c 9d 9h 9s | Jh Qh Kh" and the defender holds "2c 8c 4d 5d Ah 3h Th 6s 7s Qs"
    # Th below the jack and Ah above the king: 2 + 8 + 4 + 5 + 3 + 6 + 7 + 10 = 45.
    Then the defender's deadwood is 45
    And the defender lays off "Ah Th"
