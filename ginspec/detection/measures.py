"""The saved measures of the suite's detection power, under ``detection/`` in the suite root, as the
site's page on detection power reads them.

``detection/selftest.json`` is written by ``ginspec selftest`` (:mod:`ginspec.detection.selftest`): a header
(``created``, ``suite_version``, ``suite_content``), a ``summary`` (``miniatures``, ``caught``,
``blamed_first``) and one entry per miniature (``name``, ``rule``, ``area``, ``defect``, ``cases``,
``failing``, ``rule_rank``, ``rule_tied``, ``verdict``, ``blamed``: the top of its blame ranking).

``detection/mutation-scores.yaml`` is written by the mutation run over ``reference_impl/``::

    date: 2026-12-01            # when the run was made
    mutants: 1480               # mutants generated over reference_impl/
    sample: 220                 # mutants run, if only a sample was (omit, or null, for all)
    seed: 1                     # the sample's seed, if sampled
    modules:
      reference_impl.deadwood:  # each module, as the run names it
        killed: 120             # mutants some case of the suite caught
        survived: 3             # mutants no case caught
        equivalent: 2           # survivors listed in detection/equivalent-mutants.yaml
        total: 125              # killed + survived + equivalent
        score: 0.976            # killed / (total - equivalent); null when that is 0

Either file may be missing; a malformed one is refused with its name and the field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ginspec.errors import SuiteError

SELFTEST = Path("detection") / "selftest.json"
MUTATION_SCORES = Path("detection") / "mutation-scores.yaml"
MODULE_FIELDS = ("killed", "survived", "equivalent", "total", "score")


class InvalidDetectionRecord(SuiteError):
    """A file under ``detection/`` that does not have the shape the site reads."""


@dataclass(frozen=True)
class MutationScores:
    date: str
    mutants: int | None
    sample: int | None
    seed: Any
    modules: dict[str, dict[str, float | None]]


def load_selftest(root: Path) -> dict[str, Any] | None:
    """The record of the last ``ginspec selftest``, or ``None`` if there is none."""
    path = root / SELFTEST
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidDetectionRecord(f"{path}: not JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("miniatures"), list) or not isinstance(data.get("summary"), dict):
        raise InvalidDetectionRecord(f"{path}: expected an object with 'summary' and 'miniatures'")
    for index, entry in enumerate(data["miniatures"]):
        missing = [key for key in ("name", "rule", "area", "failing", "verdict", "blamed") if key not in entry]
        if missing:
            raise InvalidDetectionRecord(f"{path}: miniatures[{index}]: missing {', '.join(missing)}")
    return data


def load_mutation_scores(root: Path) -> MutationScores | None:
    """The latest mutation scores per module, or ``None`` if no mutation run is recorded."""
    from ginspec.suite.yamlio import load_yaml

    path = root / MUTATION_SCORES
    if not path.is_file():
        return None
    data = load_yaml(path, InvalidDetectionRecord)
    if not isinstance(data, Mapping) or not isinstance(data.get("modules"), Mapping):
        raise InvalidDetectionRecord(f"{path}: expected a mapping with 'modules'")
    modules: dict[str, dict[str, float | None]] = {}
    for name, row in data["modules"].items():
        if not isinstance(row, Mapping):
            raise InvalidDetectionRecord(f"{path}: modules.{name}: expected a mapping of {', '.join(MODULE_FIELDS)}")
        for key in MODULE_FIELDS:
            value = row.get(key)
            if key == "score" and value is None and row.get("total") == row.get("equivalent"):
                continue  # no mutant to kill: no score
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InvalidDetectionRecord(f"{path}: modules.{name}.{key}: expected a number, not {value!r}")
        modules[str(name)] = {key: row.get(key) for key in (*MODULE_FIELDS, "strict")}  # strict: killed of all, when recorded
    sample = data.get("sample")
    if isinstance(sample, Mapping):
        sample = sample.get("size")
    return MutationScores(str(data.get("date", "")), data.get("mutants"), sample, data.get("seed"), modules)
