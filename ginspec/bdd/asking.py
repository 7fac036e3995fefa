"""How a scenario's steps reach the engine: the table the steps of one scenario share (its
variant, rules in force, question and answer), the question put through the adapter (a question
the engine cannot play under the run's variant, or answers with a reading it declared, is
unsupported, never failed), the answer compared field by field as the judge compares vectors,
and the expectation derived when the run's variant changes a scenario's answer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from ginspec.adapters.base import ROUND_KINDS, Adapter, Capabilities, Question
from ginspec.bdd.judging import NotReported, refusal_unsupported
from ginspec.suite.variants import get_variant


@dataclass
class Table:
    """What a scenario has set up and what the engine answered."""

    variant: str = "standard"
    overrides: dict[str, Any] = field(default_factory=dict)
    deal: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    hands: list[dict[str, Any]] = field(default_factory=list)
    first_dealer: str = "p1"
    answer: dict[str, Any] = field(default_factory=dict)
    omits: frozenset[str] = frozenset()
    case_id: str = ""
    run_variant: str | None = None
    """The variant the whole run plays (``--variant``), or ``None`` to play each scenario's own."""
    home: bool = False
    """Whether ``run_variant`` is the engine's home variant, taken by default: then a scenario the
    engine can play as written is played as written."""
    depends_on: tuple[str, ...] | None = None
    """What this scenario's answers depend on (``features/depends-on.yaml``), if recorded."""
    question: Question | None = None
    node: Any = None
    derived_for: list[str] = field(default_factory=list)
    """The parameters, changed by the run's variant, that make this question a derived case."""
    knocker_spread: str = "any"
    """The engine's capability ``knocker_spread`` (:mod:`ginspec.judging.admissible`)."""
    readings: dict[str, str] = field(default_factory=dict)
    """The readings of open questions, declared by the engine and played by the reference engine,
    that make this question a derived case (:func:`ginspec.suite.readings.played_readings`)."""

    def under(self) -> str:
        """What a derived expectation is worked out under, as messages name it."""
        shown = ", ".join(f"{question} {reading}" for question, reading in sorted(self.readings.items()))
        if self.readings:
            return f"{self.run_variant} with the readings {shown}" if self.derived_for else f"the readings {shown}"
        return str(self.run_variant)

    def parameters(self) -> dict[str, Any]:
        return {**get_variant(self.variant).parameters, **self.overrides}


@pytest.fixture
def table(request: pytest.FixtureRequest, run_variant: str | None, run_variant_is_home: bool) -> Table:
    from ginspec.bdd.scenario_ids import scenario_case_id
    from ginspec.bdd.dependence_file import recorded_dependence

    case_id = scenario_case_id(request.node)
    return Table(
        case_id=case_id,
        run_variant=run_variant,
        home=run_variant_is_home,
        depends_on=recorded_dependence().get(case_id),
        node=request.node,
    )


