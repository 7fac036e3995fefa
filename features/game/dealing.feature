Feature: Who deals each hand of a game
  In the standard game the deal alternates, and a hand that ends at the wall with nobody scoring
  is dealt again by the same dealer. A drawn hand, which nobody wins, is treated like it. Some
  houses let the winner or the loser of each hand deal the next, or pass the deal after a void
  hand.

  @DEAL-ROTATION @STOCK-VOID-DEALER @GAME-TARGET @game
  Scenario Outline: Dealers through a game with a void and a drawn hand
    Given standard rules
    And the rule dealer_rotation is <rotation>
    And the rule void_hand_dealer is <void>
    And <first> deals the first hand
    When these hands are played:
      | winner | outcome | points |
      | p1     | knock   | 30     |
      | none   | void    | 0      |
      | p1     | knock   | 20     |
      | none   | draw    | 0      |
      | p1     | gin     | 55     |
    Then the dealers are "<dealers>"
    # 30 + 20 + 55 = 105: over after hand 5
    And the game is over after hand 5

    # alternate/same from p1: p1, then p2 after p1's win, p2 again after the void hand, p1 after
    # p1's win, p1 again after the drawn hand. With next the deal moves on after hands nobody won;
    # with winner p1 keeps or regains the deal after his wins; with loser p2 deals after them.
    Examples:
      | first | rotation  | void | dealers        |
      | p1    | alternate | same | p1 p2 p2 p1 p1 |
      | p2    | alternate | same | p2 p1 p1 p2 p2 |
      | p1    | alternate | next | p1 p2 p1 p2 p1 |
      | p1    | winner    | same | p1 p1 p1 p1 p1 |
      | p1    | winner    | next | p1 p1 p2 p1 p2 |
      | p1    | loser     | same | p1 p2 p2 p2 p2 |
