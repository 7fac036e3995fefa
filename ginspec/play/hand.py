"""``ginspec play``: one hand in the terminal against a simple computer opponent.

The point is to watch the rules work: every turn shows your hand with suit symbols, its least
deadwood, and the numbered legal moves; the computer plays by a plain greedy policy. The hand can
be saved as a transcript that ``ginspec replay`` checks move by move.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence, TextIO

from ginspec.suite.notation import NotationProblem, read_action
from ginspec.play.transcripts import Transcript
from reference_impl.actions import Action, format_action, parse_action
from reference_impl.cards import DECK, SUIT_SYMBOLS, Card, format_cards, mask_of, sort_cards
from reference_impl.deadwood import least_deadwood, least_deadwood_after_discard
from reference_impl.errors import GinError, NotationError
from reference_impl.layoff import best_defence
from reference_impl.round import RoundState, apply, deal_in_order, legal_actions
from reference_impl.rules import RoundRules


def pretty(cards: Sequence[Card]) -> str:
    return " ".join(str(card)[0] + SUIT_SYMBOLS[card.suit] for card in sort_cards(cards))


def shuffled_deal(rules: RoundRules, dealer: str, rng: random.Random) -> tuple[RoundState, dict]:
    """A dealt hand from a shuffled pack, and the deal as plain data for the transcript."""
    cards = list(DECK)
    rng.shuffle(cards)
    state = deal_in_order(rules, dealer, cards)
    data = {
        "dealer": dealer,
        "hands": {"p1": format_cards(state.hands[0]), "p2": format_cards(state.hands[1])},
        "upcard": str(state.upcard) if state.upcard else None,
        "stock": format_cards(state.stock),
    }
    return state, data


def computer_move(state: RoundState) -> Action:
    """A greedy policy: take a card that lowers deadwood, knock as soon as possible with the best
    discard, otherwise throw the card whose loss costs least (the highest such card)."""
    actions = legal_actions(state)
    player = state.to_play
    assert player is not None
    hand = state.hand(player)
    by_verb = {action.verb for action in actions}
    if state.phase in ("first_turn", "draw", "wall"):
        top = state.discard_pile[-1] if state.discard_pile else None
        take = Action(player, "draw", source="discard")
        if take in actions and top is not None:
            if state.phase == "wall" or least_deadwood_after_discard(mask_of(hand) | top.bit) < least_deadwood(mask_of(hand)):
                return take
        for fallback in (Action(player, "draw", source="stock"), Action(player, "pass")):
            if fallback in actions:
                return fallback
        return actions[0]
    if state.phase == "layoff":
        assert state.knocker is not None
        plan = best_defence(state.spread, hand, state.rules.hand.replace(layoff_chaining=True))
        for entry in plan.layoffs:
            for action in actions:
                if action.verb == "layoff" and action.card == entry.card:
                    return action
        return Action(player, "done")
    if "big-gin" in by_verb:
        return Action(player, "big-gin")
    knocks = [action for action in actions if action.verb == "knock"]
    if knocks:
        return min(knocks, key=lambda action: least_deadwood(mask_of(hand) ^ action.card.bit))  # type: ignore[union-attr]
    discards = [action for action in actions if action.verb == "discard"]
    return min(
        discards,
        key=lambda action: (least_deadwood(mask_of(hand) ^ action.card.bit), -action.card.value),  # type: ignore[union-attr]
    )


def show(state: RoundState, you: str, out: TextIO) -> None:
    hand = state.hand(you)
    if len(hand) > state.rules.hand.hand_size:
        count = f"least deadwood after the best discard {least_deadwood_after_discard(mask_of(hand))}"
    else:
        count = f"least deadwood {least_deadwood(mask_of(hand))}"
    top = pretty(state.discard_pile[-1:]) or "empty"
    if state.knocker is not None and state.rules.knock_discard_location == "pile":
        top = "the knock card, face down"
    out.write(f"\nstock {len(state.stock)}   discard pile: {top}   knock limit {state.knock_limit}\n")
    if state.spread:
        out.write("spread on the table: " + "  ".join(f"[{pretty(meld)}]" for meld in state.spread) + "\n")
    out.write(f"your hand: {pretty(hand)}   ({count})\n")


QUIT = "quit"
"""What :func:`person_turn` gives when the person stops the hand."""


def person_turn(you: str, actions: Sequence[Action], apply_move: Callable, state: object, read: Callable[[str], str], out: TextIO) -> object:
    """The person's move: the legal moves numbered, then one read; the state after it and the
    action, :data:`QUIT`, or ``None`` when the move is not allowed (the reason is written)."""
    for number, candidate in enumerate(actions, 1):
        out.write(f"  {number:>2}. {format_action(candidate).split(' ', 1)[1]}\n")
    answer = read("> ").strip()
    if answer in ("quit", "q"):
        return QUIT
    try:
        if answer.isdigit() and 0 < int(answer) <= len(actions):
            action = actions[int(answer) - 1]
        else:
            read_action(f"{you} {answer}")  # a move that is no action, quoted with a hint
            action = parse_action(f"{you} {answer}")
        return apply_move(state, action), action
    except (GinError, NotationError, NotationProblem) as exc:
        out.write(f"not allowed: {exc}\n")
        return None


def play_moves(
    state: Any,
    you: str,
    legal: Callable[[Any], Sequence[Action]],
    apply_move: Callable[[Any, Action], Any],
    computer: Callable[[Any], Action],
    show_state: Callable[[Any, str, TextIO], None],
    announce: Callable[[Action], str],
    read: Callable[[str], str],
    out: TextIO,
) -> tuple[Any, list[str]]:
    """Play a dealt hand to its end, or until the person quits: the person's moves read at the
    terminal, the others' chosen by ``computer`` and announced. Returns the last state and the
    moves made, in the action notation (``spec/actions.md``)."""
    moves: list[str] = []
    while state.phase != "over":
        if state.to_play != you:
            action = computer(state)
            out.write(announce(action) + "\n")
            state = apply_move(state, action)
        else:
            show_state(state, you, out)
            turn = person_turn(you, legal(state), apply_move, state, read, out)
            if turn == QUIT:
                break
            if turn is None:
                continue
            state, action = turn
        moves.append(format_action(action))
    return state, moves


def play(
    rules: RoundRules,
    variant: str,
    overrides: dict,
    rng: random.Random,
    you: str,
    dealer: str,
    read: Callable[[str], str],
    out: TextIO,
) -> Transcript:
    """Play one hand; ``read`` asks the person for a move. Returns the transcript."""
    state, dealt = shuffled_deal(rules, dealer, rng)
    out.write(f"You are {you}; {dealer} deals. Type a move's number or its words (e.g. 'draw stock'), or 'quit'.\n")
    state, transcript = play_moves(state, you, legal_actions, apply, computer_move, show,
                                   lambda action: f"computer: {format_action(action)}", read, out)
    result = state.result.to_data() if state.result else None
    if result:
        out.write(f"\nhand over: {result['outcome']}, winner {result['winner']}, {result['points']} points\n")
        for seat in ("p1", "p2"):
            out.write(f"  {seat}: {pretty(state.hand(seat))}\n")
    return Transcript(variant, overrides, dealt, tuple(transcript), result)
