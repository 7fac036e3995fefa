"""An engine in any language, run as a separate process speaking JSON lines (``spec/protocol.md``).

The harness must survive a bad engine: a crash, a hang, a line that is not JSON, an answer of the
wrong shape or on the wrong stream. Each becomes an :class:`EngineFault` for that one case (a
timeout is :class:`EngineTimeout`), with the evidence; the process is then stopped and started
again for the next case. The process itself, its pipes and their limits are
:mod:`ginspec.adapters.engine_process`.

An engine is stopped by the ``stop`` message and given :data:`STOP_GRACE` seconds to exit, unless
it still owes an answer (it timed out, or the run was interrupted while it worked): it cannot read
``stop`` before it answers, so its process group is ended at once. Once the engine has exited,
whatever it started and left running in its group is ended too: it would hold the engine's
pipes open, and the suite would wait for it.
"""

from __future__ import annotations

import json
import shlex
from typing import Any, Sequence

from ginspec.adapters.affinity import current_cpu, hold_on, let_go
from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.adapters.engine_process import (
    LOOK_INTERVAL,
    MAX_LINE,
    OVERSIZE,
    STDERR_KEPT,
    STDERR_LINE,
    STDERR_PER_CASE,
    STOP_GRACE,
    EngineFault,
    EngineProcess,
    EngineTimeout,
    parse_json,
)
from ginspec.errors import UnknownEngine, quote
from ginspec.suite.protocol_schemas import schema_problem

__all__ = [
    "DEFAULT_TIMEOUT", "LOOK_INTERVAL", "MAX_LINE", "PROTOCOL_VERSION", "STDERR_KEPT", "STDERR_LINE", "STDERR_PER_CASE", "STOP_GRACE",
    "WINDOW", "EngineFault", "EngineTimeout", "JsonLinesAdapter", "parse_json",
]
"""What the adapter of an engine in another process offers: the adapter, its faults, its limits."""

PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 10.0
START_TIMEOUT = 30.0
"""Seconds an engine may take to answer the start message when no ``--timeout`` is given."""
def _shape_problem(message: Any, name: str) -> str | None:
    """What is wrong with the shape of ``message`` against the message schema ``name``, or None
    (:func:`ginspec.suite.protocol_schemas.schema_problem`)."""
    problem = schema_problem(message, name)
    if problem is None:
        return None
    where, words = problem
    words = words if len(words) <= 300 else words[:300] + "..."
    return f"{where + ': ' if where else ''}{words}"


WINDOW = 16 * 1024
"""Characters of questions written ahead of their answers (:meth:`JsonLinesAdapter.ask_each`):
less than any pipe holds, so that a write never waits for an engine that has stopped reading,
where the time limit could not end the wait. A longer question is written alone."""
def _ask_line(question: Question) -> str:
    """The ``ask`` message of ``question``, as one line."""
    message = {"type": "ask", "id": question.id, "kind": question.kind, "input": dict(question.input), "parameters": dict(question.parameters)}
    return json.dumps(message) + "\n"


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
        self.process: EngineProcess | None = None
        self._capabilities: Capabilities | None = None
        self.restarts = 0

    def _start(self) -> EngineProcess:
        process = EngineProcess(self.argv)
        try:
            return self._handshake(process)
        except BaseException:
            process.stop()
            raise

    def _handshake(self, process: EngineProcess) -> EngineProcess:
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
            knocker_spread=message.get("knocker_spread", "any"),
            suite_version=message.get("suite_version"),
        )
        from ginspec.adapters.profile import engine_profile

        self._capabilities = engine_profile(self._capabilities, "exec:" + shlex.join(self.argv))
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
        answers, fault = self._ask_in_turn([question], [_ask_line(question)])
        if fault is not None:
            raise fault
        return answers[0]

    def ask_each(self, questions: Sequence[Question]) -> list[dict[str, Any] | Exception]:
        """The answer to each question, in order, or the exception that took its place. Questions
        are written ahead of the answers, up to :data:`WINDOW` characters, so that the engine goes
        from one to the next without waiting for the suite (``spec/protocol.md``). After a fault,
        the engine is started again and the questions after it are asked again; one whose engine
        cannot be started again gets that error, and one that cannot be written as JSON its own."""
        results: list[dict[str, Any] | Exception] = []
        lines: list[str | Exception] = []
        for question in questions:
            try:
                lines.append(_ask_line(question))
            except (TypeError, ValueError) as exc:  # not JSON data: this question's error, never written
                lines.append(exc)
        start = 0
        while start < len(questions):
            if isinstance(lines[start], Exception):
                results.append(lines[start])  # type: ignore[arg-type]
                start += 1
                continue
            stop = next((index for index in range(start, len(lines)) if isinstance(lines[index], Exception)), len(lines))
            try:
                answers, fault = self._ask_in_turn(questions[start:stop], lines[start:stop])  # type: ignore[arg-type]
            except Exception as exc:  # noqa: BLE001 - the engine could not be started again: this question's error
                answers, fault = [], exc
            results += answers
            start += len(answers)
            if fault is not None:
                results.append(fault)
                start += 1
        return results

    def _ask_in_turn(self, questions: Sequence[Question], lines: Sequence[str]) -> tuple[list[dict[str, Any]], EngineFault | None]:
        """Write the questions (``lines``, their messages), each as soon as those written and not
        yet answered leave room in :data:`WINDOW` (the first at once), and read the answers in
        order: the answers before the first fault, and that fault (the engine is then started
        again) or None. While the suite waits it holds its processor, and the engine is kept near
        it (:meth:`EngineProcess.keep_near`)."""
        if self.process is None:
            self.process = self._start()
        process = self.process
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

