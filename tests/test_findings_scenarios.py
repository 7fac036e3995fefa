"""Findings for failing scenarios: the question a scenario's failing step judged is asked again of
the reference engine with each known defect in force, so that an engine with several defects gets
one finding per defect, its failing scenarios among the cases of the defect that explains them
(ginspec/judging/diagnosis/scenarios.py, ginspec/bdd/scenario_answers.py)."""

from __future__ import annotations

from typing import Sequence

import pytest

from ginspec.adapters.base import Capabilities
from ginspec.judging.diagnosis import findings_for
from ginspec.judging.diagnosis.dictionary import known_defects
from ginspec.judging.diagnosis.hypotheses import Predictions
from ginspec.judging.diagnosis.scenarios import posed_case
from ginspec.bdd.features import run_features
from ginspec.adapters.miniatures import MINIATURES, CombinedAdapter
from ginspec.judging.runner import run_cases
from ginspec.suite.variants import get_variant
from tests.multi_defect import cases_for

AREAS = ("equipment", "game", "scoring", "gin")
"""The feature folders run against each engine (the whole of them takes too long here)."""


def _check(names: Sequence[str]) -> tuple[list, list]:
    """What ``ginspec check`` runs for an engine with the miniature defects ``names``: vectors
    and scenarios; and its findings."""
    combination = [MINIATURES[name] for name in names]
    engine = "miniature:" + "+".join(names)
    adapter = CombinedAdapter(combination)
    capabilities = adapter.capabilities()
    results = run_cases(adapter, capabilities, cases_for(combination)) + run_features(engine, areas=AREAS)
    return results, findings_for(results, capabilities, None, engine)


@pytest.mark.parametrize("names", [("ace-counts-eleven", "no-game-bonus"), ("gin-bonus-twenty", "tie-is-a-draw", "loser-boxes-lost")])
def test_an_engine_with_several_defects_gets_one_finding_per_defect_its_failing_scenarios_included(names: tuple[str, ...]) -> None:
    results, findings = _check(names)
    failing_scenarios = {result.id for result in results if result.kind == "scenario" and result.status == "fail"}
    assert failing_scenarios, "the defects must fail some scenario, or this proves nothing"
    assert [finding.defect for finding in findings if not finding.explained] == [], [(finding.title, finding.cases[:3]) for finding in findings]
    assert sorted(finding.defect for finding in findings) == sorted(names)
    explained = {case for finding in findings for case in finding.cases}
    assert failing_scenarios <= explained


def test_a_failing_scenario_keeps_the_question_its_step_judged_and_the_fields_read() -> None:
    results = run_features("miniature:ace-counts-eleven", areas=["equipment"])
    failing = [result for result in results if result.status == "fail"]
    assert failing and all(result.asked is None for result in results if result.status != "fail")
    for result in failing:
        assert result.asked["kind"] and result.asked["parameters"]["hand_size"] == 10
        assert result.asked["answer"] and len(result.asked["answer"]) <= 4  # only the fields the steps read
    ace = next(result for result in failing if result.id.endswith("[Ac-1]"))
    assert ace.asked["answer"]["deadwood"] == 11 and ace.asked["kind"] == "deadwood"


def _scenario(answer: dict, hand: str = "Ac 2d 4h 6s 8c Td Qh Ks 3c 5d") -> dict:
    parameters = dict(get_variant("standard").parameters)
    return {
        "id": "equipment/cards.feature: made up", "kind": "scenario", "status": "fail", "rules": ("CARD-VALUES",),
        "area": "equipment", "variant": "standard", "origin": "written", "depends_on": (), "expected": None, "observed": None,
        "input": {"hand": hand}, "asked": {"kind": "deadwood", "parameters": parameters, "answer": answer, "missing": []},
    }


def _explaining(record: dict) -> set[str]:
    from ginspec.judging.diagnosis.findings import _diagnose_failures

    capabilities = Capabilities(engine="made up", version="1")
    (failure,) = _diagnose_failures([record], capabilities, Predictions(known_defects()))
    return failure.explained_by


def test_a_defect_explains_a_scenario_only_with_the_engine_s_own_wrong_values() -> None:
    # the reference counts 1+2+4+6+8+10+10+10+3+5 = 59; an ace of eleven makes 69
    assert "ace-counts-eleven" in _explaining(_scenario({"deadwood": 69}))
    assert "ace-counts-eleven" not in _explaining(_scenario({"deadwood": 70}))
    assert _explaining(_scenario({"deadwood": 59})) == set()  # no departure: nothing to explain


def test_a_scenario_whose_question_is_not_kept_is_grouped_by_its_rules() -> None:
    record = {**_scenario({"deadwood": 69}), "asked": None}
    assert posed_case(record, Capabilities(engine="made up", version="1")) is None
    (finding,) = findings_for([record], Capabilities(engine="made up", version="1"), None, "made up")
    assert not finding.explained and finding.rules[0] == "CARD-VALUES"
