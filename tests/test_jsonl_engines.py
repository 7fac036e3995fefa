"""Engines in other processes over JSON lines: the reference engine behind the protocol passes
like the in-process one, and a misbehaving engine is reported case by case while the run goes on
and its report is still written. The engines are processes of their own; ``ginspec check`` runs
in the test process (:mod:`tests.in_process`)."""

from __future__ import annotations

import json
import os
import sys
import time
from functools import partial
from pathlib import Path

import pytest

from ginspec.adapters import open_engine
from ginspec.judging.runner import run_vectors
from ginspec.suite.vectors import load_vectors
from tests.engines.misbehaving import fault_on
from tests.in_process import ginspec

ROOT = Path(__file__).resolve().parent.parent
SERVE = f"exec:{sys.executable} -m ginspec.serve"
MISBEHAVING = f"exec:{sys.executable} {ROOT / 'tests' / 'engines' / 'misbehaving.py'}"


def some_vectors(count: int = 12):
    vectors = load_vectors()
    by_kind: dict[str, list] = {}
    for vector in vectors:
        by_kind.setdefault(vector.kind, []).append(vector)
    chosen = [vector for group in by_kind.values() for vector in group[:2]]
    unique = list({vector.id: vector for vector in chosen + vectors}.values())
    return unique[:count]


def test_the_reference_engine_behind_the_protocol_passes() -> None:
    adapter = open_engine(SERVE)
    try:
        capabilities, results = run_vectors(adapter, some_vectors(40))
    finally:
        adapter.close()
    assert capabilities.engine == "reference"
    assert [result.status for result in results] == ["pass"] * len(results), [r.message for r in results if r.status != "pass"]


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch):
    return partial(fault_on, monkeypatch)


def test_each_fault_is_reported_per_case_and_the_run_goes_on(faults) -> None:
    vectors = some_vectors(9)
    kinds = ["crash", "hang", "garbage", "shape", "stderr", "wrong-id"]
    faults({vector.id: fault for vector, fault in zip(vectors, kinds)})
    adapter = open_engine(MISBEHAVING, timeout=2)  # the hangs are real; 2 s lets a loaded machine start Python
    try:
        _, results = run_vectors(adapter, vectors)
    finally:
        adapter.close()
    statuses = [result.status for result in results]
    assert statuses == ["error", "timeout", "error", "error", "timeout", "error", "pass", "pass", "pass"]
    messages = [result.message for result in results]
    assert "exit status 139" in messages[0] and "segmentation fault (pretend)" in messages[0]
    assert "no answer within 2 s" in messages[1]
    assert "not JSON: 'deadwood is 12, I think'" in messages[2]
    assert "wrong shape" in messages[3]
    assert "written to standard error" in messages[4]
    assert "answered case 'someone-else'" in messages[5]


def test_check_writes_its_report_even_when_the_engine_crashes(faults, tmp_path: Path) -> None:
    vectors = some_vectors(3)
    faults({vectors[0].id: "crash"})
    report = tmp_path / "report.json"
    ids = [arg for vector in vectors for arg in ("--id", vector.id)]
    result = ginspec("check", "--engine", MISBEHAVING, "--report", str(report), *ids)
    assert result.returncode == 1
    assert result.stdout.strip().splitlines()[-1] == "2 passed, 0 failed, 0 expected failures, 0 unsupported, 1 error"
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["footer"]["error"] == 1 and data["footer"]["pass"] == 2
    assert data["header"]["engine"] == "misbehaving"


def test_an_engine_that_never_starts_is_a_one_line_error() -> None:
    result = ginspec("check", "--engine", "exec:/nonexistent/engine")
    assert result.returncode == 2
    assert "cannot start" in result.stderr and result.stderr.count("\n") == 1


def test_an_engine_that_lays_off_by_itself_skips_hands_with_explicit_layoffs() -> None:
    from ginspec.adapters.base import Capabilities, Question

    automatic = Capabilities(engine="auto", version="1", layoff_style="automatic")
    with_layoff = Question("round", {"actions": ["p1 knock 9c", "p2 layoff 4h", "p2 done"]}, {})
    without = Question("round", {"actions": ["p1 knock 9c", "p2 done"]}, {})
    assert "lays off automatically" in (automatic.unsupported_reason(with_layoff) or "")
    assert automatic.unsupported_reason(without) is None
    assert Capabilities(engine="x", version="1").unsupported_reason(with_layoff) is None


