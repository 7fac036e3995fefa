"""The conformance report: JSON data, and the terminal summary drawn from it."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import fields
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence, TextIO

from ginspec.adapters.base import Capabilities
from ginspec.judging.again import RunOptions, again_command, report_run_options
from ginspec.judging.blame import blame_section, blame_table
from ginspec.errors import SuiteError
from ginspec.adapters.excerpts import middle_cut, shorten_words
from ginspec.suite.outputs import JSON_REPORT, write_output
from ginspec.suite.identity import suite_content_hash, suite_version
from ginspec.judging.report_findings import (
    FindingGroup,
    compact_ids,
    finding_groups,
    finding_kind,
    summary_lines,
)
from ginspec.judging.runner import FAILING, ORIGINS, STATUSES, CaseResult


def report_stem(engine: str, variant: str | None) -> str:
    """The default name of a run's report: ``<engine>`` for the plain run (the engine's home
    variant, else each case under its own), ``<engine>@<variant>`` for a run under ``--variant``,
    so that a run under one variant never replaces another's report (``reports/*.json``)."""

    def safe(name: str) -> str:
        return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:120]

    return safe(engine) if variant is None else f"{safe(engine)}@{safe(variant)}"


def is_house_variant(variant: str | None) -> bool:
    """Whether a run's variant is a house variant of the user's project (``ginspec.suite.house_variants``)."""
    if variant is None:
        return False
    from ginspec.suite.variants import InvalidVariant, get_variant

    try:
        return get_variant(variant).house
    except InvalidVariant:
        return False


def variant_label(variant: str | None) -> str:
    """A run's variant as its reports name it: a house variant marked as one."""
    if variant is None:
        return "each case under its own"
    return f"{variant} (house variant)" if is_house_variant(variant) else variant


