"""What a player may do now, in a hand of two, three or four players (``spec/actions.md``): the
legal actions of each phase, and the rules of going out and of laying off they rest on.

The rules are written once over the states of :mod:`reference_impl.round` (two players) and
:mod:`reference_impl.table_round` (three or four); :mod:`reference_impl.turn` lists what a state
provides. Applying an action is :mod:`reference_impl.turn`.

How it stays fast enough to play millions of hands: each state keeps each hand as a card mask (the
bit layout of :mod:`reference_impl.cards`), updated card by card, so no move re-reads a hand;
whether any discard allows a knock is one look-up over the per-suit tables of
:mod:`reference_impl.deadwood` (:func:`~reference_impl.deadwood.least_deadwood_after_discard`), and
the discards are examined one by one only when it does; and every action a player can take is made
once (:data:`_MOVES`), so listing the legal actions builds no new actions (save a lay-off that must
name its meld).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Protocol, Sequence

from reference_impl.actions import SEATS, Action, keep_value
from reference_impl.cards import DECK, LANE_BITS, LANE_MASK, Card, mask_of
from reference_impl.deadwood import ace_may_be_high, least_deadwood, least_deadwood_after_discard
from reference_impl.hand import counted_before_discard
from reference_impl.melds import MeldType, meld_type, sort_cards
from reference_impl.rules import RoundRules


class HandInPlay(Protocol):
    """What the turn rules read of a hand in play, with two players or at a table. The fields are
    the course of the hand; the methods say what differs with the number of players."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    upcard: Card | None
    phase: str
    to_play: str | None
    passes: int
    taken: Card | None
    wall_draw: bool
    throwbacks: int
    knocker: str | None
    spread: tuple[tuple[Card, ...], ...]
    handlers: Mapping[tuple[str, str], Any]
    UPCARD_CLOSED: str
    ALL_PASSED: str

    @property
    def round_rules(self) -> RoundRules: ...
    @property
    def knock_limit(self) -> int: ...
    @property
    def first_player(self) -> str: ...
    def next_seat(self, seat: str) -> str: ...
    def hand(self, seat: str) -> tuple[Card, ...]: ...
    def hand_mask(self, seat: str) -> int: ...
    def with_hand(self, seat: str, cards: tuple[Card, ...], mask: int) -> dict[str, Any]: ...
    def meld_as_seen(self, seat: str, index: int) -> tuple[Card, ...]: ...
    def meld_as_spread(self, index: int) -> tuple[Card, ...]: ...
    def spread_for_knock(
        self, knocker: str, kept: tuple[Card, ...], requested: Sequence[Sequence[Card]] | None
    ) -> tuple[tuple[tuple[Card, ...], ...], int, dict[str, Any]]: ...
    def with_layoff(self, seat: str, card: Card, target: int) -> dict[str, Any]: ...
    def score_gin(self, outcome: str) -> Any: ...
    def score_knock(self) -> Any: ...
    def void_result(self) -> Any: ...
    def describe(self) -> str: ...

# ---------------------------------------------------------------------- the actions, made once


@dataclass(frozen=True, slots=True)
class _Moves:
    """Every action one player can take, each made once: legal-action lists hand out these values
    (actions are immutable), keyed by card bit for the moves that name a card."""

    draw_stock: Action
    draw_discard: Action
    pass_: Action
    big_gin: Action
    done: Action
    discard: Mapping[int, Action]
    knock: Mapping[int, Action]
    layoff: Mapping[int, Action]


_MOVES = {
    player: _Moves(
        draw_stock=keep_value(Action(player, "draw", source="stock")),
        draw_discard=keep_value(Action(player, "draw", source="discard")),
        pass_=keep_value(Action(player, "pass")),
        big_gin=keep_value(Action(player, "big-gin")),
        done=keep_value(Action(player, "done")),
        discard={card.bit: keep_value(Action(player, "discard", card=card)) for card in DECK},
        knock={card.bit: keep_value(Action(player, "knock", card=card)) for card in DECK},
        layoff={card.bit: keep_value(Action(player, "layoff", card=card)) for card in DECK},
    )
    for player in SEATS
}

