"""How fast the site's playground answers, in a headless browser.

Serves a built site (``--site``, default: builds one with ``mkdocs build --strict`` into a
temporary folder) on 127.0.0.1 and opens its playground page in Debian's headless chromium
(Playwright), with a question in the address, ``--runs`` times. For each run it prints:

- the time from opening the page to the first answer, **cold** (a fresh browser profile: nothing
  cached) and **warm** (the same profile again: the browser's cache, and its cache of compiled
  WebAssembly, serve the runtime);
- the bytes the page loaded, cold (what travels over the network), by file;
- the time of each answer after a change, in the page (``performance.now()`` around the one call
  into Python), for a hand of ten, a hand of eleven (the discards: 11 hands of ten evaluated) and
  a knock to score, each asked ``--answers`` times with one card changed.

The target: under 100 ms an answer. The machine may be shared: read the times beside the load
average printed.

    python benchmarks/playground.py [--runs 3] [--answers 20] [--site /tmp/site]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--in-process-gpu", "--disable-software-rasterizer", "--no-first-run"]
QUESTION = "hand=Ac+2c+3c+7d+7h+7s+Ts+Js+Qs+Kd"
SWAPS = ["2d", "4d", "6d", "8h", "Jc", "Qc", "6s", "Td", "5d", "9h"]
"""The last card of each hand in turn: none is held elsewhere in any of the hands below."""
ASKED = {
    "hand of ten": {"hand": "Ac 2c 3c 7d 7h 7s Ts Js Qs {}", "defender": ""},
    "hand of eleven": {"hand": "7c 7d 7h 7s Th Jh Qh Kh 3d 5s {}", "defender": ""},
    "knock to score": {"hand": "Ah 2h 3h 7c 7d 7s 9c 9d 9s {}", "defender": "4h 5h Kc Kd 8s 8d 2c 6c Qs Js"},
}


def _build() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="ginspec-playground-")) / "site"
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(folder)], cwd=ROOT, check=True, env=os.environ | {"NO_MKDOCS_2_WARNING": "1"})
    return folder


def _serve(site: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            time.sleep(0.1)
    return server, f"http://127.0.0.1:{port}/"


def _first_answer(context: Any, url: str) -> tuple[float, dict[str, int]]:
    """Seconds from opening the page to its first answer drawn, and the bytes of each file loaded."""
    page = context.new_page()
    loaded: dict[str, int] = {}

    def record(response: Any) -> None:
        try:
            loaded[response.url.split("/")[-1] or "page"] = len(response.body())
        except Exception:  # noqa: BLE001 - a response without a body (a redirect)
            pass

    page.on("response", record)
    start = time.perf_counter()
    page.goto(url + "playground/#" + QUESTION)
    page.wait_for_selector(".gs-pg-answer", timeout=300_000)
    seconds = time.perf_counter() - start
    page.close()
    return seconds, loaded


def _answer_times(context: Any, url: str, answers: int) -> dict[str, list[float]]:
    """Milliseconds of each answer after a change, in the page, by kind of question."""
    page = context.new_page()
    page.goto(url + "playground/")
    page.evaluate("async () => { await ginspecPlayground.engine(); }")
    times: dict[str, list[float]] = {}
    for name, asked in ASKED.items():
        questions = [{"hand": asked["hand"].format(SWAPS[number % len(SWAPS)]), "defender": asked["defender"], "variant": "standard", "upcard": "", "set": {}} for number in range(answers)]
        times[name] = page.evaluate(
            """async (questions) => {
                const engine = await ginspecPlayground.engine();
                return questions.map((question) => {
                    const start = performance.now();
                    const reply = engine.ask(question);
                    if (reply.error) throw new Error(reply.error);
                    return performance.now() - start;
                });
            }""",
            questions,
        )
    # and through the form, as a reader types: input event to the answer drawn
    hand = page.locator(".gs-pg-hand input")
    typed = []
    for number in range(answers):
        before = int(page.locator(".gs-playground").get_attribute("data-answered") or 0)
        start = time.perf_counter()
        hand.fill("7c 7d 7h 7s Th Jh Qh Kh 3d 5s " + SWAPS[number % len(SWAPS)])
        page.wait_for_function(f"Number(document.querySelector('.gs-playground').dataset.answered || 0) > {before}")
        typed.append((time.perf_counter() - start) * 1000)
    times["typed, to the answer drawn"] = typed
    page.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    site = args.site or _build()
    server, url = _serve(site)
    print(f"site {site}; load average {os.getloadavg()[0]:.2f}")
    try:
        with sync_playwright() as playwright:
            cold, warm = [], []
            for run in range(args.runs):
                with tempfile.TemporaryDirectory() as profile:
                    context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS, headless=True)
                    seconds, loaded = _first_answer(context, url)
                    cold.append(seconds)
                    again, _ = _first_answer(context, url)
                    warm.append(again)
                    if run == 0:
                        times = _answer_times(context, url, args.answers)
                    context.close()
                print(f"run {run + 1}: first answer cold {seconds:.2f} s, warm {again:.2f} s (load {os.getloadavg()[0]:.2f})")
            print(f"first answer: cold median {statistics.median(cold):.2f} s, warm median {statistics.median(warm):.2f} s")
            total = sum(loaded.values())
            print(f"bytes loaded cold: {total:,} in {len(loaded)} files")
            for name, size in sorted(loaded.items(), key=lambda item: -item[1])[:8]:
                print(f"  {size:>10,}  {name}")
            for name, values in times.items():
                print(f"{name}: median {statistics.median(values):.1f} ms, max {max(values):.1f} ms ({len(values)} answers)")
    finally:
        server.terminate()
        server.wait(timeout=10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
