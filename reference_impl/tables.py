"""Gin for three and four players.

Three forms are played, each chosen by the variant parameter ``table_format``:

- ``one_table``: three or four players play one hand together, each holding ``hand_size`` cards
  (seven in the house-s003 variants), scored with a bonus for the winner and penalty points for
  everybody else (MPN-SEED003, MPN-SEED003-DEAL, MPN-SEED003-SCORING). :func:`play_table_hand`,
  here, scores such a hand; :mod:`reference_impl.table_round` plays it move by move.
- ``partnership``: two teams of two; at each deal two ordinary two-player hands are played and
  each team scores the net of its two hands (MP4-PARTNERSHIP, MP4-NET-RESULT, MP4-TARGET,
  MP4-DRAWN-HAND, MP4-DEAL). :func:`play_partnership`, in :mod:`reference_impl.partnership`.
- ``sit_out``, ``cutthroat`` and ``captain_box``: three people share a two-player game, two of
  them playing each hand (MP3-DEALER-SITS-OUT, MP3-CUTTHROAT, MP3-CAPTAIN-BOX).
  :func:`play_three_player`, in :mod:`reference_impl.three_player`.

The parameters (:class:`TableRules`) and the seats are :mod:`reference_impl.table_rules`. This
module re-exports the names of all four, so that each is still imported from here.

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
from typing import Any, Mapping, Sequence

from reference_impl.cards import Card, mask_of
from reference_impl.deadwood import Arrangement, ace_may_be_high, least_deadwood, optimal_arrangements
from reference_impl.errors import IllegalKnock, InvalidDealer, InvalidHand, InvalidRules  # noqa: F401 - re-exported
from reference_impl.game import (  # noqa: F401 - re-exported
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
from reference_impl.partnership import (  # noqa: F401 - re-exported
    DealResult,
    PartnershipResult,
    net_result,
    partnership_tables,
    play_partnership,
    team_of,
)
from reference_impl.rules import HandRules, Parameter, Part, Rules  # noqa: F401 - re-exported
from reference_impl.scoring import spread_from_melds
from reference_impl.table_rules import (  # noqa: F401 - re-exported
    DECK_SIZE,
    PENALTY_TOTALS,
    SCORING_MODELS,
    SEATS,
    STANDARD_EXAMPLE,
    TABLE_FORMATS,
    TEAMS,
    THREE_PLAYER_FORMATS,
    SeatHand,
    TableRules,
    turn_order_after,
)
from reference_impl.three_player import (  # noqa: F401 - re-exported
    THREE,
    ThreeFinal,
    ThreePlayerResult,
    next_line_up,
    play_three_player,
    settle_three,
)

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
    if knocker_melds is not None and (least_deadwood(mask, ace_high=high) != 0 or rules.reading("Q30") == "b"):  # Q30 b: as shown
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


def admissible_table_spreads(
    knocker: Sequence[Card], others: Mapping[str, Sequence[Card]], order: Sequence[str], rules: TableRules, best_only: bool = False
) -> list[Arrangement]:
    """SCORE-AUTO-SPREAD at a table: the spreads a knocker whose spread is not given may lay down,
    each as right as the others: every least-deadwood arrangement of his cards, or with
    ``best_only`` those the table convention of :func:`knocker_table_spread` ranks first. Empty
    when the choice cannot change the result (one arrangement, or gin)."""
    mask = mask_of(knocker)
    spreads = optimal_arrangements(mask, ace_high=ace_may_be_high(mask, rules.hand))
    if len(spreads) < 2 or spreads[0].deadwood == 0:
        return []
    if not best_only:
        return list(spreads)
    ranks = [_spread_preference(_defences(spread, others, order, rules), order) for spread in spreads]
    return [spread for spread, rank in zip(spreads, ranks) if rank == max(ranks)]


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
    if knocker_count == 0 and not (rules.reading("Q7") == "b" and 0 in (deadwood[seat] for seat in order)):  # Q7 b: a tie
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