_HALF = 7
"""A suit's thirteen cards are split into its seven lowest and six highest for
:data:`_DISCARD_LISTS`."""
_DISCARD_LISTS: dict[str, tuple[tuple[tuple[Action, ...], ...], ...]] = {}
"""Each player's discards of every group of cards of one half of a suit (:data:`_HALF`), in
canonical order, by the group's mask within the half: eight tables (two halves of four suits)
of 128 and 64 lists, made the first time the player discards."""


def _discard_lists(player: str) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """The eight tables of :data:`_DISCARD_LISTS` for ``player``: suit by suit, the low half, then
    the high half."""
    tables = []
    for suit in range(4):
        for low, width in ((0, _HALF), (_HALF, 13 - _HALF)):
            shift = suit * LANE_BITS + low
            tables.append(tuple(tuple(_each(_MOVES[player].discard, group << shift)) for group in range(1 << width)))
    return tuple(tables)


def _discards(player: str, mask: int) -> list[Action]:
    """The discard of each card of the card mask ``mask``, in canonical card order."""
    tables = _DISCARD_LISTS.get(player)
    if tables is None:
        tables = _DISCARD_LISTS[player] = _discard_lists(player)
    c1, c2, d1, d2, h1, h2, s1, s2 = tables
    low, high = (1 << _HALF) - 1, _HALF  # the high half's mask, 63, is that of its six cards
    return [
        *c1[mask & low], *c2[(mask >> high) & 63],
        *d1[(mask >> LANE_BITS) & low], *d2[(mask >> (LANE_BITS + high)) & 63],
        *h1[(mask >> 2 * LANE_BITS) & low], *h2[(mask >> (2 * LANE_BITS + high)) & 63],
        *s1[(mask >> 3 * LANE_BITS) & low], *s2[(mask >> (3 * LANE_BITS + high)) & 63],
    ]


