Feature: Laying off
  After a knock that is not gin, the defender may add his cards to the knocker's melds: the fourth
  card of a three-card set, or a card next below or above a run, nothing below an ace or above a
  king. Cards he has laid off may carry further cards. When a hand is scored automatically the
  defender's own melds and his lay-offs are chosen together, to leave him the least deadwood.

  Background:
    Given standard rules

  @LAYOFF-EXTEND-RUN @LAYOFF-EXTEND-SET @LAYOFF-OPTIMAL @MELD-RUN-NO-WRAP
  Scenario Outline: Which cards fit the knocker's melds
    When the knocker spreads "<spread>" and the defender holds "<defender>"
    Then the defender lays off "<layoffs>"
    And the defender's deadwood is <deadwood>

    # 1: 4h above A-2-3, 8c below and Qc above 9-10-J of clubs; the Kh does not go round the corner.
    #    67 - 4 - 8 - 10 = 45
    # 2: 10h below J-Q-K, Ac below and 5c above 2-3-4 of clubs; nothing goes above a king.
    #    63 - 10 - 1 - 5 = 47
    # 3: the 7s is the fourth seven: 60 - 7 = 53
    Examples:
      | spread                  | defender                      | layoffs  | deadwood |
      | Ah 2h 3h \| 9c Tc Jc    | 4h Kh 8c Qc 2s 5s 8d Jd 4c 6d | 4h 8c Qc | 45       |
      | Jh Qh Kh \| 2c 3c 4c    | Th Ah Ac 5c 9s 6d 8d Qd 3s Js | Th Ac 5c | 47       |
      | 7c 7d 7h \| Jc Jd Jh Js | 7s 9d 2c 4h Qd Ac 6s 8h 3d Kh | 7s       | 53       |

  @LAYOFF-CHAIN @LAYOFF-EXTEND-RUN @LAYOFF-OPTIMAL
  Scenario Outline: Cards laid off carry further cards
    When the knocker spreads "<spread>" and the defender holds "<defender>"
    Then the defender lays off "<layoffs>"
    And the defender's deadwood is <deadwood>

    # 1: 4h then 5h onto A-2-3 of hearts, 8s then 9s onto 5-6-7 of spades: 10 + 10 + 2 + 6 + 10 + 3 = 41
    # 2: 3h then 2h below 4-5-6 of hearts, 9c below 10-J-Q of clubs: 10 + 8 + 5 + 10 + 7 + 1 + 4 = 45
    Examples:
      | spread               | defender                      | layoffs     | deadwood |
      | Ah 2h 3h \| 5s 6s 7s | 4h 5h 8s 9s Kc Qd 2c 6d Jc 3d | 4h 5h 8s 9s | 41       |
      | 4h 5h 6h \| Tc Jc Qc | 3h 2h 9c Kd 8s 5d Qs 7c As 4d | 3h 2h 9c    | 45       |

  @LAYOFF-CHAIN
  Scenario: Where chains are not allowed only the first card of each goes
    Given the rule layoff_chaining is false
    When the knocker spreads "Ah 2h 3h | 5s 6s 7s" and the defender holds "4h 5h 8s 9s Kc Qd 2c 6d Jc 3d"
    # The 5h and 9s stay: 41 + 5 + 9 = 55
    Then the defender lays off "4h 8s"
    And the defender's deadwood is 55

  @LAYOFF-OPTIMAL @LAYOFF-DEFENDER-MELDS @LAYOFF-CHAIN
  Scenario: Melds and lay-offs are chosen together
    When the knocker spreads "4h 5h 6h | 9c 9d 9s | Jc Jd Js" and the defender holds "7c 7d 7h 7s 8h 3h Td Kc Qd 2s"
    # Melding all four sevens first strands the 8h: after laying off the 3h, 8 + 10 + 10 + 10 + 2 = 40.
    # Keeping 7c 7d 7s, he lays off the 3h below the run and the 7h and then the 8h above it:
    # only 10d + Kc + Qd + 2s = 32 remain.
    Then the defender's deadwood is 32
    And the defender lays off "3h 7h 8h"

  @LAYOFF-OPTIMAL @LAYOFF-CHAIN
  Scenario: Without chains the same defender keeps more
    Given the rule layoff_chaining is false
    When the knocker spreads "4h 5h 6h | 9c 9d 9s | Jc Jd Js" and the defender holds "7c 7d 7h 7s 8h 3h Td Kc Qd 2s"
    # The 8h can no longer follow the 7h: 40 either way
    Then the defender's deadwood is 40

  @LAYOFF-OPTIMAL @LAYOFF-DEFENDER-ONLY
  Scenario: Where there are no lay-offs the defender only melds
    Given the rule layoffs is false
    When the knocker spreads "4h 5h 6h | 9c 9d 9s | Jc Jd Js" and the defender holds "7c 7d 7h 7s 8h 3h Td Kc Qd 2s"
    # 7c 7d 7h 7s melded; 3 + 8 + 10 + 10 + 10 + 2 = 43
    Then the defender's deadwood is 43
    And the defender lays off nothing

  @KNOCK-SPREAD-FIXED @LAYOFF-TARGET-KNOCKER-MELDS
  Scenario Outline: Lay-offs go onto the melds exactly as the knocker spread them
    When the knocker spreads "<spread>" and the defender holds "6h 2c 4d Ks Qd 9c 3s 5c Jd 8s"
    Then the defender's deadwood is <deadwood>

    # With the 7h in the set, 8h 9h 10h is a run the 6h cannot reach: 67 stays.
    # Spread as 7-8-9-10 of hearts, the 6h fits: 67 - 6 = 61.
    Examples:
      | spread               | deadwood |
      | 7c 7d 7h \| 8h 9h Th | 67       |
      | 7h 8h 9h Th          | 61       |
