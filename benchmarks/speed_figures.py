"""The speed figures of the suite, each beside its peer or its target, in one run on one machine.

* **whole hands:** random play of the same packs and seeds, the reference engine against OpenSpiel
  (``round_throughput.py``), hands a second; target at least 3.5 x OpenSpiel.
* **least deadwood:** the same hands evaluated by the reference engine and by OpenSpiel's C++
  (``deadwood_throughput.py``), on each of its four datasets; target at least 1.5 x OpenSpiel at the
  minimum over the datasets.
* **campaign:** ``ginspec fuzz --engine reference --hands N`` in process against OpenSpiel's own
  random play (``campaign_throughput.py``), hands per CPU second, each round bracketed by two
  OpenSpiel runs; target at least 1.5 x.
* **check:** ``ginspec check --quiet`` on the reference engine, launch to exit; target under 5 s
  wall.
* **pytest** (only with ``--pytest``, since it runs the whole test suite): the README's ``pytest``,
  launch to exit; target under 150 s wall on a quiet 2-core machine.

Every pair is measured interleaved, ``--repeats`` times, by CPU time, and the median kept (for the
campaign, the median of the rounds' own ratios); the load average is printed before and after, since the
machine may be shared. Commands are launched without ``PYTHONDONTWRITEBYTECODE``, as an installed
package runs. The script always exits with status 0: it is a measurement, not a test.

Usage::

    python benchmarks/speed_figures.py [--repeats R] [--pytest] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import campaign_throughput as campaigns  # noqa: E402
import deadwood_throughput as deadwood  # noqa: E402
import round_throughput as rounds  # noqa: E402
from command_start import ginspec_command, launch_environment  # noqa: E402

ROUND_HANDS = 300
DEADWOOD_HANDS = 20_000
CAMPAIGN_HANDS, CAMPAIGN_SMALL = 1000, 100
SEED = 20240611
CLOCK = time.process_time
"""The clock of the figures measured in this process: its CPU time, which the load of other
processes on a shared machine does not lengthen (a wall clock counts the time the process waited)."""


def _load() -> str:
    return ", ".join(f"{value:.1f}" for value in os.getloadavg())


def whole_hands(repeats: int) -> dict[str, Any]:
    """Reference and OpenSpiel hands a second by random play, interleaved; the ratio of medians."""
    reference, openspiel = rounds.reference_engine("standard"), rounds.openspiel_engine()
    dealt = rounds.packs(ROUND_HANDS, SEED)
    for _ in range(repeats):
        for engine in (reference, openspiel):
            engine.runs.append(rounds.time_once(engine, dealt, SEED, CLOCK)[0])
    ours, theirs = reference.hands_per_second(ROUND_HANDS), openspiel.hands_per_second(ROUND_HANDS)
    return {"reference": ours, "peer": theirs, "ratio": ours / theirs, "unit": "hands/CPU s"}  # type: ignore[operator]


def least_deadwood(repeats: int) -> dict[str, Any]:
    """Reference and OpenSpiel hands a second on each dataset, interleaved; the lowest ratio."""
    engines = [deadwood.reference_engine(), deadwood.openspiel_engine()]
    by_dataset: dict[str, float] = {}
    rates: dict[str, tuple[float, float]] = {}
    for dataset in deadwood.make_datasets(DEADWOOD_HANDS, SEED):
        inputs = {engine.name: [engine.convert(hand) for hand in dataset.hands] for engine in engines}
        runs: dict[str, list[float]] = {engine.name: [] for engine in engines}
        for _ in range(repeats):
            for engine in engines:
                runs[engine.name].append(deadwood.time_once(engine.function_for(dataset.cards), inputs[engine.name], CLOCK))
        ours, theirs = (DEADWOOD_HANDS / statistics.median(runs[engine.name]) for engine in engines)
        rates[dataset.name] = (ours, theirs)
        by_dataset[dataset.name] = ours / theirs
    lowest = min(by_dataset, key=by_dataset.__getitem__)
    return {"reference": rates[lowest][0], "peer": rates[lowest][1], "ratio": by_dataset[lowest], "unit": "hands/CPU s",
            "dataset": lowest, "ratios": by_dataset}


def campaign(repeats: int) -> dict[str, Any]:
    """The in-process campaign against OpenSpiel's random play, hands per CPU second, each round
    bracketed by two OpenSpiel runs; the median of the rounds' ratios."""
    ratios, ours, theirs = [], [], []
    for _ in range(repeats):
        before = campaigns.openspiel_rate(CAMPAIGN_HANDS)
        rate = campaigns.campaign_rate("reference", CAMPAIGN_HANDS, CAMPAIGN_SMALL)[0]
        after = campaigns.openspiel_rate(CAMPAIGN_HANDS)
        ours.append(rate)
        theirs += [before, after]
        ratios.append(rate / ((before + after) / 2))
    return {"reference": statistics.median(ours), "peer": statistics.median(theirs), "ratio": statistics.median(ratios),
            "unit": "hands/CPU s", "rounds": ratios}


