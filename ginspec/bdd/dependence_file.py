"""``features/depends-on.yaml``: what each scenario's answers depend on, as recorded (read by the
steps and the scenario run, written by ``ginspec dependence``; worked out by
:mod:`ginspec.bdd.scenario_dependence`)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Mapping

import yaml

from ginspec.suite.paths import suite_root

HEADER = (
    "# What each scenario's answers depend on: the variant parameters whose value changes a field\n"
    "# its steps check. Worked out from the rules by `ginspec dependence`; checked by\n"
    "# tests/test_dependence.py. Do not edit by hand.\n"
)


def dependence_file() -> Path:
    return suite_root() / "features" / "depends-on.yaml"


def _read_file(path: Path | None = None) -> dict[str, dict[str, tuple[str, ...]]]:
    """The recorded entries by case ID: ``depends_on`` and ``reads`` (empty when none recorded)."""
    from ginspec.errors import InvalidVector
    from ginspec.suite.yamlio import load_yaml

    path = path or dependence_file()
    if not path.is_file():
        return {}
    document = load_yaml(path, InvalidVector) or {}
    if not isinstance(document, dict) or not isinstance(document.get("scenarios", {}), dict):
        raise InvalidVector(f"{path.name}: expected a mapping 'scenarios' of scenario IDs")
    found: dict[str, dict[str, tuple[str, ...]]] = {}
    for name, entry in (document.get("scenarios") or {}).items():
        if not isinstance(entry, dict):
            raise InvalidVector(f"{path.name}: {name}: expected depends_on and reads")
        lists = {}
        for key in ("depends_on", "reads"):
            value = entry.get(key, [])
            if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
                raise InvalidVector(f"{path.name}: {name}: {key} is a list of names")
            lists[key] = tuple(value)
        found[str(name)] = lists
    return found


def read_scenario_dependence(path: Path | None = None) -> dict[str, tuple[str, ...]]:
    """The recorded dependence of every scenario, by case ID."""
    return {name: entry["depends_on"] for name, entry in _read_file(path).items()}


@lru_cache(maxsize=1)
def recorded_dependence() -> dict[str, tuple[str, ...]]:
    return read_scenario_dependence()


@lru_cache(maxsize=1)
def recorded_reads() -> dict[str, tuple[str, ...]]:
    """The paths of the answers that each scenario's steps read (``checkpoints.3.legal``)."""
    return {name: entry["reads"] for name, entry in _read_file().items()}


def write_scenario_dependence(entries: Mapping[str, Mapping[str, tuple[str, ...]]]) -> None:
    from ginspec.suite.files import write_atomic

    document = {"scenarios": {name: {key: list(entries[name][key]) for key in ("depends_on", "reads")} for name in sorted(entries)}}
    body = yaml.safe_dump(document, sort_keys=False, width=200, default_flow_style=None)
    write_atomic(dependence_file(), HEADER + body)


def read_scenario_entries() -> dict[str, dict[str, tuple[str, ...]]]:
    return _read_file()
