"""One hand at a table of three or four (``table_format: one_table``), move by move, from an
explicit deal (``spec/actions.md``, "A hand at a table of three or four"; ``spec/tables.md``).

A :class:`TableState` is an immutable value: :func:`apply_table` returns the next state, and
:func:`table_legal_actions` lists exactly the actions it accepts (without explicit spreads and
lay-off targets named where not needed). An illegal action raises
:class:`~reference_impl.turn.IllegalAction` with a reason code of ``spec/actions.md``.

The seats are ``p1`` to ``p3`` or ``p4`` and play goes round the table in that order
(MPN-SEED003). The player after the dealer plays first. Phases: ``first_turn`` (the upcard offered
round the table), ``draw``, ``discard``, ``layoff`` (each other player in turn after a knock that
is not gin) and ``over``. Scoring is :func:`reference_impl.tables.score_table`.

The rules of the turn are those of the two-player hand, written once for both in
:mod:`reference_impl.legal` and :mod:`reference_impl.turn`; :func:`table_legal_actions` and
:func:`apply_table` are theirs. This module holds what differs at the table: the seats and the
deal, the knocker's spread chosen against several players (``spec/tables.md``), each player's
lay-offs onto the spread as it was spread (S003-l), and the score in penalty points.

>>> from reference_impl.cards import DECK
>>> rules = table_play_rules(STANDARD_TABLE)
>>> state = deal_table_in_order(rules, "p3", list(DECK))
>>> state.to_play, len(state.stock), [format_action(a) for a in table_legal_actions(state)]
('p1', 30, ['p1 draw discard', 'p1 pass'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Sequence

from reference_impl.actions import SEATS, Action, format_action  # noqa: F401 - Action re-exported
from reference_impl.cards import Card, DECK, format_cards, format_hand, mask_of, sort_cards
from reference_impl.deadwood import ace_may_be_high, least_deadwood
from reference_impl.errors import (
    DuplicateCard,
    InvalidDeal,
    InvalidDealer,
    InvalidRules,
    MissingUpcard,
    WrongHandSize,
)
from reference_impl.evolve import evolve as _evolve
from reference_impl.rules import RoundRules
from reference_impl.tables import STANDARD_EXAMPLE, TableRules, knocker_table_spread, score_table, turn_order_after
from reference_impl.legal import legal_actions, meld_takes  # noqa: F401 - re-exported
from reference_impl.turn import TABLE_HANDLERS, IllegalAction, apply

__all__ = [
    "STANDARD_TABLE",
    "TablePlayRules",
    "TableRoundResult",
    "TableState",
    "apply_table",
    "deal_table",
    "deal_table_checked",
    "deal_table_in_order",
    "table_legal_actions",
    "table_play_rules",
]

STANDARD_TABLE: dict[str, Any] = {
    **STANDARD_EXAMPLE, "players": 3, "table_format": "one_table", "hand_size": 7, "big_gin": False,
    "layoff_chaining": False, "scoring_model": "penalty_points", "knock_bonus": 10, "undercut_bonus": 20,
    "gin_defender_deadwood_multiplier": 2, "first_turn": "upcard_offer", "upcard_after_passes": False,
    "discard_taken_card": False, "gin_mandatory": False, "knock_discard_location": "pile", "stock_dead_cards": 2,
    "fiftieth_card_rule": False, "oklahoma": False, "oklahoma_ace": "gin_only", "spade_double": False,
    "repeated_upcard_draw": "continue", "illegal_knock_penalty": "refused", "illegal_action_penalty": "refused",
}
"""The house-s003-three values of the parameters read here, for the examples in docstrings."""

UNPLAYED_AT_TABLE: tuple[tuple[str, tuple[Any, ...], str], ...] = (
    ("oklahoma", (False,), "the knock card of Oklahoma is a two-player rule"),
    ("big_gin", (False,), "no source scores big gin at a table of three or four"),
    ("fiftieth_card_rule", (False,), "the fiftieth-card rule is a two-player rule"),
    ("first_turn", ("upcard_offer", "no_offer"), "an eleven-card start has no meaning at the table"),
    ("repeated_upcard_draw", ("continue",), "the repeated upcard draw is a two-player rule"),
)
"""Parameters a hand at the table is played with only at these values (``spec/tables.md``)."""


@dataclass(frozen=True, slots=True)
class TablePlayRules:
    """The table parameters (:class:`~reference_impl.tables.TableRules`) and the course of the
    hand (:class:`~reference_impl.rules.RoundRules`: the first turn, discarding the card taken,
    gin when available, the knock discard, the dead cards of the stock, the penalties)."""

    table: TableRules
    round: RoundRules

    @property
    def seats(self) -> tuple[str, ...]:
        return self.table.seats


def table_play_rules(parameters: Mapping[str, Any]) -> TablePlayRules:
    """Read and check the parameters of a hand played at the table; raise :class:`InvalidRules`
    naming the parameter the table cannot be played with."""
    table = TableRules.from_parameters(parameters)
    table.require(("one_table",), (3, 4), "a hand played at one table")
    if table.scoring_model != "penalty_points":
        raise InvalidRules("a hand at one table is scored with scoring_model penalty_points, not winner_only")
    round_rules = RoundRules.from_parameters(parameters)
    for name, allowed, why in UNPLAYED_AT_TABLE:
        if parameters[name] not in allowed:
            raise InvalidRules(f"variant parameter {name}={parameters[name]!r} cannot be played at one table: {why}")
    return TablePlayRules(table, round_rules)


@dataclass(frozen=True, slots=True)
class TableRoundResult:
    """How a hand at the table ended: ``outcome`` (knock, undercut, gin, draw or void), the
    ``winner`` (a seat or none), every seat's ``points`` (penalties negative), and after a knock
    the ``knocker``, his deadwood, every seat's ``deadwood`` as scored and the cards laid off."""

    outcome: str
    winner: str
    points: dict[str, int]
    knocker: str | None = None
    knocker_deadwood: int | None = None
    deadwood: dict[str, int] | None = None
    layoffs: tuple[Card, ...] = ()  # the cards laid off, in canonical order (a set of cards)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"outcome": self.outcome, "winner": self.winner, "points": dict(self.points)}
        if self.knocker is not None:
            data.update(
                knocker=self.knocker,
                knocker_deadwood=self.knocker_deadwood,
                deadwood=dict(self.deadwood or {}),
                layoffs=format_hand(self.layoffs),
            )
        return data


