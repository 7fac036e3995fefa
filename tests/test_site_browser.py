"""The documentation site in a real browser: Debian's headless chromium driven by Playwright, over
``python -m http.server`` on 127.0.0.1. A rule page shows its cards, the search finds a rule by its
ID, the variants table and the conformance matrix render, no page logs an error, and neither a
phone nor a desktop window scrolls sideways. Screenshots go to ``test-artifacts/``.

One browser and one tab serve the whole module; the tab goes from page to page as a reader's would.
For the width of the pages each page is loaded once, in a phone's or a desktop's window, and
measured again with the window resized to the other: the style sheets and the page's scripts answer
a resized window as they answer one opened at that size. A page that a test of its own opens is
measured there, once that test's checks have passed (the home page before the search opens over
it), and not loaded again.
"""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from ginspec.registry import load_registry
from ginspec.variants import load_variants
from tests.failing_report import FAILING_ENGINE, LONG_TOKEN, failing_engine_report
from tests.test_site import SAMPLE_ENGINE, built_site, mkdocs_missing

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
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
DESKTOP = {"width": 1366, "height": 900}


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
        """Record in :attr:`fit` how far the page shown, ``path`` of :data:`FITTING`, is wider
        than the window in the window's size and, resized, in the other (then back to the first
        size with ``restore``), and the errors it logged."""
        first = self.page.viewport_size
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


FITTING = (
    "",
    "learn/",
    "rules/melds/#MELD-SET",
    "rules/scoring/",
    "variants/",
    "variants/oklahoma/",
    "registers/conflicts/",
    "conformance/",
    f"conformance/{SAMPLE_ENGINE}/",
    f"conformance/{FAILING_ENGINE}/",
    "vectors/round/layoffs/",
    "reference/cli/",
)
"""One page of each kind, the widest tables among them: the home page, a hand-written page, rule
pages (cards drawn in examples, the scoring tables), the variants side by side and one variant,
a register, the conformance matrix and one engine's report, a page of vectors, the reference."""

SHOTS = {"rules/melds/#MELD-SET": "rule-page", "conformance/": "conformance"}
"""Pages kept as screenshots in ``test-artifacts/``, by file name."""


class Fit:
    """How far each page of :data:`FITTING` is wider than the window (pixels, by window size and
    page), and the errors each page logged."""

    def __init__(self) -> None:
        self.overflow: dict[str, dict[str, int]] = {"phone": {}, "desktop": {}}
        self.errors: dict[str, list[str]] = {}


@pytest.fixture(scope="module")
def fit(window: Window) -> Fit:
    """Each page is loaded once, in one window, measured, then measured again with the window
    resized to the other size. The pages the tests above opened were measured there, in a
    desktop's window narrowed to a phone's (:meth:`Window.measure`); of the others, every other
    page is loaded in a phone's window and widened to a desktop's, the rest loaded in a desktop's
    and narrowed to a phone's."""
    left = [path for path in FITTING if (path or "home") not in window.fit.overflow["desktop"]]
    for number, path in enumerate(left):
        window.open(path, DESKTOP if number % 2 else PHONE)
        window.measure(path)
    return window.fit


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_pages_fit_the_window(fit: Fit, size: str) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    assert set(fit.overflow[size]) == {path or "home" for path in FITTING}, "every page is measured"
    overflowing = {path: pixels for path, pixels in fit.overflow[size].items() if pixels > 1}
    assert not overflowing, f"pages wider than a {viewport['width']}px window: {overflowing}"
    assert not fit.errors, fit.errors
