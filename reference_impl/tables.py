"""Gin for three and four players.

Three forms are played here, each chosen by the variant parameter ``table_format``:

- ``one_table``: three or four players play one hand together, each holding ``hand_size`` cards
  (seven in the house-s003 variants), scored with a bonus for the winner and penalty points for
  everybody else (MPN-SEED003, MPN-SEED003-DEAL, MPN-SEED003-SCORING). :func:`play_table_hand`.
- ``partnership``: two teams of two; at each deal two ordinary two-player hands are played and
  each team scores the net of its two hands (MP4-PARTNERSHIP, MP4-NET-RESULT, MP4-TARGET,
  MP4-DRAWN-HAND, MP4-DEAL). :func:`play_partnership`.
- ``sit_out``, ``cutthroat`` and ``captain_box``: three people share a two-player game, two of
  them playing each hand (MP3-DEALER-SITS-OUT, MP3-CUTTHROAT, MP3-CAPTAIN-BOX).
  :func:`play_three_player`.

The seats are ``p1`` to ``p4`` in turn order: play passes from ``p1`` to ``p2`` and so on, and
from the last seat back to ``p1``. The partnership teams are ``A`` (``p1`` and ``p3``) and ``B``
(``p2`` and ``p4``). The full text, with every choice the sources leave open, is
``spec/tables.md``.

>>> from reference_impl.cards import parse_cards
>>> rules = TableRules.from_parameters({**STANDARD_EXAMPLE, "players": 3, "table_format": "one_table",
...     "hand_size": 7, "layoff_chaining": False, "scoring_model": "penalty_points",
...     "knock_bonus": 10, "undercut_bonus": 20, "gin_defender_deadwood_multiplier": 2})
>>> result = play_table_hand("p1", {"p1": parse_cards("7c 7d 7h 2s 3s 4s 5c"),
...     "p2": parse_cards("Kc Qd Jh 9s 8c 6d Ad"), "p3": parse_cards("8h 9h Th 4c 4d 2c Ac")}, rules)
>>> result.outcome, result.winner, result.points
('knock', 'p1', {'p1': 10, 'p2': -49, 'p3': -6})
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Mapping, Sequence

from reference_impl.cards import Card, mask_of
from reference_impl.deadwood import Arrangement, ace_may_be_high, least_deadwood, optimal_arrangements
from reference_impl.errors import IllegalKnock, InvalidDealer, InvalidHand, InvalidRules
from reference_impl.game import (
    PlayerFinal,
    check_hand_result,
    GameError,
    GameAlreadyOver,
    GameNotOver,
    GameResult,
    GameRules,
    HandRecord,
    InvalidHandRecord,
    boxes_won,
    credit,
    play_game,
    shutout_bonus,
)
from reference_impl.hand import can_knock_with, require_size
from reference_impl.layoff import DefenderResult, best_defence, defender_without_layoffs
from reference_impl.melds import check_spread
from reference_impl.rules import HandRules, Parameter, Part, Rules
from reference_impl.scoring import spread_from_melds

__all__ = [
    "GameAlreadyOver",
    "GameError",
    "GameNotOver",
    "InvalidHandRecord",
    "PartnershipResult",
    "SeatHand",
    "TableHandResult",
    "TableRules",
    "ThreePlayerResult",
    "play_partnership",
    "play_table_hand",
    "play_three_player",
]

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


# --------------------------------------------------------------------------- one hand at a table


@dataclass(frozen=True, slots=True)
class TableHandResult:
    """How a hand at a table of three or four ended, and what each player scores.

    ``points`` maps every seat to his score for the hand: the winner's bonus (positive), and for
    every other player his penalty points as a negative number, or 0. ``deadwood`` maps every
    seat to his deadwood as scored: the knocker's own count, and each other player's after his
    own melds and his lay-offs (none against gin). ``stock`` is the number of cards the deal
    left in the stock after the upcard was turned (MPN-SEED003-DEAL).
    """

    outcome: str  # knock, undercut, gin, draw
    winner: str  # a seat, or none
    knocker: str
    points: dict[str, int]
    deadwood: dict[str, int]
    knocker_spread: Arrangement
    defences: dict[str, DefenderResult]
    stock: int

    @property
    def knocker_deadwood(self) -> int:
        return self.knocker_spread.deadwood

    def to_expected(self) -> dict[str, Any]:
        """The result in the shape of a ``table_hand`` vector's ``expected`` (``spec/vectors.md``)."""
        return {
            "outcome": self.outcome,
            "winner": self.winner,
            "points": dict(self.points),
            "knocker_deadwood": self.knocker_deadwood,
            "deadwood": dict(self.deadwood),
            "stock": self.stock,
        }


