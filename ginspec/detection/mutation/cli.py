"""``python -m ginspec.detection.mutation``: the mutation score of ``reference_impl/`` per module, with the
suite (every vector and scenario ``ginspec check`` runs) as the test.

Exit status: 0, or 1 when ``--fail-under`` is not met, a mutant listed in
``detection/equivalent-mutants.yaml`` is killed (the list is wrong), or (with ``--strict``) a
mutant survives that the list does not name; 2 for a usage error.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, Sequence, TextIO

from ginspec.errors import SuiteError, UsageError
from ginspec.suite.files import check_output_path
from ginspec.detection.mutation.operators import Mutant, list_mutants, module_path
from ginspec.detection.mutation.pool import Outcome, measure_coverage, modules_of, run_mutants
from ginspec.detection.mutation.scores import (
    load_equivalents,
    module_scores,
    overall,
    scores_data,
    stale_equivalents,
    survivors,
    write_scores,
)
from ginspec.suite.paths import suite_root

DEFAULT_EQUIVALENTS = Path("detection") / "equivalent-mutants.yaml"
DEFAULT_SCORES = Path("detection") / "mutation-scores.yaml"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ginspec.detection.mutation",
        description="Mutation score of reference_impl/ per module, with the suite's vectors and scenarios as the test.",
    )
    parser.add_argument("--module", action="append", default=[], metavar="NAME", help="only this module (cards or reference_impl.cards); repeatable")
    parser.add_argument("--sample", type=int, metavar="N", help="judge N mutants drawn at random (with --seed) instead of all")
    parser.add_argument("--seed", type=int, default=0, help="the seed of --sample (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes side by side (default 1)")
    parser.add_argument("--survivors", action="store_true", help="list every surviving mutant (file:line, operator, original -> mutated)")
    parser.add_argument("--json", action="store_true", help="print the scores and survivors as JSON")
    parser.add_argument("--write", nargs="?", const=str(DEFAULT_SCORES), metavar="PATH", help=f"write the scores file (default {DEFAULT_SCORES})")
    parser.add_argument("--outcomes", metavar="PATH", help="write every mutant's outcome as JSON")
    parser.add_argument("--equivalents", default=None, metavar="PATH", help=f"the list of equivalent mutants (default {DEFAULT_EQUIVALENTS})")
    parser.add_argument("--fail-under", type=float, metavar="FRACTION", help="exit 1 if the overall score is below FRACTION (e.g. 0.9)")
    parser.add_argument("--strict", action="store_true", help="exit 1 if any mutant survives that the equivalents file does not list")
    parser.add_argument("--list", action="store_true", help="list the chosen mutants without running them")
    return parser


def _module_names(requested: Sequence[str]) -> list[str]:
    known = modules_of()
    if not requested:
        return known
    chosen = []
    for name in requested:
        full = name if name.startswith("reference_impl.") else f"reference_impl.{name.removesuffix('.py')}"
        if full not in known:
            raise UsageError(f"--module {name!r}: not a module of reference_impl (known: {', '.join(m.split('.')[-1] for m in known)})")
        chosen.append(full)
    return chosen


def choose_mutants(modules: Sequence[str], sample: int | None, seed: int) -> tuple[list[Mutant], int]:
    """The mutants to judge (all, or a seeded sample), and the size of the set drawn from."""
    every = [mutant for module in modules for mutant in list_mutants(module)]
    if sample is None or sample >= len(every):
        return every, len(every)
    if sample < 1:
        raise UsageError(f"--sample {sample}: must be at least 1")
    drawn = random.Random(seed).sample(range(len(every)), sample)
    return [every[index] for index in sorted(drawn)], len(every)


def where(mutant: Mutant) -> str:
    try:
        path = module_path(mutant.module).resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        path = module_path(mutant.module)
    return f"{path}:{mutant.line}"


def survivor_line(outcome: Outcome) -> str:
    mutant = outcome.mutant
    note = "  (no case reaches it)" if outcome.why == "not reached" else ("" if outcome.why == "survived" else f"  ({outcome.why})")
    return f"{where(mutant)}  {mutant.function}  {mutant.operator}  {mutant.original}  ->  {mutant.mutated}{note}"


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    stream = out or sys.stdout
    args = build_parser().parse_args(argv)
    try:
        return _run(args, stream)
    except SuiteError as exc:
        sys.stderr.write(f"ginspec mutation: {exc}\n")
        return 2 if isinstance(exc, UsageError) else 1


def _run(args: argparse.Namespace, out: TextIO) -> int:
    modules = _module_names(args.module)
    equivalents_path = Path(args.equivalents) if args.equivalents else suite_root() / DEFAULT_EQUIVALENTS
    equivalents = load_equivalents(equivalents_path)
    for option in ("write", "outcomes"):
        if getattr(args, option):
            check_output_path(Path(getattr(args, option)), f"--{option}", create_parent=True)
    mutants, population = choose_mutants(modules, args.sample, args.seed)
    if args.list:
        for mutant in mutants:
            out.write(f"{where(mutant)}  {mutant.function}  {mutant.operator}  {mutant.original}  ->  {mutant.mutated}\n")
        out.write(f"{len(mutants)} mutants\n")
        return 0
    started = time.perf_counter()
    show = not args.json and sys.stderr.isatty()
    coverage = measure_coverage()
    done = 0

    def progress(_: Outcome) -> None:
        nonlocal done
        done += 1
        if show:
            sys.stderr.write(f"\r{done}/{len(mutants)} mutants")
            sys.stderr.flush()

    outcomes = run_mutants(mutants, coverage, args.jobs, progress)
    if show:
        sys.stderr.write("\r" + " " * 40 + "\r")
    scores = module_scores(outcomes, equivalents, modules)
    whole = overall(scores)
    sample = None if args.sample is None or len(mutants) == population else {"size": len(mutants), "seed": args.seed, "of": population}
    data = scores_data(scores, len(mutants), sample)
    left = survivors(outcomes, equivalents)
    stale = stale_equivalents(outcomes, equivalents)
    if args.write:
        write_scores(Path(args.write), data)
    if args.outcomes:
        from ginspec.suite.files import write_atomic

        rows = [{**outcome.mutant.to_data(), "killed": outcome.killed, "why": outcome.why, "by": outcome.by, "ran": outcome.ran} for outcome in outcomes]
        write_atomic(Path(args.outcomes), json.dumps(rows, indent=1) + "\n")
    seconds = time.perf_counter() - started
    if args.json:
        payload: dict[str, Any] = {**data, "score": whole.score, "strict": whole.strict, "seconds": round(seconds, 1)}
        payload["survivors"] = [{**o.mutant.to_data(), "where": where(o.mutant), "why": o.why} for o in left]
        payload["stale_equivalents"] = [mutant.identity for mutant in stale]
        out.write(json.dumps(payload, indent=2) + "\n")
    else:
        _print_table(scores, whole, out)
        if args.survivors and left:
            out.write("\nsurvivors:\n")
            for outcome in left:
                out.write(f"  {survivor_line(outcome)}\n")
        for mutant in stale:
            out.write(f"listed as equivalent but killed (remove it from the list): {mutant.identity}\n")
        drawn = f" (a sample of {len(mutants)} of {population}, seed {args.seed})" if sample else ""
        out.write(f"\n{len(mutants)} mutants{drawn}: {whole.killed} killed, {whole.survived} survived, {whole.equivalent} equivalent; "
                  f"score {_percent(whole.score)} without the equivalent ones, strict {_percent(whole.strict)} (killed of all) in {seconds:.0f} s\n")
    status = 0
    if args.fail_under is not None and (whole.score or 0.0) < args.fail_under:
        sys.stderr.write(f"mutation score {_percent(whole.score)} is under {args.fail_under:.0%}\n")
        status = 1
    if stale:
        sys.stderr.write(f"{len(stale)} mutants listed as equivalent were killed: the list is wrong\n")
        status = 1
    if args.strict and left:
        sys.stderr.write(f"{len(left)} mutants survived that are not listed as equivalent\n")
        if args.json or not args.survivors:
            for outcome in left:
                sys.stderr.write(f"  {survivor_line(outcome)}\n")
        status = 1
    return status


def _percent(score: float | None) -> str:
    return "n/a" if score is None else f"{100 * score:.1f} %"


def _print_table(scores: Sequence[Any], whole: Any, out: TextIO) -> None:
    out.write(f"{'module':<28} {'killed':>7} {'survived':>9} {'equivalent':>11} {'total':>6} {'score':>8} {'strict':>8}\n")
    for score in [*scores, whole]:
        out.write(
            f"{score.module:<28} {score.killed:>7} {score.survived:>9} {score.equivalent:>11} {score.total:>6} {_percent(score.score):>8} {_percent(score.strict):>8}\n"
        )