@dataclass(frozen=True, slots=True)
class TableState:
    """A hand at the table in progress. ``hands`` follow the seats; the stock top card first,
    the discard pile bottom card first. ``layoffs`` holds (seat, card, meld index) in the order
    they were made; ``finished`` the seats that have said ``done``."""

    rules: TablePlayRules
    dealer: str
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    upcard: Card | None
    phase: str
    to_play: str | None
    passes: int = 0
    taken: Card | None = None
    knocker: str | None = None
    knock_discard: Card | None = None
    spread: tuple[tuple[Card, ...], ...] = ()
    knocker_deadwood: int = 0
    layoffs: tuple[tuple[str, Card, int], ...] = ()
    result: TableRoundResult | None = None
    wall_draw: bool = False
    throwbacks: int = 0
    hand_masks: tuple[int, ...] | None = field(default=None, compare=False, repr=False)

    handlers: ClassVar[Mapping[tuple[str, str], Any]] = TABLE_HANDLERS
    """The moves of each phase (:mod:`reference_impl.turn`)."""
    UPCARD_CLOSED: ClassVar[str] = "every player passed the upcard, so the first player draws from the stock"
    ALL_PASSED: ClassVar[str] = "every player has passed; the first player must draw from the stock"

    def __post_init__(self) -> None:
        if self.hand_masks is None:
            object.__setattr__(self, "hand_masks", tuple(mask_of(hand) for hand in self.hands))

    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.seats

    @property
    def round_rules(self) -> RoundRules:
        """The rules of the course of the hand (:mod:`reference_impl.turn` reads them here)."""
        return self.rules.round

    def hand(self, seat: str) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in the order he came by them."""
        return self.hands[self.seats.index(seat)]

    def hand_mask(self, seat: str) -> int:
        """A seat's hand as a card mask."""
        return self.hand_masks[self.seats.index(seat)]  # type: ignore[index]

    @property
    def first_player(self) -> str:
        """MPN-SEED003: the player after the dealer plays first."""
        return self.next_seat(self.dealer)

    def next_seat(self, seat: str) -> str:
        """MPN-SEED003: play goes round the table from ``p1`` up, from the last seat back to ``p1``."""
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    @property
    def knock_limit(self) -> int:
        """KNOCK-LIMIT (the table has no Oklahoma knock card)."""
        return self.rules.table.hand.knock_limit

    def meld_as_seen(self, seat: str, index: int) -> tuple[Card, ...]:
        """A knocker's meld as ``seat`` may build on it: as spread, with his own lay-offs onto it
        (LAYOFF-TARGET-KNOCKER-MELDS; nobody builds on another player's lay-offs)."""
        own = tuple(card for who, card, target in self.layoffs if who == seat and target == index)
        return tuple(sort_cards(self.spread[index] + own))

    def describe(self) -> str:
        """A one-line summary used in error messages."""
        top = str(self.discard_pile[-1]) if self.discard_pile else "none"
        held = ", ".join(f"{seat} holds {format_hand(self.hand(seat))}" for seat in self.seats)
        return f"state: phase {self.phase}, {self.to_play or 'nobody'} to play, {held}, stock {len(self.stock)}, discard top {top}"

    def meld_as_spread(self, index: int) -> tuple[Card, ...]:
        """A knocker's meld as he spread it."""
        return self.spread[index]

    def with_hand(self, seat: str, cards: Sequence[Card], mask: int) -> dict[str, Any]:
        """The changes that give ``seat`` the hand ``cards`` (whose card mask is ``mask``)."""
        place = self.seats.index(seat)
        hands = list(self.hands)
        hands[place] = tuple(cards)
        masks = list(self.hand_masks or ())
        masks[place] = mask
        return {"hands": tuple(hands), "hand_masks": tuple(masks)}

    def spread_for_knock(
        self, knocker: str, kept: tuple[Card, ...], requested: Sequence[Sequence[Card]] | None
    ) -> tuple[tuple[tuple[Card, ...], ...], int, dict[str, Any]]:
        """The knocker's spread: the one given, or the table convention of ``spec/tables.md``
        (:func:`~reference_impl.tables.knocker_table_spread`); his melds, his deadwood and the
        changes that record them."""
        order = turn_order_after(knocker, self.seats)
        others = {seat: self.hand(seat) for seat in order}
        spread, _ = knocker_table_spread(kept, others, order, self.rules.table, requested)
        return spread.melds, spread.deadwood, {"knocker_deadwood": spread.deadwood}

    def with_layoff(self, seat: str, card: Card, target: int) -> dict[str, Any]:
        """The changes that record ``seat`` laying ``card`` off onto the knocker's meld ``target``
        (the spread itself stays as it was spread: nobody builds on another's lay-offs)."""
        return {"layoffs": self.layoffs + ((seat, card, target),)}

    def score_gin(self, outcome: str) -> "TableState":
        """The hand ends in gin (:func:`_score`)."""
        return _score(self)

    def score_knock(self) -> "TableState":
        """Every other player has laid off: the hand is scored (:func:`_score`)."""
        return _score(self)

    def void_result(self) -> "TableRoundResult":
        """STOCK-VOID-NO-SCORE: nobody scores."""
        return TableRoundResult("void", "none", dict.fromkeys(self.seats, 0))