def build_report(
    capabilities: Capabilities, variant: str | None, results: Iterable[CaseResult], engine: str | RunOptions | None = None, diagnose: bool = True
) -> dict[str, Any]:
    """Header (suite, engine, capabilities), the findings (:mod:`ginspec.judging.diagnosis`: one per
    defect, most important first), one record per case, footer (counts). ``engine`` is the run's
    options as typed (kept in the header as ``run``), or its ``--engine`` alone, for the commands
    that run a case again (:mod:`ginspec.judging.again`; default: the engine's own name). Without
    ``diagnose`` the findings are ``None``: not worked out, which is not the same as none."""
    from ginspec.judging.diagnosis import findings_for

    results = list(results)
    records = [_record(result) for result in results]
    run = engine or capabilities.engine
    engine_option = run.engine if isinstance(run, RunOptions) else run
    findings = [finding.to_json() for finding in findings_for(results, capabilities, variant, engine_option)] if diagnose else None
    if isinstance(run, RunOptions):  # each finding's smallest case run again with every option of the run
        for finding in findings or ():
            finding["again"] = again_command(str(finding["smallest"]), run)
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
            **({"run": run.to_json()} if isinstance(run, RunOptions) else {}),
        },
        "findings": findings,
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
    engine plays the rule as its variant declares, which differs from the case as written). A
    derived case is a declared difference only of the rules its changed parameters set, not of
    every rule it is tagged with."""
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for result in results:
        for rule in result.rules:
            row = table[rule]
            if result.status in ("pass", "expected-fail"):
                row["passed"] += 1
            if result.status in FAILING or result.status == "expected-fail":
                row["departures"] += 1
            if result.status == "unsupported":
                row["unsupported"] += 1
        if result.origin == "derived" and result.status == "pass":
            for rule in changed_rules(result.changed):
                table[rule]["declared_differences"] += 1
    return {rule: {key: table[rule][key] for key in ("passed", "departures", "declared_differences", "unsupported")} for rule in sorted(table)}


def changed_rules(parameters: Iterable[str]) -> list[str]:
    """The registered rules that variant ``parameters`` set: those their schema descriptions name
    (``spec/schema/variant.schema.json``)."""
    from ginspec.judging.blame import RULE_ID
    from ginspec.suite.registry import rules_by_id
    from ginspec.suite.variants import parameter_schemas

    registered, schemas = rules_by_id(), parameter_schemas()
    found: dict[str, None] = {}
    for name in parameters:
        for rule in RULE_ID.findall(str(schemas.get(name, {}).get("description", ""))):
            if rule in registered:
                found[rule] = None
    return list(found)


def write_report(report: dict[str, Any], path: Path) -> None:
    """Write the report as strict JSON (no NaN or infinity: engines' answers are checked for them
    when they arrive), atomically, so that an interrupted write never leaves a truncated report."""
    try:
        text = report_text(report)
    except ValueError as exc:
        raise SuiteError(f"{path}: the report holds a value JSON cannot carry: {exc}") from None
    write_output(path, text, "report", JSON_REPORT)


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
    from ginspec.suite.paths import suite_location, vectors_dir

    if any(result.status != "unsupported" for result in results):
        return None
    if not results:
        if not any(vectors_dir().rglob("*.yaml")):
            return f"nothing was checked: no vectors found in the suite at {suite_location()} (set GINSPEC_ROOT or --suite-root to a checkout)"
        return f"nothing was checked: no case matches the selection{f' ({selection})' if selection else ''}"
    return f"nothing was checked: all {len(results)} selected cases are unsupported by the engine (see the report for why)"


CLOSING_COUNTS = (("pass", "passed", "passed"), ("fail", "failed", "failed"), ("expected-fail", "expected failure", "expected failures"), ("unsupported", "unsupported", "unsupported"))
"""The counts the closing line always shows: status, word for one case, word for several."""

CLOSING_EXTRAS = (("unexpected-pass", "unexpected pass", "unexpected passes"), ("error", "error", "errors"), ("timeout", "timeout", "timeouts"), ("suite-error", "suite error", "suite errors"))
"""The counts it shows only when there are some."""


def closing_line_of_counts(counts: Mapping[str, int]) -> str:
    """``N passed, N failed, N expected failures, N unsupported``, then ``N unexpected passes``,
    ``N errors``, ``N timeouts`` and ``N suite errors`` when there are any, from the number of
    cases of each status. Every status is counted apart: a known departure that fails as listed is
    an expected failure, never a pass; only ``passed`` and ``expected failures`` leave the exit
    status at 0."""

    def shown(count: int, one: str, several: str) -> str:
        return f"{count} {one if count == 1 else several}"

    parts = [shown(counts.get(status, 0), one, several) for status, one, several in CLOSING_COUNTS]
    parts += [shown(counts[status], one, several) for status, one, several in CLOSING_EXTRAS if counts.get(status, 0)]
    return ", ".join(parts)


def closing_line(results: list[CaseResult]) -> str:
    """The closing line of a run (:func:`closing_line_of_counts`) for its cases' results."""
    return closing_line_of_counts(Counter(result.status for result in results))


COLUMNS = ("pass", "fail", "error", "timeout", "unsupported", "expected-fail", "unexpected-pass", "suite-error")
HEADINGS = ("pass", "fail", "error", "timeout", "unsupp.", "known", "unexp.", "suite")


def _table_line(label: str, counts: Counter[str]) -> str:
    return f"{label:<30}" + "".join(f"{counts[status]:>8}" for status in COLUMNS) + "\n"


def reproduce_command(result: CaseResult, run: RunOptions | str) -> str:
    """A one-line command that runs this case alone as the run played it
    (:func:`ginspec.judging.again.again_command`)."""
    return again_command(result.id, run)


