"""What each scenario's answers depend on, recorded in ``features/depends-on.yaml``.

A scenario's expected answers are written in its ``Then`` steps, so the suite cannot read them as
data. It finds them by playing every scenario against the reference engine while recording each
question asked and the fields of the answer the steps read (:class:`ginspec.bdd.steps.TrackedAnswer`).
A scenario's dependence is then the union, over its questions, of the parameters that change a
field its steps read (:class:`ginspec.judging.dependence.PathProbe`).
"""

from __future__ import annotations

import contextlib
import io
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

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


def record_questions() -> list[tuple[str, Any, Any]]:
    """Play every scenario against the reference engine; every question asked, with its answer
    and the paths of it that the steps read, as (case ID, question, tracked answer)."""
    import pytest

    from ginspec.bdd import steps
    from ginspec.bdd.features import scenario_arguments

    from ginspec.errors import SuiteError
    from ginspec.suite.paths import suite_root
    from ginspec.bdd.scenario_faults import CollectionFaults

    folder = suite_root() / "features"
    if not any(folder.rglob("*.feature")):
        return []  # a suite without scenarios: nothing to record for them
    arguments = scenario_arguments("reference") + ["--variant", "own"]
    faults = CollectionFaults(folder)
    steps.RECORDING = []
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            code = pytest.main(arguments, plugins=[faults])
        records = steps.RECORDING
    finally:
        steps.RECORDING = None
    faults.raise_first()
    if code not in (0, 5):
        failed = f": {faults.failed[0]}" + (f" and {len(faults.failed) - 1} more" if len(faults.failed) > 1 else "") if faults.failed else ""
        raise SuiteError(f"the scenarios do not all pass against the reference engine{failed}")
    return records


def compute_scenario_dependence(records: list[tuple[str, Any, Any]] | None = None) -> dict[str, dict[str, tuple[str, ...]]]:
    """For every scenario that asks the engine a question: its dependence, worked out from the
    rules, and the paths of the answers its steps read."""
    from ginspec.judging.dependence import PathProbe, dependence
    from ginspec.suite.variants import load_variants

    variants = {name: variant.parameters for name, variant in load_variants().items()}
    found: dict[str, set[str]] = {}
    reads: dict[str, set[str]] = {}
    for case_id, question, answer in records if records is not None else record_questions():
        probe = PathProbe(question.kind, question.input, {}, paths=answer.leaf_paths(), baseline=dict(answer))
        found.setdefault(case_id, set()).update(dependence(probe, question.parameters, variants))
        reads.setdefault(case_id, set()).update(answer.leaf_paths())
    return {case_id: {"depends_on": tuple(sorted(found[case_id])), "reads": tuple(sorted(reads[case_id]))} for case_id in found}
