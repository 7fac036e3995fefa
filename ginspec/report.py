"""The conformance report: JSON data, and the terminal summary drawn from it."""

from __future__ import annotations

import json
import shlex
from collections import Counter, defaultdict
from dataclasses import fields
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Mapping, TextIO

from ginspec.adapters.base import Capabilities
from ginspec.blame import blame_section, blame_table
from ginspec.errors import SuiteError
from ginspec.files import write_atomic
from ginspec.identity import suite_content_hash, suite_version
from ginspec.runner import FAILING, ORIGINS, STATUSES, CaseResult


def report_stem(engine: str, variant: str | None) -> str:
    """The default name of a run's report: ``<engine>`` for the plain run (the engine's home
    variant, else each case under its own), ``<engine>@<variant>`` for a run under ``--variant``,
    so that a run under one variant never replaces another's report (``reports/*.json``)."""

    def safe(name: str) -> str:
        return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:120]

    return safe(engine) if variant is None else f"{safe(engine)}@{safe(variant)}"


def is_house_variant(variant: str | None) -> bool:
    """Whether a run's variant is a house variant of the user's project (``ginspec.house_variants``)."""
    if variant is None:
        return False
    from ginspec.variants import InvalidVariant, get_variant

    try:
        return get_variant(variant).house
    except InvalidVariant:
        return False


def variant_label(variant: str | None) -> str:
    """A run's variant as its reports name it: a house variant marked as one."""
    if variant is None:
        return "each case under its own"
    return f"{variant} (house variant)" if is_house_variant(variant) else variant


def build_report(capabilities: Capabilities, variant: str | None, results: Iterable[CaseResult]) -> dict[str, Any]:
    """Header (suite, engine, capabilities), one record per case, footer (counts)."""
    records = [_record(result) for result in results]
    counts = Counter(record["status"] for record in records)
    by_origin = {
        origin: {status: sum(1 for record in records if record["origin"] == origin and record["status"] == status) for status in STATUSES}
        for origin in ORIGINS
    }
    return {
        "header": {
            "suite_version": suite_version(),
            "suite_content": suite_content_hash(),
            "engine": capabilities.engine,
            "engine_version": capabilities.version,
            "variant": variant or "as each case says",
            "house_variant": is_house_variant(variant),
            "capabilities": capabilities.to_json(),
            "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        },
        "records": records,
        "footer": {
            "total": len(records),
            **{status: counts.get(status, 0) for status in STATUSES},
            "by_origin": {origin: {"total": sum(by_origin[origin].values()), **by_origin[origin]} for origin in ORIGINS},
            "by_rule": rule_verdicts(results),
        },
    }


def _record(result: CaseResult) -> dict[str, Any]:
    """One case's record: its fields, sharing the case's values (the question, the expected and
    the observed answer are plain JSON data, and nothing changes a record), where a deep copy of
    every answer of a whole run took a noticeable part of writing its report."""
    return {field.name: getattr(result, field.name) for field in fields(result)}


def rule_verdicts(results: Iterable[CaseResult]) -> dict[str, dict[str, int]]:
    """Per rule: cases passed, failing cases (departures from the rules the engine was judged
    under: bugs, unless an expectation file says otherwise), and derived cases passed (the
    engine plays the rule as its variant declares, which differs from the case as written)."""
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for result in results:
        for rule in result.rules:
            row = table[rule]
            if result.status in ("pass", "expected-fail"):
                row["passed"] += 1
            if result.status in FAILING or result.status == "expected-fail":
                row["departures"] += 1
            if result.origin == "derived" and result.status == "pass":
                row["declared_differences"] += 1
            if result.status == "unsupported":
                row["unsupported"] += 1
    return {rule: {key: table[rule][key] for key in ("passed", "departures", "declared_differences", "unsupported")} for rule in sorted(table)}


def write_report(report: dict[str, Any], path: Path) -> None:
    """Write the report as strict JSON (no NaN or infinity: engines' answers are checked for them
    when they arrive), atomically, so that an interrupted write never leaves a truncated report."""
    try:
        text = report_text(report)
    except ValueError as exc:
        raise SuiteError(f"{path}: the report holds a value JSON cannot carry: {exc}") from None
    write_atomic(path, text)


def report_text(report: Mapping[str, Any]) -> str:
    """A report as JSON text: the header and footer indented, and one line per case record, so
    that two reports compare line by line, case by case (and a report of thousands of cases is
    written at the speed of the compact encoder). Raises ValueError for NaN or infinity."""
    parts = []
    for key, value in report.items():
        name = json.dumps(key, ensure_ascii=False)
        if key == "records" and isinstance(value, list) and value:
            lines = ",\n".join("    " + json.dumps(record, ensure_ascii=False, allow_nan=False) for record in value)
            parts.append(f"  {name}: [\n{lines}\n  ]")
        else:
            nested = json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False).replace("\n", "\n  ")
            parts.append(f"  {name}: {nested}")
    return "{\n" + ",\n".join(parts) + "\n}\n" if parts else "{}\n"


