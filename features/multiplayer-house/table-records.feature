Feature: What a score sheet of a table game may record
  A game at the S003 table is kept on a score sheet, one line per hand: who won, how, and every
  player's score for that hand. The sheet shows points, not cards, so the amounts cannot be checked
  against the hands; but the signs can. The winner scores 0 or more (0 when a tie is an undercut
  worth nothing), everybody else 0 or less. A hand without a winner, void at the wall or a tie that
  is nobody's hand, scores nothing for anybody; a hand with a winner is won by a knock, an
  undercut or gin; and the winner sits at the table. A line that breaks one of these is no hand
  result, and the game cannot be settled from it (question Q28 of the rules' open questions).

  Background:
    Given the house-s003-three variant
    And the rule game_target is 20
    And the rule penalty_totals is subtract
    And p1 deals the first hand

  @MPN-SEED003-SCORING @SCORE-UNDERCUT-TIE @house-s003-three
  Scenario: An undercut worth nothing is a hand result like any other
    Given the rule tie_outcome is undercut_without_bonus
    When these hands are played at the table:
      | winner | outcome  | p1  | p2 | p3  |
      | p3     | undercut | -6  | 0  | 0   |
      | p2     | gin      | -30 | 25 | -12 |
    # p3 tied with the knocker and took the hand for 0; the knocker, tied with him, paid nothing
    Then the dealers are "p1 p2"
    And after hand 1 the table stands at p1 -6, p2 0, p3 0
    And the game is over after hand 2
    And p2 wins the table game

  @MPN-SEED003-SCORING @house-s003-three
  Scenario Outline: A line the scoring cannot give is refused
    When these hands are played at the table:
      | winner   | outcome   | p1   | p2   | p3   |
      | <winner> | <outcome> | <p1> | <p2> | <p3> |
    Then the table game cannot be settled: invalid_hand_record

    Examples:
      | winner | outcome | p1 | p2 | p3 | why                                       |
      | p1     | knock   | 10 | 5  | -8 | a player other than the winner scores     |
      | none   | void    | 0  | -3 | 0  | a void hand with a penalty in it          |
      | p2     | void    | 0  | 0  | 0  | a void hand with a winner                 |
      | p4     | knock   | -3 | -5 | -4 | a winner with no seat at a table of three |
      | p1     | draw    | 0  | 0  | 0  | a draw with a winner                      |
