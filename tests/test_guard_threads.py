"""An in-process engine runs its calls on a thread of its own (:mod:`ginspec.adapters.guard`); an
engine that is done with leaves no thread behind, so that a process running many checks (the
pytest plugin, the miniatures, a user's own loop) does not gather one per check."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.adapters.guard import GuardedAdapter
from ginspec.adapters.jsonl import EngineFault, EngineTimeout
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.errors import UnknownEngine
from ginspec.suite.variants import get_variant

MELD = Question("meld", {"cards": "7c 7d 7h"}, dict(get_variant("standard").parameters), "a-meld")


def _engine_threads() -> set[threading.Thread]:
    return {thread for thread in threading.enumerate() if thread.name == "ginspec-engine"}


def _gone(threads: set[threading.Thread], within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    return not any(thread.is_alive() for thread in threads)


class _Stuck(Adapter):
    """Answers only once ``release`` is set."""

    release = threading.Event()

    def capabilities(self) -> Capabilities:
        return Capabilities(engine="stuck", version="1")

    def ask(self, question: Question) -> dict[str, Any]:
        self.release.wait(30)
        return {"valid": True}


def test_a_closed_engine_leaves_no_thread() -> None:
    before = _engine_threads()
    engine = GuardedAdapter(ReferenceAdapter, "reference", 5)
    assert engine.ask(MELD)["valid"] is True
    mine = _engine_threads() - before
    assert len(mine) == 1
    engine.close()
    assert _gone(mine)
    engine.close()  # a second close is nothing (asking the ended thread would time out: a problem)
    assert engine.close_problem is None
    with pytest.raises(EngineFault, match="the engine was closed"):  # not a timeout on the ended thread
        engine.ask(MELD)


def test_an_engine_that_cannot_start_leaves_no_thread() -> None:
    before = _engine_threads()

    def broken() -> Adapter:
        raise RuntimeError("no engine here")

    with pytest.raises(UnknownEngine, match="starting it failed: RuntimeError: no engine here"):
        GuardedAdapter(broken, "broken", 5)
    assert _gone(_engine_threads() - before)


def test_an_abandoned_call_ends_its_thread_when_it_returns() -> None:
    before = _engine_threads()
    _Stuck.release.clear()
    engine = GuardedAdapter(_Stuck, "stuck", 1.0)  # long enough for a loaded machine to start it again
    stuck = _engine_threads() - before
    with pytest.raises(EngineTimeout):
        engine.ask(MELD)
    assert all(thread.is_alive() for thread in stuck)  # still inside the call
    _Stuck.release.set()
    assert _gone(stuck)
    assert engine.ask(MELD) == {"valid": True}  # asked of the engine started again
    engine.close()
    assert _gone(_engine_threads() - before)


@pytest.mark.parametrize("moment", ["handing the question over", "waiting for the answer"])
def test_a_stop_at_any_moment_of_a_call_is_the_runs_stop_not_the_engines_fault(moment: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C reaches the main thread wherever it is; caught while the question was being handed
    to the engine's thread it used to become the case's engine fault, and a campaign went on."""
    engine = GuardedAdapter(ReferenceAdapter, "reference", timeout=5)
    try:
        worker = engine.worker
        import queue

        class StoppedHandingOver(queue.SimpleQueue):  # type: ignore[type-arg]
            """The queue of questions, which the run's stop reaches in the middle of ``put``."""

            def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
                raise KeyboardInterrupt

        class StoppedWaiting(queue.SimpleQueue):  # type: ignore[type-arg]
            """A queue of one answer, which the run's stop reaches in the middle of ``get``."""

            def get(self, block: bool = True, timeout: float | None = None) -> Any:
                raise KeyboardInterrupt

        if moment == "handing the question over":
            monkeypatch.setattr(worker, "jobs", StoppedHandingOver())
        else:
            monkeypatch.setattr(queue, "SimpleQueue", StoppedWaiting)
        with pytest.raises(KeyboardInterrupt):
            engine.ask(MELD)
    finally:
        monkeypatch.undo()
        engine.close()


def test_an_engine_that_raises_keyboard_interrupt_itself_is_at_fault() -> None:
    """The engine's own code raising ``KeyboardInterrupt`` is its fault, not a stop of the run."""

    class _Raises(ReferenceAdapter):
        def ask(self, question: Question) -> dict[str, Any]:
            raise KeyboardInterrupt

    engine = GuardedAdapter(_Raises, "raises", timeout=5)
    try:
        with pytest.raises(EngineFault, match="KeyboardInterrupt"):
            engine.ask(MELD)
    finally:
        engine.close()


def test_an_engine_call_runs_on_the_processor_its_caller_waits_on() -> None:
    """The engine's thread is kept on the caller's processor while the caller waits (the caller
    stays there too), so that a hand replayed on it finds the caller's objects in that processor's
    caches; after the call the caller may run anywhere it could before."""
    import os

    from ginspec.adapters.affinity import current_cpu

    if current_cpu() is None:
        pytest.skip("this system does not tell which processor a thread runs on")
    before = os.sched_getaffinity(0)
    seen: list[tuple[int | None, int | None]] = []
    engine = GuardedAdapter(ReferenceAdapter, "reference")
    try:
        for _ in range(20):
            engine.call_inner(lambda inner: seen.append((current_cpu(), None)))
            seen[-1] = (seen[-1][0], current_cpu())
    finally:
        engine.close()
    assert all(worker == caller for worker, caller in seen), seen
    assert os.sched_getaffinity(0) == before
