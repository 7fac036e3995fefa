"""The CI recipe of ``docs/guide/ci.md``, run as written: it checks an engine, writes JUnit,
Markdown and JSON reports, fails on a departure, and passes once the departure is in the baseline.

The install line finds ginspec already installed here; ``.ci/run`` runs the same recipe with a
freshly built wheel in an empty virtual environment. Once the recipe has shown that the job's status
is the check's, a baseline with a departure missing is checked by the recipe's command run in this
process (:mod:`tests.in_process`)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import yaml

from tests.in_process import ginspec

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "guide" / "ci.md"


def recipe() -> str:
    match = re.search(r"<!-- ci-recipe -->\n```sh\n(.*?)\n```", GUIDE.read_text(encoding="utf-8"), re.S)
    assert match, "docs/guide/ci.md has the recipe after <!-- ci-recipe -->"
    return match.group(1)


ARGS = "--only vectors --area deadwood"
"""GINSPEC_ARGS of these runs: the vectors of one rule area."""


def recipe_check(engine: str, reports: Path) -> list[str]:
    """The arguments the recipe gives ``ginspec check``, with its variables set as in these runs."""
    match = re.search(r"^ginspec (check .*?) \|\| status=", recipe().replace("\\\n", " "), re.M)
    assert match, "the recipe runs ginspec check and keeps its status"
    line = match.group(1).replace("$ENGINE", engine).replace("${GINSPEC_ARGS:-}", ARGS).replace("$OUT", str(reports))
    return shlex.split(line)


def run_recipe(project: Path, engine: str, **env: str) -> subprocess.CompletedProcess[str]:
    script = project / "ginspec-ci.sh"
    script.write_text(recipe() + "\n", encoding="utf-8")
    variables = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}
    variables.pop("GINSPEC_ROOT", None)
    # pip's check of every installed package against the others only ever warns, and this
    # environment holds many more packages than a CI job: the value sets pip's
    # warn_about_conflicts, which is what --no-warn-conflicts turns off
    variables["PIP_NO_WARN_CONFLICTS"] = "0"
    variables.update({"GINSPEC_ENGINE": engine, "GINSPEC_ARGS": ARGS, **env})
    return subprocess.run(["sh", str(script)], capture_output=True, text=True, timeout=600, env=variables, cwd=project)


def test_the_recipe_fails_on_a_departure_and_passes_once_it_is_in_the_baseline(tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    engine = "tests.engines.wrong:AceCountsEleven"
    first = run_recipe(tmp_path, engine, GITHUB_STEP_SUMMARY=str(summary))
    assert first.returncode == 1, first.stdout + first.stderr
    reports = tmp_path / "ginspec-reports"
    junit = ET.parse(reports / "junit.xml").getroot()
    failures = [case.get("name") for case in junit.iter("testcase") if case.find("failure") is not None]
    assert failures and int(junit.get("failures")) == len(failures)
    assert "# Conformance of ace-eleven" in (reports / "ginspec.md").read_text(encoding="utf-8")
    assert "# Conformance of ace-eleven" in summary.read_text(encoding="utf-8")
    assert (reports / "ginspec.json").exists()

    from ginspec.judging.expectations import expectations_path

    baseline = tmp_path / "expectations" / expectations_path(engine).name  # named after --engine
    baseline.parent.mkdir()
    departures = [{"id": case, "kind": "bug", "reason": "counts an ace as eleven"} for case in failures]
    baseline.write_text(yaml.safe_dump({"engine": "ace-eleven", "departures": departures}), encoding="utf-8")
    again = run_recipe(tmp_path, engine)
    assert again.returncode == 0, again.stdout + again.stderr
    assert ET.parse(reports / "junit.xml").getroot().get("failures") == "0"

    departures.pop()
    baseline.write_text(yaml.safe_dump({"engine": "ace-eleven", "departures": departures}), encoding="utf-8")
    again = ginspec(*recipe_check(engine, reports), cwd=tmp_path)
    assert again.returncode == 1, "a departure not in the baseline fails the job"


def test_the_recipe_without_an_engine_says_what_to_set(tmp_path: Path) -> None:
    result = run_recipe(tmp_path, "", GINSPEC_ENGINE="")
    assert result.returncode != 0
    assert "set GINSPEC_ENGINE" in result.stderr
