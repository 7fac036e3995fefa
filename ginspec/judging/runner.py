"""Running vectors through an adapter and collecting one result per case.

A vector is run as written, or, under a variant whose rules change its answer, as a case derived
for that variant (:mod:`ginspec.judging.derive`). :func:`plan_cases` decides which; :func:`run_case` asks
the engine and judges the answer.
"""

from __future__ import annotations

import dataclasses
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from ginspec.adapters.base import ROUND_KINDS, Adapter, Capabilities, Question
from ginspec.adapters.jsonl import EngineFault, EngineTimeout
from ginspec.adapters.answers import answer_problem, declined_reason
from ginspec.judging.automatic import for_automatic_layoffs
from ginspec.errors import SuiteError
from ginspec.judging.judge import judge, judge_any, judge_round
from ginspec.judging.questions import question_for
from ginspec.suite.vectors import Vector
from ginspec.suite.plain_data import plain_copy

STATUSES = ("pass", "fail", "error", "timeout", "unsupported", "expected-fail", "unexpected-pass", "suite-error")
FAILING = ("fail", "error", "timeout", "unexpected-pass", "suite-error")
ORIGINS = ("written", "derived")


@dataclass(frozen=True)
class CaseResult:
    """The outcome of one case against one engine.

    ``origin`` is ``written`` for a case run as its file states it and ``derived`` for one posed
    again under the variant of the run; ``depends_on`` lists the parameters its answer depends on.
    The status ``suite-error`` is the suite's own fault (a derived answer the reference engine and
    the oracle do not agree on), never the engine's."""

    id: str
    area: str
    rules: tuple[str, ...]
    kind: str
    variant: str
    status: str
    expected: Any
    observed: Any
    message: str
    seconds: float
    input: Any = field(default=None)
    origin: str = "written"
    depends_on: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    """Of a derived case, the parameters its answer depends on that the run's variant changes."""
    asked: dict[str, Any] | None = None
    """Of a failing scenario, the question its failing step judged and the engine's answer at the
    fields the steps read (:mod:`ginspec.bdd.scenario_answers`), for its diagnosis."""
    admissible: tuple[Any, ...] = ()
    """Where the rules leave a choice that changes the answer (:mod:`ginspec.judging.admissible`):
    every admissible expected answer, ``expected`` first; empty when there is one only, or when the
    engine gave the expected answer itself."""


@dataclass(frozen=True)
class Case:
    """One vector as it will be run: under which parameters, expecting what."""

    vector: Vector
    id: str
    variant: str
    parameters: Mapping[str, Any]
    expected: Mapping[str, Any]
    depends_on: tuple[str, ...]
    origin: str = "written"
    input: Mapping[str, Any] | None = None
    """The question's input, when it is not the vector's own (a deal recast for the variant)."""
    unsupported: str = ""
    """Why the case cannot be posed under the variant of the run (empty if it can)."""
    suite_error: str = ""
    """Why the suite cannot trust its own expected answer (empty if it can)."""
    readings: Mapping[str, str] = field(default_factory=dict)
    """The readings of open questions, other than the default, its expected answer was worked out
    under (:func:`for_readings`); empty for the default readings."""


def dependence_of(vector: Vector) -> tuple[str, ...]:
    """The vector's recorded ``depends_on``, or, when the file does not record it, the dependence
    worked out now from the rules (:mod:`ginspec.judging.dependence`)."""
    if vector.depends_on is not None:
        return vector.depends_on
    from ginspec.judging.dependence import Probe, dependence

    question = question_for(vector)
    return dependence(Probe(vector.kind, question.input, vector.expected), vector.parameters)


