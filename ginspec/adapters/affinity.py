"""Keeping the suite and the engine it waits for on one processor.

The suite asks an engine a question and waits for the answer, so the two take turns and never
compete for a processor. Woken on another processor, the one that takes its turn finds none of
its objects in that processor's caches, and on a virtual machine the wake-up itself costs the
time of a signal between processors: a whole hand replayed that way costs about a third more
CPU time than on the processor the other side just left. So while it waits, the caller stays
where it is, and the engine (a worker thread, or the process of an ``exec:`` engine) is moved
there. Everything here is a hint: where the system has no such calls, or refuses one, nothing
is moved and the answers are the same.
"""

from __future__ import annotations

import os
from typing import Callable


def _cpu_reader() -> Callable[[], int] | None:
    """The C library's ``sched_getcpu`` (Linux), or ``None`` where there is none."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    try:
        import ctypes
        import ctypes.util

        reader = ctypes.CDLL(ctypes.util.find_library("c") or None).sched_getcpu
    except (OSError, AttributeError):
        return None
    reader.restype = ctypes.c_int
    reader.argtypes = []
    return reader  # type: ignore[no-any-return]


_SCHED_GETCPU = _cpu_reader()


def current_cpu() -> int | None:
    """The processor the calling thread runs on now, where the system tells (else ``None``)."""
    if _SCHED_GETCPU is None:
        return None
    cpu = _SCHED_GETCPU()
    return cpu if cpu >= 0 else None


def place(task: int, cpu: int | None) -> bool:
    """Keep the thread or process ``task`` (0: the calling thread) on processor ``cpu``; whether
    it could be."""
    if cpu is None:
        return False
    try:
        os.sched_setaffinity(task, {cpu})
    except OSError:
        return False
    return True


def hold_on(cpu: int | None) -> set[int] | None:
    """Keep the calling thread on ``cpu`` while it waits for the engine, so that it wakes where
    the engine ran and its caches are; the processors it was allowed before (``None`` when it
    cannot be held)."""
    if cpu is None:
        return None
    try:
        free = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {cpu})
    except OSError:
        return None
    return free


def let_go(free: set[int]) -> None:
    """Give the calling thread back the processors :func:`hold_on` took from it."""
    try:
        os.sched_setaffinity(0, free)
    except OSError:
        pass


def children_of(pid: int) -> list[int] | None:
    """The processes the process ``pid`` started that still run (Linux's ``/proc``), or ``None``
    if unknown."""
    try:
        listing = os.open(f"/proc/{pid}/task/{pid}/children", os.O_RDONLY)
        try:
            return [int(child) for child in os.read(listing, 65536).split()]
        finally:
            os.close(listing)
    except (OSError, ValueError):
        return None


def give_back(task: int, processors: set[int]) -> None:
    """Let the thread or process ``task`` run on ``processors`` again."""
    try:
        os.sched_setaffinity(task, processors)
    except OSError:
        pass


def threads_of(pid: int) -> int | None:
    """How many threads the process ``pid`` runs now (Linux's ``/proc``), or ``None`` if unknown."""
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return None
