"""Scores per module, the list of equivalent mutants, and the scores file.

A module's score is ``killed / (total - equivalent)``: an equivalent mutant (one no input can
tell apart from the engine, listed in ``detection/equivalent-mutants.yaml`` with its reason) is
neither a kill nor a survivor. Its strict score is ``killed / total``, every mutant counted, so
that a list of equivalents grown too freely cannot raise it. A listed mutant that the suite kills
is not equivalent: the list is stale, and the mutant counts as killed.

The scores file (``detection/mutation-scores.yaml``) has exactly these keys: ``date`` (UTC, ISO
8601), ``mutants`` (how many mutants the run judged), ``sample`` (``null`` for the full set, else
``size``, ``seed`` and ``of``, the full set's size) and ``modules``, each module's ``killed``,
``survived``, ``equivalent``, ``total``, ``score`` (a fraction, 4 decimals; ``null`` when the
module has no mutant that is not equivalent) and ``strict`` (killed of all, 4 decimals).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import yaml

from ginspec.errors import SuiteError
from ginspec.suite.files import write_atomic
from ginspec.detection.mutation.operators import OPERATORS, Mutant
from ginspec.detection.mutation.pool import Outcome
from ginspec.suite.yamlio import load_yaml

EQUIVALENT_FIELDS = ("module", "function", "operator", "original", "mutated", "occurrence", "reason")


class InvalidEquivalents(SuiteError):
    """The list of equivalent mutants is malformed."""


@dataclass(frozen=True)
class Equivalent:
    """One listed equivalent mutant and why no input can tell it apart."""

    module: str
    function: str
    operator: str
    original: str
    mutated: str
    occurrence: int
    reason: str

    @property
    def identity(self) -> str:
        return f"{self.module}:{self.function}:{self.operator}:{self.original} -> {self.mutated}#{self.occurrence}"


def load_equivalents(path: Path) -> dict[str, Equivalent]:
    """The listed equivalent mutants by identity (an absent file lists none)."""
    if not path.exists():
        return {}
    data = load_yaml(path, InvalidEquivalents)
    entries = (data or {}).get("equivalent", []) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise InvalidEquivalents(f"{path}: expected a mapping with a list 'equivalent'")
    found: dict[str, Equivalent] = {}
    for number, entry in enumerate(entries, 1):
        where = f"{path}: entry {number}"
        if not isinstance(entry, dict):
            raise InvalidEquivalents(f"{where}: expected a mapping")
        unknown = sorted(set(entry) - set(EQUIVALENT_FIELDS))
        missing = [name for name in EQUIVALENT_FIELDS if name not in entry and name != "occurrence"]
        if unknown:
            raise InvalidEquivalents(f"{where}: unknown key {unknown[0]!r}")
        if missing:
            raise InvalidEquivalents(f"{where}: missing key {missing[0]!r}")
        if entry["operator"] not in OPERATORS:
            raise InvalidEquivalents(f"{where}: {entry['operator']!r} is not a mutation operator")
        if not str(entry["reason"]).strip():
            raise InvalidEquivalents(f"{where}: the reason is empty")
        equivalent = Equivalent(
            str(entry["module"]), str(entry["function"]), str(entry["operator"]), str(entry["original"]),
            str(entry["mutated"]), int(entry.get("occurrence", 0)), " ".join(str(entry["reason"]).split()),
        )
        if equivalent.identity in found:
            raise InvalidEquivalents(f"{where}: listed twice: {equivalent.identity}")
        found[equivalent.identity] = equivalent
    return found


@dataclass(frozen=True)
class ModuleScore:
    module: str
    killed: int
    survived: int
    equivalent: int
    total: int

    @property
    def score(self) -> float | None:
        judged = self.total - self.equivalent
        return round(self.killed / judged, 4) if judged else None

    @property
    def strict(self) -> float | None:
        """Killed of all the mutants, the equivalent ones included."""
        return round(self.killed / self.total, 4) if self.total else None

    def to_data(self) -> dict[str, Any]:
        return {
            "killed": self.killed, "survived": self.survived, "equivalent": self.equivalent, "total": self.total,
            "score": self.score, "strict": self.strict,
        }


def is_equivalent(outcome: Outcome, equivalents: Mapping[str, Equivalent]) -> bool:
    """A survivor that the list names (a killed mutant is never equivalent)."""
    return not outcome.killed and outcome.mutant.identity in equivalents


def module_scores(outcomes: Sequence[Outcome], equivalents: Mapping[str, Equivalent], modules: Iterable[str]) -> list[ModuleScore]:
    scores = []
    for module in modules:
        mine = [outcome for outcome in outcomes if outcome.mutant.module == module]
        killed = sum(outcome.killed for outcome in mine)
        equivalent = sum(is_equivalent(outcome, equivalents) for outcome in mine)
        scores.append(ModuleScore(module, killed, len(mine) - killed - equivalent, equivalent, len(mine)))
    return scores


def overall(scores: Sequence[ModuleScore]) -> ModuleScore:
    return ModuleScore(
        "all", sum(s.killed for s in scores), sum(s.survived for s in scores), sum(s.equivalent for s in scores), sum(s.total for s in scores)
    )


def survivors(outcomes: Sequence[Outcome], equivalents: Mapping[str, Equivalent]) -> list[Outcome]:
    """The mutants that survived and are not listed as equivalent."""
    return [outcome for outcome in outcomes if not outcome.killed and not is_equivalent(outcome, equivalents)]


def stale_equivalents(outcomes: Sequence[Outcome], equivalents: Mapping[str, Equivalent]) -> list[Mutant]:
    """Listed mutants that the suite kills: they are not equivalent."""
    return [outcome.mutant for outcome in outcomes if outcome.killed and outcome.mutant.identity in equivalents]


def scores_data(scores: Sequence[ModuleScore], judged: int, sample: Mapping[str, Any] | None, now: datetime.datetime | None = None) -> dict[str, Any]:
    moment = (now or datetime.datetime.now(datetime.timezone.utc)).replace(microsecond=0)
    return {
        "date": moment.isoformat().replace("+00:00", "Z"),
        "mutants": judged,
        "sample": dict(sample) if sample is not None else None,
        "modules": {score.module: score.to_data() for score in scores},
    }


def write_scores(path: Path, data: Mapping[str, Any]) -> None:
    header = "# Mutation scores of reference_impl/ with the suite as the test (python -m ginspec.detection.mutation --write).\n"
    write_atomic(path, header + yaml.safe_dump(dict(data), sort_keys=False))
