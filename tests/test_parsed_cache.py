"""Parsed YAML remembered by content (ginspec.suite.parsed_cache): the same bytes are not parsed twice,
changed bytes are, and nothing but plain data is ever taken from the memory."""

from __future__ import annotations

import marshal
from pathlib import Path

import pytest

from ginspec.suite import parsed_cache, yamlio
from ginspec.errors import InvalidVector


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GINSPEC_CACHE_DIR", str(folder))
    return folder / "parsed"


def _count_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    parsed: list[str] = []
    real = yamlio.load_yaml_text

    def counting(text: str, where: str, error: type) -> object:
        parsed.append(where)
        return real(text, where, error)

    monkeypatch.setattr(yamlio, "load_yaml_text", counting)
    return parsed


def test_the_same_bytes_are_parsed_once(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v.yaml"
    path.write_text("vectors:\n- id: melds-0001\n  input: {cards: 7c 7d 7h}\n", encoding="utf-8")
    parsed = _count_parses(monkeypatch)
    first = yamlio.load_yaml(path, InvalidVector)
    second = yamlio.load_yaml(path, InvalidVector)
    assert first == second == {"vectors": [{"id": "melds-0001", "input": {"cards": "7c 7d 7h"}}]}
    assert first is not second, "each load is a fresh document the caller may change"
    assert len(parsed) == 1 and len(list(cache.glob("*.marshal"))) == 1
    path.write_text("vectors: []\n", encoding="utf-8")
    assert yamlio.load_yaml(path, InvalidVector) == {"vectors": []}
    assert len(parsed) == 2, "a changed file is parsed again"


def test_a_file_that_does_not_parse_is_reported_every_time(tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("vectors: [\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(InvalidVector, match="bad.yaml: not valid YAML"):
            yamlio.load_yaml(path, InvalidVector)
    assert not list(cache.glob("*.marshal"))


@pytest.mark.parametrize(
    "stored",
    [b"not marshal at all", marshal.dumps({"vectors": {1, 2}}), marshal.dumps(compile("1", "x", "eval")), marshal.dumps({(1,): "a"}), b""],
    ids=["garbage", "a-set", "code", "tuple-key", "empty"],
)
def test_what_is_not_plain_data_is_ignored_and_the_file_parsed(tmp_path: Path, cache: Path, stored: bytes) -> None:
    path = tmp_path / "v.yaml"
    data = b"a: [1, 2]\n"
    path.write_bytes(data)
    cache.mkdir(parents=True)
    (cache / f"{parsed_cache.digest(data)}.marshal").write_bytes(stored)
    assert yamlio.load_yaml(path, InvalidVector) == {"a": [1, 2]}


def test_off_remembers_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GINSPEC_CACHE_DIR", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    path = tmp_path / "v.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    parsed = _count_parses(monkeypatch)
    assert yamlio.load_yaml(path, InvalidVector) == yamlio.load_yaml(path, InvalidVector) == {"a": 1}
    assert len(parsed) == 2 and not any(tmp_path.rglob("*.marshal"))


def test_an_unwritable_cache_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    monkeypatch.setenv("GINSPEC_CACHE_DIR", str(blocker))
    path = tmp_path / "v.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    assert yamlio.load_yaml(path, InvalidVector) == {"a": 1}


def test_the_memory_is_bounded(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parsed_cache, "KEPT", 3)
    for number in range(6):
        path = tmp_path / f"v{number}.yaml"
        path.write_text(f"a: {number}\n", encoding="utf-8")
        yamlio.load_yaml(path, InvalidVector)
    assert len(list(cache.glob("*.marshal"))) == 3
