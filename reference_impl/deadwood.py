"""Least deadwood and the arrangements that reach it (rules DEADWOOD-COUNT, MELD-DISJOINT,
KNOCK-COUNT-AFTER-DISCARD).

How the search follows the definitions
--------------------------------------
An arrangement is a choice of disjoint melds; its deadwood is the value of the cards left over.
Two facts about melds split every hand into small independent questions:

1. A run lies inside one suit (MELD-RUN), and a set takes at most one card of each suit (MELD-SET).
2. Once the sets are chosen, what is left of each suit is melded by runs only, and in one suit the
   best the runs can do is to meld every unbroken stretch of three or more cards: every card has a
   positive value, so leaving a card of such a stretch out only adds deadwood. (Cutting a stretch
   into several runs melds the same cards; ``spec/notation.md`` counts that as one arrangement.)

So the least deadwood is the minimum, over every choice of sets, of the per-suit run deadwood of
what remains. The per-suit answer depends only on the 13-bit mask of that suit, and is tabulated
once for all 8,192 masks (:data:`RUN_DEADWOOD`). A rank held in three suits offers two set choices
(no set, or the set); a rank held in all four offers six (none, the four, or any three of them).

With eleven cards (after the draw) the question is the least deadwood of the ten cards kept,
minimised over every discard; the discard itself is never counted (KNOCK-COUNT-AFTER-DISCARD).
A discarded card is never in a set of the chosen sets (a set that would lose a card is the choice
"without that set", or the three-card choice of a four-card rank, both of which are enumerated),
so it comes out of one suit's remainder: :data:`RUN_DEADWOOD_AFTER_DISCARD` tabulates, per suit
mask, the least run deadwood after removing the best card of that suit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING, Iterator, Sequence

from reference_impl.cards import LANE_MASK, Card, cards_of

if TYPE_CHECKING:
    from reference_impl.rules import HandRules

NO_DISCARD = 1 << 20
"""Stands for "no discard possible" in :data:`RUN_DEADWOOD_AFTER_DISCARD` (an empty suit)."""

_RANK_VALUES = tuple(min(rank, 10) for rank in range(1, 14))


def _unbroken_stretches(lane: int) -> Iterator[int]:
    """The maximal blocks of adjacent ranks in a 13-bit suit mask, each as a mask."""
    while lane:
        top = lane & -lane
        block = top
        while lane & (top << 1):
            top <<= 1
            block |= top
        yield block
        lane &= ~block


def _run_melds(lane: int) -> list[int]:
    """The runs melded in one suit: every unbroken stretch of 3 or more cards."""
    return [block for block in _unbroken_stretches(lane) if block.bit_count() >= 3]


def _lowest_stretch(lane: int) -> int:
    """The lowest maximal block of adjacent ranks of a non-empty suit mask (adding its lowest bit
    carries through the block and clears it)."""
    return lane & ~(lane + (lane & -lane))


def _tabulate() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:data:`RUN_DEADWOOD` and :data:`RUN_DEADWOOD_AFTER_DISCARD`, built mask by mask from smaller
    masks (the run deadwood of a suit: the value of its cards outside unbroken stretches of three
    or more, and the minimum of that over each discard), fast because every command that reads a hand
    builds them at start.

    A suit mask is its lowest stretch plus the rest; the stretches melded or not are independent,
    so the run deadwood adds up, and a discard comes either out of the lowest stretch or out of the
    rest."""
    size = 1 << 13
    value = [0] * size
    run = [0] * size
    after = [NO_DISCARD] * size
    best_in_stretch: dict[int, int] = {}
    for lane in range(1, size):
        low = lane & -lane
        value[lane] = value[lane ^ low] + _RANK_VALUES[low.bit_length() - 1]
        stretch = _lowest_stretch(lane)
        run[lane] = (0 if stretch.bit_count() >= 3 else value[stretch]) + run[lane ^ stretch]
    for lane in range(1, size):
        stretch = _lowest_stretch(lane)
        rest = lane ^ stretch
        inside = best_in_stretch.get(stretch)
        if inside is None:
            inside = best_in_stretch[stretch] = min(run[stretch ^ bit] for bit in _bits(stretch))
        after[lane] = min(inside + run[rest], run[stretch] + after[rest])
    return tuple(run), tuple(after)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


RUN_DEADWOOD: tuple[int, ...]
"""Per-suit run deadwood for every 13-bit suit mask: the value of the cards outside its unbroken
stretches of three or more (MELD-RUN)."""

