Feature: Acting out of turn, and discarding without knocking
  The players take turns strictly in alternation. A player who discards face up without knocking
  has made an ordinary discard: his turn is over and he cannot knock until his next turn. Acting
  in the other player's turn is refused.

  In these deals p2 deals and p1 plays first. p1 holds a run of four clubs from the ace and four
  nines, with the 2h and 5d loose; the 7h is turned up and the 6s, Qh and Jd are the top three
  cards of the stock.

  Background:
    Given standard rules
    And the deal:
      | dealer | p2                                                                                           |
      | p1     | Ac 2c 3c 4c 9c 9d 9h 9s 2h 5d                                                                |
      | p2     | Kh Qd Jc 8h 7d 3d Tc 5s Ts 8c                                                                |
      | upcard | 7h                                                                                           |
      | stock  | 6s Qh Jd 5c 6c 7c Qc Kc Ad 2d 4d 6d 8d Td 4h 5h 6h Th Jh As 2s 3s 4s 8s Js Qs Ks 7s Kd 3h Ah |

  @IRREG-FORGOT-TO-KNOCK @KNOCK-TIMING @round
  Scenario: Having discarded, he cannot knock this turn
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 discard 6s |
      | p1 knock 5d   |
    # p1 could have knocked with 6s or 5d, but he discarded the 6s face up: it is p2's turn now
    Then after 4 actions it is p2's turn with 30 cards in the stock
    And action 5 is refused as not_your_turn

  @IRREG-FORGOT-TO-KNOCK @KNOCK-TIMING @round
  Scenario: He may knock on his next turn
    When the players play:
      | action        |
      | p1 pass       |
      | p2 pass       |
      | p1 draw stock |
      | p1 discard 6s |
      | p2 draw stock |
      | p2 discard Qh |
      | p1 draw stock |
      | p1 knock Jd   |
      | p2 done       |
    # p1 drew the Jd: putting it down keeps 2h 5d, 7 points
    Then after 7 actions the legal actions are:
      | action        |
      | p1 discard Ac |
      | p1 discard 2c |
      | p1 discard 3c |
      | p1 discard 4c |
      | p1 discard 9c |
      | p1 discard 9d |
      | p1 discard 9h |
      | p1 discard 9s |
      | p1 discard 2h |
      | p1 discard 5d |
      | p1 discard Jd |
      | p1 knock Jd   |
    And the hand ends in knock
    # p2 still holds his 81 points (he drew and threw the Qh): 81 - 7 = 74
    And p1 scores 74 points

  @TURN-ALTERNATION @FIRST-UPCARD-OFFER @round
  Scenario Outline: An action in the other player's turn is refused
    When the players play:
      | action   |
      | <first>  |
      | <second> |
    Then action <refused> is refused as not_your_turn

    # the upcard is offered to p1 first; after p1 passes it is offered to p2
    Examples:
      | first           | second        | refused |
      | p2 draw discard | p1 pass       | 1       |
      | p1 pass         | p1 draw stock | 2       |
