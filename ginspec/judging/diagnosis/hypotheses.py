"""Testing one hypothesis: "this known defect is what made the engine give this answer".

The case is asked again of the reference engine with the defect in force (a fault dictionary's
predicted response). The defect *explains* a failing case when the engine's answer and the
prediction are judged the same way: the same fields wrong, with the same wrong values (the judge's
mismatches are equal). It *contradicts* a passing case when the prediction would fail where the
engine's answer passed.

Only defects that could change a case's answer are tried: one that reads a parameter wrongly only
where the answer depends on that parameter (``depends_on``), one that replaces a rule function only
where the reference engine calls that function in answering the case (traced once per case).
Every prediction is remembered for the life of the process.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Callable, Iterator, Sequence

from ginspec.adapters.base import ROUND_KINDS, Capabilities, Question
from ginspec.judging.diagnosis.dictionary import CARD_VALUES, KnownDefect
from ginspec.adapters.miniatures.defects import _LOCK, Replace

Verdict = tuple[str, str]
"""(status, the judge's mismatches as one text) of an answer."""


def field_of(case: Any, name: str) -> Any:
    """A field of a :class:`~ginspec.judging.runner.CaseResult` or of a report's record of one."""
    if type(case) is dict or isinstance(case, Mapping):  # a report's record (JSON: a dict, checked first)
        return case.get(name)
    return getattr(case, name, None)


def _suite() -> str:
    from ginspec.suite.paths import suite_root

    return str(suite_root())


@lru_cache(maxsize=4)
def _vectors_by_id(suite: str) -> dict[str, Any]:
    """The vectors of the suite at ``suite`` (the suite in use may change within a process)."""
    from ginspec.suite.vectors import load_vectors

    return {vector.id: vector for vector in load_vectors(tolerate_broken_variants=True)}


def vector_of(case: Any) -> Any:
    """The vector a case was made from (a derived case's ID is ``VECTOR@VARIANT``), or None."""
    case_id = str(field_of(case, "id") or "")
    return _vectors_by_id(_suite()).get(case_id.partition("@")[0])


def _variant_parameters(name: str) -> dict[str, Any] | None:
    return _variant_parameters_in(_suite(), name)


@lru_cache(maxsize=None)
def _variant_parameters_in(suite: str, name: str) -> dict[str, Any] | None:
    from ginspec.suite.variants import get_variant

    try:
        return dict(get_variant(name).parameters)
    except Exception:  # noqa: BLE001 - a variant the suite cannot read poses no question
        return None


def question_of(case: Any, capabilities: Capabilities) -> Question | None:
    """The question the engine was asked for a vector case, as the runner posed it; None for a
    scenario or a case whose vector or variant is not in the suite."""
    from ginspec.judging.runner import question_for

    vector = vector_of(case)
    if vector is None or field_of(case, "expected") is None or field_of(case, "kind") != vector.kind:
        return None
    variant = field_of(case, "variant")
    if field_of(case, "origin") == "derived":
        parameters = _variant_parameters(variant)
        data = field_of(case, "input")
        if parameters is None or not isinstance(data, Mapping):
            return None
        data = dict(data)
        if vector.kind in ROUND_KINDS and "observe_after" not in data:
            data["observe_after"] = sorted({point["after"] for point in field_of(case, "expected").get("checkpoints", ())})
        return Question(vector.kind, data, parameters, field_of(case, "id"))
    parameters = dict(vector.parameters) if variant == vector.variant else _variant_parameters(variant)
    if parameters is None:
        return None
    parameters = capabilities.playable_parameters(parameters, field_of(case, "depends_on") or ())
    return question_for(vector, parameters)


def _key(question: Question) -> str:
    return json.dumps([question.kind, question.input, question.parameters], sort_keys=True, default=str)


def verdict_of(question: Question, expected: Mapping[str, Any], answer: Any, capabilities: Capabilities) -> Verdict:
    from ginspec.judging.runner import judge_answer

    return judge_answer(question.kind, expected, answer, capabilities, question.input)


@contextmanager
def all_in_force(defects: Sequence[KnownDefect]) -> Iterator[None]:
    """Several defects in force at once (each miniature's lock is re-entrant)."""
    with ExitStack() as stack:
        for defect in defects:
            stack.enter_context(defect.miniature.in_force())
        yield


def read_parameters(defects: Sequence[KnownDefect], parameters: Mapping[str, Any]) -> dict[str, Any]:
    read = dict(parameters)
    for defect in defects:
        read = defect.miniature.read_parameters(read)
    return read


def ask_with(defects: Sequence[KnownDefect], question: Question) -> Any:
    """The reference engine's answer with ``defects`` in force, or None when it cannot answer."""
    from ginspec.adapters.reference import ReferenceAdapter

    wrong = Question(question.kind, question.input, read_parameters(defects, question.parameters), question.id)
    try:
        with all_in_force(defects):
            return ReferenceAdapter().ask(wrong)
    except Exception:  # noqa: BLE001 - a defect under which the engine cannot answer predicts nothing
        return None


@dataclass(frozen=True)
class Posed:
    """A case with the question it was asked, and the key its predictions are remembered by."""

    case: Any
    question: Question
    expected: Mapping[str, Any]
    key: str

    @classmethod
    def of(cls, case: Any, capabilities: Capabilities) -> "Posed | None":
        """A vector case posed again; None for a scenario (see
        :func:`ginspec.judging.diagnosis.scenarios.posed_case`, which poses either)."""
        question = question_of(case, capabilities)
        expected = field_of(case, "expected")
        if question is None or not isinstance(expected, Mapping):
            return None
        return cls(case, question, expected, _key(question) + json.dumps(expected, sort_keys=True, default=str))

    @property
    def depends_on(self) -> Sequence[str] | None:
        return field_of(self.case, "depends_on")

    @cached_property
    def dependence_key(self) -> tuple[str, tuple[str, ...] | None]:
        """The key of the question with what its answer depends on, by which whether a defect
        touches the case is remembered (cases asking one question may record different dependences)."""
        depends_on = self.depends_on
        return self.key, None if depends_on is None else tuple(depends_on)

    def judge(self, answer: Any, capabilities: Capabilities) -> Verdict:
        """The verdict the judge gives ``answer`` to the case's question."""
        return verdict_of(self.question, self.expected, answer, capabilities)

    def observed_verdict(self, capabilities: Capabilities) -> Verdict | None:
        """The verdict of the engine's own answer, or None when the case does not keep it."""
        observed = field_of(self.case, "observed")
        return self.judge(observed, capabilities) if isinstance(observed, Mapping) else None


class Predictions:
    """The predicted verdicts of known defects on cases, remembered (one instance per run, or
    shared between runs of the same suite)."""

    def __init__(self, defects: Sequence[KnownDefect]) -> None:
        self.defects = tuple(defects)
        self._verdicts: dict[tuple[tuple[str, ...], str], Verdict | None] = {}
        self._called: dict[str, frozenset[str]] = {}
        self._touches: dict[tuple[str, tuple[str, tuple[str, ...] | None]], bool] = {}
        self._targets = sorted({target for defect in self.defects for target in defect.targets if target != CARD_VALUES})

    def for_defects(self, defects: Sequence[KnownDefect]) -> "Predictions":
        """Predictions for a part of the dictionary (one defect held out, say), sharing what has
        been asked already: a prediction depends on the defect and the case alone."""
        view = Predictions(defects)
        if set(view._targets) <= set(self._targets):
            view._verdicts, view._called, view._touches, view._targets = self._verdicts, self._called, self._touches, self._targets
        return view

    def verdict(self, defects: Sequence[KnownDefect], posed: Posed, capabilities: Capabilities) -> Verdict | None:
        """The verdict the judge gives the answer predicted under ``defects``."""
        key = (tuple(defect.name for defect in defects), posed.key)
        if key not in self._verdicts:
            answer = ask_with(defects, posed.question)
            self._verdicts[key] = None if answer is None else posed.judge(answer, capabilities)
        return self._verdicts[key]

    def called(self, posed: Posed) -> frozenset[str]:
        """The rule functions (of the defects' targets) the reference engine calls answering the
        case's question."""
        if posed.key not in self._called:
            seen: set[str] = set()
            with _LOCK, ExitStack() as stack:
                for target in self._targets:
                    try:
                        stack.enter_context(Replace(target, _recorder(target, seen)).applied())
                    except LookupError:
                        continue
                ask_with((), posed.question)
            self._called[posed.key] = frozenset(seen)
        return self._called[posed.key]

    def touches(self, defect: KnownDefect, posed: Posed) -> bool:
        key = (defect.name, posed.dependence_key)
        if key not in self._touches:
            called = self.called(posed) if defect.miniature.patches else frozenset()
            self._touches[key] = defect.touches(posed.question.parameters, posed.depends_on, called)
        return self._touches[key]

    def touching(self, posed: Posed) -> list[KnownDefect]:
        """The defects that could change the answer to the case."""
        return [defect for defect in self.defects if self.touches(defect, posed)]


def _recorder(target: str, seen: set[str]) -> Callable[[Any], Any]:
    def make(original: Any) -> Any:
        if isinstance(original, property):
            getter = original.fget

            def get(instance: Any) -> Any:
                seen.add(target)
                return getter(instance)  # type: ignore[misc]

            return property(get)

        def call(*args: Any, **kwargs: Any) -> Any:
            seen.add(target)
            return original(*args, **kwargs)

        return call

    return make
