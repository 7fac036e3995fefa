"""Questions about one player's hand: its least deadwood at rest, and after the draw which discards,
knocks, gin and big gin are open to it (rules DEADWOOD-COUNT, KNOCK-LIMIT,
KNOCK-COUNT-AFTER-DISCARD, GIN-DEFINITION, BIGGIN-DEFINITION)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from reference_impl.cards import Card, format_cards, mask_of
from reference_impl.deadwood import (
    Arrangement,
    ace_may_be_high,
    best_discards,
    least_deadwood,
    optimal_arrangements,
)
from reference_impl.errors import CardNotHeld, WrongHandSize
from reference_impl.melds import MeldType, meld_type
from reference_impl.rules import HandRules


def require_size(cards: Sequence[Card], sizes: Sequence[int], what: str) -> None:
    """Raise :class:`WrongHandSize` unless ``cards`` has one of the allowed sizes."""
    if len(cards) not in sizes:
        wanted = " or ".join(str(size) for size in sizes)
        raise WrongHandSize(f"{what} has {len(cards)} cards, expected {wanted}: {format_cards(cards)!r}")


def meld_type_under(cards: Sequence[Card], rules: HandRules) -> MeldType | None:
    """MELD-SET, MELD-RUN, MELD-RUN-ACE-LOW or MELD-RUN-ACE-HIGH as the variant has it: the kind of
    meld ``cards`` form, or ``None``."""
    return meld_type(cards, ace_may_be_high(mask_of(cards), rules))


@dataclass(frozen=True, slots=True)
class RestingHand:
    """A hand that owes no discard: its least deadwood and every arrangement reaching it."""

    deadwood: int
    arrangements: tuple[Arrangement, ...]


def evaluate_resting_hand(cards: Sequence[Card], rules: HandRules) -> RestingHand:
    """DEADWOOD-COUNT and MELD-DISJOINT for a hand of at most ``hand_size`` cards."""
    require_size(cards, range(rules.hand_size + 1), "a hand at rest")
    mask = mask_of(cards)
    high = ace_may_be_high(mask, rules)
    return RestingHand(least_deadwood(mask, ace_high=high), tuple(optimal_arrangements(mask, ace_high=high)))


@dataclass(frozen=True, slots=True)
class DrawnHand:
    """A hand holding one card more than it keeps (after the draw).

    ``deadwood`` is the least deadwood of the cards kept, minimised over every discard, and
    ``discards`` every discard that reaches it (KNOCK-COUNT-AFTER-DISCARD). ``kept`` is an optimal
    arrangement of the cards kept after the first of those discards.
    """

    deadwood: int
    discards: tuple[Card, ...]
    can_knock: bool
    can_gin: bool
    can_big_gin: bool
    kept: Arrangement
    all_melded: Arrangement | None


def can_knock_with(deadwood: int, rules: HandRules) -> bool:
    """KNOCK-LIMIT: a knock is open when the deadwood kept is at most the knock limit."""
    return deadwood <= rules.knock_limit


def counted_before_discard(held: int, rules: HandRules, limit: int | None = None) -> bool:
    """KNOCK-COUNT-AFTER-DISCARD under the reading of open question Q2: by default (``a``) only the
    cards kept count, and this is always true; under reading ``b`` the least deadwood of the
    cards held before the discard (a mask) must be within the limit (``limit``, the knock limit
    in force, or the variant's) as well."""
    if rules.reading("Q2") != "b":
        return True
    return least_deadwood(held, ace_high=ace_may_be_high(held, rules)) <= (rules.knock_limit if limit is None else limit)


def is_gin(deadwood: int) -> bool:
    """GIN-DEFINITION: gin is a knock whose kept cards are all melded."""
    return deadwood == 0


def is_big_gin(cards_after_draw: Sequence[Card], rules: HandRules) -> bool:
    """BIGGIN-DEFINITION: all the cards held after the draw are melded, and the variant has big gin."""
    mask = mask_of(cards_after_draw)
    return rules.big_gin and least_deadwood(mask, ace_high=ace_may_be_high(mask, rules)) == 0


def evaluate_drawn_hand(cards: Sequence[Card], rules: HandRules) -> DrawnHand:
    """Everything a player holding ``hand_size + 1`` cards may do about going out."""
    require_size(cards, (rules.hand_size + 1,), "a hand after the draw")
    mask = mask_of(cards)
    high = ace_may_be_high(mask, rules)
    deadwood, discards = best_discards(mask, ace_high=high)
    kept = optimal_arrangements(mask ^ discards[0].bit, ace_high=high)[0]
    big_gin = is_big_gin(cards, rules)
    return DrawnHand(
        deadwood=deadwood,
        discards=tuple(discards),
        can_knock=can_knock_with(deadwood, rules) and counted_before_discard(mask, rules),
        can_gin=is_gin(deadwood),
        can_big_gin=big_gin,
        kept=kept,
        all_melded=optimal_arrangements(mask, ace_high=high)[0] if big_gin else None,
    )


@dataclass(frozen=True, slots=True)
class KnockCheck:
    """Whether knocking with a given discard is legal, and the deadwood it leaves."""

    legal: bool
    deadwood: int
    gin: bool


def check_knock(cards: Sequence[Card], discard: Card, rules: HandRules) -> KnockCheck:
    """KNOCK-LIMIT and KNOCK-COUNT-AFTER-DISCARD: the knock discard is put aside and not counted;
    the knock is legal when the least deadwood of the cards kept is within the limit."""
    require_size(cards, (rules.hand_size + 1,), "a hand after the draw")
    if discard not in cards:
        raise CardNotHeld(f"the discard {str(discard)!r} is not in the hand {format_cards(cards)!r}")
    mask = mask_of(cards)
    deadwood = least_deadwood(mask ^ discard.bit, ace_high=ace_may_be_high(mask, rules))
    legal = can_knock_with(deadwood, rules) and counted_before_discard(mask, rules)
    return KnockCheck(legal=legal, deadwood=deadwood, gin=is_gin(deadwood))
