"""Hollywood scoring: three games kept on one score sheet at once (rules HOLLY-THREE-GAMES,
HOLLY-GAME-CLOSE, HOLLY-SHUTOUT-ENTRY, HOLLY-BOX-PER-GAME, HOLLY-TARGET).

Each game is a column. A player's winning hand is entered in every open column in which he already
has an entry, and in the first open column in which he has none yet: his first win goes in column 1,
his second in columns 1 and 2, his third and later ones in all three. A column closes when a
player's total in it reaches the target, and is settled on its own like a game (``settle`` in
:mod:`reference_impl.game`), with the boxes entered in that column. The full text is
``spec/games.md``.

>>> from reference_impl.game import GameRules, HandRecord
>>> rules = GameRules.from_parameters({
...     "game_target": 100, "game_bonus": 100, "box_bonus": 25, "box_timing": "game_end",
...     "extra_boxes": False, "shutout": "double_total", "game_winner": "first_to_target",
...     "dealer_rotation": "alternate", "void_hand_dealer": "same", "hollywood": True})
>>> session = play_hollywood([HandRecord("p1", "knock", 30), HandRecord("p1", "knock", 30),
...                          HandRecord("p1", "gin", 70)], rules)
>>> [column.closed_after for column in session.columns], [column.totals for column in session.columns]
([3, 3, None], [(130, 0), (100, 0), (70, 0)])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from reference_impl.game import (
    PLAYERS,
    GameAlreadyOver,
    GameRules,
    HandRecord,
    Settlement,
    as_hand_record,
    boxes_won,
    credit,
    settle,
)

COLUMNS = 3


@dataclass(slots=True)
class _Column:
    """The running state of one column while the session is played."""

    points: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PLAYERS, 0))
    hand_points: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PLAYERS, 0))
    boxes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PLAYERS, 0))
    entries: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PLAYERS, 0))
    closed_after: int | None = None
    settlement: Settlement | None = None

    @property
    def is_open(self) -> bool:
        return self.closed_after is None


@dataclass(frozen=True, slots=True)
class ColumnResult:
    """One game of the sheet: the hand after which it closed (``None`` while it is open), each
    player's total in it as ``(p1, p2)``, the number of wins each player entered in it, and its
    settlement once closed."""

    closed_after: int | None
    totals: tuple[int, int]
    entries: tuple[int, int]
    settlement: Settlement | None

    def to_expected(self) -> dict[str, Any]:
        """A column in the shape of spec/vectors.md. An open column has no settlement: it shows
        ``closed_after: null``, its totals and ``winner: null``, without ``final`` or ``margin``."""
        shown: dict[str, Any] = {
            "closed_after": self.closed_after,
            "totals": {"p1": self.totals[0], "p2": self.totals[1]},
        }
        if self.settlement is None:
            shown["winner"] = None
            return shown
        shown["final"] = self.settlement.final_expected()
        shown["winner"] = self.settlement.winner
        shown["margin"] = self.settlement.margin
        return shown


@dataclass(frozen=True, slots=True)
class HollywoodResult:
    """A Hollywood session: its three columns, and the hand that closed the last of them
    (``None`` while any column is open)."""

    columns: tuple[ColumnResult, ColumnResult, ColumnResult]
    over_after: int | None

    def to_expected(self) -> dict[str, Any]:
        """The result in the shape of a ``hollywood`` vector's ``expected``."""
        return {"columns": [column.to_expected() for column in self.columns], "over_after": self.over_after}


def columns_for(player: str, columns: Sequence[_Column]) -> list[int]:
    """HOLLY-THREE-GAMES and HOLLY-SHUTOUT-ENTRY: the columns a win of ``player`` is entered in.

    Every open column in which he already has an entry, and the first open column in which he has
    none. A player who had no entry in a column when it closed therefore starts in the next open
    column, not in all of them.
    """
    chosen = [index for index, column in enumerate(columns) if column.is_open and column.entries[player]]
    fresh = [index for index, column in enumerate(columns) if column.is_open and not column.entries[player]]
    if fresh:
        chosen.append(fresh[0])
    return sorted(chosen)


def play_hollywood(hands: Sequence[HandRecord | Mapping[str, Any]], rules: GameRules) -> HollywoodResult:
    """Score a Hollywood session from its hand results.

    Each win is entered in the columns of :func:`columns_for`; in each, it adds to the winner's total
    what it would add in a single game (its points, and with immediate boxes its boxes' value) and
    counts its boxes there (HOLLY-BOX-PER-GAME; under reading ``b`` of open question Q20, its boxes
    count in the first of those columns only). A hand without a winner is entered nowhere. As soon
    as a player's total in a column reaches the target the column closes and is settled on its own,
    with game bonus, box bonus and shutout counted within it (HOLLY-GAME-CLOSE, HOLLY-TARGET); later
    wins go only to open columns. Several columns can close on the same hand. The session is over
    when all three have closed; a hand listed after that raises :class:`GameAlreadyOver`. Hands that
    stop earlier leave the open columns unsettled.
    """
    columns = [_Column() for _ in range(COLUMNS)]
    over_after: int | None = None
    for number, hand in enumerate((as_hand_record(hand) for hand in hands), start=1):
        if over_after is not None:
            raise GameAlreadyOver(f"hand {number} is listed after all three games closed with hand {over_after}")
        if not hand.has_winner:
            continue
        player = hand.winner
        for order, index in enumerate(columns_for(player, columns)):
            column = columns[index]
            boxed = order == 0 or rules.reading("Q20") != "b"  # Q20 b: a box in the first column only
            column.points[player] += credit(hand, rules) if boxed else hand.points
            column.hand_points[player] += hand.points
            column.boxes[player] += boxes_won(hand, rules) if boxed else 0
            column.entries[player] += 1
            if column.points[player] >= rules.game_target:
                column.closed_after = number
                column.settlement = settle(column.points, column.hand_points, column.boxes, player, rules)
        if not any(column.is_open for column in columns):
            over_after = number
    results = tuple(
        ColumnResult(
            closed_after=column.closed_after,
            totals=(column.points["p1"], column.points["p2"]),
            entries=(column.entries["p1"], column.entries["p2"]),
            settlement=column.settlement,
        )
        for column in columns
    )
    return HollywoodResult(results, over_after)  # type: ignore[arg-type]