def stock_after_deal(rules: TableRules) -> int:
    """MPN-SEED003-DEAL: the stock after every player has been dealt ``hand_size`` cards and one
    upcard has been turned: 52 − 3 × 7 − 1 = 30 with three players, 52 − 4 × 7 − 1 = 23 with
    four."""
    return DECK_SIZE - rules.players * rules.hand.hand_size - 1


def _check_table(knocker: str, hands: Mapping[str, Sequence[Card]], rules: TableRules) -> None:
    """Every seat holds ``hand_size`` cards (MPN-SEED003-DEAL), nobody else, and no card twice."""
    seats = rules.seats
    if set(hands) != set(seats):
        raise InvalidHand(f"a table of {rules.players} needs the hands of {', '.join(seats)}, not of {', '.join(sorted(hands))}")
    if knocker not in seats:
        raise InvalidHand(f"the knocker {knocker!r} is not at the table ({', '.join(seats)})")
    seen: dict[Card, str] = {}
    for seat in seats:
        require_size(hands[seat], (rules.hand.hand_size,), f"{seat}'s hand")
        for card in hands[seat]:
            if card in seen:
                raise InvalidHand(f"{str(card)!r} is held by {seen[card]} and {seat}")
            seen[card] = seat


def _defences(spread: Arrangement, hands: Mapping[str, Sequence[Card]], order: Sequence[str], rules: TableRules) -> dict[str, DefenderResult]:
    """LAYOFF-TARGET-KNOCKER-MELDS and LAYOFF-OPTIMAL, for every player but the knocker.

    Each lays off onto the knocker's melds as spread, never onto cards another player laid off,
    and melds the rest of his own cards, so as to keep the least deadwood. With
    ``layoff_chaining`` he may go on along a run from a card he laid off himself. The players'
    cards are all different, so what one lays off never takes a place another could use.
    """
    return {seat: best_defence(spread.melds, hands[seat], rules.hand) for seat in order}


def _gin_defences(hands: Mapping[str, Sequence[Card]], order: Sequence[str], rules: TableRules) -> dict[str, DefenderResult]:
    """GIN-NO-LAYOFF, GIN-DEFENDER-MELDS: against gin every other player only melds his own cards."""
    return {seat: defender_without_layoffs(hands[seat], rules.hand) for seat in order}


def _spread_preference(defences: Mapping[str, DefenderResult], order: Sequence[str]) -> tuple[int, ...]:
    """How much a spread suits the knocker: first the lowest count among the other players (the
    higher, the less room for an undercut), then their total, then their counts in turn order."""
    counts = [defences[seat].deadwood for seat in order]
    return (min(counts), sum(counts), *counts)


