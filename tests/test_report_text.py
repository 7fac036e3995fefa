"""The JSON text of a report: the header and footer indented, one line per case record, the same
document read back, and strict (no NaN or infinity)."""

from __future__ import annotations

import json
import math

import pytest

from ginspec.judging.report import report_text


def test_a_report_reads_back_as_itself_with_one_line_per_case() -> None:
    report = {
        "header": {"engine": "x", "capabilities": {"kinds": ["meld"]}},
        "records": [{"id": "melds-0001", "observed": {"valid": True}}, {"id": "melds-0002", "message": "a\nb \u2660"}],
        "footer": {"passed": 2},
    }
    text = report_text(report)
    assert json.loads(text) == report
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}" and text.endswith("}\n")
    assert '    {"id": "melds-0001", "observed": {"valid": true}},' in lines
    assert '    {"id": "melds-0002", "message": "a\\nb \u2660"}' in lines
    assert '    "engine": "x",' in lines  # the header is indented


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_value_json_cannot_carry_is_refused(value: float) -> None:
    with pytest.raises(ValueError):
        report_text({"header": {}, "records": [{"observed": {"points": value}}], "footer": {}})
    with pytest.raises(ValueError):
        report_text({"header": {"x": value}, "records": [], "footer": {}})


def test_an_empty_report_and_empty_records_are_still_json() -> None:
    assert json.loads(report_text({})) == {}
    assert json.loads(report_text({"header": {}, "records": [], "footer": {}})) == {"header": {}, "records": [], "footer": {}}
