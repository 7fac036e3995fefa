Feature: A player chooses how to meld his cards
  A knocker may show any valid spread of his ten cards whose deadwood is within the knock limit,
  not only his best one, for instance to leave the defender fewer lay-offs. Whether he may knock
  at all depends only on the least deadwood his cards allow.

  The knocker keeps Ac 2c 3c 4c, all four sevens, 2d and 3h. The defender holds 5c, Kd, Qs, 9d,
  8s, 6h, Jc, 3s, 2s and Th: no meld, 73 points, and only the 5c could ever be laid off.

  Background:
    Given standard rules

  @MELD-ARRANGEMENT-CHOICE @SCORE-AUTO-SPREAD @SCORE-KNOCK-WIN
  Scenario: With no spread given the knocker shows his best one
    When the hand is scored with knocker "Ac 2c 3c 4c 7c 7d 7h 7s 2d 3h" and defender "5c Kd Qs 9d 8s 6h Jc 3s 2s Th"
    # Ac 2c 3c 4c and the four sevens leave 2d + 3h = 5; the 5c goes on the run: 73 - 5 = 68.
    # 68 - 5 = 63
    Then the outcome is knock
    And the knocker's deadwood is 5
    And the defender's deadwood is 68
    And the defender lays off "5c"
    And the knocker scores 63 points

  @MELD-ARRANGEMENT-CHOICE @SCORE-KNOCK-WIN @LAYOFF-TARGET-KNOCKER-MELDS
  Scenario: A spread that is not the best, but within the limit, is scored as shown
    When the hand is scored with knocker "Ac 2c 3c 4c 7c 7d 7h 7s 2d 3h" spreading "Ac 2c 3c | 7c 7d 7h 7s" and defender "5c Kd Qs 9d 8s 6h Jc 3s 2s Th"
    # Showing 4c as deadwood: 4 + 2 + 3 = 9. The 5c no longer fits a meld, so the defender keeps 73.
    # 73 - 9 = 64, one point more than with the best spread
    Then the outcome is knock
    And the knocker's deadwood is 9
    And the defender's deadwood is 73
    And the defender lays off nothing
    And the knocker scores 64 points

  @MELD-ARRANGEMENT-CHOICE @KNOCK-LIMIT
  Scenario Outline: A spread over the limit, or not made of melds, cannot be scored
    When the hand is scored with knocker "Ac 2c 3c 4c 7c 7d 7h 7s 2d 3h" spreading "<spread>" and defender "5c Kd Qs 9d 8s 6h Jc 3s 2s Th"
    # 2c 3c 4c and 7c 7d 7h leave Ac + 7s + 2d + 3h = 13; Ac-4c and 7c 7d 7h leave 7s + 2d + 3h = 12.
    # 7c 7d 2d is no meld, and the 4c cannot serve two melds.
    Then the hand cannot be scored: <error>

    Examples:
      | spread                        | error         |
      | 2c 3c 4c \| 7c 7d 7h          | illegal_knock |
      | Ac 2c 3c 4c \| 7c 7d 7h       | illegal_knock |
      | Ac 2c 3c 4c \| 7c 7d 2d       | invalid_melds |
      | Ac 2c 3c 4c \| 4c 7c 7d 7h 7s | invalid_melds |
