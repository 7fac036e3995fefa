"""The process that runs mutants: ``python -m ginspec.detection.mutation.worker coverage|serve``.

It opens a pytest session over the scenarios (as ``ginspec check`` does) and, inside it, takes its
orders as JSON lines on standard input and answers as JSON lines on its standard output:

- ``coverage``: one traced run of every case; answers once with each case's lines of the engine
  and the cases that fail unmutated, then ends. (A separate process: the tracer stays in the
  engine's thread.)
- ``serve``: for each line ``{"module", "index", "cases", "limit"}``, installs that mutant, runs
  the listed cases in order until one fails (or ``limit`` seconds pass), and answers
  ``{"killed", "by", "why", "ran"}``. A mutant that leaves a stuck engine thread behind ends the
  worker after its answer (``"restart": true``); the pool starts a fresh one.

Everything pytest or the engine prints goes to the null device; the answers go to the original
standard output only.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from typing import Any, TextIO

import pytest

from ginspec.detection.mutation.cases import LineTracer, SuiteCase, coverage_map, scenario_cases, vector_cases
from ginspec.detection.mutation.install import NotInstallable, forget_answers, installed, remember_memos
from ginspec.detection.mutation.operators import source_digest

MEMORY_LIMIT = 4 * 1024**3
"""Bytes of address space a worker may use: a mutant that grows a list without end fails with
MemoryError (a kill) instead of taking the machine's memory."""

SCENARIO_ENGINE_TIMEOUT = 5.0
"""Seconds a scenario's question may take before the scenario fails as a timeout."""


class MutantTimeout(BaseException):
    """The mutant ran past its time limit (a BaseException: no engine code catches it)."""


_alarm = {"rang": False}


def _on_alarm(_signal: int, _frame: Any) -> None:
    _alarm["rang"] = True
    raise MutantTimeout()


class WorkerPlugin:
    def __init__(self, mode: str, answers: TextIO, orders: TextIO) -> None:
        self.mode = mode
        self.answers = answers
        self.orders = orders
        self.tracer = LineTracer() if mode == "coverage" else None
        if self.tracer is not None:
            self.tracer.start()

    def _answer(self, data: dict[str, Any]) -> None:
        self.answers.write(json.dumps(data) + "\n")
        self.answers.flush()

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        cases = vector_cases() + scenario_cases(list(session.items))
        if self.tracer is not None:
            started = time.perf_counter()
            remember_memos()
            lines, failing, seconds = coverage_map(cases, self.tracer, forget_answers)
            self.tracer.stop()
            self._answer({
                "cases": [case.name for case in cases], "lines": lines, "failing": failing,
                "seconds_by_case": seconds, "seconds": time.perf_counter() - started,
            })
            return True
        self._serve({case.name: case for case in cases})
        return True

    def _serve(self, cases: dict[str, SuiteCase]) -> None:
        signal.signal(signal.SIGALRM, _on_alarm)
        remember_memos()
        threads = threading.active_count()
        self._answer({"ready": True, "cases": len(cases)})
        for line in self.orders:
            if not line.strip():
                continue
            order = json.loads(line)
            _alarm["rang"] = False
            answer = self._run(order, cases)
            if _alarm["rang"] or threading.active_count() > threads + 1:
                # the time ran out (perhaps inside the engine's own thread, still busy) or a stuck
                # engine thread was left behind: this process is no longer trusted
                answer["restart"] = True
                if _alarm["rang"] and answer["why"] == "fail":
                    answer["why"] = "timeout"
            self._answer(answer)
            if answer.get("restart"):
                return

    def _run(self, order: dict[str, Any], cases: dict[str, SuiteCase]) -> dict[str, Any]:
        ran = 0
        current = ""
        expected = order.get("source")
        if expected is not None and expected != source_digest(order["module"]):
            return {"killed": False, "by": None, "why": "stale: the module changed since the run began", "ran": 0}
        unknown = next((name for name in order["cases"] if name not in cases), None)
        if unknown is not None:
            return {"killed": False, "by": None, "why": f"stale: the suite no longer has the case {unknown}", "ran": 0}
        signal.setitimer(signal.ITIMER_REAL, float(order["limit"]))
        try:
            with installed(order["module"], int(order["index"])):
                for current in order["cases"]:
                    ran += 1
                    if cases[current].run():
                        return {"killed": True, "by": current, "why": "fail", "ran": ran}
        except MutantTimeout:
            return {"killed": True, "by": current, "why": "timeout", "ran": ran}
        except NotInstallable as exc:
            return {"killed": False, "by": None, "why": f"not installable: {exc}", "ran": 0}
        except Exception as exc:  # noqa: BLE001 - the mutated module cannot even be loaded
            return {"killed": True, "by": None, "why": f"the mutated module fails to load: {type(exc).__name__}", "ran": ran}
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        return {"killed": False, "by": None, "why": "survived", "ran": ran}


def main(argv: list[str] | None = None) -> int:
    from ginspec.run.pipeline import scenario_run_arguments

    import resource

    mode = (argv if argv is not None else sys.argv[1:] or ["serve"])[0]
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    orders = os.fdopen(os.dup(0), "r")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 1)
    os.dup2(null, 0)
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - for the life of the process
    arguments = scenario_run_arguments("reference", SCENARIO_ENGINE_TIMEOUT) + ["-s"]
    pytest.main(arguments, plugins=[WorkerPlugin(mode, answers, orders)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
