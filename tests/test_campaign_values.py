"""A campaign compares a hand in the reference engine's own values where it can: the reference
adapter itself is asked the moves as actions, any other engine the ``round`` question in the
notation, read back against the rules' actions. Neither quick look may call a departure an
agreement: each answer that is not exactly the rules' goes to the judge, as before."""

from __future__ import annotations

import dataclasses
import random

from ginspec.adapters.guard import GuardedAdapter
from ginspec.adapters.reference import ReferenceAdapter, action_texts, canonical_action
from ginspec.adapters.jsonl import EngineTimeout
from ginspec.detection.campaign.compare import (
    _replayed_each,
    _same_moves_played,
    _same_text_as_played,
    check_each_played_natively,
    check_hand,
    check_played,
    native_asker,
    native_each_asker,
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


def test_several_hands_are_asked_of_the_reference_in_one_call_with_the_outcomes_of_one_at_a_time() -> None:
    guarded = GuardedAdapter(ReferenceAdapter, "reference")
    try:
        assert native_each_asker(TwoDepartures(), frozenset()) is None and native_each_asker(guarded, frozenset({"legal"})) is None
        hands = [play_moves(STANDARD, 3, index) for index in range(12)]
        for engine in (guarded, ReferenceAdapter()):
            native, native_each = native_asker(engine, frozenset()), native_each_asker(engine, frozenset())
            assert native is not None and native_each is not None
            outcomes = check_each_played_natively(engine, frozenset(), PARAMETERS, hands, native_each)
            assert outcomes == [check_played(engine, frozenset(), PARAMETERS, played, native) for played in hands]
            assert {outcome.status for outcome in outcomes} == {"agree"}
    finally:
        guarded.close()


def test_each_hand_of_a_call_keeps_its_own_fault() -> None:
    """A hand that raised is asked again in the notation, one that took too long has no answer,
    the others agree; a call that did not come back at all has each hand asked alone."""
    reference = ReferenceAdapter()
    native = native_asker(reference, frozenset())
    assert native is not None
    hands = [play_moves(STANDARD, 4, index) for index in range(3)]
    right = reference.replay_moves(hands[0].deal, hands[0].moves, PARAMETERS)
    outcomes = check_each_played_natively(
        reference, frozenset(), PARAMETERS, hands, lambda asked, parameters: [right, RuntimeError("boom"), EngineTimeout("no answer within 1 s")]
    )
    assert [outcome.status for outcome in outcomes[:2]] == ["agree", "agree"], "the hand that raised is judged in the notation"
    assert outcomes[1] == check_hand(reference, frozenset(), PARAMETERS, hands[1].hand)
    assert outcomes[2].status == "disagree" and "no answer" in outcomes[2].signature

    def hung(asked, parameters):  # type: ignore[no-untyped-def]
        raise EngineTimeout("no answer within 3 s")

    again = check_each_played_natively(reference, frozenset(), PARAMETERS, hands, hung)
    assert again == [check_played(reference, frozenset(), PARAMETERS, played, native) for played in hands]


def test_a_hand_slower_than_the_time_limit_is_timed_out_alone() -> None:
    import time

    class Slow:
        def __init__(self) -> None:
            self.calls = 0

        def replay_moves(self, deal, moves, parameters):  # type: ignore[no-untyped-def]
            self.calls += 1
            if self.calls == 2:
                time.sleep(0.3)
            if self.calls == 3:
                raise ValueError("a bad hand")
            return ("answer", self.calls)

    answers = _replayed_each(Slow(), [play_moves(STANDARD, 4, index) for index in range(4)], PARAMETERS, 0.2)
    assert answers[0] == ("answer", 1) and isinstance(answers[1], EngineTimeout)
    assert isinstance(answers[2], ValueError) and answers[3] == ("answer", 4)
