"""The oracles' reading of YAML files: every caller gets its own copy, and the processes of a run
share one parse of each file, found again by the file's bytes."""

from __future__ import annotations

import marshal
import os
import threading
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
    [kept] = (tmp_path / "shared" / "oracle-yaml").glob("*.marshal")
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


def test_a_process_waits_for_the_parse_another_is_making(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The processes of a run collect at the same moment: while one holds a file's parse, another
    waits for it and reads what the first shared instead of parsing the file itself."""
    fcntl = pytest.importorskip("fcntl")
    monkeypatch.setenv(yamlfile.SHARED_FOLDER, str(tmp_path / "shared"))
    path = tmp_path / "cases.yaml"
    path.write_text("a: [1, 2]\n", encoding="utf-8")
    target = yamlfile._shared_copy(path.read_bytes())
    assert target is not None
    os.makedirs(os.path.dirname(target))
    held = os.open(target + ".lock", os.O_CREAT | os.O_RDWR)
    fcntl.flock(held, fcntl.LOCK_EX)  # as the first process, parsing
    parses: list[bytes] = []
    monkeypatch.setattr(yamlfile, "load_yaml", lambda text: parses.append(text) or {"parsed": "here"})
    yamlfile._marshalled.cache_clear()
    read: list[object] = []
    waiting = threading.Thread(target=lambda: read.append(yamlfile.read_document(path)))
    waiting.start()
    waiting.join(0.3)
    assert waiting.is_alive() and not read  # it waits for the lock
    with open(target, "wb") as f:
        f.write(marshal.dumps({"parsed": "there"}))
    os.close(held)
    waiting.join(10)
    assert read == [{"parsed": "there"}] and parses == []
