"""Least-deadwood throughput: the reference engine against RLCard and OpenSpiel on the same hands.

Four datasets are drawn from fixed seeds (see ``benchmarks/README.md``):

* ``uniform-10``  ten cards drawn uniformly from the 52-card deck;
* ``uniform-11``  eleven cards drawn uniformly (a hand just after the draw);
* ``dense-10``    ten cards drawn from the 20 cards of five adjacent ranks, the five ranks chosen
  at random for each hand (lowest rank uniform in A..9), so runs and sets are everywhere;
* ``dense-11``    the same with eleven cards.

For ten cards each engine answers "least deadwood of this hand". For eleven cards the question is
the least deadwood of the ten cards kept, minimised over every discard (KNOCK-COUNT-AFTER-DISCARD).

Every hand is converted to each engine's own card representation before any timing. Before timing,
the first ``--check`` hands of every dataset (500 by default) are evaluated by all engines and any
disagreement is counted and shown; a disagreement is reported, never fatal.

Timing is ``time.perf_counter`` around a plain loop calling the engine once per hand; each engine is
timed ``--repeats`` times (interleaved with the other engines, to spread background load evenly) and
the median is kept. Results are never cached by this script between repeats.

The script always exits with status 0: it is a measurement, not a test.

Usage::

    python benchmarks/deadwood_throughput.py [--hands N] [--seed S] [--repeats R] [--json PATH]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
import traceback
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # measure the engine of this checkout, installed or not

from reference_impl.cards import DECK, Card, format_hand, mask_of  # noqa: E402
from reference_impl.deadwood import least_deadwood, least_deadwood_after_discard  # noqa: E402

REFERENCE = "reference"
RLCARD = "RLCard"
OPENSPIEL = "OpenSpiel"
ENGINE_ORDER = (REFERENCE, RLCARD, OPENSPIEL)

TARGET_VS_RLCARD = 5.0
TARGET_VS_OPENSPIEL = 1.5

DEFAULT_HANDS = 20_000
DEFAULT_SEED = 20240611
DEFAULT_REPEATS = 3
DEFAULT_CHECK = 500
EXAMPLES_SHOWN = 3


# --------------------------------------------------------------------------------------------------
# Datasets
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Dataset:
    name: str
    cards: int
    description: str
    hands: tuple[tuple[Card, ...], ...]


def _uniform_hands(rng: random.Random, count: int, size: int) -> list[tuple[Card, ...]]:
    return [tuple(rng.sample(DECK, size)) for _ in range(count)]


_BY_LOW_RANK: dict[int, tuple[Card, ...]] = {
    low: tuple(card for card in DECK if low <= card.rank < low + 5) for low in range(1, 10)
}


def _dense_hands(rng: random.Random, count: int, size: int) -> list[tuple[Card, ...]]:
    hands = []
    for _ in range(count):
        pool = _BY_LOW_RANK[rng.randint(1, 9)]  # five adjacent ranks, A-5 up to 9-K
        hands.append(tuple(rng.sample(pool, size)))
    return hands


def make_datasets(count: int, seed: int) -> list[Dataset]:
    """The four datasets; each has its own stream, so one never depends on the size of another."""
    specs = (
        ("uniform-10", 10, "10 cards, uniform from the deck", _uniform_hands),
        ("uniform-11", 11, "11 cards, uniform from the deck", _uniform_hands),
        ("dense-10", 10, "10 cards from 5 adjacent ranks x 4 suits (ranks random per hand)", _dense_hands),
        ("dense-11", 11, "11 cards from 5 adjacent ranks x 4 suits (ranks random per hand)", _dense_hands),
    )
    datasets = []
    for name, size, description, make in specs:
        rng = random.Random(f"ginspec-deadwood-bench:{seed}:{name}")
        datasets.append(Dataset(name, size, description, tuple(make(rng, count, size))))
    return datasets


# --------------------------------------------------------------------------------------------------
# Engines: each turns our hands into its own input once, and offers one call per hand
# --------------------------------------------------------------------------------------------------


@dataclass
class Engine:
    name: str
    version: str
    convert: Callable[[tuple[Card, ...]], Any]
    least_10: Callable[[Any], int]
    least_11: Callable[[Any], int]

    def function_for(self, cards: int) -> Callable[[Any], int]:
        return self.least_10 if cards == 10 else self.least_11


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "unknown"


def reference_engine() -> Engine:
    return Engine(
        name=REFERENCE,
        version=_version("ginspec") + " (this checkout)",
        convert=mask_of,
        least_10=least_deadwood,
        least_11=least_deadwood_after_discard,
    )


def rlcard_engine() -> Engine:
    from rlcard.games.gin_rummy.utils import melding, utils

    get_best_meld_clusters = melding.get_best_meld_clusters
    get_deadwood_count = utils.get_deadwood_count

    def least_10(hand: list) -> int:
        # As rlcard's own scorer and round do: the first best cluster, or no melds if there is none.
        best_meld_clusters = get_best_meld_clusters(hand)
        best_meld_cluster = [] if not best_meld_clusters else best_meld_clusters[0]
        return get_deadwood_count(hand, best_meld_cluster)

    def least_11(hand: list) -> int:
        # rlcard has no eleven-card question: the least over the eleven discards of the ten-card answer.
        return min(least_10(hand[:i] + hand[i + 1 :]) for i in range(len(hand)))

    def convert(cards: tuple[Card, ...]) -> list:
        return [utils.card_from_text(str(card)[0] + card.suit.upper()) for card in cards]

    for card in DECK:  # representation check: rank letter, then upper-case suit
        rl_card = utils.card_from_text(str(card)[0] + card.suit.upper())
        if str(rl_card) != str(card)[0] + card.suit.upper() or utils.get_deadwood_value(rl_card) != card.value:
            raise RuntimeError(f"RLCard card mapping is wrong for {card}")

    return Engine(RLCARD, _version("rlcard"), convert, least_10, least_11)


OPENSPIEL_SUITS = "scdh"
"""OpenSpiel's suit order: card id = suit_index * 13 + rank - 1 with suits s c d h."""


