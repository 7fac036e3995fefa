"""Which known defect one disagreement found by fuzzing shows (:mod:`ginspec.detection.fuzz`), by the same
hypothesis testing as the findings of a report (:mod:`ginspec.judging.diagnosis.findings`): a defect
explains the disagreement when the reference engine with the defect in force gives the engine's
answer; of several, the one that contradicts the fewest cases the engine answered right wins (then
a hand-written miniature before a parameter read wrongly, the more specific model)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from ginspec.adapters.base import Question
from ginspec.judging.diagnosis.dictionary import PARAMETER_PREFIX, KnownDefect, known_defects
from ginspec.judging.diagnosis.hypotheses import Predictions, Posed, ask_with

Judge = Callable[[Mapping[str, Any], Any], tuple[str, ...]]
"""The mismatches of an answer against the rules' answer (fuzzing's own judge)."""


@lru_cache(maxsize=1)
def _predictions() -> Predictions:
    return Predictions(known_defects())


_AGREEING_ANSWERS: dict[tuple[str, str], Any] = {}
"""The answers predicted under one defect to the questions an engine answered right: a fuzzing run
keeps a bounded set of them and weighs every later disagreement's candidates against it."""

AGREEING_ANSWERS_KEPT = 100_000
"""At most this many are remembered (the memory is emptied when it is full)."""


def _agreeing_answer(defect: KnownDefect, posed: Posed) -> Any:
    key = (defect.name, posed.key)
    if key not in _AGREEING_ANSWERS:
        if len(_AGREEING_ANSWERS) >= AGREEING_ANSWERS_KEPT:
            _AGREEING_ANSWERS.clear()
        _AGREEING_ANSWERS[key] = ask_with((defect,), posed.question)
    return _AGREEING_ANSWERS[key]


def _posed(question: Question, expected: Mapping[str, Any]) -> Posed:
    import json

    key = json.dumps([question.kind, question.input, question.parameters, expected], sort_keys=True, default=str)
    return Posed({"depends_on": None}, question, expected, key)


def explaining_defect(
    question: Question,
    expected: Mapping[str, Any],
    observed: Any,
    judge: Judge,
    agreeing: Sequence[tuple[Question, Mapping[str, Any]]] = (),
) -> KnownDefect | None:
    """The known defect that best explains the engine's ``observed`` answer to ``question``
    (``expected`` is the rules' answer), judged by ``judge``; ``agreeing`` are other questions the
    engine answered as the rules do, with the rules' answers. None when no known defect explains it."""
    predictions = _predictions()
    wanted = judge(expected, observed)
    posed = _posed(question, expected)
    candidates = []
    for defect in predictions.touching(posed):
        predicted = ask_with((defect,), question)
        if predicted is not None and judge(expected, predicted) == wanted:
            candidates.append(defect)
    if not candidates:
        return None

    def contradictions(defect: KnownDefect) -> int:
        count = 0
        for other, right in agreeing:
            posed_again = _posed(other, right)
            if predictions.touches(defect, posed_again):
                predicted = _agreeing_answer(defect, posed_again)
                count += predicted is None or bool(judge(right, predicted))
        return count

    return min(candidates, key=lambda defect: (contradictions(defect), defect.name.startswith(PARAMETER_PREFIX), defect.name))
