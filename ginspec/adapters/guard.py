"""A watchdog around an in-process (Python) adapter, so that it is judged like an ``exec:`` engine.

A Python adapter runs inside the suite's own process, so without care it can take the whole run
down with it: raise from its constructor, ``capabilities()`` or ``close()``, call ``sys.exit``,
never return, mutate the question it was given, or answer with ``None`` or values JSON cannot
carry (``NaN``, a set). :class:`GuardedAdapter` turns each of these into an
:class:`~ginspec.adapters.jsonl.EngineFault` (a per-case ``error``), an
:class:`~ginspec.adapters.jsonl.EngineTimeout` (a per-case ``timeout``) or, when the engine cannot
even start, a one-line :class:`~ginspec.errors.UnknownEngine` error.

Every call runs on a worker thread with a deadline (``--timeout``). Python cannot stop a thread, so
after a timeout the stuck worker is abandoned (it is a daemon thread, ended with the process) and
the engine is *started again* (its adapter class is constructed anew) for the next case, as an
``exec:`` engine's process is restarted. The stuck call may still be changing state it shares with
the new instance, so after :data:`MAX_ABANDONED` stuck calls the engine is given up: every further
case is an ``error`` saying so, and the run ends with its report as usual.
"""

from __future__ import annotations

import json
import queue
import threading
import traceback
from typing import Any, Callable, TypeVar

from ginspec.adapters.affinity import current_cpu, hold_on, let_go, place
from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.adapters.jsonl import DEFAULT_TIMEOUT, EngineFault, EngineTimeout
from ginspec.errors import UnknownEngine, quote
from ginspec.suite.plain_data import plain_copy

T = TypeVar("T")

CLOSE_TIMEOUT = 5.0
"""Seconds ``close()`` may take (at most ``--timeout``)."""

MAX_ABANDONED = 3
"""Stuck calls after which an in-process engine is no longer asked anything."""


def describe_exception(exc: BaseException) -> str:
    """``ValueError: message at file.py:12``: one line, the message bounded."""
    if isinstance(exc, SystemExit):
        return f"the engine called sys.exit({exc.code!r})"
    last = traceback.extract_tb(exc.__traceback__)[-1:]
    where = f" at {last[0].filename}:{last[0].lineno}" if last else ""
    message = str(exc)
    if len(message) > 300:
        message = message[:300] + f"... ({len(message)} characters)"
    return f"{type(exc).__name__}: {message}{where}".replace("\n", " ")


def plain_answer(answer: Any) -> dict[str, Any]:
    """An answer as strict JSON data (a copy detached from the engine), or :class:`EngineFault`."""
    if not isinstance(answer, dict):
        raise EngineFault(f"the answer is not an object but {type(answer).__name__} {quote(answer)}")
    try:
        text = json.dumps(answer, allow_nan=False)
    except ValueError as exc:
        raise EngineFault(f"the answer holds a number JSON cannot carry (NaN or infinity): {exc}") from None
    except (TypeError, RecursionError) as exc:
        raise EngineFault(f"the answer is not plain JSON data: {str(exc)[:200]}") from None
    return json.loads(text)


class _Worker:
    """One daemon thread running calls one at a time, until it is told to stop."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[tuple[Callable[[], Any], queue.SimpleQueue[tuple[bool, Any]], int | None] | None] = queue.SimpleQueue()
        self.busy = False
        """Whether a call was left running when the run was stopped."""
        self.waiting = False
        """Whether the caller is waiting for a call right now (a signal handler that closes the
        engine then runs in the middle of that wait)."""
        self.thread = threading.Thread(target=self._loop, daemon=True, name="ginspec-engine")
        self.thread.start()

    def _loop(self) -> None:
        where = None
        while True:
            item = self.jobs.get()
            if item is None:
                return
            job, reply, caller = item
            if caller != where:
                where = caller if place(0, caller) else None
            try:
                reply.put((True, job()))
            except BaseException as exc:  # noqa: BLE001 - SystemExit from an engine is a fault too
                reply.put((False, exc))

    def stop(self) -> None:
        """End the thread once the call it is in, if any, returns: an engine that is done with
        leaves no thread behind in a process that runs many checks (an abandoned call may never
        return; its thread ends with the process)."""
        self.jobs.put(None)

    def call(self, job: Callable[[], Any], timeout: float) -> Any:
        """``job()`` on the worker thread, waited for at most ``timeout`` seconds. What the job
        raises comes back as :class:`EngineRaised`; anything else raised here (Ctrl-C or a signal
        at any moment of the wait, even before the job is handed over) is the run's own stop and
        passes through untouched, never to be taken for the engine's fault."""
        reply: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
        self.waiting = True
        cpu = current_cpu()
        free = hold_on(cpu)
        try:
            self.jobs.put((job, reply, cpu))
            ok, value = reply.get(timeout=timeout)
        except queue.Empty:
            raise EngineTimeout(f"no answer within {timeout:g} s") from None
        except BaseException:  # Ctrl-C or a signal while waiting: the run stops, it is no engine fault
            self.busy = True
            raise
        finally:
            self.waiting = False
            if free is not None:
                let_go(free)
        if not ok:
            raise EngineRaised(value)
        return value


