"""``ginspec new-engine LANG``: write the example engine of a language as the start of your own.

Each kit (``ginspec/adapters/kits/LANG/``) is a small engine without dependencies that speaks the JSON-lines
protocol (``spec/protocol.md``) and answers the hand questions (meld, deadwood, discard, knock)
correctly; the suite's own tests check every kit. Existing files are never overwritten.
"""

from __future__ import annotations

import argparse
import os
import shlex
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TextIO

from ginspec.errors import UsageError


@dataclass(frozen=True)
class Kit:
    """One language's example engine: its file and how to run it (``{path}`` is the file)."""

    file: str
    command: str
    needs: str


KITS = {
    "python": Kit("gin_engine.py", "python3 {path}", "Python 3.10 or later"),
    "javascript": Kit("gin_engine.cjs", "node {path}", "Node.js 18 or later"),
    "java": Kit("GinEngine.java", "java {path}", "Java 17 or later"),
}


def kit_source(language: str) -> str:
    kit = KITS[language]
    return (resources.files("ginspec.adapters") / "kits" / language / kit.file).read_text(encoding="utf-8")


def engine_option(language: str, path: Path) -> str:
    """The ``--engine`` value that checks the kit written at ``path``."""
    return "exec:" + KITS[language].command.format(path=shlex.quote(str(path)))


def write_kit(language: str, folder: Path) -> Path:
    """Write the kit of ``language`` into ``folder``; refuse if the file is already there."""
    if language not in KITS:
        raise UsageError(f"new-engine {language!r}: choose from {', '.join(KITS)}")
    target = folder / KITS[language].file
    if target.exists():
        raise UsageError(f"{target} already exists; new-engine never overwrites a file (choose another --dir)")
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(kit_source(language))
        os.link(temporary, target)  # whole or not at all, and never over a file that appeared meanwhile
    except FileExistsError:
        raise UsageError(f"{target} already exists; new-engine never overwrites a file (choose another --dir)") from None
    finally:
        os.unlink(temporary)
    return target


def command_new_engine(args: argparse.Namespace, out: TextIO) -> int:
    target = write_kit(args.language, Path(args.dir))
    out.write(f"wrote {target}: an engine answering meld, deadwood, discard and knock questions ({KITS[args.language].needs})\n")
    out.write(f'check it:  ginspec check --engine "{engine_option(args.language, target)}"\n')
    out.write("then replace its hand questions with your engine, and add kinds to its capabilities as you go\n")
    return 0


def add_new_engine_command(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("new-engine", help="write the example protocol engine of a language to start your own")
    parser.add_argument("language", choices=sorted(KITS), help="the language of the engine")
    parser.add_argument("--dir", default=".", help="the folder to write it in (default: the current folder)")
    parser.set_defaults(handler=command_new_engine)
