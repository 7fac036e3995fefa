"""``ginspec check --junit-xml``: one testcase per case, rule IDs as properties, failures with
expected against observed, and known departures skipped so that CI fails only on new ones."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

import yaml

from tests.test_expectations import check, suite
from ginspec.suite.yamlio import SAFE_LOADER


def cases(path: Path) -> dict[str, ET.Element]:
    return {case.get("name"): case for case in ET.parse(path).getroot().iter("testcase")}


def test_junit_has_one_testcase_per_case_with_rules_and_the_failure(tmp_path: Path) -> None:
    root = suite(tmp_path)
    junit = tmp_path / "ci" / "junit.xml"
    result = check(root, "--report", str(tmp_path / "r.json"), "--junit-xml", str(junit))
    assert result.returncode == 1, result.stdout + result.stderr
    found = cases(junit)
    assert set(found) == {"scoring-0901", "scoring-0902", "scoring-0903"}
    rules = [prop.get("value") for prop in found["scoring-0902"].iter("property") if prop.get("name") == "rule"]
    assert rules == ["SCORE-UNDERCUT-TIE"]
    failure = found["scoring-0901"].find("failure")
    assert failure is not None and found["scoring-0902"].find("failure") is None
    # the tie is an undercut by the rules; this engine calls it a draw
    assert '"outcome": "undercut"' in failure.text and '"outcome": "draw"' in failure.text
    assert "expected:" in failure.text and "observed:" in failure.text
    root = ET.parse(junit).getroot()
    assert (root.get("tests"), root.get("failures")) == ("3", "1")
    header = {prop.get("name"): prop.get("value") for prop in root.find("testsuite").find("properties")}
    assert header["suite_version"] and header["suite_content"].startswith("sha256:")
    assert not list(junit.parent.glob(".*tmp")), "no temporary file is left beside the report"


def test_a_known_departure_is_skipped_and_only_a_new_one_fails(tmp_path: Path) -> None:
    root = suite(tmp_path)
    baseline = tmp_path / "expectations.yaml"
    check(root, "--report", str(tmp_path / "r.json"), "--expectations", str(baseline), "--write-expectations")
    drafted = yaml.load(baseline.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    assert [entry["id"] for entry in drafted["departures"]] == ["scoring-0901"]
    junit = tmp_path / "junit.xml"
    result = check(root, "--report", str(tmp_path / "r.json"), "--expectations", str(baseline), "--junit-xml", str(junit))
    assert result.returncode == 0, result.stdout + result.stderr
    known = cases(junit)["scoring-0901"]
    assert known.find("failure") is None and known.find("skipped").get("type") == "expected-fail"
    assert ET.parse(junit).getroot().get("failures") == "0"
