"""Command start: how long ``ginspec hand``, ``score``, ``cases --help``, ``--version`` and
``variants`` take from launch to exit, against ``python -c "import yaml"`` on the same machine in
the same run.

Each command is a fresh process, launched ``--repeats`` times, interleaved with the baseline so that
background load falls on all of them alike; the median wall time is kept and the ratio to the
baseline printed. One untimed run of each comes first: it warms the file cache, and writes the
compiled modules and the remembered schema checks of ``ginspec.suite.schema_checks``, as any earlier
use would. The target is a ratio of at most 3. The script always exits with status 0: it is a measurement, not a test.

Usage::

    python benchmarks/command_start.py [--repeats R] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Sequence

TARGET_RATIO = 3.0
DEFAULT_REPEATS = 15


def ginspec_command() -> list[str]:
    """The ``ginspec`` script beside this Python, as a user runs it; else ``python -m ginspec``."""
    beside = Path(sys.executable).parent / "ginspec"
    found = str(beside) if beside.exists() else shutil.which("ginspec")
    return [found] if found else [sys.executable, "-m", "ginspec"]


def commands() -> dict[str, list[str]]:
    ginspec = ginspec_command()
    return {
        "python -c 'import yaml'": [sys.executable, "-c", "import yaml"],
        "ginspec hand": ginspec + ["hand", "Ac 2c 3c 7d 7h 7s Ts Js Qs Kd"],
        "ginspec hand (11 cards)": ginspec + ["hand", "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c"],
        "ginspec score": ginspec
        + ["score", "--knocker", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 4c", "--defender", "4h 5h Kc Kd 8s 8d 2c 6c Qs Js"],
        "ginspec cases --help": ginspec + ["cases", "--help"],
        "ginspec --version": ginspec + ["--version"],
        "ginspec variants": ginspec + ["variants"],
    }


def launch_environment() -> dict[str, str]:
    """The environment of every launch, as an installed package runs: with ``PYTHONDONTWRITEBYTECODE``
    set, ginspec's modules would be compiled again at every launch while the baseline's library,
    compiled when it was installed, would not."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def time_once(argv: list[str]) -> float:
    start = time.perf_counter()
    completed = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=launch_environment(), check=False)
    seconds = time.perf_counter() - start
    if completed.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {completed.returncode}: {completed.stderr.decode()[:200]}")
    return seconds


def run(repeats: int) -> dict:
    chosen = commands()
    baseline = next(iter(chosen))
    for argv in chosen.values():
        time_once(argv)  # untimed: file cache and remembered schema checks
    runs: dict[str, list[float]] = {name: [] for name in chosen}
    for _ in range(repeats):
        for name, argv in chosen.items():
            runs[name].append(time_once(argv))
    medians = {name: statistics.median(values) for name, values in runs.items()}
    print(f"Command start: median of {repeats} launches each, Python {sys.version.split()[0]} on {platform.machine()}")
    print(f"{'command':<28}{'median s':>10}{'ratio to baseline':>20}")
    ratios = {}
    for name, seconds in medians.items():
        ratios[name] = seconds / medians[baseline]
        print(f"{name:<28}{seconds:>10.3f}{ratios[name]:>19.2f}x")
    worst = max(ratio for name, ratio in ratios.items() if name != baseline)
    verdict = "met" if worst <= TARGET_RATIO else "NOT met"
    print(f"\nTarget every command <= {TARGET_RATIO:.0f}x the baseline: {verdict} (worst {worst:.2f}x)")
    print("Numbers are comparable only within one run (same machine, same load).")
    return {
        "benchmark": "command_start",
        "repeats": repeats,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "seconds": runs,
        "median_seconds": medians,
        "ratio_to_baseline": ratios,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=DEFAULT_REPEATS, help="launches per command (default %(default)s)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the numbers to this JSON file")
    args = parser.parse_args(argv)
    try:
        payload = run(max(1, args.repeats))
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
            print(f"Wrote {args.json}")
    except Exception as error:  # a measurement that breaks says why, but never fails the caller
        print(f"The benchmark stopped early: {type(error).__name__}: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
