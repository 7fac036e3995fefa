"""A declared reading of an open question is played, not dropped: where the reference engine
plays the reading (``reference_impl.rules.READINGS``: Q2 and Q27), a case whose answer turns on it
is derived under it, its answer worked out by the reference engine and confirmed by the oracle,
so that the engine is judged on it and a defect of another rule still shows there.

The engines are the reference engine acting the reading out on its own
(``tests/masquerade_readings.py``), with one more defect where a test says so."""

from __future__ import annotations

import collections
from functools import lru_cache
from typing import Any

import pytest

from ginspec.adapters.base import Question
from ginspec.judging.runner import CaseResult, plan_cases, run_cases
from ginspec.suite.vectors import Vector, load_vectors
from tests.masquerade_engines import Reading


@lru_cache(maxsize=None)
def _depending_on(question: str) -> tuple[Vector, ...]:
    return tuple(vector for vector in load_vectors() if question in vector.open_questions)


def _run(engine: Any, vectors: tuple[Vector, ...]) -> list[CaseResult]:
    return run_cases(engine, engine.capabilities(), plan_cases(vectors))


def test_counting_eleven_cards_at_a_knock_derives_its_cases() -> None:
    """Q2 b: every case that turns on it is derived under it and passes; none is dropped."""
    results = _run(Reading("Q2", "b"), _depending_on("Q2"))
    statuses = collections.Counter((result.status, result.origin) for result in results)
    assert statuses[("pass", "derived")] >= 200 and set(statuses) <= {("pass", "derived"), ("pass", "written")}, statuses
    knock = next(result for result in results if result.kind == "knock" and result.origin == "derived")
    assert knock.expected["legal"] is False  # allowed for the ten cards kept, not for the eleven


@pytest.mark.parametrize(("question", "reading"), [("Q7", "b"), ("Q12", "c"), ("Q19", "b"), ("Q20", "b"), ("Q27", "b"), ("Q27", "c"), ("Q30", "b")])
def test_each_other_reading_the_reference_plays_derives_its_cases(question: str, reading: str) -> None:
    """No knock with the fiftieth card (Q12 c), only a least-deadwood spread (Q19 b), a Hollywood
    win boxed in its first column only (Q20 b), the orders
    of a knock's offences (Q27 b, c): the cases that turn on them are derived, and the reference
    engine acting the reading out on its own passes every one; none is dropped."""
    results = _run(Reading(question, reading), _depending_on(question))
    assert results and {result.status for result in results} == {"pass"}, [(r.id, r.status, r.message) for r in results if r.status != "pass"]
    assert any(result.origin == "derived" and result.expected != _written(result.id) for result in results)


def _written(case_id: str) -> Any:
    return next(dict(vector.expected) for vector in load_vectors() if vector.id == case_id)


class CountsElevenMiscountsTheKept(Reading):
    """Q2 b, and the deadwood it reports for the cards kept after a discard one too high when the
    hand holds a king (DEADWOOD-COUNT)."""

    def __init__(self) -> None:
        super().__init__("Q2", "b")

    def ask(self, question: Question) -> dict[str, Any]:
        answer = dict(super().ask(question))
        if question.kind in ("knock", "discard") and "K" in question.input["hand"] and isinstance(answer.get("deadwood"), int):
            answer["deadwood"] += 1
        return answer


def test_a_defect_beside_a_declared_reading_is_shown_in_its_cases() -> None:
    results = _run(CountsElevenMiscountsTheKept(), _depending_on("Q2"))
    failing = [result for result in results if result.status == "fail"]
    assert any(result.origin == "derived" for result in failing), collections.Counter(result.status for result in results)
    assert all(result.message.startswith("deadwood: expected") for result in failing), [result.message for result in failing][:3]
    assert not [result.id for result in results if result.status == "unsupported"]


class ShownFirstMisnamesTheTakenCard(Reading):
    """Q27 c, but a knock with the card just taken from the discard pile that is over the limit
    as well is refused as ``over_knock_limit``, not ``taken_card`` (TURN-NO-DISCARD-TAKEN-CARD)."""

    def __init__(self) -> None:
        super().__init__("Q27", "c")

    def ask(self, question: Question) -> dict[str, Any]:
        answer = dict(super().ask(question))
        refused = answer.get("illegal")
        if isinstance(refused, dict) and refused.get("reason") == "taken_card" and " knock " in question.input["actions"][refused["index"]]:
            answer["illegal"] = {**refused, "reason": "over_knock_limit"}
        return answer


def test_a_taken_card_failure_is_not_hidden_by_a_declared_order_of_offences() -> None:
    """round-6101 knocks with the card just taken, over the limit: under Q27 c, as under the
    default, it is refused as the taken card. The case is derived for the reading, and the
    engine that names the other offence fails it, where it used to be dropped."""
    vectors = tuple(vector for vector in _depending_on("Q27") if vector.id in ("round-6101", "round-6103"))
    results = {result.id: result for result in _run(ShownFirstMisnamesTheTakenCard(), vectors)}
    assert results["round-6101"].status == "fail" and results["round-6101"].origin == "derived", results["round-6101"].message
    assert "expected 'taken_card'" in results["round-6101"].message
    assert results["round-6103"].status == "pass" and results["round-6103"].expected["illegal"]["reason"] == "invalid_spread"


def test_the_oracle_plays_the_readings_the_reference_plays() -> None:
    """Worked by hand: 7c 7d 7h 2s 3s 4s 9h Th Jh Kd Qc, knock with Qc keeps Kd alone (10), but
    the eleven cards before the discard hold Kd and Qc (20): legal under Q2 a, not under b."""
    from ginspec.judging.derive import oracle_answer
    from ginspec.suite.variants import get_variant

    standard = dict(get_variant("standard").parameters)
    data = {"hand": "7c 7d 7h 2s 3s 4s 9h Th Jh Kd Qc", "discard": "Qc"}
    assert oracle_answer(Question("knock", data, standard))["legal"] is True
    assert oracle_answer(Question("knock", data, {**standard, "readings": {"Q2": "b"}}))["legal"] is False


def test_the_readings_the_reference_plays_are_those_of_the_register() -> None:
    """Every question of ``READINGS`` is an open question no parameter settles for the readings it
    plays, with exactly the register's readings."""
    from ginspec.suite.readings import questions, reading_of
    from reference_impl.rules import READINGS

    register = questions()
    for question, played in READINGS.items():
        assert sorted(played) == sorted(entry["id"] for entry in register[question]["readings"]), question
        assert any(not reading_of(question, reading).get("parameters") and reading != register[question]["default"] for reading in played), question
