"""The site generator's own shape: one loaded view of the suite, drawings escaped by their templates,
drawings deferred past Markdown and put back whole, and a package of small modules that read cards
and YAML only through the suite's loaders."""

from __future__ import annotations

import re
from pathlib import Path

from ginspec.coverage import rule_coverage
from ginspec.site import Site
from ginspec.site.cards import cards_in_text, hand_html, row_html
from ginspec.site.examples import answer_html
from ginspec.suite import Suite

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ginspec" / "site"


def test_the_suite_coverage_is_the_coverage_computed_on_its_own() -> None:
    suite = Suite(ROOT)
    alone = {rule: entry.to_json() for rule, entry in rule_coverage().items()}
    assert {rule: entry.to_json() for rule, entry in suite.coverage.items()} == alone
    assert any(entry["scenarios"] for entry in alone.values()) and any(entry["vectors"] for entry in alone.values())


def test_the_suite_reads_each_vector_file_once_with_its_description() -> None:
    suite = Suite(ROOT)
    files = [loaded.file for loaded in suite.vector_files]
    assert len(files) == len(set(files)) and all(loaded.description for loaded in suite.vector_files)
    assert [vector.id for vector in suite.vectors] == [vector.id for loaded in suite.vector_files for vector in loaded.vectors]


def test_values_in_drawings_are_escaped() -> None:
    answer = answer_html({"note": "<b>Th</b> & more", "moves": ["<i>"]})
    assert "<b>" not in answer and "&lt;b&gt;" in answer and "&amp; more" in answer and "&lt;i&gt;" in answer
    assert "gs-cardtext" in answer, "a card named in an answer is drawn"
    assert "<script>" not in row_html("<script>", hand_html("Th"))
    assert cards_in_text("Th <x>").endswith("&lt;x&gt;")


def test_deferred_drawings_come_back_whole() -> None:
    page = "vectors/melds/sets.md"
    suite = Suite(ROOT, ROOT / "no-reports")
    direct = Site(suite=suite).builders[page]()
    deferred_site = Site(suite=suite, deferred_drawings=True)
    deferred = deferred_site.builders[page]()
    assert "<!--gs-drawing:" in deferred and "gs-example" not in deferred
    assert "<!--gs-drawing:" not in direct
    assert deferred_site.restore(deferred) == direct


def test_no_yaml_or_card_reading_of_its_own() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import yaml|from yaml)|load_yaml|safe_load", text, re.MULTILINE), f"{path.name} reads YAML itself"
        assert "RANKS" not in text and "def card_value" not in text and "def card_sort_key" not in text, f"{path.name} has card helpers of its own"


def test_modules_stay_small() -> None:
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in PACKAGE.glob("*.py")}
    assert len(sizes) >= 8
    assert max(sizes.values()) <= 400, sizes
