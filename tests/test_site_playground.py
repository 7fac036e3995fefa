"""The playground in a real browser (headless chromium, as ``tests/test_site_browser.py``): the
reference engine running in the page answers the suite's vectors exactly as it does in CPython,
and the page's playground works for a reader at a desktop's and a phone's width: typing a hand,
picking cards, switching the variant, a bad card, a link read back, try it on an example, no
sideways scrolling; without WebAssembly it says why it cannot run. No page loads anything from
another host.

The engine is loaded once per page (one load of Pyodide answers every vector in one call): the
tests share one tab, which the browser's cache then serves, and the reader starts on the
playground the test of the vectors loaded when it ran first in the same tab.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from ginspec.adapters.base import Question as EngineQuestion
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.play import playground
from ginspec.site.examples import playground_question
from ginspec.suite.variants import get_variant
from tests.test_site import loaded_suite
from tests.test_site_browser import DESKTOP, PHONE, _missing, _shot, base_url, browser  # noqa: F401 - fixtures

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

KINDS = ("deadwood", "discard", "knock", "layoff", "score")
OTHER_VARIANTS = ("straight", "openspiel", "rlcard", "classic")
"""Variants every eighth vector is asked under as well, beside its own parameters."""
ENGINE_MS = 180_000
"""How long the page may take to load the engine on a machine shared by many test processes."""


@pytest.fixture(scope="module")
def tab(browser: Any, base_url: str) -> Iterator[Any]:  # noqa: F811 - the fixture imported above
    """One tab for the module, recording errors and every request to another host."""
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(ENGINE_MS)
    page.errors = []
    page.elsewhere = []
    page.requested = []
    page.on("console", lambda message: page.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("request", lambda request: page.requested.append(request.url))
    page.on("request", lambda request: None if request.url.startswith((base_url, "data:", "blob:")) else page.elsewhere.append(request.url))
    page.base = base_url
    yield page
    context.close()


def _cases() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Questions of the suite's vectors of :data:`KINDS`: each under its own parameters, and every
    eighth under each of :data:`OTHER_VARIANTS` too."""
    vectors = [vector for vector in loaded_suite().vectors if vector.kind in KINDS and "refused" not in vector.expected]
    cases = [(vector.kind, dict(vector.input), dict(vector.parameters)) for vector in vectors]
    for name in OTHER_VARIANTS:
        parameters = dict(get_variant(name).parameters)
        cases += [(vector.kind, dict(vector.input), parameters | dict(vector.overrides)) for vector in vectors[::8]]
    return cases


def _in_cpython(cases: list[tuple[str, dict[str, Any], dict[str, Any]]]) -> list[Any]:
    adapter = ReferenceAdapter()
    answers = []
    for kind, data, parameters in cases:
        try:
            answers.append(adapter.ask(EngineQuestion(kind, data, parameters)))
        except Exception as exc:  # noqa: BLE001 - compared with what the page raises
            answers.append({"raised": f"{type(exc).__name__}: {exc}"})
    return json.loads(json.dumps(answers))


def _engine(page: Any) -> None:
    page.evaluate("async () => { await ginspecPlayground.engine(); }")


