"""A fuzzed question asked, and the engine's answer judged against the rules': the question
(:func:`_question`), what the rules answer at the fields fuzzing judges (:func:`_expected_answer`),
and the judge's mismatches (:func:`_verdict`). Shared by the search (:mod:`ginspec.detection.fuzz`)
and the rule a disagreement turns on (:mod:`ginspec.detection.fuzz_rules`); needs no Hypothesis."""

from __future__ import annotations

from typing import Any, Mapping

from ginspec.adapters.base import Adapter, Question
from ginspec.adapters.reference import play_round_question
from ginspec.judging.judge import judge, judge_round

RULES_BY_KIND = {
    "deadwood": ["DEADWOOD-COUNT", "MELD-DISJOINT"],
    "discard": ["KNOCK-COUNT-AFTER-DISCARD", "DEADWOOD-COUNT"],
    "knock": ["KNOCK-LIMIT", "KNOCK-COUNT-AFTER-DISCARD", "GIN-DEFINITION"],
    "layoff": ["LAYOFF-OPTIMAL", "LAYOFF-EXTEND-SET", "LAYOFF-EXTEND-RUN", "LAYOFF-CHAIN"],
    "score": ["SCORE-KNOCK-WIN", "SCORE-UNDERCUT", "SCORE-UNDERCUT-TIE", "SCORE-GIN"],
    "round": ["TURN-DRAW-SOURCE", "TURN-DISCARD", "KNOCK-LIMIT", "STOCK-WALL-TWO"],
}
EXPECTED_FIELDS = {
    "deadwood": ("deadwood",),
    "discard": ("deadwood", "discards", "can_knock", "can_gin", "can_big_gin"),
    "knock": ("legal", "deadwood", "gin"),
    "layoff": ("deadwood",),
    "score": ("outcome", "winner", "points", "knocker_deadwood", "defender_deadwood"),
}


def _expected_answer(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any], reference: Adapter) -> dict[str, Any] | None:
    """What the rules answer, restricted to the fields fuzzing judges; None for a question the
    rules reject (never asked: it would test the engine on a question with no answer)."""
    if kind == "round":
        question_input = {**data, "observe_after": list(range(len(data["actions"]) + 1))}
        answer = play_round_question({**question_input, "parameters": parameters})
        wanted = {key: value for key, value in answer.items() if key in ("outcome", "winner", "points", "finished")}
        wanted["checkpoints"] = [{"after": int(after), **state} for after, state in answer["checkpoints"].items()]
        return wanted
    answer = reference.ask(Question(kind, dict(data), parameters, "fuzz"))
    if "error" in answer:
        return None
    return {name: answer[name] for name in EXPECTED_FIELDS[kind] if name in answer}


def _question(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> Question:
    if kind == "round":
        return Question("round", {**data, "observe_after": list(range(len(data["actions"]) + 1))}, parameters, "fuzz")
    return Question(kind, dict(data), parameters, "fuzz")


def _verdict(kind: str, expected: Mapping[str, Any], observed: Any, omits: frozenset[str]) -> tuple[str, ...]:
    if kind == "round":
        wanted = dict(expected)
        wanted["checkpoints"] = [{key: value for key, value in point.items() if key not in omits} for point in expected["checkpoints"]]
        try:
            verdict = judge_round(wanted, observed)
        except Exception as exc:  # noqa: BLE001 - a malformed answer is a disagreement, not a crash
            return (f"the answer cannot be judged: {type(exc).__name__}: {str(exc)[:200]}",)
        return verdict.mismatches
    try:
        return judge(expected, observed, omits).mismatches
    except Exception as exc:  # noqa: BLE001
        return (f"the answer cannot be judged: {type(exc).__name__}: {str(exc)[:200]}",)