def openspiel_engine() -> Engine:
    import pyspiel

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)

    def card_id(card: Card) -> int:
        return OPENSPIEL_SUITS.index(card.suit) * 13 + card.rank - 1

    for card in DECK:  # representation check against OpenSpiel's own names
        if utils.card_string(card_id(card)) != str(card):
            raise RuntimeError(f"OpenSpiel card mapping is wrong for {card}: {utils.card_string(card_id(card))}")

    def convert(cards: tuple[Card, ...]) -> list[int]:
        return [card_id(card) for card in cards]

    # min_deadwood is given the whole hand; with eleven cards it answers for the best ten kept.
    return Engine(OPENSPIEL, _version("open_spiel"), convert, utils.min_deadwood, utils.min_deadwood)


def load_engines(notes: list[str]) -> list[Engine]:
    engines = [reference_engine()]
    for name, factory, extra in ((RLCARD, rlcard_engine, "rlcard"), (OPENSPIEL, openspiel_engine, "open_spiel")):
        try:
            engines.append(factory())
        except ImportError as error:
            notes.append(f"{name} skipped: not installed ({error}); pip install -e \".[bench]\" adds {extra}")
        except Exception as error:  # a peer that loads but misbehaves is skipped, not fatal
            notes.append(f"{name} skipped: could not be set up ({type(error).__name__}: {error})")
    return engines


# --------------------------------------------------------------------------------------------------
# Agreement and timing
# --------------------------------------------------------------------------------------------------


@dataclass
class DatasetResult:
    dataset: Dataset
    checked: int = 0
    disagreements: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)
    any_disagreement: int = 0
    runs: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    def median_seconds(self, engine: str) -> float | None:
        runs = self.runs.get(engine)
        return statistics.median(runs) if runs else None

    def hands_per_second(self, engine: str) -> float | None:
        seconds = self.median_seconds(engine)
        if seconds is None or seconds <= 0:
            return None
        return len(self.dataset.hands) / seconds

    def ratio(self, engine: str) -> float | None:
        ours = self.hands_per_second(REFERENCE)
        theirs = self.hands_per_second(engine)
        if ours is None or theirs is None:
            return None
        return ours / theirs


