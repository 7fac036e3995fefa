"""The documentation site: built with ``mkdocs build --strict`` into a temporary folder, then its
HTML checked: every rule ID is an anchor on its area page, the variants table lists every variant,
cards are drawn, the conformance pages show a report, and no internal link or anchor is broken.

The site is built once per test run (:func:`built_site`), with a reports folder holding a
sample report that has every kind of result and the report of an engine failing hundreds of cases
(:mod:`tests.failing_report`), beside any real report in ``reports/``; under
pytest-xdist the first process to need it builds it and the others wait and read it.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import html
import importlib.util
import json
import logging
import os
import posixpath
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Iterator
from urllib.parse import unquote, urlsplit

import pytest

try:
    import fcntl
except ImportError:  # not POSIX: each test process builds its own site
    fcntl = None  # type: ignore[assignment]

from ginspec import site as site_module
from ginspec.adapters.base import Capabilities
from ginspec.commands.main import main
from ginspec.suite.registry import load_registry
from ginspec.judging.report import build_report
from ginspec.judging.runner import CaseResult
from ginspec.site import Site, arrangement_html, card_html, hand_html, href, md_cards
from ginspec.suite.loaded import Suite
from ginspec.suite.variants import load_variants
from tests.failing_report import CRASH_DEPARTURE, FAILING_ENGINE, failing_engine_report
from tests.site_reading import PageReading, read_page, read_page_slowly

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_ENGINE = "sample-engine"


def mkdocs_missing() -> str | None:
    for module in ("mkdocs", "material"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[docs]')"
    return None


# -- building the site once ---------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def loaded_suite() -> Suite:
    """The repository's data without conformance reports, loaded once for the tests that read it."""
    return Suite(ROOT, ROOT / "no-reports")


@functools.lru_cache(maxsize=None)
def sample_report() -> dict:
    """A report with a pass, failures of a vector and a scenario, an expected failure and an
    unsupported case, on real vector IDs so that its links resolve."""
    suite = loaded_suite()
    vectors = [vector for vector in suite.vectors if vector.kind in ("deadwood", "score", "knock")]
    rounds = [vector for vector in suite.vectors if vector.kind == "round"]
    scenario = next(f"{feature.path.removeprefix('features/')}: {feature.scenarios[0].name}" for feature in suite.features if feature.scenarios)

    def result(vector, status, observed=None, message=""):
        return CaseResult(
            id=vector.id,
            area=vector.area,
            rules=tuple(vector.rules),
            kind=vector.kind,
            variant=vector.variant,
            status=status,
            expected=dict(vector.expected) if status != "unsupported" else None,
            observed=observed,
            message=message,
            seconds=0.01,
            input=dict(vector.input),
        )

    results = [
        result(vectors[0], "pass", dict(vectors[0].expected)),
        result(vectors[1], "fail", {"deadwood": 99}, "deadwood: expected a different count"),
        result(vectors[2], "expected-fail", {"deadwood": 98}, "a declared departure"),
        result(rounds[0], "unsupported", None, f"{SAMPLE_ENGINE} does not answer 'round' questions"),
        CaseResult(scenario, "melds", ("MELD-SET",), "scenario", "standard", "fail", None, None, "step failed", 0.01),
    ]
    capabilities = Capabilities(engine=SAMPLE_ENGINE, version="0.0.1", kinds=frozenset({"deadwood", "score", "knock"}))
    return build_report(capabilities, None, results)


