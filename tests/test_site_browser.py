"""The documentation site in a real browser: Debian's headless chromium driven by Playwright, over
``python -m http.server`` on 127.0.0.1. A rule page shows its cards, the search finds a rule by its
ID, the variants table and the conformance matrix render and the variants table keeps its labels in
sight while scrolled, no page logs an error, no page of the site scrolls sideways in a phone's
window (390 pixels) or a desktop's (1280), and no page shows a value as a program prints it
(``None``, ``{``, ``[``) outside a block of code. Screenshots go to ``test-artifacts/``.

One browser and one tab serve the whole module; the tab goes from page to page as a reader's would.
For the width of the pages each page is loaded once, in a phone's or a desktop's window, and
measured again with the window resized to the other: the style sheets and the page's scripts answer
a resized window as they answer one opened at that size. A page that a test of its own opens is
measured there, once that test's checks have passed (the home page before the search opens over
it), and not loaded again.
"""

from __future__ import annotations

import functools
import importlib.util
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from ginspec.suite.registry import load_registry
from ginspec.suite.variants import load_variants
from tests.failing_report import FAILING_ENGINE, LONG_TOKEN, failing_engine_report
from tests.test_site import SAMPLE_ENGINE, built_site, mkdocs_missing

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--in-process-gpu",  # what draws the pages runs in the browser's process: no third process to talk to
    "--disable-software-rasterizer",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
NAVIGATION_MS = 120_000
"""How long a page may take to load: a failing engine's page is long, and a machine shared by many
test processes draws it slowly."""
DESKTOP = {"width": 1280, "height": 900}


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return "chromium is not installed (apt-get install -y chromium chromium-driver)"
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install -e '.[docs]')"
    return mkdocs_missing()


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    site = built_site()
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("the http.server did not start") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            instance.close()


SETTLED = """async () => {
    const frame = () => new Promise(done => requestAnimationFrame(done));
    await frame();
    await frame();
    for (const running of document.getAnimations()) {
        if (running.effect?.getComputedTiming().endTime !== Infinity) running.finish();
    }
    await frame();
}"""
"""A script that returns once the page is drawn and still: two frames drawn (the layout, and what
the page's scripts changed in reply to it), then every transition and animation that ends taken to
its end (a resized window starts some: the search box of the header widens, the tabs slide in)."""


SEARCHED = "() => !document.querySelector('.md-search-result__meta').innerText.includes('Type to start')"
"""A script that is true once the search has run the query typed (its results no longer say "Type
to start searching")."""

SEARCH = ("**/search/search_index.json", "**/assets/javascripts/workers/search.*.js")
"""What the site's search loads: its index and the script of the worker that reads it."""


