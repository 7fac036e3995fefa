"""``ginspec cases --variant V [--derived]``: the cases a run under a variant would ask, each with
its expected answer, without an engine.

A vector whose answer the variant does not change is asked as written; one whose answer it changes
(a parameter of its ``depends_on`` differs) is derived: its answer worked out under the variant by
the reference engine and, where the suite's tests are at hand, confirmed by the independent oracle
(:mod:`ginspec.judging.derive`). A case that cannot be posed under the variant is listed as unsupported,
with the reason. The feature scenarios are not listed: their answers are the steps of each scenario.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any, TextIO

from ginspec.errors import UsageError
from ginspec.suite.variants import AS_WRITTEN, get_variant

if TYPE_CHECKING:  # the runner is imported when the command runs, not when the parser is built
    from ginspec.judging.runner import Case


def case_entry(case: Case) -> dict[str, Any]:
    """One case as listed: its ID, kind, variant, origin and expected answer (or why it cannot be
    asked, or why the suite cannot vouch for its answer)."""
    entry: dict[str, Any] = {
        "id": case.id,
        "kind": case.vector.kind,
        "area": case.vector.area,
        "variant": case.variant,
        "origin": case.origin,
        "rules": list(case.vector.rules),
        "expected": dict(case.expected),
    }
    if case.unsupported:
        entry["unsupported"] = case.unsupported
    if case.suite_error:
        entry["suite_error"] = case.suite_error
    return entry


def planned_cases(variant: str, derived_only: bool, areas: list[str], ids: list[str], rules: list[str] | None = None) -> list[dict[str, Any]]:
    """The cases of the vectors chosen as ``check`` chooses them (:func:`ginspec.run.selection.choose_cases`:
    an unknown ID, rule or area is refused in one line), planned under ``variant``."""
    from ginspec.judging.runner import plan_cases
    from ginspec.run.selection import choose_cases

    vectors = list(choose_cases(ids, rules or [], areas, only="vectors").vectors)
    parameters = get_variant(variant).parameters
    entries = [case_entry(case) for case in plan_cases(vectors, variant, parameters)]
    return [entry for entry in entries if entry["origin"] == "derived"] if derived_only else entries


def _answer_text(entry: dict[str, Any]) -> str:
    if "unsupported" in entry:
        return f"unsupported: {entry['unsupported']}"
    if "suite_error" in entry:
        return f"not vouched for: {entry['suite_error']}"
    return json.dumps(entry["expected"], sort_keys=True)


def command_cases(args: argparse.Namespace, out: TextIO) -> int:
    if args.variant == AS_WRITTEN:
        raise UsageError(f"--variant {AS_WRITTEN}: every case is asked as written; name a variant to see what it changes")
    entries = planned_cases(args.variant, args.derived, args.area, args.id, args.rule)
    if not entries:
        raise UsageError("no case matches the selection")
    if args.json:
        out.write(json.dumps(entries) + "\n")
        return 0
    label = get_variant(args.variant).label
    for entry in entries:
        out.write(f"{entry['id']}  {entry['kind']}  {entry['origin']}  {_answer_text(entry)}\n")
    derived = sum(1 for entry in entries if entry["origin"] == "derived")
    out.write(f"{len(entries)} cases under {label}: {len(entries) - derived} as written, {derived} derived\n")
    return 0


def add_cases_command(commands: Any) -> None:
    """Add ``cases`` to the subparsers object of the main parser."""
    cases = commands.add_parser("cases", help="the cases a run under a variant would ask, each with its expected answer")
    cases.add_argument("--variant", default="standard", help="variant name, or a house variant's file PATH.yaml (default: standard)")
    cases.add_argument("--derived", action="store_true", help="only the cases derived for the variant")
    cases.add_argument("--area", action="append", default=[], help="only this rule area (repeatable)")
    cases.add_argument("--rule", action="append", default=[], metavar="ID", help="only the vectors of this rule ID of the registry (repeatable)")
    cases.add_argument("--id", action="append", default=[], help="only this vector (repeatable)")
    cases.add_argument("--json", action="store_true", help="answer in JSON: a list of cases")
    cases.set_defaults(handler=command_cases)


__all__ = ["add_cases_command", "case_entry", "command_cases", "planned_cases"]
