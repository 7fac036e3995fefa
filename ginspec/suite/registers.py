"""The registers beside the rules: the sources (``spec/sources.yaml``), the statements of the seed
documents (``spec/seed-map.yaml``), the conflicts (``spec/conflicts.yaml``) and the open questions
(``spec/ambiguities.yaml``). Their schemas are checked by the test suite; this reads what the
site and the links between entries need."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ginspec.errors import InvalidRegistry
from ginspec.suite.paths import display, spec_dir
from ginspec.suite.yamlio import load_yaml


@dataclass(frozen=True)
class Registers:
    sources: tuple[dict[str, Any], ...]
    statements: tuple[dict[str, Any], ...]
    conflicts: tuple[dict[str, Any], ...]
    questions: tuple[dict[str, Any], ...]

    @property
    def source_codes(self) -> frozenset[str]:
        return frozenset(source["code"] for source in self.sources)

    @property
    def statement_ids(self) -> frozenset[str]:
        return frozenset(statement["id"] for statement in self.statements)


def _entries(path: Path, key: str, required: bool = True) -> tuple[dict[str, Any], ...]:
    if not required and not path.exists():
        return ()
    document = load_yaml(path, InvalidRegistry)
    entries = document.get(key) if isinstance(document, dict) else None
    if not isinstance(entries, list):
        raise InvalidRegistry(f"{display(path)}: no list {key!r}")
    return tuple(entries)


def load_registers(directory: Path | None = None) -> Registers:
    """The four registers of ``spec/``; the seed map may be absent."""
    folder = directory or spec_dir()
    return Registers(
        sources=_entries(folder / "sources.yaml", "sources"),
        statements=_entries(folder / "seed-map.yaml", "statements", required=False),
        conflicts=_entries(folder / "conflicts.yaml", "conflicts"),
        questions=_entries(folder / "ambiguities.yaml", "questions"),
    )