def knocker_table_spread(
    knocker: Sequence[Card],
    others: Mapping[str, Sequence[Card]],
    order: Sequence[str],
    rules: TableRules,
    knocker_melds: Sequence[Sequence[Card]] | None = None,
) -> tuple[Arrangement, dict[str, DefenderResult]]:
    """The knocker's spread at a table, and every other player's defence against it.

    Given melds are checked and kept (MELD-ARRANGEMENT-CHOICE, KNOCK-SPREAD-FIXED), except that
    cards that can all be melded are always gin (GIN-DEFINITION). Without them, SCORE-AUTO-SPREAD
    extended to several opponents: among his least-deadwood arrangements, the one that leaves the
    others the highest lowest count, then the highest total, then the highest counts in turn
    order. Against gin nobody lays off (GIN-NO-LAYOFF, GIN-DEFENDER-MELDS). Raises
    :class:`IllegalKnock` over the knock limit (KNOCK-LIMIT).
    """
    mask = mask_of(knocker)
    high = ace_may_be_high(mask, rules.hand)
    if knocker_melds is not None and least_deadwood(mask, ace_high=high) != 0:
        candidates = [spread_from_melds(knocker_melds, knocker, high)]
    else:
        if knocker_melds is not None:
            check_spread(knocker_melds, knocker, high)
        candidates = optimal_arrangements(mask, ace_high=high)
    deadwood = min(spread.deadwood for spread in candidates)
    if not can_knock_with(deadwood, rules.hand):
        raise IllegalKnock(f"the knocker's deadwood is {deadwood}, over the knock limit of {rules.hand.knock_limit}")
    gin = deadwood == 0
    scored = [(spread, _gin_defences(others, order, rules) if gin else _defences(spread, others, order, rules)) for spread in candidates]
    return max(scored, key=lambda pair: _spread_preference(pair[1], order))


def play_table_hand(
    knocked_by: str,
    hands: Mapping[str, Sequence[Card]],
    rules: TableRules,
    knocker_melds: Sequence[Sequence[Card]] | None = None,
) -> TableHandResult:
    """Score one hand at a table of three or four after ``knocked_by`` knocked (MPN-SEED003,
    MPN-SEED003-SCORING).

    ``hands`` holds every seat's ``hand_size`` cards, the knocker's as kept after his knock
    discard. With K the knocker's deadwood and D each other player's count after his lay-offs:

    - gin (K = 0): the knocker earns ``gin_bonus``; every other player takes
      ``gin_defender_deadwood_multiplier`` × D penalty points, D counted without lay-offs;
    - undercut (the lowest D is below K, or equal to it when ``tie_outcome`` makes a tie an
      undercut): the player with the lowest D, the first of them in turn order after the knocker
      when several tie, earns ``undercut_bonus`` (0 under ``undercut_without_bonus`` on a tie);
      every other player, the knocker included, takes his own count minus the undercutter's;
    - knock (every D above K, or a tie under ``knocker_wins``): the knocker earns ``knock_bonus``
      and every other player takes D − K;
    - a tie under ``tie_outcome: draw``: nobody scores.
    """
    rules.require(("one_table",), (3, 4), "a hand at one table")
    if rules.scoring_model != "penalty_points":
        raise InvalidRules("a hand at one table is scored with scoring_model penalty_points")
    _check_table(knocked_by, hands, rules)
    order = turn_order_after(knocked_by, rules.seats)
    spread, defences = knocker_table_spread(hands[knocked_by], hands, order, rules, knocker_melds)
    knocker_count = spread.deadwood
    deadwood = {seat: knocker_count if seat == knocked_by else defences[seat].deadwood for seat in rules.seats}
    outcome, winner, points = score_table(knocked_by, deadwood, rules)
    return TableHandResult(
        outcome=outcome,
        winner=winner,
        knocker=knocked_by,
        points=points,
        deadwood=deadwood,
        knocker_spread=spread,
        defences=defences,
        stock=stock_after_deal(rules),
    )