class Window:
    """One browser tab, kept for the whole module and sent from page to page, recording the console
    errors and uncaught exceptions of the page it shows (:meth:`open` starts a fresh record).

    The site's search (the index ``search/search_index.json``, one file for every page, and the
    script of the worker that reads it) is sent only to a page opened with ``search=True``. Every
    page asks for it as soon as it loads and builds the index in a worker, which costs more than the
    page itself; any other page is seen as on a slow network, before the search arrives: the search
    box is there and idle, nothing else on the page depends on it."""

    def __init__(self, browser: Any, base_url: str) -> None:
        self.context = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
        self.page = self.context.new_page()
        self.page.set_default_navigation_timeout(NAVIGATION_MS)
        self.base_url = base_url
        self.errors: list[str] = []
        self.page.on("console", lambda message: self.errors.append(f"console: {message.text}") if message.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        self.search = False
        self.held: list[Any] = []
        self.fit = Fit()
        for pattern in SEARCH:
            self.page.route(pattern, self._search)

    def _search(self, route: Any) -> None:
        if self.search:
            route.continue_()
        else:
            self.held.append(route)  # never answered: the page moves on without it

    def open(self, path: str, viewport: dict[str, int] = DESKTOP, search: bool = False) -> Any:
        """Load ``path`` in a window of ``viewport``; returns the page once it is drawn."""
        url = self.base_url + path
        if self.page.url.split("#")[0] == url.split("#")[0] or self.page.viewport_size != viewport:
            # a new load, not a jump to an anchor of the same page; the window resized empty
            self.page.goto("about:blank")
            self.page.set_viewport_size(viewport)
        self.errors.clear()
        self.held.clear()
        self.search = search
        response = self.page.goto(url, wait_until="load")
        assert response is not None and response.ok, f"{path}: HTTP {response.status if response else '?'}"
        self.page.evaluate(SETTLED)
        return self.page

    def resize(self, viewport: dict[str, int]) -> None:
        """The same page in a window of another size: the style sheets' media queries apply anew
        and the page's scripts get their ``resize`` event, as when a window is resized."""
        self.page.set_viewport_size(viewport)
        self.page.evaluate(SETTLED)

    def horizontal_overflow(self) -> int:
        return int(self.page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))

    def measure(self, path: str, restore: bool = False) -> None:
        """Record in :attr:`fit` how far the page shown, ``path`` of the site, is wider than the
        window in the window's size and, resized, in the other (then back to the first size with
        ``restore``), the errors it logged and what it shows as a program prints values."""
        first = self.page.viewport_size
        self.fit.raw[path or "home"] = self.page.evaluate(SHOWN_RAW)
        sizes = [("phone", PHONE), ("desktop", DESKTOP)]
        if first == DESKTOP:
            sizes.reverse()
        for size, viewport in sizes:
            if viewport != self.page.viewport_size:
                self.resize(viewport)
            self.fit.overflow[size][path or "home"] = self.horizontal_overflow()
            if path in SHOTS:
                _shot(self.page, f"{SHOTS[path]}-{size}.png")
        if self.errors:
            self.fit.errors[path or "home"] = list(self.errors)
        if restore and self.page.viewport_size != first:
            self.resize(first)

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def window(browser: Any, base_url: str) -> Iterator[Window]:
    opened = Window(browser, base_url)
    yield opened
    opened.close()


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def test_rule_page_shows_its_cards(window: Window) -> None:
    page = window.open("rules/melds/#MELD-SET")
    heading = page.locator("h2#MELD-SET")
    assert heading.is_visible()
    cards = page.locator(".gs-card")
    assert cards.count() > 10
    assert cards.first.is_visible()
    red = page.locator(".gs-card.gs-red").first
    colour = red.evaluate("element => getComputedStyle(element).color")
    assert colour.startswith("rgb(") and int(colour[4:].split(",")[0]) > 150, f"a heart or diamond is drawn in {colour}"
    box = cards.first.bounding_box()
    assert box is not None and box["height"] > box["width"] > 20, "a card is drawn upright, taller than wide"
    assert not window.errors, window.errors
    window.measure("rules/melds/#MELD-SET")


def test_search_finds_a_rule_by_its_id(window: Window) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = window.open("", search=True)
    window.measure("", restore=True)  # the home page's width, before the search opens over it
    search = page.locator("input.md-search__input")
    search.click()
    search.fill("MELD-RUN-ACE-LOW")
    # The index loads in a worker, and a query typed before it is ready is not always run again
    # (the results still say "Type to start searching"): then it is typed again.
    page.wait_for_selector(".md-search-result__meta", timeout=30000)
    for _ in range(20):
        try:
            page.wait_for_function(SEARCHED, polling=100, timeout=500)
            break
        except PlaywrightTimeout:
            search.press("End")
            search.type(" ")
            search.press("Backspace")
    found = page.locator(".md-search-result__item a.md-search-result__link[href*='rules/melds/']")
    found.first.wait_for(state="attached", timeout=30000)
    hrefs = [found.nth(index).get_attribute("href") or "" for index in range(found.count())]
    assert any(target.endswith("#MELD-RUN-ACE-LOW") for target in hrefs), hrefs
    assert not window.errors, window.errors


def test_variants_table_renders(window: Window) -> None:
    page = window.open("variants/")
    matrix = page.locator(".gs-variants-matrix table")
    assert matrix.is_visible()
    headers = matrix.locator("tr").first.locator("th")
    assert headers.count() == len(load_variants()) + 1
    assert matrix.locator("td.gs-diff").count() > 0
    assert not window.errors, window.errors
    window.measure("variants/")


def test_conformance_matrix_renders(window: Window) -> None:
    page = window.open("conformance/")
    matrix = page.locator(".gs-conformance-matrix[data-by='area'] table")
    assert matrix.is_visible()
    assert matrix.locator("th a", has_text=SAMPLE_ENGINE).count() == 1
    assert matrix.locator(".gs-count.gs-fail").count() > 0
    assert page.locator(".gs-conformance-matrix[data-by='rule'] tr").count() > len(load_registry())
    assert not window.errors, window.errors
    window.measure("conformance/", restore=True)
    page.locator(".gs-conformance-matrix[data-by='area'] th a", has_text=SAMPLE_ENGINE).click()
    page.wait_for_load_state("load")
    assert page.locator("h1", has_text=SAMPLE_ENGINE).is_visible()
    assert page.locator(".gs-compare").first.is_visible(), "a failing case shows expected against observed"
    assert not window.errors, window.errors
    window.measure(f"conformance/{SAMPLE_ENGINE}/")