RUN_DEADWOOD_AFTER_DISCARD: tuple[int, ...]
"""Per-suit run deadwood after discarding the best card of that suit (:data:`NO_DISCARD` for an
empty suit)."""

RUN_DEADWOOD, RUN_DEADWOOD_AFTER_DISCARD = _tabulate()

_ACE_AND_KING = 1 | 1 << 12
"""The ace and the king of a 13-bit suit mask: a suit holding both may run Q-K-A (MELD-RUN-ACE-HIGH)."""

_HIGH_ACE_VALUES = _RANK_VALUES[1:] + (1,)
"""The values of the ranks two to king and then the ace, in the order of a suit mask with the ace
put above the king (the ace still counts 1: CARD-VALUES)."""


def _ace_above_king(lane: int) -> int:
    """A suit mask holding the ace, with the ace moved above the king: bit 0 is then the two and
    bit 12 the ace."""
    return (lane >> 1) | 1 << 12


def _ace_back_below(block: int) -> int:
    """A block of :func:`_ace_above_king` as a suit mask again."""
    return ((block << 1) & LANE_MASK) | (block >> 12)


def _run_deadwood_of(lane: int, values: tuple[int, ...]) -> int:
    """The value of a suit's cards outside its unbroken stretches of three or more, the ranks of
    the mask valued by ``values``."""
    melded = 0
    for block in _run_melds(lane):
        melded |= block
    return sum(values[bit.bit_length() - 1] for bit in _bits(lane & ~melded))


class AceHighTables:
    """The per-suit tables of :data:`RUN_DEADWOOD` and :data:`RUN_DISCARD_CHANGE` when the ace may
    also end a run above the king (MELD-RUN-ACE-HIGH, ``ace_in_runs: low_or_high``): a suit holding
    the ace and the king melds the better of its runs with the ace low and its runs with the ace
    high (one ace cannot be both, and no run wraps: MELD-RUN-NO-WRAP). Built on first use, since
    only a variant with ace-high runs needs them."""

    run: tuple[int, ...]
    change: tuple[int, ...]

    def __init__(self) -> None:
        run = list(RUN_DEADWOOD)
        for lane in range(1 << 13):
            if lane & _ACE_AND_KING == _ACE_AND_KING:
                run[lane] = min(run[lane], _run_deadwood_of(_ace_above_king(lane), _HIGH_ACE_VALUES))
        change = list(RUN_DISCARD_CHANGE)
        for lane in range(1 << 13):
            if lane & _ACE_AND_KING == _ACE_AND_KING:
                after = min(run[lane ^ bit] for bit in _bits(lane))
                change[lane] = after - run[lane]
        self.run = tuple(run)
        self.change = tuple(change)


@lru_cache(maxsize=1)
def ace_high_tables() -> AceHighTables:
    """The tables of :class:`AceHighTables`, built once."""
    return AceHighTables()


def ace_may_be_high(mask: int, rules: "HandRules") -> bool:
    """MELD-RUN-ACE-HIGH: whether the ace of some suit of ``mask`` may end a run above the king.

    Only a suit holding both its ace and its king can tell ``ace_in_runs: low_or_high`` from
    ``low``, so the parameter is read only then: an answer about other cards does not depend on it."""
    return bool(mask & (mask >> 12) & _COLUMNS) and rules.ace_in_runs == "low_or_high"

_ALL_FOUR = (0, 1, 2, 3)


def _set_choices(suits: Sequence[int]) -> list[tuple[int, ...]]:
    """MELD-SET: the set choices for one rank held in ``suits``: none, or any 3 or 4 of them."""
    choices: list[tuple[int, ...]] = [()]
    if len(suits) == 4:
        choices.append(tuple(suits))
    if len(suits) >= 3:
        choices.extend(combinations(suits, 3))
    return choices


def set_choices(mask: int) -> list[int]:
    """Every way to choose the sets of a hand, each as the mask of the cards put in sets."""
    per_rank: list[list[int]] = []
    for rank in range(13):
        column = (mask >> rank) & _COLUMNS  # the cards of the rank, one bit in each suit's lane
        if column.bit_count() >= 3:
            suits = [suit for suit in _ALL_FOUR if column >> (16 * suit) & 1]
            per_rank.append(
                [sum(1 << (16 * suit + rank) for suit in choice) for choice in _set_choices(suits)]
            )
    return [sum(choice) for choice in product(*per_rank)]


_COLUMNS = 0x0001_0001_0001_0001
"""Multiplying a 13-bit rank mask by this copies it into all four suit lanes."""

