"""Traceability, both ways: every machine-checkable rule has scenarios and vectors; every scenario
tag and vector rule that looks like a rule ID is registered; no retired ID is back."""

from __future__ import annotations

from functools import lru_cache

import yaml

from ginspec.suite.coverage import load_scenarios, rule_coverage, unknown_rule_ids
from ginspec.suite.paths import spec_dir
from ginspec.suite.registry import rules_by_id
from ginspec.suite.yamlio import SAFE_LOADER


@lru_cache(maxsize=1)
def coverage():
    """The coverage of every rule, worked out once, by the test process that runs these tests
    (not while every process collects them)."""
    return rule_coverage()


def test_every_checkable_rule_has_a_scenario() -> None:
    missing = sorted(rule for rule, entry in coverage().items() if entry.rule.verifiable and not entry.scenarios)
    assert not missing, f"rules with no scenario: {missing}"


def test_every_checkable_rule_has_a_vector() -> None:
    missing = sorted(rule for rule, entry in coverage().items() if entry.rule.verifiable and not entry.vectors)
    assert not missing, f"rules with no vector: {missing}"


def test_every_scenario_names_registered_rules() -> None:
    assert unknown_rule_ids() == {}


def test_every_scenario_checks_at_least_one_rule() -> None:
    registered = set(rules_by_id())
    untagged = [scenario.id for scenario in load_scenarios() if not scenario.tags & registered]
    assert not untagged, f"scenarios that name no rule: {untagged}"


def test_unverifiable_rules_say_why() -> None:
    silent = [rule for rule, entry in coverage().items() if not entry.rule.verifiable and not entry.rule.unverifiable_reason]
    assert not silent


def test_retired_ids_are_not_reused() -> None:
    retired = yaml.load((spec_dir() / "retired-ids.yaml").read_text(encoding="utf-8"), Loader=SAFE_LOADER).get("retired") or []
    reused = [entry["id"] for entry in retired if entry["id"] in rules_by_id()]
    assert not reused


def test_no_rule_id_disappears_and_every_new_one_is_recorded() -> None:
    lines = (spec_dir() / "rule-ids.txt").read_text(encoding="utf-8").splitlines()
    ledger = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    retired = {entry["id"] for entry in yaml.load((spec_dir() / "retired-ids.yaml").read_text(encoding="utf-8"), Loader=SAFE_LOADER).get("retired") or []}
    registered = set(rules_by_id())
    assert not ledger - registered - retired, f"rule IDs removed without being retired: {sorted(ledger - registered - retired)}"
    assert not registered - ledger, f"new rule IDs not yet in spec/rule-ids.txt: {sorted(registered - ledger)}"
