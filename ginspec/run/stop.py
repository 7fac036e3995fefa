"""A stop of the run (Ctrl-C, SIGTERM, SIGHUP) while the scenarios play.

The scenarios run inside pytest, which takes any exception in a step for that scenario's failure
and goes on with the next, except Ctrl-C (:class:`KeyboardInterrupt`): that one ends the run,
tears down its fixtures (the engine is closed) and returns. While the scenarios play, a signal that
the command unwinds by (:class:`ginspec.errors.Interrupted`) is therefore raised as a
:class:`SignalStop`, a kind of Ctrl-C that remembers its signal, and turned back into
:class:`~ginspec.errors.Interrupted` once pytest has returned.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any, Iterator

from ginspec.errors import Interrupted

UNWINDING_SIGNALS = ("SIGTERM", "SIGHUP")


class SignalStop(KeyboardInterrupt):
    """A signal, raised where pytest lets only Ctrl-C through."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number


@contextlib.contextmanager
def signals_as_ctrl_c() -> Iterator[list[int]]:
    """While inside, each signal whose handler unwinds the command (one set by Python, not the
    default that ends the process at once) raises :class:`SignalStop`; the list yielded holds the
    signals received. Outside the main thread, signals are left alone."""
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def stop(number: int, _frame: Any) -> None:
        received.append(number)
        raise SignalStop(number)

    previous: dict[int, Any] = {}
    for name in UNWINDING_SIGNALS:
        number = getattr(signal, name, None)
        if number is not None and callable(signal.getsignal(number)):
            previous[number] = signal.signal(number, stop)
    try:
        yield received
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def as_stop(error: KeyboardInterrupt, received: list[int]) -> BaseException:
    """The stop to raise after pytest returned: the signal received, else Ctrl-C."""
    if isinstance(error, SignalStop):
        return Interrupted(error.signal_number)
    return Interrupted(received[0]) if received else error