RUN_DISCARD_CHANGE: tuple[int, ...] = tuple(
    after - run for after, run in zip(RUN_DEADWOOD_AFTER_DISCARD, RUN_DEADWOOD)
)
"""Per suit mask, how the run deadwood of that suit changes when its best card is discarded (the
discarded card is not counted, so this is usually negative; :data:`NO_DISCARD` or more for an empty
suit)."""

Lanes = tuple[int, int, int, int]
_SET_CHOICES_BY_SETTABLE_CARDS: dict[int, tuple[Lanes, ...]] = {}


def _set_choices_for(mask: int, settable_ranks: int) -> tuple[Lanes, ...]:
    """:func:`set_choices`, remembered by the cards of the ranks that can form sets, each choice
    given as the four suit masks of the cards it puts in sets (c, d, h, s).

    The choices depend only on those cards, and there are few distinct such card groups, so each
    is worked out once.
    """
    key = mask & (settable_ranks * _COLUMNS)
    choices = _SET_CHOICES_BY_SETTABLE_CARDS.get(key)
    if choices is None:
        choices = _SET_CHOICES_BY_SETTABLE_CARDS[key] = tuple(
            (in_sets & LANE_MASK, (in_sets >> 16) & LANE_MASK, (in_sets >> 32) & LANE_MASK, in_sets >> 48)
            for in_sets in set_choices(key)
        )
    return choices


def set_choices_by_suit(mask: int) -> tuple[Lanes, ...]:
    """MELD-SET: :func:`set_choices` of ``mask``, each choice given as the four suit masks (c, d,
    h, s) of the cards it puts in sets; the first is always the choice of no sets."""
    c, d, h, s = mask & LANE_MASK, (mask >> 16) & LANE_MASK, (mask >> 32) & LANE_MASK, mask >> 48
    return _set_choices_for(mask, (c & d & (h | s)) | (h & s & (c | d)))


def least_deadwood(mask: int, _table: tuple[int, ...] = RUN_DEADWOOD, _lane: int = LANE_MASK, *, ace_high: bool = False) -> int:
    """DEADWOOD-COUNT: the least deadwood of a hand at rest, given as a card mask; with
    ``ace_high`` an ace may also end a run above the king (MELD-RUN-ACE-HIGH, :func:`ace_may_be_high`)."""
    if ace_high:
        _table = ace_high_tables().run
    c = mask & _lane
    d = (mask >> 16) & _lane
    h = (mask >> 32) & _lane
    s = mask >> 48
    settable = (c & d & (h | s)) | (h & s & (c | d))  # ranks held in three or four suits
    if not settable:
        return _table[c] + _table[d] + _table[h] + _table[s]
    best = 1 << 20
    for in_c, in_d, in_h, in_s in _set_choices_for(mask, settable):
        total = _table[c ^ in_c] + _table[d ^ in_d] + _table[h ^ in_h] + _table[s ^ in_s]
        if total < best:
            best = total
    return best


def least_deadwood_after_discard(
    mask: int,
    _table: tuple[int, ...] = RUN_DEADWOOD,
    _change: tuple[int, ...] = RUN_DISCARD_CHANGE,
    _lane: int = LANE_MASK,
    *,
    ace_high: bool = False,
) -> int:
    """KNOCK-COUNT-AFTER-DISCARD: least deadwood of the cards kept, minimised over every discard.

    ``mask`` holds the hand after the draw (11 cards in the standard game). Exact: the minimum is
    taken over every discard, not by dropping the highest unmelded card. For each choice of sets,
    the discard comes out of the one suit where removing a card costs least. ``ace_high``: as in
    :func:`least_deadwood`.
    """
    if ace_high:
        tables = ace_high_tables()
        _table, _change = tables.run, tables.change
    c = mask & _lane
    d = (mask >> 16) & _lane
    h = (mask >> 32) & _lane
    s = mask >> 48
    settable = (c & d & (h | s)) | (h & s & (c | d))
    if not settable:
        return _table[c] + _table[d] + _table[h] + _table[s] + min(_change[c], _change[d], _change[h], _change[s])
    best = 1 << 20
    for in_c, in_d, in_h, in_s in _set_choices_for(mask, settable):
        rest_c = c ^ in_c
        rest_d = d ^ in_d
        rest_h = h ^ in_h
        rest_s = s ^ in_s
        change = _change[rest_c]  # the cheapest discard, suit by suit
        other = _change[rest_d]
        if other < change:
            change = other
        other = _change[rest_h]
        if other < change:
            change = other
        other = _change[rest_s]
        if other < change:
            change = other
        kept = _table[rest_c] + _table[rest_d] + _table[rest_h] + _table[rest_s] + change
        if kept < best:
            best = kept
    return best


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A choice of disjoint melds from a hand, and the deadwood it leaves (MELD-DISJOINT)."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood_cards: tuple[Card, ...]

    @property
    def deadwood(self) -> int:
        """DEADWOOD-COUNT: the value of the unmelded cards."""
        return sum(card.value for card in self.deadwood_cards)