def score_table(knocked_by: str, deadwood: Mapping[str, int], rules: TableRules) -> tuple[str, str, dict[str, int]]:
    """MPN-SEED003-SCORING, SCORE-UNDERCUT, SCORE-UNDERCUT-TIE: the outcome, the winner and every
    seat's score, from the knocker and every seat's deadwood as scored (the knocker's own count,
    the others' after their lay-offs, or without lay-offs against gin).

    With K the knocker's count and D each other player's: gin (K = 0) earns the knocker
    ``gin_bonus`` and costs every other player ``gin_defender_deadwood_multiplier`` × D; an
    undercut (the lowest D below K, or equal under ``tie_outcome`` ``undercut`` or
    ``undercut_without_bonus``) earns the first player in turn order after the knocker with the
    lowest D ``undercut_bonus`` (0 on a tie under ``undercut_without_bonus``) and costs every
    other player, the knocker included, his count minus the undercutter's; a knock earns the
    knocker ``knock_bonus`` and costs every other player D − K; a tie under ``draw`` scores
    nothing. Penalty points are negative numbers.
    """
    order = turn_order_after(knocked_by, rules.seats)
    knocker_count = deadwood[knocked_by]
    points = dict.fromkeys(rules.seats, 0)
    if knocker_count == 0:
        for seat in order:
            points[seat] = -rules.gin_defender_deadwood_multiplier * deadwood[seat] + 0
        points[knocked_by] = rules.hand.gin_bonus
        return "gin", knocked_by, points
    lowest = min(deadwood[seat] for seat in order)
    undercutter = next(seat for seat in order if deadwood[seat] == lowest)
    bonus: int | None = None  # the undercut's bonus, read only for an undercut: a knock's score does not use it
    if lowest < knocker_count:
        outcome = "undercut"
    elif lowest > knocker_count:
        outcome = "knock"
    else:  # SCORE-UNDERCUT-TIE
        outcome = {"undercut": "undercut", "undercut_without_bonus": "undercut", "knocker_wins": "knock", "draw": "draw"}[
            rules.hand.tie_outcome
        ]
        if rules.hand.tie_outcome == "undercut_without_bonus":
            bonus = 0
    if outcome == "undercut":
        if bonus is None:
            bonus = rules.hand.undercut_bonus
        for seat in rules.seats:
            points[seat] = -(deadwood[seat] - lowest) + 0
        points[undercutter] = bonus
        return outcome, undercutter, points
    if outcome == "knock":
        for seat in order:
            points[seat] = -(deadwood[seat] - knocker_count) + 0
        points[knocked_by] = rules.knock_bonus
        return outcome, knocked_by, points
    return "draw", "none", points


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


# --------------------------------------------------------------------------- partnership


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


# --------------------------------------------------------------------------- three players


THREE = SEATS[:3]


@dataclass(frozen=True, slots=True)
class ThreeFinal(PlayerFinal):
    """One player's settlement of a three-player game.

    ``points``, ``boxes``, ``box_bonus`` and ``game_bonus`` are as in a two-player game
    (:class:`~reference_impl.game.PlayerFinal`); ``shutout_bonus`` is what he receives for the
    opponents he shut out; ``total`` their sum; ``net`` what he wins (or, below 0, pays) when he
    settles with each opponent separately.
    """

    net: int = 0

    def to_expected(self) -> dict[str, int]:
        return {**PlayerFinal.to_expected(self), "net": self.net}


def settle_three(
    points: Mapping[str, int], hand_points: Mapping[str, int], boxes: Mapping[str, int], reached: str, rules: TableRules
) -> tuple[dict[str, ThreeFinal], str]:
    """Settle a three-player game that ``reached`` ended (MP3-DEALER-SITS-OUT, MP3-CUTTHROAT,
    with GAME-BONUS, GAME-BOX-BONUS, GAME-SHUTOUT and GAME-WINNER).

    Each player's account before any shutout is his points, his box bonus (with boxes counted at
    the end) and, for the player who reached the target, the game bonus. Every player then settles
    with each opponent separately: he receives the difference between the two accounts, and when
    the opponent's hand points are 0 and his own are not, he also receives the shutout bonus of
    ``rules.game.shutout`` for that opponent (:func:`~reference_impl.game.shutout_bonus`, computed
    from the two accounts). The winner is the player who reached the target, or under
    ``highest_total`` the highest total, a tie going to the player who reached the target and
    then to the earlier seat.
    """
    game = rules.game
    end_boxes = game.box_timing == "game_end"
    before = {
        seat: points[seat] + (game.box_bonus * boxes[seat] if end_boxes else 0) + (game.game_bonus if seat == reached else 0)
        for seat in THREE
    }

    def bonus(seat: str, opponent: str) -> int:
        if hand_points[opponent] != 0 or hand_points[seat] == 0:
            return 0
        own_game_bonus = game.game_bonus if seat == reached else 0
        return shutout_bonus(game.shutout, hand_points[seat], before[seat], before[opponent], own_game_bonus)

    finals = {}
    for seat in THREE:
        opponents = [other for other in THREE if other != seat]
        finals[seat] = ThreeFinal(
            points=points[seat],
            boxes=boxes[seat],
            box_bonus=game.box_bonus * boxes[seat] if end_boxes else 0,
            game_bonus=game.game_bonus if seat == reached else 0,
            shutout_bonus=sum(bonus(seat, other) for other in opponents),
            net=sum((before[seat] + bonus(seat, other)) - (before[other] + bonus(other, seat)) for other in opponents),
        )
    if game.game_winner == "first_to_target":
        winner = reached
    else:
        winner = max(THREE, key=lambda seat: (finals[seat].total, seat == reached, -THREE.index(seat)))
    return finals, winner


