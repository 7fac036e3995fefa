"""Faults of the scenarios themselves, told apart from an engine's departures.

A scenario run (:func:`ginspec.bdd.features.run_features`) can go wrong in ways that are the suite's
own doing, and these must never read as an engine's failure, an engine's pass, or Ctrl-C:

- a step that no step definition matches is a ``suite-error`` naming the step and its line;
- a scenario with no step of its own checks nothing: a ``suite-error``, never a pass;
- a feature file that cannot be read (not UTF-8, no ``Feature:`` line, a Gherkin syntax error)
  stops the run with one line naming the file, where pytest would report its collection error as
  an interrupted run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ginspec.errors import SuiteError


def suite_fault(error: BaseException) -> str | None:
    """Why ``error``, raised while a scenario ran, is the suite's fault, or ``None``."""
    from pytest_bdd.exceptions import StepDefinitionNotFoundError

    if isinstance(error, StepDefinitionNotFoundError):
        return f"the suite's own fault, not the engine's: {' '.join(str(error).split())[:400]}"
    return None


def empty_scenario(item: pytest.Item) -> str | None:
    """Why the scenario of ``item`` checks nothing (no step of its own), or ``None``."""
    from ginspec.bdd.scenario_ids import _scenario_of_function

    scenario = _scenario_of_function(getattr(item, "function", None))
    if scenario is None:
        return None
    own = getattr(scenario, "_steps", None)
    if own is None:
        own = getattr(scenario, "steps", ())
    if own:
        return None
    return f"the suite's own fault: the scenario {scenario.name!r} of {Path(scenario.feature.filename).name} has no steps, so it checks nothing"


class CollectionFaults:
    """A pytest plugin that keeps the first collection error of a scenario run, and the scenarios that failed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.first: str | None = None
        self.failed: list[str] = []
        self._check_text()

    def _check_text(self) -> None:
        """Every feature file is UTF-8 (pytest-bdd's own error would not name the file)."""
        from ginspec.suite.yamlio import read_text

        for path in sorted(self.folder.rglob("*.feature")):
            read_text(path, SuiteError)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            self.failed.append(report.nodeid.split("::")[-1])

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed and self.first is None:
            self.first = _one_line(report)

    def raise_first(self) -> None:
        if self.first is not None:
            raise SuiteError(self.first)


def _one_line(report: Any) -> str:
    """The feature file a collection error is about, and its last meaningful line."""
    text = str(getattr(report, "longreprtext", "") or report.longrepr)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    problem = next((line for line in reversed(lines) if line.startswith("E ")), lines[-1] if lines else "cannot be collected")
    problem = problem.removeprefix("E").strip().removeprefix("pytest_bdd.exceptions.")
    if "UnicodeDecodeError" in text:
        problem = "not UTF-8 text"
    where = next((word.strip("\"',:") for line in lines for word in line.split() if word.strip("\"',:").endswith(".feature")), report.nodeid)
    return f"{where}: the scenarios cannot be read: {problem[:300]}"