def _suit_layouts(lane: int, ace_high: bool) -> list[list[int]]:
    """The best ways to meld one suit by runs, each as its runs (suit masks): every unbroken
    stretch of three or more; with ``ace_high``, when the suit holds the ace and the king, also the
    stretches with the ace above the king, if they leave no more deadwood (MELD-RUN-ACE-HIGH)."""
    low = _run_melds(lane)
    if not ace_high or lane & _ACE_AND_KING != _ACE_AND_KING:
        return [low]
    high = [_ace_back_below(block) for block in _run_melds(_ace_above_king(lane))]
    low_left = _run_deadwood_of(lane, _RANK_VALUES)
    high_left = _run_deadwood_of(_ace_above_king(lane), _HIGH_ACE_VALUES)
    if high_left < low_left:
        return [high]
    if low_left < high_left or sorted(high) == sorted(low):
        return [low]
    return [low, high]


def _arrangements(mask: int, in_sets: int, ace_high: bool) -> list[Arrangement]:
    """The best arrangements for one choice of sets: sets as chosen, each suit's rest melded by
    its best runs (one layout, or with ace-high runs possibly two per suit)."""
    set_masks: list[int] = []
    for rank in range(13):
        rank_cards = in_sets & (0x1000100010001 << rank)
        if rank_cards:
            set_masks.append(rank_cards)
    rest = mask ^ in_sets
    per_suit = [
        [[run << (16 * suit) for run in layout] for layout in _suit_layouts((rest >> (16 * suit)) & LANE_MASK, ace_high)]
        for suit in _ALL_FOUR
    ]
    found = []
    for layouts in product(*per_suit):
        meld_masks = set_masks + [run for layout in layouts for run in layout]
        deadwood = rest
        for run in meld_masks[len(set_masks):]:
            deadwood ^= run
        found.append(Arrangement(
            melds=tuple(tuple(cards_of(meld)) for meld in meld_masks),
            deadwood_cards=tuple(cards_of(deadwood)),
        ))
    return found


def _arrangement(mask: int, in_sets: int) -> Arrangement:
    """The best arrangement for one choice of sets with the ace low in runs."""
    return _arrangements(mask, in_sets, False)[0]


def optimal_arrangements(mask: int, *, ace_high: bool = False) -> list[Arrangement]:
    """Every arrangement of a hand at rest that reaches its least deadwood.

    Arrangements are counted as ``spec/notation.md`` says: adjacent run cards form one run. Each
    choice of sets has exactly one best run layout (with ace-high runs, a suit may have two equally
    good ones: the ace low or high), so listing the set choices that reach the minimum lists the
    optimal arrangements, each once. A hand's arrangements depend on its cards alone: they are
    worked out once per hand (a replayed hand meets the same hands again).
    """
    return list(_optimal_arrangements(mask, ace_high))


@lru_cache(maxsize=1 << 14)
def _optimal_arrangements(mask: int, ace_high: bool = False) -> tuple[Arrangement, ...]:
    best = least_deadwood(mask, ace_high=ace_high)
    found = []
    for in_sets in set_choices(mask):
        if least_deadwood(mask ^ in_sets, ace_high=ace_high) > best:
            continue  # even the best melding of the cards left out of these sets leaves more
        for arrangement in _arrangements(mask, in_sets, ace_high):
            if arrangement.deadwood == best:
                found.append(arrangement)
    return tuple(found)


def best_discards(mask: int, *, ace_high: bool = False) -> tuple[int, list[Card]]:
    """KNOCK-COUNT-AFTER-DISCARD: the least deadwood after discarding, and every discard reaching it.

    The least deadwood is the one the per-suit tables give (:func:`least_deadwood_after_discard`,
    the count that play and the knock checks rely on), so every question about a hand after the
    draw checks those tables too."""
    best = least_deadwood_after_discard(mask, ace_high=ace_high)
    return best, [card for card in cards_of(mask) if least_deadwood(mask ^ card.bit, ace_high=ace_high) == best]
