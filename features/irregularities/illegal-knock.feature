Feature: Illegal knock
  A player who knocks with more deadwood than the knock limit allows has knocked illegally. At the
  table the offender's cards are shown, or the knock is refused; under competition rules he loses
  the game. An engine refuses the knock and says why: over the knock limit.

  In these deals p2 deals and p1 plays first. p1 holds a run of four clubs from the ace and four
  nines, with the 2h and 5d loose; the 7h is turned up and the 6s is on top of the stock.

  Background:
    Given the deal:
      | dealer | p2                                                                                           |
      | p1     | Ac 2c 3c 4c 9c 9d 9h 9s 2h 5d                                                                |
      | p2     | Kh Qd Jc 8h 7d 3d Tc 5s Ts 8c                                                                |
      | upcard | 7h                                                                                           |
      | stock  | 6s Qh Jd 5c 6c 7c Qc Kc Ad 2d 4d 6d 8d Td 4h 5h 6h Th Jh As 2s 3s 4s 8s Js Qs Ks 7s Kd 3h Ah |

  @IRREG-ILLEGAL-KNOCK @KNOCK-LIMIT @round
  Scenario: A knock with 11 points is refused
    Given standard rules
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock 2h   |
    # putting the 2h down keeps 5d and 6s: 5 + 6 = 11, over the limit of 10
    Then action 4 is refused as over_knock_limit

  @IRREG-ILLEGAL-KNOCK @IRREG-ILLEGAL-ACTION-FORFEIT @eaai @round
  Scenario: Under competition rules the illegal knock is reported, and the game is lost by it
    Given the eaai variant
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock 2h   |
    Then action 4 is refused as over_knock_limit

  @IRREG-ILLEGAL-KNOCK @KNOCK-LIMIT @round
  Scenario: After the refusal the same player may still knock legally
    Given standard rules
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 knock 5d   |
      | p2 done       |
    # with the 5d down p1 keeps 2h 6s: 8, within 10
    Then the hand ends in knock
    # p2 has 10 + 10 + 10 + 8 + 7 + 3 + 10 + 5 + 10 + 8 = 81 and nothing to lay off: 81 - 8 = 73
    And p1 scores 73 points

  @IRREG-ILLEGAL-KNOCK @KNOCK-LIMIT
  Scenario: A hand knocked over the limit cannot be scored
    Given standard rules
    When the hand is scored with knocker "Ac 2c 3c 4c 9c 9d 9h 9s 5d 6s" and defender "Kh Qd Jc 8h 7d 3d Tc 5s Ts 8c"
    # 5 + 6 = 11 unmatched
    Then the hand cannot be scored: illegal_knock