# ---------------------------------------------------------------------- the deal


def deal_table(
    rules: TablePlayRules, dealer: str, hands: Mapping[str, Sequence[Card]], upcard: Card | None, stock: Sequence[Card]
) -> TableState:
    """The state after an explicit deal (EQUIP-DECK-52, MPN-SEED003-DEAL, DEAL-UPCARD-STOCK): every
    seat ``hand_size`` cards, one upcard and the stock, the 52 cards exactly once."""
    seats = rules.seats
    seen: set[Card] = set()
    for card in [card for cards in hands.values() for card in cards] + ([upcard] if upcard else []) + list(stock):
        if card in seen:
            raise DuplicateCard(f"{str(card)!r} is dealt twice")
        seen.add(card)
    if dealer not in seats:
        raise InvalidDealer(f"the dealer must be one of {', '.join(seats)}, not {dealer!r}")
    if set(hands) != set(seats):
        raise WrongHandSize(f"a table of {len(seats)} needs the hands of {', '.join(seats)}, not of {', '.join(sorted(hands))}")
    size = rules.table.hand.hand_size
    for seat in seats:
        if len(hands[seat]) != size:
            raise WrongHandSize(f"{seat} is dealt {len(hands[seat])} cards, expected {size}")
    if upcard is None:
        raise MissingUpcard("the deal needs an upcard")
    every = [card for seat in seats for card in hands[seat]] + [upcard] + list(stock)
    if len(every) != len(DECK):
        raise InvalidDeal(f"the deal has {len(every)} cards, not 52 (missing {format_hand(set(DECK) - seen)})")
    dealer_index = seats.index(dealer)
    return TableState(
        rules=rules,
        dealer=dealer,
        hands=tuple(tuple(hands[seat]) for seat in seats),
        stock=tuple(stock),
        discard_pile=(upcard,),
        upcard=upcard,
        phase="first_turn" if rules.round.first_turn == "upcard_offer" else "draw",
        to_play=seats[(dealer_index + 1) % len(seats)],
    )