def plan_case(
    vector: Vector,
    variant: str | None = None,
    variant_parameters: Mapping[str, Any] | None = None,
    playable: Capabilities | None = None,
) -> Case:
    """How ``vector`` is run under ``variant`` (``None``: as written, under its own variant).

    A vector that does not depend on any parameter in which the variant differs from its own is
    run as written, under the variant's parameters (they cannot change its answer). One that does
    becomes a derived case, with the answer the rules give under the variant.

    With ``playable`` (an engine judged under its home variant), a vector the engine can play as
    written is run as written, and only the others are derived for the variant: the engine is
    checked on every rule it can play, and on its own rules where it plays differently."""
    depends_on = dependence_of(vector)
    written = Case(vector, vector.id, vector.variant, vector.parameters, vector.expected, depends_on)
    if variant is None or variant_parameters is None:
        return written
    if playable is not None and playable.unsupported_reason(question_for(vector), depends_on) is None:
        return written
    differing = [name for name in depends_on if vector.parameters.get(name) != variant_parameters.get(name)]
    if not differing:
        return Case(vector, vector.id, variant, dict(variant_parameters), vector.expected, depends_on)
    if "refused" in vector.expected:
        if set(differing) <= set(vector.malformed_parameters) | set(vector.missing_parameters):
            # the values outside the rules (or left out) are the question: posed under the variant, they stay
            from ginspec.suite.vectors import without

            posed = without({**variant_parameters, **vector.malformed_parameters}, vector.missing_parameters)
            return Case(vector, vector.id, variant, posed, vector.expected, depends_on)
        changed = ", ".join(f"{name}={variant_parameters.get(name)!r}" for name in differing)
        reason = f"a malformed question is asked only under the parameters it was written for, and {variant} changes {changed}"
        return Case(vector, f"{vector.id}@{variant}", variant, dict(variant_parameters), {}, depends_on, "derived", unsupported=reason)
    from ginspec.judging.derive import CannotPose, derive, recast_opening

    case_id = f"{vector.id}@{variant}"
    question = question_for(vector, variant_parameters)
    changed = ", ".join(f"{name}={variant_parameters.get(name)!r} (written for {vector.parameters.get(name)!r})" for name in differing)
    written = vector.expected
    try:
        derived = derive(vector.kind, question, written)
    except CannotPose as exc:
        recast = recast_opening(vector.kind, question.input, written, variant_parameters)
        if recast is None:
            reason = f"the case cannot be posed under {variant}, where {changed}: {exc}"
            return Case(vector, case_id, variant, dict(variant_parameters), {}, depends_on, "derived", unsupported=reason)
        question = Question(vector.kind, recast[0], variant_parameters, id=case_id)
        written = recast[1]
        try:
            derived = derive(vector.kind, question, written)
        except CannotPose as again:
            reason = f"the case cannot be posed under {variant}, where {changed}, even with its deal recast: {again}"
            return Case(vector, case_id, variant, dict(variant_parameters), {}, depends_on, "derived", unsupported=reason)
    problem = ""
    if derived.confirmed is False:
        problem = f"derived answer under {variant} not confirmed: {derived.problem}"
    return Case(vector, case_id, variant, dict(variant_parameters), derived.expected, depends_on, "derived", dict(question.input), suite_error=problem)


def plan_case_safely(vector: Vector, variant: str | None, variant_parameters: Mapping[str, Any] | None, playable: Capabilities | None) -> Case:
    """:func:`plan_case`, where a fault of the suite's own in deriving the case becomes a
    ``suite-error`` for that case instead of ending the run."""
    try:
        return plan_case(vector, variant, variant_parameters, playable)
    except SuiteError:
        raise
    except Exception as exc:  # noqa: BLE001 - the suite's fault, reported on the case
        last = traceback.extract_tb(exc.__traceback__)[-1:]
        where = f" at {last[0].filename}:{last[0].lineno}" if last else ""
        problem = f"the suite could not derive this case for {variant}: {type(exc).__name__}: {exc}{where}"
        return Case(vector, f"{vector.id}@{variant}", variant or vector.variant, vector.parameters, {}, vector.depends_on or (), "derived", suite_error=problem)


def plan_cases(
    vectors: Iterable[Vector],
    variant: str | None = None,
    variant_parameters: Mapping[str, Any] | None = None,
    playable: Capabilities | None = None,
) -> list[Case]:
    return [plan_case_safely(vector, variant, variant_parameters, playable) for vector in vectors]


def _open_questions(case: Case, capabilities: Capabilities) -> tuple[str, ...]:
    """The open questions a case's answer depends on: those its file records, and for a case
    asked under other parameters than its own (or another deal) those the rules turn on there,
    worked out only for an engine that declares a reading (:mod:`ginspec.judging.open_questions`). A
    parameter the answer does not depend on under the default reading may matter under another
    (Q28: the bonuses a recorded result is checked against)."""
    recorded = case.vector.open_questions
    as_written = case.input is None and dict(case.parameters) == dict(case.vector.parameters)
    if as_written or not capabilities.readings:
        return recorded
    from ginspec.judging.open_questions import open_questions_of

    derived = open_questions_of(case.vector.kind, _question(case, case.parameters).input, case.parameters)
    return tuple(sorted(set(recorded) | set(derived)))


def _question(case: Case, parameters: Mapping[str, Any]) -> Question:
    if case.input is None:
        return question_for(case.vector, parameters)
    return Question(kind=case.vector.kind, input=dict(case.input), parameters=parameters, id=case.id)


def _readings(case: Case) -> dict[str, Any]:
    return {"readings": dict(case.readings)} if case.readings else {}