def nothing_checked(results: list[CaseResult], selection: str = "") -> str | None:
    """Why a run checked nothing (no case, or every case unsupported), or ``None`` if it checked
    something. A run that checks nothing must not look like a pass."""
    from ginspec.paths import suite_location, vectors_dir

    if any(result.status != "unsupported" for result in results):
        return None
    if not results:
        if not any(vectors_dir().rglob("*.yaml")):
            return f"nothing was checked: no vectors found in the suite at {suite_location()} (set GINSPEC_ROOT or --suite-root to a checkout)"
        return f"nothing was checked: no case matches the selection{f' ({selection})' if selection else ''}"
    return f"nothing was checked: all {len(results)} selected cases are unsupported by the engine (see the report for why)"


def closing_line(results: list[CaseResult]) -> str:
    """``N passed, N failed``: errors, timeouts and unexpected passes count as failures, a known
    departure that still fails as expected counts as passed; unsupported cases follow as skipped."""
    counts = Counter(result.status for result in results)
    line = f"{counts['pass'] + counts['expected-fail']} passed, {sum(counts[status] for status in FAILING)} failed"
    if counts["unsupported"]:
        line += f", {counts['unsupported']} skipped"
    return line


COLUMNS = ("pass", "fail", "error", "timeout", "unsupported", "expected-fail", "unexpected-pass", "suite-error")
HEADINGS = ("pass", "fail", "error", "timeout", "unsupp.", "known", "unexp.", "suite")


def _table_line(label: str, counts: Counter[str]) -> str:
    return f"{label:<30}" + "".join(f"{counts[status]:>8}" for status in COLUMNS) + "\n"


def reproduce_command(result: CaseResult, engine: str) -> str:
    """A one-line command that runs this case alone."""
    if result.kind == "scenario":
        name = result.id.partition(": ")[2].split(" [")[0]
        return f"pytest tests/test_features.py --engine {shlex.quote(engine)} -k {shlex.quote(name)}"
    return f"ginspec check --engine {shlex.quote(engine)} --id {result.id}"


