"""``ginspec coverage --seeds``: every seed statement with its rules, the scenarios and vectors that
check them, and whether it is executable (``ginspec/seeds.py``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from ginspec.coverage import rule_coverage
from ginspec.paths import suite_root
from ginspec.seeds import statement_coverage


def command_seed_coverage(args: argparse.Namespace, out: TextIO) -> int:
    """Print one line per statement and write the table as JSON; exit 1 when a checkable statement
    has no executable case."""
    rows = statement_coverage(rule_coverage())
    path = Path(args.json) if args.json else suite_root() / "reports" / "seed-coverage.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps({"statements": rows}, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    temporary.replace(path)
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
