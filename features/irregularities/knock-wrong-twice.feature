Feature: A knock that is wrong in two ways at once
  A knock can break two rules at the same time: the card put down may be one the player may not
  discard, or the melds he spreads may not be melds, while his count is also over the knock limit.
  What he is refused for matters where the house punishes the two offences differently: an
  illegal knock (over the limit) under one penalty, any other illegal action under another.

  The knock is a discard first. A card that may not be discarded (here the upcard just taken) is
  refused before anything is counted. Otherwise the ten cards kept are counted, and a count over the
  limit is an illegal knock whatever the spread; only a knock within the limit is refused for its
  spread (question Q27 of the rules' open questions).

  In these deals p2 deals and p1 plays first. p1 holds a run of four clubs from the 2, four nines
  and the loose 6h and Td; the Kh is turned up and the 7s is on top of the stock.

  Background:
    Given the deal:
      | dealer | p2                                                                                        |
      | p1     | 2c 3c 4c 5c 9c Td 9d 6h 9h 9s                                                             |
      | p2     | Ac 6c 8c 2d 7d 4d 3h 4s 6s 8s                                                             |
      | upcard | Kh                                                                                        |
      | stock  | 7s Kc Kd Ad Tc 3d 7h Qd Qs Ts Qc 8h 5s 5d 2s Ks 5h Jh 2h 6d Th 4h Qh Js 8d 3s 7c Ah Jd As Jc |

  @TURN-NO-DISCARD-TAKEN-CARD @IRREG-ILLEGAL-ACTION-FORFEIT @IRREG-ILLEGAL-KNOCK @KNOCK-LIMIT @round
  Scenario: Knocking with the upcard just taken is refused for the card, not for the count
    Given standard rules
    And the rule illegal_knock_penalty is forfeit_game
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
    # the Kh was taken this turn; keeping the rest would also leave 6h Td, 16, over the limit of 10
    Then action 2 is refused as taken_card
    # an illegal action is only refused here, though an illegal knock would lose the game
    And the offender plays on

  @TURN-NO-DISCARD-TAKEN-CARD @IRREG-ILLEGAL-ACTION-FORFEIT @KNOCK-LIMIT @round
  Scenario: The same knock loses the game where an illegal action does
    Given standard rules
    And the rule illegal_action_penalty is forfeit_game
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 knock Kh     |
    Then action 2 is refused as taken_card
    And the offender forfeits the game

  @KNOCK-LIMIT @IRREG-ILLEGAL-KNOCK @IRREG-ILLEGAL-ACTION-FORFEIT @MELD-ARRANGEMENT-CHOICE @round
  Scenario: A knock over the limit with a spread that is no meld is an illegal knock
    Given standard rules
    And the rule illegal_action_penalty is forfeit_game
    When the players play:
      | action                                            |
      | p1 pass                                           |
      | p2 pass                                           |
      | p1 draw stock                                     |
      | p1 knock 7s with 2c 3c 4c 5c \| 9c 9d 9h 9s \| 6h Td |
    # 6h Td is no meld, and without the 7s p1 keeps 6h Td at best: 16, over the limit of 10
    Then action 4 is refused as over_knock_limit
    # an illegal knock is only refused here, though an invalid spread would lose the game
    And the offender plays on

  @KNOCK-LIMIT @IRREG-ILLEGAL-KNOCK @round
  Scenario: The same knock loses the game where an illegal knock does
    Given standard rules
    And the rule illegal_knock_penalty is forfeit_game
    When the players play:
      | action                                            |
      | p1 pass                                           |
      | p2 pass                                           |
      | p1 draw stock                                     |
      | p1 knock 7s with 2c 3c 4c 5c \| 9c 9d 9h 9s \| 6h Td |
    Then action 4 is refused as over_knock_limit
    And the offender forfeits the game
