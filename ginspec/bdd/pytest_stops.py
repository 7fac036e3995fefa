"""How a pytest run against an engine ends when it is stopped (``pytest --engine`` in the ginspec
checkout, ``pytest --ginspec-engine`` in any project): as any command-line program does, and as
``ginspec check`` does.

- Ctrl-C (SIGINT) lets pytest unwind as usual (its summary, the engine closed by the fixtures'
  teardown), and the run then exits 130 instead of pytest's 2, which would read as a usage error.
- SIGTERM stops the engine (an ``exec:`` engine runs in a process group of its own, which would
  outlive pytest) and then ends the process by that signal: 143 in a shell.

Only a run that is the program itself takes the signals: where another program already handles
them (``ginspec check`` runs the scenarios through pytest in its own process) nothing is changed.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Any, Callable

import pytest

INTERRUPTED_EXIT = 130
"""128 + SIGINT: the exit status of a program stopped by Ctrl-C."""

_CLOSERS = pytest.StashKey[list[Callable[[], None]]]()
_INTERRUPTED = pytest.StashKey[bool]()


def close_on_stop(config: pytest.Config, close: Callable[[], None]) -> Callable[[], None]:
    """Call ``close`` (stop an engine) when the run is stopped; the function returned calls it
    too, and whichever comes first is the only call."""
    done: list[bool] = []

    def once() -> None:
        if not done:
            done.append(True)
            close()

    config.stash.setdefault(_CLOSERS, []).append(once)
    return once


def take_stop_signals(config: pytest.Config) -> None:
    """Handle SIGINT and SIGTERM for this run, if no one else does (see the module's docstring);
    this module's hook then gives the exit status."""
    module = sys.modules[__name__]
    if not config.pluginmanager.is_registered(module):
        config.pluginmanager.register(module, __name__)
    if threading.current_thread() is not threading.main_thread():
        return
    taken: dict[int, Any] = {}
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        taken[signal.SIGTERM] = _terminate(config)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        taken[signal.SIGINT] = _interrupt(config)
    for number, handler in taken.items():
        signal.signal(number, handler)
    config.add_cleanup(lambda: _give_back(taken))


def _terminate(config: pytest.Config) -> Callable[[int, Any], None]:
    def stop(number: int, _frame: Any) -> None:
        try:
            _close_engines(config)
        finally:
            signal.signal(number, signal.SIG_DFL)
            os.kill(os.getpid(), number)

    return stop


def _interrupt(config: pytest.Config) -> Callable[[int, Any], None]:
    def interrupt(number: int, frame: Any) -> None:
        config.stash[_INTERRUPTED] = True
        signal.default_int_handler(number, frame)  # KeyboardInterrupt, for pytest to unwind

    return interrupt


def _close_engines(config: pytest.Config) -> None:
    for close in config.stash.get(_CLOSERS, []):
        try:
            close()
        except Exception:  # an engine that fails to close must not keep the run from ending
            pass


def _give_back(taken: dict[int, Any]) -> None:
    """The defaults again, where this run's handlers are still in place."""
    defaults = {signal.SIGTERM: signal.SIG_DFL, signal.SIGINT: signal.default_int_handler}
    for number, handler in taken.items():
        if signal.getsignal(number) is handler:
            signal.signal(number, defaults[number])


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """After Ctrl-C: the engine is stopped and the run exits 130."""
    if session.config.stash.get(_INTERRUPTED, False):
        _close_engines(session.config)
        session.exitstatus = INTERRUPTED_EXIT
