"""``pytest --ginspec-engine`` in a project of its own: vectors and scenarios as items with
readable IDs and rule markers, expectations, pytest-xdist, JUnit, and zero cases as a failure.

Each test runs pytest in a throwaway project outside this repository. The runs take place in this
process (pytester's in-process mode: a fresh configuration that loads the ``pytest11`` entry
point as a user's pytest does), except where another process is what the test is about: the
pytest-xdist workers, and one run started as a program of its own in this checkout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
import yaml

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
SERVED = f"exec:{sys.executable} -m ginspec.serve"


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A project with one test of its own; pytest runs there, reading the installed suite."""
    monkeypatch.delenv("GINSPEC_ROOT", raising=False)
    pytester.makepyfile(test_own="def test_their_own():\n    assert 2 + 2 == 4\n")
    return pytester


def run_pytest(project: pytest.Pytester, *args: str) -> pytest.RunResult:
    """pytest ARGS in the project, in this process. The packages this process has imported already
    cannot be rewritten for assertions again, which pytest would warn of on every run. The project
    has no Hypothesis tests: without that plugin each pytest-xdist worker starts faster."""
    return project.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-q", "-W", "ignore::pytest.PytestAssertRewriteWarning", *args)


def junit_cases(path: Path) -> dict[str, ET.Element]:
    return {f"{case.get('classname')}::{case.get('name')}": case for case in ET.parse(path).getroot().iter("testcase")}


def test_a_rule_marker_selects_its_vectors_and_scenarios_with_readable_ids(project: pytest.Pytester) -> None:
    junit = project.path / "junit.xml"
    result = run_pytest(project, "--ginspec-engine", SERVED, "-m", "LAYOFF-CHAIN", "--junitxml", str(junit), "-rA")
    output = result.stdout.str()
    assert result.ret == 0, output[-3000:] + result.stderr.str()
    assert "PASSED ginspec::vectors::layoff::layoff-" in output
    assert "PASSED ginspec::scenarios::test_" in output
    cases = junit_cases(junit)
    suite = {prop.get("name"): prop.get("value") for prop in ET.parse(junit).getroot().iter("property")}
    assert suite["ginspec_suite_content"].startswith("sha256:") and suite["ginspec_suite_version"]
    assert all(name.startswith("ginspec.") for name in cases), "-m leaves out the project's own test"
    vector = next(case for name, case in cases.items() if name.startswith("ginspec.vectors.layoff::"))
    assert "LAYOFF-CHAIN" in [prop.get("value") for prop in vector.iter("property") if prop.get("name") == "rule"]


def test_a_departure_fails_with_expected_and_observed_and_a_listed_one_is_expected(project: pytest.Pytester) -> None:
    engine = "tests.engines.wrong:AceCountsEleven"
    result = run_pytest(project, "--ginspec-engine", engine, "-k", "deadwood and vectors", "-x")
    output = result.stdout.str()
    assert result.ret == 1, output[-3000:]
    failed = next(line.split()[1] for line in result.outlines if line.startswith("FAILED ginspec::"))
    assert "expected:" in output and "observed:" in output and "DEADWOOD-COUNT" in output
    case = failed.rsplit("::", 1)[1]
    baseline = project.path / "expectations" / "ace-eleven.yaml"
    baseline.parent.mkdir()
    departures = [{"id": case, "kind": "bug", "reason": "counts an ace as eleven"}]
    baseline.write_text(yaml.safe_dump({"engine": "ace-eleven", "departures": departures}), encoding="utf-8")
    again = run_pytest(project, "--ginspec-engine", engine, "-k", case, "-rA")
    assert again.ret == 0, again.stdout.str()[-3000:]
    assert f"XFAIL {failed}" in again.stdout.str() and "known bug: counts an ace as eleven" in again.stdout.str()


def _passed(result: pytest.RunResult) -> set[str]:
    return {line.split()[1] for line in result.outlines if line.startswith("PASSED ginspec::")}


