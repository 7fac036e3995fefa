"""``ginspec coverage``: the rule-by-rule table of scenarios, vectors and variants (and with
``--seeds``, the same per seed statement)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from ginspec.suite.paths import reports_dir


def command_coverage(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.commands.seeds import command_seed_coverage
    from ginspec.suite.loaded import Suite

    if args.seeds:
        return command_seed_coverage(args, out)
    from ginspec.suite.outputs import COVERAGE_TABLE, Outputs, write_output

    outputs = Outputs(force=args.force)
    if args.json:
        path = outputs.claim(Path(args.json), "--json", COVERAGE_TABLE)
    else:
        path = outputs.claim(reports_dir() / "coverage.json", "coverage", COVERAGE_TABLE, create_parent=True)
    coverage = Suite().coverage
    rows = [entry.to_json() for entry in coverage.values()]
    write_output(path, json.dumps({"rules": rows}, indent=2, ensure_ascii=False) + "\n", "--json", COVERAGE_TABLE)
    out.write(f"{'rule':<30} {'scenarios':>9} {'vectors':>8}  tested under / changed by\n")
    gaps = 0
    for row in sorted(rows, key=lambda row: (row["area"], row["id"])):
        if not row["verifiable"]:
            note = f"not machine-checkable: {row['unverifiable_reason']}"
        else:
            if not row["scenarios"] or not row["vectors"]:
                gaps += 1
            note = ", ".join(row["tested_under"]) or "-"
            if row["changed_by"]:
                note += f"  /  {', '.join(row['changed_by'])}"
        out.write(f"{row['id']:<30} {len(row['scenarios']):>9} {len(row['vectors']):>8}  {note[:110]}\n")
    verifiable = sum(1 for row in rows if row["verifiable"])
    out.write(f"\n{len(rows)} rules, {verifiable} machine-checkable, {gaps} of them lacking a scenario or a vector\n")
    out.write(f"written to {path}\n")
    return 0


def add_coverage_command(commands: Any) -> None:
    coverage = commands.add_parser("coverage", help="the rule-by-rule table of scenarios, vectors and variants")
    coverage.add_argument("--json", help="where to write the table as JSON (default: reports/coverage.json)")
    coverage.add_argument("--force", action="store_true", help="let --json replace a file that is not an earlier coverage table")
    coverage.add_argument("--seeds", action="store_true", help="per seed statement: its rules, scenarios, vectors and whether it is executable")
    coverage.set_defaults(handler=command_coverage)
