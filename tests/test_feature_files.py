"""Feature files read for display and traceability (:mod:`ginspec.suite.feature_files`): each read gives
what the file says at that moment, under its own path, whatever was read before."""

from __future__ import annotations

from pathlib import Path

import pytest

from ginspec.suite.feature_files import parse_feature

FIRST = """@MELD-SET
Feature: Sets
  Scenario: Three sevens are a set
    Given the cards "7c 7d 7h"
    Then they form a set
"""

SECOND = """@MELD-SET
Feature: Sets of four
  @MELD-RUN
  Scenario: Four sevens are a set
    Given the cards "7c 7d 7h 7s"
    Then they form a set

  Scenario: Two sevens are not
    Given the cards "7c 7d"
    Then they form no meld
"""


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_read_again_after_it_changed_gives_its_new_scenarios(tmp_path: Path) -> None:
    path = _write(tmp_path / "features" / "melds" / "sets.feature", FIRST)
    before = parse_feature(path, tmp_path)
    assert before.name == "Sets" and [scenario.name for scenario in before.scenarios] == ["Three sevens are a set"]
    _write(path, SECOND)
    after = parse_feature(path, tmp_path)
    assert after.name == "Sets of four" and after.text == SECOND
    assert [scenario.name for scenario in after.scenarios] == ["Four sevens are a set", "Two sevens are not"]
    assert after.scenarios[0].tags == ["MELD-RUN", "MELD-SET"] and after.scenarios[1].tags == ["MELD-SET"]
    assert after.scenarios[0].text.startswith("@MELD-RUN\nScenario: Four sevens are a set")


def test_the_same_text_under_another_path_is_that_file(tmp_path: Path) -> None:
    one = parse_feature(_write(tmp_path / "a" / "features" / "melds" / "sets.feature", SECOND), tmp_path / "a")
    other = parse_feature(_write(tmp_path / "b" / "features" / "runs" / "fours.feature", SECOND), tmp_path / "b")
    assert one.path == "features/melds/sets.feature" and (one.area, one.stem) == ("melds", "sets")
    assert other.path == "features/runs/fours.feature" and (other.area, other.stem) == ("runs", "fours")
    assert one.scenarios == other.scenarios


def test_what_a_reader_changes_in_its_copy_stays_in_its_copy(tmp_path: Path) -> None:
    path = _write(tmp_path / "features" / "melds" / "sets.feature", SECOND)
    first = parse_feature(path, tmp_path)
    first.scenarios[0].tags.append("CHANGED")
    first.scenarios.pop()
    first.tags.clear()
    again = parse_feature(path, tmp_path)
    assert again.scenarios[0].tags == ["MELD-RUN", "MELD-SET"] and len(again.scenarios) == 2 and again.tags == ["MELD-SET"]


def test_a_text_parsed_in_an_earlier_run_is_not_parsed_again(tmp_path: Path, monkeypatch) -> None:
    import ginspec.suite.feature_files as feature_files

    monkeypatch.setenv("GINSPEC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(feature_files, "_PARSED", {})  # nothing parsed in this process yet
    path = _write(tmp_path / "features" / "melds" / "sets.feature", SECOND)
    first = parse_feature(path, tmp_path)
    feature_files._PARSED.clear()  # a new run: nothing parsed in this process

    def parse_again(path: Path, text: str) -> None:
        raise AssertionError(f"{path} was parsed again")

    monkeypatch.setattr(feature_files, "_parse_text", parse_again)
    assert parse_feature(path, tmp_path) == first
    _write(path, FIRST)  # another text: another key, parsed anew
    with pytest.raises(AssertionError, match="parsed again"):
        parse_feature(path, tmp_path)
