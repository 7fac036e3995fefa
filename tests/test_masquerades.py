"""No false failures: the reference engine, declaring each capability profile an engine can have
and answering faithfully in that style (``tests/masquerade_engines.py``), passes every case the
suite asks it, with no failure and no fault of the suite's own.

Profiles: each lay-off style; each answer field left out (``omits``); each variant of
``spec/variants/`` as a home variant; each reading of each open question; no refusals declared;
each parameter limited to its standard value. A profile that differs from the plain reference
only on some cases (a field, a parameter, a question) is asked those cases and a fixed sample of
the others, so that every profile runs in well under a second or two.
"""

from __future__ import annotations

import collections
from functools import lru_cache
from typing import Any, Iterable

import pytest

from ginspec.adapters.base import Adapter
from ginspec.suite.readings import questions, reading_limits
from ginspec.judging.runner import FAILING, CaseResult, plan_cases, run_cases
from ginspec.suite.variants import get_variant, load_variants, parameter_schemas
from ginspec.suite.vectors import Vector, load_vectors
from tests.masquerade_engines import AutomaticLayoffs, Limited, NoRefusals, Omitting, Reading
from reference_impl.rules import READINGS
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.adapters.base import Question
from ginspec.judging.open_questions import DEALER_KINDS, open_questions_of

SAMPLE_EVERY = 25
"""Every so many vectors are asked of a profile besides the cases its declaration changes."""


@lru_cache(maxsize=1)
def vectors() -> tuple[Vector, ...]:
    return tuple(load_vectors())


def _sample() -> list[Vector]:
    return list(vectors()[::SAMPLE_EVERY])


def _with(selected: Iterable[Vector]) -> list[Vector]:
    chosen = {vector.id: vector for vector in _sample()}
    chosen.update({vector.id: vector for vector in selected})
    return list(chosen.values())


def run_profile(adapter: Adapter, selected: Iterable[Vector] | None = None) -> list[CaseResult]:
    """The cases as ``ginspec check`` runs them: under the engine's home variant if it has one."""
    capabilities = adapter.capabilities()
    variant = capabilities.home_variant
    parameters = get_variant(variant).parameters if variant else None
    cases = plan_cases(list(vectors() if selected is None else selected), variant, parameters, capabilities if variant else None)
    return run_cases(adapter, capabilities, cases)


def assert_fair(results: list[CaseResult]) -> None:
    wrong = [f"{result.id}: {result.status}: {result.message[:300]}" for result in results if result.status in FAILING]
    assert not wrong, f"{len(wrong)} false failure(s):\n" + "\n".join(wrong[:20])
    statuses = collections.Counter(result.status for result in results)
    assert statuses["pass"] > 0, f"the profile was judged on nothing: {dict(statuses)}"


def _asserted_fields(vector: Vector) -> set[str]:
    expected = vector.expected
    found = {name for name in expected if name not in ("checkpoints", "illegal", "refused", "error")}
    for point in expected.get("checkpoints", ()):
        found.update(name for name in point if name != "after")
    if isinstance(expected.get("illegal"), dict):
        found.update(name for name in expected["illegal"] if name == "forfeits")
    return found


def _omittable() -> list[str]:
    return sorted({name for vector in vectors() for name in _asserted_fields(vector)})


def _readings() -> list[tuple[str, str]]:
    return [(question, entry["id"]) for question, register in questions().items() for entry in register["readings"]]


@pytest.mark.parametrize("style", ["explicit", "automatic"])
def test_each_layoff_style_is_judged_fairly(style: str) -> None:
    assert_fair(run_profile(ReferenceAdapter() if style == "explicit" else AutomaticLayoffs()))


@pytest.mark.parametrize("home", ["classic", "openspiel"])
def test_automatic_layoffs_are_judged_fairly_under_a_home_variant(home: str) -> None:
    # under classic, a defender's best lay-offs turn written knocks into undercuts, whose bonus
    # classic sets otherwise: such a case is derived with the bonus the engine plays
    assert_fair(run_profile(AutomaticLayoffs(home)))


def test_an_engine_that_declares_no_refusal_is_judged_fairly() -> None:
    results = run_profile(NoRefusals())
    assert_fair(results)
    assert any("does not refuse malformed" in result.message for result in results if result.status == "unsupported")


@pytest.mark.parametrize("name", sorted(load_variants()))
def test_each_home_variant_is_judged_fairly(name: str) -> None:
    parameters = get_variant(name).parameters
    assert_fair(run_profile(Limited({key: (value,) for key, value in parameters.items()}, home_variant=name)))


def test_each_omitted_field_is_judged_fairly() -> None:
    for field in _omittable():
        selected = [vector for vector in vectors() if field in _asserted_fields(vector)]
        results = run_profile(Omitting(frozenset({field})), _with(selected))
        assert_fair(results)


def test_each_limited_parameter_is_judged_fairly() -> None:
    standard = get_variant("standard").parameters
    for name in sorted(parameter_schemas()):
        value = standard.get(name)
        if value is None:
            continue
        selected = [vector for vector in vectors() if name in (vector.depends_on or ())]
        assert_fair(run_profile(Limited({name: (value,)}), _with(selected)))