def check_agreement(
    result: DatasetResult, engines: Sequence[Engine], inputs: dict[str, list], count: int
) -> None:
    """Evaluate the first ``count`` hands with every engine and count pairwise disagreements."""
    dataset = result.dataset
    count = min(count, len(dataset.hands))
    result.checked = count
    values: dict[str, list[int | None]] = {}
    for engine in engines:
        function = engine.function_for(dataset.cards)
        column: list[int | None] = []
        for item in inputs[engine.name][:count]:
            try:
                column.append(function(item))
            except Exception as error:  # recorded as a disagreement, with the error shown
                column.append(None)
                result.errors.setdefault(engine.name, f"{type(error).__name__}: {error}")
        values[engine.name] = column

    names = [engine.name for engine in engines]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    for a, b in pairs:
        key = f"{a} vs {b}"
        result.disagreements[key] = 0
        result.examples[key] = []
    for index in range(count):
        row = {name: values[name][index] for name in names}
        if len(set(row.values())) > 1:
            result.any_disagreement += 1
        for a, b in pairs:
            if row[a] != row[b]:
                key = f"{a} vs {b}"
                result.disagreements[key] += 1
                if len(result.examples[key]) < EXAMPLES_SHOWN:
                    shown = ", ".join(f"{name} {row[name]}" for name in names)
                    result.examples[key].append(f"hand #{index} [{format_hand(dataset.hands[index])}]: {shown}")


def time_once(function: Callable[[Any], int], items: list, clock: Callable[[], float] = time.perf_counter) -> float:
    """One timed pass: a plain loop calling the engine once per hand (``clock``: wall time, or
    ``time.process_time`` for this process's CPU time, which another process's load does not lengthen)."""
    gc.collect()
    start = clock()
    for item in items:
        function(item)
    return clock() - start


def time_dataset(
    result: DatasetResult, engines: Sequence[Engine], inputs: dict[str, list], repeats: int, progress: bool
) -> None:
    for repeat in range(repeats):
        for engine in engines:
            if engine.name in result.errors and not result.runs.get(engine.name):
                continue
            function = engine.function_for(result.dataset.cards)
            try:
                seconds = time_once(function, inputs[engine.name])
            except Exception as error:
                result.errors[engine.name] = f"{type(error).__name__}: {error}"
                continue
            result.runs.setdefault(engine.name, []).append(seconds)
            if progress:
                print(
                    f"  {result.dataset.name:<11} repeat {repeat + 1}/{repeats} {engine.name:<10} {seconds:8.2f} s",
                    file=sys.stderr,
                    flush=True,
                )


# --------------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------------


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def print_agreement(results: Sequence[DatasetResult], engines: Sequence[Engine]) -> None:
    print(f"Agreement on the first {results[0].checked if results else 0} hands of each dataset:")
    if len(engines) < 2:
        print("  only the reference engine is available; nothing to compare")
        print()
        return
    for result in results:
        counts = ", ".join(f"{pair}: {count}" for pair, count in result.disagreements.items())
        print(f"  {result.dataset.name:<11} {counts}")
        for pair, examples in result.examples.items():
            for example in examples:
                print(f"      {pair}: {example}")
        for engine, error in result.errors.items():
            print(f"      {engine} raised {error}")
    print()


def target_verdicts(results: Sequence[DatasetResult], engine_names: set[str]) -> list[dict[str, Any]]:
    verdicts = []
    for peer, target in ((RLCARD, TARGET_VS_RLCARD), (OPENSPIEL, TARGET_VS_OPENSPIEL)):
        ratios = {result.dataset.name: result.ratio(peer) for result in results}
        if peer not in engine_names or any(value is None for value in ratios.values()):
            holds = None
        else:
            holds = all(value >= target for value in ratios.values())
        verdicts.append({"peer": peer, "target": target, "holds": holds, "ratios": ratios})
    return verdicts


def print_table(results: Sequence[DatasetResult], engines: Sequence[Engine], repeats: int) -> None:
    names = [engine.name for engine in engines]
    header = f"{'dataset':<11} {'cards':>5}"
    for name in ENGINE_ORDER:
        header += f" {name + ' h/s':>15}"
    header += f" {'ref/RLCard':>11} {'ref/OpenSpiel':>14}"
    print(f"Hands per second (median of {repeats} runs of {len(results[0].dataset.hands):,} hands each):")
    print(header)
    print("-" * len(header))
    for result in results:
        line = f"{result.dataset.name:<11} {result.dataset.cards:>5}"
        for name in ENGINE_ORDER:
            line += f" {_rate(result.hands_per_second(name) if name in names else None):>15}"
        line += f" {_ratio(result.ratio(RLCARD)):>11} {_ratio(result.ratio(OPENSPIEL)):>14}"
        print(line)
    print()


