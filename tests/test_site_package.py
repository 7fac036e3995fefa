"""The site generator's own shape: one loaded view of the suite, drawings escaped by their templates,
drawings deferred past Markdown and put back whole, and a package of small modules that read cards
and YAML only through the suite's loaders."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

from ginspec.suite.coverage import rule_coverage
from ginspec.site import Site, href
from ginspec.site.cards import cards_in_text, hand_html, row_html
from ginspec.site.examples import answer_html
from ginspec.suite.loaded import Suite

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


def markdown_html(text: str, uri: str) -> str:
    """``text`` as the site's Markdown makes it (the extensions of ``mkdocs.yml``), links to other
    pages (``x.md#a``) written as the built site's URLs, as mkdocs writes them. Without the site's
    extra (``pip install -e '.[docs]'``) the test that asks for it is skipped, as the site tests are."""
    import yaml

    markdown = pytest.importorskip("markdown", reason="markdown is not installed (pip install -e '.[docs]')")
    pytest.importorskip("pymdownx", reason="pymdown-extensions is not installed (pip install -e '.[docs]')")

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    names = [next(iter(item)) if isinstance(item, dict) else item for item in config["markdown_extensions"]]
    options = {next(iter(item)): next(iter(item.values())) for item in config["markdown_extensions"] if isinstance(item, dict)}
    made = markdown.Markdown(extensions=names, extension_configs=options).convert(text)

    def url(match: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(uri), match.group(1) + ".md"))
        return f'href="{href(uri, target, match.group(2))}"'

    return re.sub(r'href="([^"#:]+)\.md(?:#([^"]*))?"', url, made)


@pytest.fixture(scope="module")
def both_sites() -> tuple[Site, Site]:
    """The site made from one loaded suite, with its drawings in place and deferred."""
    suite = Suite(ROOT, ROOT / "no-reports")
    return Site(suite=suite), Site(suite=suite, deferred_drawings=True)


@pytest.mark.parametrize(
    "page",
    ["vectors/melds/sets.md", "vectors/scoring/ties.md", "rules/first-turn.md", "registers/questions.md", "scenarios/deal/impossible-first-dealer.md"],
)
def test_deferred_drawings_come_back_whole(page: str, both_sites: tuple[Site, Site]) -> None:
    """A page made with its drawings, links and card names deferred past Markdown is, once they
    are put back, the page Markdown makes of them written in place: a vector page whose vectors
    skip Markdown but for their headings, one where Markdown must read the descriptions (a
    parameter named in them, variants and values beside them), a rule page (cards named in
    prose, IDs linked in it, links in tables and in a folded list), the open questions (tables
    written as HTML beside tables Markdown must read, emphasis and bold in cells) and a scenario
    page (its facts written as their paragraph, before highlighted Gherkin)."""
    direct_site, deferred_site = both_sites
    direct = direct_site.builders[page]()
    deferred = deferred_site.builders[page]()
    assert not re.search("<!--gs-(drawing|element):", direct) and "\ue000" not in direct
    assert re.search("<!--gs-(drawing|element):", deferred) and "gs-example" not in deferred
    assert "gs-cardtext" not in deferred and "<a href" not in deferred, "links and card names are deferred too"
    assert deferred_site.restore(markdown_html(deferred, page)) == markdown_html(direct, page)


def test_a_link_in_a_heading_stays_markdown(both_sites: tuple[Site, Site]) -> None:
    """The table of contents and a heading's anchor are made from its Markdown text: an ID named
    in a heading is linked in Markdown, the same ID in the text below in HTML put back later."""
    deferred_site = both_sites[1]
    text = "## The count (rule `DEADWOOD-COUNT`)\n\nSee `DEADWOOD-COUNT`.\n"
    made = deferred_site.context.links.linkify(text, "reference/vectors.md")
    heading, body = made.split("\n\n")
    assert heading == "## The count (rule [`DEADWOOD-COUNT`](../rules/melds.md#DEADWOOD-COUNT))"
    assert "\ue000" in body and "](" not in body
    assert deferred_site.restore(body) == 'See <a href="../../rules/melds/#DEADWOOD-COUNT"><code>DEADWOOD-COUNT</code></a>.'


def test_no_yaml_or_card_reading_of_its_own() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import yaml|from yaml)|load_yaml|safe_load", text, re.MULTILINE), f"{path.name} reads YAML itself"
        assert "RANKS" not in text and "def card_value" not in text and "def card_sort_key" not in text, f"{path.name} has card helpers of its own"


def test_modules_stay_small() -> None:
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in PACKAGE.glob("*.py")}
    assert len(sizes) >= 8
    assert max(sizes.values()) <= 400, sizes
