"""The report of a run stopped half-way (Ctrl-C, SIGTERM, SIGHUP).

A stopped ``ginspec check`` still writes its report, with the cases it finished, and says in its
header that it is partial (``"partial"``: why and after how many cases), so that no reader takes
it for a whole run. The command then exits 128+N as before (README, "Exit status").
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

from ginspec.adapters.base import Capabilities
from ginspec.judging.again import RunOptions
from ginspec.errors import Interrupted, SuiteError
from ginspec.judging.runner import CaseResult


def stop_reason(stop: BaseException) -> str:
    return f"signal {stop.signal_number}" if isinstance(stop, Interrupted) else "Ctrl-C"


def write_partial_report(
    path: Path,
    capabilities: Capabilities,
    variant: str | None,
    results: Sequence[CaseResult],
    planned: int,
    stop: BaseException,
    counted: bool = True,
    engine: str | RunOptions | None = None,
) -> None:
    """Write the finished ``results`` to ``path``, marked partial; a failure to write is said in
    one line and does not hide the stop. ``counted`` is false when the run stopped before its
    scenarios were counted: ``planned`` is then only the least number of cases. ``engine`` is the
    run's options (or its ``--engine``) for the commands that run a case again."""
    from ginspec.judging.report import build_report, write_report

    report = build_report(capabilities, variant, results, engine)
    of = f"of {planned}" if counted else f"of at least {planned}"
    report["header"]["partial"] = f"stopped by {stop_reason(stop)} after {len(results)} {of} cases; the others were not run"
    try:
        write_report(report, path)
    except SuiteError as exc:
        sys.stderr.write(f"ginspec: error: {exc}\n")
        return
    sys.stderr.write(f"ginspec: partial report ({len(results)} {of} cases): {path}\n")