MANY_ALIKE = ("vectors/", "scenarios/", "variants/")
"""Families of many pages made alike below an index page of their own (one per file of vectors,
one per feature file, one per variant)."""

ALIKE_STRIDE = 25
"""Of a family of pages made alike, every twenty-fifth page is opened (and its largest, :func:`site_pages`)."""

LARGEST_ALIKE = 5
"""How many of the largest pages of the families made alike are opened besides: the widest drawings and tables."""

PAGE_BYTES = 3_000_000
"""The most an engine's page may weigh, however many cases it fails."""

PAGE_HEIGHT = 150_000
"""The most pixels an engine's page may be tall in a phone's window (a failing engine's page drew
every failing case in full, half a million pixels)."""


def test_a_failing_engine_s_page_is_small_and_fits_a_phone(window: Window) -> None:
    report = failing_engine_report()
    failing = sum(1 for record in report["records"] if record["status"] in ("fail", "error"))
    assert failing > 400, "the engine fails hundreds of cases"
    html = built_site() / "conformance" / FAILING_ENGINE / "index.html"
    assert html.stat().st_size < PAGE_BYTES, f"{html.stat().st_size} bytes"
    page = window.open(f"conformance/{FAILING_ENGINE}/", PHONE)
    assert window.horizontal_overflow() <= 1, "the page scrolls sideways in a phone's window"
    height = int(page.evaluate("document.documentElement.scrollHeight"))
    assert height < PAGE_HEIGHT, f"{height} pixels tall"
    findings = page.locator("h2#findings + p + ol > li")
    assert findings.count() == len(report["findings"]), "every finding is listed at the top"
    first = report["findings"][0]
    assert first["title"] in findings.first.inner_text()
    assert page.locator("h3#finding-1").is_visible()
    assert page.locator("h3#finding-1 ~ div.highlight code", has_text=first["again"]).count() >= 1, "the command that runs the smallest case again"
    assert page.get_by_text(LONG_TOKEN[:60]).first.is_visible(), "the long message is drawn, wrapped"
    assert not window.errors, window.errors
    window.measure(f"conformance/{FAILING_ENGINE}/")


@functools.lru_cache(maxsize=None)
def site_pages() -> list[str]:
    """The pages the browser opens, as paths below the site's address ("" for the home page):
    every page of the built site, but of the families of many pages made alike
    (:data:`MANY_ALIKE`, their index pages apart) every twenty-fifth page and the five largest (the
    widest drawings and tables) - every page of those families is drawn by the same code, and
    opening all of them in a browser takes minutes of a processor's time.
    ``tests/test_site_variant_pages.py`` reads every drawing of every vector."""
    site = built_site()
    pages = sorted(path for path in site.rglob("index.html"))
    address = {path: path.parent.relative_to(site).as_posix() + "/" if path.parent != site else "" for path in pages}
    alike = [path for path in pages if address[path].startswith(MANY_ALIKE) and address[path] not in MANY_ALIKE]
    largest = sorted(alike, key=lambda path: -path.stat().st_size)[:LARGEST_ALIKE]
    chosen = [path for path in pages if path not in alike] + alike[::ALIKE_STRIDE] + largest
    return sorted({address[path] for path in chosen})


SHOTS = {"rules/melds/#MELD-SET": "rule-page", "conformance/": "conformance", "variants/": "variants"}
"""Pages kept as screenshots in ``test-artifacts/``, by file name."""

SHOWN_RAW = r"""() => {
    const article = document.querySelector('article') || document.body;
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('pre, script, style, .headerlink')) continue;
        if (parent.closest('code') && !parent.closest('.gs-example, .gs-matrix')) continue;
        const text = node.textContent;
        const match = text.match(/\bNone\b|[{[]/);
        if (match) found.push(text.slice(Math.max(0, match.index - 40), match.index + 40).trim());
    }
    return found.slice(0, 3);
}"""
"""A script listing text of the page's article that shows a value as a program prints it: Python's
``None``, or a brace or bracket of a dictionary or list. Blocks of code (``pre``) are left alone, and
so are code spans written in the prose of a page; a code span inside a drawn example or a table of
results is not: there a value is drawn for a reader."""


class Fit:
    """How far each page of the site is wider than the window (pixels, by window size and page),
    the errors each page logged, and what each shows as a program prints values (:data:`SHOWN_RAW`)."""

    def __init__(self) -> None:
        self.overflow: dict[str, dict[str, int]] = {"phone": {}, "desktop": {}}
        self.errors: dict[str, list[str]] = {}
        self.raw: dict[str, list[str]] = {}


