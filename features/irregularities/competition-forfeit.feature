Feature: Illegal actions under competition rules
  Under the competition rules for computer players (the eaai variant) any illegal action loses the
  whole game at once: discarding a card not held, discarding the card just taken from the discard
  pile, spreading an invalid meld, knocking over the limit, declaring a big gin that is not there.
  The engine refuses the action and names what was wrong; the loss of the game follows from that.
  At the table the same actions are refused and corrected.

  In these deals p2 deals and p1 plays first. p1 holds a run of four clubs from the ace and four
  nines, with the 2h and 5d loose; the 7h is turned up and the 6s is on top of the stock.

  Background:
    Given the deal:
      | dealer | p2                                                                                           |
      | p1     | Ac 2c 3c 4c 9c 9d 9h 9s 2h 5d                                                                |
      | p2     | Kh Qd Jc 8h 7d 3d Tc 5s Ts 8c                                                                |
      | upcard | 7h                                                                                           |
      | stock  | 6s Qh Jd 5c 6c 7c Qc Kc Ad 2d 4d 6d 8d Td 4h 5h 6h Th Jh As 2s 3s 4s 8s Js Qs Ks 7s Kd 3h Ah |

  @IRREG-ILLEGAL-ACTION-FORFEIT @IRREG-ILLEGAL-KNOCK @BIGGIN-DEFINITION @eaai @round
  Scenario Outline: After the draw
    Given the <variant> variant
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | <action>      |
    Then action 4 is refused as <reason>
    And the offender <penalty>

    # p1 holds Ac-4c, four nines, 2h 5d and the 6s he drew. The Kh is p2's; 2h down keeps 11;
    # 9c 9d alone is no meld; the 2h 5d 6s cannot all be melded, so there is no big gin.
    Examples:
      | variant  | action                             | reason           | penalty           |
      | eaai     | p1 discard Kh                      | card_not_held    | forfeits the game |
      | eaai     | p1 knock 2h                        | over_knock_limit | forfeits the game |
      | eaai     | p1 knock 6s with Ac 2c 3c \| 9c 9d | invalid_spread   | forfeits the game |
      | eaai     | p1 big-gin                         | not_big_gin      | forfeits the game |
      | standard | p1 big-gin                         | not_big_gin      | plays on          |
      | standard | p1 knock 2h                        | over_knock_limit | plays on          |

  @IRREG-ILLEGAL-ACTION-FORFEIT @TURN-NO-DISCARD-TAKEN-CARD @eaai @round
  Scenario Outline: Throwing back the card just taken
    Given the <variant> variant
    When the players play:
      | action          |
      | p1 draw discard |
      | p1 discard 7h   |
    Then action 2 is refused as taken_card
    And the offender <penalty>

    Examples:
      | variant  | penalty           |
      | eaai     | forfeits the game |
      | standard | plays on          |

  @IRREG-ILLEGAL-ACTION-FORFEIT @TURN-ALTERNATION @eaai @round
  Scenario: Playing out of turn
    Given the eaai variant
    When the players play:
      | action          |
      | p2 draw discard |
    Then action 1 is refused as not_your_turn
    And the offender forfeits the game
