"""Fuzz campaigns: the reference engine against itself, in process and through the JSON-lines
protocol, beside OpenSpiel's own random play, in one run on the same machine.

* **OpenSpiel random play:** ``round_throughput.openspiel_engine``: ``pyspiel`` plays whole hands
  from shuffled packs, a random legal action at every decision. One engine, no comparison.
* **campaign, in process:** ``ginspec fuzz --engine reference --hands N``: the reference engine
  plays each hand (choosing the moves and recording every state), the reference adapter deals the
  hand again and replays every move with a checkpoint after each (a second engine, behind the
  guard every in-process adapter runs behind, asked in its own values: actions and cards, not
  their texts), and every checkpoint and the result are compared.
* **campaign, JSON lines:** the same with ``--engine "exec:PYTHON -m ginspec.serve"``, PYTHON
  being the interpreter running the command (``sys.executable``; a bare ``python`` is whatever the
  ``PATH`` finds first, possibly another interpreter behind a shell shim): every hand crosses the
  protocol to a second process and back.
* **--jobs 2 and --jobs 1:** the in-process campaign over two processes and over one, both with
  hand counts that are whole rounds of chunks for both workers (the hands and the short run
  rounded up to a multiple of 200): a short run of one chunk would keep one worker of two busy,
  and subtracting it would credit two workers with a chunk each only one played.

The machine may be shared, so the campaigns are timed by CPU time (user + system of the command
and every process it started, from ``getrusage``), not by the clock alone; each campaign is run
twice, with N hands and with ``--small`` hands, and the rate is the extra hands over the extra CPU
seconds, so that the start of the command and of the engine is not counted. OpenSpiel's rate is
its CPU time in this process. The ratio of ``--jobs 2`` to ``--jobs 1`` is by wall time (what
more processes buy), which only means something on an otherwise idle machine: the load average
is printed beside it.

This machine's speed moves by 10-30 % from one minute to the next, which is more than the margins
measured. So each round is bracketed: OpenSpiel, the campaign in process, the campaign through
JSON lines, the campaign in process again, OpenSpiel again. The in-process rate is compared with
the mean of the OpenSpiel rates around it, and the JSON-lines rate with the mean of the in-process
rates around it, so that a machine speeding up or slowing down during a round cancels out. The
figure given for each ratio is the median of the rounds' own ratios. The ratio of the medians of
all the rounds, which mixes figures measured minutes apart, is printed beside it in brackets.
The script exits with status 0 whatever the figures: it is a measurement, not a test. A run
that cannot measure (a long run no slower than the short one) stops with a message instead
of printing a rate.

Usage::

    python benchmarks/campaign_throughput.py [--hands N] [--small N] [--repeats R] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

TARGET_IN_PROCESS_VS_OPENSPIEL = 1.5
TARGET_PROTOCOL_VS_IN_PROCESS = 0.6
TARGET_TWO_JOBS = 1.7


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def campaign(engine: str, hands: int, jobs: int = 1) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one campaign, run as the command line runs it."""
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "ginspec", "fuzz", "--engine", engine, "--hands", str(hands), "--jobs", str(jobs), "--report-dir", folder]
        before, start = children_cpu(), time.perf_counter()
        subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        return time.perf_counter() - start, children_cpu() - before


def campaign_rate(engine: str, hands: int, small: int, jobs: int = 1) -> tuple[float, float]:
    """(hands per CPU second, hands per wall second), the command's start left out."""
    wall_small, cpu_small = campaign(engine, small, jobs)
    wall, cpu = campaign(engine, hands, jobs)
    if cpu <= cpu_small or wall <= wall_small:
        raise SystemExit(f"campaign_throughput: {hands} hands took no more time than {small} ({cpu:.2f} against {cpu_small:.2f} CPU s): "
                         "give --hands far above --small (at least 1000 more)")
    return (hands - small) / (cpu - cpu_small), (hands - small) / (wall - wall_small)


def openspiel_rate(hands: int) -> float:
    """OpenSpiel's random play, hands per CPU second of this process."""
    from reference_impl.cards import DECK
    from round_throughput import openspiel_engine

    engine = openspiel_engine()
    packs = []
    for number in range(hands):
        pack = list(DECK)
        random.Random(f"campaign-bench:{number}").shuffle(pack)
        packs.append(pack)
    streams = [random.Random(f"campaign-bench:moves:{number}") for number in range(hands)]
    start = time.process_time()
    for number, pack in enumerate(packs):
        engine.play(pack, streams[number], number)
    return hands / (time.process_time() - start)


SERVE = f"exec:{sys.executable} -m ginspec.serve"
"""The reference engine behind the protocol, on the interpreter of the in-process campaign."""
WHOLE_ROUND = 2 * 100
"""Hands of one chunk (``CHUNK_HANDS``) for each of two workers."""


