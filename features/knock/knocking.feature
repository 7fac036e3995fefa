Feature: Knocking
  A player may knock after drawing if, once his knock card is put face down, the deadwood he keeps
  is within the knock limit: ten points in standard gin.

  @KNOCK-LIMIT @KNOCK-COUNT-AFTER-DISCARD
  Scenario: The knock card is not counted
    Given standard rules
    When the player holding "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c" knocks with "9c"
    Then the knock is legal
    And he keeps 8 deadwood

  @KNOCK-LIMIT @oklahoma
  Scenario: A lower knock limit
    Given standard rules
    And the rule knock_limit is 7
    When the player holding "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c" knocks with "9c"
    Then the knock is not legal
