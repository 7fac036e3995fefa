"""Miniatures of the shortcuts real engines take: a meld search that never splits a meld, lay-offs
made meld by meld in the order the melds are listed, the knock limit checked against all eleven
cards, and the dealer drawing first after both players pass the upcard."""

from __future__ import annotations

import dataclasses
from itertools import combinations
from typing import Any, Callable, Sequence

from ginspec.adapters.miniatures.defects import Miniature, Replace

# ----------------------------------------------------------------------------- the meld search


def _whole_melds(mask: int) -> list[int]:
    """Every rank held three or four times, whole, and every longest run of a suit, whole."""
    from reference_impl.deadwood import _run_melds

    found = []
    for rank in range(13):
        cards = mask & (0x0001_0001_0001_0001 << rank)
        if cards.bit_count() >= 3:
            found.append(cards)
    for suit in range(4):
        found += [run << (16 * suit) for run in _run_melds((mask >> (16 * suit)) & 0x1FFF)]
    return found


def _value(mask: int) -> int:
    from reference_impl.cards import cards_of

    return sum(card.value for card in cards_of(mask))


def _unsplit_choices(mask: int) -> list[tuple[int, int]]:
    """(deadwood, melded cards) for every choice of disjoint whole melds."""
    melds = _whole_melds(mask)
    choices = []
    for size in range(len(melds) + 1):
        for chosen in combinations(melds, size):
            union = 0
            for meld in chosen:
                if union & meld:
                    break
                union |= meld
            else:
                choices.append((_value(mask ^ union), union))
    return choices


def _unsplit_least(_original: Callable[..., int]) -> Callable[..., int]:
    def least_deadwood(mask: int, *_: Any, **__: Any) -> int:
        """The least deadwood over whole melds only."""
        return min(deadwood for deadwood, _ in _unsplit_choices(mask))

    return least_deadwood


def _unsplit_after_discard(_original: Callable[..., int]) -> Callable[..., int]:
    def least_deadwood_after_discard(mask: int, *_: Any, **__: Any) -> int:
        from reference_impl import deadwood

        return min(deadwood.least_deadwood(mask ^ card.bit) for card in deadwood.cards_of(mask))

    return least_deadwood_after_discard


def _unsplit_arrangements(_original: Callable[..., list[Any]]) -> Callable[..., list[Any]]:
    def optimal_arrangements(mask: int, *_: Any, **__: Any) -> list[Any]:
        from reference_impl.cards import cards_of
        from reference_impl.deadwood import Arrangement

        choices = _unsplit_choices(mask)
        least = min(deadwood for deadwood, _ in choices)
        found = []
        for deadwood, union in choices:
            if deadwood == least:
                melds = tuple(tuple(cards_of(meld)) for meld in _whole_melds(mask) if meld & union == meld)
                found.append(Arrangement(melds, tuple(cards_of(mask ^ union))))
        return found

    return optimal_arrangements


# ----------------------------------------------------------------------------- lay-offs


def _layoffs_in_meld_order(original: Callable[..., Any]) -> Callable[..., Any]:
    def best_defence(knocker_melds: Sequence[Sequence[Any]], defender: Sequence[Any], rules: Any) -> Any:
        """Meld by meld, in the order listed, the defender lays off every card that fits (the
        longest lay-off the meld takes), then melds what is left."""
        from reference_impl import layoff
        from reference_impl.cards import mask_of

        if not rules.layoffs:
            return original(knocker_melds, defender, rules)
        held = set(defender)
        laid: list[Any] = []
        for index, meld in enumerate(knocker_melds):
            choices = [cards for cards in layoff.layoff_choices_for_meld(meld, frozenset(held), rules) if set(cards) <= held]
            longest = max(choices, key=len, default=())
            laid += [layoff.LayOff(card, index) for card in longest]
            held -= set(longest)
        rest = mask_of(held)
        return layoff.DefenderResult(
            layoff.least_deadwood(rest), tuple(laid), layoff.optimal_arrangements(rest)[0], frozenset({frozenset(item.card for item in laid)})
        )

    return best_defence