@dataclass(frozen=True, slots=True)
class ThreePlayerResult:
    """A three-player game: the dealer and the two players of each hand (the pair in seat order),
    and, except in ``captain_box`` where no score is defined, the running totals after each hand,
    the hand after which the game is over, each player's settlement and the winner."""

    table_format: str
    dealers: tuple[str, ...]
    players: tuple[tuple[str, str], ...]
    totals: tuple[dict[str, int], ...] | None
    over_after: int | None
    finals: dict[str, ThreeFinal] | None
    winner: str | None

    def to_expected(self) -> dict[str, Any]:
        """The result in the shape of a ``three_player`` vector's ``expected``."""
        answer: dict[str, Any] = {"dealers": list(self.dealers), "players": [list(pair) for pair in self.players]}
        if self.finals is not None:
            answer.update(
                totals=[dict(totals) for totals in self.totals or ()],
                over_after=self.over_after,
                final={seat: final.to_expected() for seat, final in self.finals.items()},
                winner=self.winner,
            )
        return answer


def _pair(first: str, second: str) -> tuple[str, str]:
    earlier, later = (seat for seat in THREE if seat in (first, second))
    return earlier, later


def _third(first: str, second: str) -> str:
    return next(seat for seat in THREE if seat not in (first, second))


def next_line_up(form: str, dealer: str, pair: tuple[str, str], hand: SeatHand, rules: TableRules) -> tuple[str, tuple[str, str]]:
    """Who deals the next three-player hand, and which two play it.

    ``dealer_rotation`` names the player who leaves the table after a hand with a winner: the
    ``loser`` or the ``winner``.

    - ``sit_out`` (MP3-DEALER-SITS-OUT): the player who leaves deals the next hand and sits it
      out; it is played by the other player of the hand and the player who just dealt. After a
      hand without a winner, ``void_hand_dealer: same`` has the same dealer deal to the same
      two, and ``next`` passes the deal to the next seat, whose dealer sits out.
    - ``cutthroat`` (MP3-CUTTHROAT): the player who leaves sits out, and the player who sat out
      deals the next hand and plays it against the one who stayed. After a hand without a winner
      the same two play again, dealt by the same dealer (``same``) or by his opponent (``next``).
    - ``captain_box`` (MP3-CAPTAIN-BOX): the dealer is the player in the box and his opponent the
      captain. If the box wins he stays in the box and the captain and the third player change
      places; if the captain wins he goes into the box, the third player becomes captain and the
      box player sits out. A hand without a winner changes nothing.
    """
    if form == "captain_box":
        captain = pair[0] if pair[1] == dealer else pair[1]
        adviser = _third(*pair)
        if not hand.has_winner:
            return dealer, pair
        if hand.winner == dealer:
            return dealer, _pair(dealer, adviser)
        return captain, _pair(captain, adviser)
    if rules.game.dealer_rotation not in ("loser", "winner"):
        raise InvalidRules(
            f"with three players dealer_rotation names who leaves the table, loser or winner, "
            f"not {rules.game.dealer_rotation!r}"
        )
    if form == "sit_out":
        if not hand.has_winner:
            if rules.game.void_hand_dealer == "same":
                return dealer, pair
            following = THREE[(THREE.index(dealer) + 1) % 3]
            return following, _pair(*(seat for seat in THREE if seat != following))
        loser = pair[0] if pair[1] == hand.winner else pair[1]
        leaving = loser if rules.game.dealer_rotation == "loser" else hand.winner
        staying = hand.winner if leaving == loser else loser
        return leaving, _pair(staying, dealer)
    # cutthroat
    if not hand.has_winner:
        if rules.game.void_hand_dealer == "same":
            return dealer, pair
        return (pair[0] if pair[1] == dealer else pair[1]), pair
    loser = pair[0] if pair[1] == hand.winner else pair[1]
    leaving = loser if rules.game.dealer_rotation == "loser" else hand.winner
    staying = hand.winner if leaving == loser else loser
    waiting = _third(*pair)
    return waiting, _pair(waiting, staying)


