"""The conformance report as JUnit XML, the format CI systems read.

One ``<testsuite>`` per rule area, one ``<testcase>`` per case (vector or scenario), named by its
case ID; the rule IDs it checks, its kind, variant and origin are ``<property>`` elements. A
failing case (``fail``, ``error``, ``timeout``, ``unexpected-pass``, ``suite-error``) carries a
``<failure>`` (or ``<error>``) with expected against observed; an unsupported case is
``<skipped>`` whose message starts ``unsupported:``. A known departure listed in the expectation
file (``expected-fail``) is ``<skipped>`` too, so that a CI that fails on failures fails only on
new departures, but its message starts ``expected failure (known departure):`` and its ``type`` is
``expected-fail``: JUnit has no count of its own for expected failures, so every
``<testsuite>`` also carries the closing line's counts as properties (``passed``, ``failed``,
``expected_failures``, ``unsupported``, ``unexpected_passes``, ``errors``), which CI pages list
beside the suite. The suite version and content hash are properties of every ``<testsuite>``, and
so is each finding (one defect of the engine, :mod:`ginspec.judging.report_findings`) with a case in it,
as ``finding N``: title, rules, how many cases, the smallest and the command that runs it again.
A failing case names its finding in a ``finding`` property and on the first line of its failure
text.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable, Sequence
from xml.etree import ElementTree as ET

from ginspec.suite.outputs import JUNIT_REPORT, write_output, xml_safe
from ginspec.judging.again import report_run_options
from ginspec.judging.report_findings import FindingGroup, finding_groups

ERROR_STATUSES = ("error", "timeout", "suite-error")
FAILURE_STATUSES = ("fail", "unexpected-pass")
SKIPPED_STATUSES = ("unsupported", "expected-fail")


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True) if value is not None else "-"


def _details(record: dict[str, Any]) -> str:
    lines = []
    if record.get("input"):
        lines.append(f"input:    {_text(record['input'])}")
    if record.get("expected") is not None:
        lines.append(f"expected: {_text(record['expected'])}")
        # where the rules leave a choice, every other answer they admit (ginspec.judging.admissible)
        lines.extend(f"or:       {_text(other)}" for other in (record.get("admissible") or [])[1:])
        lines.append(f"observed: {_text(record.get('observed'))}")
    lines.append(f"problem:  {record.get('message', '')}")
    if record.get("rules"):
        lines.append(f"rules:    {', '.join(record['rules'])}")
    return "\n".join(lines)


def _properties(parent: ET.Element, pairs: Iterable[tuple[str, str]]) -> None:
    properties = ET.SubElement(parent, "properties")
    for name, value in pairs:
        ET.SubElement(properties, "property", name=name, value=str(value))


def _finding_properties(groups: Sequence[FindingGroup], ids: set[str]) -> list[tuple[str, str]]:
    """A ``finding N`` property for each finding with a case in this suite: its title, rules, how
    many cases, the smallest case and the command that runs it again."""
    pairs = []
    for group in groups:
        if any(str(case["id"]) in ids for case in group.cases):
            value = f"{group.title} | rules: {', '.join(group.rules) or '-'} | {len(group.cases)} failing | smallest: {group.smallest}"
            pairs.append((f"finding {group.number}", value + (f" | again: {group.again}" if group.again else "")))
    return pairs


def _verdict_counts(records: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The counts of the closing line (:func:`ginspec.judging.report.closing_line_of_counts`) as
    properties of a ``<testsuite>``: JUnit's own ``skipped`` holds both unsupported cases and
    expected failures, and its ``errors`` engine errors, timeouts and faults of the suite."""
    statuses = [record["status"] for record in records]
    return [
        ("passed", str(statuses.count("pass"))),
        ("failed", str(statuses.count("fail"))),
        ("expected_failures", str(statuses.count("expected-fail"))),
        ("unsupported", str(statuses.count("unsupported"))),
        ("unexpected_passes", str(statuses.count("unexpected-pass"))),
        ("errors", str(sum(statuses.count(status) for status in ERROR_STATUSES))),
    ]


def junit_xml(report: dict[str, Any]) -> str:
    """The JSON report (``ginspec.judging.report.build_report``) as a JUnit XML document."""
    header = report["header"]
    engine = header["engine"]
    by_area: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in report["records"]:
        source = "scenarios" if record["kind"] == "scenario" else "vectors"
        by_area[f"{record['area']} {source}"].append(record)
    groups = finding_groups(report.get("findings"), report["records"], report_run_options(header))
    finding_of = {str(case["id"]): group for group in groups for case in group.cases}
    root = ET.Element("testsuites", name=f"ginspec conformance of {engine}")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for area in sorted(by_area):
        records = by_area[area]
        counts = {
            "tests": len(records),
            "failures": sum(record["status"] in FAILURE_STATUSES for record in records),
            "errors": sum(record["status"] in ERROR_STATUSES for record in records),
            "skipped": sum(record["status"] in SKIPPED_STATUSES for record in records),
        }
        for key, value in counts.items():
            totals[key] += value
        seconds = sum(record.get("seconds") or 0 for record in records)
        suite = ET.SubElement(
            root, "testsuite", name=f"ginspec {area}", timestamp=header["created"], time=f"{seconds:.6f}",
            **{key: str(value) for key, value in counts.items()},
        )
        _properties(
            suite,
            [
                ("suite_version", header["suite_version"]),
                ("suite_content", header.get("suite_content", "unknown")),
                ("engine", engine),
                ("engine_version", header["engine_version"]),
                ("variant", header["variant"]),
                *_finding_properties(groups, {str(record["id"]) for record in records}),
                *_verdict_counts(records),
                *([("house_variant", "true")] if header.get("house_variant") else []),
            ],
        )
        for record in records:
            case = ET.SubElement(
                suite, "testcase", classname=f"ginspec.{area.replace(' ', '.')}", name=record["id"],
                time=f"{record.get('seconds') or 0:.6f}",
            )
            pairs = [("rule", rule) for rule in record.get("rules") or ()]
            pairs += [("kind", record["kind"]), ("variant", record["variant"]), ("status", record["status"])]
            if record.get("origin"):
                pairs.append(("origin", record["origin"]))
            group = finding_of.get(str(record["id"]))
            if group is not None:
                pairs.append(("finding", f"{group.number}. {group.title}"))
            _properties(case, pairs)
            status = record["status"]
            first_line = (record.get("message") or status).splitlines()[0][:300] if record.get("message") else status
            details = (f"finding:  {group.number}. {group.title}\n" if group is not None else "") + _details(record)
            if status in FAILURE_STATUSES:
                ET.SubElement(case, "failure", message=first_line, type=status).text = details
            elif status in ERROR_STATUSES:
                ET.SubElement(case, "error", message=first_line, type=status).text = details
            elif status in SKIPPED_STATUSES:
                kind = "expected failure (known departure)" if status == "expected-fail" else "unsupported"
                reason = f"{kind}: {record.get('message', '')}"
                ET.SubElement(case, "skipped", message=reason[:500], type=status)
    for key, value in totals.items():
        root.set(key, str(value))
    ET.indent(root)
    return xml_safe('<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n")


def write_junit(report: dict[str, Any], path: Path) -> None:
    """Write the report as JUnit XML to ``path`` atomically (a reader never sees half a file)."""
    write_output(path, junit_xml(report), "--junit-xml", JUNIT_REPORT)
