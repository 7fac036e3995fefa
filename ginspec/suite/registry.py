"""The rule registry: ``spec/rules/<area>.yaml``, every rule with its permanent ID."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ginspec.errors import InvalidRegistry
from ginspec.suite.paths import display, spec_dir
from ginspec.suite.yamlio import load_yaml


@dataclass(frozen=True)
class Rule:
    id: str
    area: str
    title: str
    statement: str
    status: str
    sources: tuple[str, ...]
    parameters: tuple[str, ...]
    verifiable: bool
    unverifiable_reason: str | None


@dataclass(frozen=True)
class Area:
    name: str
    title: str
    summary: str
    rules: tuple[Rule, ...]


def load_registry(directory: Path | None = None) -> dict[str, Area]:
    """Every rule area, by name. Schema checks live in the test suite; this reads what it needs."""
    folder = directory or spec_dir() / "rules"
    areas: dict[str, Area] = {}
    for path in sorted(folder.glob("*.yaml")):
        document = load_yaml(path, InvalidRegistry)
        try:
            rules = tuple(
                Rule(
                    id=entry["id"],
                    area=document["area"],
                    title=entry["title"],
                    statement=" ".join(entry["statement"].split()),
                    status=entry["status"],
                    sources=tuple(entry.get("sources", ())),
                    parameters=tuple(entry.get("parameters", ())),
                    verifiable=entry.get("verifiable", True),
                    unverifiable_reason=entry.get("unverifiable_reason"),
                )
                for entry in document["rules"]
            )
            areas[document["area"]] = Area(document["area"], document["title"], document.get("summary", ""), rules)
        except (KeyError, TypeError) as exc:
            raise InvalidRegistry(f"{display(path)}: malformed rule entry ({exc})") from None
    return areas


@lru_cache(maxsize=None)
def rules_by_id() -> dict[str, Rule]:
    return {rule.id: rule for area in load_registry().values() for rule in area.rules}
