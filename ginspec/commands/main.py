"""The ``ginspec`` command: the parser of every command, and ``main``, which runs one.

Each command lives in its own module of this package (``check``, ``hand``, ``score``, ``replay``,
``play``, ``fuzz``, ``coverage``, ``variants``, ``new_engine``, ``cases``, ``dependence``, ``game``,
``selftest``; ``registry export`` in :mod:`ginspec.suite.registry_export`), which adds its options
to the parser and does its work. The parser imports a command's module only when the command line
names that command (:data:`COMMANDS`), and a module imports the work of its command only when it
runs, so that every command starts at once. Every user error is one line on standard error and
exit status 2; a run of the suite exits 1 when a case failed or nothing was checked (README, "Exit
status")."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from functools import lru_cache
from importlib import import_module
from typing import Any, NoReturn, Sequence, TextIO

from ginspec.errors import Interrupted, SuiteError
from ginspec.suite.house_options import add_variants_folder_option, variant_options
from ginspec.suite.paths import ROOT_VARIABLE
from ginspec.suite.identity import SuiteRootAction, VersionAction

COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("ginspec.commands.check", "add_check_command"),
    "hand": ("ginspec.commands.hand", "add_hand_command"),
    "score": ("ginspec.commands.score", "add_score_command"),
    "replay": ("ginspec.commands.replay", "add_replay_command"),
    "play": ("ginspec.commands.play", "add_play_command"),
    "fuzz": ("ginspec.commands.fuzz", "add_fuzz_command"),
    "coverage": ("ginspec.commands.coverage", "add_coverage_command"),
    "variants": ("ginspec.commands.variants", "add_variant_commands"),
    "new-engine": ("ginspec.commands.new_engine", "add_new_engine_command"),
    "cases": ("ginspec.commands.cases", "add_cases_command"),
    "dependence": ("ginspec.commands.dependence", "add_dependence_command"),
    "game": ("ginspec.commands.game", "add_game_command"),
    "registry": ("ginspec.suite.registry_export", "add_registry_command"),
    "selftest": ("ginspec.commands.selftest", "add_selftest_command"),
}
"""Every command, in the order of the help: its name, and the module and function that add its
options to the parser. A command's module is imported only to parse a command line that names it
(or to list every command), and it imports its work only when it runs."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with ``only`` (a name of :data:`COMMANDS`), of that command alone,
    the others' modules left unimported, and with ``only=""`` of none (for ``--version``)."""
    parser = _Parser(prog="ginspec", description="The Gin Rummy specification and conformance suite.")
    parser.add_argument("--version", action=VersionAction, help="print the suite version and the content hash of its vectors and features")
    parser.add_argument("--suite-root", action=SuiteRootAction, metavar="PATH", help="read spec/, vectors/ and features/ from this checkout (as GINSPEC_ROOT does)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, (module, adder) in COMMANDS.items():
        if only is None or name == only:
            getattr(import_module(module), adder)(commands)
    return parser


def _command_named(argv: Sequence[str]) -> str | None:
    """The command a command line names, if it names one of :data:`COMMANDS`: its first word that is
    neither an option of ``ginspec`` itself nor the value of ``--suite-root`` (an abbreviation of it
    included). None for a line that names none, or asks for the help of ``ginspec`` itself; ``""``
    for one that asks for the version first, which needs no command's options."""
    words = iter(argv)
    for word in words:
        if word in ("-h", "--help"):
            return None
        if len(word) > 2 and "--version".startswith(word):
            return ""
        if word.startswith("-"):
            if "=" not in word and len(word) > 2 and "--suite-root".startswith(word):
                next(words, None)
            continue
        return word if word in COMMANDS else None
    return None


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


@lru_cache(maxsize=None)
def _command_line(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of command ``only`` alone (:func:`build_parser`), built once
    in a process that runs several commands (parsing leaves it as it was)."""
    parser = build_parser(only)
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
    words = sys.argv[1:] if argv is None else list(argv)
    root = os.environ.get(ROOT_VARIABLE)
    try:
        return _main(words, out)
    finally:  # --suite-root holds for this command: a caller's next command reads the suite it read before
        if root is None:
            os.environ.pop(ROOT_VARIABLE, None)
        else:
            os.environ[ROOT_VARIABLE] = root


def _main(words: list[str], out: TextIO | None) -> int:
    args = _own_lists(_command_line(_command_named(words)).parse_args(words))
    stream = out or sys.stdout
    previous = _install_signal_handlers()
    try:
        with variant_options(args):  # --variant PATH.yaml and --variants DIR: the project's own variants
            return int(args.handler(args, stream))
    except SuiteError as exc:
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
    except ValueError as exc:  # the reference engine's GinError, once a command has loaded the rules
        if not _rules_error(exc):
            raise
        sys.stderr.write(f"ginspec: error: {exc}\n")
        return 2
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _rules_error(exc: BaseException) -> bool:
    """Whether ``exc`` is the reference engine's refusal of bad input (``GinError``). Only a command
    that loaded the rules can raise one, so the rules are not loaded here to ask."""
    rules_errors = sys.modules.get("reference_impl.errors")
    return rules_errors is not None and isinstance(exc, rules_errors.GinError)


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
