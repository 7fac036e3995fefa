"""The seed statements (``spec/seed-map.yaml``) traced to the cases that check them.

A statement bears on registered rules; the cases that check it are the vectors and scenarios that
check one of those rules. A statement is *checkable* when one of its rules is machine-checkable,
and *executable* when it is checkable and some case checks it. ``ginspec check --seed S003-m``
runs those cases; ``ginspec coverage --seeds`` lists every statement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ginspec.suite.coverage import RuleCoverage
from ginspec.errors import InvalidRegistry, UsageError
from ginspec.suite.paths import spec_dir
from ginspec.suite.yamlio import load_yaml


@dataclass(frozen=True)
class SeedStatement:
    """One concrete statement of a seed document, quoted, with the rules it bears on."""

    id: str
    quote: str
    rules: tuple[str, ...]
    conflicts: tuple[str, ...]
    note: str

    @property
    def seed(self) -> str:
        return self.id.rsplit("-", 1)[0]


def load_statements() -> list[SeedStatement]:
    document = load_yaml(spec_dir() / "seed-map.yaml", InvalidRegistry)
    statements = []
    for entry in document["statements"]:
        conflict = entry.get("conflict") or []
        statements.append(
            SeedStatement(
                id=entry["id"],
                quote=entry["quote"],
                rules=tuple(entry["rules"]),
                conflicts=tuple([conflict] if isinstance(conflict, str) else conflict),
                note=entry.get("note", ""),
            )
        )
    return statements


def rules_of_statements(ids: Sequence[str]) -> list[str]:
    """The rules of the statements named (``--seed``); an unknown statement is a usage error."""
    known = {statement.id: statement for statement in load_statements()}
    rules: list[str] = []
    for wanted in ids:
        if wanted not in known:
            raise UsageError(f"--seed {wanted!r}: no such seed statement (e.g. {next(iter(known))})")
        rules += [rule for rule in known[wanted].rules if rule not in rules]
    return rules


def statement_coverage(coverage: Mapping[str, RuleCoverage]) -> list[dict[str, Any]]:
    """Per statement: its rules, the scenarios and vectors that check them, whether it is
    checkable and whether it is executable."""
    rows = []
    for statement in load_statements():
        entries = [coverage[rule] for rule in statement.rules if rule in coverage]
        scenarios = sorted({scenario for entry in entries for scenario in entry.scenarios})
        vectors = sorted({vector for entry in entries for vector in entry.vectors})
        checkable = any(entry.rule.verifiable for entry in entries)
        rows.append(
            {
                "id": statement.id,
                "seed": statement.seed,
                "quote": statement.quote,
                "rules": list(statement.rules),
                "conflicts": list(statement.conflicts),
                "checkable": checkable,
                "executable": checkable and bool(scenarios or vectors),
                "scenarios": scenarios,
                "vectors": vectors,
            }
        )
    return rows
