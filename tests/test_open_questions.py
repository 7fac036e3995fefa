"""Open questions are declarable (:mod:`ginspec.suite.readings`) and each case records those its answer
depends on (:mod:`ginspec.judging.open_questions`); a case is never failed for a reading the engine
declared."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from ginspec.adapters.base import Capabilities
from ginspec.errors import InvalidVector, UnknownEngine
from ginspec.judging.open_questions import vector_open_questions
from ginspec.suite.readings import check_readings, questions, reading_limits, unparameterised
from ginspec.judging.runner import plan_case, run_case
from ginspec.suite.vectors import load_vector_file, load_vectors
from tests.masquerade_engines import Reading


def test_every_vector_records_the_open_questions_its_answer_depends_on() -> None:
    stale = [
        (vector.id, vector.open_questions, found)
        for vector in load_vectors()
        if vector.open_questions != (found := vector_open_questions(vector))
    ]
    assert not stale


def test_the_doubly_wrong_knocks_and_the_short_gin_spread_depend_on_their_questions() -> None:
    recorded = {vector.id: vector.open_questions for vector in load_vectors() if vector.open_questions}
    assert recorded["round-6103"] == ("Q27",)
    assert recorded["round-0036"] == ("Q19", "Q30")  # a short spread is no least-deadwood spread either


def test_the_short_spread_of_a_gin_hand_is_an_open_question_with_two_readings() -> None:
    entry = questions()["Q30"]
    assert [reading["id"] for reading in entry["readings"]] == ["a", "b"]
    assert entry["default"] == "a" and unparameterised("Q30")
    assert "Q30" in Path("spec/rules/melds.yaml").read_text(encoding="utf-8")


def test_a_knock_refused_in_the_order_an_engine_declares_is_derived_for_it_not_failed() -> None:
    """Q27 c, played by the reference engine: the case is derived under the reading (the invalid
    spread refused before the count), and the engine that plays it passes; without the reading
    declared, the same answers fail."""
    vector = next(vector for vector in load_vectors() if vector.id == "round-6103")
    engine = Reading("Q27", "c")  # refuses the invalid spread before the count
    result = run_case(engine, engine.capabilities(), plan_case(vector))
    assert (result.status, result.origin) == ("pass", "derived"), result.message
    assert result.expected["illegal"]["reason"] == "invalid_spread"
    assert vector.expected["illegal"]["reason"] == "over_knock_limit"
    undeclared = Capabilities(engine="silent", version="1")  # the same answers, no reading declared
    result = run_case(engine, undeclared, plan_case(vector))
    assert result.status == "fail"


def test_a_reading_that_parameters_select_limits_them() -> None:
    assert reading_limits({"Q6": "c"}) == {"tie_outcome": ("draw",)}
    capabilities = Capabilities(engine="e", version="1", readings={"Q6": "c"})
    assert capabilities.limits() == {"tie_outcome": ("draw",)}
    assert capabilities.to_json()["readings"] == {"Q6": "c"}


@pytest.mark.parametrize(
    ("readings", "words"),
    [({"Q99": "a"}, "'Q99', which is no open question"), ({"Q27": "z"}, "the reading 'z' of Q27, which has the readings a, b, c")],
)
def test_a_reading_that_does_not_exist_is_refused_in_one_line(readings: dict[str, str], words: str) -> None:
    with pytest.raises(UnknownEngine, match=words):
        check_readings("my-engine", readings)


def test_an_engine_over_json_lines_declares_its_readings(tmp_path: Path) -> None:
    from ginspec.adapters.jsonl import JsonLinesAdapter

    script = tmp_path / "engine.py"
    capabilities = {"type": "capabilities", "protocol": 1, "engine": "e", "version": "1", "kinds": ["meld"], "readings": {"Q27": "b"}}
    script.write_text(f"import sys, json\nsys.stdin.readline()\nprint(json.dumps({capabilities!r}), flush=True)\nsys.stdin.readline()\n", encoding="utf-8")
    adapter = JsonLinesAdapter(f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}")
    try:
        assert adapter.capabilities().readings == {"Q27": "b"}
    finally:
        adapter.close()


def test_a_vector_naming_no_open_question_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "vectors" / "melds" / "bad.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(
        "area: melds\ndescription: x\nvectors:\n- id: melds-9999\n  rules: [MELD-SET]\n  kind: meld\n  description: x\n"
        "  open_questions: [Q99]\n  input: {cards: 7c 7d 7h}\n  expected: {valid: true}\n",
        encoding="utf-8",
    )
    with pytest.raises(InvalidVector, match="open_questions: 'Q99' is no question"):
        load_vector_file(path)


def test_every_question_no_parameter_settles_is_detected_or_changes_no_case() -> None:
    # a reading no parameter selects, other than the default, is either found case by case
    # (ginspec.judging.open_questions) or recorded in the register as changing no case (cases: none)
    from ginspec.judging.open_questions import DETECTED, NO_CASE

    open_ones = {
        question
        for question, entry in questions().items()
        if any(not reading.get("parameters") and reading["id"] != entry["default"] for reading in entry["readings"])
    }
    assert open_ones == set(DETECTED) | set(NO_CASE)
    assert {question for question, entry in questions().items() if entry.get("cases") == "none"} == set(NO_CASE)
    assert not set(DETECTED) & set(NO_CASE)
    recorded = {question for vector in load_vectors() for question in vector.open_questions}
    assert not recorded & set(NO_CASE)


def test_no_score_sheet_says_which_hand_was_played_under_a_spade_upcard() -> None:
    # Q17 b doubles the box of a spade hand: a game is asked from hand results that name a
    # winner, an outcome and points only, and a hand's answer has no boxes
    for vector in load_vectors():
        if vector.kind in ("game", "hollywood", "table_game"):
            for hand in vector.input.get("hands") or ():
                assert set(hand) <= {"winner", "outcome", "points"}, vector.id
        if vector.kind in ("round", "score"):
            assert "boxes" not in vector.expected, vector.id


def test_no_lay_off_names_a_meld_of_the_defenders_own() -> None:
    # Q4 b lays off onto one's own melds as a separate act: every lay-off the suite plays or
    # refuses is aimed at the knocker's spread, or (round-0076) at a card of the defender's own
    # that the card laid off could share no meld with (neither its rank nor its suit): refused
    # under either reading
    from ginspec.adapters.reference import start_of_round
    from reference_impl.actions import parse_action
    from reference_impl.round import IllegalAction, apply

    for vector in load_vectors():
        if vector.kind != "round" or not any(" onto " in text for text in vector.input.get("actions") or ()):
            continue
        state = start_of_round({**vector.input, "parameters": vector.parameters})
        for text in vector.input["actions"]:
            action = parse_action(text)
            if action.verb == "layoff" and action.onto is not None:
                if action.onto in state.hand(action.player):
                    assert action.card.rank != action.onto.rank and action.card.suit != action.onto.suit, vector.id
            try:
                state = apply(state, action)
            except IllegalAction:
                break
