"""``ginspec ARGS`` run in this process by the function ``python -m ginspec`` calls: its exit
status, standard output and standard error, without starting an interpreter for each command.

A test about the program itself (its entry point, its exit status as a process) starts one; a test
about what a command answers, writes or refuses runs it here."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from ginspec.commands.main import main
from ginspec.suite.paths import ROOT_VARIABLE


def ginspec(*args: str, stdin: str | None = None, root: Path | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``ginspec ARGS`` reading the suite at ``root`` (``GINSPEC_ROOT``; none: the suite this
    package runs from), in ``cwd`` when given. ``GINSPEC_ROOT`` is as before afterwards, also when
    the command set it (``--suite-root``)."""
    out, err = io.StringIO(), io.StringIO()
    saved_root = os.environ.pop(ROOT_VARIABLE, None)
    if root is not None:
        os.environ[ROOT_VARIABLE] = str(root)
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        with contextlib.ExitStack() as stack:
            stack.enter_context(contextlib.redirect_stdout(out))
            stack.enter_context(contextlib.redirect_stderr(err))
            if cwd is not None:
                stack.enter_context(contextlib.chdir(cwd))
            try:
                status = main(list(args), out)
            except SystemExit as exc:  # argparse's usage errors, --version
                status = _exit_status(exc, err)
    finally:
        sys.stdin = saved_stdin
        os.environ.pop(ROOT_VARIABLE, None)
        if saved_root is not None:
            os.environ[ROOT_VARIABLE] = saved_root
    return subprocess.CompletedProcess(["ginspec", *args], status, out.getvalue(), err.getvalue())


def ginspec_process(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m ginspec ARGS`` as a program of its own, for the tests about the program itself
    (standard input: ``stdin``, then its end)."""
    return subprocess.run([sys.executable, "-m", "ginspec", *args], input=stdin, capture_output=True, text=True, timeout=300)


def _exit_status(exc: SystemExit, err: io.StringIO) -> int:
    """The status the interpreter would exit with (a message is printed and gives 1)."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    err.write(f"{exc.code}\n")
    return 1