def whole_rounds(hands: int) -> int:
    return -(-hands // WHOLE_ROUND) * WHOLE_ROUND


def run(args: argparse.Namespace) -> dict[str, Any]:
    rows: dict[str, list[float]] = {
        "openspiel_before": [], "in_process_before": [], "protocol": [], "in_process_after": [], "openspiel_after": [],
        "jobs1_wall": [], "jobs2_wall": [], "jobs2_cpu": [],
    }
    paired: dict[str, list[float]] = {"in_process_vs_openspiel": [], "protocol_vs_in_process": [], "two_jobs_vs_one_by_wall": []}
    jobs_hands, jobs_small = whole_rounds(args.hands), whole_rounds(args.small)
    if jobs_hands <= jobs_small:
        jobs_hands = jobs_small + WHOLE_ROUND
    for _ in range(args.repeats):
        # One round, bracketed: each rate compared is measured between two of the rate it is
        # compared with, so that a machine speeding up or slowing down in the round cancels.
        round_rates = {
            "openspiel_before": openspiel_rate(args.hands),
            "in_process_before": campaign_rate("reference", args.hands, args.small)[0],
            "protocol": campaign_rate(SERVE, args.hands, args.small)[0],
            "in_process_after": campaign_rate("reference", args.hands, args.small)[0],
            "openspiel_after": openspiel_rate(args.hands),
        }
        for name, value in round_rates.items():
            rows[name].append(value)
        rows["jobs1_wall"].append(campaign_rate("reference", jobs_hands, jobs_small, jobs=1)[1])
        cpu_rate, wall_rate = campaign_rate("reference", jobs_hands, jobs_small, jobs=2)
        rows["jobs2_cpu"].append(cpu_rate)
        rows["jobs2_wall"].append(wall_rate)
        in_process = (round_rates["in_process_before"] + round_rates["in_process_after"]) / 2
        openspiel = (round_rates["openspiel_before"] + round_rates["openspiel_after"]) / 2
        paired["in_process_vs_openspiel"].append(in_process / openspiel)
        paired["protocol_vs_in_process"].append(round_rates["protocol"] / in_process)
        paired["two_jobs_vs_one_by_wall"].append(wall_rate / rows["jobs1_wall"][-1])
    median = {name: statistics.median(values) for name, values in rows.items()}
    ratios = {name: statistics.median(values) for name, values in paired.items()}
    in_process_median = statistics.median(rows["in_process_before"] + rows["in_process_after"])
    openspiel_median = statistics.median(rows["openspiel_before"] + rows["openspiel_after"])
    result = {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_average": os.getloadavg(),
        "hands": args.hands,
        "small": args.small,
        "jobs_hands": jobs_hands,
        "jobs_small": jobs_small,
        "repeats": args.repeats,
        "rates": median,
        "runs": rows,
        "rounds": paired,
        **ratios,
        "ratios_of_medians": {
            "in_process_vs_openspiel": in_process_median / openspiel_median,
            "protocol_vs_in_process": median["protocol"] / in_process_median,
            "two_jobs_vs_one_by_wall": median["jobs2_wall"] / median["jobs1_wall"],
        },
        "two_jobs_cpu_vs_one": median["jobs2_cpu"] / in_process_median,
    }
    print(f"{result['when']}, {result['machine']}, load average {', '.join(f'{x:.1f}' for x in result['load_average'])}")
    print(f"{'':34} {'hands per CPU second (median)':>30}")
    print(f"{'OpenSpiel random play':34} {openspiel_median:>30,.0f}")
    print(f"{'campaign in process (reference)':34} {in_process_median:>30,.0f}")
    print(f"{'campaign through JSON lines':34} {median['protocol']:>30,.0f}")
    print(f"{'campaign --jobs 2':34} {median['jobs2_cpu']:>30,.0f}")
    print("ratios: the median of the rounds' own ratios (each round's figures measured side by side); "
          "in brackets, the ratio of the medians of all the rounds")
    of_medians = result["ratios_of_medians"]
    each = ", ".join(f"{value:.2f}" for value in paired["in_process_vs_openspiel"])
    print(f"in process / OpenSpiel:        {ratios['in_process_vs_openspiel']:.2f}x ({of_medians['in_process_vs_openspiel']:.2f}x)  target {TARGET_IN_PROCESS_VS_OPENSPIEL}x; rounds: {each}")
    each = ", ".join(f"{value:.0%}" for value in paired["protocol_vs_in_process"])
    print(f"JSON lines / in process:       {ratios['protocol_vs_in_process']:.0%} ({of_medians['protocol_vs_in_process']:.0%})  target {TARGET_PROTOCOL_VS_IN_PROCESS:.0%}; rounds: {each}")
    each = ", ".join(f"{value:.2f}" for value in paired["two_jobs_vs_one_by_wall"])
    print(f"--jobs 2 / --jobs 1 (wall):    {ratios['two_jobs_vs_one_by_wall']:.2f}x ({of_medians['two_jobs_vs_one_by_wall']:.2f}x)  target {TARGET_TWO_JOBS}x on 2 idle cores; rounds: {each}")
    print(f"--jobs 2 / --jobs 1 (CPU/hand): {result['two_jobs_cpu_vs_one']:.2f}")
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per campaign (default %(default)s)")
    parser.add_argument("--small", type=int, default=100, help="hands of the short run subtracted (default %(default)s)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each; the median is kept (default %(default)s)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.small < 1 or args.hands < 2 * args.small or args.repeats < 1:
        parser.error("give --small of 1 or more, --hands of at least twice --small, and --repeats of 1 or more")
    result = run(args)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
