"""``ginspec variants check [PATH...]``: lint variant files.

Each file is read as a command would read it: its YAML and its keys against
``spec/schema/variant.schema.json`` (with a "did you mean" for a misspelt key), its ``extends``
chain, every parameter set, and the parameters that cannot be played together
(:func:`ginspec.suite.variants.consistency_problems`). A shipped variant (a file of the suite's
``spec/variants``) must also describe itself and cite only sources of ``spec/sources.yaml``; a
house variant (any other file, :mod:`ginspec.suite.house_variants`) needs neither, but may not take a
shipped variant's name; its ``extends`` may name a shipped variant or another house variant of its own
folder, and a chain that comes back to a file is reported as a cycle. Without a path: every shipped variant and every house variant in force.
The exit status is 1 when any file has a problem.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from ginspec.suite import house_variants
from ginspec.errors import SuiteError, UsageError
from ginspec.suite.paths import display, variants_dir
from ginspec.suite.variants import _Catalogue, source_codes, variant_files


def _is_shipped(path: Path) -> bool:
    return path.resolve().parent == variants_dir().resolve()


def file_problems(path: Path, codes: frozenset[str] | None = frozenset()) -> list[str]:
    """Every problem of one variant file, each a line naming the file and the key (none: usable)."""
    shipped = _is_shipped(path)
    catalogue = _Catalogue()
    name = path.stem
    if not shipped:
        if name in catalogue.files:
            return [house_variants.collision_message(path)]
        for sibling in _house_siblings(path):
            if sibling.stem not in catalogue.files:
                catalogue.files[sibling.stem] = sibling
                catalogue.house.add(sibling.stem)
        catalogue.files[name] = path
        catalogue.house.add(name)
    try:
        variant = catalogue.variant(name)
    except SuiteError as exc:
        return [str(exc)]
    problems = []
    if shipped:
        if not variant.description.strip():
            problems.append(f"{display(path)}: description: a shipped variant says what it is")
        known = codes or source_codes() or frozenset()
        unknown = [code for code in variant.sources if code not in known]
        if not variant.sources:
            problems.append(f"{display(path)}: sources: a shipped variant cites at least one source of spec/sources.yaml")
        elif unknown:
            problems.append(f"{display(path)}: sources: {', '.join(unknown)} not in spec/sources.yaml")
    return problems


def _house_siblings(path: Path) -> list[Path]:
    """The other variant files of a house variant's folder, which its ``extends`` may name."""
    try:
        return sorted(entry for entry in path.parent.iterdir() if entry.suffix in house_variants.SUFFIXES and entry.is_file() and entry != path)
    except OSError:
        return []


def _files_named(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for value in paths:
        path = Path(value).expanduser()
        if path.is_dir():
            files += sorted(entry for entry in path.iterdir() if entry.suffix in house_variants.SUFFIXES and entry.is_file())
        elif path.is_file():
            files.append(path)
        else:
            raise UsageError(f"{value}: no such variant file or folder")
    return files


def _files_in_force() -> list[Path]:
    return list(variant_files().values()) + house_variants.house_candidates()


def command_check(args: argparse.Namespace, out: TextIO) -> int:
    files = _files_named(args.paths) if args.paths else _files_in_force()
    if not files:
        raise UsageError("no variant file to check")
    codes = source_codes()
    verdicts = {str(path): file_problems(path, codes) for path in files}
    bad = sum(1 for problems in verdicts.values() if problems)
    if args.json:
        out.write(json.dumps({"files": [{"file": file, "problems": problems} for file, problems in verdicts.items()], "bad": bad}) + "\n")
        return 1 if bad else 0
    for file, problems in verdicts.items():
        for problem in problems:
            out.write(f"{problem}\n")
        if not problems:
            out.write(f"{file}: ok\n")
    out.write(f"{len(files)} variant file(s) checked, {bad} with problems\n")
    return 1 if bad else 0


def add_check_command(actions: Any) -> None:
    """Add ``variants check [PATH...]`` to the subcommands of ``ginspec variants``."""
    check = actions.add_parser("check", help="lint variant files: schema, parameters that go together, description and sources")
    check.add_argument("paths", nargs="*", metavar="PATH", help="variant files or folders (default: every variant in force)")
    check.add_argument("--json", action="store_true", help="answer in JSON")
    check.set_defaults(handler=command_check)


__all__ = ["add_check_command", "command_check", "file_problems"]
