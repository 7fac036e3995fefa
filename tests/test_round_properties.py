"""Random legal play of whole hands under every two-player variant: the state machine never loses
a card, every listed action applies, every finished hand has a score, states survive plain data,
and a replayed transcript reproduces the hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginspec.suite.variants import load_variants
from reference_impl.actions import format_action, parse_action
from reference_impl.cards import DECK
from reference_impl.round import RoundState, apply, deal_in_order, legal_actions, replay, state_from_data
from reference_impl.rules import RoundRules

HEADS_UP_RULES = {
    name: RoundRules.from_parameters(variant.parameters)
    for name, variant in sorted(load_variants().items())
    if variant.parameters["players"] == 2 and variant.parameters["table_format"] == "heads_up"
}
"""The rules of every two-player variant, read once (not again for every example)."""
HEADS_UP = sorted(HEADS_UP_RULES)


def cards_in_play(state: RoundState) -> int:
    laid_off = len(state.layoffs)
    beside = 1 if state.knock_discard is not None and state.rules.knock_discard_location == "beside_hand" else 0
    return len(state.hands[0]) + len(state.hands[1]) + len(state.stock) + len(state.discard_pile) + laid_off + beside


HANDS_PER_VARIANT = 5
"""Hands played under each two-player variant (70 in all), one test item per variant so that the
test processes share them."""


@pytest.mark.parametrize("variant_name", HEADS_UP)
@settings(max_examples=HANDS_PER_VARIANT, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.permutations(DECK), st.sampled_from(["p1", "p2"]), st.integers(0, 2**32 - 1))
def test_random_legal_play(variant_name: str, cards: list, dealer: str, seed: int) -> None:
    """The deal and the dealer come from Hypothesis; the moves from a generator seeded by it (a
    failing hand is reported as its deal, dealer and seed, and replays exactly). Every legal move
    is equally likely, except that a player who may knock, go gin or end the lay-offs does so
    half of the time. One seed per hand, instead of one drawn choice per move, lets a hand run
    to any length."""
    rules = HEADS_UP_RULES[variant_name]
    moves = random.Random(seed)
    state = deal_in_order(rules, dealer, list(cards))
    first = state
    transcript: list[str] = []
    while state.phase != "over":
        assert cards_in_play(state) == 52
        assert state_from_data(state.to_data(), rules) == state
        actions = legal_actions(state)
        assert actions, f"no legal action in phase {state.phase}"
        going_out = [action for action in actions if action.verb in ("knock", "big-gin", "done")]
        pick = moves.choice(going_out) if going_out and moves.random() < 0.5 else moves.choice(actions)
        text = format_action(pick)
        assert parse_action(text) == pick
        state = apply(state, pick)
        transcript.append(text)
    assert cards_in_play(state) == 52
    assert state.result is not None and state.result.points >= 0
    assert legal_actions(state) == []
    assert state_from_data(state.to_data(), rules) == state
    assert replay(first, transcript) == state


def test_the_cards_laid_off_survive_the_round_trip_in_any_order() -> None:
    """A defender who lays off Js before 2h: the result holds the cards laid off in canonical
    order, so that the state read back from its plain data is the same state (a case the random
    play above once found)."""
    from reference_impl.cards import parse_card, parse_cards

    order = (
        "Ac Jd 3h 2d 5c 4h Qd 9c Ad 5h 8c Js Jh Jc 4c 3d 8h 8s Ah 2h Qh 9d Td 2c 7c Kd "
        "6d 7d 3c 6c Tc 6h 7h 4d 9h Th Kc 8d Kh As 2s 3s 4s 5s 6s 7s 5d 9s Ts Qc Qs Ks"
    )
    transcript = (
        "p2 pass; p1 draw discard; p1 discard Jc; p2 draw discard; p2 discard Qd; p1 draw discard; p1 discard Ah; "
        "p2 draw stock; p2 discard Ac; p1 draw discard; p1 discard Jh; p2 draw discard; p2 discard 5c; "
        "p1 draw stock; p1 discard 3d; p2 draw discard; p2 discard 9c; p1 draw stock; p1 discard Ac; "
        "p2 draw stock; p2 discard 7c; p1 draw stock; p1 discard 2c; p2 draw discard; p2 knock 9d; "
        "p1 layoff Js; p1 layoff 2h; p1 done"
    ).split("; ")
    rules = HEADS_UP_RULES["classic"]
    end = replay(deal_in_order(rules, "p1", [parse_card(text) for text in order.split()]), transcript)
    assert end.result is not None and end.result.layoffs == tuple(parse_cards("2h Js"))
    assert state_from_data(end.to_data(), rules) == end
