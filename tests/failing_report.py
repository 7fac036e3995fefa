"""The report of an engine that fails hundreds of cases, for the site's tests: the engine with
several miniature defects at once (``tests/engines/several_defects.py``) run on every vector, one
case failing with a long unbroken message, and findings in the JSON report's shape.

The findings here are a fixture (the failing cases grouped by their first rule, the smallest
first), not the diagnosis of :mod:`ginspec.judging.diagnosis`, which takes most of a minute on this many
cases: these tests are about how a failing engine's page reads, not about which findings it has."""

from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import replace
from typing import Any
from unittest import mock

from ginspec.judging.again import again_command
from ginspec.judging.report import build_report
from ginspec.judging.runner import CaseResult, plan_cases, run_cases
from ginspec.suite.vectors import load_vectors
from tests.engines.several_defects import SeveralDefects

FAILING_ENGINE = "several-defects"
ENGINE_OPTION = "tests.engines.several_defects:SeveralDefects"
LONG_TOKEN = "java.lang.IllegalStateException:" + "x" * 300
"""An error message without a space in it, far wider than a phone."""
CRASH_DEPARTURE = "The engine fails with java.lang.IllegalStateException: a state it cannot reach."
"""The first departure of the crash's finding, as a finding no known defect explains gives it."""
OUTLINE_CASE = "equipment/cards.feature: Each rank has its value [Ac-1]"
"""A failing example of a scenario outline: its ID holds the example's values in brackets, which a
page shows as a reader's words."""


@functools.lru_cache(maxsize=None)
def failing_engine_report() -> dict[str, Any]:
    adapter = SeveralDefects()
    capabilities = adapter.capabilities()
    results = run_cases(adapter, capabilities, plan_cases(load_vectors()))
    crashed = next(index for index, result in enumerate(results) if result.status == "pass")
    results[crashed] = replace(results[crashed], status="error", expected=None, observed=None, message=LONG_TOKEN)
    outline = CaseResult(
        id=OUTLINE_CASE, area="equipment", rules=("CARD-VALUES", "DEADWOOD-COUNT"), kind="scenario", variant="standard", status="fail",
        expected={"deadwood": 1}, observed={"deadwood": 11}, message="deadwood: expected 1, observed 11", seconds=0.0, input={"hand": "Ac"},
    )
    results.append(outline)
    with mock.patch("ginspec.judging.diagnosis.findings_for", return_value=[]):
        report = build_report(capabilities, None, results, ENGINE_OPTION)
    by_rule: dict[str, list[Any]] = defaultdict(list)
    for result in results:
        if result.status == "fail" and result is not outline:
            by_rule[result.rules[0] if result.rules else "none"].append(result)
    crash = results[crashed]
    report["findings"] = [
        {
            "title": "The engine crashes", "rules": list(crash.rules), "cases": [crash.id], "count": 1, "smallest": crash.id,
            "again": again_command(crash.id, ENGINE_OPTION), "defect": None, "explained": False,
            "departure": CRASH_DEPARTURE,
        }
    ] + [
        {
            "title": "An ace counts eleven", "rules": list(outline.rules), "cases": [outline.id], "count": 1, "smallest": outline.id,
            "again": again_command(outline.id, ENGINE_OPTION), "defect": None, "explained": False,
        }
    ] + [
        {
            "title": f"Cases of {rule} answered wrong",
            "rules": [rule],
            "cases": [result.id for result in cases],
            "count": len(cases),
            "smallest": min(cases, key=lambda result: len(str(result.input))).id,
            "again": again_command(min(cases, key=lambda result: len(str(result.input))).id, ENGINE_OPTION),
            "defect": None,
            "explained": False,
        }
        for rule, cases in sorted(by_rule.items(), key=lambda item: -len(item[1]))
    ]
    return report