# ----------------------------------------------------------------------------- the knock count


def _eleven_card_count(cards: Sequence[Any]) -> int:
    from reference_impl.cards import mask_of
    from reference_impl.deadwood import least_deadwood

    return least_deadwood(mask_of(cards))


def _drawn_hand_eleven(original: Callable[..., Any]) -> Callable[..., Any]:
    def evaluate_drawn_hand(cards: Sequence[Any], rules: Any) -> Any:
        """Whether he may knock is read from all eleven cards, the discard counted."""
        from reference_impl.hand import can_knock_with

        result = original(cards, rules)
        return dataclasses.replace(result, can_knock=result.can_gin or can_knock_with(_eleven_card_count(cards), rules))

    return evaluate_drawn_hand


def _knock_check_eleven(original: Callable[..., Any]) -> Callable[..., Any]:
    def check_knock(cards: Sequence[Any], discard: Any, rules: Any) -> Any:
        from reference_impl.hand import can_knock_with

        result = original(cards, rules=rules, discard=discard)
        return dataclasses.replace(result, legal=result.gin or can_knock_with(_eleven_card_count(cards), rules))

    return check_knock


def _going_out_eleven(original: Callable[..., Any]) -> Callable[..., Any]:
    def _going_out(state: Any, held: int, discardable: int) -> tuple[list[int], list[int], bool]:
        from reference_impl import round as play

        _, gins, big_gin = original(state, held, discardable)
        if play.least_deadwood(held) > state.knock_limit:
            return gins, gins, big_gin
        bits = []
        rest = discardable
        while rest:
            bit = rest & -rest
            rest ^= bit
            bits.append(bit)
        return bits, gins, big_gin

    return _going_out


# ----------------------------------------------------------------------------- the first turn


def _dealer_draws_after_passes(original: Callable[..., Any]) -> Callable[..., Any]:
    def _pass(state: Any, action: Any, refuse: Any) -> Any:
        """After the second pass the turn stays with the dealer, who draws first."""
        from reference_impl import round as play

        following = original(state, action, refuse)
        if following.phase != "over" and state.phase != "wall" and following.passes == 2:
            return play._evolve(following, to_play=action.player)
        return following

    return _pass


MINIATURES = (
    Miniature("melds-never-split", "DEADWOOD-COUNT", "deadwood",
              "The meld search takes only whole groups of a rank and whole runs: it never splits a set or a run to use a card in another meld.",
              patches=(Replace("reference_impl.deadwood:least_deadwood", _unsplit_least),
                       Replace("reference_impl.deadwood:least_deadwood_after_discard", _unsplit_after_discard),
                       Replace("reference_impl.deadwood:optimal_arrangements", _unsplit_arrangements))),
    Miniature("lay-offs-in-meld-order", "LAYOFF-OPTIMAL", "layoff",
              "The defender lays off meld by meld in the order the knocker's melds are listed, every card that fits, and only then melds the rest.",
              patches=(Replace("reference_impl.layoff:best_defence", _layoffs_in_meld_order),)),
    Miniature("knock-counts-eleven-cards", "KNOCK-COUNT-AFTER-DISCARD", "knock",
              "Whether a player may knock is judged on all eleven cards he holds, the knock discard counted.",
              patches=(Replace("reference_impl.hand:evaluate_drawn_hand", _drawn_hand_eleven),
                       Replace("reference_impl.hand:check_knock", _knock_check_eleven),
                       Replace("reference_impl.round:_going_out", _going_out_eleven))),
    Miniature("dealer-draws-after-passes", "FIRST-UPCARD-OFFER", "first turn",
              "When both players pass the upcard, the dealer draws first from the stock instead of the non-dealer.",
              patches=(Replace("reference_impl.round:_pass", _dealer_draws_after_passes),)),
)
