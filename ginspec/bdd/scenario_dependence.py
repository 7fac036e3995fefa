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
from typing import Any

from ginspec.bdd.dependence_file import (  # noqa: F401 - the file's readers, also used from here
    HEADER,
    dependence_file,
    read_scenario_dependence,
    read_scenario_entries,
    recorded_dependence,
    recorded_reads,
    write_scenario_dependence,
)


def record_questions() -> list[tuple[str, Any, Any]]:
    """Play every scenario against the reference engine; every question asked, with its answer
    and the paths of it that the steps read, as (case ID, question, tracked answer)."""
    import pytest

    from ginspec.bdd import asking, steps  # noqa: F401 - the step phrases load with the scenarios
    from ginspec.bdd.features import scenario_arguments

    from ginspec.errors import SuiteError
    from ginspec.suite.paths import suite_root
    from ginspec.bdd.scenario_faults import CollectionFaults

    folder = suite_root() / "features"
    if not any(folder.rglob("*.feature")):
        return []  # a suite without scenarios: nothing to record for them
    arguments = scenario_arguments("reference") + ["--variant", "own"]
    faults = CollectionFaults(folder)
    asking.RECORDING = []
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            code = pytest.main(arguments, plugins=[faults])
        records = asking.RECORDING
    finally:
        asking.RECORDING = None
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
