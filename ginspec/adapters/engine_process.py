"""An engine's process (:mod:`ginspec.adapters.jsonl`): started in a session of its own, its answers
read line by line by a thread of their own and its standard error kept as evidence by another,
each within limits, and kept near the processor the suite waits on
(:mod:`ginspec.adapters.affinity`). Stopping it ends whatever it left running in its process group.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shlex
import subprocess
import threading
import time
from collections import deque
from typing import IO, Any

from ginspec.adapters.affinity import children_of, give_back, place, threads_of
from ginspec.adapters.excerpts import cut_marker, middle_cut
from ginspec.errors import UnknownEngine, quote

STOP_GRACE = 2.0
"""Seconds an engine that owes no answer may take to exit after the ``stop`` message."""
STDERR_KEPT = 16 * 1024
"""Characters of an engine's standard error kept as evidence (the last ones); the rest is dropped."""


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


_STRICT = json.JSONDecoder(parse_constant=_no_constant)


def parse_json(line: str) -> Any:
    """Strict JSON: ``NaN`` and ``Infinity``, which Python would accept, are refused (a line
    starting with a byte-order mark is refused as ``json.loads`` refuses it)."""
    if line.startswith("\ufeff"):
        return json.loads(line, parse_constant=_no_constant)
    return _STRICT.decode(line)


STDERR_SHOWN = 800
"""Characters of an engine's standard error quoted in a case's message, head and tail together."""


