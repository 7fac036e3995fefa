"""Questions written ahead of their answers (``JsonLinesAdapter.ask_each``, what a campaign asks an
engine in another process): the answers are those asked one by one, a fault belongs to its own
question alone while the questions after it are asked again, and no more is written ahead than a
pipe holds, so that an engine that stops reading still times out."""

from __future__ import annotations

import json
import sys
import textwrap
import time
from functools import partial
from pathlib import Path

import pytest

from ginspec.adapters.base import Question
from ginspec.adapters.jsonl import WINDOW, EngineFault, EngineTimeout, JsonLinesAdapter
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.detection.campaign.hands import play_moves
from ginspec.suite.variants import get_variant
from reference_impl.rules import RoundRules
from tests.engines.misbehaving import fault_on

ROOT = Path(__file__).resolve().parent.parent
PARAMETERS = dict(get_variant("standard").parameters)


def hands(count: int) -> list[Question]:
    """The ``round`` questions of a campaign's first hands, a few kilobytes each."""
    rules = RoundRules.for_two_players(PARAMETERS)
    played = [play_moves(rules, 7, index) for index in range(count)]
    return [Question("round", hand.question_input(), PARAMETERS, f"campaign-7-{hand.index}") for hand in played]


def test_questions_asked_together_get_the_answers_of_the_rules_in_order() -> None:
    questions = hands(30)
    assert sum(len(json.dumps(question.input)) for question in questions) > 2 * WINDOW  # more than one window's worth
    engine = JsonLinesAdapter(f"{sys.executable} -m ginspec.serve")
    try:
        answers = engine.ask_each(questions)
    finally:
        engine.close()
    reference = ReferenceAdapter()
    assert answers == [reference.ask(question) for question in questions]
    assert engine.restarts == 0


def test_a_question_that_is_no_json_is_its_own_error_and_the_others_are_answered() -> None:
    questions = hands(3)
    odd = Question("round", {**questions[1].input, "deal": object()}, PARAMETERS, "not-json")
    engine = JsonLinesAdapter(f"{sys.executable} -m ginspec.serve")
    try:
        results = engine.ask_each([questions[0], odd, questions[2]])
    finally:
        engine.close()
    assert isinstance(results[1], TypeError)
    reference = ReferenceAdapter()
    assert [results[0], results[2]] == [reference.ask(questions[0]), reference.ask(questions[2])]
    assert engine.restarts == 0


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch):
    return partial(fault_on, monkeypatch)


def test_a_fault_is_its_own_questions_and_the_questions_after_it_are_asked_again(faults) -> None:
    questions = hands(9)
    faults({questions[1].id: "crash", questions[3].id: "wrong-id", questions[4].id: "garbage", questions[6].id: "hang"})
    engine = JsonLinesAdapter(f"{sys.executable} {ROOT / 'tests' / 'engines' / 'misbehaving.py'}", timeout=2)
    try:
        results = engine.ask_each(questions)
    finally:
        engine.close()
    assert len(results) == len(questions)
    faulty = {index: result for index, result in enumerate(results) if isinstance(result, Exception)}
    assert sorted(faulty) == [1, 3, 4, 6]
    assert all(isinstance(fault, EngineFault) for fault in faulty.values())
    assert "exit status 139" in str(faulty[1]) and "segmentation fault (pretend)" in str(faulty[1])
    assert "answered case 'someone-else'" in str(faulty[3])
    assert "not JSON: 'deadwood is 12, I think'" in str(faulty[4])
    assert isinstance(faulty[6], EngineTimeout)
    reference = ReferenceAdapter()
    assert [results[index] for index in (0, 2, 5, 7, 8)] == [reference.ask(questions[index]) for index in (0, 2, 5, 7, 8)]
    assert engine.restarts == 4


def test_no_more_is_written_ahead_than_a_pipe_holds(tmp_path: Path) -> None:
    """An engine that answers its start and then reads nothing more: three questions of 30,000
    characters each would fill its input pipe, and a write that waits for it would wait for ever
    (the time limit counts only the wait for an answer). Each question times out instead."""
    deaf = tmp_path / "deaf.py"
    capabilities = {"type": "capabilities", "protocol": 1, "engine": "deaf", "version": "1", "kinds": ["meld"]}
    deaf.write_text(textwrap.dedent(f"""\
        import sys, time
        sys.stdin.readline()
        print({json.dumps(json.dumps(capabilities))}, flush=True)
        time.sleep(3600)
        """), encoding="utf-8")
    questions = [Question("meld", {"cards": "Ac " * 10_000}, PARAMETERS, f"big-{number}") for number in range(3)]
    assert all(len(json.dumps(question.input)) > WINDOW for question in questions)
    engine = JsonLinesAdapter(f"{sys.executable} {deaf}", timeout=1)
    started = time.monotonic()
    try:
        results = engine.ask_each(questions)
    finally:
        engine.close()
    assert [type(result) for result in results] == [EngineTimeout] * 3
    assert time.monotonic() - started < 60


def test_a_campaign_reports_each_hand_an_engine_failed_on_and_agrees_on_the_others(faults, tmp_path: Path) -> None:
    from tests.in_process import ginspec

    faults({"campaign-3-5": "crash", "campaign-3-21": "garbage", "campaign-3-22": "crash"})
    engine = f"exec:{sys.executable} {ROOT / 'tests' / 'engines' / 'misbehaving.py'}"
    result = ginspec("fuzz", "--engine", engine, "--hands", "45", "--seed", "3", "--report-dir", str(tmp_path / "c"))
    assert result.returncode == 1, result.stdout + result.stderr
    report = json.loads((tmp_path / "c" / "report.json").read_text(encoding="utf-8"))
    assert (report["hands_played"], report["agreed"]) == (45, 42)
    occurrences = {finding["signature"]: sorted(item["index"] for item in finding["occurrences"]) for finding in report["findings"]}
    assert occurrences == {"round: no answer: EngineFault": [5, 21, 22]}
