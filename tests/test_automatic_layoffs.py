"""An engine that lays off automatically (``layoff_style: automatic``, :mod:`ginspec.judging.automatic`)
is judged on the hand as it plays it: with the defender's best lay-offs (LAYOFF-OPTIMAL), no
lay-off action expected in a checkpoint, and a case about a lay-off action unsupported."""

from __future__ import annotations

import dataclasses
from typing import Any

from ginspec.adapters.base import Capabilities
from ginspec.judging.automatic import for_automatic_layoffs, strip_layoffs
from ginspec.judging.runner import plan_case, run_case
from ginspec.suite.vectors import load_vectors
from tests.masquerade_engines import AutomaticLayoffs


def _vector(vector_id: str) -> Any:
    return next(vector for vector in load_vectors() if vector.id == vector_id)


def _run(adapter: Any, vector_id: str) -> Any:
    return run_case(adapter, adapter.capabilities(), plan_case(_vector(vector_id)))


def test_a_defender_who_says_done_at_once_is_judged_with_his_best_layoffs() -> None:
    # round-0084: p1 knocks keeping 9c 9d 9s, 3h 4h 5h, Jd Qd Kd and 2c (2). p2 holds
    # Ac 5c 6c 7c Td 2h 6h 7h 8h 9h: laying off 2h onto 3h-5h and Td onto Jd-Kd, melding 5c-7c and
    # 6h-9h, he keeps Ac (1) and undercuts: 2 - 1 + 25 = 26 (written: 11 for p1, laying off nothing)
    case = for_automatic_layoffs(plan_case(_vector("round-0084")))
    assert case.input["actions"] == ["p1 draw discard", "p1 knock Ks", "p2 done"]
    assert {key: case.expected[key] for key in ("outcome", "winner", "points", "defender_deadwood")} == {
        "outcome": "undercut", "winner": "p2", "points": 26, "defender_deadwood": 1,
    }
    # 6h may go onto 3h-5h as well, 7h 8h 9h still a meld: no one set of lay-offs is best
    assert "layoffs" not in case.expected
    assert not case.suite_error
    result = _run(AutomaticLayoffs(), "round-0084")
    assert result.status == "pass", result.message


def test_an_automatic_engine_passes_the_hands_it_used_to_fail() -> None:
    for vector_id in ("round-7101", "round-0083", "round-0097", "round-0031"):
        result = _run(AutomaticLayoffs(), vector_id)
        assert result.status == "pass", (vector_id, result.message)


def test_checkpoints_expect_no_layoff_action_from_an_automatic_engine() -> None:
    case = for_automatic_layoffs(plan_case(_vector("round-7101")))
    legal = [action for point in case.expected["checkpoints"] for action in point.get("legal", ())]
    assert legal and not any(" layoff " in action for action in legal)


def test_layoff_actions_are_left_out_and_positions_move_back() -> None:
    actions = ["p1 knock 9c", "p2 layoff 4h", "p2 layoff 5h", "p2 done", "p1 draw stock"]
    expected = {"checkpoints": [{"after": 2, "legal": ["p2 layoff 5h", "p2 done"]}, {"after": 4, "legal": []}], "illegal": {"index": 4}}
    kept, posed = strip_layoffs(actions, expected)
    assert kept == ["p1 knock 9c", "p2 done", "p1 draw stock"]
    assert posed["checkpoints"] == [{"after": 1, "legal": ["p2 done"]}, {"after": 2, "legal": []}]
    assert posed["illegal"] == {"index": 2}


def test_a_layoff_that_is_no_layoff_for_the_engine_to_refuse_is_unsupported() -> None:
    result = _run(AutomaticLayoffs(), "round-0126")
    assert result.status == "unsupported"
    assert "lays off automatically" in result.message and "'p2 layoff 8s'" in result.message


class _AlwaysLaysOff(AutomaticLayoffs):
    """An engine that lays off automatically and cannot turn lay-offs off."""

    def capabilities(self) -> Capabilities:
        return dataclasses.replace(super().capabilities(), parameters={"layoffs": (True,)})


def test_a_hand_without_layoffs_is_not_sent_with_layoffs_to_an_engine_that_always_lays_off() -> None:
    # round-0083 is written with layoffs: false; for an engine that lays off itself its answer
    # depends on the parameter, so it cannot be asked with layoffs: true instead
    result = _run(_AlwaysLaysOff(), "round-0083")
    assert "layoffs" in result.depends_on
    assert result.status == "unsupported", result.message
    assert "layoffs: false" in result.message