def test_the_page_s_engine_answers_the_vectors_as_cpython(tab: Any) -> None:
    tab.goto(tab.base + "playground/")
    _engine(tab)
    cases = _cases()
    assert len(cases) >= 200 and {kind for kind, _, _ in cases} == set(KINDS)
    assert len({json.dumps(parameters, sort_keys=True) for _, _, parameters in cases}) >= len(OTHER_VARIANTS) + 1
    in_page = tab.evaluate("async (cases) => (await ginspecPlayground.engine()).askCases(cases)", cases)
    expected = _in_cpython(cases)
    differing = [(case, page, cpython) for case, page, cpython in zip(cases, in_page, expected) if page != cpython]
    assert len(in_page) == len(expected) and not differing, f"{len(differing)} answers differ, first: {differing[:1]}"
    # the playground's own questions (a hand, a knock) of the same vectors, as the commands answer
    questions = [question for vector in loaded_suite().vectors if vector.kind in KINDS for question in [playground_question(vector)] if question]
    asked = [{"hand": q.hand, "defender": q.defender, "melds": q.melds, "variant": q.variant, "upcard": q.upcard, "set": dict(q.overrides)} for q in questions]
    answered = tab.evaluate("async (asked) => { const engine = await ginspecPlayground.engine(); return asked.map(engine.ask); }", asked)
    playground.configure({name: variant.parameters for name, variant in loaded_suite().variants.items()})
    assert answered == [json.loads(json.dumps(playground.ask(question))) for question in questions]
    assert not tab.errors, tab.errors


def _answered(page: Any, root: str, count: int) -> None:
    page.wait_for_function(f"document.querySelector('{root}').dataset.answered >= {count}")


def _fits(page: Any) -> bool:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth")) <= 1


def test_a_reader_asks_about_a_hand_at_a_desktop_and_a_phone(tab: Any) -> None:
    if tab.url != tab.base + "playground/" or tab.viewport_size != DESKTOP:  # else the page the test above loaded, never asked yet
        tab.set_viewport_size(DESKTOP)
        tab.goto(tab.base + "playground/")
    root = ".gs-playground"
    hand = tab.locator(".gs-pg-hand input")
    hand.fill("Ac 2c 3c 7d 7h 7s Ts Js Qs Kd")
    _answered(tab, root, 1)
    assert tab.locator(".gs-pg-deadwood").inner_text() == "10"  # README: K♦ left over
    assert tab.locator(".gs-pg-answer .gs-meld").count() == 3
    # eleven cards: the discard and the knock
    hand.fill("7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c")
    _answered(tab, root, 2)
    assert tab.locator(".gs-pg-answer .gs-card.gs-discard").get_attribute("title") == "9 of clubs"
    assert "yes (limit 10)" in tab.locator(".gs-pg-answer").inner_text()
    # another variant: Oklahoma needs its first upcard, then the upcard sets the knock limit
    tab.select_option(".gs-pg-variant select", "oklahoma")
    _answered(tab, root, 3)
    assert "give --upcard CARD" in tab.locator(".gs-pg-upcard .gs-pg-error").inner_text()
    tab.locator(".gs-pg-upcard input").fill("5s")
    _answered(tab, root, 4)
    assert "no (limit 5)" in tab.locator(".gs-pg-answer").inner_text()  # 8 of deadwood, over 5
    # a parameter changed as --set would
    tab.locator(".gs-pg-parameters summary").click()
    tab.select_option(".gs-pg-control select[name='ace_in_runs']", "low_or_high")
    _answered(tab, root, 5)
    assert "ace_in_runs%3Dlow_or_high" in tab.url
    assert _fits(tab)
    _shot(tab, "playground-desktop.png")
    # the link reads back, in a phone's window: the same question, the same answer
    link = tab.locator(".gs-pg-link").get_attribute("href")
    shown = tab.locator(".gs-pg-answer").inner_text()
    tab.goto("about:blank")
    tab.set_viewport_size(PHONE)
    tab.goto(link)
    _answered(tab, root, 1)
    assert tab.locator(".gs-pg-hand input").input_value() == "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c"
    assert tab.locator(".gs-pg-variant select").input_value() == "oklahoma"
    assert tab.locator(".gs-pg-control select[name='ace_in_runs']").input_value() == "low_or_high"
    assert tab.locator(".gs-pg-answer").inner_text() == shown
    assert _fits(tab), "the playground scrolls sideways in a phone's window"
    _shot(tab, "playground-phone.png")
    # a bad card: the command's message beside the field
    hand.fill("7c 7d Zs")
    _answered(tab, root, 2)
    assert tab.locator(".gs-pg-hand .gs-pg-error").inner_text() == "hand: 'Zs' is not a card"
    assert hand.get_attribute("aria-invalid") == "true"
    assert tab.locator(".gs-pg-answer").count() == 0
    # cards picked from the pack, by touch and by keyboard, under standard rules
    tab.select_option(".gs-pg-variant select", "standard")
    hand.fill("")
    tab.locator(".gs-pg-picker summary").click()
    tab.locator(".gs-pg-pick[data-card='Ac']").tap()
    tab.locator(".gs-pg-pick[data-card='2c']").focus()
    tab.keyboard.press("Enter")
    tab.keyboard.press("Tab")
    tab.keyboard.press("Enter")  # the next card, 3c
    _answered(tab, root, 7)
    assert hand.input_value() == "Ac 2c 3c"
    assert tab.locator(".gs-pg-pick[aria-pressed='true']").count() == 3
    assert tab.locator(".gs-pg-deadwood").inner_text() == "0"
    tab.locator(".gs-pg-pick[data-card='2c']").tap()  # picked again: put back
    _answered(tab, root, 8)
    assert hand.input_value() == "Ac 3c"
    assert _fits(tab), "the pack scrolls sideways in a phone's window"
    assert not tab.errors, tab.errors


