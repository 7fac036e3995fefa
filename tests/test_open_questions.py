"""Open questions are declarable (:mod:`ginspec.readings`) and each case records those its answer
depends on (:mod:`ginspec.open_questions`); a case is never failed for a reading the engine
declared."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from ginspec.adapters.base import Capabilities
from ginspec.errors import InvalidVector, UnknownEngine
from ginspec.open_questions import open_questions_of
from ginspec.readings import check_readings, questions, reading_limits, unparameterised
from ginspec.runner import plan_case, run_case
from ginspec.vectors import load_vector_file, load_vectors
from tests.masquerade_engines import Reading


def test_every_vector_records_the_open_questions_its_answer_depends_on() -> None:
    stale = [
        (vector.id, vector.open_questions, found)
        for vector in load_vectors()
        if vector.open_questions != (found := open_questions_of(vector.kind, vector.input, vector.parameters))
    ]
    assert not stale


def test_the_doubly_wrong_knocks_and_the_short_gin_spread_depend_on_their_questions() -> None:
    recorded = {vector.id: vector.open_questions for vector in load_vectors() if vector.open_questions}
    assert recorded["round-6103"] == ("Q27",)
    assert recorded["round-0036"] == ("Q30",)


def test_the_short_spread_of_a_gin_hand_is_an_open_question_with_two_readings() -> None:
    entry = questions()["Q30"]
    assert [reading["id"] for reading in entry["readings"]] == ["a", "b"]
    assert entry["default"] == "a" and unparameterised("Q30")
    assert "Q30" in Path("spec/rules/melds.yaml").read_text(encoding="utf-8")


def test_a_knock_refused_in_the_order_an_engine_declares_is_unsupported_not_failed() -> None:
    vector = next(vector for vector in load_vectors() if vector.id == "round-6103")
    engine = Reading("Q27", "c")  # refuses the invalid spread before the count
    result = run_case(engine, engine.capabilities(), plan_case(vector))
    assert result.status == "unsupported"
    assert "Q27" in result.message and "'c'" in result.message
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
