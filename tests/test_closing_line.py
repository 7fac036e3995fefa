"""The closing line of ``ginspec check`` tells each kind of verdict apart: a known departure that
still fails as listed (``expected-fail``) is an expected failure, not a pass; an unsupported case
is unsupported, not skipped among the passes; an unexpected pass, an engine error, a timeout and a
fault of the suite itself are named when there are any. The Markdown report ends with the same
line, and the JUnit XML tells an expected failure from an unsupported case."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from ginspec.adapters.base import Capabilities
from ginspec.judging.junit import junit_xml
from ginspec.judging.report import build_report, closing_line, closing_line_of_counts, markdown_report
from ginspec.judging.runner import CaseResult


def _results(**counts: int) -> list[CaseResult]:
    """``counts`` cases of each status (``expected_fail=2``: two known departures)."""
    return [
        CaseResult(f"{status}-{number}", "scoring", ("SCORE-KNOCK-WIN",), "score", "standard", status.replace("_", "-"), None, None, f"why {status}", 0.0)
        for status, count in counts.items()
        for number in range(count)
    ]


@pytest.mark.parametrize(
    ("counts", "line"),
    [
        ({"pass": 3}, "3 passed, 0 failed, 0 expected failures, 0 unsupported"),
        ({"pass": 1024, "expected_fail": 31, "unsupported": 451}, "1024 passed, 0 failed, 31 expected failures, 451 unsupported"),
        ({"pass": 2, "fail": 1, "expected_fail": 1, "unsupported": 1}, "2 passed, 1 failed, 1 expected failure, 1 unsupported"),
        (
            {"pass": 1, "fail": 2, "unexpected_pass": 1, "error": 2, "timeout": 1, "suite_error": 1},
            "1 passed, 2 failed, 0 expected failures, 0 unsupported, 1 unexpected pass, 2 errors, 1 timeout, 1 suite error",
        ),
        ({"unexpected_pass": 2, "timeout": 2}, "0 passed, 0 failed, 0 expected failures, 0 unsupported, 2 unexpected passes, 2 timeouts"),
    ],
)
def test_every_kind_of_verdict_is_counted_apart(counts: dict[str, int], line: str) -> None:
    assert closing_line(_results(**counts)) == line


def _report(**counts: int) -> dict:
    return build_report(Capabilities(engine="e", version="1"), None, _results(**counts))


def test_the_markdown_report_gives_the_closing_line_under_its_title() -> None:
    report = _report(**{"pass": 2, "expected_fail": 1, "unsupported": 3})
    text = markdown_report(report, {})
    assert "2 passed, 0 failed, 1 expected failure, 3 unsupported" in text.splitlines()[2:7], text[:400]
    assert closing_line_of_counts(report["footer"]) == "2 passed, 0 failed, 1 expected failure, 3 unsupported"


def test_junit_tells_an_expected_failure_from_an_unsupported_case(tmp_path: Path) -> None:
    root = ET.fromstring(junit_xml(_report(**{"pass": 2, "expected_fail": 1, "unsupported": 3})))
    skipped = {case.get("name"): case.find("skipped") for case in root.iter("testcase") if case.find("skipped") is not None}
    assert skipped["expected_fail-0"].get("message").startswith("expected failure (known departure): why expected_fail")
    assert skipped["unsupported-0"].get("message").startswith("unsupported: why unsupported")
    suite = root.find("testsuite")
    properties = {prop.get("name"): prop.get("value") for prop in suite.find("properties")}
    assert (properties["passed"], properties["expected_failures"], properties["unsupported"]) == ("2", "1", "3")
    assert (suite.get("tests"), suite.get("skipped"), suite.get("failures")) == ("6", "4", "0")
