"""One loaded view of the suite: the rule registry, the variants, the vectors, the feature files,
the registers and the saved conformance reports, each read once, on first use, by its own loader
(which validates it) and then shared.

The documentation site, ``ginspec coverage`` and ``ginspec check`` read the suite through a
:class:`Suite` rather than loading files for themselves.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from ginspec.suite.coverage import RuleCoverage, ScenarioRef, rule_coverage, scenario_refs
from ginspec.suite.feature_files import FeatureFile, FeatureScenario, load_feature_files
from ginspec.suite.paths import suite_root
from ginspec.suite.registers import Registers, load_registers
from ginspec.suite.registry import Area, Rule, load_registry
from ginspec.suite.saved_reports import EngineReport, load_reports
from ginspec.suite.variants import Variant, load_house_variants, load_variants, parameter_schemas
from ginspec.suite.vectors import Vector, VectorFile, load_vector_files


class Suite:
    """The suite's data under ``root`` (default: the suite root). ``reports`` is the folder of
    saved conformance reports (default: ``$GINSPEC_SITE_REPORTS``, else ``reports/``). ``house``
    is a folder of a project's own variant files, shown beside the shipped variants (default:
    ``$GINSPEC_SITE_VARIANTS``, else none)."""

    def __init__(self, root: Path | None = None, reports: Path | None = None, house: Path | None = None) -> None:
        self.root = Path(root) if root else suite_root()
        configured = os.environ.get("GINSPEC_SITE_REPORTS")
        self.reports_dir = Path(reports) if reports else Path(configured) if configured else self.root / "reports"
        house_configured = os.environ.get("GINSPEC_SITE_VARIANTS")
        self.house_dir = Path(house) if house else Path(house_configured) if house_configured else None

    # -- the rules ---------------------------------------------------------------------------------

    @cached_property
    def areas(self) -> dict[str, Area]:
        return load_registry(self.root / "spec" / "rules")

    @cached_property
    def rules(self) -> dict[str, Rule]:
        return {rule.id: rule for area in self.areas.values() for rule in area.rules}

    @cached_property
    def registers(self) -> Registers:
        return load_registers(self.root / "spec")

    # -- the variants ------------------------------------------------------------------------------

    @cached_property
    def variants(self) -> dict[str, Variant]:
        """The shipped variants, then the house variants of :attr:`house_dir`."""
        shipped = self.root / "spec" / "variants"
        if self.house_dir is None:
            return load_variants(shipped)
        return {**load_variants(shipped), **load_house_variants(self.house_dir, shipped)}

    @cached_property
    def house_variants(self) -> frozenset[str]:
        """The names of the house variants (a project's own, from :attr:`house_dir`)."""
        return frozenset(self.variants) - frozenset(load_variants(self.root / "spec" / "variants")) if self.house_dir else frozenset()

    @cached_property
    def parameter_schemas(self) -> dict[str, Any]:
        return parameter_schemas()

    @property
    def standard(self) -> Mapping[str, Any]:
        return self.variants["standard"].parameters

    # -- the tests ---------------------------------------------------------------------------------

    @cached_property
    def vector_files(self) -> list[VectorFile]:
        return load_vector_files(self.root / "vectors")

    @cached_property
    def vectors(self) -> list[Vector]:
        return [vector for loaded in self.vector_files for vector in loaded.vectors]

    @cached_property
    def vector_by_id(self) -> dict[str, Vector]:
        return {vector.id: vector for vector in self.vectors}

    @cached_property
    def features(self) -> list[FeatureFile]:
        return load_feature_files(self.root)

    @cached_property
    def scenarios(self) -> list[ScenarioRef]:
        return scenario_refs(self.features)

    @cached_property
    def scenario_index(self) -> dict[str, tuple[FeatureFile, FeatureScenario]]:
        """Scenario IDs as the coverage and the reports write them (with or without the leading
        ``features/``, and without an example's ``[...]``), to the feature and scenario."""
        index = {}
        for feature in self.features:
            for scenario in feature.scenarios:
                index[f"{feature.path}: {scenario.name}"] = (feature, scenario)
                index[f"{feature.path.removeprefix('features/')}: {scenario.name}"] = (feature, scenario)
        return index

    def find_scenario(self, scenario_id: str) -> tuple[FeatureFile, FeatureScenario] | None:
        return self.scenario_index.get(re.sub(r" \[[^\]]*\]$", "", scenario_id))

    @cached_property
    def coverage(self) -> dict[str, RuleCoverage]:
        """:func:`ginspec.suite.coverage.rule_coverage` over the data loaded here."""
        return rule_coverage(self.vectors, self.variants, self.scenarios, self.areas)

    # -- the results -------------------------------------------------------------------------------

    @cached_property
    def reports(self) -> list[EngineReport]:
        return load_reports(self.reports_dir)

    # -- cross references --------------------------------------------------------------------------

    @cached_property
    def disputes(self) -> dict[str, list[str]]:
        """Rule ID to the conflicts, then the open questions, that name it."""
        found: dict[str, list[str]] = defaultdict(list)
        for entry in self.registers.conflicts + self.registers.questions:
            for rule in entry.get("rules", ()):
                found[rule].append(entry["id"])
        return found
