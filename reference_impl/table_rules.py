"""The parameters and the seats of gin for three and four players (``spec/tables.md``), and the
result of one two-player hand in a game of three or four, with any seat as its winner.

The seats are ``p1`` to ``p4`` in turn order: play passes from ``p1`` to ``p2`` and so on, and
from the last seat back to ``p1``. The partnership teams are ``A`` (``p1`` and ``p3``) and ``B``
(``p2`` and ``p4``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Mapping, Sequence

from reference_impl.errors import InvalidRules
from reference_impl.game import GameRules, InvalidHandRecord, check_hand_result
from reference_impl.rules import HandRules, Parameter, Part, Rules

SEATS = ("p1", "p2", "p3", "p4")
TABLE_FORMATS = ("heads_up", "one_table", "sit_out", "partnership", "cutthroat", "captain_box")
THREE_PLAYER_FORMATS = ("sit_out", "cutthroat", "captain_box")
SCORING_MODELS = ("winner_only", "penalty_points")
PENALTY_TOTALS = ("subtract", "separate")
TEAMS = {"A": ("p1", "p3"), "B": ("p2", "p4")}
DECK_SIZE = 52

STANDARD_EXAMPLE: dict[str, Any] = {
    "hand_size": 10, "knock_limit": 10, "gin_bonus": 25, "big_gin": True, "big_gin_bonus": 31,
    "undercut_bonus": 25, "tie_outcome": "undercut", "layoffs": True, "layoff_chaining": True,
    "ace_in_runs": "low", "players": 2, "table_format": "heads_up", "scoring_model": "winner_only", "knock_bonus": 0,
    "gin_defender_deadwood_multiplier": 1, "game_target": 100, "game_bonus": 100, "box_bonus": 25,
    "box_timing": "game_end", "extra_boxes": False, "shutout": "double_total",
    "game_winner": "first_to_target", "dealer_rotation": "alternate", "void_hand_dealer": "same",
    "hollywood": False, "penalty_totals": "subtract",
}
"""The standard variant's values of the parameters read here, for the examples in docstrings."""


# --------------------------------------------------------------------------- parameters


@dataclass(frozen=True, eq=False)
class TableRules(Rules):
    """Parameters of the games for three and four players.

    - ``players`` / ``table_format``: how many play and how they meet (EQUIP-PLAYERS-TWO,
      MPN-SEED003, MP3-DEALER-SITS-OUT, MP3-CUTTHROAT, MP3-CAPTAIN-BOX, MP4-PARTNERSHIP).
    - ``scoring_model`` / ``knock_bonus`` / ``gin_defender_deadwood_multiplier``: the penalty-point
      scoring of a table hand (MPN-SEED003-SCORING).
    - ``penalty_totals``: whether a table game takes penalty points off a player's running total
      (``subtract``) or keeps them apart (``separate``) (``spec/tables.md``, conflict C8).
    - ``hand``: the single-hand parameters (:class:`~reference_impl.rules.HandRules`): cards per
      player, knock limit, the gin and undercut bonuses, the tie rule and the lay-off rules.
    - ``game``: the game parameters (:class:`~reference_impl.game.GameRules`): target, bonuses,
      boxes, shutout, winner and who deals.
    """

    LISTED = SimpleNamespace(
        players=Parameter(int, low=2, high=4, allowed="2, 3 or 4"),
        knock_bonus=Parameter(int, low=0, allowed="0 or more"),
        gin_defender_deadwood_multiplier=Parameter(int, low=1, allowed="1 or more"),
        table_format=Parameter(str, TABLE_FORMATS),
        scoring_model=Parameter(str, SCORING_MODELS),
        penalty_totals=Parameter(str, PENALTY_TOTALS),
        hand=Part(HandRules),
        game=Part(GameRules),
    )

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats in play, in turn order."""
        return SEATS[: self.players]

    def require(self, formats: Sequence[str], players: Sequence[int], question: str) -> None:
        """Raise :class:`InvalidRules` unless the variant plays one of ``formats`` with one of
        the numbers of ``players``."""
        if self.table_format not in formats or self.players not in players:
            raise InvalidRules(
                f"{question} needs table_format {' or '.join(formats)} with "
                f"{' or '.join(map(str, players))} players, not {self.table_format} with {self.players}"
            )


def turn_order_after(player: str, seats: Sequence[str]) -> list[str]:
    """The other seats in the order they play after ``player``, wrapping round the table."""
    start = seats.index(player)
    return [seats[(start + step) % len(seats)] for step in range(1, len(seats))]


# --------------------------------------------------------------------------- hand results


@dataclass(frozen=True, slots=True)
class SeatHand:
    """The result of one two-player hand in a game of three or four: its ``winner`` (a seat or
    ``none``), its ``outcome`` and the ``points`` the winner scored, as in
    :class:`~reference_impl.game.HandRecord` but with any seat as the winner."""

    winner: str
    outcome: str
    points: int = 0

    def __post_init__(self) -> None:
        check_hand_result(self.winner, self.outcome, self.points, SEATS)

    @property
    def has_winner(self) -> bool:
        return self.winner != "none"

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> "SeatHand":
        """A hand result as written in a vector; ``outcome`` defaults to ``knock`` for a hand with
        a winner and ``void`` for one without, ``points`` to 0."""
        if "winner" not in data:
            raise InvalidHandRecord("a hand result needs a winner")
        winner = data["winner"]
        return cls(winner, data.get("outcome", "void" if winner == "none" else "knock"), data.get("points", 0))


def _require_at_table(hand: SeatHand, players: Sequence[str], where: str) -> None:
    if hand.has_winner and hand.winner not in players:
        raise InvalidHandRecord(f"{where} is played by {' and '.join(players)}, so {hand.winner} cannot win it")
