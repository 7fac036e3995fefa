"""An ``exec:`` engine that crashes: the case's message quotes its standard error by head and
tail, so that the error's message is kept whether the trace puts it first (Java) or last (Python),
with what was cut between them said."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from ginspec.adapters import open_engine
from ginspec.adapters.engine_process import _Tail
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.adapters.excerpts import middle_cut
from ginspec.judging.runner import run_vectors
from ginspec.suite.vectors import load_vectors

FRAMES = 80
"""Lines of trace between the message and the other end: far more than a message may quote."""

CRASHING = '''
import json, os, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        sys.stderr.write("gin engine 0.3 starting\\n" * 50)
        print(json.dumps({"type": "capabilities", "protocol": 1, **json.loads(os.environ["CAPABILITIES"]), "engine": "crashing"}), flush=True)
    elif message["type"] == "ask":
        sys.stderr.write(os.environ["TRACE"])
        sys.stderr.flush()
        os._exit(1)
'''

JAVA = 'Exception in thread "main" java.lang.IllegalStateException: no meld holds 7h twice\n' + "".join(
    f"\tat gin.melds.Finder.search(Finder.java:{line})\n" for line in range(FRAMES)
)
PYTHON = "Traceback (most recent call last):\n" + "".join(
    f'  File "/engine/melds.py", line {line}, in search\n    return search(rest)\n' for line in range(FRAMES)
) + "ValueError: no meld holds 7h twice\n"


def _wait_for_the_start_up_lines(adapter: object) -> None:
    """Wait until the suite has read the 50 lines the engine wrote as it started: written before
    any question, they are no evidence of its crash (a loaded machine may read a pipe late, and
    lines read after the question is asked count as written after it)."""
    deadline = time.monotonic() + 20
    tail = adapter.process.error_tail  # type: ignore[attr-defined]
    while sum(line.count("starting") for line in tail) < 50 and time.monotonic() < deadline:
        time.sleep(0.01)


@pytest.mark.parametrize("trace", [JAVA, PYTHON], ids=["message-first", "message-last"])
def test_a_crash_keeps_the_message_and_both_ends_of_the_trace(trace: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "crashing.py"
    script.write_text(CRASHING, encoding="utf-8")
    monkeypatch.setenv("TRACE", trace)
    monkeypatch.setenv("CAPABILITIES", json.dumps({key: value for key, value in ReferenceAdapter().capabilities().to_json().items() if key != "api_version"}))
    vector = next(vector for vector in load_vectors() if vector.kind == "deadwood")
    adapter = open_engine(f"exec:{sys.executable} {script}", timeout=20)
    try:
        adapter.capabilities()
        _wait_for_the_start_up_lines(adapter)
        _, results = run_vectors(adapter, [vector])
    finally:
        adapter.close()
    message = results[0].message
    assert results[0].status == "error", message
    assert "exit status 1" in message
    assert "no meld holds 7h twice" in message, message
    lines = trace.strip().splitlines()
    assert lines[0].strip()[:40] in message and lines[-1].strip() in message, "the head and the tail"
    assert "characters cut ...]" in message
    assert "starting" not in message, "what the engine wrote before the question is not its evidence"
    assert len(message) < 1200


def test_an_excerpt_says_how_much_was_cut() -> None:
    text = "A" * 1000 + "B" * 1000
    shown = middle_cut(text, 100)
    assert shown == "A" * 50 + " [... 1900 characters cut ...] " + "B" * 50
    assert middle_cut("short", 100) == "short"


def test_the_head_survives_a_stream_longer_than_is_kept() -> None:
    tail = _Tail(limit=300)
    tail.append("old log line\n" * 40)
    tail.mark()
    tail.append("Error: the stock is empty\n")
    for number in range(500):
        tail.append(f"  at frame {number}\n")
    excerpt = tail.excerpt(200)
    assert excerpt.startswith("Error: the stock is empty") and excerpt.endswith("at frame 499")
    assert "old log line" not in excerpt and "characters cut" in excerpt
