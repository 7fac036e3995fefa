"""Laying off after a knock (rules LAYOFF-DEFENDER-ONLY, LAYOFF-TARGET-KNOCKER-MELDS,
LAYOFF-EXTEND-SET, LAYOFF-EXTEND-RUN, LAYOFF-CHAIN, LAYOFF-DEFENDER-MELDS, LAYOFF-OPTIMAL).

Only the defender lays off, and only onto the knocker's melds as spread (KNOCK-SPREAD-FIXED). What
each knocker meld can take from the defender's hand:

- a three-card set: the fourth card of its rank (LAYOFF-EXTEND-SET); a four-card set takes nothing;
- a run: cards of its suit going down from its lowest card and up from its highest, each one next
  to the last card placed (LAYOFF-EXTEND-RUN, LAYOFF-CHAIN). The ace ends a run at the bottom and
  the king at the top: nothing wraps. Without chaining, one card per end. Where the ace may also be
  high (MELD-RUN-ACE-HIGH), a run reaching the king takes the ace above it, and a run ending in the
  ace above the king takes nothing more at that end.

The defender's deadwood is minimised jointly over which cards he lays off and how he melds the
rest (LAYOFF-OPTIMAL): every combination of lay-offs is tried, and the rest is evaluated exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Sequence

from reference_impl.cards import Card, DECK, format_cards, mask_of
from reference_impl.deadwood import Arrangement, ace_may_be_high, least_deadwood, optimal_arrangements
from reference_impl.errors import DuplicateCard, InvalidMelds
from reference_impl.melds import MeldType, meld_type
from reference_impl.rules import HandRules

_CARD_AT = {(card.rank, card.suit): card for card in DECK}


@dataclass(frozen=True, slots=True)
class LayOff:
    """One card laid off, and the index of the knocker's meld it goes onto."""

    card: Card
    meld: int


def _chain(start_rank: int, step: int, suit: str, held: frozenset[Card], longest: int) -> list[Card]:
    """Cards of ``suit`` the defender holds going from ``start_rank`` by ``step``, without a gap."""
    chain: list[Card] = []
    rank = start_rank
    while 1 <= rank <= 13 and len(chain) < longest:
        card = _CARD_AT[(rank, suit)]
        if card not in held:
            break
        chain.append(card)
        rank += step
    return chain


def layoff_choices_for_meld(meld: Sequence[Card], held: frozenset[Card], rules: HandRules) -> list[tuple[Card, ...]]:
    """Every group of the defender's cards that can be laid off onto one knocker meld, a set or a
    run (the knocker's melds are valid melds: LAYOFF-TARGET-KNOCKER-MELDS)."""
    if meld_type(meld) is MeldType.SET:
        if len(meld) != 3:
            return [()]
        rank = meld[0].rank
        fourth = [card for card in held if card.rank == rank]
        return [()] + [(card,) for card in fourth]
    suit = meld[0].suit
    ace_high = meld_type(meld) is None  # a valid meld that is no ace-low run ends in the ace above the king
    ranks = [14 if ace_high and card.rank == 1 else card.rank for card in meld]
    low, high = min(ranks), max(ranks)
    longest = 13 if rules.layoff_chaining else 1
    down = _chain(low - 1, -1, suit, held, longest)
    up = _chain(high + 1, +1, suit, held, longest)
    ace = _CARD_AT[(1, suit)]
    if high + len(up) == 13 and len(up) < longest and low > 1 and ace in held and rules.ace_in_runs == "low_or_high":
        up.append(ace)  # MELD-RUN-ACE-HIGH: the ace goes on above the king
    return [tuple(down[:below]) + tuple(up[:above]) for below in range(len(down) + 1) for above in range(len(up) + 1)]


@dataclass(frozen=True, slots=True)
class DefenderResult:
    """The defender's best outcome against a spread: his deadwood, one best way to reach it, and
    every distinct set of laid-off cards that reaches it."""

    deadwood: int
    layoffs: tuple[LayOff, ...]
    arrangement: Arrangement
    layoff_sets: frozenset[frozenset[Card]]


def defender_without_layoffs(defender: Sequence[Card], rules: HandRules | None = None) -> DefenderResult:
    """GIN-DEFENDER-MELDS: against gin (or when lay-offs are off) the defender only melds his own
    cards (with ace-high runs when ``rules`` allow them: MELD-RUN-ACE-HIGH)."""
    mask = mask_of(defender)
    high = rules is not None and ace_may_be_high(mask, rules)
    return DefenderResult(least_deadwood(mask, ace_high=high), (), optimal_arrangements(mask, ace_high=high)[0], frozenset({frozenset()}))


def best_defence(knocker_melds: Sequence[Sequence[Card]], defender: Sequence[Card], rules: HandRules) -> DefenderResult:
    """LAYOFF-OPTIMAL: the defender's least deadwood over his own melds and his lay-offs jointly."""
    if not rules.layoffs:
        return defender_without_layoffs(defender, rules)
    held = frozenset(defender)
    mask = mask_of(defender)
    high = ace_may_be_high(mask, rules)
    per_meld = [layoff_choices_for_meld(meld, held, rules) for meld in knocker_melds]
    best: int | None = None
    best_layoffs: tuple[LayOff, ...] = ()
    best_sets: set[frozenset[Card]] = set()
    for combination in product(*per_meld):
        laid = [LayOff(card, index) for index, cards in enumerate(combination) for card in cards]
        laid_cards = frozenset(layoff.card for layoff in laid)
        if len(laid_cards) != len(laid):
            continue  # one card offered to two melds
        deadwood = least_deadwood(mask ^ mask_of(laid_cards), ace_high=high)
        if best is None or deadwood < best:
            best, best_layoffs, best_sets = deadwood, tuple(laid), {laid_cards}
        elif deadwood == best:
            best_sets.add(laid_cards)
    assert best is not None  # the empty combination is always there
    rest = mask ^ mask_of(layoff.card for layoff in best_layoffs)
    return DefenderResult(best, best_layoffs, optimal_arrangements(rest, ace_high=high)[0], frozenset(best_sets))


def defend_against(knocker_melds: Sequence[Sequence[Card]], defender: Sequence[Card], rules: HandRules) -> DefenderResult:
    """:func:`best_defence` for a question from outside: no card may be given twice (EQUIP-DECK-52),
    and the knocker's spread is made of valid melds (LAYOFF-TARGET-KNOCKER-MELDS)."""
    every = [card for meld in knocker_melds for card in meld] + list(defender)
    seen: set[Card] = set()
    for card in every:
        if card in seen:
            raise DuplicateCard(f"{str(card)!r} is given twice")
        seen.add(card)
    for meld in knocker_melds:
        if meld_type(meld, ace_may_be_high(mask_of(meld), rules)) is None:
            raise InvalidMelds(f"{format_cards(meld)!r} in the knocker's spread is not a meld")
    return best_defence(knocker_melds, defender, rules)