def _short(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if value is not None else "-"


def failure_lines(result: CaseResult, run: RunOptions | str, statements: dict[str, str]) -> list[str]:
    """What a person needs to act on one failure: cards, expected against observed, the rules."""
    lines = [f"{result.status.upper()} {result.id} ({result.kind}, {result.variant})"]
    if result.input:
        lines.append(f"  input:     {_short(result.input)[:600]}")
    if result.expected is not None:
        lines.append(f"  expected:  {_short(result.expected)[:600]}")
        # where the rules leave a choice, every other answer they admit (ginspec.judging.admissible)
        lines.extend(f"  or:        {_short(other)[:600]}" for other in result.admissible[1:])
        lines.append(f"  observed:  {_short(result.observed)[:600]}")
    lines.append(f"  problem:   {middle_cut(result.message, 900)}")
    for rule in result.rules:
        lines.append(f"  {rule}: {shorten_words(statements.get(rule, '(not registered)'), 300)}")
    lines.append(f"  again:     {reproduce_command(result, run)}")
    return lines


def print_summary(
    results: list[CaseResult],
    out: TextIO,
    engine: str | RunOptions,
    show_rules: bool = False,
    statements: dict[str, str] | None = None,
    report: str | None = None,
    variant: str | None = None,
    findings: Sequence[Mapping[str, Any]] | None = None,
) -> None:
    """First the findings (one per defect, :mod:`ginspec.judging.report_findings`), or when nothing fails
    the rules the known departures point at (:mod:`ginspec.judging.blame`); then the counts per rule area
    (vectors, derived vectors and scenarios apart) and, on request, per rule; then the failing
    cases under their findings, the first few of each in full and the rest by ID. ``engine`` is the
    run's options as typed (or its ``--engine`` alone), which each ``again`` command repeats."""
    by_area: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    by_rule: dict[str, Counter[str]] = defaultdict(Counter)
    for result in results:
        source = "scenarios" if result.kind == "scenario" else ("derived" if result.origin == "derived" else "vectors")
        by_area[(result.area, source)][result.status] += 1
        for rule in result.rules:
            by_rule[rule][result.status] += 1
    derived = sum(1 for result in results if result.origin == "derived")
    out.write(f"engine: {engine.engine if isinstance(engine, RunOptions) else engine}\n")
    out.write(f"variant: {variant_label(variant)}\n")
    out.write(f"cases: {len(results) - derived} as written, {derived} derived for {variant or 'their own variants'}\n")
    groups = finding_groups(findings, results, engine)
    lead = summary_lines(groups) if groups else blame_section(results, statements)
    if lead:
        out.write("\n".join(lead) + "\n\n")
    out.write(f"{'area':<30}" + "".join(f"{heading:>8}" for heading in HEADINGS) + "\n")
    for area, source in sorted(by_area):
        out.write(_table_line(f"{area} {source}", by_area[(area, source)]))
    if show_rules:
        out.write(f"\n{'rule':<30}" + "".join(f"{heading:>8}" for heading in HEADINGS) + "\n")
        for rule in sorted(by_rule):
            out.write(_table_line(rule, by_rule[rule]))
    out.write("".join(grouped_failure_text(groups, engine, statements or {})))
    if report:
        out.write(f"\nreport: {report}\n")
    out.write("\n" + closing_line(results) + "\n")


FULL_IN_TERMINAL = 40
"""Failing cases drawn in full in the terminal, in all findings together."""


def grouped_failure_text(groups: Sequence[FindingGroup], engine: str | RunOptions, statements: dict[str, str]) -> list[str]:
    """Terminal text of the failing cases under their findings: the first few of each finding in
    full (at most :data:`FULL_IN_TERMINAL` in all), the rest by ID."""
    parts: list[str] = []
    budget = FULL_IN_TERMINAL
    for group in groups:
        full, listed = group.split()
        full, listed = full[:budget], full[budget:] + listed
        budget -= len(full)
        parts.append(f"\n== finding {group.number}: {group.title} ({len(group.cases)} failing) ==\n")
        for result in full:
            parts.append("\n".join(failure_lines(result, engine, statements)) + "\n")
        if listed:
            parts.append(f"  and {len(listed)} more:\n" + "\n".join(compact_ids([result.id for result in listed])) + "\n")
    return parts


KNOWN_IN_FULL = 10
"""Known departures drawn in full in the Markdown report; the rest are listed by ID."""


def _markdown_variant_line(report: dict[str, Any]) -> str:
    """The variant a report's run played and how many of its cases were written and derived."""
    header, by_origin = report["header"], report["footer"].get("by_origin", {})
    variant = header.get("variant", "as each case says")
    house = " (a house variant)" if header.get("house_variant") else ""
    written, derived = by_origin.get("written", {}).get("total", 0), by_origin.get("derived", {}).get("total", 0)
    return f"Variant: **{variant}**{house}. Cases: {written} as written, {derived} derived for the variant."


def markdown_report(report: dict[str, Any], statements: dict[str, str]) -> str:
    """The JSON report as a Markdown page: the closing line of the run, the findings first (or, when
    nothing fails, the rules the known departures point at), counts by status and rule, then the
    failing cases under their findings (the first few in full, the rest by ID) and the known
    departures."""
    header, records = report["header"], report["records"]
    engine, run = header["engine"], report_run_options(header)
    groups = finding_groups(report.get("findings"), records, run)
    lines = [
        f"# Conformance of {engine} {header['engine_version']}",
        "",
        f"ginspec {header['suite_version']} (suite content {header.get('suite_content', 'unknown')}), {header['created']}. Kinds answered: {', '.join(header['capabilities']['kinds'])}.",
        "",
        _markdown_variant_line(report),
        "",
        closing_line_of_counts(report["footer"]),
        "",
    ]
    if groups:
        lines += ["## Findings", "", "One per defect, most important first.", "", "| # | finding | rules | failing | smallest case |", "|---|---|---|---|---|"]
        lines += [
            f"| [{group.number}](#finding-{group.number}) | {_cell(group.title)} | {', '.join(group.rules[:3])} | {len(group.cases)} | `{_cell(group.smallest)}` |"
            for group in groups
        ]
        lines.append("")
    else:
        heading, rows = blame_table(records, statements)
        if rows:
            lines += [
                f"## Most likely broken rules, from the {heading}",
                "",
                "Ranked by how well each rule's cases match the failing ones (`ginspec/judging/blame.py`).",
                "",
                "| rank | rule | score | failing | passing | rule says |",
                "|---|---|---|---|---|---|",
                *(f"| {' | '.join(row)} |" for row in rows),
                "",
            ]
    lines += ["| status | cases |", "|---|---|"]
    lines += [f"| {status} | {report['footer'].get(status, 0)} |" for status in STATUSES]
    by_rule: dict[str, Counter[str]] = defaultdict(Counter)
    for record in records:
        for rule in record["rules"]:
            by_rule[rule][record["status"]] += 1
    lines += ["", "## By rule", "", "| rule | " + " | ".join(COLUMNS) + " |", "|---|" + "---|" * len(COLUMNS)]
    for rule in sorted(by_rule):
        lines.append(f"| {rule} | " + " | ".join(str(by_rule[rule][status]) for status in COLUMNS) + " |")
    if groups:
        lines += ["", "## Failing cases by finding"]
    for group in groups:
        full, listed = group.split()
        lines += ["", f'<a id="finding-{group.number}"></a>', "", f"### {group.number}. {group.title}", ""]
        lines.append(f"Rules: {', '.join(group.rules) or '-'}. {len(group.cases)} failing {'case' if len(group.cases) == 1 else 'cases'}; {finding_kind(group)}.")
        if group.again:
            lines += ["", f"The smallest case, `{group.smallest}`, runs again with:", "", "```sh", group.again, "```"]
        lines.append("")
        for record in full:
            lines += ["```", *failure_lines(CaseResult(**record), run, statements), "```", ""]
        if listed:
            lines.append(f"And {len(listed)} more: " + ", ".join(f"`{record['id']}`" for record in listed))
    known = [record for record in records if record["status"] == "expected-fail"]
    if known:
        lines += ["", f"## Known departures ({len(known)})", ""]
        for record in known[:KNOWN_IN_FULL]:
            lines += ["```", *failure_lines(CaseResult(**record), run, statements), "```", ""]
        if len(known) > KNOWN_IN_FULL:
            lines.append(f"And {len(known) - KNOWN_IN_FULL} more: " + ", ".join(f"`{record['id']}`" for record in known[KNOWN_IN_FULL:]))
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """Text for a cell of a Markdown table."""
    return " ".join(text.split()).replace("|", "\\|")
