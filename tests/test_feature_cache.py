"""Feature files parsed by Gherkin remembered by content (ginspec.bdd.feature_cache): pytest-bdd
gets the same document from the memory as from parsing, a changed file is parsed again, and a file
the parser rejects is reported as pytest-bdd reports it and never remembered."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from ginspec.bdd.feature_cache import _remembering, digest, install

_documents = importlib.import_module("pytest_bdd.gherkin_parser")
_gherkin = importlib.import_module("gherkin.parser")

FEATURE = """Feature: Sets
  Scenario: Three of a kind
    Given standard rules
    When the cards "7c 7d 7h" are checked as a meld
    Then it is valid
"""


def _reader() -> tuple[object, list[str]]:
    parsed: list[str] = []

    def parse(text: str) -> object:
        parsed.append(text)
        return _gherkin.Parser().parse(text)

    return _remembering(_documents.get_gherkin_document, parse, _documents.GherkinDocument.from_dict), parsed


@pytest.fixture
def memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GINSPEC_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "parsed"


def test_the_suites_runs_read_feature_files_through_the_memory() -> None:
    assert install()
    assert getattr(importlib.import_module("pytest_bdd.parser").get_gherkin_document, "__ginspec_feature_cache__", False)


def test_a_remembered_file_gives_the_document_pytest_bdd_parses(tmp_path: Path, memory: Path) -> None:
    feature = tmp_path / "sets.feature"
    feature.write_text(FEATURE, encoding="utf-8")
    read, parsed = _reader()
    first, second = read(str(feature)), read(str(feature))
    assert first == second == _documents.get_gherkin_document(str(feature))
    assert len(parsed) == 1 and (memory / f"{digest(FEATURE)}.marshal").is_file()
    feature.write_text(FEATURE.replace("7h", "7s"), encoding="utf-8")
    changed = read(str(feature))
    assert len(parsed) == 2 and "7s" in changed.feature.children[0].scenario.steps[1].text


def test_a_file_the_parser_rejects_is_reported_by_pytest_bdd_and_not_remembered(tmp_path: Path, memory: Path) -> None:
    feature = tmp_path / "broken.feature"
    feature.write_text("Feature: Broken\n  Scenario: One\n    Given a step\n  Oops this is no step\n", encoding="utf-8")
    read, _ = _reader()
    with pytest.raises(Exception) as ours:
        read(str(feature))
    with pytest.raises(Exception) as theirs:
        _documents.get_gherkin_document(str(feature))
    assert type(ours.value) is type(theirs.value) and str(ours.value) == str(theirs.value)
    assert not memory.exists() or not any(memory.iterdir())


def test_remembered_data_of_another_shape_is_parsed_again(tmp_path: Path, memory: Path) -> None:
    """Plain data under a file's key that pytest-bdd cannot build a document from (a memory
    written by hand, say) is not trusted: the file is parsed again and remembered afresh."""
    from ginspec.suite import parsed_cache

    feature = tmp_path / "sets.feature"
    feature.write_text(FEATURE, encoding="utf-8")
    parsed_cache.remember(digest(FEATURE), {"not": "a gherkin document"})
    read, parsed = _reader()
    assert read(str(feature)) == _documents.get_gherkin_document(str(feature))
    assert len(parsed) == 1
    assert parsed_cache.recall(digest(FEATURE)) != {"not": "a gherkin document"}
