Feature: Three players
  Three people share a two-player game. In the usual form the dealer deals to the other two and
  watches; the loser of each hand deals the next, which the winner plays against the player who
  just dealt. In cutthroat the loser sits out and the player who sat out deals to the winner and
  plays him. Each player keeps his own score and settles with each of the others at the end. In a
  third form one player is in the box against the other two: a captain who plays and an adviser.

  @MP3-DEALER-SITS-OUT @three-player
  Scenario: The loser deals the next hand and the winner plays the last dealer
    Given the three-player variant
    And p3 deals the first hand to p1 and p2
    When the three play these hands:
      | winner | outcome  | points |
      | p1     | knock    | 20     |
      | p3     | gin      | 45     |
      | none   | void     |        |
      | p2     | undercut | 30     |
      | p1     | knock    | 35     |
      | p3     | knock    | 60     |
    Then the dealers are "p3 p2 p1 p1 p3 p2"
    And the hands are played by "p1-p2 p1-p3 p2-p3 p2-p3 p1-p2 p1-p3"
    And after hand 5 the three stand at p1 55, p2 30 and p3 45
    And the game is over after hand 6
    And p3 ends with 255 in all
    And p1 ends with 105 in all
    And p3 collects 350 when everyone settles
    And p2 pays 250 when everyone settles
    And p3 wins the three-player game

  @MP3-DEALER-SITS-OUT @three-player
  Scenario: The dealer sits out and cannot win the hand
    Given the three-player variant
    And p1 deals the first hand to p2 and p3
    When the three play these hands:
      | winner | outcome | points |
      | p1     | gin     | 120    |
    Then the results are refused: invalid_hand_record

  @MP3-DEALER-SITS-OUT @GAME-TARGET @three-player
  Scenario: The first player to reach 100 ends the game
    Given the three-player variant
    And p2 deals the first hand to p1 and p3
    When the three play these hands:
      | winner | outcome | points |
      | p1     | gin     | 60     |
      | p1     | knock   | 45     |
      | p2     | knock   | 10     |
    Then the scores cannot be settled: game_already_over

  @MP3-CUTTHROAT @three-player
  Scenario: Cutthroat: the loser sits out, and a player who scored nothing pays each opponent 100 more
    Given the three-player variant
    And the rule table_format is cutthroat
    And the rule shutout is flat_100
    And p2 deals the first hand and plays p3
    When the three play these hands:
      | winner | outcome | points |
      | p3     | knock   | 40     |
      | p3     | gin     | 50     |
      | p2     | knock   | 25     |
      | p2     | knock   | 15     |
      | p3     | knock   | 12     |
    Then the dealers are "p2 p1 p2 p1 p3"
    And the hands are played by "p2-p3 p1-p3 p2-p3 p1-p2 p2-p3"
    And the game is over after hand 5
    And p3 ends with 377 in all
    And p2 ends with 190 in all
    And p1 pays 567 when everyone settles
    And p2 collects 3 when everyone settles
    And p3 collects 564 when everyone settles
    And p3 wins the three-player game

  @MP3-CAPTAIN-BOX @three-player
  Scenario: The box player stays in the box while he wins; the captain who beats him takes his place
    Given the three-player variant
    And the rule table_format is captain_box
    And p1 is in the box against p2 as captain
    When the three play these hands:
      | winner | outcome | points |
      | p1     | knock   | 20     |
      | p3     | knock   | 15     |
      | none   | void    |        |
      | p3     | gin     | 40     |
      | p1     | knock   | 10     |
    Then the dealers are "p1 p1 p3 p3 p3"
    And the hands are played by "p1-p2 p1-p3 p2-p3 p2-p3 p1-p3"

  @MP3-CAPTAIN-BOX @three-player
  Scenario: The adviser does not play the hand
    Given the three-player variant
    And the rule table_format is captain_box
    And p2 is in the box against p3 as captain
    When the three play these hands:
      | winner | outcome | points |
      | p1     | knock   | 20     |
    Then the results are refused: invalid_hand_record
