"""A pytest run against an engine, stopped half-way (``ginspec.bdd.pytest_stops``): Ctrl-C exits 130
and SIGTERM ends the run by the signal (143 in a shell), as ``ginspec check`` does; either way the
engine, an ``exec:`` program in a process group of its own, does not outlive the run. Checked for
the plugin of any project (``pytest --ginspec-engine``), for the checkout's own ``pytest --engine``,
and for ``ginspec check``, which runs the scenarios through pytest in its own process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_fault_battery import REPO, protocol_engine

QUIET = ["-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-q"]


def _stop_while_asked(tmp: Path, number: int, argv: list[str], cwd: Path) -> tuple[int, str]:
    """Run ``argv`` against an engine that writes its process ID and then sleeps on its first
    question; send ``number`` once it is asked; the exit status and output, once the engine is gone."""
    pid_file = tmp / "engine.pid"
    engine = protocol_engine(tmp, f'open({str(pid_file)!r}, "w").write(str(__import__("os").getpid())); __import__("time").sleep(120)')
    environment = {key: value for key, value in os.environ.items() if key != "GINSPEC_ROOT"}
    process = subprocess.Popen([*argv, engine], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=cwd, env=environment)
    deadline = time.monotonic() + 120
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() < deadline and process.poll() is None, "the engine was never asked"
        time.sleep(0.05)
    engine_pid = int(pid_file.read_text())
    process.send_signal(number)
    out, _ = process.communicate(timeout=60)
    for _ in range(100):
        try:
            os.kill(engine_pid, 0)
        except ProcessLookupError:
            return process.returncode, out.decode()
        time.sleep(0.05)
    os.kill(engine_pid, signal.SIGKILL)
    raise AssertionError(f"the engine outlived the run (which ended with {process.returncode})")


def test_plugin_ctrl_c_exits_130_and_stops_the_engine(tmp_path: Path) -> None:
    (tmp_path / "test_own.py").write_text("def test_their_own():\n    assert True\n", encoding="utf-8")
    argv = [sys.executable, "-m", "pytest", *QUIET, "--ginspec-timeout", "100", "-k", "deadwood-0001", "--ginspec-engine"]
    status, out = _stop_while_asked(tmp_path, signal.SIGINT, argv, tmp_path)
    assert status == 130, f"exit status {status}, not 130:\n{out[-2000:]}"


@pytest.mark.parametrize("number, status", [(signal.SIGINT, 130), (signal.SIGTERM, -signal.SIGTERM)], ids=["SIGINT", "SIGTERM"])
def test_checkout_pytest_engine_stopped_by_a_signal(tmp_path: Path, number: int, status: int) -> None:
    argv = [sys.executable, "-m", "pytest", *QUIET, "-n", "0", "tests/test_conformance.py", "--engine-timeout", "100", "-k", "deadwood-0001", "--engine"]
    got, out = _stop_while_asked(tmp_path, number, argv, REPO)
    assert got == status, f"exit status {got}, not {status} (-15: ended by SIGTERM, 143 in a shell):\n{out[-2000:]}"


def test_check_ctrl_c_in_the_scenarios_is_still_an_interruption(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "ginspec", "check", "--only", "features", "--area", "melds", "--timeout", "100",
            "--report", str(tmp_path / "r.json"), "--engine"]
    status, out = _stop_while_asked(tmp_path, signal.SIGINT, argv, REPO)
    assert status == 130 and "ginspec: interrupted" in out and "could not start" not in out, out[-2000:]


def test_plugin_sigterm_does_not_wait_for_a_python_adapter_inside_ask(tmp_path: Path) -> None:
    asked = tmp_path / "asked"
    (tmp_path / "test_own.py").write_text("def test_their_own():\n    assert True\n", encoding="utf-8")
    environment = {**{key: value for key, value in os.environ.items() if key != "GINSPEC_ROOT"}, "GINSPEC_ASKED": str(asked)}
    process = subprocess.Popen(
        [sys.executable, "-m", "pytest", *QUIET, "--ginspec-engine", "tests.engines.faulty:BlocksInAsk", "--ginspec-timeout", "100",
         "-k", "deadwood-0001 or deadwood-0002"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp_path, env={**environment, "PYTHONPATH": str(REPO)},
    )
    deadline = time.monotonic() + 120
    while not asked.exists():
        assert time.monotonic() < deadline and process.poll() is None, "the engine was never asked"
        time.sleep(0.05)
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    out, _ = process.communicate(timeout=60)
    assert process.returncode == -signal.SIGTERM, out.decode()[-2000:]
    assert time.monotonic() - started < 4, "the blocked call is left behind, not waited for (the engine's close would wait 5 s)"
