"""A run of ``ginspec check`` stopped while the scenarios play (README, "Exit status"): it exits
128+N (130 for Ctrl-C, 143 for SIGTERM) at once, without waiting for the engine, stops the
scenarios' engine (an ``exec:`` engine's process is gone), and leaves a report that says it is
partial and holds every vector of the selection and the scenarios finished before the stop.

The engine (:class:`tests.engines.stops.BlocksInScenarios`) is the reference engine that blocks on
its third scenario question and says so in a file, so the signal always lands in the same place."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ginspec.suite.vectors import load_vectors

REPO = Path(__file__).resolve().parent.parent
RULE = "MELD-RUN-ACE-HIGH"
"""A rule with a handful of vectors and of scenarios: the run is short."""
IN_PROCESS = "tests.engines.stops:BlocksInScenarios"
SERVED = f"exec:{sys.executable} -m ginspec.serve --engine {IN_PROCESS}"


def _gone(pid: int) -> bool:
    """Whether the process has ended (a zombie left to be reaped has ended too)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        state = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return True
    return "\nState:\tZ" in state


@pytest.mark.parametrize(
    ("engine", "number", "status", "said", "stopped_by"),
    [
        (SERVED, signal.SIGTERM, 143, "ginspec: stopped by signal 15", "signal 15"),
        (IN_PROCESS, signal.SIGINT, 130, "ginspec: interrupted", "Ctrl-C"),
    ],
    ids=["sigterm-exec-engine", "ctrl-c-python-adapter"],
)
def test_a_stop_during_the_scenarios_writes_a_partial_report(tmp_path: Path, engine: str, number: int, status: int, said: str, stopped_by: str) -> None:
    asked = tmp_path / "asked"
    report = tmp_path / "report.json"
    environment = {name: value for name, value in os.environ.items() if name != "GINSPEC_ROOT"}
    process = subprocess.Popen(
        [sys.executable, "-m", "ginspec", "check", "--rule", RULE, "--area", "melds", "--engine", engine, "--timeout", "100", "--report", str(report)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO, env={**environment, "GINSPEC_ASKED": str(asked)},
    )
    try:
        deadline = time.monotonic() + 90
        while not asked.exists() or not asked.read_text(encoding="utf-8"):
            assert time.monotonic() < deadline and process.poll() is None, "the scenarios' engine was never asked"
            time.sleep(0.05)
        engine_pid = int(asked.read_text(encoding="utf-8"))
        stopped_at = time.monotonic()
        process.send_signal(number)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:  # a run that did not stop is not left behind
            process.kill()
            process.communicate()
    assert time.monotonic() - stopped_at < 20, "the run waited for the blocked engine"
    assert process.returncode == status, err.decode()
    assert said in err.decode()

    data = json.loads(report.read_text(encoding="utf-8"))
    vectors = sorted(vector.id for vector in load_vectors() if RULE in vector.rules and vector.area == "melds")
    ran_vectors = sorted(record["id"] for record in data["records"] if record["kind"] != "scenario")
    scenarios = [record for record in data["records"] if record["kind"] == "scenario"]
    assert ran_vectors == vectors, "every vector ran before the scenarios"
    assert scenarios, "the scenarios finished before the stop are in the report"
    assert all(RULE in record["rules"] for record in scenarios)
    partial = data["header"]["partial"]
    assert partial.startswith(f"stopped by {stopped_by} after {len(vectors) + len(scenarios)} of "), partial
    planned = int(partial.split(" of ", 1)[1].split()[0])
    assert planned > len(vectors) + len(scenarios), f"the scenarios not run are counted as planned: {partial}"
    assert f"partial report ({len(vectors) + len(scenarios)} of {planned} cases)" in err.decode()

    if engine_pid != process.pid:  # an exec: engine's process is stopped with the run
        deadline = time.monotonic() + 10
        while not _gone(engine_pid):
            assert time.monotonic() < deadline, f"the engine's process {engine_pid} outlived the run"
            time.sleep(0.05)
