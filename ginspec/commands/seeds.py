"""``ginspec coverage --seeds``: every seed statement with its rules, the scenarios and vectors that
check them, and whether it is executable (``ginspec/suite/seeds.py``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from ginspec.suite.coverage import rule_coverage
from ginspec.suite.paths import suite_root
from ginspec.suite.seeds import statement_coverage


def command_seed_coverage(args: argparse.Namespace, out: TextIO) -> int:
    """Print one line per statement and write the table as JSON; exit 1 when a checkable statement
    has no executable case."""
    from ginspec.suite.outputs import SEED_COVERAGE_TABLE, Outputs, write_output

    outputs = Outputs(force=args.force)
    if args.json:
        path = outputs.claim(Path(args.json), "--json", SEED_COVERAGE_TABLE)
    else:
        path = outputs.claim(suite_root() / "reports" / "seed-coverage.json", "coverage", SEED_COVERAGE_TABLE, create_parent=True)
    rows = statement_coverage(rule_coverage())
    write_output(path, json.dumps({"statements": rows}, indent=2, ensure_ascii=False) + "\n", "--json", SEED_COVERAGE_TABLE)
    out.write(f"{'statement':<10} {'scenarios':>9} {'vectors':>8}  {'status':<12} rules\n")
    missing = 0
    for row in rows:
        if not row["checkable"]:
            status = "not checkable"
        elif row["executable"]:
            status = "executable"
        else:
            status = "NOT COVERED"
            missing += 1
        out.write(f"{row['id']:<10} {len(row['scenarios']):>9} {len(row['vectors']):>8}  {status:<12} {', '.join(row['rules'])}\n")
    checkable = sum(1 for row in rows if row["checkable"])
    out.write(f"\n{len(rows)} seed statements, {checkable} checkable, {missing} of them without an executable case\n")
    out.write(f"written to {path}\n")
    return 1 if missing else 0