def test_the_server_writes_each_message_on_one_ascii_line_with_the_same_values() -> None:
    import io

    from ginspec.adapters.base import Adapter, Capabilities, Question
    from ginspec.adapters.serve import serve

    class Accented(Adapter):
        def capabilities(self) -> Capabilities:
            return Capabilities(engine="moteur-\u00e9t\u00e9", version="1")

        def ask(self, question: Question) -> dict:
            return {"valid": True, "type": "ensemble \u00e0 tr\u00e8fle \u2663", "input": question.input}

    asked = {"type": "ask", "id": "c1", "kind": "meld", "input": {"cards": "Ac 2c 3c", "note": "\u00e9\U0001f0a1"}, "parameters": {}}
    source = io.StringIO(json.dumps({"type": "start"}) + "\n" + json.dumps(asked, ensure_ascii=False) + "\n" + json.dumps({"type": "stop"}) + "\n")
    out = io.StringIO()
    assert serve(Accented(), source, out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and all(line.isascii() for line in lines)
    started, answered = map(json.loads, lines)
    assert started["engine"] == "moteur-\u00e9t\u00e9"
    assert answered["answer"] == {"valid": True, "type": "ensemble \u00e0 tr\u00e8fle \u2663", "input": asked["input"]}


def _processors_or_skip() -> set[int]:
    from ginspec.adapters.affinity import current_cpu

    if current_cpu() is None or not hasattr(os, "sched_getaffinity"):
        pytest.skip("this system does not tell which processor a thread runs on")
    processors = os.sched_getaffinity(0)
    if len(processors) < 2:
        pytest.skip("one processor: there is nowhere else to run")
    return processors


def test_an_engine_of_one_thread_answers_on_the_processor_its_caller_waits_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the suite waits, the engine's process and the thread reading its answers are kept on
    the caller's processor (the caller stays there too); afterwards the caller may run anywhere it
    could before."""
    from ginspec.adapters import jsonl

    before = _processors_or_skip()
    seen: list[int | None] = []
    reader = jsonl.current_cpu
    monkeypatch.setattr(jsonl, "current_cpu", lambda: seen.append(reader()) or seen[-1])
    adapter = open_engine(SERVE)
    try:
        capabilities, results = run_vectors(adapter, some_vectors(3))
        process = adapter.process
        assert process is not None and seen
        assert os.sched_getaffinity(process.popen.pid) == {seen[-1]}
        assert os.sched_getaffinity(process.pump.native_id) == {seen[-1]}
    finally:
        adapter.close()
    assert [result.status for result in results] == ["pass"] * len(results)
    assert os.sched_getaffinity(0) == before


def test_an_engine_running_several_threads_is_left_where_the_system_puts_it() -> None:
    """An engine with more than one thread may use several processors for an answer: it is not
    moved."""
    before = _processors_or_skip()
    script = "import threading, time; threading.Thread(target=time.sleep, args=(120,), daemon=True).start(); from ginspec.adapters.serve import main; main()"
    adapter = open_engine(f"exec:{sys.executable} -c {script!r}")
    try:
        capabilities, results = run_vectors(adapter, some_vectors(3))
        assert adapter.process is not None
        assert os.sched_getaffinity(adapter.process.popen.pid) == before
    finally:
        adapter.close()
    assert [result.status for result in results] == ["pass"] * len(results)


def test_an_engine_that_starts_a_process_to_answer_gets_every_processor_back(tmp_path: Path) -> None:
    """A one-thread engine is kept on the caller's processor; once it has started a process of
    its own (a pool, say), it and that process may run anywhere the suite may, and it is not
    moved again. The process it leaves running when it stops (holding its pipes) is ended."""
    from ginspec.adapters import jsonl
    from ginspec.adapters.affinity import children_of

    before = _processors_or_skip()
    engine = tmp_path / "spawning.py"
    engine.write_text(
        "import subprocess, sys\n"
        "from ginspec.adapters.reference import ReferenceAdapter\n"
        "from ginspec.adapters.serve import serve\n"
        "class Spawning(ReferenceAdapter):\n"
        "    asked = 0\n"
        "    def ask(self, question):\n"
        "        Spawning.asked += 1\n"
        "        if Spawning.asked == 2:\n"
        "            subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        "        return super().ask(question)\n"
        "serve(Spawning(), sys.stdin, sys.stdout)\n",
        encoding="utf-8",
    )
    adapter = open_engine(f"exec:{sys.executable} {engine}")
    children: list[int] = []
    try:
        capabilities, results = run_vectors(adapter, some_vectors(1))
        process = adapter.process
        assert process is not None and process.moved and len(os.sched_getaffinity(process.popen.pid)) == 1
        capabilities, results = run_vectors(adapter, some_vectors(4))
        time.sleep(jsonl.LOOK_INTERVAL)
        capabilities, results = run_vectors(adapter, some_vectors(4))
        children = children_of(process.popen.pid) or []
        assert children, "the engine started its process"
        assert not process.moved and process.left_alone
        assert os.sched_getaffinity(process.popen.pid) == before
        assert all(os.sched_getaffinity(child) == before for child in children)
    finally:
        closing = time.monotonic()
        adapter.close()
        closed = time.monotonic() - closing
    assert [result.status for result in results] == ["pass"] * len(results)
    assert closed < 10, "the process the engine left running, holding its pipes, was ended with it"
    ending = time.monotonic() + 5  # a killed process ends when it next runs, which a loaded machine may delay
    while [child for child in children if _running(child)] and time.monotonic() < ending:
        time.sleep(0.05)
    assert not [child for child in children if _running(child)]


def _running(pid: int) -> bool:
    """Whether the process ``pid`` runs (a finished process nobody has waited for does not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
