Feature: Partnership gin
  Four players form two teams: p1 and p3 are team A, p2 and p4 team B. At every deal each player
  plays an ordinary two-player hand against a member of the other team, changing opponents from
  one deal to the next. A team scores the net result of its two hands, a deal won counts as a box,
  and the game goes to 125. A void hand is not replayed: the other hand alone decides the deal.
  The team that won the last deal deals the next.

  @MP4-PARTNERSHIP @MP4-NET-RESULT @MP4-TARGET @MP4-DRAWN-HAND @MP4-DEAL @partnership
  Scenario: A partnership game to 125
    Given the partnership variant
    And team A deals first
    When the partners play these deals:
      | table 1       | table 2           |
      | p1 knock 12   | p4 knock 10       |
      | p1 gin 45     | p3 undercut 30    |
      | p1 knock 30   | void              |
      | p4 knock 15   | p2 knock 25       |
      | p2 knock 8    | p3 knock 26       |
    Then deal 1 is won by team A by 2
    And deal 3 is won by team A by 30
    And deal 4 is won by team B by 40
    And in deal 1 p1 plays p2 and p3 plays p4
    And in deal 2 p1 plays p4 and p3 plays p2
    And the teams deal in the order "A A A A B"
    And after deal 3 the teams stand at 107 to 0
    And the partnership game is over after deal 5
    And team A ends with 325 in all
    And team B ends with 65 in all
    And team A wins the partnership game by 260

  @MP4-NET-RESULT @MP4-DEAL @partnership
  Scenario: Two equal wins cancel out and the deal passes to the other team
    Given the partnership variant
    And team A deals first
    When the partners play these deals:
      | table 1     | table 2     |
      | p1 knock 20 | p4 knock 20 |
      | p1 gin 70   | p3 gin 60   |
    Then nobody wins deal 1
    And the teams deal in the order "A B"
    And team A ends with 510 in all

  @MP4-PARTNERSHIP @partnership
  Scenario: Partners change opponents from one deal to the next
    Given the partnership variant
    When the partners play these deals:
      | table 1     | table 2     |
      | p2 knock 14 | p3 knock 9  |
      | p2 knock 30 | p3 knock 11 |
    Then the results are refused: invalid_hand_record

  @MP4-TARGET @partnership
  Scenario: 110 points do not end a partnership game
    Given the partnership variant
    When the partners play these deals:
      | table 1     | table 2     |
      | p1 knock 60 | p3 knock 50 |
    Then the scores cannot be settled: game_not_over

  @MP4-DRAWN-HAND @partnership
  Scenario: A deal of two void hands scores nothing and is not replayed
    Given the partnership variant
    And team B deals first
    When the partners play these deals:
      | table 1   | table 2        |
      | void      | draw           |
      | p4 gin 80 | p2 undercut 50 |
    Then nobody wins deal 1
    And after deal 1 the teams stand at 0 to 0
    And the teams deal in the order "B A"
    And the partnership game is over after deal 2
    And team B ends with 510 in all

  @MP4-DRAWN-HAND @MP4-TARGET @partnership
  Scenario: A deal listed after the game is over is refused
    Given the partnership variant
    When the partners play these deals:
      | table 1     | table 2        |
      | p1 gin 80   | p3 undercut 50 |
      | p4 knock 10 | void           |
    Then the scores cannot be settled: game_already_over
