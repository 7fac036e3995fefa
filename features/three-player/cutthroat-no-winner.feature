Feature: Cutthroat after a hand that nobody won
  In cutthroat the loser of a hand sits out the next, and the player who sat out deals it to the
  winner. A hand nobody won (a void hand at the wall, or a tie that is nobody's hand) has no loser:
  the same two play again and the player sitting out stays out. Who deals it is the house's
  void_hand_dealer rule: the same dealer again, or the deal passing to his opponent.

  Background:
    Given the three-player variant
    And the rule table_format is cutthroat
    And p2 deals the first hand and plays p3

  @MP3-CUTTHROAT @STOCK-VOID-DEALER @three-player
  Scenario: The same dealer deals again to the same opponent
    When the three play these hands:
      | winner | outcome | points |
      | none   | void    |        |
      | p3     | knock   | 40     |
      | none   | draw    |        |
      | p1     | gin     | 60     |
      | p1     | knock   | 45     |
    # hand 2: p3 wins, p2 sits out and p1 deals to p3; hand 4: p1 wins, p3 sits out and p2 deals
    Then the dealers are "p2 p2 p1 p1 p2"
    And the hands are played by "p2-p3 p2-p3 p1-p3 p1-p3 p1-p2"
    And the game is over after hand 5
    And p1 wins the three-player game

  @MP3-CUTTHROAT @STOCK-VOID-DEALER @three-player
  Scenario: The deal passes to the opponent, and the player sitting out still stays out
    Given the rule void_hand_dealer is next
    When the three play these hands:
      | winner | outcome | points |
      | none   | void    |        |
      | p3     | knock   | 40     |
      | none   | draw    |        |
      | p1     | gin     | 60     |
      | p1     | knock   | 45     |
    # after hand 1 p3 deals to p2; after hand 2, won by p3 on his own deal, p1 deals to p3;
    # after the draw of hand 3, p3 deals to p1
    Then the dealers are "p2 p3 p1 p3 p2"
    And the hands are played by "p2-p3 p2-p3 p1-p3 p1-p3 p1-p2"
    And the game is over after hand 5
    And p1 wins the three-player game