def _short(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if value is not None else "-"


def failure_lines(result: CaseResult, engine: str, statements: dict[str, str]) -> list[str]:
    """What a person needs to act on one failure: cards, expected against observed, the rules."""
    lines = [f"{result.status.upper()} {result.id} ({result.kind}, {result.variant})"]
    if result.input:
        lines.append(f"  input:     {_short(result.input)[:600]}")
    if result.expected is not None:
        lines.append(f"  expected:  {_short(result.expected)[:600]}")
        lines.append(f"  observed:  {_short(result.observed)[:600]}")
    lines.append(f"  problem:   {result.message[:600]}")
    for rule in result.rules:
        lines.append(f"  {rule}: {statements.get(rule, '(not registered)')[:300]}")
    lines.append(f"  again:     {reproduce_command(result, engine)}")
    return lines


def print_summary(
    results: list[CaseResult],
    out: TextIO,
    engine: str,
    show_rules: bool = False,
    statements: dict[str, str] | None = None,
    report: str | None = None,
    variant: str | None = None,
) -> None:
    """First the rules most likely broken (:mod:`ginspec.blame`), then the counts per rule area
    (vectors, derived vectors and scenarios apart) and, on request, per rule; then the failures."""
    by_area: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    by_rule: dict[str, Counter[str]] = defaultdict(Counter)
    for result in results:
        source = "scenarios" if result.kind == "scenario" else ("derived" if result.origin == "derived" else "vectors")
        by_area[(result.area, source)][result.status] += 1
        for rule in result.rules:
            by_rule[rule][result.status] += 1
    derived = sum(1 for result in results if result.origin == "derived")
    out.write(f"engine: {engine}\n")
    out.write(f"variant: {variant_label(variant)}\n")
    out.write(f"cases: {len(results) - derived} as written, {derived} derived for {variant or 'their own variants'}\n")
    blamed = blame_section(results, statements)
    if blamed:
        out.write("\n".join(blamed) + "\n\n")
    out.write(f"{'area':<30}" + "".join(f"{heading:>8}" for heading in HEADINGS) + "\n")
    for area, source in sorted(by_area):
        out.write(_table_line(f"{area} {source}", by_area[(area, source)]))
    if show_rules:
        out.write(f"\n{'rule':<30}" + "".join(f"{heading:>8}" for heading in HEADINGS) + "\n")
        for rule in sorted(by_rule):
            out.write(_table_line(rule, by_rule[rule]))
    failures = [result for result in results if result.status in FAILING]
    for result in failures[:40]:
        out.write("\n" + "\n".join(failure_lines(result, engine, statements or {})) + "\n")
    if len(failures) > 40:
        out.write(f"\n... and {len(failures) - 40} more failures in the JSON report\n")
    if report:
        out.write(f"\nreport: {report}\n")
    out.write("\n" + closing_line(results) + "\n")


def _markdown_variant_line(report: dict[str, Any]) -> str:
    """The variant a report's run played and how many of its cases were written and derived."""
    header, by_origin = report["header"], report["footer"].get("by_origin", {})
    variant = header.get("variant", "as each case says")
    house = " (a house variant)" if header.get("house_variant") else ""
    written, derived = by_origin.get("written", {}).get("total", 0), by_origin.get("derived", {}).get("total", 0)
    return f"Variant: **{variant}**{house}. Cases: {written} as written, {derived} derived for the variant."


def markdown_report(report: dict[str, Any], statements: dict[str, str]) -> str:
    """The JSON report as a Markdown page: the rules most likely broken, counts per area and rule,
    then every failure."""
    header, records = report["header"], report["records"]
    engine = header["engine"]
    lines = [
        f"# Conformance of {engine} {header['engine_version']}",
        "",
        f"ginspec {header['suite_version']} (suite content {header.get('suite_content', 'unknown')}), {header['created']}. Kinds answered: {', '.join(header['capabilities']['kinds'])}.",
        "",
        _markdown_variant_line(report),
        "",
        "| status | cases |",
        "|---|---|",
    ]
    lines += [f"| {status} | {report['footer'].get(status, 0)} |" for status in STATUSES]
    heading, rows = blame_table(records, statements)
    if rows:
        lines[6:6] = [
            f"## Most likely broken rules, from the {heading}",
            "",
            "Ranked by how well each rule's cases match the failing ones (`ginspec/blame.py`).",
            "",
            "| rank | rule | score | failing | passing | rule says |",
            "|---|---|---|---|---|---|",
            *(f"| {' | '.join(row)} |" for row in rows),
            "",
        ]
    by_rule: dict[str, Counter[str]] = defaultdict(Counter)
    for record in records:
        for rule in record["rules"]:
            by_rule[rule][record["status"]] += 1
    lines += ["", "## By rule", "", "| rule | " + " | ".join(COLUMNS) + " |", "|---|" + "---|" * len(COLUMNS)]
    for rule in sorted(by_rule):
        lines.append(f"| {rule} | " + " | ".join(str(by_rule[rule][status]) for status in COLUMNS) + " |")
    failures = [record for record in records if record["status"] in FAILING + ("expected-fail",)]
    if failures:
        lines += ["", "## Failures and known departures", ""]
    for record in failures:
        result = CaseResult(**record)
        lines += ["```", *failure_lines(result, engine, statements), "```", ""]
    return "\n".join(lines) + "\n"