def test_with_xdist_the_same_cases_run(project: pytest.Pytester) -> None:
    """Two worker processes collect the whole suite, which pytest-xdist requires to come out the
    same in each, and share the cases of one rule between them."""
    alone = run_pytest(project, "--ginspec-engine", SERVED, "-m", "MELD-RUN", "-rA")
    shared = run_pytest(project, "--ginspec-engine", SERVED, "-m", "MELD-RUN", "-rA", "-n", "2")
    assert alone.ret == 0 and shared.ret == 0, shared.stdout.str()[-3000:] + shared.stderr.str()
    assert "bringing up nodes" in shared.stdout.str()
    assert _passed(alone) == _passed(shared)
    kinds = {case.split("::")[1] for case in _passed(alone)}
    assert len(_passed(alone)) > 50 and kinds == {"vectors", "scenarios"}, kinds


def test_selecting_no_case_of_the_suite_fails_even_when_the_project_passes(project: pytest.Pytester) -> None:
    result = run_pytest(project, "--ginspec-engine", "reference", "-k", "their_own")
    assert result.ret == 1
    assert "no case of the suite was checked" in result.stdout.str()


def test_an_unknown_variant_is_refused_in_one_line(project: pytest.Pytester) -> None:
    result = run_pytest(project, "--ginspec-engine", "reference", "--ginspec-variant", "no-such-variant")
    assert result.ret == 4
    assert "unknown variant 'no-such-variant'" in result.stderr.str()


def test_without_the_option_the_plugin_adds_nothing(project: pytest.Pytester) -> None:
    result = run_pytest(project)
    assert result.ret == 0
    assert "1 passed" in result.stdout.str() and "ginspec" not in result.stdout.str()


def test_in_this_checkout_the_option_points_to_engine() -> None:
    """pytest as a program of its own, started in this checkout: the entry point loads beside the
    checkout's own plugin and the option is refused with status 4."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("GINSPEC_ROOT", None)
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "--ginspec-engine", "reference", "tests/test_cards.py"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600, env=env, cwd=ROOT)
    assert result.returncode == 4
    assert "use --engine" in result.stderr


@pytest.mark.parametrize("how", ["file", "folder"])
def test_a_house_variant_is_played_under_ginspec_variant(project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """``--ginspec-variant PATH.yaml`` and ``--ginspec-variants DIR``: the knock cases of a house
    variant with a knock limit of 8 are derived for it and pass against the reference engine."""
    from ginspec.suite.house_variants import FILES_VARIABLE, FOLDER_VARIABLE

    for variable in (FILES_VARIABLE, FOLDER_VARIABLE):  # each run names its own house variants, unset again after it
        monkeypatch.setenv(variable, "")
        monkeypatch.delenv(variable)
    folder = project.path / "variants"
    folder.mkdir()
    (folder / "low-knock.yaml").write_text("extends: standard\nknock_limit: 8\n", encoding="utf-8")
    chosen = ["--ginspec-variant", "variants/low-knock.yaml"] if how == "file" else ["--ginspec-variants", "variants", "--ginspec-variant", "low-knock"]
    result = run_pytest(project, "--ginspec-engine", "reference", *chosen, "-k", "knock-00 and vectors")
    assert result.ret == 0, result.stdout.str() + result.stderr.str()
    deaf = run_pytest(project, "--ginspec-engine", "tests.engines.profiles:KnockLimitTen", *chosen, "-k", "knock-00 and vectors")
    assert deaf.ret == 1, "an engine knocking at 10 fails the cases the house limit of 8 changes"
    assert "@low-knock" in deaf.stdout.str(), "the failures name the case derived for the house variant"


def test_an_engine_laying_off_for_the_defender_passes_the_replayed_hands(project: pytest.Pytester) -> None:
    """The profile of ``ginspec check`` in the plugin too: the hands with lay-offs are posed without
    them, and the reference engine laying off for the defender passes them all."""
    project.syspathinsert(ROOT)
    result = run_pytest(project, "--ginspec-engine", "tests.masquerade_engines:AutomaticLayoffs", "-k", "vectors and round", "-rf")
    assert result.ret == 0, result.stdout.str()[-3000:]
    assert result.parseoutcomes().get("passed", 0) > 100
