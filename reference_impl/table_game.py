"""A whole game at a table of three or four (``table_format: one_table``): hands in sequence, the
deal going round, running totals of points and penalty points, the end and the winner
(``spec/tables.md``, "A game at one table"; MPN-SEED003, MPN-SEED003-SCORING, S003-q).

>>> from reference_impl.table_round import STANDARD_TABLE
>>> rules = TableRules.from_parameters({**STANDARD_TABLE, "game_target": 30, "game_bonus": 0, "box_bonus": 0,
...     "shutout": "none", "game_winner": "highest_total", "penalty_totals": "subtract"})
>>> result = play_table_game("p1", [
...     {"winner": "p2", "outcome": "gin", "points": {"p1": -20, "p2": 25, "p3": -8}},
...     {"winner": "p2", "outcome": "knock", "points": {"p1": -3, "p2": 10, "p3": -30}}], rules)
>>> result.dealers, result.over_after, result.winner, result.totals[-1]
(('p1', 'p2'), 2, 'p2', {'p1': -23, 'p2': 35, 'p3': -38})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Sequence

from reference_impl.errors import InvalidDealer, InvalidRules
from reference_impl.game import GameAlreadyOver, GameNotOver, HandRecord, InvalidHandRecord, boxes_won
from reference_impl.tables import TableRules

TABLE_OUTCOMES = ("knock", "undercut", "gin")
NO_WINNER = ("draw", "void")


@dataclass(frozen=True, slots=True)
class TableHandRecord:
    """The result of one hand at the table: its ``winner`` (a seat or ``none``), its ``outcome``
    and every seat's ``points`` for the hand, the winner's at 0 or more and the others' penalty
    points at 0 or below (MPN-SEED003-SCORING)."""

    winner: str
    outcome: str
    points: Mapping[str, int]

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], seats: Sequence[str], number: int) -> "TableHandRecord":
        """Read and check one hand result as a vector or a score sheet writes it."""
        where = f"hand {number}"
        if not isinstance(data, Mapping) or "winner" not in data:
            raise InvalidHandRecord(f"{where}: a hand result needs a winner")
        winner = data["winner"]
        outcome = data.get("outcome", "void" if winner == "none" else "knock")
        points = data.get("points") or dict.fromkeys(seats, 0)
        if not isinstance(points, Mapping) or set(points) != set(seats):
            raise InvalidHandRecord(f"{where}: points must be given for exactly {', '.join(seats)}")
        if any(isinstance(value, bool) or not isinstance(value, int) for value in points.values()):
            raise InvalidHandRecord(f"{where}: points must be integers")
        if winner == "none":
            if outcome not in NO_WINNER or any(points.values()):
                raise InvalidHandRecord(f"{where}: a hand without a winner is a draw or void and scores nothing")
        else:
            if winner not in seats:
                raise InvalidHandRecord(f"{where}: the winner {winner!r} is not one of {', '.join(seats)}")
            if outcome not in TABLE_OUTCOMES:
                raise InvalidHandRecord(f"{where}: a hand won at the table ends by knock, undercut or gin, not {outcome!r}")
            if points[winner] < 0 or any(points[seat] > 0 for seat in seats if seat != winner):
                raise InvalidHandRecord(f"{where}: only the winner scores above 0; the others take penalty points at or below 0")
        return cls(winner, outcome, {seat: points[seat] for seat in seats})

    @property
    def has_winner(self) -> bool:
        return self.winner != "none"


@dataclass(frozen=True, slots=True)
class TableFinal:
    """One player's end of a table game: ``points`` (his running total as carried), the
    ``penalties`` he took in all (a positive number), his ``boxes`` and their ``box_bonus`` (0 when
    boxes were credited with each hand), the ``game_bonus`` and the ``total``: all of these, less
    the penalties when they were kept apart (``penalties_deducted``)."""

    points: int
    penalties: int
    boxes: int
    box_bonus: int
    game_bonus: int
    penalties_deducted: bool = False

    @property
    def total(self) -> int:
        return self.points + self.box_bonus + self.game_bonus - (self.penalties if self.penalties_deducted else 0)

    def to_expected(self) -> dict[str, int]:
        return {
            "points": self.points,
            "penalties": self.penalties,
            "boxes": self.boxes,
            "box_bonus": self.box_bonus,
            "game_bonus": self.game_bonus,
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class TableGameResult:
    """A finished table game: who dealt each hand, the running totals after each, the hand after
    which it was over, each player's final account and the winner."""

    dealers: tuple[str, ...]
    totals: tuple[dict[str, int], ...]
    over_after: int
    finals: dict[str, TableFinal]
    winner: str

    def to_expected(self) -> dict[str, Any]:
        """The result in the shape of a ``table_game`` vector's ``expected``."""
        return {
            "dealers": list(self.dealers),
            "totals": [dict(totals) for totals in self.totals],
            "over_after": self.over_after,
            "final": {seat: final.to_expected() for seat, final in self.finals.items()},
            "winner": self.winner,
        }


