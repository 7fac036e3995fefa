"""The suite's cases as the test of a mutant: every vector and every scenario that ``ginspec check``
runs against the reference engine, each asked one at a time.

A vector is run through :meth:`ginspec.run.pipeline.RunPipeline.run_vector` on an in-process reference adapter; a
scenario is one pytest-bdd item of a pytest session that stays open, run again with pytest's own
test protocol. A case *fails* as ``ginspec check`` counts it: a vector whose status is one of
:data:`ginspec.judging.runner.FAILING`, a scenario whose report failed.
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest
from _pytest.runner import runtestprotocol

from ginspec.judging.runner import FAILING, Case

ENGINE_PACKAGE = "reference_impl"


@dataclass
class SuiteCase:
    """One case: ``vector:ID`` or ``scenario:NODEID``."""

    name: str
    run: Callable[[], bool]
    """Runs the case; True when it failed."""


def vector_cases() -> list[SuiteCase]:
    """Every vector as written, asked of the in-process reference engine (no watchdog: a mutant's
    time is bounded by the worker) through the run pipeline, as ``ginspec check`` asks it."""
    from ginspec.adapters import open_engine
    from ginspec.run.pipeline import RunPipeline
    from ginspec.run.selection import every_case
    from ginspec.suite.variants import AS_WRITTEN

    pipeline = RunPipeline("reference", every_case(), AS_WRITTEN, adapter=open_engine("reference"))
    pipeline.start()

    def runner(case: Case) -> Callable[[], bool]:
        return lambda: pipeline.run_vector(case).status in FAILING

    return [SuiteCase(f"vector:{case.id}", runner(case)) for case in pipeline.vector_cases()]


def scenario_cases(items: list[pytest.Item]) -> list[SuiteCase]:
    """Every collected scenario; each run leaves the session's fixtures (the engine) in place."""

    def runner(item: pytest.Item, after: pytest.Item) -> Callable[[], bool]:
        def run() -> bool:
            reports = runtestprotocol(item, log=False, nextitem=after)
            return any(report.failed for report in reports)

        return run

    cases = []
    for position, item in enumerate(items):
        after = items[1] if position == 0 and len(items) > 1 else items[0]
        cases.append(SuiteCase(f"scenario:{item.nodeid}", runner(item, after)))
    return cases


def engine_files() -> str:
    """The folder of the engine's source files (a prefix of their code's file names)."""
    import reference_impl

    return str(Path(reference_impl.__file__).resolve().parent) + "/"


class LineTracer:
    """Records which lines of the engine each case runs, in every thread."""

    def __init__(self) -> None:
        self.prefix = engine_files()
        self.lines: set[tuple[str, int]] = set()

    def _local(self, frame: Any, event: str, _arg: Any) -> Any:
        if event == "line":
            self.lines.add((frame.f_code.co_filename, frame.f_lineno))
        return self._local

    def _global(self, frame: Any, _event: str, _arg: Any) -> Any:
        if frame.f_code.co_filename.startswith(self.prefix):
            self.lines.add((frame.f_code.co_filename, frame.f_lineno))
            return self._local
        return None

    def start(self) -> None:
        threading.settrace(self._global)
        sys.settrace(self._global)

    def stop(self) -> None:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]


def coverage_map(
    cases: list[SuiteCase], tracer: LineTracer, forget: Callable[[], None] = lambda: None
) -> tuple[dict[str, list[tuple[str, int]]], list[str], dict[str, float]]:
    """Each case's lines of the engine, from one traced run, the cases that fail unmutated, and
    each case's time (traced).

    ``forget`` empties the engine's caches and memos before each case, so that a case whose
    answer an earlier case's cache would give runs (and is mapped to) the lines that work it out,
    as it does when a mutant runs with the caches emptied. The tracer must have been started
    before the scenario session opened its engine, so that the engine's own thread is traced too."""
    lines: dict[str, list[tuple[str, int]]] = {}
    failing: list[str] = []
    seconds: dict[str, float] = {}
    for case in cases:
        forget()
        tracer.lines = set()
        started = time.perf_counter()
        if case.run():
            failing.append(case.name)
        seconds[case.name] = round(time.perf_counter() - started, 5)
        lines[case.name] = sorted(tracer.lines)
    return lines, failing, seconds
