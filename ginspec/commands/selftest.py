"""The ``ginspec selftest`` command (:mod:`ginspec.detection.selftest`)."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any, TextIO

from ginspec.errors import SuiteError, UsageError, quote
from ginspec.suite.outputs import SELFTEST_RECORD, Outputs, write_output


def command_selftest(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.adapters.miniatures import MINIATURES
    from ginspec.suite.paths import work_root
    from ginspec.detection.selftest import PASSING_VERDICT, RECORD, print_table, record, run_selftest

    if args.list:
        for miniature in MINIATURES.values():
            out.write(f"{miniature.name:<30}{miniature.rule:<28}{miniature.area:<12}{miniature.summary}\n")
        return 0
    unknown = [name for name in args.miniature if name not in MINIATURES]
    if unknown:
        raise UsageError(f"--miniature {quote(unknown[0])}: no such miniature (ginspec selftest --list names them)")
    names = list(dict.fromkeys(args.miniature)) or list(MINIATURES)
    saving: Path | None = None
    outputs = Outputs(force=args.force)
    if args.record:
        saving = outputs.claim(Path(args.record), "--record", SELFTEST_RECORD)
    elif not args.miniature and not args.no_record:
        saving = outputs.claim(work_root() / RECORD, "record", SELFTEST_RECORD, create_parent=True)
    keep = None
    if args.keep_reports:
        from ginspec.suite.outputs import claim_folder

        keep = Path(args.keep_reports)
        if not keep.is_dir():
            raise UsageError(f"--keep-reports {quote(args.keep_reports)}: not a folder")
        claim_folder(keep, "--keep-reports")
    from ginspec.suite.paths import features_dir, no_scenarios_folder
    from ginspec.suite.vectors import load_vectors

    load_vectors()  # a broken vector file is named once, not as every miniature's "could not run"
    if not features_dir().is_dir():  # so is a suite without its scenarios
        raise SuiteError(no_scenarios_folder())
    known = read_known_blamed_later(Path(args.known_blamed_later), MINIATURES) if args.known_blamed_later else {}
    outcomes = run_selftest(names, args.jobs, args.timeout, keep)
    data = record(outcomes)
    if saving is not None:
        write_output(saving, json.dumps(data, indent=2, ensure_ascii=False) + "\n", "--record", SELFTEST_RECORD)
    if args.json:
        out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        print_table(outcomes, out)
        if saving is not None:
            out.write(f"record: {saving}\n")
    if not args.known_blamed_later:
        return 0 if all(outcome.verdict == PASSING_VERDICT for outcome in outcomes) else 1
    status = 0
    for outcome in outcomes:
        name, verdict = outcome.miniature.name, outcome.verdict
        if verdict == PASSING_VERDICT and name in known:
            out.write(f"{name}: now blamed first; take it off {args.known_blamed_later}\n")
            status = 1
        elif verdict != PASSING_VERDICT and not (verdict == BLAMED_LATER and name in known):
            status = 1
    listed = sum(1 for outcome in outcomes if outcome.verdict == BLAMED_LATER and outcome.miniature.name in known)
    if listed:
        out.write(f"{listed} caught but blamed later, as {args.known_blamed_later} lists (a known weakness of the ranking, not a pass)\n")
    return status


BLAMED_LATER = "caught, blamed later"


def read_known_blamed_later(path: Path, miniatures: Any) -> dict[str, str]:
    """The miniatures that are caught but whose broken rule the ranking does not yet put first, each
    with its reason: ``miniatures: [{name: ..., reason: ...}]``. A name that is not a miniature, or
    an entry without a reason, is a usage error naming the file."""
    from ginspec.suite.yamlio import load_yaml

    document = load_yaml(path, UsageError)
    entries = document.get("miniatures") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        raise UsageError(f"{path}: a mapping with 'miniatures', a list of {{name, reason}}")
    known: dict[str, str] = {}
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not str(entry.get("reason", "")).strip():
            raise UsageError(f"{path}: entry {number}: give the miniature's name and a reason")
        if entry["name"] not in miniatures:
            raise UsageError(f"{path}: entry {number}: {quote(entry['name'])} is not a miniature (ginspec selftest --list names them)")
        known[entry["name"]] = str(entry["reason"])
    return known


def job_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError(f"{quote(text)}: give 1 to 64 processes")
    return value


def add_selftest_command(commands: Any) -> None:
    from ginspec.suite.option_values import TIMEOUT_HELP, timeout_seconds

    selftest = commands.add_parser(
        "selftest",
        help="run the suite against every miniature (a deliberately wrong engine): each must be caught, its broken rule blamed first",
    )
    selftest.add_argument("--miniature", action="append", default=[], metavar="NAME", help="run only this miniature (repeatable)")
    selftest.add_argument("--list", action="store_true", help="list the miniatures, the rule each breaks and its defect")
    selftest.add_argument("--json", action="store_true", help="print the record as JSON instead of the table")
    selftest.add_argument("--jobs", type=job_count, default=min(2, os.cpu_count() or 1), help="miniatures checked at once, each in its own process (default: 2, or 1 on one core)")
    selftest.add_argument("--record", metavar="PATH", help="write the record here (default: detection/selftest.json, for a run of every miniature)")
    selftest.add_argument("--no-record", action="store_true", help="write no record")
    selftest.add_argument("--force", action="store_true", help="let --record replace a file that is not an earlier selftest record")
    selftest.add_argument("--keep-reports", metavar="FOLDER", help="keep each miniature's conformance report there, as NAME.json")
    selftest.add_argument(
        "--known-blamed-later",
        metavar="FILE",
        help="YAML list of miniatures caught but known to be blamed later; those do not fail the run, and one now blamed first does",
    )
    selftest.add_argument("--timeout", type=timeout_seconds, default=None, help=TIMEOUT_HELP)
    selftest.set_defaults(handler=command_selftest)
