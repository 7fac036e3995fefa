"""The conformance report as JUnit XML, the format CI systems read.

One ``<testsuite>`` per rule area, one ``<testcase>`` per case (vector or scenario), named by its
case ID; the rule IDs it checks, its kind, variant and origin are ``<property>`` elements. A
failing case (``fail``, ``error``, ``timeout``, ``unexpected-pass``, ``suite-error``) carries a
``<failure>`` (or ``<error>``) with expected against observed; an unsupported case is
``<skipped>``. A known departure listed in the expectation file (``expected-fail``) is
``<skipped>`` too, with its reason, so a CI that fails on failures fails only on new departures.
The suite version and content hash are properties of every ``<testsuite>``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable
from xml.etree import ElementTree as ET

from ginspec.files import write_atomic

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
        lines.append(f"observed: {_text(record.get('observed'))}")
    lines.append(f"problem:  {record.get('message', '')}")
    if record.get("rules"):
        lines.append(f"rules:    {', '.join(record['rules'])}")
    return "\n".join(lines)


def _properties(parent: ET.Element, pairs: Iterable[tuple[str, str]]) -> None:
    properties = ET.SubElement(parent, "properties")
    for name, value in pairs:
        ET.SubElement(properties, "property", name=name, value=str(value))


def junit_xml(report: dict[str, Any]) -> str:
    """The JSON report (``ginspec.report.build_report``) as a JUnit XML document."""
    header = report["header"]
    engine = header["engine"]
    by_area: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for record in report["records"]:
        source = "scenarios" if record["kind"] == "scenario" else "vectors"
        by_area[f"{record['area']} {source}"].append(record)
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
            _properties(case, pairs)
            status = record["status"]
            first_line = (record.get("message") or status).splitlines()[0][:300] if record.get("message") else status
            if status in FAILURE_STATUSES:
                ET.SubElement(case, "failure", message=first_line, type=status).text = _details(record)
            elif status in ERROR_STATUSES:
                ET.SubElement(case, "error", message=first_line, type=status).text = _details(record)
            elif status in SKIPPED_STATUSES:
                reason = f"known departure: {record.get('message', '')}" if status == "expected-fail" else record.get("message", "")
                ET.SubElement(case, "skipped", message=reason[:500], type=status)
    for key, value in totals.items():
        root.set(key, str(value))
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_junit(report: dict[str, Any], path: Path) -> None:
    """Write the report as JUnit XML to ``path`` atomically (a reader never sees half a file)."""
    write_atomic(path, junit_xml(report))