def test_try_it_opens_an_example_in_its_page_s_panel_and_on_the_playground(tab: Any) -> None:
    tab.set_viewport_size(DESKTOP)
    tab.goto("about:blank")
    tab.requested.clear()
    tab.goto(tab.base + "rules/scoring/")
    button = tab.locator(".gs-example button.gs-try").first
    assert not [url for url in tab.requested if "/assets/pyodide/" in url or "/assets/playground/" in url], "the engine loads only when asked"
    asked = tab.evaluate("(text) => ginspecPlayground.readQuestion(text)", button.get_attribute("data-question"))
    button.click()
    _answered(tab, "details.gs-pg-panel .gs-playground", 1)
    assert tab.locator("details.gs-pg-panel").get_attribute("open") is not None
    assert tab.locator("details.gs-pg-panel .gs-pg-hand input").input_value() == asked["hand"]
    assert tab.locator("details.gs-pg-panel .gs-pg-answer").count() == 1
    # a vector page has no panel: try it opens the playground with the question in its address
    tab.goto(tab.base + "vectors/deadwood/dense/")
    tried = tab.locator("button.gs-try").first
    fragment = tried.get_attribute("data-question")
    tried.click()
    tab.wait_for_url("**/playground/#*")
    assert tab.url.endswith("#" + fragment)
    asked = tab.evaluate("(text) => ginspecPlayground.readQuestion(text)", fragment)
    assert tab.locator(".gs-pg-hand input").input_value() == asked["hand"]  # its answer: the link's, tested above
    assert not tab.errors, tab.errors


def test_without_webassembly_the_playground_says_why(browser: Any, base_url: str) -> None:  # noqa: F811
    context = browser.new_context(viewport=PHONE)
    context.add_init_script("delete globalThis.WebAssembly")
    page = context.new_page()
    page.goto(base_url + "rules/melds/")
    assert page.locator(".gs-example .gs-card").first.is_visible(), "the examples show as before"
    page.locator("details.gs-pg-panel > summary").click()
    page.locator("details.gs-pg-panel .gs-pg-hand input").fill("Ac 2c")
    page.wait_for_selector(".gs-pg-unavailable")
    assert "cannot run here" in page.locator(".gs-pg-status").first.inner_text()
    assert "WebAssembly" in page.locator(".gs-pg-status").first.inner_text()
    context.close()


def test_nothing_was_loaded_from_another_host(tab: Any) -> None:
    """Everything the tab asked for, the engine included, came from the site's own folder."""
    assert tab.requested, "the tab asked for the pages above"
    assert not tab.elsewhere, f"requests to other hosts: {tab.elsewhere[:5]}"