ACTED_OUT = {
    ("Q2", "b"): ("round", "table_round", "knock", "discard"),
    ("Q7", "b"): ("round", "score", "table_hand", "table_round"),
    ("Q12", "c"): ("round", "table_round"),
    ("Q19", "b"): ("round", "table_round", "score"),
    ("Q20", "b"): ("hollywood",),
    ("Q21", "b"): ("table_hand", "table_round"),
    ("Q27", "b"): ("round", "table_round"),
    ("Q27", "c"): ("round", "table_round"),
    ("Q28", "b"): ("table_game",),
    ("Q29", "b"): DEALER_KINDS,
    ("Q30", "b"): ("round", "table_round", "score"),
}
"""The readings no parameter selects that tests/masquerade_readings.py plays out, and the kinds of
question whose answers they change: every vector of those kinds is asked, so that a case whose
dependence on the question is not recorded fails."""


def test_each_reading_of_each_open_question_is_judged_fairly() -> None:
    for question, reading in _readings():
        limited = set(reading_limits({question: reading}))
        kinds = ACTED_OUT.get((question, reading), ())
        selected = [vector for vector in vectors() if question in vector.open_questions or limited & set(vector.depends_on or ()) or vector.kind in kinds]
        results = run_profile(Reading(question, reading), _with(selected))
        assert_fair(results)
        if (question, reading) in ACTED_OUT and question not in ("Q28",):  # no written case depends on Q28
            if reading in READINGS.get(question, ()):  # played by the reference engine: derived, never dropped
                derived = [result for result in results if result.origin == "derived" and result.status == "pass"]
                dropped = [result.id for result in results if result.status == "unsupported" and question in result.message]
                assert derived and not dropped, f"{question} {reading!r}: {len(derived)} derived, dropped {dropped[:5]}"
                continue
            unsupported = [result for result in results if result.status == "unsupported" and question in result.message]
            assert unsupported, f"no case was turned away for {question} {reading!r}"


def test_every_reading_no_parameter_selects_is_acted_out_or_changes_no_case() -> None:
    acted = {question for question, _ in ACTED_OUT} | {"Q31"}
    for question, register in questions().items():
        open_readings = [entry["id"] for entry in register["readings"] if not entry.get("parameters") and entry["id"] != register["default"]]
        if open_readings:
            assert question in acted or register.get("cases") == "none", question


def _played_out_without_the_wall(vector: Vector) -> tuple[dict[str, Any], dict[str, Any]]:
    """A written hand that ends void at the wall, played on without the wall (stock_dead_cards 0)
    by drawing from the stock and discarding until the stock runs out."""
    from ginspec.adapters.reference import start_of_round
    from reference_impl.actions import format_action
    from reference_impl.round import apply, legal_actions

    parameters = {**vector.parameters, "stock_dead_cards": 0}
    data = {**vector.input, "observe_after": []}
    state = start_of_round({**data, "parameters": parameters})
    actions = list(data["actions"])
    for text in actions:
        state = apply(state, text)
    while state.phase != "over":
        move = next(action for action in legal_actions(state) if action.verb not in ("knock", "big_gin") and action.source != "discard")
        actions.append(format_action(move))
        state = apply(state, move)
    return {**data, "actions": actions}, parameters


def test_a_hand_without_the_wall_that_runs_its_stock_out_depends_on_q31() -> None:
    # no written hand plays without the wall: round-7007, void at the wall, is played on to the last card
    vector = next(vector for vector in vectors() if vector.id == "round-7007")
    data, parameters = _played_out_without_the_wall(vector)
    assert open_questions_of("round", data, parameters) == ("Q31",)
    question = Question("round", data, parameters, id="no-wall")
    assert ReferenceAdapter().ask(question)["outcome"] == "void"
    assert Reading("Q31", "b").ask(question) == {"finished": False}  # the stock rebuilt, play goes on
    assert "Q31" in (Reading("Q31", "b").capabilities().reading_unsupported(("Q31",)) or "")
    assert open_questions_of("round", vector.input, vector.parameters) == ()  # with the wall: void either way


def test_a_recorded_result_whose_winner_scores_another_bonus_depends_on_q28() -> None:
    # every written result scores its winner the bonus of the variant; under a larger knock bonus
    # the same score sheets are judged on their signs only (reading a), and on the amounts too (b)
    games = [vector for vector in vectors() if vector.kind == "table_game"]
    engine = Reading("Q28", "b")
    cases = plan_cases(games, "house-s003-three", {**get_variant("house-s003-three").parameters, "knock_bonus": 15})
    results = run_cases(engine, engine.capabilities(), cases)
    assert_fair(results)
    # the reference engine plays reading b: the sheets are derived under it, never turned away
    assert not any("Q28" in result.message for result in results if result.status == "unsupported")
    assert any(result.status == "pass" and (result.expected or {}).get("error") == "invalid_hand_record" for result in results)
