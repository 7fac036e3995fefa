"""What a meld is (rules MELD-SET, MELD-RUN, MELD-RUN-ACE-LOW, MELD-RUN-ACE-HIGH, MELD-RUN-NO-WRAP,
MELD-DISJOINT)."""

from __future__ import annotations

from enum import Enum
from typing import Iterable, Sequence

from reference_impl.cards import Card, format_cards, sort_cards
from reference_impl.errors import InvalidMelds


class MeldType(str, Enum):
    SET = "set"
    RUN = "run"


def is_set(cards: Sequence[Card]) -> bool:
    """MELD-SET: three or four cards of one rank (one pack has only four of a rank): cards of one
    rank are different cards when their suits are."""
    return 3 <= len(cards) <= 4 and len({card.rank for card in cards}) == 1 and len({card.suit for card in cards}) == len(cards)


def is_run(cards: Sequence[Card]) -> bool:
    """MELD-RUN: three or more cards of one suit in consecutive rank.

    The ace is rank 1 and only ever low (MELD-RUN-ACE-LOW), and rank 13 (king) is not followed by the
    ace, so Q-K-A and K-A-2 are not runs (MELD-RUN-NO-WRAP).
    """
    if len(cards) < 3 or len({card.suit for card in cards}) != 1:
        return False
    ranks = sorted(card.rank for card in cards)
    return all(higher == lower + 1 for lower, higher in zip(ranks, ranks[1:]))


def is_ace_high_run(cards: Sequence[Card]) -> bool:
    """MELD-RUN-ACE-HIGH: three or more cards of one suit in consecutive rank with the ace above the
    king (Q-K-A, J-Q-K-A...). Nothing follows the ace, so K-A-2 is still no run (MELD-RUN-NO-WRAP)."""
    if len(cards) < 3 or len({card.suit for card in cards}) != 1:
        return False
    ranks = sorted(14 if card.rank == 1 else card.rank for card in cards)
    return ranks[-1] == 14 and all(higher == lower + 1 for lower, higher in zip(ranks, ranks[1:]))


def meld_type(cards: Sequence[Card], ace_high: bool = False) -> MeldType | None:
    """The kind of meld these cards form, or ``None`` if they are not a meld; with ``ace_high``
    (``ace_in_runs: low_or_high``) a run may also end in the ace above the king."""
    if is_set(cards):
        return MeldType.SET
    if is_run(cards) or (ace_high and is_ace_high_run(cards)):
        return MeldType.RUN
    return None


def in_meld_order(cards: Iterable[Card]) -> list[Card]:
    """A meld's cards in canonical order: a set by suit, a run by rank, the ace last in a run that
    it ends above the king (``spec/notation.md``, MELD-RUN-ACE-HIGH)."""
    ordered = sort_cards(cards)
    if ordered and ordered[0].rank == 1 and ordered[-1].rank != 1 and not is_run(ordered) and is_ace_high_run(ordered):
        return ordered[1:] + ordered[:1]
    return ordered


def format_meld(cards: Iterable[Card]) -> str:
    """A meld in canonical order (:func:`in_meld_order`)."""
    return format_cards(in_meld_order(cards))


def meld_sort_key(meld: Sequence[Card]) -> tuple[int, int, int]:
    """Spreads print sets before runs, then by lowest card."""
    ordered = sort_cards(meld)
    kind = 0 if is_set(ordered) else 1
    first = ordered[0] if kind else min(ordered, key=lambda card: card.sort_key)
    return (kind, first.rank if kind == 0 else first.suit_index, first.rank)


def format_spread(melds: Iterable[Sequence[Card]]) -> str:
    """A spread: melds separated by `` | ``, sets first."""
    return " | ".join(format_meld(meld) for meld in sorted(melds, key=meld_sort_key))


def check_spread(melds: Sequence[Sequence[Card]], hand: Iterable[Card], ace_high: bool = False) -> None:
    """Raise :class:`InvalidMelds` unless ``melds`` are valid, disjoint melds of ``hand``
    (MELD-DISJOINT); ``ace_high`` as in :func:`meld_type`."""
    held = set(hand)
    used: set[Card] = set()
    for meld in melds:
        if meld_type(meld, ace_high) is None:
            raise InvalidMelds(f"{format_cards(meld)!r} is not a meld")
        for card in meld:
            if card not in held:
                raise InvalidMelds(f"{str(card)!r} in meld {format_cards(meld)!r} is not in the hand")
            if card in used:
                raise InvalidMelds(f"{str(card)!r} is in two melds")
            used.add(card)