def play_three_player(
    first_dealer: str,
    first_players: Sequence[str],
    hands: Sequence[Mapping[str, Any]],
    rules: TableRules,
) -> ThreePlayerResult:
    """Play out a three-player game from its hand results.

    The first hand is dealt by ``first_dealer`` to ``first_players``: two other players under
    ``sit_out``, the dealer and his opponent under ``cutthroat`` and ``captain_box`` (the dealer
    is then the player in the box). Later hands follow :func:`next_line_up`, and a hand can only
    be won by one of its two players. Each player keeps his own running total: a hand won adds its
    points (and its boxes' value with immediate boxes) to its winner's; the game is over after the
    first hand that brings a total to ``game_target`` or more (GAME-TARGET) and is settled by
    :func:`settle_three`. Under ``captain_box`` no score is defined, so only the dealers and
    players are worked out.

    Raises :class:`InvalidHandRecord` for an impossible line-up or a hand won by a player not in
    it, :class:`GameAlreadyOver` for a hand after the end and :class:`GameNotOver` when the hands
    end before anybody reached the target.
    """
    rules.require(THREE_PLAYER_FORMATS, (3,), "a three-player game")
    form = rules.table_format
    if first_dealer not in THREE:
        raise InvalidDealer(f"the first dealer {first_dealer!r} is not one of p1, p2, p3")
    if len(first_players) != 2 or len(set(first_players)) != 2 or any(seat not in THREE for seat in first_players):
        raise InvalidHandRecord(f"the first hand must be dealt by one of p1, p2, p3 to two of them, not {first_dealer!r} to {first_players!r}")
    if (first_dealer in first_players) != (form != "sit_out"):
        raise InvalidHandRecord(
            f"{first_dealer} cannot deal the first hand to {' and '.join(first_players)} under {form}: "
            "the dealer sits out under sit_out and plays under cutthroat and captain_box"
        )
    records = [SeatHand.from_mapping(hand) for hand in hands]
    scored = form != "captain_box"
    dealer, pair = first_dealer, _pair(*first_players)
    points = dict.fromkeys(THREE, 0)
    hand_points = dict.fromkeys(THREE, 0)
    boxes = dict.fromkeys(THREE, 0)
    dealers: list[str] = []
    players: list[tuple[str, str]] = []
    totals: list[dict[str, int]] = []
    over_after: int | None = None
    for number, hand in enumerate(records, start=1):
        if over_after is not None:
            raise GameAlreadyOver(f"hand {number} is listed after the game ended with hand {over_after}")
        _require_at_table(hand, pair, f"hand {number}")
        dealers.append(dealer)
        players.append(pair)
        if hand.has_winner:
            points[hand.winner] += credit(hand, rules.game)  # type: ignore[arg-type]
            hand_points[hand.winner] += hand.points
            boxes[hand.winner] += boxes_won(hand, rules.game)  # type: ignore[arg-type]
            if scored and points[hand.winner] >= rules.game.game_target:
                over_after = number
        totals.append(dict(points))
        dealer, pair = next_line_up(form, dealer, pair, hand, rules)
    if not scored:
        return ThreePlayerResult(form, tuple(dealers), tuple(players), None, None, None, None)
    if over_after is None:
        raise GameNotOver(
            f"after {len(records)} hands the totals are "
            f"{', '.join(f'{seat} {points[seat]}' for seat in THREE)}, short of the target {rules.game.game_target}"
        )
    reached = records[-1].winner  # the hand that ended the game is the last: no hand may follow it
    finals, winner = settle_three(points, hand_points, boxes, reached, rules)
    return ThreePlayerResult(form, tuple(dealers), tuple(players), tuple(totals), over_after, finals, winner)