def _wall(argv: list[str], cwd: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and everything it started) of one launch."""
    start, cpu = time.perf_counter(), campaigns.children_cpu()
    done = subprocess.run(argv, cwd=cwd, env=launch_environment(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode()[-300:]}")
    return seconds, campaigns.children_cpu() - cpu


def check_wall(repeats: int) -> dict[str, Any]:
    """``ginspec check --quiet`` on the reference engine, launch to exit, its report in a folder of
    its own; one untimed run first (compiled modules, remembered schema checks)."""
    with tempfile.TemporaryDirectory() as folder:
        argv = ginspec_command() + ["check", "--quiet", "--report", str(Path(folder) / "reference.json")]
        _wall(argv, ROOT)
        runs = [_wall(argv, ROOT) for _ in range(repeats)]
    return {"reference": statistics.median(wall for wall, _cpu in runs), "unit": "s wall", "runs": runs,
            "cpu": statistics.median(cpu for _wall, cpu in runs)}


def pytest_wall() -> dict[str, Any]:
    """The README's ``pytest``, once, launch to exit."""
    seconds, cpu = _wall([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], ROOT)
    return {"reference": seconds, "unit": "s wall", "cpu": cpu}


FIGURES: dict[str, tuple[str, Callable[..., dict[str, Any]], str, float]] = {
    "whole hands": ("reference / OpenSpiel", whole_hands, ">=", 3.5),
    "least deadwood": ("reference / OpenSpiel's C++, lowest dataset", least_deadwood, ">=", 1.5),
    "campaign": ("in process / OpenSpiel random play", campaign, ">=", 1.5),
    "check": ("ginspec check, reference engine", check_wall, "<", 5.0),
}


def _met(value: float, sign: str, target: float) -> bool:
    return value >= target if sign == ">=" else value < target


def run(repeats: int, with_pytest: bool) -> dict[str, Any]:
    figures = dict(FIGURES)
    if with_pytest:
        figures["pytest"] = ("README's pytest, every extra", lambda _repeats: pytest_wall(), "<", 150.0)
    result: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_before": _load(),
        "figures": {},
    }
    print(f"Speed figures, {result['when']}, {result['machine']}, load average {result['load_before']}")
    for name, (what, measure, sign, target) in figures.items():
        try:
            figure = measure(repeats)
        except Exception as error:  # a figure that cannot be measured says why; the others go on
            print(f"{name:<15} not measured: {type(error).__name__}: {error}")
            continue
        value = figure["ratio"] if "ratio" in figure else figure["reference"]
        figure.update(what=what, target=f"{sign} {target}", met=_met(value, sign, target), load_after=_load())
        result["figures"][name] = figure
        beside = (f"{figure['reference']:,.0f} against {figure['peer']:,.0f} {figure['unit']} = {value:.2f}x"
                  if "ratio" in figure else f"{value:.2f} {figure['unit']} ({figure['cpu']:.2f} s CPU)")
        where = f" ({figure['dataset']})" if "dataset" in figure else ""
        verdict = "met" if figure["met"] else "NOT met"
        print(f"{name:<15} {what}{where}: {beside}; target {sign} {target}: {verdict} (load average {figure['load_after']})")
    print("Ratios are of figures measured side by side in this run; only they compare across machines.")
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="interleaved runs of each pair; the median is kept (default %(default)s)")
    parser.add_argument("--pytest", action="store_true", help="also time the whole test suite (minutes)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    result = run(max(1, args.repeats), args.pytest)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