@contextlib.contextmanager
def _run_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` between the processes of one test run."""
    with open(path, "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@functools.lru_cache(maxsize=None)
def built_site() -> Path:
    """Build the site once (strict), into a temporary folder; returns the site folder.

    In the project's test runs the folder is inside the run's shared folder (``conftest.py``) and
    built under a lock, once for all the processes of the run; otherwise it is this process's own."""
    shared = os.environ.get("GINSPEC_TEST_SHARED_DIR")
    if shared is None or fcntl is None:
        folder = Path(tempfile.mkdtemp(prefix="ginspec-site-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        return _build_site(folder)
    folder = Path(shared) / "site-build"
    with _run_lock(Path(shared) / "site-build.lock"):
        if not (folder / "built").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            site = _build_site(folder)
            (folder / READING).write_text(json.dumps(_read_site(site)), encoding="utf-8")
            (folder / "built").touch()
    return folder / "site"


READING = "reading.json"
"""The file, beside a site built in the run's shared folder, of the anchors and links of its pages."""


def _read_site(site: Path) -> dict[str, dict[str, list[str]]]:
    """Every HTML page of ``site`` (path in the site) -> its anchors and links."""
    pages = {}
    for path in sorted(site.rglob("*.html")):
        reading = read_page(path.read_text(encoding="utf-8"))
        pages[path.relative_to(site).as_posix()] = {"ids": sorted(reading.ids), "links": reading.links}
    return pages


@functools.lru_cache(maxsize=None)
def site_reading() -> dict[str, PageReading]:
    """The anchors and links of every HTML page of :func:`built_site`, by path in the site; read
    once for all the processes of a run when they share the site."""
    site = built_site()
    saved = site.parent / READING
    pages = json.loads(saved.read_text(encoding="utf-8")) if saved.is_file() else _read_site(site)
    return {path: PageReading(set(page["ids"]), page["links"]) for path, page in pages.items()}


def _build_site(folder: Path) -> Path:
    """``mkdocs build --strict`` of the repository into ``folder/site``, with the sample report
    beside the real ones; fails on any warning or error mkdocs logs, as the command would.

    It runs in this process, as the command does (the configuration loaded, the plugins started,
    the site built, the plugins shut down): the suite's vectors and features this process has
    already read are not read again, and no second interpreter imports ginspec."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    reports = folder / "reports"
    reports.mkdir()
    for path in sorted((ROOT / "reports").glob("*.json")):
        shutil.copy(path, reports / path.name)
    (reports / f"{SAMPLE_ENGINE}.json").write_text(json.dumps(sample_report()), encoding="utf-8")
    (reports / f"{FAILING_ENGINE}.json").write_text(json.dumps(failing_engine_report()), encoding="utf-8")
    output = folder / "site"
    with _environment(GINSPEC_SITE_REPORTS=str(reports), NO_MKDOCS_2_WARNING="1"), _mkdocs_log() as log:
        try:
            config = load_config(config_file=str(ROOT / "mkdocs.yml"), strict=True, site_dir=str(output))
            config.plugins.on_startup(command="build", dirty=False)
            try:
                build(config)
            finally:
                config.plugins.on_shutdown()
        except (MkDocsException, SystemExit) as error:
            raise AssertionError(f"mkdocs build --strict failed: {error}\n" + "\n".join(log)[-6000:]) from error
    warnings = [line for line in log if line.startswith(("WARNING", "ERROR", "CRITICAL"))]
    if warnings:
        raise AssertionError("mkdocs build printed warnings:\n" + "\n".join(warnings))
    return output


@contextlib.contextmanager
def _environment(**values: str) -> Iterator[None]:
    """``os.environ`` with ``values`` set, as it was afterwards."""
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


class _Recorder(logging.Handler):
    """The records of mkdocs' loggers, as ``LEVEL - message`` lines (the command prints them so)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname} - {record.getMessage()}")


@contextlib.contextmanager
def _mkdocs_log() -> Iterator[list[str]]:
    """Every record logged under ``mkdocs`` (the theme's and plugins' loggers included) while
    building, at the level the command shows (INFO and above); they are not passed on to the
    test's own log."""
    logger = logging.getLogger("mkdocs")
    recorder = _Recorder()
    level, propagate = logger.level, logger.propagate
    logger.addHandler(recorder)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        yield recorder.lines
    finally:
        logger.removeHandler(recorder)
        logger.setLevel(level)
        logger.propagate = propagate


@pytest.fixture(scope="session")
def site_dir() -> Path:
    reason = mkdocs_missing()
    if reason:
        pytest.skip(reason)
    return built_site()


# -- reading the built HTML ---------------------------------------------------------------------


def parse(site: Path, path: Path) -> PageReading:
    """The anchors and links of the page ``path`` of the built ``site``."""
    return site_reading()[path.relative_to(site).as_posix()]


def page_file(site: Path, url: str) -> Path:
    path = site / url
    return path / "index.html" if url.endswith("/") or path.is_dir() else path


# -- the build ----------------------------------------------------------------------------------


def test_every_rule_id_is_an_anchor_on_its_area_page(site_dir: Path) -> None:
    for name, area in load_registry().items():
        page = site_dir / "rules" / name / "index.html"
        assert page.is_file(), f"no page for the rule area {name}"
        ids = parse(site_dir, page).ids
        missing = [rule.id for rule in area.rules if rule.id not in ids]
        assert not missing, f"rules/{name}/: no anchor for {missing}"


def test_rule_sections_show_statement_status_and_sources(site_dir: Path) -> None:
    text = (site_dir / "rules" / "melds" / "index.html").read_text(encoding="utf-8")
    rule = next(rule for rule in load_registry()["melds"].rules if rule.sources)
    assert rule.title in text
    assert f"gs-status-{rule.status}" in text
    assert f'href="../../sources/#{rule.sources[0]}"' in text


def test_variants_table_lists_every_variant(site_dir: Path) -> None:
    text = (site_dir / "variants" / "index.html").read_text(encoding="utf-8")
    assert "gs-variants-matrix" in text
    matrix = text.split("gs-variants-matrix", 1)[1].split("</table>", 1)[0]
    header = matrix.split("</tr>", 1)[0]
    for name in load_variants():
        assert f">{name}</a></th>" in header, f"variant {name} is not a column of the table"
        assert (site_dir / "variants" / name / "index.html").is_file(), f"no page for variant {name}"
    assert "gs-diff" in matrix, "no value is marked as differing from standard"


def test_cards_are_drawn(site_dir: Path) -> None:
    text = (site_dir / "rules" / "melds" / "index.html").read_text(encoding="utf-8")
    assert 'class="gs-card gs-red' in text and 'class="gs-card gs-black' in text
    assert "\u2665" in text or "\u2666" in text
    assert "gs-meld" in text and "gs-deadwood" in text, "a deadwood example draws its melds and marks its deadwood"


def test_an_engine_page_shows_where_an_unexplained_finding_first_departs(site_dir: Path) -> None:
    page = (site_dir / "conformance" / FAILING_ENGINE / "index.html").read_text(encoding="utf-8")
    finding = page[page.index('id="finding-1"') :]
    assert "First departure:" in finding[:3000] and html.escape(CRASH_DEPARTURE, quote=False) in finding[:3000]
    assert "grouped by its first departure" in finding[:3000]


def test_conformance_pages_show_the_reports(site_dir: Path) -> None:
    text = (site_dir / "conformance" / "index.html").read_text(encoding="utf-8")
    assert "gs-conformance-matrix" in text
    assert SAMPLE_ENGINE in text
    engine = (site_dir / "conformance" / SAMPLE_ENGINE / "index.html").read_text(encoding="utf-8")
    assert "Failing cases (2)" in engine
    assert "Expected" in engine and "Observed" in engine and "99" in engine
    assert "Unsupported (1)" in engine and "Expected to fail (1)" in engine
    for path in sorted((ROOT / "reports").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if site_module.is_report(data):
            assert (site_dir / "conformance" / site_module.slug(path.stem) / "index.html").is_file()


def test_home_page_directives_are_expanded(site_dir: Path) -> None:
    text = (site_dir / "index.html").read_text(encoding="utf-8")
    assert 'href="rules/melds/"' in text, "the table of rule areas"
    assert 'class="gs-stats"' in text and f'href="conformance/{SAMPLE_ENGINE}/"' in text
    for page in [*site_dir.rglob("*.html"), site_dir / "search" / "search_index.json"]:
        text = page.read_text(encoding="utf-8")
        assert "<!-- ginspec:" not in text, f"{page}: a directive was left as it was"
        assert "<!--gs-drawing:" not in text and "<!--gs-element:" not in text, f"{page}: a deferred block was not put back"
        assert "\ue000" not in text and "\\ue000" not in text, f"{page}: a deferred piece was not put back"


def test_reference_pages_are_there(site_dir: Path) -> None:
    for page in ("reference/cli/", "reference/notation/", "reference/vectors/", "reference/protocol/", "guide/adapter/", "guide/variant/", "learn/", "sources/", "registers/conflicts/", "registers/questions/"):
        assert page_file(site_dir, page).is_file(), page
    cli = (site_dir / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    assert "ginspec check" in cli and "--engine" in cli


def test_no_broken_internal_links(site_dir: Path) -> None:
    """Every link of every page (the anchors and links :func:`site_reading` read) leads to a file
    of the site, and to an anchor of that page when it names one."""
    reading = site_reading()
    files = {path.relative_to(site_dir).as_posix() for path in site_dir.rglob("*") if path.is_file()}
    folders = {"."} | {parent for name in files for parent in _parents(name)}
    broken = []
    # 404.html is served for any missing path, so its links are written from the site root
    pages = sorted(name for name in reading if posixpath.basename(name) != "404.html")
    assert len(pages) > 50
    for base in pages:
        for link in reading[base].links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue
            if parts.path:
                target = posixpath.normpath(posixpath.join(posixpath.dirname(base), unquote(parts.path)))
                if target.startswith(("..", "/")):
                    broken.append(f"{base}: {link} leaves the site")
                    continue
                if target in folders:
                    target = posixpath.normpath(posixpath.join(target, "index.html"))
            else:
                target = base
            if target not in files:
                broken.append(f"{base}: {link} (no {target})")
                continue
            if parts.fragment and target.endswith(".html"):
                if unquote(parts.fragment) not in reading[target].ids:
                    broken.append(f"{base}: {link} (no anchor #{parts.fragment})")
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:50])


def _parents(name: str) -> Iterator[str]:
    """The folders holding the file ``name`` of the site, the innermost first."""
    folder = posixpath.dirname(name)
    while folder:
        yield folder
        folder = posixpath.dirname(folder)


def test_the_pages_are_read_as_html_parser_reads_them(site_dir: Path) -> None:
    """The fast reading of the built pages (:mod:`tests.site_reading`) finds the anchors and links
    that :mod:`html.parser` finds, on pages of every kind."""
    for name in ("index.html", "404.html", "rules/melds/index.html", "variants/index.html", "conformance/index.html", f"conformance/{SAMPLE_ENGINE}/index.html", "vectors/round/layoffs/index.html", "reference/cli/index.html"):
        text = (site_dir / name).read_text(encoding="utf-8")
        assert read_page(text) == read_page_slowly(text), name
        assert site_reading()[name] == read_page_slowly(text), name


def test_the_fast_reading_skips_comments_and_the_text_of_scripts() -> None:
    text = (
        '<!-- <a href="gone/" id="gone"> --><p id="one" class=x>1 &lt; 2</p>'
        '<script src="s.js">if (a <b) { document.write(\'<a href="no/" id="no">\') }</script>'
        "<A HREF='x/?a=1&amp;b=2#t' data-note=\"a > b\" id=two><a href name=three><a href=\"\">"
        '<img src="i.svg" alt="<a id=four>"><link rel="icon" href="f.svg"><style>a[id="five"] {}</style>'
        '<div id="six" id="seven"></div>'
    )
    fast = read_page(text)
    assert fast == read_page_slowly(text)
    assert fast.ids == {"one", "two", "three", "six"}
    assert fast.links == ["s.js", "x/?a=1&b=2#t", "", "i.svg", "f.svg"]


# -- the generator without mkdocs ---------------------------------------------------------------


def test_cards_render_with_suit_symbols_and_colours() -> None:
    heart = card_html("Th")
    assert "gs-red" in heart and "10" in heart and "\u2665" in heart and "ten of hearts" in heart
    spade = card_html("As", "deadwood")
    assert "gs-black" in spade and "gs-deadwood" in spade and "\u2660" in spade
    assert hand_html("Kd 2c", sort=True).index("\u2663") < hand_html("Kd 2c", sort=True).index("\u2666")
    drawn = arrangement_html("7c 7d 7h Kd 2s", ["7c 7d 7h"])
    assert drawn.count("gs-deadwood") == 2 and "deadwood 12" in drawn and drawn.count('class="gs-meld"') == 1


def test_card_names_in_text() -> None:
    text = md_cards("As the knocker holds As 2s 3s and `Kd`")
    assert text.startswith("As the knocker")
    assert text.count("gs-cardtext") == 3 and "`Kd`" in text


def test_relative_urls_between_pages() -> None:
    assert href("variants/index.md", "variants/oklahoma.md") == "oklahoma/"
    assert href("variants/index.md", "sources.md", "WIKI") == "../sources/#WIKI"
    assert href("conformance/index.md", "rules/melds.md", "MELD-SET") == "../rules/melds/#MELD-SET"
    assert href("rules/melds.md", "rules/melds.md", "MELD-SET") == "#MELD-SET"
    assert href("rules/melds.md", "index.md") == "../../"


def test_without_reports_the_conformance_page_says_how_to_make_one(tmp_path: Path) -> None:
    page = Site(root=ROOT, reports=tmp_path).conformance_page()
    assert "No conformance report" in page and "ginspec check" in page


def test_every_hand_written_page_is_in_the_navigation(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "findings.md").write_text("# What the engines do\n", encoding="utf-8")
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "history.md").write_text("# A short history\n", encoding="utf-8")
    nav = Site(suite=loaded_suite(), docs=tmp_path).nav()
    pages = set(site_module._nav_pages(nav))
    assert {"index.md", "findings.md", "notes/history.md", "rules/melds.md", "variants/index.md"} <= pages
    assert {"More": [{"A short history": "notes/history.md"}]} in nav
    conformance = next(item["Conformance"] for item in nav if isinstance(item, dict) and "Conformance" in item)
    assert {"What the engines do": "findings.md"} in conformance


def test_reports_folder_skips_other_json(tmp_path: Path) -> None:
    (tmp_path / "coverage.json").write_text("[]", encoding="utf-8")
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    (tmp_path / "x.json").write_text(json.dumps(sample_report()), encoding="utf-8")
    assert [report.slug for report in site_module.load_reports(tmp_path)] == ["x"]


@pytest.mark.parametrize(
    "engine",
    ["exec:{python} docs/examples/tiny_engine.py", "docs.examples.tiny_adapter:TinyAdapter"],
    ids=["json-lines", "python"],
)
def test_the_adapter_guide_examples_pass_their_vectors(engine: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The guide's command, ``ginspec check`` run from the repository (in this process: the
    JSON-lines example is still a program of its own)."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "path", list(sys.path))  # a Python adapter's project joins the path
    status = main(["check", "--engine", engine.format(python=sys.executable), "--area", "melds", "--only", "vectors", "--quiet", "--report", str(tmp_path / "tiny.json")])
    printed = capsys.readouterr()
    assert status == 0, printed.out + printed.err
    footer = json.loads((tmp_path / "tiny.json").read_text(encoding="utf-8"))["footer"]
    assert footer["pass"] > 0 and footer["fail"] == footer["error"] == 0


def test_every_seed_statement_says_how_it_is_checked(site_dir: Path) -> None:
    """The sources page shows, under each seed statement, whether it is executable and by how many
    scenarios and vectors, as ``ginspec coverage --seeds`` counts them."""
    import html
    import re

    from ginspec.suite.seeds import statement_coverage

    text = html.unescape((site_dir / "sources" / "index.html").read_text(encoding="utf-8"))
    rows = statement_coverage(loaded_suite().coverage)
    assert rows
    for row in rows:
        block = re.search(rf'id="{re.escape(row["id"])}"[^>]*>(.*?)</p>', text, re.S)
        assert block, f"no quoted statement {row['id']} on the sources page"
        shown = re.sub(r"<[^>]+>", "", block.group(1))
        if not row["checkable"]:
            assert "not checkable by a case" in shown, shown
        else:
            assert f"executable: {len(row['scenarios'])} scenario" in shown and f"{len(row['vectors'])} vector" in shown, shown


def test_a_vector_page_shows_every_answer_the_rules_admit(site_dir: Path) -> None:
    """scoring-7005 leaves the knocker two least-deadwood spreads (SCORE-AUTO-SPREAD): its page
    shows the answer of the other one beside the written answer."""
    text = page_file(site_dir, "vectors/scoring/rules-extra/").read_text(encoding="utf-8")
    start = text.index('id="scoring-7005"')
    section = text[start : text.index('class="gs-example', start)]
    assert "Also right, as the rules leave a choice" in section and '"points": 26' in section.replace("&quot;", '"').replace("&#34;", '"'), section[:2000]