def check_table_game_rules(rules: TableRules) -> None:
    """The game parameters a table game is played with (``spec/tables.md``): the deal passes to
    the next seat (``alternate``) or to the winner; ``loser`` names nobody when several lose, and
    the seed has no shutout, so ``shutout`` must be ``none``."""
    rules.require(("one_table",), (3, 4), "a game at one table")
    if rules.game.dealer_rotation == "loser":
        raise InvalidRules("variant parameter dealer_rotation='loser' cannot be played at one table: a hand there has several losers")
    if rules.game.shutout != "none":
        raise InvalidRules(f"variant parameter shutout={rules.game.shutout!r} cannot be played at one table: the game there has no shutout")


def next_table_dealer(dealer: str, hand: TableHandRecord, seats: Sequence[str], rules: TableRules) -> str:
    """DEAL-ROTATION at the table: after a hand with a winner the deal passes to the next seat in
    turn (``alternate``) or to the winner (``winner``); after a hand without one the same dealer
    deals again (``void_hand_dealer: same``) or the deal passes to the next seat (``next``)."""
    following = seats[(seats.index(dealer) + 1) % len(seats)]
    if not hand.has_winner:
        return dealer if rules.game.void_hand_dealer == "same" else following
    return hand.winner if rules.game.dealer_rotation == "winner" else following


@dataclass(frozen=True, slots=True)
class TableStanding:
    """A table game as it stands after the hands played so far: who dealt each, the running
    totals after each, who deals next, the penalty points and boxes so far, and, once a total has
    reached the target, the hand after which the game is over and the player who reached it."""

    dealers: tuple[str, ...]
    totals: tuple[dict[str, int], ...]
    next_dealer: str
    over_after: int
    reached: str
    points: Mapping[str, int]
    penalties: Mapping[str, int]
    boxes: Mapping[str, int]


def check_bonus_amounts(hands: Sequence[Mapping[str, Any]], rules: TableRules) -> None:
    """Under reading ``b`` of open question Q28 (MPN-SEED003-SCORING), a recorded hand result
    whose winner scores another amount than the bonus of its outcome (``knock_bonus``,
    ``undercut_bonus`` or 0 for a tie under ``undercut_without_bonus``, ``gin_bonus``,
    ``big_gin_bonus``) is refused; under the default reading its signs alone are checked."""
    if rules.reading("Q28") != "b":
        return
    given = rules.parameters
    bonuses = {
        "knock": {given.get("knock_bonus")},
        "undercut": {given.get("undercut_bonus")} | ({0} if given.get("tie_outcome") == "undercut_without_bonus" else set()),
        "gin": {given.get("gin_bonus")},
        "big_gin": {given.get("big_gin_bonus")},
    }
    for number, hand in enumerate(hands, start=1):
        winner, points = hand.get("winner"), hand.get("points")
        if winner in (None, "none") or not isinstance(points, Mapping):
            continue
        if points.get(winner) not in bonuses.get(hand.get("outcome", "knock"), {points.get(winner)}):
            raise InvalidHandRecord(f"hand {number}: the winner scores {points.get(winner)!r}, not the bonus of a {hand.get('outcome', 'knock')} (open question Q28, reading b)")


