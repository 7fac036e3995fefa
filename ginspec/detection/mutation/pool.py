"""The parent side of the workers: the coverage map, which cases run for a mutant, and a worker
process per job that is started again whenever a mutant crashes it or leaves it stuck.

A mutant is asked only of the cases that run one of its lines in the unmutated engine (the
coverage map), cases that killed earlier mutants first. A mutant no case reaches survives
without running. Each mutant has a time limit (a multiple of its cases' traced time); a worker
that does not answer well past it is killed, and the mutant counts as killed by a timeout, as a
hanging engine fails ``ginspec check``.
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ginspec.errors import SuiteError
from ginspec.detection.mutation.operators import Mutant, module_path, source_digest

LIMIT_FACTOR = 4.0
"""A mutant's time limit, as a multiple of its cases' time in the traced run."""
LIMIT_FLOOR = 3.0
"""The least time limit of a mutant, in seconds."""
HARD_MARGIN = 30.0
"""Seconds past its limit after which a silent worker is killed."""


@dataclass(frozen=True)
class Outcome:
    """What became of one mutant: ``killed``, or ``survived`` (``why`` says more: ``not reached``
    when no case runs its line)."""

    mutant: Mutant
    killed: bool
    why: str
    by: str | None = None
    ran: int = 0


@dataclass
class Coverage:
    """Which cases run each line of the engine, and how long each case took traced."""

    cases: list[str]
    lines: dict[tuple[str, int], list[int]]
    seconds: dict[str, float] = field(default_factory=dict)

    def cases_for(self, mutant: Mutant) -> list[int]:
        filename = str(module_path(mutant.module))
        found: set[int] = set()
        if mutant.at_import:  # it changes a table the module builds: every case that uses the module
            for (name, _), positions in self.lines.items():
                if name == filename:
                    found.update(positions)
            return sorted(found)
        for line in range(mutant.line, mutant.end_line + 1):
            found.update(self.lines.get((filename, line), ()))
        return sorted(found)


def _worker_command(mode: str) -> list[str]:
    return [sys.executable, "-m", "ginspec.detection.mutation.worker", mode]


def _environment() -> dict[str, str]:
    environment = dict(os.environ)
    environment["PYTHONHASHSEED"] = "0"
    return environment


def measure_coverage() -> Coverage:
    """One traced run of every case in a worker of its own; refuses a suite that fails unmutated."""
    process = subprocess.run(_worker_command("coverage"), input="", capture_output=True, text=True, env=_environment(), check=False)
    lines = [line for line in process.stdout.splitlines() if line.strip()]
    if not lines:
        tail = process.stderr.strip().splitlines()[-1:] or [f"exit status {process.returncode}"]
        raise SuiteError(f"the traced run of the suite gave no answer: {tail[0]}")
    data = json.loads(lines[-1])
    if data["failing"]:
        raise SuiteError(f"the suite fails on the unmutated engine ({len(data['failing'])} cases, first {data['failing'][0]}): mutants cannot be judged")
    index: dict[tuple[str, int], list[int]] = {}
    for position, name in enumerate(data["cases"]):
        for filename, line in data["lines"][name]:
            index.setdefault((filename, line), []).append(position)
    return Coverage(data["cases"], index, data.get("seconds_by_case", {}))


class Worker:
    """One ``serve`` worker process."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None
        self.selector: selectors.BaseSelector | None = None
        self.module: str | None = None

    def _start(self) -> None:
        self.process = subprocess.Popen(
            _worker_command("serve"), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, env=_environment(),
        )
        self.selector = selectors.DefaultSelector()
        assert self.process.stdout is not None
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        ready = self._read(120.0)
        if ready is None or not ready.get("ready"):
            self.stop()
            raise SuiteError("a mutation worker could not start (the suite does not load)")

    def _read(self, timeout: float) -> dict[str, Any] | None:
        assert self.process is not None and self.process.stdout is not None and self.selector is not None
        if not self.selector.select(timeout):
            return None
        line = self.process.stdout.readline()
        return json.loads(line) if line.strip() else None

    def stop(self) -> None:
        if self.process is not None:
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait()
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    stream.close()
            self.process = None
        if self.selector is not None:
            self.selector.close()
            self.selector = None

    def run(self, mutant: Mutant, cases: list[str], limit: float, digests: dict[str, str]) -> dict[str, Any]:
        if self.process is not None and self.module not in (None, mutant.module):
            # a fresh process for every module: whatever a mutant leaves behind that the swap back
            # does not undo (a value made from the mutated code) stays with its own module's mutants
            self.stop()
        self.module = mutant.module
        if self.process is None or self.process.poll() is not None:
            self.stop()
            self._start()
        assert self.process is not None and self.process.stdin is not None
        order = {"module": mutant.module, "index": mutant.index, "cases": cases, "limit": limit, "source": digests.get(mutant.module)}
        try:
            self.process.stdin.write(json.dumps(order) + "\n")
            self.process.stdin.flush()
            answer = self._read(limit + HARD_MARGIN)
        except (BrokenPipeError, ValueError, OSError):
            answer = None
        if answer is None:
            crashed = self.process.poll() is not None
            self.stop()
            return {"killed": True, "by": cases[0] if cases else None, "why": "crash" if crashed else "timeout", "ran": 0}
        if answer.get("restart"):
            self.stop()
        return answer


