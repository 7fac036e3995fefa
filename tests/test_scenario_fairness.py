"""A scenario is as fair as a vector: it judges every step it can, and is unsupported as a whole
only when none of its steps can be judged for the engine.

An engine that declares it omits a field (capability ``omits``) is not judged on the steps that
read that field, but is judged on every other step of the scenario, so that a wrong answer there
is not hidden. A scenario that expects a refusal the engine does not declare (capability
``refuses``) is unsupported, as the vector of the same refusal is, and the question is not asked."""

from __future__ import annotations

import pytest

from ginspec.bdd.features import run_features
from ginspec.judging.runner import CaseResult, run_vectors
from ginspec.suite.vectors import load_vectors

SCORED_WITHOUT_SPREAD = "scoring/knocker-spread.feature: With no spread given, the set is taken"
"""Its steps read the defender's deadwood, then the lay-offs, then the knocker's points."""

FIRST_DEALER_P3 = "deal/impossible-first-dealer.feature: A game for two whose first dealer is p3"


def _by_id(results: list[CaseResult]) -> dict[str, CaseResult]:
    return {result.id: result for result in results}


def test_a_wrong_score_after_an_omitted_field_is_caught() -> None:
    """The engine leaves out the lay-offs it declared it omits and scores the hand a point too
    high: the points step after the lay-off step is still judged, and fails."""
    case = _by_id(run_features("tests.engines.partial:OmitsLayoffsMiscountsPoints", areas=["scoring"]))[SCORED_WITHOUT_SPREAD]
    assert case.status == "fail", (case.status, case.message)
    assert case.expected == {"winner and points": ["knocker", 35]}, case.expected
    assert case.observed == {"winner and points": ["knocker", 36]}, case.observed


def test_an_engine_that_omits_a_field_passes_on_the_steps_it_answers() -> None:
    """The faithful engine passes the scenario on its other steps; the step it cannot answer is
    named in the record, and no scenario of the area fails it."""
    results = run_features("tests.engines.partial:OmitsLayoffs", areas=["scoring", "layoff"])
    case = _by_id(results)[SCORED_WITHOUT_SPREAD]
    assert case.status == "pass", (case.status, case.message)
    assert "'layoffs'" in case.message, case.message
    assert [result.id for result in results if result.status not in ("pass", "unsupported")] == []


def test_a_scenario_none_of_whose_steps_can_be_judged_is_unsupported(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that never says which kind of meld cards are: a scenario whose one step reads
    the kind is unsupported as a whole, naming the field; none passes or fails."""
    monkeypatch.setenv("GINSPEC_LIMITED", '{"omits": ["type"]}')
    results = run_features("tests.engines.limited:LimitedEngine", areas=["melds"])
    kinds_only = [result for result in results if result.id.startswith("melds/sets-and-runs.feature: A run has no greatest length")]
    assert len(kinds_only) == 4
    assert {(result.status, result.message) for result in kinds_only} == {("unsupported", "the engine does not report 'type'")}
    assert "fail" not in {result.status for result in results}


def test_a_refusal_the_engine_does_not_declare_is_unsupported_as_for_the_vector() -> None:
    engine = "tests.engines.partial:ScoresWithoutRefusing"
    case = _by_id(run_features(engine, areas=["deal"]))[FIRST_DEALER_P3]
    from tests.engines.partial import ScoresWithoutRefusing

    vector = next(vector for vector in load_vectors() if vector.id == "malformed-0301")
    _, (vector_result,) = run_vectors(ScoresWithoutRefusing(), [vector])
    assert vector_result.status == "unsupported"
    assert case.status == "unsupported", (case.status, case.message)
    assert case.message == vector_result.message
    assert case.input is None, "the question is not asked"


def test_a_parameter_limit_turns_away_only_the_scenarios_that_depend_on_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that plays only ``dealer_rotation: winner``, checked under classic (which
    rotates the deal): a single-hand scenario written for another variant is asked under classic,
    and its answer does not depend on who deals next, so it is judged, never turned away for the
    rotation; a game scenario whose dealers follow the rotation still is."""
    monkeypatch.setenv("GINSPEC_LIMITED", '{"parameters": {"dealer_rotation": ["winner"]}}')
    results = run_features("tests.engines.limited:LimitedEngine", variant="classic", areas=["scoring", "deal"])
    turned_away = {result.id for result in results if result.status == "unsupported" and "dealer_rotation" in result.message}
    assert turned_away == {"deal/dealer-rotation.feature: The players deal in turn"}, sorted(turned_away)
    single_hand = [result for result in results if result.id.startswith("scoring/")]
    assert single_hand and {result.status for result in single_hand} == {"pass"}, [(r.id, r.status, r.message) for r in single_hand if r.status != "pass"]
