"""``ginspec play`` at a table of three or four (``table_format: one_table``): one person against two
or three computer players, each hand saved as a transcript that ``ginspec replay`` checks move by
move (``spec/actions.md``, "A hand at a table of three or four").
"""

from __future__ import annotations

import random
from typing import Callable, Sequence, TextIO

from ginspec.play.hand import play_moves
from ginspec.play.transcripts import Transcript
from reference_impl.actions import Action, format_action
from reference_impl.cards import DECK, SUIT_SYMBOLS, Card, mask_of, sort_cards
from reference_impl.deadwood import least_deadwood, least_deadwood_after_discard
from reference_impl.table_round import (
    TablePlayRules,
    TableState,
    apply_table,
    deal_table_in_order,
    format_deal,
    table_legal_actions,
)


def pretty(cards: Sequence[Card]) -> str:
    return " ".join(str(card)[0] + SUIT_SYMBOLS[card.suit] for card in sort_cards(cards))


def format_points(points: dict[str, int]) -> str:
    """Every seat's score of a table hand, e.g. ``p1 10, p2 -34, p3 -9``."""
    return ", ".join(f"{seat} {score}" for seat, score in points.items())


def table_computer_move(state: TableState) -> Action:
    """A greedy player: take the discard when it lowers his count, knock as soon as he may with
    the discard that keeps least, otherwise throw the card whose loss costs least (the highest);
    after a knock, lay off every card that lowers his count."""
    actions = table_legal_actions(state)
    seat = state.to_play
    assert seat is not None
    hand = state.hand(seat)
    if state.phase in ("first_turn", "draw"):
        take = Action(seat, "draw", source="discard")
        top = state.discard_pile[-1] if state.discard_pile else None
        if take in actions and top is not None and least_deadwood_after_discard(mask_of(hand) | top.bit) < least_deadwood(mask_of(hand)):
            return take
        for fallback in (Action(seat, "draw", source="stock"), Action(seat, "pass")):
            if fallback in actions:
                return fallback
        return actions[0]
    if state.phase == "layoff":
        now = least_deadwood(mask_of(hand))
        for action in actions:
            if action.verb == "layoff" and action.card is not None and least_deadwood(mask_of(hand) ^ action.card.bit) < now:
                return action
        return Action(seat, "done")
    knocks = [action for action in actions if action.verb == "knock"]
    if knocks:
        return min(knocks, key=lambda action: least_deadwood(mask_of(hand) ^ action.card.bit))  # type: ignore[union-attr]
    discards = [action for action in actions if action.verb == "discard"]
    return min(discards, key=lambda action: (least_deadwood(mask_of(hand) ^ action.card.bit), -action.card.value))  # type: ignore[union-attr]


def _show(state: TableState, you: str, out: TextIO) -> None:
    hand = state.hand(you)
    if len(hand) > state.rules.table.hand.hand_size:
        count = f"least deadwood after the best discard {least_deadwood_after_discard(mask_of(hand))}"
    else:
        count = f"least deadwood {least_deadwood(mask_of(hand))}"
    top = pretty(state.discard_pile[-1:]) or "empty"
    out.write(f"\nstock {len(state.stock)}   discard pile: {top}   knock limit {state.knock_limit}\n")
    if state.spread:
        out.write("spread on the table: " + "  ".join(f"[{pretty(meld)}]" for meld in state.spread) + "\n")
    out.write(f"your hand: {pretty(hand)}   ({count})\n")


def play_table(
    rules: TablePlayRules,
    variant: str,
    overrides: dict,
    rng: random.Random,
    you: str,
    dealer: str,
    read: Callable[[str], str],
    out: TextIO,
) -> Transcript:
    """Play one hand at the table; ``read`` asks the person for a move. Returns the transcript."""
    pack = list(DECK)
    rng.shuffle(pack)
    state = deal_table_in_order(rules, dealer, pack)
    dealt = format_deal(state)
    others = ", ".join(seat for seat in rules.seats if seat != you)
    out.write(f"You are {you} at a table of {len(rules.seats)} ({others} are the computer); {dealer} deals. "
              "Type a move's number or its words (e.g. 'draw stock'), or 'quit'.\n")
    state, moves = play_moves(state, you, table_legal_actions, apply_table, table_computer_move, _show,
                              lambda action: f"{action.player}: {format_action(action).split(' ', 1)[1]}", read, out)
    result = state.result.to_data() if state.result else None
    if result:
        out.write(f"\nhand over: {result['outcome']}, winner {result['winner']}; {format_points(result['points'])}\n")
        for seat in rules.seats:
            out.write(f"  {seat}: {pretty(state.hand(seat))}\n")
    return Transcript(variant, overrides, dealt, tuple(moves), result)
