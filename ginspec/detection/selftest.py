"""``ginspec selftest``: the suite against every miniature (:mod:`ginspec.adapters.miniatures`).

Each miniature is checked exactly as ``ginspec check --engine miniature:NAME`` checks it (every
vector and scenario), in a fresh process of its own, several at a time. Its findings
(:mod:`ginspec.judging.diagnosis`) are then worked out here, from the records of its report, by
the same function that writes a report's findings; here the predictions of the known defects are
shared between miniatures, which fail many of the same cases (the checks run with
``--no-diagnosis``, which would otherwise work each miniature's out afresh). For each the table
shows the rule it breaks, how many cases fail, and the first rules of its findings. The run passes
only if every miniature is caught (some case fails) and its first finding names its broken rule
first.

A miniature is in the dictionary of known defects, so its findings are expected to name it. Each
is therefore also diagnosed with itself held out of the dictionary, as a defect never seen before
would be: the table says where its rule then comes (an unexplained finding ranked by the spectrum,
or a like defect of the same rule), and the summary how many still come first. That count is
reported, not gated.

The record of a full run is written atomically to ``detection/selftest.json`` (the site's page on
detection power reads it): each miniature's rule, area, defect, counts, verdict, its findings with
and without itself in the dictionary, and the top of the spectrum ranking.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence, TextIO

from ginspec.judging.blame import Suspect, rank_rules
from ginspec.adapters.miniatures import MINIATURES, PREFIX, Miniature, MiniatureAdapter
from ginspec.suite.paths import suite_root

RECORD = Path("detection") / "selftest.json"
"""Where a full run is recorded: under the checkout (or, for an installed package, the current folder)."""

VERDICTS = ("blamed first", "caught, blamed later", "caught, not blamed", "missed", "could not run")
PASSING_VERDICT = "blamed first"
_RUNNING: set[subprocess.Popen[str]] = set()
"""The checks running now, stopped if the self-test is interrupted."""
TOP = 3


@dataclass(frozen=True)
class Outcome:
    """One miniature's result: its findings with the whole dictionary, and with itself held out."""

    miniature: Miniature
    cases: int
    failing: int
    ranking: tuple[Suspect, ...]
    problem: str = ""
    findings: tuple[dict[str, Any], ...] = ()
    held_out: tuple[dict[str, Any], ...] = ()

    def _place(self, findings: Sequence[dict[str, Any]]) -> int | None:
        return next((index for index, finding in enumerate(findings, start=1) if finding["rules"][:1] == [self.miniature.rule]), None)

    @property
    def finding_place(self) -> int | None:
        """Which finding (1 = the first) names the broken rule first, if any."""
        return self._place(self.findings)

    @property
    def held_out_place(self) -> int | None:
        """The same, with the miniature held out of the dictionary of known defects."""
        return self._place(self.held_out)

    @property
    def rule_place(self) -> Suspect | None:
        return next((suspect for suspect in self.ranking if suspect.rule == self.miniature.rule), None)

    @property
    def verdict(self) -> str:
        if self.problem:
            return "could not run"
        if not self.failing:
            return "missed"
        place = self.finding_place
        if place is None:
            return "caught, not blamed"
        return PASSING_VERDICT if place == 1 else "caught, blamed later"

    def to_json(self) -> dict[str, Any]:
        place = self.rule_place
        return {
            "name": self.miniature.name,
            "rule": self.miniature.rule,
            "area": self.miniature.area,
            "defect": self.miniature.summary,
            "cases": self.cases,
            "failing": self.failing,
            "finding_place": self.finding_place,
            "held_out_place": self.held_out_place,
            "rule_rank": place.rank if place else None,
            "rule_tied": place.tied if place else False,
            "verdict": self.verdict,
            "findings": [_brief(finding) for finding in self.findings[:5]],
            "held_out_findings": [_brief(finding) for finding in self.held_out[:5]],
            "blamed": [suspect.to_json() for suspect in self.ranking[:5]],
            **({"problem": self.problem} if self.problem else {}),
        }


