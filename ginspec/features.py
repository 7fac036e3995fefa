"""Running the Gherkin scenarios from ``ginspec check``: pytest runs them in-process against the
chosen engine, and each scenario becomes a result next to the vectors' results."""

from __future__ import annotations

import contextlib
import io
import time
from pathlib import Path
from typing import Any, Sequence

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry

from ginspec.errors import SuiteError
from ginspec.paths import suite_root
from ginspec.registry import rules_by_id
from ginspec.runner import CaseResult


def _scenario_of(item: pytest.Item) -> tuple[str, str, str]:
    """(feature file relative to the suite, scenario name, area) of a pytest-bdd item."""
    function = getattr(item, "function", None)
    scenario = getattr(function, "__scenario__", None) or scenario_wrapper_template_registry.get(function)  # type: ignore[arg-type]
    if scenario is None:
        return item.nodeid, item.name, "features"
    path = Path(scenario.feature.filename)
    try:
        shown = str(path.relative_to(suite_root() / "features"))
    except ValueError:
        shown = path.name
    return shown, scenario.name, path.parent.name


class _Collector:
    """A pytest plugin that records each scenario's tags and outcome."""

    def __init__(self) -> None:
        self.items: dict[str, dict[str, Any]] = {}
        self.results: list[CaseResult] = []

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        registered = rules_by_id()
        for item in items:
            feature, name, area = _scenario_of(item)
            tags = [mark.name for mark in item.iter_markers()]
            example = item.nodeid.rsplit("[", 1)[1].rstrip("]") if "[" in item.nodeid else ""
            self.items[item.nodeid] = {
                "id": f"{feature}: {name}" + (f" [{example}]" if example else ""),
                "area": area,
                "rules": tuple(tag for tag in tags if tag in registered),
                "tags": tags,
            }

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        info = self.items.get(report.nodeid)
        if info is None:
            return
        status = None
        message = ""
        if report.skipped:
            status = "unsupported"
            message = str(report.longrepr[2]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
            message = message.replace("Skipped: ", "")
        elif report.failed:
            status = "fail" if report.when == "call" else "error"
            crash = getattr(report.longrepr, "reprcrash", None)
            message = (crash.message if crash is not None else report.longreprtext.strip().splitlines()[-1])[:500]
        elif report.when == "call":
            status = "pass"
        if status is None:
            return
        variant = next((tag for tag in info["tags"] if tag not in info["rules"] and tag.islower()), "standard")
        self.results.append(
            CaseResult(
                id=info["id"],
                area=info["area"],
                rules=info["rules"],
                kind="scenario",
                variant=variant,
                status=status,
                expected=None,
                observed=None,
                message=message,
                seconds=round(report.duration, 6),
            )
        )


def run_features(engine: str, rules: Sequence[str] = (), areas: Sequence[str] = (), timeout: float | None = None) -> list[CaseResult]:
    """Run the scenarios (those tagged with one of ``rules``, in ``areas``) against ``engine``."""
    if not any((suite_root() / "features").rglob("*.feature")):
        return []
    module = Path(__file__).resolve().parent / "bdd" / "suite.py"
    arguments = [
        str(module),
        "-p", "ginspec.pytest_plugin",
        "-p", "ginspec.bdd.steps",
        "-p", "ginspec.bdd.steps_play",
        "-p", "ginspec.bdd.steps_games",
        "-p", "ginspec.bdd.steps_tables",
        "-p", "no:cacheprovider",
        "-p", "no:hypothesispytest",
        "-o", "addopts=",  # the scenarios run here, in this process, whatever the project's pytest options
        "--rootdir", str(suite_root()),
        "--engine", engine,
        "-q",
    ]
    if timeout is not None:
        arguments += ["--engine-timeout", str(timeout)]
    if rules:
        arguments += ["-m", " or ".join(rules)]
    collector = _Collector()
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        code = pytest.main(arguments, plugins=[collector])
    if code not in (0, 1, 5) and not collector.results:
        raise SuiteError(f"the feature run could not start (pytest exit status {code}, after {time.perf_counter() - started:.1f} s)")
    results = collector.results
    if areas:
        results = [result for result in results if result.area in areas]
    return results
