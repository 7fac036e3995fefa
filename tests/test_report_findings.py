"""The reports lead with the findings and stay readable at any size: the terminal summary, the
Markdown report and the JUnit XML show each finding first, then its failing cases (the smallest
first, the first few in full, the rest by ID only), built from a report in the JSON report's shape
(``findings``: title, rules, cases, count, smallest, again, defect, explained)."""

from __future__ import annotations

import io
from typing import Any
from xml.etree import ElementTree as ET

from ginspec.adapters.base import Capabilities
from ginspec.judging.junit import junit_xml
from ginspec.judging.report import build_report, markdown_report, print_summary
from ginspec.judging.report_findings import SHOWN_IN_FULL, UNGROUPED, finding_groups
from ginspec.judging.runner import CaseResult

ENGINE = "tests.engines.wrong:AceCountsEleven"


def _case(case_id: str, status: str = "fail", rules: tuple[str, ...] = ("CARD-VALUES",), area: str = "deadwood") -> CaseResult:
    return CaseResult(case_id, area, rules, "deadwood", "standard", status, {"deadwood": 1}, {"deadwood": 11}, "deadwood: expected 1, observed 11", 0.0, {"hand": "As"})


def _report(failing_per_finding: tuple[int, ...] = (25, 5), stray: int = 2) -> tuple[list[CaseResult], dict[str, Any]]:
    """Results and a report with findings of the given sizes, ``stray`` failing cases in none, one pass."""
    results: list[CaseResult] = [_case("deadwood-9999", "pass")]
    findings = []
    for number, size in enumerate(failing_per_finding, 1):
        ids = [f"f{number}-{index:04d}" for index in range(size)]
        results += [_case(case_id, rules=("CARD-VALUES" if number == 1 else "MELD-RUN",)) for case_id in ids]
        smallest = ids[-1]  # not the first in the list: it must be drawn first all the same
        findings.append({
            "title": f"Defect number {number} of the engine", "rules": ["CARD-VALUES" if number == 1 else "MELD-RUN"], "cases": ids,
            "count": size, "smallest": smallest, "again": f"ginspec check --engine {ENGINE} --id {smallest}",
            "defect": "ace-counts-eleven" if number == 1 else None, "explained": number == 1,
        })
    results += [_case(f"stray-{index}", status="error", rules=("DEADWOOD-COUNT",)) for index in range(stray)]
    report = build_report(Capabilities(engine="ace-eleven", version="1", kinds=frozenset({"deadwood"})), None, results)
    report["findings"] = findings  # the diagnosis's answer, given: these tests are about showing it
    return results, report


def _summary(results: list[CaseResult], report: dict[str, Any]) -> str:
    out = io.StringIO()
    print_summary(results, out, ENGINE, statements={"CARD-VALUES": "An ace is worth 1 point."}, findings=report["findings"])
    return out.getvalue()


def test_groups_put_the_smallest_case_first_and_keep_strays_apart() -> None:
    results, report = _report()
    groups = finding_groups(report["findings"], results, ENGINE)
    assert [len(group.cases) for group in groups] == [25, 5, 2]
    assert groups[0].cases[0].id == "f1-0024" and groups[1].cases[0].id == "f2-0004"
    assert groups[2].title == UNGROUPED and groups[2].again.startswith(f"ginspec check --engine {ENGINE} --id stray-0")


def test_the_terminal_leads_with_the_findings_and_groups_the_failures_under_them() -> None:
    results, report = _report()
    text = _summary(results, report)
    findings_at, table_at = text.index("findings (3, most important first):"), text.index("area ")
    assert findings_at < table_at, "the findings come before the counts"
    assert text.index("1. Defect number 1") < text.index("2. Defect number 2") < table_at
    assert "smallest: f1-0024" in text and f"again: ginspec check --engine {ENGINE} --id f1-0024" in text
    first, second = text.index("== finding 1:"), text.index("== finding 2:")
    assert text.index("FAIL f1-0024", first) < second, "the smallest case is drawn under its finding"
    assert text.count("\nFAIL ") + text.count("\nERROR ") == SHOWN_IN_FULL * 2 + 2
    assert "and 22 more:" in text and "f1-0000" in text, "the rest are listed by ID"
    for result in results[1:]:
        assert result.id in text, f"every failing case is named: {result.id}"
    assert text.rstrip().endswith("1 passed, 30 failed, 0 expected failures, 0 unsupported, 2 errors")


def test_the_terminal_stays_short_at_six_hundred_failures() -> None:
    results, report = _report((400, 150, 40, 10), stray=5)
    text = _summary(results, report)
    assert len(text.splitlines()) < 250, len(text.splitlines())
    assert max(len(line) for line in text.splitlines() if not line.startswith("  again:")) < 200


def test_markdown_leads_with_the_findings() -> None:
    results, report = _report()
    text = markdown_report(report, {"CARD-VALUES": "An ace is worth 1 point."})
    assert text.index("## Findings") < text.index("| status | cases |") < text.index("## Failing cases by finding")
    assert "| [1](#finding-1) | Defect number 1 of the engine | CARD-VALUES | 25 | `f1-0024` |" in text
    section = text[text.index("### 1. Defect number 1"):text.index("### 2. Defect number 2")]
    assert "known defect `ace-counts-eleven`" in section and f"ginspec check --engine {ENGINE} --id f1-0024" in section
    assert section.count("```\nFAIL ") == SHOWN_IN_FULL and "And 22 more: `f1-0002`, `f1-0003`" in section
    assert f"### 3. {UNGROUPED}" in text


def test_junit_names_each_failing_case_s_finding() -> None:
    results, report = _report()
    root = ET.fromstring(junit_xml(report).split("\n", 1)[1])
    suite = root.find("testsuite")
    assert suite is not None
    properties = {prop.get("name"): prop.get("value") or "" for prop in suite.find("properties") or ()}
    assert properties["finding 1"].startswith("Defect number 1 of the engine | rules: CARD-VALUES | 25 failing | smallest: f1-0024")
    assert f"again: ginspec check --engine {ENGINE} --id f1-0024" in properties["finding 1"]
    for case in root.iter("testcase"):
        named = [prop.get("value") for prop in case.iter("property") if prop.get("name") == "finding"]
        problem = case.find("failure") if case.find("failure") is not None else case.find("error")
        if case.get("name") == "deadwood-9999":
            assert not named and problem is None
            continue
        number = {"f1": "1", "f2": "2", "st": "3"}[case.get("name", "")[:2]]
        assert named and named[0].startswith(f"{number}. "), case.get("name")
        assert problem is not None and (problem.text or "").startswith(f"finding:  {number}. ")
