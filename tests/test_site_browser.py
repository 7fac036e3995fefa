"""The documentation site in a real browser: Debian's headless chromium driven by Playwright, over
``python -m http.server`` on 127.0.0.1. A rule page shows its cards, the search finds a rule by its
ID, the variants table and the conformance matrix render, no page logs an error, and neither a
phone nor a desktop window scrolls sideways. Screenshots go to ``test-artifacts/``.
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


class Visit:
    """A page opened at one window size, recording console errors and uncaught exceptions."""

    def __init__(self, browser: Any, base_url: str, viewport: dict[str, int]) -> None:
        self.context = browser.new_context(viewport=viewport, device_scale_factor=1)
        self.page = self.context.new_page()
        self.base_url = base_url
        self.errors: list[str] = []
        self.page.on("console", lambda message: self.errors.append(f"console: {message.text}") if message.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))

    def open(self, path: str) -> Any:
        response = self.page.goto(self.base_url + path, wait_until="load")
        assert response is not None and response.ok, f"{path}: HTTP {response.status if response else '?'}"
        self.page.wait_for_timeout(300)
        return self.page

    def horizontal_overflow(self) -> int:
        return int(self.page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def visit(browser: Any, base_url: str) -> Iterator[Any]:
    opened: list[Visit] = []

    def make(viewport: dict[str, int] = DESKTOP) -> Visit:
        opened.append(Visit(browser, base_url, viewport))
        return opened[-1]

    yield make
    for item in opened:
        item.close()


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def test_rule_page_shows_its_cards(visit: Any) -> None:
    window = visit(DESKTOP)
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
    _shot(page, "rule-page-desktop.png")
    assert not window.errors, window.errors


def test_search_finds_a_rule_by_its_id(visit: Any) -> None:
    window = visit(DESKTOP)
    page = window.open("")
    search = page.locator("input.md-search__input")
    search.click()
    search.fill("MELD-RUN-ACE-LOW")
    # The index loads in a worker, and a query typed before it is ready is not always run again
    # (the results still say "Type to start searching"): then it is typed again.
    page.wait_for_selector(".md-search-result__meta", timeout=30000)
    meta = page.locator(".md-search-result__meta")
    for _ in range(20):
        page.wait_for_timeout(500)
        if "Type to start" not in meta.inner_text():
            break
        search.press("End")
        search.type(" ")
        search.press("Backspace")
    found = page.locator(".md-search-result__item a.md-search-result__link[href*='rules/melds/']")
    found.first.wait_for(state="attached", timeout=30000)
    hrefs = [found.nth(index).get_attribute("href") or "" for index in range(found.count())]
    assert any(target.endswith("#MELD-RUN-ACE-LOW") for target in hrefs), hrefs
    assert not window.errors, window.errors


def test_variants_table_renders(visit: Any) -> None:
    window = visit(DESKTOP)
    page = window.open("variants/")
    matrix = page.locator(".gs-variants-matrix table")
    assert matrix.is_visible()
    headers = matrix.locator("tr").first.locator("th")
    assert headers.count() == len(load_variants()) + 1
    assert matrix.locator("td.gs-diff").count() > 0
    assert not window.errors, window.errors


def test_conformance_matrix_renders(visit: Any) -> None:
    window = visit(DESKTOP)
    page = window.open("conformance/")
    matrix = page.locator(".gs-conformance-matrix[data-by='area'] table")
    assert matrix.is_visible()
    assert matrix.locator("th a", has_text=SAMPLE_ENGINE).count() == 1
    assert matrix.locator(".gs-count.gs-fail").count() > 0
    assert page.locator(".gs-conformance-matrix[data-by='rule'] tr").count() > len(load_registry())
    _shot(page, "conformance-desktop.png")
    page.locator(".gs-conformance-matrix[data-by='area'] th a", has_text=SAMPLE_ENGINE).click()
    page.wait_for_load_state("load")
    assert page.locator("h1", has_text=SAMPLE_ENGINE).is_visible()
    assert page.locator(".gs-compare").first.is_visible(), "a failing case shows expected against observed"
    assert not window.errors, window.errors


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_pages_fit_the_window(visit: Any, size: str) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    window = visit(viewport)
    overflowing = {}
    for path in ("", "learn/", "rules/melds/", "rules/scoring/", "variants/", "variants/oklahoma/", "registers/conflicts/", "conformance/", f"conformance/{SAMPLE_ENGINE}/", "vectors/round/layoffs/", "reference/cli/"):
        window.open(path)
        if window.horizontal_overflow() > 1:
            overflowing[path or "home"] = window.horizontal_overflow()
    assert not overflowing, f"pages wider than a {viewport['width']}px window: {overflowing}"
    page = window.open("rules/melds/#MELD-SET")
    _shot(page, f"rule-page-{size}.png")
    page = window.open("conformance/")
    _shot(page, f"conformance-{size}.png")
    assert not window.errors, window.errors