@pytest.fixture(scope="module")
def fit(window: Window) -> Fit:
    """Each page is loaded once, in one window, measured, then measured again with the window
    resized to the other size. The pages the tests above opened were measured there, in a
    desktop's window narrowed to a phone's (:meth:`Window.measure`); of the others, every other
    page is loaded in a phone's window and widened to a desktop's, the rest loaded in a desktop's
    and narrowed to a phone's."""
    left = [path for path in site_pages() if (path or "home") not in window.fit.overflow["desktop"]]
    for number, path in enumerate(left):
        window.open(path, DESKTOP if number % 2 else PHONE)
        window.measure(path)
    return window.fit


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_pages_fit_the_window(fit: Fit, size: str) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    assert {path or "home" for path in site_pages()} <= set(fit.overflow[size]), "every page is measured"
    overflowing = {path: pixels for path, pixels in fit.overflow[size].items() if pixels > 1}
    assert not overflowing, f"pages wider than a {viewport['width']}px window: {overflowing}"
    assert not fit.errors, fit.errors


def test_no_page_shows_values_as_a_program_prints_them(fit: Fit) -> None:
    assert {path or "home" for path in site_pages()} <= set(fit.raw), "every page is read"
    shown = {path: texts for path, texts in fit.raw.items() if texts}
    assert not shown, f"{len(shown)} pages show None, {{ or [ outside code: {dict(list(shown.items())[:12])}"


LABELS_IN_SIGHT = """() => {
    const box = document.querySelector('.gs-variants-matrix');
    const table = box.querySelector('table');
    for (const scroller of [box, table]) {
        scroller.scrollLeft = scroller.scrollWidth;
        scroller.scrollTop = scroller.scrollHeight;
    }
    const frame = box.getBoundingClientRect();
    window.scrollBy(0, frame.bottom - window.innerHeight + 8);
    const seen = box.getBoundingClientRect();
    const top = Math.max(seen.top, 0), bottom = Math.min(seen.bottom, window.innerHeight);
    const right = Math.min(seen.right, window.innerWidth) - 4;
    const shown = (element) => {
        const r = element.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && element.contains(hit);
    };
    const cell = document.elementFromPoint(right - 10, bottom - 6)?.closest('td');
    if (!cell) return {cell: null};
    const row = cell.parentElement;
    const header = table.rows[0].cells[cell.cellIndex];
    return {
        cell: cell.title,
        scrolled: box.scrollLeft + table.scrollLeft > 0,
        rowLabel: shown(row.cells[0]) ? row.cells[0].innerText : null,
        columnLabel: shown(header) ? header.innerText : null,
        corner: shown(table.rows[0].cells[0]),
    };
}"""
"""A script scrolling the variants table to its far right and the page down to the table's last
rows, then reading the cell near the bottom right of what is in sight: its row's label (the
parameter) and its column's (the variant), each seen if it is drawn on top at its middle."""

COLUMNS_IN_SIGHT = """() => {
    const box = document.querySelector('.gs-variants-matrix');
    const frame = box.getBoundingClientRect();
    const headers = [...box.querySelector('table').rows[0].cells].slice(1);
    return headers.filter(cell => cell.getBoundingClientRect().right <= Math.min(frame.right, window.innerWidth) + 1).length;
}"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_variants_table_keeps_its_labels_in_sight(window: Window, size: str) -> None:
    page = window.open("variants/", DESKTOP if size == "desktop" else PHONE)
    variants = len(load_variants())
    if size == "desktop":
        columns = page.evaluate(COLUMNS_IN_SIGHT)
        assert columns >= variants // 2, f"{columns} of {variants} variants in sight at {DESKTOP['width']} pixels"
    seen = page.evaluate(LABELS_IN_SIGHT)
    assert seen["cell"], f"no cell of the table in sight once scrolled: {seen}"
    assert seen["scrolled"], "the table is wider than the window and scrolls sideways"
    _shot(page, f"variants-scrolled-{size}.png")
    name, _, key = seen["cell"].partition(": ")
    key = key.split(" = ")[0]
    assert seen["rowLabel"] == key, f"the row of {seen['cell']!r} shows the label {seen['rowLabel']!r}"
    assert seen["columnLabel"] == name, f"the column of {seen['cell']!r} shows the label {seen['columnLabel']!r}"
    assert seen["corner"], "the corner cell stays above the scrolled cells"
