"""Whole hands by random play: the reference round engine against OpenSpiel and RLCard.

Every engine plays the same hands: hand ``i`` of a run is dealt from one shuffled pack and its
moves are chosen by one random stream, both drawn from ``--seed`` and ``i``, so each engine sees
the same packs and the same seeds. At every decision the player takes a uniformly random legal
action, until the hand is over.

* **reference:** ``reference_impl.round``: ``deal_in_order`` of the pack under ``--variant``
  (``standard`` by default: ten cards each, the upcard offer), then ``legal_actions`` and ``apply``
  until the phase is ``over``.
* **OpenSpiel:** ``pyspiel.load_game("gin_rummy")``; each chance node (the deal and every draw from
  the stock) takes the next card of the pack, every other node a random legal action. OpenSpiel
  lays the knocker's and the defender's melds card group by card group, so its hands have a few
  more actions after a knock.
* **RLCard:** ``GinRummyGame`` with its deck stacked from the pack (RLCard deals the non-dealer
  eleven cards, without an upcard), then ``judge.get_legal_actions()`` and ``step`` until
  ``is_over()``.

The hands differ between engines (their rules and action sets differ), so the table shows hands a
second and actions a second, and the ratios of the reference engine to each peer for both. Runs
of the engines are interleaved, ``--repeats`` times, and the median is kept. Numbers are
comparable only within one run. The script always exits with status 0: it is a measurement, not a
test.

Usage::

    python benchmarks/round_throughput.py [--hands N] [--seed S] [--repeats R] [--variant NAME] [--json PATH]
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

from reference_impl.cards import DECK, Card  # noqa: E402

REFERENCE = "reference"
OPENSPIEL = "OpenSpiel"
RLCARD = "RLCard"

TARGET_VS_OPENSPIEL = 3.5
DEFAULT_HANDS = 300
DEFAULT_SEED = 20240611
DEFAULT_REPEATS = 5

Player = Callable[[Sequence[Card], random.Random, int], int]
"""Plays one hand from a pack with a random stream; returns the number of actions taken."""


@dataclass
class Engine:
    name: str
    version: str
    play: Player
    runs: list[float] = field(default_factory=list)
    actions: int = 0
    error: str | None = None

    def hands_per_second(self, hands: int) -> float | None:
        return hands / statistics.median(self.runs) if self.runs else None

    def actions_per_second(self) -> float | None:
        return self.actions / statistics.median(self.runs) if self.runs else None


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "unknown"


def reference_engine(variant: str) -> Engine:
    from ginspec.suite.variants import load_variants
    from reference_impl.round import apply, deal_in_order, legal_actions
    from reference_impl.rules import RoundRules

    rules = RoundRules.from_parameters(load_variants()[variant].parameters)

    def play(pack: Sequence[Card], rng: random.Random, number: int) -> int:
        state = deal_in_order(rules, "p1" if number % 2 else "p2", pack)
        actions = 0
        while state.phase != "over":
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))])
            actions += 1
        return actions

    return Engine(f"{REFERENCE} ({variant})", _version("ginspec") + " (this checkout)", play)


OPENSPIEL_SUITS = "scdh"
"""OpenSpiel's card id: suit_index * 13 + rank - 1 with suits in the order s c d h."""


def openspiel_engine() -> Engine:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    ids = {card: OPENSPIEL_SUITS.index(card.suit) * 13 + card.rank - 1 for card in DECK}
    for card, number in ids.items():  # representation check against OpenSpiel's own names
        if utils.card_string(number) != str(card):
            raise RuntimeError(f"OpenSpiel card mapping is wrong for {card}: {utils.card_string(number)}")

    def play(pack: Sequence[Card], rng: random.Random, number: int) -> int:
        cards = iter([ids[card] for card in pack])
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(next(cards))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        return actions

    return Engine(OPENSPIEL, _version("open_spiel"), play)


def rlcard_engine() -> Engine:
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame
    from rlcard.games.gin_rummy.utils import utils
    from rlcard.games.gin_rummy.utils.settings import DealerForRound

    class StackedDeck(np.random.RandomState):
        """RLCard's dealer shuffles its deck in place and deals with ``pop()`` from the end."""

        def __init__(self, deck: list) -> None:
            super().__init__(0)
            self.deck = deck

        def shuffle(self, x: Any) -> None:
            x[:] = self.deck

    by_card = {card: utils.card_from_text(str(card)[0] + card.suit.upper()) for card in DECK}

    def play(pack: Sequence[Card], rng: random.Random, number: int) -> int:
        game = GinRummyGame()
        game.settings.dealer_for_round = DealerForRound.North if number % 2 else DealerForRound.South
        game.np_random = StackedDeck([by_card[card] for card in reversed(pack)])
        game.init_game()
        actions = 0
        while not game.is_over():
            legal = game.judge.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            actions += 1
        return actions

    return Engine(RLCARD, _version("rlcard"), play)


