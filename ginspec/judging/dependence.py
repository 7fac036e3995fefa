"""What a case's expected answer depends on: the variant parameters whose value changes it.

A case (a vector or a scenario's question) is posed under one resolved set of parameters. Its
*dependence* is the set of parameters that, set to some other allowed value, change the answer it
asserts. An engine that cannot play a parameter's value can still be judged on every case that does
not depend on that parameter: the answer is the same whatever the value.

The dependence is found from the rules by sensitivity, with the reference engine:

1. Parameters the reference engine never reads while answering cannot change its answer (the
   engine is a deterministic function of the question and the parameters it reads). The read is
   recorded by handing the engine a :class:`RecordingParameters` mapping. The engine checks every
   parameter of its rules before anything else, and reads a value for the answer only when the
   answer uses it; when every value is one it allows, it is handed the recording as parameters
   already checked, so that the record is what the answer uses. A parameter it only checks cannot
   change the answer, short of a value it refuses (:func:`allowed`); and a change that leaves every
   parameter an earlier run read as it was gives that run's answer again (:class:`Trials`).
2. Each parameter read is set, one at a time, to each of its :func:`candidate_values`; a parameter
   is in the dependence when some value changes the asserted answer, or makes the question one
   that cannot be posed.
3. The combinations the variants use: the case is posed under each variant of ``spec/variants/``
   with the parameters of the dependence kept as they are; a parameter whose change, together with
   the others, moves the answer joins the dependence.

Whether an answer moved is decided by the judge (:mod:`ginspec.judging.judge`), on exactly the fields the
case asserts, so a parameter that changes a field nobody checks is not a dependence.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from ginspec.adapters.base import ROUND_KINDS, Question
from ginspec.judging.judge import judge, judge_round

Answer = Callable[[Question], Mapping[str, Any]]


class RecordingParameters(Mapping[str, Any]):
    """A read-only parameter mapping that remembers every name looked up.

    It is a :class:`~collections.abc.Mapping`, not a ``dict``: copying it (``dict(p)``, ``{**p}``)
    goes through ``keys`` and ``__getitem__``, so a copy counts as reading every parameter, which
    keeps the record on the safe side."""

    __slots__ = ("_values", "read")

    def __init__(self, values: Mapping[str, Any]) -> None:
        self._values = dict(values)
        self.read: set[str] = set()

    def __getitem__(self, name: str) -> Any:
        self.read.add(name)
        return self._values[name]

    def __contains__(self, name: object) -> bool:
        if isinstance(name, str):
            self.read.add(name)
        return name in self._values

    def __iter__(self) -> Iterator[str]:
        self.read.update(self._values)
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)


# ----------------------------------------------------------------------------- allowed values


_SPREAD = (0, 1, 2, 5, 10, 15, 20, 25, 30, 50, 75, 100, 150, 200, 250, 500, 1000)


@lru_cache(maxsize=None)
def candidate_values(name: str) -> tuple[Any, ...]:
    """The allowed values of a parameter that sensitivity tries.

    Enumerations and booleans: every value. Integers with at most 16 allowed values: every value.
    Other integers: every value any variant uses, one either side of each, and a spread from 0 to
    1,000, all within the schema's bounds. Scores are linear in their bonuses and the knock limit
    is a threshold, so any change that moves an answer is among these."""
    from ginspec.suite.variants import load_variants, parameter_schemas

    schema = parameter_schemas()[name]
    if "enum" in schema:
        return tuple(schema["enum"])
    if schema.get("type") == "boolean":
        return (False, True)
    low = schema.get("minimum", 0)
    high = schema.get("maximum")
    if high is not None and high - low <= 15:
        return tuple(range(low, high + 1))
    used = {variant.parameters[name] for variant in load_variants().values() if name in variant.parameters}
    values = set(_SPREAD) | used | {value + step for value in used for step in (-1, 1)}
    values |= set(range(low, low + 16))
    return tuple(sorted(value for value in values if value >= low and (high is None or value <= high)))


# ----------------------------------------------------------------------------- answers


@dataclass(frozen=True)
class Probe:
    """One case as sensitivity sees it: the question (without parameters) and what it asserts."""

    kind: str
    input: Mapping[str, Any]
    expected: Mapping[str, Any]

    def question(self, parameters: Mapping[str, Any]) -> Question:
        return Question(kind=self.kind, input=self.input, parameters=parameters)

    def holds(self, answer: Mapping[str, Any]) -> bool:
        """Whether ``answer`` gives what the case asserts."""
        return agrees(self.kind, self.expected, answer)


ABSENT = object()
"""What :func:`value_at` gives for a path the answer does not have."""


def value_at(answer: Any, path: str) -> Any:
    """The value at a dotted path of an answer (``checkpoints.3.legal``), or a marker when absent."""
    value = answer
    for part in path.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return ABSENT
        value = value[part]
    return value


@dataclass(frozen=True)
class PathProbe(Probe):
    """A case that asserts the values at some paths of the answer (a scenario's questions: the
    paths its steps read), each equal to its value in ``baseline``."""

    paths: tuple[str, ...] = ()
    baseline: Mapping[str, Any] = field(default_factory=dict)

    def holds(self, answer: Mapping[str, Any]) -> bool:
        return all(value_at(answer, path) == value_at(self.baseline, path) for path in self.paths)


def reference_answer(question: Question) -> Mapping[str, Any]:
    """The reference engine's answer (the engine is loaded on first use, so that importing this
    module stays cheap)."""
    return _reference().ask(question)


class Malformed(ValueError):
    """The reference engine refuses the question as malformed (``spec/protocol.md``)."""


def posed_answer(question: Question) -> Mapping[str, Any]:
    """:func:`reference_answer` for a question that must be posable: a refusal of it as malformed
    (a hand of the wrong size for the variant, say) raises :class:`Malformed`, so that a case the
    variant cannot pose is reported so, never judged against a refusal."""
    answer = reference_answer(question)
    if "refused" in answer:
        raise Malformed(f"the rules refuse it as malformed ({answer['refused']}): {answer.get('message', '')}")
    return answer


@lru_cache(maxsize=1)
def _reference() -> Any:
    from ginspec.adapters.reference import ReferenceAdapter

    return ReferenceAdapter()


def agrees(kind: str, expected: Mapping[str, Any], answer: Mapping[str, Any]) -> bool:
    """Whether ``answer`` gives the asserted fields of ``expected``, as the judge sees it."""
    verdict = judge_round(expected, answer) if kind in ROUND_KINDS else judge(expected, answer)
    return verdict.passed


def _holds(probe: Probe, parameters: Mapping[str, Any], answer: Answer) -> bool:
    """Whether the case's expected answer still holds under ``parameters``. A question that
    cannot be posed under them (the engine raises) does not hold."""
    try:
        return probe.holds(answer(probe.question(parameters)))
    except Exception:  # noqa: BLE001 - any refusal to answer means the answer moved
        return False


@lru_cache(maxsize=1)
def _checked_parameters() -> Mapping[str, Any]:
    """Every parameter the reference engine checks, with its check (:class:`reference_impl.rules.Parameter`)."""
    from reference_impl.game import GameRules
    from reference_impl.rules import RoundRules
    from reference_impl.tables import TableRules

    return {name: parameter for rules in (RoundRules, TableRules, GameRules) for name, parameter in rules.checked()}


@lru_cache(maxsize=None, typed=True)
def allowed(name: str, value: Any) -> bool:
    """Whether the reference engine allows ``value`` for the parameter: a value it refuses as an
    invalid parameter changes the answer of every question whose rules check that parameter. A
    parameter the engine does not check is refused by nothing. Remembered by the value's type as
    well as its value: ``True`` equals ``1`` in Python, and an integer parameter refuses it."""
    from reference_impl.errors import InvalidParameter

    parameter = _checked_parameters().get(name)
    try:
        if parameter is not None:
            parameter.check({name: value}, name)
    except InvalidParameter:
        return False
    return True


def _checked(recording: RecordingParameters) -> Mapping[str, Any]:
    """The recording, marked as parameters the engine need not check again
    (:class:`reference_impl.rules.CheckedParameters`); every read still goes to the recording."""
    return _checked_kind()(recording)


@lru_cache(maxsize=1)
def _checked_kind() -> type[Mapping[str, Any]]:
    """The class of :func:`_checked`, made once (the engine's module is imported on first use)."""
    from reference_impl.rules import CheckedParameters

    class Checked(CheckedParameters):
        __slots__ = ("recording",)

        def __init__(self, recording: RecordingParameters) -> None:
            self.recording = recording

        def __getitem__(self, name: str) -> Any:
            return self.recording[name]

        def __iter__(self) -> Iterator[str]:
            return iter(self.recording)

        def __len__(self) -> int:
            return len(self.recording)

    return Checked


def all_allowed(parameters: Mapping[str, Any]) -> bool:
    """Whether ``parameters`` gives every parameter the reference engine checks, and the engine
    allows every value (:func:`allowed`)."""
    return set(_checked_parameters()) <= set(parameters) and all(allowed(name, value) for name, value in parameters.items())


def parameters_read(probe: Probe, parameters: Mapping[str, Any], answer: Answer = reference_answer) -> frozenset[str]:
    """The parameters the reference engine reads while answering the case: when it allows every
    value, those the answer uses (the checks are left out, see the module docstring); otherwise
    every parameter read, checks included (what was read before a refusal still counts)."""
    return Trials(probe, parameters, answer).read


class Trials:
    """The changes of one case's parameters, asked of the reference engine as few times as the
    rules allow.

    A run of the engine is fixed by the values of the parameters it reads: a change that leaves
    every parameter read by an earlier run (under the case's own parameters, or under an earlier
    change) as that run had it gives the same run, so the same answer. Values the engine refuses
    (:func:`allowed`) move the answer without asking."""

    def __init__(self, probe: Probe, parameters: Mapping[str, Any], answer: Answer = reference_answer) -> None:
        self.probe = probe
        self.parameters = dict(parameters)
        self.answer = answer
        self.checked = all_allowed(parameters)
        self.asked = 0
        self.runs: dict[tuple[str, ...], dict[tuple[Any, ...], bool]] = {}
        """Whether each run moved the answer, by the names the run read, then by their values."""
        self.read, self.moved = self._ask(self.parameters)
        """The parameters the case's own run reads, and whether its answer is not the one asserted."""

    def _ask(self, values: dict[str, Any]) -> tuple[frozenset[str], bool]:
        recording = RecordingParameters(values)
        self.asked += 1
        try:
            moved = not self.probe.holds(self.answer(self.probe.question(_checked(recording) if self.checked else recording)))
        except Exception:  # noqa: BLE001 - a question the rules cannot pose there has moved
            moved = True
        read = frozenset(recording.read)
        names = tuple(sorted(read))
        self.runs.setdefault(names, {})[tuple(values.get(name, ABSENT) for name in names)] = moved
        return read, moved

    def moves(self, changes: Mapping[str, Any]) -> bool:
        """Whether setting the parameters ``changes`` names to its values moves the answer."""
        if not all(allowed(name, value) for name, value in changes.items()):
            return True
        if self.read.isdisjoint(changes):  # the run of the case's own parameters
            return self.moved
        trial = {**self.parameters, **changes}
        for names, moved_by_values in self.runs.items():
            moved = moved_by_values.get(tuple(trial.get(name, ABSENT) for name in names))
            if moved is not None:
                return moved
        return self._ask(trial)[1]

    def first_move(self, name: str, values: Iterable[Any]) -> Any:
        """The first of ``values`` that, given to the parameter ``name`` alone, moves the answer
        (:meth:`moves`), or :data:`ABSENT` when none does. For a parameter the case's own run does
        not read, that is the first value the engine refuses, unless the run's answer moved."""
        if name not in self.read and not self.moved:
            return next((value for value in values if not allowed(name, value)), ABSENT)
        return next((value for value in values if self.moves({name: value})), ABSENT)


def dependence(
    probe: Probe,
    parameters: Mapping[str, Any],
    variants: Mapping[str, Mapping[str, Any]] | None = None,
    answer: Answer = reference_answer,
) -> tuple[str, ...]:
    """The parameters the case's expected answer depends on, sorted (see the module docstring).

    ``variants`` are the parameter sets whose combinations are also tried (default: every variant
    of the suite)."""
    if variants is None:
        from ginspec.suite.variants import load_variants

        variants = {name: variant.parameters for name, variant in load_variants().items()}
    trials = Trials(probe, parameters, answer)
    found: set[str] = set()
    for name in sorted(parameters):
        values = (value for value in candidate_values(name) if value != parameters[name] and type(value) is type(parameters[name]))
        if trials.first_move(name, values) is not ABSENT:
            found.add(name)
    for variant_parameters in variants.values():
        changed = sorted(name for name in variant_parameters if name not in found and variant_parameters.get(name) != parameters.get(name))
        if not changed:
            continue
        trial = {**parameters, **{name: variant_parameters[name] for name in changed}}
        if not trials.moves({name: trial[name] for name in changed}):
            continue
        # put the changed parameters back one at a time until the answer holds again, then let go
        # of each one put back that the answer does not need
        restored: list[str] = []
        def put_back(name: str) -> None:
            # a parameter the question leaves out (a malformed question) is put back by leaving it out
            if name in parameters:
                trial[name] = parameters[name]
            else:
                trial.pop(name, None)

        for name in changed:
            put_back(name)
            restored.append(name)
            if _holds(probe, trial, answer):
                break
        for name in list(restored):
            trial[name] = variant_parameters[name]
            if _holds(probe, trial, answer):
                restored.remove(name)
            else:
                put_back(name)
        found.update(restored)
    return tuple(sorted(found))
