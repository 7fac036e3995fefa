"""Step definitions for the feature files. They reach the engine only through the adapter
interface (the ``engine`` fixture of :mod:`ginspec.pytest_plugin.engine_option`), so the same scenarios run
against any engine; a scenario needing what the engine cannot do is skipped as unsupported.

The step phrases are listed in ``features/README.md``.
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pytest
import yaml
from pytest_bdd import given, parsers, when

from ginspec.adapters.base import ROUND_KINDS, Adapter, Capabilities, Question
from ginspec.bdd.judging import NotReported, refusal_unsupported, then
from ginspec.judging.judge import action_set, arrangement_set, card_set
from ginspec.suite.registry import rules_by_id
from ginspec.suite.paths import variants_dir
from ginspec.suite.variants import check_parameters, get_variant


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


def _reading_unsupported(capabilities: Any, question: Question) -> str | None:
    """Why a scenario's question turns on an open question the engine reads otherwise than this
    suite (capability ``readings``, :mod:`ginspec.judging.open_questions`), or None: a scenario is never
    failed for a choice the rules leave open."""
    if not capabilities.readings:
        return None
    from ginspec.judging.open_questions import open_questions_of

    return capabilities.reading_unsupported(open_questions_of(question.kind, question.input, question.parameters))


def ask(engine: Adapter, table: Table, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """Ask the engine one question of the scenario. A question the engine cannot play is skipped
    as unsupported; an engine that crashes or hangs makes the scenario an error or a timeout."""
    from ginspec.adapters.jsonl import EngineTimeout
    from ginspec.adapters.answers import answer_problem, declined_reason

    capabilities = engine.capabilities()
    question = Question(kind, data, _scenario_parameters(table, capabilities, kind, data), id=table.case_id)
    # a derived question's dependence under the variant is not recorded: every limit applies
    depends_on = None if table.derived_for else table.depends_on
    reason = capabilities.unsupported_reason(question, depends_on) or refusal_unsupported(table.node, capabilities, kind) or _reading_unsupported(capabilities, question) or _automatic_unsupported(capabilities, question)
    if reason is not None:
        pytest.skip(f"unsupported: {reason}")
    if depends_on is not None:
        question = Question(kind, data, capabilities.playable_parameters(question.parameters, depends_on), id=table.case_id)
    table.omits = capabilities.omits
    table.question = question
    if table.node is not None:
        table.node.ginspec_question = question
    derived = _derived_expectation(table, question) if table.derived_for else None
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
    table.answer = TrackedAnswer(answer)
    if table.node is not None and derived is None:
        table.node.ginspec_judged = table.answer
    if RECORDING is not None:
        RECORDING.append((table.case_id, question, table.answer))
    return table.answer


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
    changed = ", ".join(table.derived_for)
    if reads is None:
        pytest.skip(f"unsupported: the {table.run_variant} variant changes {changed}, and what this scenario reads is not recorded")
    written = Question(question.kind, question.input, table.parameters(), id=question.id)
    try:
        own = dict(posed_answer(written))
        expected, oracle, question, reads = _under_variant(question, reads)
    except Exception as exc:  # noqa: BLE001 - the rules give no answer under the variant
        pytest.skip(f"unsupported: the case cannot be posed under {table.run_variant}, where {changed} differ: {exc}")
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
                raise EngineProblem("suite-error", f"{path}: the reference engine gives {want!r}, the oracle {check!r} under {table.run_variant}")
        values[path] = want
    if not values:
        pytest.skip(f"unsupported: no field this scenario checks can be worked out under {table.run_variant}")
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
    from ginspec.judging.dependence import ABSENT, value_at
    from ginspec.judging.judge import same_field

    if table.node is not None:
        table.node.ginspec_derived = table.run_variant
        table.node.ginspec_changed = tuple(table.derived_for)
    for path, want in derived.values.items():
        got = value_at(answer, path)
        if want is ABSENT and got is ABSENT:
            continue
        if want is ABSENT or got is ABSENT or not same_field(path.rsplit(".", 1)[-1], want, got):
            shown = lambda value: "nothing" if value is ABSENT else value  # noqa: E731
            raise Mismatch(f"{path} (derived for {table.run_variant})", shown(want), shown(got))
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


# ----------------------------------------------------------------------------- rules in force


@given("standard rules")
def standard_rules(table: Table) -> None:
    table.variant = "standard"


@given(parsers.re(r'the (?P<name>[a-z0-9-]+) variant'))
def a_variant(table: Table, name: str) -> None:
    # the variant's file, looked up by its name (variant_files() lists the folder, for every step)
    if not os.path.lexists(variants_dir() / f"{name}.yaml"):
        pytest.fail(f"unknown variant {name!r}")
    table.variant = name


@lru_cache(maxsize=256)
def _yaml_scalar(text: str) -> Any:
    """The value a rule's word stands for, read as YAML once per word."""
    return yaml.safe_load(text)


