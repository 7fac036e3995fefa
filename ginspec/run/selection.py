"""Which cases a run takes: vectors by ``--id``, ``--rule``, ``--area`` and ``--seed``, and the
scenarios tagged with the same rules in the same areas, or named by ``--id`` with their case ID
(``area/file.feature: name [example]``) (``ginspec check``, README "Choosing cases"). A name
that matches nothing known is a usage error before any engine starts; a scenario's example, which
only pytest-bdd's collection names, is checked when the scenarios are collected."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ginspec.errors import UsageError, quote
from ginspec.suite.paths import suite_root
from ginspec.suite.vectors import Vector

ONLY_CHOICES = ("vectors", "features")


@dataclass(frozen=True)
class Selection:
    """The vectors a run plays and what selects its scenarios. ``rules`` already holds the rules
    of the chosen seed statements; ``only`` is ``"vectors"``, ``"features"`` or ``None`` (both)."""

    vectors: tuple[Vector, ...]
    ids: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    areas: tuple[str, ...] = ()
    only: str | None = None
    scenario_ids: tuple[str, ...] = ()
    """The scenarios ``--id`` names (their case IDs as written); none: every scenario selected."""

    @property
    def runs_vectors(self) -> bool:
        return self.only != "features"

    @property
    def runs_scenarios(self) -> bool:
        """Scenarios run unless ``--only vectors``, or ``--id`` names only vectors."""
        return self.only != "vectors" and (not self.ids or bool(self.scenario_ids))

    def text(self) -> str:
        """The selection as options, for the line that says nothing matched it."""
        chosen = [f"--{name} {value}" for name, values in (("id", self.ids), ("rule", self.rules), ("area", self.areas)) for value in values]
        return " ".join(chosen + ([f"--only {self.only}"] if self.only else []))


def select_vectors(vectors: Sequence[Vector], ids: Sequence[str], rules: Sequence[str], areas: Sequence[str]) -> list[Vector]:
    """The vectors with one of ``ids`` (each must exist), checking one of ``rules``, in one of ``areas``."""
    known_ids = {vector.id for vector in vectors}
    for wanted in ids:
        if wanted not in known_ids:
            raise UsageError(f"--id {quote(wanted)}: no such vector{_derived_hint(wanted)}")
    chosen = list(vectors)
    if ids:
        chosen = [vector for vector in chosen if vector.id in ids]
    if rules:
        chosen = [vector for vector in chosen if set(vector.rules) & set(rules)]
    if areas:
        chosen = [vector for vector in chosen if vector.area in areas]
    return chosen


def check_areas(areas: Sequence[str], vectors: Sequence[Vector]) -> None:
    """An ``--area`` that names no rule area of the vectors or the scenarios is a usage error."""
    known = {vector.area for vector in vectors}
    features = suite_root() / "features"
    if features.is_dir():
        known |= {path.name for path in features.iterdir() if path.is_dir()}
    for area in areas:
        if area not in known:
            raise UsageError(f"--area {quote(area)}: no such rule area (known: {', '.join(sorted(known))})")


def _derived_hint(case_id: str) -> str:
    """For the ID of a case derived for a variant (``ID@variant``): how to name it instead."""
    from ginspec.judging.again import split_variant

    written, variant = split_variant(case_id)
    return f" (a case derived for {variant}: give --id {quote(written, 200)} under that variant)" if variant else ""


def is_scenario_id(case_id: str) -> bool:
    """Whether an ``--id`` names a scenario (``area/file.feature: name [example]``), not a vector."""
    return ".feature: " in case_id


def check_scenario_ids(case_ids: Sequence[str]) -> None:
    """Each scenario ID names a feature file of ``features/`` and a scenario in it, else a usage
    error naming the ID (its example is checked when the scenarios are collected)."""
    from ginspec.bdd.scenario_ids import split_scenario_id
    from ginspec.suite.feature_files import parse_feature

    folder = suite_root() / "features"
    for case_id in case_ids:
        feature, name, _ = split_scenario_id(case_id)
        path = folder / feature
        if not path.is_file() or not path.resolve().is_relative_to(folder.resolve()):
            raise UsageError(f"--id {quote(case_id, 200)}: no such scenario (no feature file {quote(feature)} in features/)")
        if name not in {scenario.name for scenario in parse_feature(path, suite_root()).scenarios}:
            why = _derived_hint(case_id) or f" (none named {quote(name, 200)} in {feature})"
            raise UsageError(f"--id {quote(case_id, 200)}: no such scenario{why}")


def choose_cases(
    ids: Sequence[str] = (), rules: Sequence[str] = (), areas: Sequence[str] = (), seeds: Sequence[str] = (), only: str | None = None
) -> Selection:
    """The selection of ``ginspec check``: unknown areas, rule IDs (or expressions), vector IDs and
    seed statements are refused in one line, and so is a variant file that a chosen vector needs
    but cannot be read, and ``--only vectors`` when no vector matches."""
    from ginspec.judging.rule_selection import check_rule_ids
    from ginspec.suite.seeds import rules_of_statements
    from ginspec.suite.variants import InvalidVariant
    from ginspec.suite.vectors import load_vectors

    everything = load_vectors(tolerate_broken_variants=True)
    check_areas(areas, everything)
    check_rule_ids(rules)  # an expression or an unknown ID would select other scenarios than vectors
    rules = list(rules) + [rule for rule in rules_of_statements(seeds) if rule not in rules]
    scenario_ids = [wanted for wanted in ids if is_scenario_id(wanted)]
    check_scenario_ids(scenario_ids)
    vector_ids = [wanted for wanted in ids if wanted not in scenario_ids]
    chosen = select_vectors(everything, vector_ids, rules, areas) if vector_ids or not ids else []
    broken = next((vector.broken_variant for vector in chosen if vector.broken_variant), None)
    if broken is not None:
        raise InvalidVariant(broken)
    if not chosen and only == "vectors":
        raise UsageError("no vector matches the selection")
    return Selection(tuple(chosen), tuple(ids), tuple(rules), tuple(areas), only, tuple(scenario_ids))


def every_case() -> Selection:
    """Every vector and every scenario (the mutation tool's test of a mutant)."""
    from ginspec.suite.vectors import load_vectors

    return Selection(tuple(load_vectors(tolerate_broken_variants=True)))