def deal_table_in_order(rules: TablePlayRules, dealer: str, order: Sequence[Card]) -> TableState:
    """Deal a whole pack in the given order: ``hand_size`` cards to each seat in turn from the
    player after the dealer (the dealer last), then the upcard, and the rest is the stock."""
    seats = rules.seats
    size = rules.table.hand.hand_size
    start = seats.index(dealer) + 1
    hands: dict[str, tuple[Card, ...]] = {}
    for number in range(len(seats)):
        seat = seats[(start + number) % len(seats)]
        hands[seat] = tuple(order[number * size : (number + 1) * size])
    rest = list(order[len(seats) * size :])
    return deal_table(rules, dealer, hands, rest[0], rest[1:])


def deal_table_checked(
    rules: TablePlayRules, dealer: str, hands: Mapping[str, Sequence[Card]], upcard: Card | None, stock: Sequence[Card]
) -> TableState:
    """An explicit deal at the table, checked (:func:`deal_table` refuses a malformed one) and then
    dealt again from the pack in the order its cards come off (:func:`deal_table_in_order`, the
    deal of play), so that every question about a dealt hand is played from the deal of play."""
    explicit = deal_table(rules, dealer, hands, upcard, stock)
    seats = rules.seats
    start = seats.index(dealer) + 1
    order = [card for number in range(len(seats)) for card in hands[seats[(start + number) % len(seats)]]]
    return deal_table_in_order(rules, dealer, [*order, explicit.upcard, *stock])


# ---------------------------------------------------------------------- play and score

table_legal_actions = legal_actions
"""Exactly the actions :func:`apply_table` accepts now (:func:`reference_impl.turn.legal_actions`)."""

apply_table = apply
"""The state after an action (:func:`reference_impl.turn.apply`); raises :class:`IllegalAction`."""


def _least_deadwood_of(hand: Sequence[Card], state: TableState) -> int:
    """DEADWOOD-COUNT of a player's cards, with ace-high runs where the table's rules have them."""
    mask = mask_of(hand)
    return least_deadwood(mask, ace_high=ace_may_be_high(mask, state.rules.table.hand))


def _score(state: TableState) -> TableState:
    """LAYOFF-DEFENDER-MELDS, GIN-DEFENDER-MELDS, GIN-NO-LAYOFF, then MPN-SEED003-SCORING: every
    other player's deadwood is the least deadwood of the cards he still holds."""
    assert state.knocker is not None
    deadwood = {
        seat: state.knocker_deadwood if seat == state.knocker else _least_deadwood_of(state.hand(seat), state)
        for seat in state.seats
    }
    outcome, winner, points = score_table(state.knocker, deadwood, state.rules.table)
    result = TableRoundResult(
        outcome, winner, points, state.knocker, state.knocker_deadwood, deadwood, tuple(sort_cards(card for _, card, _ in state.layoffs))
    )
    return _evolve(state, phase="over", to_play=None, result=result)


def table_state_summary(state: TableState) -> dict[str, Any]:
    """What a table round checkpoint may assert about a state (``spec/vectors.md``)."""
    return {
        "to_play": state.to_play,
        "phase": state.phase,
        "legal": [format_action(action) for action in table_legal_actions(state)],
        "stock": len(state.stock),
        "knock_limit": state.knock_limit,
    }


def format_deal(state: TableState) -> dict[str, Any]:
    """The deal of a state straight after dealing, as a transcript or vector writes it."""
    return {
        "dealer": state.dealer,
        "hands": {seat: format_cards(state.hand(seat)) for seat in state.seats},
        "upcard": str(state.upcard) if state.upcard else None,
        "stock": format_cards(state.stock),
    }


__all__ += ["SEATS", "format_deal", "table_state_summary"]
