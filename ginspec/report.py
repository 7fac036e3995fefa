"""The conformance report: JSON data, and the terminal summary drawn from it."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import asdict
from datetime import datetime, timezone
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Iterable, TextIO

from ginspec.adapters.base import Capabilities
from ginspec.runner import STATUSES, CaseResult

FAILING = ("fail", "error", "timeout")


def suite_version() -> str:
    try:
        return version("ginspec")
    except PackageNotFoundError:
        return "unknown"


def build_report(capabilities: Capabilities, variant: str | None, results: Iterable[CaseResult]) -> dict[str, Any]:
    """Header (suite, engine, capabilities), one record per case, footer (counts)."""
    records = [asdict(result) for result in results]
    counts = Counter(record["status"] for record in records)
    return {
        "header": {
            "suite_version": suite_version(),
            "engine": capabilities.engine,
            "engine_version": capabilities.version,
            "variant": variant or "as each vector says",
            "capabilities": capabilities.to_json(),
            "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        },
        "records": records,
        "footer": {"total": len(records), **{status: counts.get(status, 0) for status in STATUSES}},
    }


def write_report(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def closing_line(results: list[CaseResult]) -> str:
    """``N passed, N failed`` (errors and timeouts count as failures), then unsupported cases as skipped."""
    counts = Counter(result.status for result in results)
    line = f"{counts['pass']} passed, {counts['fail'] + counts['error'] + counts['timeout']} failed"
    if counts["unsupported"]:
        line += f", {counts['unsupported']} skipped"
    return line


def print_summary(results: list[CaseResult], out: TextIO, engine: str, show_rules: bool = False) -> None:
    """Per rule area (and, on request, per rule): passed, failed, errors, unsupported; then failures."""
    by_area: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    by_rule: dict[str, Counter[str]] = defaultdict(Counter)
    for result in results:
        source = "scenarios" if result.kind == "scenario" else "vectors"
        by_area[(result.area, source)][result.status] += 1
        for rule in result.rules:
            by_rule[rule][result.status] += 1
    out.write(f"engine: {engine}\n")
    out.write(f"{'area':<18} {'':<10} {'pass':>6} {'fail':>6} {'error':>6} {'timeout':>8} {'unsupported':>12}\n")
    for area, source in sorted(by_area):
        counts = by_area[(area, source)]
        out.write(
            f"{area:<18} {source:<10} {counts['pass']:>6} {counts['fail']:>6} {counts['error']:>6} "
            f"{counts['timeout']:>8} {counts['unsupported']:>12}\n"
        )
    if show_rules:
        out.write(f"\n{'rule':<30} {'pass':>6} {'fail':>6} {'error':>6} {'timeout':>8} {'unsupported':>12}\n")
        for rule in sorted(by_rule):
            counts = by_rule[rule]
            out.write(
                f"{rule:<30} {counts['pass']:>6} {counts['fail']:>6} {counts['error']:>6} {counts['timeout']:>8} {counts['unsupported']:>12}\n"
            )
    failures = [result for result in results if result.status in FAILING]
    for result in failures[:50]:
        out.write(f"\n{result.status.upper()} {result.id} [{', '.join(result.rules)}] ({result.kind}, {result.variant})\n")
        out.write(f"  input:    {json.dumps(result.input, ensure_ascii=False)}\n")
        out.write(f"  problem:  {result.message}\n")
        if result.kind == "scenario":
            feature, _, name = result.id.partition(": ")
            out.write(f"  again:    pytest tests/test_features.py --engine {engine} -k {json.dumps(name.split(' [')[0])}\n")
        else:
            out.write(f"  again:    ginspec check --engine {engine} --id {result.id}\n")
    if len(failures) > 50:
        out.write(f"\n... and {len(failures) - 50} more failures in the JSON report\n")
    out.write("\n" + closing_line(results) + "\n")