def run_mutants(
    mutants: Iterable[Mutant],
    coverage: Coverage,
    jobs: int = 1,
    progress: Callable[[Outcome], None] | None = None,
) -> list[Outcome]:
    """Every mutant's outcome, in the order given; ``jobs`` workers side by side."""
    pending = list(mutants)
    outcomes: dict[int, Outcome] = {}
    kills: Counter[int] = Counter()
    lock = threading.Lock()
    cursor = iter(range(len(pending)))
    position_of = {name: index for index, name in enumerate(coverage.cases)}
    digests = {mutant.module: source_digest(mutant.module) for mutant in pending}
    failures: list[str] = []

    def order_of(mutant: Mutant) -> list[int]:
        chosen = coverage.cases_for(mutant)
        return sorted(chosen, key=lambda position: (-kills[position], position))

    def drive() -> None:
        worker = Worker()
        try:
            while True:
                with lock:
                    position = next(cursor, None)
                    if position is None:
                        return
                    mutant = pending[position]
                    chosen = order_of(mutant)
                if not chosen:
                    outcome = Outcome(mutant, False, "not reached")
                else:
                    names = [coverage.cases[index] for index in chosen]
                    traced = sum(coverage.seconds.get(name, 0.05) for name in names)
                    answer = worker.run(mutant, names, max(LIMIT_FLOOR, LIMIT_FACTOR * traced), digests)
                    if str(answer["why"]).startswith("stale"):
                        failures.append(f"{mutant.module}: {answer['why']}")
                        return
                    outcome = Outcome(mutant, bool(answer["killed"]), str(answer["why"]), answer.get("by"), int(answer.get("ran", 0)))
                    if outcome.killed and outcome.by in position_of:
                        with lock:
                            kills[position_of[outcome.by]] += 1
                with lock:
                    outcomes[position] = outcome
                    if progress is not None:
                        progress(outcome)
        finally:
            worker.stop()

    threads = [threading.Thread(target=drive, daemon=True) for _ in range(max(1, jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SuiteError(f"the run cannot go on: {failures[0]}")
    return [outcomes[position] for position in range(len(pending))]


def modules_of(package: str = "reference_impl") -> list[str]:
    """The package's modules, by dotted name, in file order."""
    import importlib

    root = Path(importlib.import_module(package).__file__ or "").parent
    return [f"{package}.{path.stem}" for path in sorted(root.glob("*.py")) if path.stem != "__init__"]
