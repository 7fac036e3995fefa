"""Running the Gherkin scenarios from ``ginspec check``: pytest runs them in-process against the
chosen engine, and each scenario becomes a result next to the vectors' results."""

from __future__ import annotations

import contextlib
from functools import lru_cache
import io
import time
from pathlib import Path
from typing import Any, Callable, Sequence

import pytest

from ginspec.errors import SuiteError
from ginspec.adapters.excerpts import middle_cut
from ginspec.suite.paths import suite_root
from ginspec.suite.registry import rules_by_id
from ginspec.judging.runner import CaseResult
from ginspec.bdd.scenario_answers import judged_question, plain as _plain
from ginspec.bdd.dependence_file import recorded_dependence
from ginspec.bdd.scenario_ids import _area_of, _scenario_of, _scenario_of_function, feature_of, scenario_case_id, split_scenario_id  # noqa: F401


STEP_PLUGINS = (
    "ginspec.bdd.judging",
    "ginspec.bdd.steps",
    "ginspec.bdd.steps_play",
    "ginspec.bdd.steps_games",
    "ginspec.bdd.steps_tables",
    "ginspec.bdd.steps_table_play",
)
"""The modules of step definitions, loaded as pytest plugins wherever the scenarios run."""


class _Collector:
    """A pytest plugin that records each scenario's tags and outcome, with the same statuses a
    vector gets: an engine that crashes or hangs is an ``error`` or a ``timeout``, a question it
    cannot play is ``unsupported``, and only a wrong answer is a ``fail``."""

    def __init__(self, areas: Sequence[str] = (), watch: ScenarioWatch | None = None, ids: Sequence[str] = ()) -> None:
        self.areas = set(areas)
        self.ids = set(ids)
        """The scenarios chosen by case ID (``--id``); none: every scenario."""
        self.named = {split_scenario_id(case_id)[:2] for case_id in ids}
        self.items: dict[str, dict[str, Any]] = {}
        self.results: list[CaseResult] = []
        self.problems: dict[str, tuple[str, str, Any, Any]] = {}
        self.watch = watch

    @pytest.hookimpl(tryfirst=True)
    def pytest_pycollect_makeitem(self, collector: pytest.Collector, name: str, obj: object) -> list[pytest.Item] | None:
        """A scenario outside the chosen areas, or not named by a chosen case ID, becomes no item
        at all: nothing is built for it."""
        scenario = _scenario_of_function(obj) if self.areas or self.named else None
        if scenario is None:
            return None
        if (self.areas and _area_of(scenario) not in self.areas) or (self.named and (feature_of(scenario), scenario.name) not in self.named):
            return []
        return None

    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        if self.areas or self.ids:  # --area and --id select before running, not after
            chosen = [item for item in items if (not self.areas or _scenario_of(item)[2] in self.areas) and (not self.ids or scenario_case_id(item) in self.ids)]
            kept = {id(item) for item in chosen}
            config.hook.pytest_deselected(items=[item for item in items if id(item) not in kept])
            items[:] = chosen
        registered = rules_by_id()
        for item in items:
            _, _, area = _scenario_of(item)
            tags = sorted({mark.name for mark in item.iter_markers()})
            case_id = scenario_case_id(item)
            self.items[item.nodeid] = {
                "id": case_id,
                "area": area,
                "rules": tuple(tag for tag in tags if tag in registered),
                "item": item,
                "depends_on": recorded_dependence().get(case_id, ()),
            }

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        if self.watch is not None:  # after every selection (-m, --area) is made
            self.watch.planned(len(session.items))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
        yield
        if call.when == "call" and call.excinfo is None:
            from ginspec.bdd.scenario_faults import empty_scenario

            empty = empty_scenario(item)
            if empty is not None:  # a scenario that checks nothing must not pass
                self.problems[item.nodeid] = ("suite-error", empty, None, None)
        if call.excinfo is None or call.when != "call":
            return
        from ginspec.bdd.asking import EngineProblem, Mismatch
        from ginspec.errors import UnknownEngine
        from ginspec.bdd.scenario_faults import suite_fault

        error = call.excinfo.value
        fault = suite_fault(error)
        if fault is not None:  # the suite's own fault (a step no definition matches), never the engine's
            self.problems[item.nodeid] = ("suite-error", fault, None, None)
        elif isinstance(error, UnknownEngine):  # the engine could not be started (again): its error, not a departure
            self.problems[item.nodeid] = ("error", f"the engine could not be started: {error}", None, None)
        elif isinstance(error, EngineProblem):
            self.problems[item.nodeid] = (error.status, str(error), None, None)
        elif isinstance(error, Mismatch):
            self.problems[item.nodeid] = ("fail", str(error), {error.name: error.expected}, {error.name: error.observed})

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        info = self.items.get(report.nodeid)
        if info is None:
            return
        status = None
        message = ""
        expected = observed = None
        if report.skipped:
            status = "unsupported"
            message = str(report.longrepr[2]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
            message = message.replace("Skipped: ", "").replace("unsupported: ", "", 1)
        elif report.failed:
            status = "fail" if report.when == "call" else "error"
            crash = getattr(report.longrepr, "reprcrash", None)
            message = (crash.message if crash is not None else report.longreprtext.strip().splitlines()[-1])[:500]
            if report.nodeid in self.problems:
                status, message, expected, observed = self.problems[report.nodeid]
        elif report.when == "call":
            status = "pass"
            verdicts = getattr(info["item"], "ginspec_verdicts", None)
            if verdicts is not None and verdicts.unjudged:
                message = f"not judged: {verdicts.unjudged_text()}"
            if report.nodeid in self.problems:
                status, message, expected, observed = self.problems[report.nodeid]
        if status is None:
            return
        question = getattr(info["item"], "ginspec_question", None)
        derived = getattr(info["item"], "ginspec_derived", None)
        self.results.append(
            CaseResult(
                id=info["id"] + (f" @{derived}" if derived else ""),
                area=info["area"],
                rules=info["rules"],
                kind="scenario",
                variant=_variant_of(question),
                status=status,
                expected=_plain(expected),
                observed=_plain(observed),
                message=middle_cut(message, 1000),
                seconds=round(report.duration, 6),
                input=dict(question.input) if question is not None else None,
                origin="derived" if derived or getattr(info["item"], "ginspec_readings", None) else "written",
                depends_on=info["depends_on"],
                changed=tuple(getattr(info["item"], "ginspec_changed", ())),
                asked=judged_question(info["item"]) if status == "fail" else None,
            )
        )
        if self.watch is not None:
            self.watch.finished(self.results[-1])


class ScenarioWatch:
    """Told how many scenarios were collected, and each scenario's result as soon as it is judged
    (the run pipeline keeps them, for a report of a run stopped half-way)."""

    def __init__(self, planned: Callable[[int], None], finished: Callable[[CaseResult], None]) -> None:
        self.planned = planned
        self.finished = finished


def _variant_of(question: Any) -> str:
    """The variant whose parameters the scenario's last question was asked under."""
    if question is None:
        return "standard"
    return _variant_names().get(_frozen(question.parameters), "custom")


def _frozen(parameters: Any) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((name, repr(value)) for name, value in dict(parameters).items()))


