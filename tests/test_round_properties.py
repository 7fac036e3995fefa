"""Random legal play of whole hands under every two-player variant: the state machine never loses
a card, every listed action applies, every finished hand has a score, states survive plain data,
and a replayed transcript reproduces the hand."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginspec.variants import load_variants
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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(HEADS_UP), st.permutations(DECK), st.sampled_from(["p1", "p2"]), st.data())
def test_random_legal_play(variant_name: str, cards: list, dealer: str, data: st.DataObject) -> None:
    rules = HEADS_UP_RULES[variant_name]
    state = deal_in_order(rules, dealer, list(cards))
    first = state
    transcript: list[str] = []
    while state.phase != "over":
        assert cards_in_play(state) == 52
        assert state_from_data(state.to_data(), rules) == state
        actions = legal_actions(state)
        assert actions, f"no legal action in phase {state.phase}"
        going_out = [action for action in actions if action.verb in ("knock", "big-gin", "done")]
        pick = data.draw(st.sampled_from(going_out)) if going_out and data.draw(st.booleans()) else data.draw(st.sampled_from(actions))
        text = format_action(pick)
        assert parse_action(text) == pick
        state = apply(state, pick)
        transcript.append(text)
    assert cards_in_play(state) == 52
    assert state.result is not None and state.result.points >= 0
    assert legal_actions(state) == []
    assert state_from_data(state.to_data(), rules) == state
    assert replay(first, transcript) == state
