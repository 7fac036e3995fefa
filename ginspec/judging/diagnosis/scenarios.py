"""Testing hypotheses on a failing scenario: the question its failing step judged, asked again.

A scenario's record keeps that question and the engine's answer at the fields its steps read
(:mod:`ginspec.bdd.scenario_answers`). The correct answer is the reference engine's; a known defect's
prediction is the reference engine's answer with the defect in force. The verdict of an answer is
the set of read fields where it departs from the correct answer, with the value it gives there; a
defect *explains* the scenario when its prediction departs on the same fields with the same
values as the engine's answer (compared as the judge compares each field: ``legal`` as a set of
actions, melds as sets of sets), just as for a vector (:mod:`ginspec.judging.diagnosis.hypotheses`).

A field the engine declares it omits, and does not report, is not compared. A scenario whose
record keeps no question, or whose question the reference engine cannot answer, poses nothing
and is grouped by its rules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.judging.diagnosis.hypotheses import Posed, Verdict, _key, ask_with, field_of
from ginspec.judging.dependence import ABSENT, value_at


def _same(path: str, first: Any, second: Any) -> bool:
    """Whether two values of a field agree, as the judge compares that field."""
    from ginspec.judging.judge import same_field

    if first is ABSENT or second is ABSENT:
        return first is second
    try:
        return same_field(path.rsplit(".", 1)[-1], first, second)
    except Exception:  # noqa: BLE001 - a value the judge cannot read agrees only with an equal one
        return bool(first == second)


@lru_cache(maxsize=4096)
def _correct_answer(key: str) -> Mapping[str, Any] | None:
    """The reference engine's answer to the question of ``key`` (see :func:`_key`), or None."""
    kind, data, parameters = json.loads(key)
    answer = ask_with((), Question(kind, data, parameters))
    return answer if isinstance(answer, Mapping) else None


@dataclass(frozen=True)
class PosedScenario(Posed):
    """A failing scenario's judged question; ``expected`` holds the correct value at each read
    path, ``reported`` the engine's (a path absent from either is left out of it)."""

    paths: tuple[str, ...] = ()
    reported: Mapping[str, Any] | None = None

    def _verdict(self, value_of: Any) -> Verdict:
        wrong = []
        for path in self.paths:
            got = value_of(path)
            if _same(path, self.expected.get(path, ABSENT), got):
                continue
            engine = (self.reported or {}).get(path, ABSENT)
            shown = engine if _same(path, got, engine) else got
            wrong.append(f"{path}: {'nothing' if shown is ABSENT else json.dumps(shown, sort_keys=True, default=str)}")
        return ("fail", "; ".join(wrong)) if wrong else ("pass", "")

    def judge(self, answer: Any, capabilities: Capabilities) -> Verdict:
        return self._verdict(lambda path: value_at(answer, path))

    def observed_verdict(self, capabilities: Capabilities) -> Verdict | None:
        reported = self.reported or {}
        return self._verdict(lambda path: reported.get(path, ABSENT))


def posed_scenario(case: Any, capabilities: Capabilities) -> PosedScenario | None:
    """The question a failing scenario's step judged, with the correct answer at its read fields,
    or None when its record keeps none or the reference engine cannot answer it."""
    asked = field_of(case, "asked")
    data = field_of(case, "input")
    if not isinstance(asked, Mapping) or not isinstance(data, Mapping):
        return None
    kind, parameters = asked.get("kind"), asked.get("parameters")
    reported, missing = asked.get("answer"), asked.get("missing") or ()
    if not isinstance(kind, str) or not isinstance(parameters, Mapping) or not isinstance(reported, Mapping):
        return None
    question = Question(kind, dict(data), dict(parameters), field_of(case, "id"))
    key = _key(question)
    correct = _correct_answer(key)
    if correct is None:
        return None
    omitted = set(capabilities.omits)
    paths = tuple(
        sorted(path for path in (*reported, *missing) if path in reported or not (omitted & {path.rsplit(".", 1)[-1], path.split(".", 1)[0]}))
    )
    expected = {path: value for path in paths if (value := value_at(correct, path)) is not ABSENT}
    remembered = key + json.dumps([paths, reported], sort_keys=True, default=str)
    return PosedScenario(case, question, expected, remembered, paths, dict(reported))


def posed_case(case: Any, capabilities: Capabilities) -> Posed | None:
    """Any failing or passing case posed again: a scenario by the question its failing step judged,
    a vector by the question the runner asked (:meth:`Posed.of`); None when nothing can be posed."""
    if field_of(case, "kind") == "scenario":
        return posed_scenario(case, capabilities)
    return Posed.of(case, capabilities)