@lru_cache(maxsize=1)
def _variant_names() -> dict[tuple[tuple[str, Any], ...], str]:
    """Each variant's parameters to its name (the first name, in order, for identical ones)."""
    from ginspec.suite.variants import load_variants

    names: dict[tuple[tuple[str, Any], ...], str] = {}
    for name, variant in sorted(load_variants(broken={}).items()):  # a broken file names no scenario
        names.setdefault(_frozen(variant.parameters), name)
    return names


def scenario_arguments(engine: str) -> list[str]:
    """The arguments of an in-process pytest run of every scenario against ``engine``, whatever
    the project's own pytest options (no xdist workers, no cache, no hypothesis plugin)."""
    module = Path(__file__).resolve().parent / "suite.py"
    return [
        str(module),
        "-p", "ginspec.pytest_plugin.engine_option",
        *(argument for step_module in STEP_PLUGINS for argument in ("-p", step_module)),
        "-p", "no:cacheprovider",
        "-p", "no:hypothesispytest",
        "-p", "no:unraisableexception",  # which collects all garbage of the process at the end of every run
        "--noconftest",  # the scenarios need no conftest.py of the folders they happen to lie in
        "--tb=line",  # a result keeps only the line where it failed: no source read for each traceback
        "-o", "addopts=",  # the scenarios run here, in this process, whatever the project's pytest options
        "--rootdir", str(suite_root()),
        "--engine", engine,
        "-q",
    ]


def run_features(
    engine: str,
    rules: Sequence[str] = (),
    areas: Sequence[str] = (),
    timeout: float | None = None,
    variant: str | None = None,
    watch: ScenarioWatch | None = None,
    ids: Sequence[str] = (),
) -> list[CaseResult]:
    """Run the scenarios (those tagged with one of ``rules``, in ``areas``, with one of the case
    IDs ``ids`` as written when any is given) against ``engine``, under ``variant`` when one is
    given; ``watch`` sees each result as it comes. An interrupted run raises
    :class:`KeyboardInterrupt` once pytest has closed the engine; a case ID that names no
    scenario collected is a usage error."""
    folder = suite_root() / "features"
    if not folder.is_dir():
        from ginspec.suite.paths import no_scenarios_folder

        raise SuiteError(f"{no_scenarios_folder()}; give --only vectors to check the vectors alone")
    if not any(folder.rglob("*.feature")):
        return []
    arguments = scenario_arguments(engine)
    if timeout is not None:
        arguments += ["--engine-timeout", str(timeout)]
    if variant is not None:
        arguments += ["--variant", variant]
    if rules:
        arguments += ["-m", " or ".join(rules)]
    from ginspec.bdd.pytest_stops import INTERRUPTED_EXIT
    from ginspec.bdd.scenario_faults import CollectionFaults

    collector = _Collector(areas, watch, ids)
    faults = CollectionFaults(folder)
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        code = pytest.main(arguments, plugins=[collector, faults])
    faults.raise_first()  # a feature file that cannot be read is named, never taken for Ctrl-C
    if code in (pytest.ExitCode.INTERRUPTED, INTERRUPTED_EXIT):  # Ctrl-C: pytest's 2, or 130 from ginspec.bdd.pytest_stops
        raise KeyboardInterrupt
    if code not in (0, 1, 5) and not collector.results:
        raise SuiteError(f"the feature run could not start (pytest exit status {code}, after {time.perf_counter() - started:.1f} s)")
    collected = {info["id"] for info in collector.items.values()}
    for case_id in ids if not rules and not areas else ():  # else it may be another option that left it out
        if case_id not in collected:
            from ginspec.errors import UsageError, quote

            raise UsageError(f"--id {quote(case_id, 200)}: no such scenario (its scenario has no example with these values)")
    return sorted(collector.results, key=lambda result: result.id)

