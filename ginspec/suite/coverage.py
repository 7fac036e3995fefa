"""Traceability between rules, scenarios and vectors: which rules are tested where.

A scenario's rules are its tags that are registered rule IDs (tags on the Feature line apply to
every scenario in it); a vector's rules are its ``rules`` list.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ginspec.suite.feature_files import FeatureFile, load_feature_files
from ginspec.suite.paths import suite_root
from ginspec.suite.registry import Area, Rule, load_registry
from ginspec.suite.variants import load_variants
from ginspec.suite.vectors import load_vectors


@dataclass(frozen=True)
class ScenarioRef:
    id: str
    file: str
    tags: frozenset[str]


@dataclass
class RuleCoverage:
    rule: Rule
    scenarios: list[str] = field(default_factory=list)
    vectors: list[str] = field(default_factory=list)
    tested_under: set[str] = field(default_factory=set)
    changed_by: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.rule.id,
            "area": self.rule.area,
            "title": self.rule.title,
            "status": self.rule.status,
            "verifiable": self.rule.verifiable,
            "unverifiable_reason": self.rule.unverifiable_reason,
            "scenarios": self.scenarios,
            "vectors": self.vectors,
            "tested_under": sorted(self.tested_under),
            "changed_by": self.changed_by,
        }


def features_dir() -> Path:
    return suite_root() / "features"


def load_scenarios(directory: Path | None = None) -> list[ScenarioRef]:
    """Every scenario of every feature file, with its tags (the feature's tags included)."""
    root = directory.parent if directory is not None else suite_root()
    return scenario_refs(load_feature_files(root))


def scenario_refs(features: list[FeatureFile]) -> list[ScenarioRef]:
    """The scenarios of feature files already read, as the coverage and the reports name them."""
    return [
        ScenarioRef(id=f"{feature.path}: {scenario.name}", file=feature.path, tags=frozenset(scenario.tags))
        for feature in features
        for scenario in feature.scenarios
    ]


def variants_changing(parameters: tuple[str, ...], variants: dict[str, Any] | None = None) -> list[str]:
    """Variants that set one of ``parameters`` to a value other than the standard one."""
    variants = variants if variants is not None else load_variants()
    standard = variants["standard"].parameters
    return sorted(
        name for name, variant in variants.items() if any(variant.parameters.get(key) != standard.get(key) for key in parameters)
    )


def rule_coverage(
    vectors: list[Any] | None = None,
    variants: dict[str, Any] | None = None,
    scenarios: list[ScenarioRef] | None = None,
    registry: dict[str, Area] | None = None,
) -> dict[str, RuleCoverage]:
    """Rule by rule: its scenarios, vectors and variants. Callers that have already loaded the
    vectors, variants, scenarios or registry (:class:`ginspec.suite.loaded.Suite`) pass them in."""
    registry = registry if registry is not None else load_registry()
    coverage = {rule.id: RuleCoverage(rule) for area in registry.values() for rule in area.rules}
    variants = variants if variants is not None else load_variants()
    variant_names = set(variants)
    for scenario in scenarios if scenarios is not None else load_scenarios():
        for tag in scenario.tags:
            if tag in coverage:
                coverage[tag].scenarios.append(scenario.id)
                coverage[tag].tested_under.update((scenario.tags & variant_names) or {"standard"})
    for vector in vectors if vectors is not None else load_vectors():
        for rule in vector.rules:
            if rule in coverage:
                coverage[rule].vectors.append(vector.id)
                coverage[rule].tested_under.add(vector.variant + ("+overrides" if vector.overrides else ""))
    for entry in coverage.values():
        entry.changed_by = variants_changing(entry.rule.parameters, variants)
    return coverage


def unknown_rule_ids() -> dict[str, list[str]]:
    """Scenario tags that look like rule IDs, and vector rule IDs, that are not registered."""
    registered = {rule.id for area in load_registry().values() for rule in area.rules}
    problems: dict[str, list[str]] = defaultdict(list)
    for scenario in load_scenarios():
        for tag in scenario.tags:
            if tag.isupper() or (tag[:1].isupper() and "-" in tag):
                if tag not in registered:
                    problems[scenario.id].append(tag)
    return dict(problems)