def for_readings(case: Case, capabilities: Capabilities, open_questions: tuple[str, ...]) -> Case | None:
    """A case whose answer turns on an open question the engine reads otherwise than the default,
    derived under the readings it declares when the reference engine plays them
    (:func:`ginspec.suite.readings.played_readings`): the same question, its answer worked out by
    the reference engine under those readings and confirmed by the oracle
    (:func:`ginspec.judging.derive.derive`). ``None`` when a reading is not played. A hand posed
    without its lay-offs to an engine that lays off by itself is not derived."""
    from ginspec.judging.derive import CannotPose, derive
    from ginspec.suite.readings import played_readings

    played = played_readings(capabilities.readings, open_questions)
    if not played or (capabilities.layoff_style == "automatic" and case.vector.kind in ROUND_KINDS):
        return None
    shown = ", ".join(f"{question} {reading}" for question, reading in sorted(played.items()))
    question = _question(case, {**case.parameters, "readings": played})
    try:
        derived = derive(case.vector.kind, question, case.expected)
    except CannotPose as exc:
        return dataclasses.replace(case, unsupported=f"the case cannot be posed under the readings {shown}: {exc}", readings=played)
    problem = "" if derived.confirmed is not False else f"derived answer under the readings {shown} not confirmed: {derived.problem}"
    return dataclasses.replace(case, expected=derived.expected, origin="derived", input=dict(question.input), suite_error=problem, readings=played)


def changed_parameters(case: Case) -> tuple[str, ...]:
    """The parameters a derived case's answer depends on in which its variant differs from the
    vector as written (none for a case run as written)."""
    if case.origin != "derived":
        return ()
    written = case.vector.parameters
    return tuple(name for name in case.depends_on if written.get(name) != case.parameters.get(name))


def run_case(adapter: Adapter, capabilities: Capabilities, case: Case) -> CaseResult:
    """Ask the engine one case's question and judge the answer. Never raises for engine faults."""
    vector = case.vector

    def result(status: str, observed: Any, message: str, seconds: float, admissible: tuple[Any, ...] = ()) -> CaseResult:
        return CaseResult(
            id=case.id,
            area=vector.area,
            rules=vector.rules,
            kind=vector.kind,
            variant=case.variant,
            status=status,
            expected=dict(case.expected) if case.expected else None,
            observed=observed,
            message=message,
            seconds=round(seconds, 6),
            input=recorded_input,
            origin=case.origin,
            depends_on=case.depends_on,
            changed=changed_parameters(case),
            admissible=admissible,
        )

    if vector.kind not in capabilities.kinds:
        recorded_input = plain_copy(dict(case.input if case.input is not None else vector.input))
        return result("unsupported", None, f"{capabilities.engine} does not answer {vector.kind!r} questions", 0.0)
    if capabilities.layoff_style == "automatic":
        case = for_automatic_layoffs(case)
    recorded_input = plain_copy(dict(case.input if case.input is not None else vector.input))
    if case.unsupported:
        return result("unsupported", None, case.unsupported, 0.0)
    if case.suite_error:
        return result("suite-error", None, case.suite_error, 0.0)
    open_questions = _open_questions(case, capabilities)
    open_question = capabilities.reading_unsupported(open_questions)
    if open_question is not None:
        case = for_readings(case, capabilities, open_questions) or case
        if case.unsupported or not case.readings:
            return result("unsupported", None, case.unsupported or open_question, 0.0)
        if case.suite_error:
            return result("suite-error", None, case.suite_error, 0.0)
    if "refused" in case.expected:
        refusal = capabilities.refusal_unsupported(vector.kind, case.expected["refused"])
        if refusal is not None:
            return result("unsupported", None, refusal, 0.0)
    question = _question(case, case.parameters)
    # a derived case's dependence under its new variant is not recorded: every limit applies, and
    # it is asked under exactly the parameters its answer was derived for
    depends_on = case.depends_on if case.origin == "written" else None
    reason = capabilities.unsupported_reason(question, depends_on)
    if reason is not None and depends_on is None and case.expected:
        # a derived case that a limit of the engine would turn away: work out what its answer
        # depends on under the variant, and turn it away only if that is the limited parameter
        from ginspec.judging.derive import derived_dependence

        depends_on = derived_dependence(vector.kind, question.input, case.expected, {**case.parameters, **_readings(case)})
        reason = capabilities.unsupported_reason(question, depends_on)
    if reason is not None:
        return result("unsupported", None, reason, 0.0)
    if depends_on is not None:
        question = _question(case, capabilities.playable_parameters(case.parameters, depends_on))
    started = time.perf_counter()
    try:
        observed = adapter.ask(question)
    except EngineTimeout as exc:
        return result("timeout", None, str(exc), time.perf_counter() - started)
    except EngineFault as exc:
        return result("error", None, str(exc), time.perf_counter() - started)
    except Exception as exc:  # an engine fault is a result, not a crash of the suite
        last = traceback.extract_tb(exc.__traceback__)[-1:]
        where = f" at {last[0].filename}:{last[0].lineno}" if last else ""
        return result("error", None, f"{type(exc).__name__}: {exc}{where}", time.perf_counter() - started)
    seconds = time.perf_counter() - started
    problem = answer_problem(vector.kind, observed)
    if problem is not None:
        return result("error", observed, f"the answer does not follow the protocol: {problem}", seconds)
    declined = declined_reason(observed)
    if declined is not None:
        return result("unsupported", observed, f"{capabilities.engine} declined this case: {declined}", seconds)
    expected_fields = set(case.expected) - {"error"}
    if expected_fields and expected_fields <= capabilities.omits:
        return result("unsupported", observed, f"{capabilities.engine} does not report {', '.join(sorted(expected_fields))}", seconds)
    status, message = judge_answer(vector.kind, case.expected, observed, capabilities, question.input)
    if status == "fail":  # is it another answer the rules admit?
        admissible = admissible_for(case, question, capabilities)
        if len(admissible) > 1:
            status, message = judge_answer(vector.kind, case.expected, observed, capabilities, question.input, admissible)
            return result(status, observed, message, seconds, tuple(admissible))
    return result(status, observed, message, seconds)


