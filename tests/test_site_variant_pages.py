"""The variant pages and the drawn vectors, read from the generated Markdown and HTML (no mkdocs):
values are drawn for a reader (no ``None``, braces or brackets), a variant lists the vectors that
test it and the rules it changes in its own game, the variants table breaks names only between
words, and a project's own variants (house variants) are shown beside the shipped ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from ginspec.errors import InvalidVariant
from ginspec.site import Site
from ginspec.site.examples import vector_body
from ginspec.suite.loaded import Suite
from tests.test_site import ROOT, loaded_suite

RAW = re.compile(r"\bNone\b|[{\[]")
TAG = re.compile(r"<[^>]+>")


@pytest.fixture(scope="module")
def site() -> Site:
    return Site(root=ROOT, suite=loaded_suite())


def _text(html: str) -> str:
    return TAG.sub(" ", html)


def test_no_vector_is_drawn_as_a_program_prints_it() -> None:
    shown = {}
    for vector in loaded_suite().vectors:
        text = _text(str(vector_body(vector)))
        found = RAW.search(text)
        if found:
            shown[vector.id] = text[max(0, found.start() - 40) : found.end() + 40]
    assert not shown, f"{len(shown)} vectors drawn with None, {{ or [: {dict(list(shown.items())[:5])}"


def test_an_open_hollywood_column_shows_a_dash_for_its_winner() -> None:
    vector = next(vector for vector in loaded_suite().vectors if vector.kind == "hollywood" and any(column.get("winner") is None for column in vector.expected.get("columns", ())))
    html = str(vector_body(vector))
    columns = html.split("closed after hand", 1)[1].split("</table>", 1)[0]
    assert "<td>–</td>" in columns


def test_points_of_a_table_hand_are_facts_not_a_dictionary() -> None:
    vector = next(vector for vector in loaded_suite().vectors if vector.kind == "table_hand" and isinstance(vector.expected.get("points"), dict))
    html = str(vector_body(vector))
    player, points = next(iter(vector.expected["points"].items()))
    assert f'<span class="gs-key">{player}</span> {points}</span>' in html


def test_a_refused_question_shows_its_values_as_written() -> None:
    vector = next(vector for vector in loaded_suite().vectors if vector.malformed_parameters)
    html = str(vector_body(vector))
    key, value = next(iter(vector.malformed_parameters.items()))
    written = f'"{value}"' if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)
    assert f'<span class="gs-key">{key.replace("_", " ")}</span> <code>{written}</code>' in html


def _tested_vectors(markdown: str) -> int:
    found = re.search(r"\*\*Vectors \((\d+)\):\*\*", markdown)
    return int(found.group(1)) if found else 0


def test_oklahoma_lists_the_vectors_played_with_its_rules(site: Site) -> None:
    markdown = site.builders["variants/oklahoma.md"]()
    # round-0058 is written under standard with oklahoma: true, an ace upcard: Oklahoma's own game
    assert "round-0058" in markdown
    assert _tested_vectors(markdown) >= 20


def test_a_vector_depending_on_a_value_the_variant_does_not_give_is_not_listed(site: Site) -> None:
    suite = loaded_suite()
    oklahoma = suite.variants["oklahoma"].parameters
    other = next(
        vector
        for vector in suite.vectors
        if vector.depends_on and "oklahoma" in vector.depends_on and vector.parameters.get("oklahoma") and any(vector.parameters.get(key) != oklahoma.get(key) for key in vector.depends_on)
    )
    assert f"[{other.id}]" not in site.builders["variants/oklahoma.md"]()


def _rules_it_changes(markdown: str) -> list[str]:
    section = markdown.split("## Rules it changes", 1)[1].split("\n## ", 1)[0] if "## Rules it changes" in markdown else ""
    return re.findall(r"\[([A-Z0-9]+(?:-[A-Z0-9]+)+)\]", section)


@pytest.mark.parametrize(("variant", "own", "foreign"), [("three-player", "MP3-DEALER-SITS-OUT", ("MP4-", "MP3-CUTTHROAT", "MPN-")), ("partnership", "MP4-NET-RESULT", ("MP3-", "MPN-", "OKLA-", "HOLLY-"))])
def test_a_table_variant_changes_only_the_rules_of_its_own_table(site: Site, variant: str, own: str, foreign: tuple[str, ...]) -> None:
    rules = _rules_it_changes(site.builders[f"variants/{variant}.md"]())
    assert own in rules
    strays = [rule for rule in rules if rule.startswith(foreign)]
    assert not strays, f"{variant} lists rules of another game: {strays}"


def test_the_variants_table_breaks_names_only_after_an_underscore(site: Site) -> None:
    markdown = site.builders["variants/index.md"]()
    assert "<code>gin_<wbr>mandatory</code>" in markdown
    assert re.search(r"<thead><tr><th class=\"gs-sticky gs-corner\">", markdown), "the header row is a table head, its first cell the sticky corner"


HOUSE = {
    "name": "my-house",
    "title": "My house: aces and a low knock",
    "description": "The rules of one kitchen table: knock with 5 or less.",
    "sources": ["PAGAT"],
    "extends": "standard",
    "parameters": {"knock_limit": 5},
}


def _house_folder(tmp_path: Path, document: dict = HOUSE) -> Path:
    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / f"{document['name']}.yaml").write_text(yaml.safe_dump(document), encoding="utf-8")
    return folder


def test_house_variants_are_shown_beside_the_shipped_ones(tmp_path: Path) -> None:
    suite = Suite(ROOT, ROOT / "no-reports", house=_house_folder(tmp_path))
    site = Site(root=ROOT, suite=suite)
    assert suite.house_variants == {"my-house"}
    assert "variants/my-house.md" in site.builders and "variants/standard.md" in site.builders
    index = site.builders["variants/index.md"]()
    assert "My house: aces and a low knock *(house variant of this project)*" in index
    assert '<th class="gs-house" title="house variant"><a href="my-house/">my-house</a></th>' in index
    page = site.builders["variants/my-house.md"]()
    assert "a house variant of this project" in page
    assert index.count("(house variant of this project)") == 1, "only the house variant is marked"


def test_the_mkdocs_route_reads_the_house_folder_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GINSPEC_SITE_VARIANTS", str(_house_folder(tmp_path)))
    assert "variants/my-house.md" in Site(root=ROOT, reports=ROOT / "no-reports").builders


def test_a_house_variant_named_like_a_shipped_one_is_refused(tmp_path: Path) -> None:
    folder = _house_folder(tmp_path, {**HOUSE, "name": "oklahoma"})
    with pytest.raises(InvalidVariant, match=r"oklahoma.yaml: variant 'oklahoma' has the name of a shipped variant"):
        _ = Suite(ROOT, ROOT / "no-reports", house=folder).variants


def test_an_empty_house_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidVariant, match="holds no variant file"):
        _ = Suite(ROOT, ROOT / "no-reports", house=tmp_path).variants


HIGHLIGHTED_PAGE = (
    '<h2 id="s">A scenario</h2>\n'
    '<div class="highlight"><pre><span></span><code><span class="k">Given </span><span class="nf">standard rules</span>\n'
    '<span class="k">Then </span><span class="nf">the deadwood is &quot;5&quot; &lt;here&gt;</span>\n</code></pre></div>\n'
    '<p>between</p>\n'
    '<div class="language-json highlight"><span class="filename">a.json</span><pre><span></span><code><span class="p">{}</span></code></pre></div>\n'
)


def test_the_search_reads_highlighted_code_as_plain_text_and_the_page_gets_it_back() -> None:
    from ginspec.site.code_blocks import CodeBlocks

    blocks = CodeBlocks()
    plain = blocks.plain(HIGHLIGHTED_PAGE)
    assert 'class="k"' not in plain and 'class="p"' not in plain and "filename" not in plain
    assert "<pre><code>Given standard rules\nThen the deadwood is &quot;5&quot; &lt;here&gt;\n</code></pre>" in plain
    assert "<p>between</p>" in plain
    assert blocks.restore(plain) == HIGHLIGHTED_PAGE


def test_the_site_build_stops_in_one_line_on_a_broken_house_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    PluginError = pytest.importorskip("mkdocs.exceptions").PluginError

    spec = importlib.util.spec_from_file_location("ginspec_docs_hooks", ROOT / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    monkeypatch.setenv("GINSPEC_SITE_VARIANTS", str(_house_folder(tmp_path, {**HOUSE, "name": "standard"})))
    with pytest.raises(PluginError) as raised:
        hooks.on_config({"docs_dir": str(ROOT / "docs")})
    assert "standard.yaml: variant 'standard' has the name of a shipped variant" in str(raised.value)
    assert "\n" not in str(raised.value)
