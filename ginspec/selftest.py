"""``ginspec selftest``: the suite against every miniature (:mod:`ginspec.miniatures`).

Each miniature is checked exactly as ``ginspec check --engine miniature:NAME`` checks it (every
vector and scenario), in a fresh process of its own, several at a time. For each the table shows
the rule it breaks, how many cases fail, and the rules the blame ranking (:mod:`ginspec.blame`)
puts first. The run passes only if every miniature is caught (some case fails) and its broken rule
is ranked first, alone.

The record of a full run is written atomically to ``detection/selftest.json`` (the site's page on
detection power reads it): each miniature's rule, area, defect, counts, verdict and the top of its
ranking.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence, TextIO

from ginspec.blame import Suspect, rank_rules
from ginspec.miniatures import MINIATURES, PREFIX, Miniature
from ginspec.paths import suite_root

RECORD = Path("detection") / "selftest.json"
"""Where a full run is recorded: under the checkout (or, for an installed package, the current folder)."""

VERDICTS = ("blamed first", "caught, blamed later", "caught, not blamed", "missed", "could not run")
PASSING_VERDICT = "blamed first"
_RUNNING: set[subprocess.Popen[str]] = set()
"""The checks running now, stopped if the self-test is interrupted."""
TOP = 3


@dataclass(frozen=True)
class Outcome:
    """One miniature's result."""

    miniature: Miniature
    cases: int
    failing: int
    ranking: tuple[Suspect, ...]
    problem: str = ""

    @property
    def rule_place(self) -> Suspect | None:
        return next((suspect for suspect in self.ranking if suspect.rule == self.miniature.rule), None)

    @property
    def verdict(self) -> str:
        if self.problem:
            return "could not run"
        if not self.failing:
            return "missed"
        place = self.rule_place
        if place is None:
            return "caught, not blamed"
        if place.rank == 1 and not place.tied:
            return PASSING_VERDICT
        return "caught, blamed later"

    def to_json(self) -> dict[str, Any]:
        place = self.rule_place
        return {
            "name": self.miniature.name,
            "rule": self.miniature.rule,
            "area": self.miniature.area,
            "defect": self.miniature.summary,
            "cases": self.cases,
            "failing": self.failing,
            "rule_rank": place.rank if place else None,
            "rule_tied": place.tied if place else False,
            "verdict": self.verdict,
            "blamed": [suspect.to_json() for suspect in self.ranking[:5]],
            **({"problem": self.problem} if self.problem else {}),
        }


def check_miniature(miniature: Miniature, timeout: float | None = None, keep: Path | None = None) -> Outcome:
    """Run ``ginspec check`` against one miniature in a process of its own, and rank its failures.
    With ``keep``, its report is left there as ``NAME.json``."""
    with tempfile.TemporaryDirectory(prefix="ginspec-selftest-") as folder:
        report = (keep or Path(folder)) / f"{miniature.name}.json"
        command = [sys.executable, "-m", "ginspec", "--suite-root", str(suite_root()), "check",
                   "--engine", PREFIX + miniature.name, "--report", str(report), "--quiet"]
        if timeout is not None:
            command += ["--timeout", str(timeout)]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        _RUNNING.add(process)
        try:
            _, errors = process.communicate()
        finally:
            _RUNNING.discard(process)
        if process.returncode not in (0, 1) or not report.exists():
            last = (errors.strip().splitlines() or ["no message"])[-1]
            return Outcome(miniature, 0, 0, (), f"ginspec check exited with status {process.returncode}: {last[:300]}")
        records = json.loads(report.read_text(encoding="utf-8"))["records"]
    ranking = tuple(rank_rules(records))
    failing = sum(1 for record in records if record["status"] in ("fail", "error", "timeout"))
    return Outcome(miniature, len(records), failing, ranking)


def run_selftest(names: Sequence[str], jobs: int, timeout: float | None = None, keep: Path | None = None) -> list[Outcome]:
    """Every named miniature, ``jobs`` at a time, in the order named."""
    chosen = [MINIATURES[name] for name in names]
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        try:
            return list(pool.map(lambda miniature: check_miniature(miniature, timeout, keep), chosen))
        except BaseException:  # Ctrl-C or SIGTERM: stop the checks still running, then go
            pool.shutdown(wait=False, cancel_futures=True)
            for process in list(_RUNNING):
                process.kill()
            raise


def record(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """The saved record of a run (``detection/selftest.json``)."""
    from ginspec.identity import suite_content_hash, suite_version

    return {
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "suite_version": suite_version(),
        "suite_content": suite_content_hash(),
        "summary": summary(outcomes),
        "miniatures": [outcome.to_json() for outcome in outcomes],
    }


def summary(outcomes: Sequence[Outcome]) -> dict[str, int]:
    return {
        "miniatures": len(outcomes),
        "caught": sum(1 for outcome in outcomes if outcome.failing and not outcome.problem),
        "blamed_first": sum(1 for outcome in outcomes if outcome.verdict == PASSING_VERDICT),
    }


def print_table(outcomes: Sequence[Outcome], out: TextIO) -> None:
    """miniature → broken rule → failing cases → rules blamed (top few) → verdict."""
    out.write(f"{'miniature':<30}{'broken rule':<28}{'failing':>8}  {'rules blamed (rank. rule)':<70}verdict\n")
    for outcome in outcomes:
        blamed = "  ".join(f"{suspect.rank}{'=' if suspect.tied else '.'} {suspect.rule}" for suspect in outcome.ranking[:TOP])
        if outcome.problem:
            blamed = outcome.problem[:68]
        out.write(f"{outcome.miniature.name:<30}{outcome.miniature.rule:<28}{outcome.failing:>8}  {blamed:<70}{outcome.verdict}\n")
    counts = summary(outcomes)
    out.write(f"\n{counts['miniatures']} miniatures: {counts['caught']} caught, {counts['blamed_first']} with the broken rule blamed first\n")
