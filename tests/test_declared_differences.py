"""Declared differences (``footer.by_rule``): a case derived for the run's variant and passed
counts for the rules its changed parameters set, never for every rule it is tagged with."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ginspec.judging.report import changed_rules, rule_verdicts
from ginspec.judging.runner import CaseResult

ROOT = Path(__file__).resolve().parent.parent


def _derived(status: str, changed: tuple[str, ...]) -> CaseResult:
    return CaseResult(
        "deadwood-0001@oklahoma", "deadwood", ("CARD-VALUES", "DEADWOOD-COUNT"), "knock", "oklahoma", status, {}, {}, "", 0.0,
        origin="derived", depends_on=("knock_limit", "oklahoma"), changed=changed,
    )


def test_a_derived_case_is_a_declared_difference_of_its_changed_parameters_rules_only() -> None:
    verdicts = rule_verdicts([_derived("pass", ("knock_limit",))])
    assert verdicts["CARD-VALUES"]["declared_differences"] == 0
    assert verdicts["DEADWOOD-COUNT"]["declared_differences"] == 0
    assert verdicts["KNOCK-LIMIT"]["declared_differences"] == 1
    assert verdicts["CARD-VALUES"]["passed"] == 1, "the case still counts as passed for its own rules"


def test_a_failing_derived_case_is_no_declared_difference() -> None:
    verdicts = rule_verdicts([_derived("fail", ("knock_limit",))])
    assert all(row["declared_differences"] == 0 for row in verdicts.values())


def test_changed_parameters_name_their_rules() -> None:
    assert changed_rules(["knock_limit", "oklahoma"]) == ["KNOCK-LIMIT", "OKLA-KNOCK-CARD"]
    assert changed_rules(["penalty_totals"]) == [], "a parameter whose description names no rule sets none"


def test_a_variant_that_changes_no_card_value_declares_no_difference_in_card_values(tmp_path: Path) -> None:
    report = tmp_path / "oklahoma.json"
    run = subprocess.run(
        [sys.executable, "-m", "ginspec", "check", "--variant", "oklahoma", "--only", "vectors", "--area", "deadwood", "--quiet", "--report", str(report)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    derived = [record for record in data["records"] if record["origin"] == "derived" and record["status"] == "pass"]
    assert derived and all(record["changed"] for record in derived)
    by_rule = data["footer"]["by_rule"]
    assert by_rule["CARD-VALUES"]["declared_differences"] == 0
    assert by_rule["KNOCK-LIMIT"]["declared_differences"] > 0