def print_targets(verdicts: Sequence[dict[str, Any]]) -> None:
    parts = []
    for verdict in verdicts:
        label = f"reference >= {verdict['target']:g} x {verdict['peer']}"
        if verdict["holds"] is None:
            parts.append(f"{label}: not checked ({verdict['peer']} unavailable)")
            continue
        worst_name, worst = min(verdict["ratios"].items(), key=lambda item: item[1])
        state = "HOLDS" if verdict["holds"] else "MISSED"
        parts.append(f"{label} on every dataset: {state} (lowest {worst:.2f}x on {worst_name})")
    print("Targets: " + "; ".join(parts))


def write_json(
    path: Path,
    args: argparse.Namespace,
    engines: Sequence[Engine],
    results: Sequence[DatasetResult],
    verdicts: Sequence[dict[str, Any]],
    notes: Sequence[str],
) -> None:
    payload = {
        "benchmark": "deadwood_throughput",
        "hands": args.hands,
        "seed": args.seed,
        "repeats": args.repeats,
        "checked_hands": args.check,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "engines": {engine.name: engine.version for engine in engines},
        "notes": list(notes),
        "datasets": [
            {
                "name": result.dataset.name,
                "cards": result.dataset.cards,
                "description": result.dataset.description,
                "seconds": result.runs,
                "median_seconds": {name: result.median_seconds(name) for name in result.runs},
                "hands_per_second": {name: result.hands_per_second(name) for name in result.runs},
                "ratio_reference_to": {
                    peer: result.ratio(peer) for peer in (RLCARD, OPENSPIEL) if peer in result.runs
                },
                "agreement": {
                    "checked": result.checked,
                    "disagreements": result.disagreements,
                    "hands_with_any_disagreement": result.any_disagreement,
                    "examples": result.examples,
                },
                "errors": result.errors,
            }
            for result in results
        ],
        "targets": list(verdicts),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, help="hands per dataset (default %(default)s)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="dataset seed (default %(default)s)")
    parser.add_argument("--repeats", type=int, default=DEFAULT_REPEATS, help="timed runs per engine (median kept)")
    parser.add_argument(
        "--check", type=int, default=DEFAULT_CHECK, help="hands per dataset checked for agreement (default %(default)s)"
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the numbers to this JSON file")
    parser.add_argument("--quiet", action="store_true", help="no per-run progress lines on stderr")
    args = parser.parse_args(argv)
    args.hands = max(1, args.hands)
    args.repeats = max(1, args.repeats)
    args.check = max(0, args.check)
    return args


def run(args: argparse.Namespace) -> None:
    notes: list[str] = []
    engines = load_engines(notes)
    print(
        f"Least-deadwood throughput: {args.hands:,} hands per dataset, seed {args.seed}, "
        f"{args.repeats} repeats, Python {sys.version.split()[0]} on {platform.machine()}"
    )
    print("Engines: " + ", ".join(f"{engine.name} {engine.version}" for engine in engines))
    for note in notes:
        print(note)
    print()

    datasets = make_datasets(args.hands, args.seed)
    results = []
    for dataset in datasets:
        inputs = {engine.name: [engine.convert(hand) for hand in dataset.hands] for engine in engines}
        result = DatasetResult(dataset)
        check_agreement(result, engines, inputs, args.check)
        time_dataset(result, engines, inputs, args.repeats, progress=not args.quiet)
        results.append(result)
        del inputs

    print_agreement(results, engines)
    print_table(results, engines, args.repeats)
    verdicts = target_verdicts(results, {engine.name for engine in engines})
    print_targets(verdicts)
    print("Numbers are comparable only within one run (same machine, same load, same hands).")
    if args.json:
        write_json(args.json, args, engines, results, verdicts, notes)
        print(f"Wrote {args.json}")


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        run(args)
    except Exception:  # a measurement that breaks reports why, but never fails the caller
        traceback.print_exc()
        print("The benchmark stopped early; see the error above.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
