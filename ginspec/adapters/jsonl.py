"""An engine in any language, run as a separate process speaking JSON lines (``spec/protocol.md``).

The harness must survive a bad engine: a crash, a hang, a line that is not JSON, an answer of the
wrong shape or on the wrong stream. Each becomes an :class:`EngineFault` for that one case (a
timeout is :class:`EngineTimeout`), with the evidence; the process is then stopped and started
again for the next case.

An engine is stopped by the ``stop`` message and given :data:`STOP_GRACE` seconds to exit, unless
it still owes an answer (it timed out, or the run was interrupted while it worked): it cannot read
``stop`` before it answers, so its process group is ended at once. Once the engine has exited,
whatever it started and left running in its group is ended too: it would hold the engine's
pipes open, and the suite would wait for it.
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
from typing import IO, Any, Sequence

from ginspec.adapters.affinity import children_of, current_cpu, give_back, hold_on, let_go, place, threads_of
from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.errors import UnknownEngine, quote
from ginspec.adapters.excerpts import cut_marker, middle_cut
from ginspec.suite.protocol_schemas import schema_problem

PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 10.0
START_TIMEOUT = 30.0
"""Seconds an engine may take to answer the start message when no ``--timeout`` is given."""
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


def _shape_problem(message: Any, name: str) -> str | None:
    """What is wrong with the shape of ``message`` against the message schema ``name``, or None
    (:func:`ginspec.suite.protocol_schemas.schema_problem`)."""
    problem = schema_problem(message, name)
    if problem is None:
        return None
    where, words = problem
    words = words if len(words) <= 300 else words[:300] + "..."
    return f"{where + ': ' if where else ''}{words}"


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


def _keep_tail(stream: IO[str], keep: _Tail, owner: "_Process | None" = None) -> None:
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


WINDOW = 16 * 1024
"""Characters of questions written ahead of their answers (:meth:`JsonLinesAdapter.ask_each`):
less than any pipe holds, so that a write never waits for an engine that has stopped reading,
where the time limit could not end the wait. A longer question is written alone."""
LOOK_INTERVAL = 0.25
"""Seconds between two looks at the threads and processes of an engine kept on one processor."""


class _Process:
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
        """Write one message; a ``start`` is owed an answer."""
        owed = 1 if message.get("type") in ("start", "ask") else 0
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


def _ask_message(question: Question) -> dict[str, Any]:
    return {"type": "ask", "id": question.id, "kind": question.kind, "input": dict(question.input), "parameters": dict(question.parameters)}


class JsonLinesAdapter(Adapter):
    """Runs ``command`` (e.g. ``./engine --protocol``) and talks to it over JSON lines."""

    def __init__(self, command: str, timeout: float | None = None) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as exc:
            raise UnknownEngine(f"exec:{quote(command)[1:-1]}: cannot split the command: {exc}") from None
        if not self.argv:
            raise UnknownEngine("exec: needs a command, e.g. exec:./my-engine")
        self.timeout = timeout if timeout is not None else DEFAULT_TIMEOUT
        self.start_timeout = timeout if timeout is not None else START_TIMEOUT
        self.process: _Process | None = None
        self._capabilities: Capabilities | None = None
        self.restarts = 0

    def _start(self) -> _Process:
        process = _Process(self.argv)
        try:
            return self._handshake(process)
        except BaseException:
            process.stop()
            raise

    def _handshake(self, process: _Process) -> _Process:
        shown = quote(shlex.join(self.argv))
        line = ""
        try:
            process.send({"type": "start", "protocol": PROTOCOL_VERSION, "suite": "ginspec"})
            line = process.receive(self.start_timeout)
            message = parse_json(line)
        except EngineFault as exc:
            raise UnknownEngine(f"{shown} did not start the protocol: {exc}") from None
        except ValueError as exc:
            raise UnknownEngine(f"{shown} did not start the protocol: its first line is not JSON ({exc}): {quote(line.strip(), 200)}") from None
        problem = _shape_problem(message, "capabilities")
        if problem is not None:
            raise UnknownEngine(f"{shown} sent bad capabilities: {problem[:300]}")
        self._capabilities = Capabilities(
            engine=message["engine"],
            version=message["version"],
            kinds=frozenset(message["kinds"]),
            parameters={name: tuple(values) for name, values in message.get("parameters", {}).items()},
            omits=frozenset(message.get("omits", ())),
            scopes={name: frozenset(kinds) for name, kinds in message.get("scopes", {}).items()},
            layoff_style=message.get("layoff_style", "explicit"),
            home_variant=message.get("home_variant"),
            refuses={kind: frozenset(codes) for kind, codes in message.get("refuses", {}).items()},
            readings=dict(message.get("readings", {})),
        )
        if self._capabilities.readings:
            from ginspec.suite.readings import check_readings

            check_readings(shown, self._capabilities.readings)
        return process

    def capabilities(self) -> Capabilities:
        if self.process is None:
            self.process = self._start()
        assert self._capabilities is not None
        return self._capabilities

    def _restart_after(self, fault: EngineFault) -> None:
        if self.process is not None:
            self.process.stop()
        self.process = None
        self.restarts += 1

    def ask(self, question: Question) -> dict[str, Any]:
        answers, fault = self._ask_in_turn([question])
        if fault is not None:
            raise fault
        return answers[0]

    def ask_each(self, questions: Sequence[Question]) -> list[dict[str, Any] | Exception]:
        """The answer to each question, in order, or the fault that took its place. Questions are
        written ahead of the answers, up to :data:`WINDOW` characters, so that the engine goes from
        one to the next without waiting for the suite (``spec/protocol.md``). After a fault, the
        engine is started again and the questions after it are asked again; one whose engine cannot
        be started again gets that error."""
        results: list[dict[str, Any] | Exception] = []
        rest = list(questions)
        while rest:
            try:
                answers, fault = self._ask_in_turn(rest)
            except Exception as exc:  # noqa: BLE001 - the engine could not be started again: this question's error
                answers, fault = [], exc
            results += answers
            if fault is None:
                break
            results.append(fault)
            rest = rest[len(answers) + 1 :]
        return results

    def _ask_in_turn(self, questions: Sequence[Question]) -> tuple[list[dict[str, Any]], EngineFault | None]:
        """Write the questions, each as soon as those written and not yet answered leave room in
        :data:`WINDOW` (the first at once), and read the answers in order: the answers before the
        first fault, and that fault (the engine is then started again) or None. While the suite
        waits it holds its processor, and the engine is kept near it (:meth:`_Process.keep_near`)."""
        if self.process is None:
            self.process = self._start()
        process = self.process
        lines = [json.dumps(_ask_message(question)) + "\n" for question in questions]
        answers: list[dict[str, Any]] = []
        cpu = current_cpu()
        free = hold_on(cpu)
        try:
            process.keep_near(cpu)
            written = ahead = 0  # questions written; characters of those not yet answered
            for index, question in enumerate(questions):
                process.stderr_written, process.stderr_problem = 0, None
                process.error_tail.mark()
                first = written
                while written < len(lines) and (written == index or ahead + len(lines[written]) <= WINDOW):
                    ahead += len(lines[written])
                    written += 1
                if written > first:
                    try:
                        process.write("".join(lines[first:written]), written - first)
                    except EngineFault:
                        if first == index:  # this question could not be written: its fault
                            raise
                        written, ahead = first, ahead - sum(map(len, lines[first:written]))  # asked again when its turn comes
                answers.append(self._answer_to(question.id, process.receive(self.timeout)))
                ahead -= len(lines[index])
        except EngineFault as fault:
            self._restart_after(fault)
            return answers, fault
        finally:
            if free is not None:
                process.let_engine_go(free)
                let_go(free)
        return answers, None

    def _answer_to(self, case_id: str, line: str) -> dict[str, Any]:
        """The answer in ``line`` to the case ``case_id``, or the :class:`EngineFault` it is."""
        if line == OVERSIZE:
            raise EngineFault(f"the engine wrote a line longer than {MAX_LINE:,} characters")
        try:
            message = parse_json(line)
        except ValueError as exc:
            raise EngineFault(f"the engine wrote a line that is not JSON: {quote(line.strip(), 300)} ({exc})") from None
        problem = _shape_problem(message, "answer")
        if problem is not None:
            raise EngineFault(f"the engine's answer has the wrong shape: {problem}: {line.strip()[:300]}")
        if message["id"] != case_id:
            raise EngineFault(f"the engine answered case {message['id']!r} when asked {case_id!r}")
        return dict(message["answer"])

    def close(self) -> None:
        if self.process is not None:
            self.process.stop()
            self.process = None

