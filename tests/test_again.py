"""The command printed to run one failing case again (``again:``) is valid and runs that case
alone: checked by running it, for a scenario with an example, and for a vector derived for a
variant."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import tests.test_features as bound
from ginspec.judging.again import again_command, scenario_node_id, scenario_test_names, split_variant
from ginspec.bdd.features import _scenario_of_function
from ginspec.suite.paths import suite_root
from ginspec.judging.report import reproduce_command
from ginspec.judging.runner import CaseResult

ROOT = Path(__file__).resolve().parent.parent
WRONG = "tests.engines.several_defects:SeveralDefects"
SCENARIO = "game/bonuses.feature: Extra boxes for gin, big gin and the undercut [false-3-75-280-1-25-55-225]"
"""A scenario the engine above fails (its gin bonus is 20, not 25): a comma in its name, an example."""


def _run(command: str) -> subprocess.CompletedProcess[str]:
    words = shlex.split(command)
    program = [sys.executable, "-m", "pytest"] if words[0] == "pytest" else [sys.executable, "-m", "ginspec"]
    return subprocess.run(program + words[1:], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_every_scenario_node_id_names_the_test_bound_to_it() -> None:
    folder = suite_root() / "features"
    names = scenario_test_names()
    assert len(names) > 200
    for (feature, name), test_name in names.items():
        scenario = _scenario_of_function(getattr(bound, test_name))
        assert scenario is not None, test_name
        assert (Path(scenario.feature.filename).relative_to(folder).as_posix(), scenario.name) == (feature, name)


def test_case_ids_are_split_into_case_and_variant() -> None:
    assert split_variant("DW-001@openspiel") == ("DW-001", "openspiel")
    assert split_variant("melds/x.feature: A run [Ac 2c] @rlcard") == ("melds/x.feature: A run [Ac 2c]", "rlcard")
    assert split_variant("DW-001") == ("DW-001", None)
    assert scenario_node_id(SCENARIO) == "tests/test_features.py::test_extra_boxes_for_gin_big_gin_and_the_undercut[false-3-75-280-1-25-55-225]"


def test_the_command_for_a_failing_scenario_runs_it_alone() -> None:
    result = CaseResult(SCENARIO, "game", ("GIN-BONUS",), "scenario", "standard", "fail", None, None, "", 0.0)
    command = reproduce_command(result, WRONG)
    run = _run(command)  # as printed: the project's pytest options, xdist workers included
    output = run.stdout + run.stderr
    assert "INTERNALERROR" not in output and "ERROR" not in output, output[-3000:]
    assert run.returncode == 1 and "1 failed" in output and "passed" not in output, output[-3000:]


def test_the_command_for_a_derived_vector_runs_it_alone(tmp_path: Path) -> None:
    command = again_command("scoring-0051@oklahoma", "score", "reference")
    assert "@" not in command
    run = _run(command + f" --report {tmp_path / 'again.json'}")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith("1 passed, 0 failed, 0 expected failures, 0 unsupported"), run.stdout
    assert "scoring-0051@oklahoma" in (tmp_path / "again.json").read_text(encoding="utf-8")