def table_game_standing(first_dealer: str, hands: Sequence[Mapping[str, Any]], rules: TableRules) -> TableStanding:
    """Follow a game at the table through the hands played so far.

    Each player keeps a running total. With ``penalty_totals: subtract`` his penalty points are
    taken off it as they come (it is the sum of his scores, and may fall below 0); with
    ``separate`` it holds only the bonuses he won, and his penalties are kept apart. Boxes
    (GAME-BOX-BONUS) count as in a two-player game, credited with each hand under
    ``box_timing: immediate``. The game is over after the first hand that brings a total to
    ``game_target`` (GAME-TARGET); the player who reached it is the one with the highest such
    total, then the earlier seat. ``over_after`` is 0 while the game goes on.

    Raises :class:`InvalidHandRecord` or :class:`GameAlreadyOver`.
    """
    check_table_game_rules(rules)
    carry = rules.penalty_totals
    seats = rules.seats
    if first_dealer not in seats:
        raise InvalidDealer(f"the first dealer {first_dealer!r} is not one of {', '.join(seats)}")
    check_bonus_amounts(hands, rules)
    records = [(number, TableHandRecord.from_mapping(hand, seats, number)) for number, hand in enumerate(hands, start=1)]
    game = rules.game
    points = dict.fromkeys(seats, 0)
    penalties = dict.fromkeys(seats, 0)
    boxes = dict.fromkeys(seats, 0)
    dealer = first_dealer
    dealers: list[str] = []
    totals: list[dict[str, int]] = []
    over_after = 0
    reached = ""
    for number, hand in records:
        if over_after:
            raise GameAlreadyOver(f"hand {number} is listed after the game ended with hand {over_after}")
        dealers.append(dealer)
        for seat in seats:
            score = hand.points[seat]
            penalties[seat] -= min(score, 0)
            points[seat] += score if carry == "subtract" else max(score, 0)
        if hand.has_winner:
            won = boxes_won(HandRecord("p1", hand.outcome, hand.points[hand.winner]), game)
            boxes[hand.winner] += won
            if game.box_timing == "immediate":
                points[hand.winner] += won * game.box_bonus
        totals.append(dict(points))
        at_target = [seat for seat in seats if points[seat] >= game.game_target]
        if at_target:
            over_after = number
            reached = max(at_target, key=lambda seat: (points[seat], -seats.index(seat)))
        dealer = next_table_dealer(dealer, hand, seats, rules)
    return TableStanding(tuple(dealers), tuple(totals), dealer, over_after, reached, points, penalties, boxes)


def play_table_game(first_dealer: str, hands: Sequence[Mapping[str, Any]], rules: TableRules) -> TableGameResult:
    """Play out a game at the table from its hand results: :func:`table_game_standing`, then the
    settlement once it is over. With ``penalty_totals: separate`` each player's penalties are taken
    off his total when the game ends. The player who reached the target earns ``game_bonus``. The
    winner (S003-q, GAME-WINNER) is that player under ``first_to_target``, or under
    ``highest_total`` the highest total, then the fewest penalties, then the player who reached the
    target, then the earlier seat.

    Raises :class:`InvalidHandRecord`, :class:`GameAlreadyOver` or :class:`GameNotOver`.
    """
    standing = table_game_standing(first_dealer, hands, rules)
    seats = rules.seats
    game = rules.game
    points, penalties, boxes, reached = standing.points, standing.penalties, standing.boxes, standing.reached
    if not standing.over_after:
        shown = ", ".join(f"{seat} {points[seat]}" for seat in seats)
        raise GameNotOver(f"after {len(standing.dealers)} hands the totals are {shown}, short of the target {game.game_target}")
    end_boxes = game.box_timing == "game_end"
    finals = {
        seat: TableFinal(
            points=points[seat],
            penalties=penalties[seat],
            boxes=boxes[seat],
            box_bonus=game.box_bonus * boxes[seat] if end_boxes else 0,
            game_bonus=game.game_bonus if seat == reached else 0,
            penalties_deducted=rules.penalty_totals == "separate",
        )
        for seat in seats
    }
    if game.game_winner == "first_to_target":
        winner = reached
    else:
        winner = max(seats, key=lambda seat: (finals[seat].total, -penalties[seat], seat == reached, -seats.index(seat)))
    return TableGameResult(standing.dealers, standing.totals, standing.over_after, finals, winner)