def load_engines(variant: str, notes: list[str]) -> list[Engine]:
    engines = [reference_engine(variant)]
    for name, factory, extra in ((OPENSPIEL, openspiel_engine, "open_spiel"), (RLCARD, rlcard_engine, "rlcard")):
        try:
            engines.append(factory())
        except ImportError as error:
            notes.append(f"{name} skipped: not installed ({error}); pip install -e \".[bench]\" adds {extra}")
        except Exception as error:  # a peer that loads but misbehaves is skipped, not fatal
            notes.append(f"{name} skipped: could not be set up ({type(error).__name__}: {error})")
    return engines


def packs(count: int, seed: int) -> list[tuple[Card, ...]]:
    """The shuffled packs of the run, one per hand, the same for every engine."""
    found = []
    for number in range(count):
        pack = list(DECK)
        random.Random(f"{seed}:pack:{number}").shuffle(pack)
        found.append(tuple(pack))
    return found


def time_once(
    engine: Engine, dealt: Sequence[tuple[Card, ...]], seed: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, int]:
    """One timed pass over every hand; the random streams are made before the clock starts
    (``clock``: wall time, or ``time.process_time`` for this process's CPU time)."""
    streams = [random.Random(f"{seed}:moves:{number}") for number in range(len(dealt))]
    play = engine.play
    gc.collect()
    actions = 0
    start = clock()
    for number, pack in enumerate(dealt):
        actions += play(pack, streams[number], number)
    return clock() - start, actions


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def run(args: argparse.Namespace) -> dict[str, Any]:
    notes: list[str] = []
    engines = load_engines(args.variant, notes)
    print(
        f"Whole hands by random play: {args.hands:,} hands, seed {args.seed}, {args.repeats} repeats, "
        f"Python {sys.version.split()[0]} on {platform.machine()}"
    )
    print("Engines: " + ", ".join(f"{engine.name} {engine.version}" for engine in engines))
    for note in notes:
        print(note)
    dealt = packs(args.hands, args.seed)
    for repeat in range(args.repeats):
        for engine in engines:
            if engine.error:
                continue
            try:
                seconds, actions = time_once(engine, dealt, args.seed)
            except Exception as error:
                engine.error = f"{type(error).__name__}: {error}"
                continue
            engine.runs.append(seconds)
            engine.actions = actions
            if not args.quiet:
                print(f"  repeat {repeat + 1}/{args.repeats} {engine.name:<20} {seconds:7.2f} s", file=sys.stderr, flush=True)

    reference = engines[0]
    print()
    print(f"{'engine':<22}{'hands/s':>10}{'actions/hand':>14}{'actions/s':>12}{'ref/engine hands':>18}{'ref/engine actions':>20}")
    ratios: dict[str, dict[str, float | None]] = {}
    for engine in engines:
        hands = engine.hands_per_second(args.hands)
        per_action = engine.actions_per_second()
        hand_ratio = reference.hands_per_second(args.hands) / hands if hands and reference.runs else None
        action_ratio = reference.actions_per_second() / per_action if per_action and reference.runs else None  # type: ignore[operator]
        ratios[engine.name] = {"hands": hand_ratio, "actions": action_ratio}
        length = f"{engine.actions / args.hands:.1f}" if engine.runs else "-"
        print(f"{engine.name:<22}{_rate(hands):>10}{length:>14}{_rate(per_action):>12}{_ratio(hand_ratio):>18}{_ratio(action_ratio):>20}")
        if engine.error:
            print(f"  {engine.name} stopped: {engine.error}")
    print()
    versus = ratios.get(OPENSPIEL, {}).get("hands")
    if versus is not None:
        verdict = "met" if versus >= TARGET_VS_OPENSPIEL else "NOT met"
        print(f"Target reference >= {TARGET_VS_OPENSPIEL:.1f}x OpenSpiel in hands a second: {verdict} ({versus:.2f}x)")
    print("Numbers are comparable only within one run (same machine, same load, same packs and seeds).")
    return {
        "benchmark": "round_throughput",
        "hands": args.hands,
        "seed": args.seed,
        "repeats": args.repeats,
        "variant": args.variant,
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "notes": notes,
        "engines": {
            engine.name: {
                "version": engine.version,
                "seconds": engine.runs,
                "actions": engine.actions,
                "hands_per_second": engine.hands_per_second(args.hands),
                "actions_per_second": engine.actions_per_second(),
                "error": engine.error,
            }
            for engine in engines
        },
        "ratio_reference_to": {name: value for name, value in ratios.items() if name != reference.name},
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, help="hands per timed run (default %(default)s)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the packs and moves (default %(default)s)")
    parser.add_argument("--repeats", type=int, default=DEFAULT_REPEATS, help="timed runs per engine, median kept (default %(default)s)")
    parser.add_argument("--variant", default="standard", help="the reference engine's variant (default %(default)s)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the numbers to this JSON file")
    parser.add_argument("--quiet", action="store_true", help="no per-run progress lines on stderr")
    args = parser.parse_args(argv)
    args.hands = max(1, args.hands)
    args.repeats = max(1, args.repeats)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        payload = run(args)
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
            print(f"Wrote {args.json}")
    except Exception:  # a measurement that breaks reports why, but never fails the caller
        traceback.print_exc()
        print("The benchmark stopped early; see the error above.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