def _brief(finding: dict[str, Any]) -> dict[str, Any]:
    return {key: finding[key] for key in ("title", "rules", "count", "smallest", "defect", "explained")}


def check_miniature(miniature: Miniature, timeout: float | None = None, keep: Path | None = None) -> Outcome:
    """Run ``ginspec check`` against one miniature in a process of its own; read its findings, and
    diagnose its failures again with the miniature held out of the dictionary. With ``keep``, its
    report is left there as ``NAME.json``."""
    with tempfile.TemporaryDirectory(prefix="ginspec-selftest-") as folder:
        report = (keep or Path(folder)) / f"{miniature.name}.json"
        command = [sys.executable, "-m", "ginspec", "--suite-root", str(suite_root()), "check",
                   "--engine", PREFIX + miniature.name, "--report", str(report), "--quiet", "--no-diagnosis"]
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
        data = json.loads(report.read_text(encoding="utf-8"))
    records = data["records"]
    ranking = tuple(rank_rules(records))
    failing = sum(1 for record in records if record["status"] in ("fail", "error", "timeout"))
    if not failing:
        return Outcome(miniature, len(records), failing, ranking)
    return Outcome(
        miniature, len(records), failing, ranking, findings=miniature_findings(miniature, records), held_out=miniature_findings(miniature, records, held_out=True)
    )


def miniature_findings(miniature: Miniature, records: Sequence[dict[str, Any]], held_out: bool = False) -> tuple[dict[str, Any], ...]:
    """The findings of a miniature's report, as ``ginspec check`` works them out (with the
    capabilities a miniature declares); with ``held_out``, with the miniature itself held out of
    the dictionary of known defects."""
    from ginspec.judging.diagnosis import findings_for
    from ginspec.judging.diagnosis.dictionary import known_defects
    from ginspec.judging.diagnosis.hypotheses import Predictions

    engine = PREFIX + miniature.name
    dictionary = known_defects(leave_out=[miniature.name] if held_out else ())
    with _DIAGNOSING:
        if not _SHARED:
            _SHARED.append(Predictions(known_defects()))
        found = findings_for(records, MiniatureAdapter(miniature).capabilities(), None, engine, defects=dictionary, predictions=_SHARED[0])
    return tuple(finding.to_json() for finding in found)


_DIAGNOSING = threading.Lock()
"""One diagnosis at a time: the predictions put defects in force in the one reference engine."""

_SHARED: list[Any] = []
"""The predictions of every miniature's diagnosis, shared: the miniatures' runs ask the same cases."""


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
    from ginspec.suite.identity import suite_content_hash, suite_version

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
        "held_out_first": sum(1 for outcome in outcomes if outcome.held_out_place == 1),
        "held_out_single": sum(1 for outcome in outcomes if outcome.failing and len(outcome.held_out) == 1),
    }


def _firsts(findings: Sequence[dict[str, Any]]) -> str:
    return "  ".join(f"{index}. {finding['rules'][0] if finding['rules'] else '-'}" for index, finding in enumerate(findings[:TOP], start=1))


def print_table(outcomes: Sequence[Outcome], out: TextIO) -> None:
    """miniature → broken rule → failing cases → first rules of its findings → verdict → where the
    rule comes with the miniature held out of the dictionary."""
    out.write(f"{'miniature':<30}{'broken rule':<28}{'failing':>8}  {'findings (first rule of each)':<64}{'verdict':<22}held out\n")
    for outcome in outcomes:
        shown = (outcome.problem or _firsts(outcome.findings))[:62]
        place = outcome.held_out_place
        held = "-" if not outcome.failing else f"{place}." if place else "not found"
        out.write(f"{outcome.miniature.name:<30}{outcome.miniature.rule:<28}{outcome.failing:>8}  {shown:<64}{outcome.verdict:<22}{held}\n")
    counts = summary(outcomes)
    out.write(
        f"\n{counts['miniatures']} miniatures: {counts['caught']} caught, {counts['blamed_first']} with the broken rule in the first finding; "
        f"held out of the dictionary of known defects, {counts['held_out_first']} still first and {counts['held_out_single']} one finding\n"
    )
