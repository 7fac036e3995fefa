"""The oracles' reading of YAML files: every caller gets its own copy, and the processes of a run
share one parse of each file, found again by the file's bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.oracle import yamlfile


def test_each_caller_gets_its_own_copy_and_a_changed_file_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(yamlfile.SHARED_FOLDER, str(tmp_path / "shared"))
    path = tmp_path / "cases.yaml"
    path.write_text("vectors:\n- {id: a, input: {cards: 7c 7d 7h}}\n", encoding="utf-8")
    first = yamlfile.read_document(path)
    first["vectors"].clear()
    assert yamlfile.read_document(path) == {"vectors": [{"id": "a", "input": {"cards": "7c 7d 7h"}}]}
    path.write_text("vectors: []\nmore: 1\n", encoding="utf-8")
    assert yamlfile.read_document(path) == {"vectors": [], "more": 1}


def test_another_process_of_the_run_reads_the_shared_parse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(yamlfile.SHARED_FOLDER, str(tmp_path / "shared"))
    path = tmp_path / "cases.yaml"
    path.write_text("a: [1, 2]\n", encoding="utf-8")
    assert yamlfile.read_document(path) == {"a": [1, 2]}
    [kept] = (tmp_path / "shared" / "oracle-yaml").iterdir()
    parses = []
    monkeypatch.setattr(yamlfile, "load_yaml", lambda text: parses.append(text))
    yamlfile._marshalled.cache_clear()  # as a process that has not read the file yet
    assert yamlfile.read_document(path) == {"a": [1, 2]} and parses == []
    kept.unlink()
    yamlfile._marshalled.cache_clear()
    assert yamlfile.read_document(path) is None and len(parses) == 1  # no shared parse: parsed here


def test_a_document_marshal_cannot_hold_is_parsed_by_each_caller(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(yamlfile.SHARED_FOLDER, str(tmp_path / "shared"))
    path = tmp_path / "dated.yaml"
    path.write_text("when: 2026-12-01\n", encoding="utf-8")
    assert str(yamlfile.read_document(path)["when"]) == "2026-12-01"
    assert str(yamlfile.read_document(path)["when"]) == "2026-12-01"