@given(parsers.re(r"the rule (?P<name>[a-z_]+) is (?P<value>\S+)"))
def a_rule(table: Table, name: str, value: str) -> None:
    override = {name: copy.deepcopy(_yaml_scalar(value))}
    check_parameters(override, "scenario")
    table.overrides.update(override)


# ----------------------------------------------------------------------------- one hand


@when(parsers.parse('the cards "{cards}" are checked as a meld'))
def check_meld(engine: Adapter, table: Table, cards: str) -> None:
    ask(engine, table, "meld", {"cards": cards})


@then(parsers.re(r"they (?P<verdict>are a set|are a run|are not a meld)"))
def meld_verdict(table: Table, verdict: str) -> None:
    expected = {"are a set": (True, "set"), "are a run": (True, "run"), "are not a meld": (False, None)}[verdict]
    expect("valid and type", expected, (field_of(table, "valid"), field_of(table, "type")))


@when(parsers.parse('the hand "{cards}" is counted'))
def count_hand(engine: Adapter, table: Table, cards: str) -> None:
    ask(engine, table, "deadwood", {"hand": cards})


@then(parsers.parse("the least deadwood is {value:d}"))
def least_deadwood(table: Table, value: int) -> None:
    expect("deadwood", value, field_of(table, "deadwood"))


@then(parsers.parse('the best melds are "{spread}"'))
def best_melds(table: Table, spread: str) -> None:
    wanted = arrangement_set([_spread(spread)])
    found = arrangement_set(field_of(table, "arrangements"))
    if found != wanted:
        raise Mismatch("arrangements", [_spread(spread)], field_of(table, "arrangements"))


@then(parsers.parse('the melds may be "{spread}"'))
def one_of_the_best(table: Table, spread: str) -> None:
    wanted = next(iter(arrangement_set([_spread(spread)])))
    if wanted not in arrangement_set(field_of(table, "arrangements")):
        raise Mismatch("arrangements", f"among them {_spread(spread)}", field_of(table, "arrangements"))


@then("nothing can be melded")
def nothing_melded(table: Table) -> None:
    expect("arrangements", arrangement_set([[]]), arrangement_set(field_of(table, "arrangements")))


@when(parsers.parse('the player holding "{cards}" has drawn'))
def after_the_draw(engine: Adapter, table: Table, cards: str) -> None:
    ask(engine, table, "discard", {"hand": cards})


@then(parsers.parse('the best discards are "{cards}"'))
def best_discards(table: Table, cards: str) -> None:
    expect("discards", card_set(cards), card_set(field_of(table, "discards")))


@then(parsers.re(r"he (?P<may>may|may not) (?P<what>knock|go gin|declare big gin)"))
def may_go_out(table: Table, may: str, what: str) -> None:
    name = {"knock": "can_knock", "go gin": "can_gin", "declare big gin": "can_big_gin"}[what]
    expect(name, may == "may", field_of(table, name))


@when(parsers.parse('the player holding "{cards}" knocks with "{card}"'))
def knock_with(engine: Adapter, table: Table, cards: str, card: str) -> None:
    ask(engine, table, "knock", {"hand": cards, "discard": card})


@then(parsers.re(r"the knock is (?P<verdict>legal|not legal)"))
def knock_verdict(table: Table, verdict: str) -> None:
    expect("legal", verdict == "legal", field_of(table, "legal"))


@then(parsers.parse("he keeps {value:d} deadwood"))
def kept_deadwood(table: Table, value: int) -> None:
    expect("deadwood", value, field_of(table, "deadwood"))


@then(parsers.re(r"the knock (?P<verdict>is|is not) gin"))
def knock_is_gin(table: Table, verdict: str) -> None:
    expect("gin", verdict == "is", field_of(table, "gin"))


@when(parsers.parse('the knocker spreads "{spread}" and the defender holds "{cards}"'))
def lay_off_against(engine: Adapter, table: Table, spread: str, cards: str) -> None:
    ask(engine, table, "layoff", {"knocker_melds": _spread(spread), "defender": cards})


