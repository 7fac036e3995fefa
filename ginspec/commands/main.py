"""The ``ginspec`` command: the parser of every command, and ``main``, which runs one.

Each command lives in its own module of this package (``check``, ``hand``, ``score``, ``replay``,
``play``, ``fuzz``, ``coverage``, ``variants``, ``new_engine``, ``cases``, ``dependence``, ``game``,
``selftest``; ``registry export`` in :mod:`ginspec.suite.registry_export`), which adds its options
to the parser and does its work. Every user error is one line on standard error and exit status 2;
a run of the suite exits 1 when a case failed or nothing was checked (README, "Exit status")."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from functools import lru_cache
from typing import Any, NoReturn, Sequence, TextIO

import reference_impl as ref

from ginspec.commands.cases import add_cases_command
from ginspec.commands.check import add_check_command
from ginspec.commands.coverage import add_coverage_command
from ginspec.commands.dependence import add_dependence_command
from ginspec.commands.fuzz import add_fuzz_command
from ginspec.commands.game import add_game_command
from ginspec.commands.hand import add_hand_command
from ginspec.commands.new_engine import add_new_engine_command
from ginspec.commands.play import add_play_command
from ginspec.commands.replay import add_replay_command
from ginspec.commands.score import add_score_command
from ginspec.commands.variants import add_variant_commands
from ginspec.errors import Interrupted, SuiteError
from ginspec.suite.house_options import add_variants_folder_option, variant_options
from ginspec.suite.identity import SuiteRootAction, VersionAction
from ginspec.suite.registry_export import add_registry_command


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ginspec", description="The Gin Rummy specification and conformance suite.")
    parser.add_argument("--version", action=VersionAction, help="print the suite version and the content hash of its vectors and features")
    parser.add_argument("--suite-root", action=SuiteRootAction, metavar="PATH", help="read spec/, vectors/ and features/ from this checkout (as GINSPEC_ROOT does)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    add_check_command(commands)
    add_hand_command(commands)
    add_score_command(commands)
    add_replay_command(commands)
    add_play_command(commands)
    add_fuzz_command(commands)
    add_coverage_command(commands)
    add_variant_commands(commands)
    add_new_engine_command(commands)
    add_cases_command(commands)
    add_dependence_command(commands)
    add_game_command(commands)
    add_registry_command(commands)
    from ginspec.commands.selftest import add_selftest_command

    add_selftest_command(commands)
    return parser


def _raise_interrupted(signal_number: int, _frame: Any) -> None:
    raise Interrupted(signal_number)


def _install_signal_handlers() -> dict[int, Any]:
    """SIGTERM and SIGHUP (a CI time limit, ``timeout``, a closed terminal) unwind the command
    like Ctrl-C does, so that every ``finally`` runs and each engine's process group is stopped."""
    previous: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            previous[number] = signal.signal(number, _raise_interrupted)
        except ValueError:  # not the main thread: leave signals alone
            pass
    return previous


@lru_cache(maxsize=1)
def _command_line() -> argparse.ArgumentParser:
    """The parser of every command, built once in a process that runs several commands (parsing
    leaves it as it was; building it is most of what a quick command costs)."""
    parser = build_parser()
    add_variants_folder_option(parser)  # --variants DIR wherever --variant is taken
    return parser


def _own_lists(args: argparse.Namespace) -> argparse.Namespace:
    """The parsed arguments with lists of their own: an option left out holds the parser's
    default list itself, which a command must not change for the commands after it."""
    return argparse.Namespace(**{name: list(value) if isinstance(value, list) else value for name, value in vars(args).items()})


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Exit statuses (README, "Exit status"): 0 all checked and passed; 1 a case failed, an engine
    departed or failed, or nothing was checked; 2 a usage error or invalid input (one line on
    standard error); 128+N stopped by signal N (130 Ctrl-C, 143 SIGTERM); 141 output closed early."""
    args = _own_lists(_command_line().parse_args(argv))
    stream = out or sys.stdout
    previous = _install_signal_handlers()
    try:
        with variant_options(args):  # --variant PATH.yaml and --variants DIR: the project's own variants
            return int(args.handler(args, stream))
    except (SuiteError, ref.GinError) as exc:
        sys.stderr.write(f"ginspec: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("ginspec: interrupted\n")
        return 130
    except Interrupted as exc:
        sys.stderr.write(f"ginspec: stopped by signal {exc.signal_number}\n")
        return 128 + exc.signal_number
    except BrokenPipeError:
        _silence_stdout()
        return 141
    except OSError as exc:  # no room left for what is written to standard output
        from ginspec.suite.outputs import output_full

        if (full := output_full(exc)) is None:
            raise
        sys.stderr.write(f"ginspec: error: {full}\n")
        _silence_stdout()
        return 2
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _silence_stdout() -> None:
    """After the reader of our output went away (``ginspec ... | head``), send what is left, and
    the interpreter's final flush, to nowhere instead of a BrokenPipeError traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