def admissible_for(case: Case, question: Question, capabilities: Capabilities) -> list[dict[str, Any]]:
    """Every expected answer the rules admit to a case (:mod:`ginspec.judging.admissible`), the
    case's own first. The knocker's spread of a hand posed without its lay-offs (``layoff_style:
    automatic``) is varied with the best lay-offs onto each spread
    (:func:`ginspec.judging.automatic.spread_alternatives`)."""
    from ginspec.judging.admissible import admissible_expectations

    automatic = capabilities.layoff_style == "automatic" and case.vector.kind in ROUND_KINDS
    try:
        found = admissible_expectations(Question(question.kind, question.input, {**case.parameters, **_readings(case)}, id=case.id), case.expected, "none" if automatic else capabilities.knocker_spread)
        if automatic and not case.readings:
            from ginspec.judging.automatic import spread_alternatives

            found += [other for other in spread_alternatives(case, capabilities.knocker_spread) if other not in found]
        return found
    except Exception:  # noqa: BLE001 - the suite cannot work out the other answers: the case's own stands
        return [dict(case.expected)]


def judge_answer(
    kind: str,
    expected: Mapping[str, Any],
    observed: Any,
    capabilities: Capabilities,
    question: Mapping[str, Any] | None = None,
    admissible: Sequence[Mapping[str, Any]] = (),
) -> tuple[str, str]:
    """(status, message) of an answer: ``pass`` or ``fail``, or ``error`` when the answer is so
    malformed inside that it cannot be judged (the judge never takes the run down). ``question``
    is the case's input, whose actions a refused action is checked against; ``admissible``, when
    the rules admit several answers, all of them (:func:`ginspec.judging.judge.judge_any`)."""
    try:
        if kind in ROUND_KINDS:
            actions = (question or {}).get("actions")
            played = actions if isinstance(actions, list) else None
            verdict = judge_any(admissible or [expected], lambda want: judge_round(want, observed, capabilities.omits, played))
        else:
            verdict = judge_any(admissible or [expected], lambda want: judge(want, observed, capabilities.omits))
    except Exception as exc:  # noqa: BLE001 - e.g. a field of the wrong type deep inside the answer
        text = str(exc)
        return "error", f"the answer cannot be judged: {type(exc).__name__}: {text[:300]}"
    return ("pass" if verdict.passed else "fail"), "; ".join(verdict.mismatches)


def run_vector(adapter: Adapter, capabilities: Capabilities, vector: Vector) -> CaseResult:
    """Run one vector as written."""
    return run_case(adapter, capabilities, plan_case(vector))


def run_cases(
    adapter: Adapter,
    capabilities: Capabilities,
    cases: Iterable[Case],
    progress: Callable[[CaseResult], None] | None = None,
) -> list[CaseResult]:
    results = []
    for case in cases:
        outcome = run_case(adapter, capabilities, case)
        results.append(outcome)
        if progress is not None:
            progress(outcome)
    return results


def run_vectors(
    adapter: Adapter,
    vectors: Iterable[Vector],
    progress: Callable[[CaseResult], None] | None = None,
) -> tuple[Capabilities, list[CaseResult]]:
    """Every vector as written (the engine's own limits decide what is unsupported)."""
    capabilities = adapter.capabilities()
    return capabilities, run_cases(adapter, capabilities, plan_cases(vectors), progress)