class _Tail:
    """What an engine wrote to its standard error: the last :data:`STDERR_KEPT` characters, by
    lines, and the first :data:`STDERR_SHOWN` characters written since :meth:`mark` (the question
    asked last), so that an error's message survives whether the trace puts it first (Java, Go,
    Rust, C#) or last (Python). Thread-safe enough: one writer."""

    def __init__(self, limit: int = STDERR_KEPT) -> None:
        self.limit = limit
        self.lines: deque[str] = deque()
        self.size = 0
        self.head: list[str] = []
        self.head_size = 0
        self.since_mark = 0

    def append(self, line: str) -> None:
        self.since_mark += len(line)
        if self.head_size < STDERR_SHOWN:
            taken = line[: STDERR_SHOWN - self.head_size]
            self.head.append(taken)
            self.head_size += len(taken)
        if len(line) > self.limit:
            line = line[-self.limit :]
        self.lines.append(line)
        self.size += len(line)
        while self.size > self.limit and self.lines:
            self.size -= len(self.lines.popleft())

    def mark(self) -> None:
        """A new question is asked: what is written from now on is its evidence."""
        self.head, self.head_size, self.since_mark = [], 0, 0

    def excerpt(self, shown: int = STDERR_SHOWN) -> str:
        """At most about ``shown`` characters of what was written since the last :meth:`mark` (or,
        if nothing was, of the end of the stream): its head and its tail, and between them how
        many characters were cut."""
        tail = "".join(self.lines)
        if 0 < self.since_mark <= len(tail):
            return middle_cut(tail[-self.since_mark :].strip(), shown)
        if self.since_mark == 0:
            return middle_cut(tail.strip(), shown)
        head = "".join(self.head)
        kept_tail = tail[-(shown - shown // 2) :]
        cut = self.since_mark - len(head[: shown // 2]) - len(kept_tail)
        return f"{head[: shown // 2].strip()} {cut_marker(cut)} {kept_tail.strip()}"

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(list(self.lines))


class EngineFault(Exception):
    """The engine did not answer one case properly; the message holds the evidence."""


class EngineTimeout(EngineFault):
    """The engine did not answer in time."""


MAX_LINE = 4 * 1024 * 1024
"""Characters of one line of an engine's standard output; a longer line is dropped and reported."""
OVERSIZE = "\x00oversize\n"
"""Put in the queue in place of a line longer than :data:`MAX_LINE`."""


def _pump(stream: IO[str], sink: "queue.SimpleQueue[str | None]") -> None:
    """Copy lines from a pipe into a queue, never holding more than :data:`MAX_LINE` characters of
    one line (a line without end is dropped as it comes); None marks the end."""
    try:
        while True:
            line = stream.readline(MAX_LINE)
            if not line:
                break
            if len(line) >= MAX_LINE and not line.endswith("\n"):
                sink.put(OVERSIZE)
                while line and not line.endswith("\n"):
                    line = stream.readline(MAX_LINE)
                continue
            sink.put(line)
    except (OSError, ValueError):
        pass
    sink.put(None)


STDERR_LINE = 1024 * 1024
"""Characters of one line of an engine's standard error; a longer line makes the case an error."""
STDERR_PER_CASE = 16 * 1024 * 1024
"""Characters an engine may write to standard error while it answers one case; more is an error."""
NOT_UTF8 = re.compile("[\udc80-\udcff]")
"""A byte that is not UTF-8, as the pipes decode it (``surrogateescape``)."""


def _readable(text: str) -> str:
    """``text`` with every byte that was not UTF-8 shown as U+FFFD (for evidence and reports)."""
    return NOT_UTF8.sub("\ufffd", text)


def _keep_tail(stream: IO[str], keep: _Tail, owner: "EngineProcess | None" = None) -> None:
    """Read a pipe to its end, keeping only its last part (an engine may log without limit), in
    pieces of at most :data:`STDERR_LINE` characters, so that one endless line never fills memory.
    A line or a case's output past its limit is noted on ``owner``: the case is an error."""
    try:
        while True:
            piece = stream.readline(STDERR_LINE)
            if not piece:
                break
            keep.append(_readable(piece))
            if owner is None:
                continue
            owner.stderr_written += len(piece)
            if len(piece) >= STDERR_LINE and not piece.endswith("\n"):
                owner.stderr_problem = owner.stderr_problem or f"the engine wrote a line of standard error longer than {STDERR_LINE:,} characters"
            elif owner.stderr_written > STDERR_PER_CASE:
                owner.stderr_problem = owner.stderr_problem or f"the engine wrote more than {STDERR_PER_CASE:,} characters to standard error for one case"
    except (OSError, ValueError):
        pass


LOOK_INTERVAL = 0.25
"""Seconds between two looks at the threads and processes of an engine kept on one processor."""


class EngineProcess:
    """One running engine process with line queues for its two output streams."""

    def __init__(self, argv: list[str]) -> None:
        try:
            self.popen = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="surrogateescape",  # a byte that is not UTF-8 is kept, to be refused by name
                bufsize=1,
                start_new_session=True,
            )
        except OSError as exc:
            raise UnknownEngine(f"cannot start {shlex.join(argv)!r}: {exc.strerror or exc}") from None
        self.lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self.error_tail = _Tail()
        self.owed = 0
        """Messages sent that the engine owes a line for (``start`` and ``ask``), not yet answered."""
        self.stderr_written = 0
        """Characters of standard error since the last question."""
        self.stderr_problem: str | None = None
        """Standard error past one of its limits since the last question."""
        assert self.popen.stdout is not None and self.popen.stderr is not None
        self.pump = threading.Thread(target=_pump, args=(self.popen.stdout, self.lines), daemon=True)
        self.pump.start()
        self.near: int | None = None
        """The processor the engine and the pump were last moved to (:meth:`keep_near`)."""
        self.moved = False
        """Whether the engine's process is kept on one processor."""
        self.left_alone = False
        """Whether the engine runs several threads or processes: it is never moved again."""
        self.next_look = 0.0
        """When :meth:`let_engine_go` looks at the engine's threads and processes again."""
        self.stderr_reader = threading.Thread(target=_keep_tail, args=(self.popen.stderr, self.error_tail, self), daemon=True)
        self.stderr_reader.start()

    def keep_near(self, cpu: int | None) -> None:
        """Move the engine and the thread that reads its answers to processor ``cpu``, where the
        caller waits (:mod:`ginspec.adapters.affinity`). Only an engine running one thread and no
        process of its own is moved: any other may be using more than one processor for its
        answers, and is left alone from then on."""
        if cpu is None or cpu == self.near:
            return
        self.near = cpu
        if not self.left_alone and threads_of(self.popen.pid) == 1 and children_of(self.popen.pid) == []:
            self.moved = place(self.popen.pid, cpu)
        else:
            self.left_alone = True
        if self.pump.native_id is not None and self.pump.is_alive():  # an ended thread's number may be another's
            place(self.pump.native_id, cpu)

    def let_engine_go(self, processors: set[int]) -> None:
        """After an answer: an engine kept on one processor that has since started threads or
        processes may answer with several processors. It and the processes it started get back
        ``processors`` (the suite's), and it is not moved again. Looked at once every
        :data:`LOOK_INTERVAL` seconds at most: a look costs 10-30 µs, about as much as a
        hundredth of a campaign hand, and most answers come far sooner."""
        if not self.moved or self.popen.returncode is not None:  # an ended process's number may be another's
            return
        now = time.monotonic()
        if now < self.next_look:
            return
        self.next_look = now + LOOK_INTERVAL
        pid = self.popen.pid
        children = children_of(pid)
        if threads_of(pid) == 1 and children == []:
            return
        self.moved, self.left_alone = False, True
        for task in [pid, *(children or [])]:
            give_back(task, processors)

    def send(self, message: dict[str, Any]) -> None:
        """Write one message (``start`` or ``stop``: questions are written by :meth:`write`); a
        ``start`` is owed an answer."""
        owed = 1 if message.get("type") == "start" else 0
        if owed:
            self.error_tail.mark()
        self.write(json.dumps(message) + "\n", owed)

    def write(self, lines: str, owed: int) -> None:
        """Write one or more lines at once, ``owed`` of them questions the engine owes an answer."""
        assert self.popen.stdin is not None
        try:
            self.owed += owed
            self.popen.stdin.write(lines)
            self.popen.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineFault(f"the engine closed its input{self._exit_evidence()}") from None

    def receive(self, timeout: float) -> str:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise EngineTimeout(f"no answer within {timeout:g} s{self._stderr_json_hint()}") from None
        if line is None:
            raise EngineFault(f"the engine closed its output{self._exit_evidence()}")
        self.owed = max(0, self.owed - 1)
        bad = None if line.isascii() else NOT_UTF8.search(line)  # a byte that is not UTF-8 was read as a character of U+DC80-DCFF
        if bad is not None:
            byte = ord(bad.group()) - 0xDC00
            raise EngineFault(f"the engine wrote a byte that is not UTF-8 ({byte:#04x}, at character {bad.start()}): {quote(_readable(line.strip()), 200)}")
        if self.stderr_problem is not None:
            raise EngineFault(self.stderr_problem)
        return line

    def _stderr_tail(self) -> str:
        """The excerpt of standard error for a message. When the engine has exited, its standard
        error is read to its end first (however loaded the machine, the last words of a crash are
        its evidence); a process still running gets a moment to finish its line."""
        if self.popen.poll() is not None:
            self.stderr_reader.join(timeout=2)
        else:
            time.sleep(0.05)
        return self.error_tail.excerpt()

    def _exit_evidence(self) -> str:
        try:
            code = self.popen.wait(timeout=2)
            status = f" (exit status {code})"
        except subprocess.TimeoutExpired:
            status = ""
        tail = self._stderr_tail()
        return f"{status}; its standard error: {tail}" if tail else status

    def _stderr_json_hint(self) -> str:
        for line in list(self.error_tail):
            try:
                if isinstance(parse_json(line), dict):
                    return f"; a JSON message was written to standard error instead of standard output: {line.strip()[:200]}"
            except ValueError:
                continue
        return ""

    def stop(self) -> None:
        if self.popen.poll() is None and not self.owed:
            try:
                self.send({"type": "stop"})
                self.popen.wait(timeout=STOP_GRACE)
            except (EngineFault, subprocess.TimeoutExpired):
                pass
        if self.popen.poll() is None:
            try:
                os.killpg(self.popen.pid, 9)
            except (ProcessLookupError, PermissionError):
                self.popen.kill()
            self.popen.wait()
        elif hasattr(os, "killpg"):
            try:  # what the engine started and left running would hold its pipes open for ever
                os.killpg(self.popen.pid, 9)
            except (ProcessLookupError, PermissionError):
                pass
        for stream in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
