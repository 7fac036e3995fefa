"""Which cases a run takes: vectors by ``--id``, ``--rule``, ``--area`` and ``--seed``, and the
scenarios tagged with the same rules in the same areas (``ginspec check``, README "Choosing
cases"). A name that matches nothing known is a usage error before any engine starts."""

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

    @property
    def runs_vectors(self) -> bool:
        return self.only != "features"

    @property
    def runs_scenarios(self) -> bool:
        """Scenarios run unless ``--only vectors``, or ``--id`` names vectors (a scenario has no ID there)."""
        return self.only != "vectors" and not self.ids

    def text(self) -> str:
        """The selection as options, for the line that says nothing matched it."""
        chosen = [f"--{name} {value}" for name, values in (("id", self.ids), ("rule", self.rules), ("area", self.areas)) for value in values]
        return " ".join(chosen + ([f"--only {self.only}"] if self.only else []))


def select_vectors(vectors: Sequence[Vector], ids: Sequence[str], rules: Sequence[str], areas: Sequence[str]) -> list[Vector]:
    """The vectors with one of ``ids`` (each must exist), checking one of ``rules``, in one of ``areas``."""
    known_ids = {vector.id for vector in vectors}
    for wanted in ids:
        if wanted not in known_ids:
            raise UsageError(f"--id {quote(wanted)}: no such vector")
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
    chosen = select_vectors(everything, ids, rules, areas)
    broken = next((vector.broken_variant for vector in chosen if vector.broken_variant), None)
    if broken is not None:
        raise InvalidVariant(broken)
    if not chosen and only == "vectors":
        raise UsageError("no vector matches the selection")
    return Selection(tuple(chosen), tuple(ids), tuple(rules), tuple(areas), only)


def every_case() -> Selection:
    """Every vector and every scenario (the mutation tool's test of a mutant)."""
    from ginspec.suite.vectors import load_vectors

    return Selection(tuple(load_vectors(tolerate_broken_variants=True)))
