"""What each scenario's answers depend on, recorded in ``features/depends-on.yaml``.

A scenario's expected answers are written in its ``Then`` steps, so the suite cannot read them as
data. It finds them by playing every scenario against the reference engine while recording each
question asked and the fields of the answer the steps read (:class:`ginspec.bdd.steps.TrackedAnswer`).
A scenario's dependence is then the union, over its questions, of the parameters that change a
field its steps read (:class:`ginspec.dependence.PathProbe`).
"""

from __future__ import annotations

import contextlib
import io
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml

from ginspec.paths import suite_root

HEADER = (
    "# What each scenario's answers depend on: the variant parameters whose value changes a field\n"
    "# its steps check. Worked out from the rules by `ginspec dependence`; checked by\n"
    "# tests/test_dependence.py. Do not edit by hand.\n"
)


def dependence_file() -> Path:
    return suite_root() / "features" / "depends-on.yaml"


def read_scenario_dependence(path: Path | None = None) -> dict[str, tuple[str, ...]]:
    """The recorded dependence of every scenario, by case ID (empty when nothing is recorded)."""
    from ginspec.errors import InvalidVector
    from ginspec.yamlio import load_yaml

    path = path or dependence_file()
    if not path.is_file():
        return {}
    document = load_yaml(path, InvalidVector) or {}
    if not isinstance(document, dict) or not isinstance(document.get("scenarios", {}), dict):
        raise InvalidVector(f"{path.name}: expected a mapping 'scenarios' of scenario IDs to parameter lists")
    found: dict[str, tuple[str, ...]] = {}
    for name, parameters in (document.get("scenarios") or {}).items():
        if not isinstance(parameters, list) or not all(isinstance(item, str) for item in parameters):
            raise InvalidVector(f"{path.name}: {name}: the dependence is a list of parameter names")
        found[str(name)] = tuple(parameters)
    return found


@lru_cache(maxsize=1)
def recorded_dependence() -> dict[str, tuple[str, ...]]:
    return read_scenario_dependence()


def write_scenario_dependence(dependence: Mapping[str, tuple[str, ...]]) -> None:
    from ginspec.atomic import write_text_atomic

    body = yaml.safe_dump({"scenarios": {name: list(dependence[name]) for name in sorted(dependence)}}, sort_keys=False, width=200, default_flow_style=None)
    write_text_atomic(dependence_file(), HEADER + body)


def record_questions() -> list[tuple[str, Any, Any]]:
    """Play every scenario against the reference engine; every question asked, with its answer
    and the paths of it that the steps read, as (case ID, question, tracked answer)."""
    import pytest

    from ginspec.bdd import steps

    module = Path(__file__).resolve().parent / "bdd" / "suite.py"
    arguments = [
        str(module),
        "-p", "ginspec.pytest_plugin",
        "-p", "ginspec.bdd.steps",
        "-p", "ginspec.bdd.steps_play",
        "-p", "ginspec.bdd.steps_games",
        "-p", "ginspec.bdd.steps_tables",
        "-p", "no:cacheprovider",
        "--rootdir", str(suite_root()),
        "--engine", "reference",
        "--variant", "own",
        "-q",
    ]
    steps.RECORDING = []
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            code = pytest.main(arguments)
        records = steps.RECORDING
    finally:
        steps.RECORDING = None
    if code not in (0, 5):
        from ginspec.errors import SuiteError

        raise SuiteError(f"the scenarios do not all pass against the reference engine (pytest exit status {code})")
    return records


def compute_scenario_dependence(records: list[tuple[str, Any, Any]] | None = None) -> dict[str, tuple[str, ...]]:
    """The dependence of every scenario that asks the engine a question, worked out from the rules."""
    from ginspec.dependence import PathProbe, dependence
    from ginspec.variants import load_variants

    variants = {name: variant.parameters for name, variant in load_variants().items()}
    found: dict[str, set[str]] = {}
    for case_id, question, answer in records if records is not None else record_questions():
        probe = PathProbe(question.kind, question.input, {}, paths=answer.leaf_paths(), baseline=dict(answer))
        found.setdefault(case_id, set()).update(dependence(probe, question.parameters, variants))
    return {case_id: tuple(sorted(names)) for case_id, names in found.items()}