class EngineProblem(Exception):
    """The engine crashed, hung or gave no usable answer: the scenario's status is ``status``
    (``error`` or ``timeout``), as it would be for a vector, never a failure of the rules."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status


RECORDING: list[tuple[str, Question, "TrackedAnswer"]] | None = None
"""When a list, every question asked is appended with its answer, whose reads are tracked
(used by :mod:`ginspec.bdd.scenario_dependence` to find what each scenario's answers depend on)."""


class TrackedAnswer(dict):
    """An answer that remembers which of its fields the steps read, nested fields as dotted paths
    (``checkpoints.3.legal``)."""

    def __init__(self, data: dict[str, Any], paths: set[str] | None = None, prefix: str = "") -> None:
        super().__init__(data)
        self.paths = paths if paths is not None else set()
        self.prefix = prefix

    def _seen(self, key: Any) -> str:
        path = f"{self.prefix}{key}"
        self.paths.add(path)
        return path

    def __getitem__(self, key: Any) -> Any:
        path = self._seen(key)
        value = super().__getitem__(key)
        return TrackedAnswer(value, self.paths, path + ".") if isinstance(value, dict) else value

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __contains__(self, key: object) -> bool:
        self._seen(key)
        return super().__contains__(key)

    def leaf_paths(self) -> tuple[str, ...]:
        """The paths read, without those that only led to a deeper one."""
        return tuple(sorted(path for path in self.paths if not any(other.startswith(path + ".") for other in self.paths)))


def _scenario_parameters(table: Table, capabilities: Capabilities, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """The parameters of the question: the scenario's own, or under ``--variant`` the run's
    variant, provided the scenario's answers do not depend on what that variant changes
    (scenarios are not derived: their expected answers are written in the steps). Under the
    engine's home variant, taken by default, a scenario it can play as written is played so."""
    parameters = table.parameters()
    if table.run_variant is None:
        return parameters
    if table.home and capabilities.unsupported_reason(Question(kind, data, parameters), table.depends_on) is None:
        return parameters
    target = dict(get_variant(table.run_variant).parameters)
    names = table.depends_on if table.depends_on is not None else tuple(target)
    table.derived_for = sorted(name for name in names if parameters.get(name) != target.get(name))
    return target


def _derived_dependence(table: Table, question: Question) -> tuple[str, ...] | None:
    """What a scenario's question, asked under the run's variant, depends on there: the parameters
    that change a field its steps read (``features/depends-on.yaml``), worked out from the rules as
    :func:`ginspec.judging.derive.derived_dependence` does for a derived vector (its deal recast
    where the variant deals otherwise); ``None`` (every limit applies) when the reads are not
    recorded. A question the rules cannot pose under the variant is unsupported, saying so."""
    from ginspec.bdd.dependence_file import recorded_reads
    from ginspec.judging.dependence import PathProbe, dependence

    reads = recorded_reads().get(table.case_id)
    if reads is None:
        return None
    try:
        baseline, _, posed, reads = _under_variant(question, reads)
    except Exception as exc:  # noqa: BLE001 - the rules give no answer under the variant
        pytest.skip(f"unsupported: the case cannot be posed under {table.run_variant}, where {', '.join(table.derived_for)} differ: {exc}")
    probe = PathProbe(posed.kind, dict(posed.input), {}, paths=reads, baseline=baseline)
    return dependence(probe, posed.parameters)


def _reaches_layoffs(question: Question) -> bool:
    """Whether a hand for two reaches the defender's lay-offs (LAYOFF-DEFENDER-ONLY) as its moves
    are played by the rules; a hand the rules cannot start is taken as reaching them."""
    from ginspec.adapters.reference import start_of_round
    from reference_impl.actions import parse_action
    from reference_impl.round import IllegalAction, apply

    try:
        state = start_of_round({**question.input, "parameters": question.parameters})
        for text in question.input.get("actions") or ():
            if state.phase == "layoff":
                return True
            state = apply(state, parse_action(text))
    except IllegalAction:
        return False
    except Exception:  # noqa: BLE001 - a deal the rules cannot start: judged as the engine answers it elsewhere
        return True
    return state.phase == "layoff"


def _automatic_unsupported(capabilities: Any, question: Question) -> str | None:
    """Why a scenario's hand cannot be judged for an engine that lays off automatically
    (capability ``layoff_style``), or None: a scenario plays the defender's lay-offs move by move
    and reads them (the legal lay-offs, an outcome after laying off nothing), which such an engine
    never shows. The vectors judge these hands on their outcome with the best lay-offs."""
    if capabilities.layoff_style != "automatic" or question.kind not in ("round", "table_round"):
        return None
    if question.kind == "round":
        reaches = _reaches_layoffs(question)
    else:
        reaches = any(" knock" in f" {text}" or str(text).endswith(" done") for text in question.input.get("actions") or ())
    if reaches:
        return f"{capabilities.engine} lays off automatically, and this scenario plays the defender's lay-offs move by move"
    return None


def _reading_unsupported(capabilities: Any, question: Question, table: Table) -> str | None:
    """Why a scenario's question turns on an open question the engine reads otherwise than this
    suite (capability ``readings``, :mod:`ginspec.judging.open_questions`), or None: a scenario is never
    failed for a choice the rules leave open. Where the reference engine plays the readings
    declared (:func:`ginspec.suite.readings.played_readings`), they are noted in ``table.readings``
    and the question's expectation is derived under them instead (not for an engine that lays off
    by itself, whose hands are posed otherwise)."""
    if not capabilities.readings:
        return None
    from ginspec.judging.open_questions import open_questions_of
    from ginspec.suite.readings import played_readings

    questions = open_questions_of(question.kind, question.input, question.parameters)
    reason = capabilities.reading_unsupported(questions)
    played = played_readings(capabilities.readings, questions) if reason is not None else None
    if played and capabilities.layoff_style != "automatic":
        table.readings = played
        return None
    return reason


def ask(engine: Adapter, table: Table, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """Ask the engine one question of the scenario. A question the engine cannot play is skipped
    as unsupported; an engine that crashes or hangs makes the scenario an error or a timeout."""
    from ginspec.adapters.jsonl import EngineTimeout
    from ginspec.adapters.answers import answer_problem, declined_reason

    capabilities = engine.capabilities()
    question = Question(kind, data, _scenario_parameters(table, capabilities, kind, data), id=table.case_id)
    # a derived question's dependence under the variant is not recorded: it is worked out from
    # the rules when a limit of the engine would turn the question away, as for a derived vector
    depends_on = None if table.derived_for else table.depends_on
    if table.derived_for and capabilities.unsupported_reason(question, None) is not None:
        depends_on = _derived_dependence(table, question)
    reason = capabilities.unsupported_reason(question, depends_on) or refusal_unsupported(table.node, capabilities, kind) or _reading_unsupported(capabilities, question, table) or _automatic_unsupported(capabilities, question)
    if reason is not None:
        pytest.skip(f"unsupported: {reason}")
    if depends_on is not None:
        question = Question(kind, data, capabilities.playable_parameters(question.parameters, depends_on), id=table.case_id)
    table.omits = capabilities.omits
    table.knocker_spread = capabilities.knocker_spread
    table.question = question
    if table.node is not None:
        table.node.ginspec_question = question
    derived = None
    if table.derived_for or table.readings:
        derived = _derived_expectation(table, Question(kind, question.input, {**question.parameters, **_readings_of(table)}, id=question.id))
        played = {name: value for name, value in derived.question.parameters.items() if name != "readings"}
        derived = DerivedExpectation(derived.values, derived.own, Question(kind, derived.question.input, played, id=question.id))
    if derived is not None:
        question = derived.question
        if table.node is not None:
            table.node.ginspec_question = question
    try:
        answer = engine.ask(question)
    except EngineTimeout as exc:
        raise EngineProblem("timeout", str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - any engine fault is the engine's error, as for a vector
        raise EngineProblem("error", f"{type(exc).__name__}: {exc}") from None
    problem = answer_problem(kind, answer)
    if problem is not None:
        raise EngineProblem("error", f"the answer does not follow the protocol: {problem}")
    declined = declined_reason(answer)
    if declined is not None:
        pytest.skip(f"unsupported: {capabilities.engine} declined this case: {declined}")
    answer = dict(answer)
    if table.node is not None:  # what the engine answered, and what the steps judge of it
        table.node.ginspec_answer = answer
        table.node.ginspec_judged = tuple(derived.values) if derived is not None else None
    if derived is not None:
        answer = _judge_derived(table, derived, answer)
    else:
        answer = _admitted(table, capabilities, question, answer)
    table.answer = TrackedAnswer(answer)
    if table.node is not None and derived is None:
        table.node.ginspec_judged = table.answer
    if RECORDING is not None:
        RECORDING.append((table.case_id, question, table.answer))
    return table.answer


def _readings_of(table: Table) -> dict[str, Any]:
    return {"readings": dict(table.readings)} if table.readings else {}


def _admitted(table: Table, capabilities: Capabilities, question: Question, answer: dict[str, Any]) -> dict[str, Any]:
    """The answer the steps judge: the engine's own, or, where it is another answer the rules
    admit at every field the steps read, the reference engine's (:mod:`ginspec.bdd.admitted`)."""
    from ginspec.bdd.admitted import may_choose, reference_if_admitted
    from ginspec.bdd.dependence_file import recorded_reads

    reads = [path for path in recorded_reads().get(table.case_id, ()) if path.rsplit(".", 1)[-1] not in table.omits and path.split(".", 1)[0] not in table.omits]
    if not reads or not may_choose(question, answer, capabilities.knocker_spread):
        return answer
    own = reference_if_admitted(question, reads, answer, capabilities.knocker_spread)
    return answer if own is None else {name: value for name, value in own.items() if name not in table.omits}


@dataclass(frozen=True)
class DerivedExpectation:
    """What a scenario's question must be answered under the run's variant: the value at each
    path the steps read, and the answer of the rules under the scenario's own parameters."""

    values: dict[str, Any]
    own: dict[str, Any]
    question: Question
    """The question the engine is asked (its deal recast, when the variant deals differently)."""


def _derived_expectation(table: Table, question: Question) -> DerivedExpectation:
    """The expected answer of a scenario's question derived for the run's variant.

    The steps' expected values hold under the scenario's own rules, not the variant's. So the
    engine is judged on the fields the steps read (``features/depends-on.yaml``) against the
    answer the rules give under the variant, worked out by the reference engine and confirmed by
    the oracle (:func:`_judge_derived`). Fields the engine declares it omits, and fields the
    oracle does not work out, are not asserted."""
    from ginspec.judging.dependence import ABSENT, posed_answer, value_at
    from ginspec.judging.judge import same_field
    from ginspec.bdd.dependence_file import recorded_reads

    reads = recorded_reads().get(table.case_id)
    changed = ", ".join([*table.derived_for, *(f"{name} {value}" for name, value in sorted(table.readings.items()))])
    if reads is None:
        pytest.skip(f"unsupported: {table.under()} changes {changed}, and what this scenario reads is not recorded")
    written = Question(question.kind, question.input, table.parameters(), id=question.id)
    try:
        own = dict(posed_answer(written))
        expected, oracle, question, reads = _under_variant(question, reads)
    except Exception as exc:  # noqa: BLE001 - the rules give no answer under the variant
        pytest.skip(f"unsupported: the case cannot be posed under {table.under()}, where {changed} differ: {exc}")
    paths = list(reads) + (["illegal.index", "illegal.reason", "finished"] if question.kind in ROUND_KINDS else [])
    values: dict[str, Any] = {}
    for path in paths:
        leaf = path.rsplit(".", 1)[-1]
        if leaf in table.omits or path.split(".", 1)[0] in table.omits:
            continue
        want = value_at(expected, path)
        if oracle is not None:
            check = value_at(oracle, path)
            if check is ABSENT and want is not ABSENT:
                continue  # the oracle does not work this field out: not asserted
            if check is not ABSENT and not same_field(leaf, check, want):
                raise EngineProblem("suite-error", f"{path}: the reference engine gives {want!r}, the oracle {check!r} under {table.under()}")
        values[path] = want
    if not values:
        pytest.skip(f"unsupported: no field this scenario checks can be worked out under {table.under()}")
    return DerivedExpectation(values, own, question)


def _under_variant(question: Question, reads: tuple[str, ...]) -> tuple[dict[str, Any], Any, Question, tuple[str, ...]]:
    """The reference engine's and the oracle's answers to ``question``; when the variant cannot
    deal it, to the question with its deal recast (:func:`ginspec.judging.derive.recast_opening`), whose
    checkpoint paths move back by the action no longer played."""
    from ginspec.judging.dependence import posed_answer
    from ginspec.judging.derive import oracle_answer, recast_opening

    try:
        return dict(posed_answer(question)), oracle_answer(question), question, reads
    except Exception:
        recast = recast_opening(question.kind, question.input, {}, question.parameters)
        if recast is None:
            raise
    step = len(recast[0]["actions"]) - len(question.input["actions"])
    question = Question(question.kind, recast[0], question.parameters, id=question.id)
    moved = []
    for path in reads:
        parts = path.split(".")
        if parts[0] == "checkpoints" and len(parts) > 1 and parts[1].isdigit():
            if int(parts[1]) + step < 0:
                continue
            parts[1] = str(int(parts[1]) + step)
        moved.append(".".join(parts))
    return dict(posed_answer(question)), oracle_answer(question), question, tuple(moved)


def _judge_derived(table: Table, derived: DerivedExpectation, answer: dict[str, Any]) -> dict[str, Any]:
    """Fail the scenario on the first field where ``answer`` departs from the derived answer;
    otherwise give the steps the answer of the rules under the scenario's own parameters, which
    they pass by construction (the verdict has been given here)."""
    from ginspec.bdd.admitted import reference_if_admitted
    from ginspec.judging.dependence import ABSENT, value_at
    from ginspec.judging.judge import same_field

    if table.node is not None:
        if table.derived_for:
            table.node.ginspec_derived = table.run_variant
        table.node.ginspec_changed = tuple(table.derived_for)
        table.node.ginspec_readings = dict(table.readings)
    for path, want in derived.values.items():
        got = value_at(answer, path)
        if want is ABSENT and got is ABSENT:
            continue
        if want is ABSENT or got is ABSENT or not same_field(path.rsplit(".", 1)[-1], want, got):
            posed = Question(derived.question.kind, derived.question.input, {**derived.question.parameters, **_readings_of(table)}, id=derived.question.id)
            if reference_if_admitted(posed, list(derived.values), answer, table.knocker_spread) is not None:
                return derived.own  # another answer the rules admit
            shown = lambda value: "nothing" if value is ABSENT else value  # noqa: E731
            raise Mismatch(f"{path} (derived for {table.under()})", shown(want), shown(got))
    return derived.own


class Mismatch(AssertionError):
    """A step found an answer other than the rules give: the field, expected and observed."""

    def __init__(self, name: str, expected: Any, observed: Any) -> None:
        super().__init__(f"{name}: expected {expected!r}, observed {observed!r}")
        self.name = name
        self.expected = expected
        self.observed = observed


def expect(name: str, expected: Any, observed: Any) -> None:
    """Raise :class:`Mismatch` unless ``observed`` is ``expected`` (booleans kept apart from numbers)."""
    same = type(expected) is type(observed) and expected == observed if isinstance(expected, bool) or isinstance(observed, bool) else expected == observed
    if not same:
        raise Mismatch(name, expected, observed)


def _rows(datatable: list[list[str]]) -> list[dict[str, str]]:
    header, *rows = datatable
    return [dict(zip(header, row)) for row in rows]


def _spread(text: str) -> list[str]:
    return [part.strip() for part in text.split("|") if part.strip()]


def field_of(table: Table, name: str) -> Any:
    if name in table.omits and name not in table.answer:
        raise NotReported(f"the engine does not report {name!r}")
    if name not in table.answer:
        raise Mismatch(name, "a value", f"no {name!r} in the answer {dict(table.answer)}"[:300])
    return table.answer[name]


def state_field(table: Table, state: dict[str, Any], name: str, count: int) -> Any:
    """One field of a reported state (a checkpoint), skipped as unsupported if the engine declared
    it cannot report it."""
    if name not in state:
        if name in table.omits:
            raise NotReported(f"the engine does not report {name!r}")
        raise Mismatch(f"after {count} actions: {name}", "a value", "nothing reported")
    return state[name]
