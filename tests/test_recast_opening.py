"""A hand dealt with an upcard, recast as the eleven-card start (``ginspec.judging.derive.recast_opening``):
after the dropped opening, the recast hand is the same hand. Checked with the independent oracle of
tests/oracle/rounds.py: move for move, both players hold the same cards, the same player is to play
in the same phase, and the discard pile is the same but for the upcard that both refused, which
nobody can take once covered: the recast puts it at the bottom of the stock."""

from __future__ import annotations

from typing import Any

import pytest

from ginspec.judging.derive import recast_opening
from ginspec.suite.vectors import load_vectors
from tests.oracle import rounds

STANDARD = rounds.load_variant("standard")
ELEVEN = {**STANDARD, "first_turn": "eleven_card_start"}


def opening(vector: Any) -> str:
    deal, actions = vector.input["deal"], vector.input["actions"]
    dealer = deal["dealer"]
    non_dealer = "p1" if dealer == "p2" else "p2"
    named = [action.replace(non_dealer, "ND").replace(dealer, "D") for action in actions[:3]]
    if named[:1] == ["ND draw discard"]:
        return "taken"
    if named[:2] == ["ND pass", "D draw discard"]:
        return "dealer takes"
    if named[:3] == ["ND pass", "D pass", "ND draw stock"]:
        return "both refuse"
    return "other"


PER_OPENING = 25
"""Cases checked of each opening (the first by ID), to keep the test quick."""

ALL_CASES = [
    vector
    for vector in load_vectors()
    if vector.kind == "round" and "refused" not in vector.expected  # a malformed question is no hand
    and vector.input["deal"].get("upcard") and opening(vector) != "other"
    and rounds.load_variant(vector.variant, vector.overrides or {}).get("first_turn") == "upcard_offer"
    and not rounds.load_variant(vector.variant, vector.overrides or {}).get("oklahoma")  # no upcard, no Oklahoma limit
]
CASES = [
    vector
    for kind in ("taken", "dealer takes", "both refuse")
    for vector in sorted((vector for vector in ALL_CASES if opening(vector) == kind), key=lambda vector: vector.id)[:PER_OPENING]
]


def test_each_opening_has_cases_in_the_suite() -> None:
    found = {opening(vector) for vector in CASES}
    assert found == {"taken", "dealer takes", "both refuse"}, found


@pytest.mark.parametrize("vector", CASES, ids=lambda vector: vector.id)
def test_the_recast_hand_is_the_same_hand_after_the_opening(vector: Any) -> None:
    params = {**rounds.load_variant(vector.variant, vector.overrides or {}), "first_turn": "upcard_offer"}
    recast, moved = recast_opening("round", vector.input, vector.expected, {**params, "first_turn": "eleven_card_start"}) or (None, None)
    assert recast is not None
    dropped = len(vector.input["actions"]) - len(recast["actions"])
    assert dropped == {"taken": 1, "dealer takes": 2, "both refuse": 3}[opening(vector)]
    written, _ = rounds.replay(vector.input["deal"], vector.input["actions"], params)
    again, _ = rounds.replay(recast["deal"], recast["actions"], {**params, "first_turn": "eleven_card_start"})
    buried = opening(vector) == "both refuse"
    # the last move may differ: the card taken in the first turn is no "card just taken" in an
    # eleven-card start (TURN-NO-DISCARD-TAKEN-CARD), so a move refused for it may be legal there
    pairs = list(zip(written[dropped:], again))[:-1]
    assert pairs or len(written) - dropped <= 2
    for before, after in pairs:
        if buried and len(before.stock) <= 3:
            break  # near the stock end the buried upcard, one card more in the stock, may change the play
        assert before.hands == after.hands
        assert (before.to_play, before.phase) == (after.to_play, after.phase)
        assert before.pile[1 if buried else 0:] == after.pile
        assert after.stock == before.stock + ((vector.input["deal"]["upcard"],) if buried else ())
    for point in moved.get("checkpoints", ()):
        assert point["after"] >= 0


def test_a_refusal_inside_the_dropped_opening_is_not_recast() -> None:
    vector = next(vector for vector in CASES if opening(vector) == "both refuse")
    written = {"illegal": {"index": 1, "reason": "wrong_phase"}}
    assert recast_opening("round", vector.input, written, ELEVEN) is None
    assert recast_opening("round", vector.input, {"illegal": {"index": 3, "reason": "x"}}, ELEVEN) is not None


def test_the_dealer_who_takes_the_upcard_deals_no_more() -> None:
    deal = {"dealer": "p2", "hands": {"p1": "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc", "p2": "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td"},
            "upcard": "Jc", "stock": "Qc Kc Jd Qd Kd Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"}
    recast, _ = recast_opening("round", {"deal": deal, "actions": ["p1 pass", "p2 draw discard", "p2 discard Td"]}, {}, ELEVEN)
    assert recast["deal"]["dealer"] == "p1"
    assert recast["deal"]["hands"]["p2"].split()[-1] == "Jc" and recast["deal"]["upcard"] is None
    assert recast["actions"] == ["p2 discard Td"]
    both, _ = recast_opening("round", {"deal": deal, "actions": ["p1 pass", "p2 pass", "p1 draw stock"]}, {}, ELEVEN)
    assert both["deal"]["dealer"] == "p2" and both["deal"]["hands"]["p1"].split()[-1] == "Qc"
    assert both["deal"]["stock"].split()[0] == "Kc" and both["deal"]["stock"].split()[-1] == "Jc"
    assert both["actions"] == []
