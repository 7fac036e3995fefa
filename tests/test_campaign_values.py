"""A campaign compares a hand in the reference engine's own values where it can: the reference
adapter itself is asked the moves as actions, any other engine the ``round`` question in the
notation, read back against the rules' actions. Neither quick look may call a departure an
agreement: each answer that is not exactly the rules' goes to the judge, as before."""

from __future__ import annotations

import dataclasses
import random

from ginspec.adapters.guard import GuardedAdapter
from ginspec.adapters.reference import ReferenceAdapter, action_texts, canonical_action
from ginspec.detection.campaign.compare import (
    _same_moves_played,
    _same_text_as_played,
    check_hand,
    check_played,
    native_asker,
)
from ginspec.detection.campaign.hands import play_hand, play_moves
from ginspec.suite.variants import get_variant
from reference_impl.actions import format_action
from reference_impl.rules import RoundRules
from tests.engines.two_departures import TwoDepartures

PARAMETERS = dict(get_variant("standard").parameters)
STANDARD = RoundRules.for_two_players(PARAMETERS)


def test_only_the_reference_engine_itself_is_asked_in_its_own_values() -> None:
    guarded = GuardedAdapter(ReferenceAdapter, "reference")
    try:
        assert native_asker(guarded, frozenset()) is not None
        assert native_asker(ReferenceAdapter(), frozenset()) is not None
        assert native_asker(TwoDepartures(), frozenset()) is None, "an engine built on the reference may answer otherwise"
        assert native_asker(ReferenceAdapter(), frozenset({"legal"})) is None
    finally:
        guarded.close()


def test_the_played_hand_writes_the_same_hand_and_question() -> None:
    played = play_moves(STANDARD, 5, 17)
    hand = play_hand(STANDARD, 5, 17)
    assert played.hand == hand
    assert played.question_input() == hand.question_input()
    assert played.hand.checkpoints[3]["legal"] == [format_action(action) for action in played.points[3][2]]


def test_the_quick_look_in_values_agrees_only_with_exactly_the_rules_answer() -> None:
    played = play_moves(STANDARD, 5, 17)
    engine = ReferenceAdapter()
    points, result, refused = engine.replay_moves(played.deal, played.moves, PARAMETERS)
    assert _same_moves_played(played, (points, result, refused))
    to_play, phase, legal, stock, limit = points[4]
    for changed in ((to_play, phase, legal[1:], stock, limit), (to_play, phase, legal, stock - 1, limit), (to_play, "over", legal, stock, limit)):
        assert not _same_moves_played(played, (points[:4] + [changed] + points[5:], result, refused))
    assert not _same_moves_played(played, (points[:-1], result, refused))
    assert not _same_moves_played(played, (points, dataclasses.replace(result, points=result.points + 1), refused))
    assert not _same_moves_played(played, (points, result, 7))


def test_the_quick_look_in_the_notation_reads_each_move_against_the_rules_actions() -> None:
    played = play_moves(STANDARD, 5, 17)
    answer = ReferenceAdapter().ask(_question(played))
    assert _same_text_as_played(played, answer)
    shuffled = _copy(answer)
    for state in shuffled["checkpoints"].values():
        random.Random(1).shuffle(state["legal"])
    assert _same_text_as_played(played, shuffled), "legal moves in any order"
    first = next(after for after, state in answer["checkpoints"].items() if len(state["legal"]) > 1)
    for change in (
        lambda state: state["legal"].pop(),
        lambda state: state["legal"].__setitem__(-1, state["legal"][0]),
        lambda state: state["legal"].__setitem__(0, state["legal"][0].replace(" ", "  ", 1)),
        lambda state: state["legal"].__setitem__(0, ["not", "a", "text"]),
        lambda state: state.__setitem__("stock", state["stock"] + 1),
    ):
        broken = _copy(answer)
        change(broken["checkpoints"][first])
        assert not _same_text_as_played(played, broken), broken["checkpoints"][first]
    broken = _copy(answer)
    broken["points"] += 1
    assert not _same_text_as_played(played, broken)


def test_a_text_that_is_no_canonical_move_is_no_action() -> None:
    action = play_moves(STANDARD, 5, 17).moves[0]
    [text] = action_texts([action])
    assert canonical_action(text) == action
    assert canonical_action(text.replace(" ", "  ")) is None and canonical_action("p9 draw stock") is None and canonical_action(3) is None


def test_both_quick_looks_give_the_outcomes_of_asking_and_judging_in_the_notation() -> None:
    """The reference in its own values, and an engine with two wrong rules in the notation: the
    same outcome, hand by hand, as the whole question asked and judged."""
    reference, wrong = ReferenceAdapter(), TwoDepartures()
    native = native_asker(reference, frozenset())
    for index in range(12):
        played = play_moves(STANDARD, 3, index)
        assert check_played(reference, frozenset(), PARAMETERS, played, native).status == "agree"
        assert check_played(wrong, frozenset(), PARAMETERS, played, None) == check_hand(wrong, frozenset(), PARAMETERS, play_hand(STANDARD, 3, index))


def test_an_answer_in_values_that_differs_goes_to_the_judge() -> None:
    """A wrong answer in values is no verdict: the hand is asked in the notation and judged."""
    played = play_moves(STANDARD, 3, 2)
    outcome = check_played(TwoDepartures(), frozenset(), PARAMETERS, played, lambda hand, parameters: ([], None, None))
    assert outcome == check_hand(TwoDepartures(), frozenset(), PARAMETERS, play_hand(STANDARD, 3, 2)) and outcome.status == "disagree"


def _question(played):  # type: ignore[no-untyped-def]
    from ginspec.adapters.base import Question

    return Question("round", played.question_input(), PARAMETERS, "values")


def _copy(answer: dict) -> dict:
    import json

    return json.loads(json.dumps(answer))