@then(parsers.parse("the defender's deadwood is {value:d}"))
def defender_deadwood(table: Table, value: int) -> None:
    name = "defender_deadwood" if "defender_deadwood" in table.answer else "deadwood"
    expect(name, value, field_of(table, name))


@then(parsers.parse('the defender lays off "{cards}"'))
def defender_lays_off(table: Table, cards: str) -> None:
    expect("layoffs", card_set(cards), card_set(field_of(table, "layoffs")))


@then("the defender lays off nothing")
def defender_lays_off_nothing(table: Table) -> None:
    expect("layoffs", frozenset(), card_set(field_of(table, "layoffs")))


@when(parsers.parse('the hand is scored with knocker "{knocker}" and defender "{defender}"'))
def score(engine: Adapter, table: Table, knocker: str, defender: str) -> None:
    ask(engine, table, "score", {"knocker": knocker, "defender": defender})


@when(parsers.parse('the hand is scored with knocker "{knocker}" spreading "{spread}" and defender "{defender}"'))
def score_with_spread(engine: Adapter, table: Table, knocker: str, spread: str, defender: str) -> None:
    ask(engine, table, "score", {"knocker": knocker, "defender": defender, "knocker_melds": _spread(spread)})


@then(parsers.re(r"the outcome is (?P<outcome>knock|undercut|gin|big_gin|draw|void)"))
def outcome(table: Table, outcome: str) -> None:
    expect("outcome", outcome, field_of(table, "outcome"))


@then(parsers.re(r"the (?P<who>knocker|defender|p1|p2) scores (?P<points>\d+) points?"))
def winner_scores(table: Table, who: str, points: str) -> None:
    expect("winner and points", (who, int(points)), (field_of(table, "winner"), field_of(table, "points")))


@then("nobody scores")
def nobody_scores(table: Table) -> None:
    expect("winner and points", ("none", 0), (field_of(table, "winner"), field_of(table, "points")))


@then(parsers.parse("the knocker's deadwood is {value:d}"))
def knocker_deadwood(table: Table, value: int) -> None:
    expect("knocker_deadwood", value, field_of(table, "knocker_deadwood"))


@then(parsers.re(r"the hand cannot be scored: (?P<error>illegal_knock|invalid_melds|not_big_gin)"))
def cannot_score(table: Table, error: str) -> None:
    expect("error", error, table.answer.get("error"))


# ----------------------------------------------------------------------------- whole hands


@given(parsers.parse("the deal:"))
def the_deal(table: Table, datatable: list[list[str]]) -> None:
    values = {row[0]: row[1] for row in datatable}
    upcard = values.get("upcard", "")
    table.deal = {
        "dealer": values["dealer"],
        "hands": {"p1": values["p1"], "p2": values["p2"]},
        "upcard": upcard if upcard and upcard != "none" else None,
        "stock": values["stock"],
    }


@when(parsers.parse("the players play:"))
def play_actions(engine: Adapter, table: Table, datatable: list[list[str]]) -> None:
    table.actions = [row[0] for row in datatable if row and row[0] != "action"]
    observe = list(range(len(table.actions) + 1))
    ask(engine, table, "round", {"deal": table.deal, "actions": table.actions, "observe_after": observe})


@when("nobody has played yet")
def nobody_played(engine: Adapter, table: Table) -> None:
    table.actions = []
    ask(engine, table, "round", {"deal": table.deal, "actions": [], "observe_after": [0]})


@then(parsers.parse("the hand ends in {outcome}"))
def hand_ends(table: Table, outcome: str) -> None:
    expect("outcome", outcome.replace(" ", "_"), field_of(table, "outcome"))


@then("the hand is not over")
def hand_not_over(table: Table) -> None:
    expect("finished", False, table.answer.get("finished"))


@then(parsers.re(r"action (?P<number>\d+) is refused as (?P<reason>[a-z_]+)"))
def action_refused(table: Table, number: str, reason: str) -> None:
    refused = table.answer.get("illegal")
    if not refused:
        raise Mismatch("illegal", f"action {number} refused as {reason}", "every action accepted")
    expect("refused action and reason", (int(number), reason), (refused.get("index", -1) + 1, refused.get("reason")))


