"""Bounded YAML and atomic writes: a document within the bound loads whatever anchors it shares,
one beyond it or referring to itself is refused before it is built; a write replaces a file whole,
keeps its permissions, and output paths are refused before any work."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ginspec.errors import SuiteError, UsageError, quote
from ginspec.suite.files import check_output_path, write_atomic
from ginspec.suite.yamlio import expanded_size, load_yaml_text


def test_shared_anchors_within_the_bound_load() -> None:
    text = "base: &b {knock_limit: 10, big_gin: true}\nvariants: [*b, *b, *b]\n"
    assert load_yaml_text(text, "x.yaml", SuiteError)["variants"][2] == {"knock_limit": 10, "big_gin": True}


def test_the_expanded_size_counts_every_alias_use() -> None:
    import yaml

    node = yaml.compose("a: &a [1, 2]\nb: [*a, *a, *a]\n")
    # mapping 1 + key a 1 + list 3 + key b 1 + list (1 + 3 * 3)
    assert expanded_size(node) == 16


@pytest.mark.parametrize("text", ["&a [*a]", "a: &a {b: *a}"])
def test_a_document_containing_itself_is_refused(text: str) -> None:
    with pytest.raises(SuiteError, match="refers to the node that contains it"):
        load_yaml_text(text, "x.yaml", SuiteError)


def test_a_bomb_is_refused_quickly_and_named() -> None:
    levels = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + n)}: &{chr(98 + n)} [{', '.join([f'*{chr(97 + n)}'] * 10)}]\n" for n in range(12)
    )
    with pytest.raises(SuiteError, match=r"^bomb.yaml: refused: aliases expand it to more than"):
        load_yaml_text(levels, "bomb.yaml", SuiteError)


def test_quote_cuts_a_long_token() -> None:
    assert quote("Zs") == "'Zs'"
    shown = quote("Z" * 10_000)
    assert len(shown) < 100 and "10000 characters" in shown


def test_write_atomic_replaces_whole_and_keeps_permissions(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)
    write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "new"
    assert path.stat().st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ["report.json"]


def test_output_paths_are_refused_before_work(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="is a folder"):
        check_output_path(tmp_path, "--report")
    with pytest.raises(UsageError, match="does not exist"):
        check_output_path(tmp_path / "missing" / "r.json", "--report")
    made = check_output_path(tmp_path / "made" / "r.json", "report", create_parent=True)
    assert made.parent.is_dir()
    existing = tmp_path / "mine.yaml"
    existing.write_text("x", encoding="utf-8")
    with pytest.raises(UsageError, match="--force"):
        check_output_path(existing, "--save", force=False)
    assert check_output_path(existing, "--save", force=True) == existing