def _each(actions: Mapping[int, Action], mask: int) -> list[Action]:
    """The actions for each card of ``mask``, in canonical card order (the order of the bits)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(actions[low])
        mask ^= low
    return found


# ---------------------------------------------------------------------- going out


def _discardable(state: HandInPlay, held: int, taken: Card | None) -> int:
    """TURN-NO-DISCARD-TAKEN-CARD: of the cards held (a mask), those that may be discarded now;
    the card taken from the discard pile stays this turn unless the variant allows it back."""
    if taken is None or state.round_rules.discard_taken_card:
        return held
    return held & ~taken.bit


def _big_gin_open(state: HandInPlay, held: int) -> bool:
    """BIGGIN-DEFINITION: every card held after the draw is melded, and the variant has big gin."""
    rules = state.round_rules.hand
    return rules.big_gin and least_deadwood(held, ace_high=ace_may_be_high(held, rules)) == 0


def _going_out(state: HandInPlay, held: int, discardable: int) -> tuple[list[int], list[int], bool]:
    """Discards (card bits, in canonical order) that allow a knock, those that make gin, and
    whether big gin is open: KNOCK-LIMIT, KNOCK-COUNT-AFTER-DISCARD (under reading ``b`` of open
    question Q2, the cards held before the discard too), GIN-DEFINITION, BIGGIN-DEFINITION.

    The least deadwood after the best of all discards comes first, from the per-suit tables in one
    pass. It is a lower bound for every single discard, so when it is over the knock limit no
    discard allows a knock, and the discards are examined one by one only when it is not.

    It also settles most questions of big gin at once: when every card held is melded and their
    number is not a multiple of three, some meld has four cards or more, and one of its cards can
    go with every other card still melded (a set of four less one is a set, a run less an end card
    a run). So a hand of such a size whose every discard leaves deadwood is no big gin, and the
    whole hand is counted only when some discard leaves none.
    """
    limit = state.knock_limit
    knocks: list[int] = []
    gins: list[int] = []
    high = ace_may_be_high(held, state.round_rules.hand)
    least_after = least_deadwood_after_discard(held, ace_high=high)
    big_gin = (least_after == 0 or held.bit_count() % 3 == 0) and _big_gin_open(state, held)
    if least_after > limit:
        return knocks, gins, big_gin and not drew_the_fiftieth_card(state)
    if drew_the_fiftieth_card(state):  # Q12 c: no going out with the fiftieth card
        return knocks, gins, False
    if not counted_before_discard(held, state.round_rules.hand, limit):  # Q2 b
        return knocks, gins, big_gin
    rest = discardable
    while rest:
        bit = rest & -rest
        rest ^= bit
        deadwood = least_deadwood(held ^ bit, ace_high=high)  # KNOCK-COUNT-AFTER-DISCARD: the discard is not counted
        if deadwood <= limit:
            knocks.append(bit)
            if deadwood == 0:
                gins.append(bit)
    return knocks, gins, big_gin


def drew_the_fiftieth_card(state: HandInPlay) -> bool:
    """Under reading ``c`` of open question Q12 (STOCK-FIFTIETH-CARD), whether the player about to
    discard drew the card that left the stock down to the wall, with which he may not go out; never
    under the default reading."""
    if state.round_rules.reading("Q12") != "c" or state.phase != "discard" or getattr(state, "wall_draw", False):
        return False
    return len(state.stock) <= state.round_rules.stock_dead_cards


def _gin_open(state: HandInPlay, player: str) -> bool:
    """KNOCK-OPTIONAL: whether gin or big gin is open to the player about to discard."""
    held = state.hand_mask(player)
    _, gins, big_gin = _going_out(state, held, _discardable(state, held, state.taken))
    return bool(gins) or big_gin


# ---------------------------------------------------------------------- lay-offs


def meld_takes(meld: Sequence[Card], original: Sequence[Card], card: Card, chaining: bool, ace_high: bool = False) -> bool:
    """LAYOFF-EXTEND-SET, LAYOFF-EXTEND-RUN, LAYOFF-CHAIN: can ``card`` go onto this meld now?

    Without chaining a card must fit the meld as spread (``original``). A set of three takes its
    fourth card; once that is laid off, no card of the rank is left to lay off. With ``ace_high``
    (MELD-RUN-ACE-HIGH) a run reaching the king takes the ace above it."""
    base = meld if chaining else original
    kind = _kind_of_meld(tuple(base), ace_high)
    if kind is MeldType.SET:
        return len(base) == 3 and card.rank == base[0].rank
    if kind is MeldType.RUN and card.suit == base[0].suit:
        above_king = ace_high and meld_type(base) is None  # the run already ends in the ace above the king
        ranks = [14 if above_king and c.rank == 1 else c.rank for c in base]
        low, high = min(ranks), max(ranks)
        rank = 14 if ace_high and card.rank == 1 and high == 13 and low > 1 else card.rank
        if rank == low - 1 or rank == high + 1:
            return card not in meld
    return False


@lru_cache(maxsize=1 << 12)
def _kind_of_meld(meld: tuple[Card, ...], ace_high: bool) -> MeldType | None:
    """:func:`~reference_impl.melds.meld_type`, remembered: each of the knocker's melds is asked
    about for every card the defender holds, at every lay-off."""
    return meld_type(meld, ace_high)


def _layoff_targets(state: HandInPlay, seat: str, card: Card) -> list[int]:
    """LAYOFF-TARGET-KNOCKER-MELDS: the knocker's melds that take ``card`` from ``seat`` now, as
    ``seat`` sees them (his own lay-offs included, nobody else's: S003-l), LAYOFF-CHAIN."""
    return _targets_among(state, _melds_to_build_on(state, seat), card)


_MeldInView = tuple[int, tuple[Card, ...], tuple[Card, ...], int]
"""One of the knocker's melds: its index, as a player sees it, as spread, and the card mask of
the first."""


def _melds_to_build_on(state: HandInPlay, seat: str) -> list[_MeldInView]:
    """The knocker's melds as ``seat`` may build on them (:func:`_layoff_targets`), worked out once
    for all the cards he holds."""
    melds = []
    for index in range(len(state.spread)):
        seen = state.meld_as_seen(seat, index)
        melds.append((index, seen, state.meld_as_spread(index), mask_of(seen)))
    return melds


def _targets_among(state: HandInPlay, melds: list[_MeldInView], card: Card) -> list[int]:
    """:func:`_layoff_targets` among the melds of :func:`_melds_to_build_on`."""
    rules = state.round_rules.hand
    if not rules.layoffs:
        return []
    chaining = rules.layoff_chaining
    return [index for index, seen, spread, mask in melds if meld_takes(seen, spread, card, chaining, ace_may_be_high(mask | card.bit, rules))]


# ---------------------------------------------------------------------- legality


def _legal_first_turn(state: HandInPlay, player: str) -> list[Action]:
    """FIRST-UPCARD-OFFER: take the upcard or pass, each player in turn from the player after the
    dealer; after everybody passed, the first player draws from the stock."""
    moves = _MOVES[player]
    if state.passes < len(state.hands):
        return [moves.draw_discard, moves.pass_]
    if state.round_rules.upcard_after_passes:
        return [moves.draw_stock, moves.draw_discard]
    return [moves.draw_stock]


def _legal_draw(state: HandInPlay, player: str) -> list[Action]:
    """TURN-DRAW-SOURCE: the top of the stock or of the discard pile. Neither is ever empty here:
    every turn ends with a discard, the deal turns an upcard (or the eleven-card start opens with a
    discard), and the stock is never drawn down past the wall (STOCK-WALL-TWO)."""
    moves = _MOVES[player]
    return [moves.draw_stock, moves.draw_discard]


def _legal_wall(state: HandInPlay, player: str) -> list[Action]:
    """STOCK-FIFTIETH-CARD: pass, or take the last discard if it lets the player go out."""
    moves = _MOVES[player]
    top = state.discard_pile[-1]
    holding = state.hand_mask(player) | top.bit
    knocks, _, big_gin = _going_out(state, holding, _discardable(state, holding, top))
    if knocks or big_gin:
        return [moves.draw_discard, moves.pass_]
    return [moves.pass_]


def _legal_discard(state: HandInPlay, player: str) -> list[Action]:
    """TURN-DISCARD, TURN-NO-DISCARD-TAKEN-CARD, KNOCK-LIMIT, BIGGIN-DEFINITION, KNOCK-OPTIONAL."""
    moves = _MOVES[player]
    held = state.hand_mask(player)
    discardable = _discardable(state, held, state.taken)
    knocks, gins, big_gin = _going_out(state, held, discardable)
    declare = [moves.big_gin] if big_gin else []
    if state.round_rules.gin_mandatory and (gins or big_gin):
        return [moves.knock[bit] for bit in gins] + declare
    discards = [] if state.wall_draw else _discards(player, discardable)
    return discards + [moves.knock[bit] for bit in knocks] + declare


def _legal_layoff(state: HandInPlay, player: str) -> list[Action]:
    """LAYOFF-*: each card that fits the spread (naming the meld when several fit), then done."""
    moves = _MOVES[player]
    actions = []
    melds = _melds_to_build_on(state, player)
    for card in sort_cards(state.hand(player)):
        targets = _targets_among(state, melds, card)
        if len(targets) == 1:
            actions.append(moves.layoff[card.bit])
        elif len(targets) > 1:
            actions += [Action(player, "layoff", card=card, onto=sort_cards(state.meld_as_seen(player, index))[0]) for index in targets]
    return actions + [moves.done]


_LEGAL = {
    "first_turn": _legal_first_turn,
    "draw": _legal_draw,
    "wall": _legal_wall,
    "discard": _legal_discard,
    "layoff": _legal_layoff,
}


def legal_actions(state: HandInPlay) -> list[Action]:
    """Exactly the actions :func:`apply` accepts now, as ``spec/actions.md`` lists them."""
    if state.phase == "over" or state.to_play is None:
        return []
    return _LEGAL[state.phase](state, state.to_play)
