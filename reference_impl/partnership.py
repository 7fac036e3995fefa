"""Partnership gin for four players (``table_format: partnership``): two teams of two; at each deal
two ordinary two-player hands are played and each team scores the net of its two hands
(MP4-PARTNERSHIP, MP4-NET-RESULT, MP4-TARGET, MP4-DRAWN-HAND, MP4-DEAL). ``spec/tables.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from reference_impl.errors import InvalidDealer
from reference_impl.game import GameResult, HandRecord, InvalidHandRecord, play_game
from reference_impl.table_rules import TEAMS, SeatHand, TableRules, _require_at_table


def partnership_tables(deal: int) -> tuple[tuple[str, str], tuple[str, str]]:
    """MP4-PARTNERSHIP: who plays whom in deal number ``deal`` (from 1). Table 1 is ``p1``'s and
    table 2 ``p3``'s; each faces ``p2`` and ``p4`` in turn, ``p1`` meeting ``p2`` in the first
    deal, ``p4`` in the second, and so on."""
    if deal % 2 == 1:
        return (("p1", "p2"), ("p3", "p4"))
    return (("p1", "p4"), ("p3", "p2"))


def team_of(seat: str) -> str:
    return "A" if seat in TEAMS["A"] else "B"


@dataclass(frozen=True, slots=True)
class DealResult:
    """MP4-NET-RESULT: the net result of one deal: the team that won it (``A``, ``B`` or
    ``none``) and the points it scores."""

    winner: str
    points: int

    def to_expected(self) -> dict[str, Any]:
        return {"winner": self.winner, "points": self.points}


def net_result(hands: Sequence[SeatHand]) -> DealResult:
    """MP4-NET-RESULT and MP4-DRAWN-HAND: each team's wins in the deal are added up and the smaller
    sum is taken from the larger; the team left with more than 0 wins the deal and scores the
    difference. A void or drawn hand adds nothing and is not replayed. Equal sums (an exact tie,
    or two hands without a winner) make a deal that nobody wins."""
    sums = {"A": 0, "B": 0}
    for hand in hands:
        if hand.has_winner:
            sums[team_of(hand.winner)] += hand.points
    net = sums["A"] - sums["B"]
    if net > 0:
        return DealResult("A", net)
    if net < 0:
        return DealResult("B", -net)
    return DealResult("none", 0)


_AS_PLAYER = {"A": "p1", "B": "p2", "none": "none"}
_AS_TEAM = {"p1": "A", "p2": "B"}


@dataclass(frozen=True, slots=True)
class PartnershipResult:
    """A finished partnership game: who played whom at each deal, each deal's net result, and the
    game the net results make, scored with the two teams in the places of two players."""

    tables: tuple[tuple[tuple[str, str], tuple[str, str]], ...]
    deals: tuple[DealResult, ...]
    game: GameResult

    @property
    def winner(self) -> str:
        return _AS_TEAM[self.game.winner]

    def to_expected(self) -> dict[str, Any]:
        """The result in the shape of a ``partnership`` vector's ``expected``."""
        played = self.game.to_expected()
        return {
            "tables": [[list(pair) for pair in tables] for tables in self.tables],
            "dealers": [_AS_TEAM[dealer] for dealer in played["dealers"]],
            "deal_results": [deal.to_expected() for deal in self.deals],
            "totals": played["totals"],
            "over_after": played["over_after"],
            "final": {"A": played["final"]["p1"], "B": played["final"]["p2"]},
            "winner": self.winner,
            "margin": played["margin"],
        }


def play_partnership(
    deals: Sequence[Sequence[Mapping[str, Any]]], rules: TableRules, first_dealers: str = "A"
) -> PartnershipResult:
    """Play out a partnership game from the results of its hands, two per deal.

    MP4-PARTNERSHIP: the hands of each deal are played at :func:`partnership_tables`, and a hand
    can only be won by one of its two players. MP4-NET-RESULT and MP4-DRAWN-HAND: each deal comes
    down to :func:`net_result`. The deals then make a game between the teams exactly as hands make
    a game between two players (:func:`~reference_impl.game.play_game`): a deal won is one box;
    MP4-TARGET, the game ends when a team's total reaches ``game_target`` (125 in the partnership
    variant); MP4-DEAL, ``first_dealers`` deal the first deal and after that ``dealer_rotation``
    and ``void_hand_dealer`` say which team deals (the partnership variant: the team that won the
    last deal, and after a deal nobody won, the other team); the game is settled with the game
    bonus, the boxes and the shutout.
    """
    rules.require(("partnership",), (4,), "a partnership game")
    if first_dealers not in TEAMS:
        raise InvalidDealer(f"the first dealers {first_dealers!r} must be team A or B")
    tables = []
    results = []
    for number, deal in enumerate(deals, start=1):
        if len(deal) != 2:
            raise InvalidHandRecord(f"deal {number} has {len(deal)} hand results, not 2")
        pairs = partnership_tables(number)
        hands = [SeatHand.from_mapping(hand) for hand in deal]
        for table, hand, pair in zip(("table 1", "table 2"), hands, pairs):
            _require_at_table(hand, pair, f"{table} of deal {number}")
        tables.append(pairs)
        results.append(net_result(hands))
    records = [
        HandRecord(_AS_PLAYER[result.winner], "knock" if result.winner != "none" else "void", result.points)
        for result in results
    ]
    game = play_game(_AS_PLAYER[first_dealers], records, rules.game)
    return PartnershipResult(tuple(tables), tuple(results), game)