class EngineRaised(Exception):
    """What an engine's own code raised (any exception, ``SystemExit`` and ``KeyboardInterrupt``
    from inside the engine included), told apart from the run being stopped while it waited."""

    def __init__(self, raised: BaseException) -> None:
        super().__init__(describe_exception(raised))
        self.raised = raised


class GuardedAdapter(Adapter):
    """Runs ``factory()``'s adapter under a watchdog; see the module docstring."""

    def __init__(self, factory: Callable[[], Adapter], name: str, timeout: float | None = None) -> None:
        self.factory = factory
        self.name = name
        self.timeout = timeout or DEFAULT_TIMEOUT
        self.abandoned = 0
        self.close_problem: str | None = None
        self.closed = False
        self._capabilities: Capabilities | None = None
        self.worker = _Worker()
        try:
            self.inner = self._start()
        except BaseException:
            self.worker.stop()
            raise

    def _start(self) -> Adapter:
        try:
            adapter = self.worker.call(self.factory, self.timeout)
        except EngineTimeout:
            raise UnknownEngine(f"engine {self.name!r}: did not start within {self.timeout:g} s") from None
        except EngineRaised as exc:
            if isinstance(exc.raised, UnknownEngine):
                raise exc.raised from None
            raise UnknownEngine(f"engine {self.name!r}: starting it failed: {exc}") from None
        if not isinstance(adapter, Adapter):
            raise UnknownEngine(f"engine {self.name!r}: did not give an Adapter but {type(adapter).__name__}")
        return adapter

    def capabilities(self) -> Capabilities:
        if self._capabilities is None:
            try:
                declared = self.worker.call(self.inner.capabilities, self.timeout)
            except EngineTimeout:
                raise UnknownEngine(f"engine {self.name!r}: capabilities() did not return within {self.timeout:g} s") from None
            except EngineRaised as exc:
                raise UnknownEngine(f"engine {self.name!r}: capabilities() failed: {exc}") from None
            if not isinstance(declared, Capabilities):
                raise UnknownEngine(f"engine {self.name!r}: capabilities() gave {type(declared).__name__}, not Capabilities")
            from ginspec.adapters.capability_shape import capabilities_problem

            problem = capabilities_problem(declared)
            if problem:
                raise UnknownEngine(f"engine {self.name!r}: capabilities() gave {problem}")
            from ginspec.adapters.profile import engine_profile

            self._capabilities = engine_profile(declared, self.name)
        return self._capabilities

    def ask(self, question: Question) -> dict[str, Any]:
        private = Question(question.kind, plain_copy(dict(question.input)), plain_copy(dict(question.parameters)), question.id)
        return plain_answer(self.call_inner(lambda inner: inner.ask(private)))

    def call_inner(self, job: Callable[[Adapter], T], timeout: float | None = None) -> T:
        """``job(engine)`` under the watchdog, with the deadline (``timeout``, else the engine's)
        and the faults of :meth:`ask`; the question is not copied and the answer not checked: a
        caller that hands the engine values it cannot change (tuples, actions, cards) and reads
        the answer itself pays the watchdog alone, once per question however long the hand, or
        once for several questions asked in one job."""
        if self.closed:
            raise EngineFault("not asked: the engine was closed")
        if self.abandoned >= MAX_ABANDONED:
            raise EngineFault(f"not asked: the engine hung {self.abandoned} times and is no longer trusted in this process")
        inner = self.inner
        try:
            answer = self.worker.call(lambda: job(inner), self.timeout if timeout is None else timeout)
        except EngineTimeout:
            self._abandon()
            raise
        except EngineRaised as exc:  # an engine fault is a result, not a crash of the suite
            if isinstance(exc.raised, (EngineFault, EngineTimeout)):
                raise exc.raised from None
            raise EngineFault(str(exc)) from None
        return answer

    def _abandon(self) -> None:
        """Leave the stuck worker behind and start the engine again for the next case."""
        self.abandoned += 1
        self.worker.stop()
        self.worker = _Worker()
        if self.abandoned < MAX_ABANDONED:
            try:
                self.inner = self._start()
            except UnknownEngine:
                self.abandoned = MAX_ABANDONED

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.abandoned >= MAX_ABANDONED or self.worker.busy or self.worker.waiting:  # a stopped run does not wait for the engine
            self.worker.stop()
            return
        try:  # a short wait: after Ctrl-C the worker may still be inside the interrupted call
            self.worker.call(self.inner.close, min(self.timeout, CLOSE_TIMEOUT))
        except EngineRaised as exc:
            self.close_problem = f"engine {self.name!r}: close() failed: {exc}"
        except EngineTimeout as exc:
            self.close_problem = f"engine {self.name!r}: close() failed: {describe_exception(exc)}"
        finally:
            self.worker.stop()


def open_guarded(name: str, timeout: float | None, opener: Callable[[str, float | None], Adapter]) -> Adapter:
    """The engine ``name`` as the commands use it: an ``exec:`` engine as it is (it has its own
    process and deadlines), any in-process adapter under :class:`GuardedAdapter`."""
    if name.startswith("exec:"):
        return opener(name, timeout)
    return GuardedAdapter(lambda: opener(name, timeout), name, timeout)
