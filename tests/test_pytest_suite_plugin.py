"""``pytest --ginspec-engine`` in a project of its own: vectors and scenarios as items with
readable IDs and rule markers, expectations, pytest-xdist, JUnit, and zero cases as a failure.

Each test runs pytest in a throwaway project outside this repository, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SERVED = f"exec:{sys.executable} -m ginspec.serve"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "their-project"
    folder.mkdir()
    (folder / "test_own.py").write_text("def test_their_own():\n    assert 2 + 2 == 4\n", encoding="utf-8")
    return folder


def run_pytest(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # only for the deliberately wrong engines of tests/engines
    env.pop("GINSPEC_ROOT", None)
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, env=env, cwd=project)


def junit_cases(path: Path) -> dict[str, ET.Element]:
    return {f"{case.get('classname')}::{case.get('name')}": case for case in ET.parse(path).getroot().iter("testcase")}


def test_a_rule_marker_selects_its_vectors_and_scenarios_with_readable_ids(project: Path) -> None:
    junit = project / "junit.xml"
    result = run_pytest(project, "--ginspec-engine", SERVED, "-m", "LAYOFF-CHAIN", "--junitxml", str(junit), "-rA")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    assert "PASSED ginspec::vectors::layoff::layoff-" in result.stdout
    assert "PASSED ginspec::scenarios::test_" in result.stdout
    cases = junit_cases(junit)
    suite = {prop.get("name"): prop.get("value") for prop in ET.parse(junit).getroot().iter("property")}
    assert suite["ginspec_suite_content"].startswith("sha256:") and suite["ginspec_suite_version"]
    assert all(name.startswith("ginspec.") for name in cases), "-m leaves out the project's own test"
    vector = next(case for name, case in cases.items() if name.startswith("ginspec.vectors.layoff::"))
    assert "LAYOFF-CHAIN" in [prop.get("value") for prop in vector.iter("property") if prop.get("name") == "rule"]


def test_a_departure_fails_with_expected_and_observed_and_a_listed_one_is_expected(project: Path) -> None:
    engine = "tests.engines.wrong:AceCountsEleven"
    result = run_pytest(project, "--ginspec-engine", engine, "-k", "deadwood and vectors", "-x")
    assert result.returncode == 1
    failed = next(line.split()[1] for line in result.stdout.splitlines() if line.startswith("FAILED ginspec::"))
    assert "expected:" in result.stdout and "observed:" in result.stdout and "DEADWOOD-COUNT" in result.stdout
    case = failed.rsplit("::", 1)[1]
    baseline = project / "expectations" / "ace-eleven.yaml"
    baseline.parent.mkdir()
    departures = [{"id": case, "kind": "bug", "reason": "counts an ace as eleven"}]
    baseline.write_text(yaml.safe_dump({"engine": "ace-eleven", "departures": departures}), encoding="utf-8")
    again = run_pytest(project, "--ginspec-engine", engine, "-k", case, "-rA")
    assert again.returncode == 0, again.stdout[-3000:]
    assert f"XFAIL {failed}" in again.stdout and "known bug: counts an ace as eleven" in again.stdout


def _passed(result: subprocess.CompletedProcess[str]) -> set[str]:
    return {line.split()[1] for line in result.stdout.splitlines() if line.startswith("PASSED ginspec::")}


def test_with_xdist_the_same_cases_run(project: Path) -> None:
    alone = run_pytest(project, "--ginspec-engine", SERVED, "-m", "MELD-RUN", "-rA")
    shared = run_pytest(project, "--ginspec-engine", SERVED, "-m", "MELD-RUN", "-rA", "-n", "2")
    assert alone.returncode == 0 and shared.returncode == 0, shared.stdout[-3000:] + shared.stderr
    assert _passed(alone) == _passed(shared)
    kinds = {case.split("::")[1] for case in _passed(alone)}
    assert len(_passed(alone)) > 50 and kinds == {"vectors", "scenarios"}, kinds


def test_selecting_no_case_of_the_suite_fails_even_when_the_project_passes(project: Path) -> None:
    result = run_pytest(project, "--ginspec-engine", "reference", "-k", "their_own")
    assert result.returncode == 1
    assert "no case of the suite was checked" in result.stdout


def test_an_unknown_variant_is_refused_in_one_line(project: Path) -> None:
    result = run_pytest(project, "--ginspec-engine", "reference", "--ginspec-variant", "no-such-variant")
    assert result.returncode == 4
    assert "unknown variant 'no-such-variant'" in result.stderr


def test_without_the_option_the_plugin_adds_nothing(project: Path) -> None:
    result = run_pytest(project)
    assert result.returncode == 0
    assert "1 passed" in result.stdout and "ginspec" not in result.stdout


def test_in_this_checkout_the_option_points_to_engine() -> None:
    result = run_pytest(ROOT, "--ginspec-engine", "reference", "tests/test_cards.py")
    assert result.returncode == 4
    assert "use --engine" in result.stderr
