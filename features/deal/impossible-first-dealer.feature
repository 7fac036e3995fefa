Feature: A first dealer who is not one of the players
  The first dealer is chosen among the players. A score sheet whose first dealer is somebody else
  (a third player at a game for two, a fourth at a table of three) cannot say who deals any hand,
  so the game is not scored from a guess: the question is refused as it was asked, with the reason
  invalid_dealer (question Q29 of the rules' open questions).

  @DEAL-FIRST-DEALER @EQUIP-PLAYERS-TWO @game
  Scenario: A game for two whose first dealer is p3
    Given standard rules
    And p3 deals the first hand
    When these hands are played:
      | winner | outcome | points |
      | p1     | gin     | 125    |
    Then the question is refused as invalid_dealer

  @DEAL-FIRST-DEALER @MPN-SEED003 @house-s003-three
  Scenario: A game at a table of three whose first dealer is p4
    Given the house-s003-three variant
    And p4 deals the first hand
    When these hands are played at the table:
      | winner | outcome | p1 | p2  | p3  |
      | p1     | gin     | 25 | -40 | -60 |
    Then the question is refused as invalid_dealer