@then(parsers.re(r"the offender (?P<penalty>forfeits the game|plays on)"))
def offender_penalty(table: Table, penalty: str) -> None:
    refused = table.answer.get("illegal")
    if not refused:
        raise Mismatch("illegal", "a refused action", "every action accepted")
    if "forfeits" in table.omits and "forfeits" not in refused:
        raise NotReported("the engine does not report the penalty of an illegal action")
    expect("forfeits", penalty == "forfeits the game", refused.get("forfeits"))


def _state_after(table: Table, count: int) -> dict[str, Any]:
    states = table.answer.get("checkpoints") or {}
    if str(count) not in states and "checkpoints" in table.omits:
        raise NotReported("the engine does not report the states of a hand (it omits 'checkpoints')")
    if str(count) not in states:
        raise Mismatch(f"the state after {count} actions", "a reported state", "none reported")
    return states[str(count)]


@then(parsers.parse("after {count:d} actions the legal actions are:"))
def legal_after(table: Table, count: int, datatable: list[list[str]]) -> None:
    wanted = [row[0] for row in datatable if row and row[0] != "action"]
    got = state_field(table, _state_after(table, count), "legal", count)
    expect(f"after {count} actions: legal", sorted(action_set(wanted)), sorted(action_set(got)))


@then(parsers.parse("after {count:d} actions it is {player}'s turn with {stock:d} cards in the stock"))
def turn_after(table: Table, count: int, player: str, stock: int) -> None:
    state = _state_after(table, count)
    observed = (state_field(table, state, "to_play", count), state_field(table, state, "stock", count))
    expect(f"after {count} actions: to_play and stock", (player, stock), observed)


@then(parsers.parse("the knock limit is {limit:d}"))
def knock_limit_now(table: Table, limit: int) -> None:
    expect("knock_limit", limit, state_field(table, _state_after(table, 0), "knock_limit", 0))


# ----------------------------------------------------------------------------- games


@given(parsers.parse("{player} deals the first hand"))
def first_dealer(table: Table, player: str) -> None:
    table.first_dealer = player


@when(parsers.re(r"these hands are played(?P<hollywood> as a Hollywood session)?:"))
def play_hands(engine: Adapter, table: Table, datatable: list[list[str]], hollywood: str | None) -> None:
    hands = [
        {"winner": row["winner"], "outcome": row["outcome"], "points": int(row["points"])} for row in _rows(datatable)
    ]
    if hollywood:
        ask(engine, table, "hollywood", {"hands": hands})
    else:
        ask(engine, table, "game", {"first_dealer": table.first_dealer, "hands": hands})


@then(parsers.parse('the dealers are "{dealers}"'))
def dealers(table: Table, dealers: str) -> None:
    expect("dealers", dealers.split(), field_of(table, "dealers"))


@then(parsers.parse("the game is over after hand {number:d}"))
def over_after(table: Table, number: int) -> None:
    expect("over_after", number, field_of(table, "over_after"))


@then(parsers.re(r"(?P<player>p1|p2) has a grand total of (?P<total>-?\d+)"))
def grand_total(table: Table, player: str, total: str) -> None:
    expect(f"final.{player}.total", int(total), field_of(table, "final")[player]["total"])


@then(parsers.re(r"(?P<player>p1|p2) wins the game by (?P<margin>-?\d+)"))
def game_winner(table: Table, player: str, margin: str) -> None:
    expect("winner and margin", (player, int(margin)), (field_of(table, "winner"), field_of(table, "margin")))


@then(parsers.re(r"column (?P<number>[123]) is won by (?P<player>p1|p2) by (?P<margin>-?\d+)"))
def column_winner(table: Table, number: str, player: str, margin: str) -> None:
    column = field_of(table, "columns")[int(number) - 1]
    expect(f"column {number}: winner and margin", (player, int(margin)), (column["winner"], column["margin"]))


@then(parsers.re(r"the scores cannot be settled: (?P<error>game_already_over|game_not_over)"))
def game_error(table: Table, error: str) -> None:
    expect("error", error, table.answer.get("error"))


@then(parsers.re(r"the question is refused as (?P<reason>[a-z_]+)"))
def question_refused(table: Table, reason: str) -> None:
    """A question that cannot be asked (spec/protocol.md, "Refusing a malformed question"): the
    engine answers with the reason code alone, never a score made up for it."""
    expect("refused", reason, table.answer.get("refused"))


def registered_tags() -> list[str]:
    """Every rule ID, for registering scenario tags as pytest markers."""
    return sorted(rules_by_id())
