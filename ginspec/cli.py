"""The ``ginspec`` command: run the suite, and ask the reference engine about hands.

Every user error is one line on standard error and exit status 2; a run of the suite exits 1 when a
case failed and 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Sequence, TextIO

import yaml

import reference_impl as ref
from reference_impl.cards import SUIT_SYMBOLS, Card, format_hand, parse_cards
from reference_impl.deadwood import Arrangement
from reference_impl.melds import format_spread

from ginspec.errors import SuiteError, UsageError
from ginspec.paths import suite_root
from ginspec.variants import check_parameters, get_variant
from ginspec.variants_cli import add_variant_commands
from reference_impl.rules import RoundRules

if TYPE_CHECKING:  # the commands import what they use, so that each starts at once
    from ginspec.runner import CaseResult
    from ginspec.vectors import Vector


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


# ----------------------------------------------------------------------------- parameters


def _parse_overrides(items: Sequence[str]) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--set {item!r}: write KEY=VALUE, e.g. --set knock_limit=7")
        overrides[key] = yaml.safe_load(raw)
    check_parameters(overrides, "--set")
    return overrides


def _rules(variant: str, overrides: Sequence[str]) -> ref.HandRules:
    parameters = dict(get_variant(variant).parameters)
    parameters.update(_parse_overrides(overrides))
    return ref.HandRules.from_parameters(parameters)


def _cards(text: str, what: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except ref.NotationError as exc:
        raise UsageError(f"{what}: {exc}") from None


def _spread_text(text: str, what: str) -> list[tuple[Card, ...]]:
    return [_cards(part, what) for part in text.split("|") if part.strip()]


# ----------------------------------------------------------------------------- display


def pretty(cards: Sequence[Card]) -> str:
    """Cards with suit symbols, for people: ``A♣ 2♣ 3♣``."""
    return " ".join(str(card)[0] + SUIT_SYMBOLS[card.suit] for card in cards)


def _melds_json(arrangement: Arrangement) -> list[str]:
    return format_spread(arrangement.melds).split(" | ") if arrangement.melds else []


def _arrangement_line(arrangement: Arrangement) -> str:
    melds = "  ".join(f"[{pretty(ref.parse_cards(meld))}]" for meld in _melds_json(arrangement)) or "(no melds)"
    dead = pretty(arrangement.deadwood_cards) or "none"
    return f"{melds}   deadwood: {dead}"


# ----------------------------------------------------------------------------- hand


def hand_answer(cards: tuple[Card, ...], rules: ref.HandRules) -> dict[str, Any]:
    """The JSON answer of ``ginspec hand`` for one hand."""
    if len(cards) == rules.hand_size + 1:
        drawn = ref.evaluate_drawn_hand(cards, rules)
        answer: dict[str, Any] = {
            "hand": format_hand(cards),
            "cards": len(cards),
            "deadwood": drawn.deadwood,
            "discards": format_hand(drawn.discards),
            "melds": _melds_json(drawn.kept),
            "deadwood_cards": format_hand(drawn.kept.deadwood_cards),
            "can_knock": drawn.can_knock,
            "can_gin": drawn.can_gin,
            "can_big_gin": drawn.can_big_gin,
            "knock_limit": rules.knock_limit,
        }
        if drawn.all_melded is not None:
            answer["big_gin_melds"] = _melds_json(drawn.all_melded)
        return answer
    if len(cards) > rules.hand_size + 1:
        raise UsageError(f"{len(cards)} cards: a hand holds at most {rules.hand_size + 1} (after the draw)")
    resting = ref.evaluate_resting_hand(cards, rules)
    best = resting.arrangements[0]
    return {
        "hand": format_hand(cards),
        "cards": len(cards),
        "deadwood": resting.deadwood,
        "melds": _melds_json(best),
        "deadwood_cards": format_hand(best.deadwood_cards),
        "arrangements": [_melds_json(arrangement) for arrangement in resting.arrangements],
    }


def _print_hand(cards: tuple[Card, ...], rules: ref.HandRules, out: TextIO) -> None:
    answer = hand_answer(cards, rules)
    out.write(f"hand:      {pretty(ref.parse_cards(answer['hand']))}\n")
    if "discards" in answer:
        discards = ref.parse_cards(answer["discards"])
        out.write(f"discard:   {pretty(discards)} leaves the least deadwood, {answer['deadwood']}\n")
        kept = ref.evaluate_resting_hand([card for card in cards if card != discards[0]], rules).arrangements[0]
        out.write(f"kept:      {_arrangement_line(kept)}   (after discarding {pretty(discards[:1])})\n")
        verdict = lambda flag: "yes" if flag else "no"  # noqa: E731
        out.write(
            f"knock:     {verdict(answer['can_knock'])} (limit {answer['knock_limit']})   "
            f"gin: {verdict(answer['can_gin'])}   big gin: {verdict(answer['can_big_gin'])}\n"
        )
        return
    resting = ref.evaluate_resting_hand(cards, rules)
    out.write(f"deadwood:  {answer['deadwood']}\n")
    for number, arrangement in enumerate(resting.arrangements, 1):
        label = "melds:" if number == 1 else "or:"
        out.write(f"{label:<10} {_arrangement_line(arrangement)}\n")


def command_hand(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules(args.variant, args.set)
    if args.cards != "-":
        cards = _cards(args.cards, "hand")
        if args.json:
            out.write(json.dumps(hand_answer(cards, rules)) + "\n")
        else:
            _print_hand(cards, rules, out)
        return 0
    status = 0
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            cards = _cards(line.strip(), "hand")
            answer = hand_answer(cards, rules)
        except (SuiteError, ref.GinError) as exc:
            sys.stderr.write(f"ginspec: error: line {number}: {exc}\n")
            status = 2
            if args.json:
                out.write(json.dumps({"line": number, "error": str(exc)}) + "\n")
            continue
        if args.json:
            out.write(json.dumps(answer) + "\n")
        else:
            out.write(f"{answer['hand']}\tdeadwood {answer['deadwood']}\t{' | '.join(answer['melds'])}\n")
    return status


# ----------------------------------------------------------------------------- score


def score_answer(result: ref.HandResult) -> dict[str, Any]:
    return {
        "outcome": result.outcome,
        "winner": result.winner,
        "points": result.points,
        "knocker_melds": _melds_json(result.knocker_spread),
        "knocker_deadwood": result.knocker_deadwood,
        "knocker_deadwood_cards": format_hand(result.knocker_spread.deadwood_cards),
        "defender_melds": _melds_json(result.defence.arrangement),
        "defender_deadwood": result.defender_deadwood,
        "defender_deadwood_cards": format_hand(result.defence.arrangement.deadwood_cards),
        "layoffs": [
            {"card": str(layoff.card), "onto": " ".join(map(str, result.knocker_spread.melds[layoff.meld]))}
            for layoff in result.defence.layoffs
        ],
    }


def command_score(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules(args.variant, args.set)
    knocker = _cards(args.knocker, "--knocker")
    defender = _cards(args.defender, "--defender")
    melds = _spread_text(args.knocker_melds, "--knocker-melds") if args.knocker_melds is not None else None
    result = ref.score_hand(knocker, defender, rules, knocker_melds=melds)
    answer = score_answer(result)
    if args.json:
        out.write(json.dumps(answer) + "\n")
        return 0
    names = {"knock": "knock", "undercut": "undercut", "gin": "gin", "big_gin": "big gin", "draw": "tie, no score"}
    out.write(f"outcome:   {names[result.outcome]}\n")
    if result.winner != "none":
        out.write(f"winner:    {result.winner}, {result.points} points\n")
    out.write(f"knocker:   {_arrangement_line(result.knocker_spread)}   ({result.knocker_deadwood})\n")
    out.write(f"defender:  {_arrangement_line(result.defence.arrangement)}   ({result.defender_deadwood})\n")
    if result.defence.layoffs:
        laid = ", ".join(f"{pretty([entry.card])} onto [{pretty(result.knocker_spread.melds[entry.meld])}]" for entry in result.defence.layoffs)
        out.write(f"lay-offs:  {laid}\n")
    else:
        out.write("lay-offs:  none\n")
    return 0


# ----------------------------------------------------------------------------- check


def select_vectors(vectors: list[Vector], ids: Sequence[str], rules: Sequence[str], areas: Sequence[str]) -> list[Vector]:
    known_ids = {vector.id for vector in vectors}
    for wanted in ids:
        if wanted not in known_ids:
            raise UsageError(f"--id {wanted!r}: no such vector")
    chosen = vectors
    if ids:
        chosen = [vector for vector in chosen if vector.id in ids]
    if rules:
        chosen = [vector for vector in chosen if set(vector.rules) & set(rules)]
    if areas:
        chosen = [vector for vector in chosen if vector.area in areas]
    return chosen


def command_check(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.adapters import open_engine
    from ginspec.expectations import apply_expectations, draft_expectations, expectations_path, load_expectations
    from ginspec.features import run_features
    from ginspec.registry import rules_by_id
    from ginspec.report import build_report, closing_line, markdown_report, print_summary, write_report
    from ginspec.runner import FAILING, run_vectors
    from ginspec.vectors import load_vectors

    adapter = open_engine(args.engine, args.timeout)
    try:
        vectors = select_vectors(load_vectors(), args.id, args.rule, args.area)
        if not vectors and args.only == "vectors":
            raise UsageError("no vector matches the selection")
    except SuiteError:
        adapter.close()
        raise
    show_progress = not args.quiet and sys.stderr.isatty()
    done = 0

    def progress(_: CaseResult) -> None:
        nonlocal done
        done += 1
        if show_progress:
            filled = int(30 * done / max(len(vectors), 1))
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{len(vectors)} vectors")
            sys.stderr.flush()

    try:
        results: list[CaseResult] = []
        if args.only == "features":
            capabilities = adapter.capabilities()
        else:
            capabilities, results = run_vectors(adapter, vectors, progress)
    finally:
        adapter.close()
    if show_progress:
        sys.stderr.write("\r" + " " * 60 + "\r")
    if args.only != "vectors" and not args.id:
        if show_progress:
            sys.stderr.write("running the feature scenarios...\r")
        results += run_features(args.engine, args.rule, args.area, args.timeout)
        if show_progress:
            sys.stderr.write(" " * 40 + "\r")
    expectations_file = Path(args.expectations) if args.expectations else expectations_path(capabilities.engine)
    departures = load_expectations(expectations_file)
    if args.write_expectations:
        expectations_file.parent.mkdir(parents=True, exist_ok=True)
        expectations_file.write_text(draft_expectations(capabilities.engine, results, departures), encoding="utf-8")
        out.write(f"expectations drafted in {expectations_file}: classify each entry as bug or rule-difference\n")
    results = apply_expectations(results, departures)
    report = build_report(capabilities, None, results)
    report_path = Path(args.report) if args.report else suite_root() / "reports" / f"{_safe(capabilities.engine)}.json"
    write_report(report, report_path)
    statements = {rule_id: rule.statement for rule_id, rule in rules_by_id().items()}
    if args.markdown:
        Path(args.markdown).write_text(markdown_report(report, statements), encoding="utf-8")
    if args.quiet:
        out.write(closing_line(results) + "\n")
    else:
        print_summary(results, out, args.engine, show_rules=args.rules, statements=statements, report=str(report_path))
    return 1 if any(result.status in FAILING for result in results) else 0


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)


# ----------------------------------------------------------------------------- replay and play


def command_replay(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.adapters import open_engine
    from ginspec.transcripts import load_transcript, replay_transcript

    transcript = load_transcript(Path(args.file))
    adapter = open_engine(args.engine)
    try:
        answer, divergence = replay_transcript(transcript, adapter)
    finally:
        adapter.close()
    moves = len(transcript.actions)
    if answer.get("illegal"):
        refused = answer["illegal"]
        out.write(f"move {refused['index'] + 1} of {moves} is illegal: {refused['message']}\n")
    elif answer.get("finished"):
        out.write(f"{moves} moves replayed: {answer['outcome']}, winner {answer['winner']}, {answer['points']} points\n")
    else:
        out.write(f"{moves} moves replayed; the hand is not over\n")
    if divergence is not None:
        where = f"move {divergence.move}" if divergence.move else "the result"
        out.write(f"{args.engine} departs from the rules at {where}: {divergence.problem}\n")
        return 1
    if args.engine != "reference":
        out.write(f"{args.engine} agrees with the rules at every move\n")
    return 1 if answer.get("illegal") else 0


def command_play(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.play import play
    from ginspec.transcripts import save_transcript

    overrides = _parse_overrides(args.set)
    parameters = {**get_variant(args.variant).parameters, **overrides}
    if parameters["players"] != 2 or parameters["table_format"] != "heads_up":
        raise UsageError(f"variant {args.variant!r} is not a two-player game; play takes heads-up variants")
    rules = RoundRules.from_parameters(parameters)
    rng = random.Random(args.seed)

    def read(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        line = sys.stdin.readline()
        if not line:
            return "quit"
        return line

    transcript = play(rules, args.variant, overrides, rng, args.you, args.dealer, read, out)
    if args.save:
        save_transcript(transcript, Path(args.save))
        out.write(f"saved to {args.save}; check it with: ginspec replay {args.save}\n")
    return 0


# ----------------------------------------------------------------------------- fuzz


def _next_ids(area: str, count: int) -> list[str]:
    from ginspec.vectors import load_vectors

    used = {vector.id for vector in load_vectors()}
    ids: list[str] = []
    number = 5001
    while len(ids) < count:
        candidate = f"{area}-{number:04d}"
        if candidate not in used:
            ids.append(candidate)
        number += 1
    return ids


def command_fuzz(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.fuzz import AREA_BY_KIND, finding_to_vector, fuzz_kind
    from ginspec.adapters import open_engine

    kinds = args.kind or list(AREA_BY_KIND)
    unknown = [kind for kind in kinds if kind not in AREA_BY_KIND]
    if unknown:
        raise UsageError(f"--kind {unknown[0]!r}: choose from {', '.join(AREA_BY_KIND)}")
    overrides = _parse_overrides(args.set)
    parameters = {**get_variant(args.variant).parameters, **overrides}
    adapter = open_engine(args.engine, args.timeout)
    findings = 0
    try:
        capabilities = adapter.capabilities()
        for number, kind in enumerate(kinds):
            if kind not in capabilities.kinds:
                out.write(f"{kind:<9} unsupported by {capabilities.engine}\n")
                continue
            finding = fuzz_kind(kind, adapter, parameters, args.examples, args.seed + number)
            if finding is None:
                out.write(f"{kind:<9} no disagreement in {args.examples} cases\n")
                continue
            findings += 1
            area = AREA_BY_KIND[kind]
            vector = finding_to_vector(finding, _next_ids(area, 1)[0], capabilities.engine, args.variant, overrides)
            folder = Path(args.out) / area
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"fuzz-{_safe(capabilities.engine)}-{kind}.yaml"
            document = {"area": area, "description": f"Minimal disagreements with {capabilities.engine} found by differential fuzzing.", "vectors": [vector]}
            path.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=110), encoding="utf-8")
            out.write(f"{kind:<9} DISAGREES: {finding.problems[0][:160]}\n")
            out.write(f"{'':<9} minimal case: {json.dumps(finding.input)[:300]}\n")
            out.write(f"{'':<9} written to {path}\n")
    finally:
        adapter.close()
    out.write(f"{findings} kind(s) with a disagreement\n")
    return 1 if findings else 0


# ----------------------------------------------------------------------------- coverage


def command_coverage(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.coverage import rule_coverage

    coverage = rule_coverage()
    rows = [entry.to_json() for entry in coverage.values()]
    path = Path(args.json) if args.json else suite_root() / "reports" / "coverage.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"rules": rows}, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    out.write(f"{'rule':<30} {'scenarios':>9} {'vectors':>8}  tested under / changed by\n")
    gaps = 0
    for row in sorted(rows, key=lambda row: (row["area"], row["id"])):
        if not row["verifiable"]:
            note = f"not machine-checkable: {row['unverifiable_reason']}"
        else:
            if not row["scenarios"] or not row["vectors"]:
                gaps += 1
            note = ", ".join(row["tested_under"]) or "-"
            if row["changed_by"]:
                note += f"  /  {', '.join(row['changed_by'])}"
        out.write(f"{row['id']:<30} {len(row['scenarios']):>9} {len(row['vectors']):>8}  {note[:110]}\n")
    verifiable = sum(1 for row in rows if row["verifiable"])
    out.write(f"\n{len(rows)} rules, {verifiable} machine-checkable, {gaps} of them lacking a scenario or a vector\n")
    out.write(f"written to {path}\n")
    return 0


# ----------------------------------------------------------------------------- main


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ginspec", description="The Gin Rummy specification and conformance suite.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    check = commands.add_parser("check", help="run the conformance vectors against an engine")
    check.add_argument("--engine", default="reference", help="adapter name, or module:Class (default: reference)")
    check.add_argument("--id", action="append", default=[], help="run only this vector (repeatable)")
    check.add_argument("--rule", action="append", default=[], help="run only vectors checking this rule ID (repeatable)")
    check.add_argument("--area", action="append", default=[], help="run only this rule area (repeatable)")
    check.add_argument("--report", help="where to write the JSON report (default: reports/ENGINE.json)")
    check.add_argument("--rules", action="store_true", help="also print the summary per rule")
    check.add_argument("--quiet", action="store_true", help="print only the closing line")
    check.add_argument("--only", choices=["vectors", "features"], help="run only the vectors or only the feature scenarios")
    check.add_argument("--markdown", help="also write the report as Markdown to this file")
    check.add_argument("--expectations", help="the engine's expectation file (default: expectations/ENGINE.yaml)")
    check.add_argument("--write-expectations", action="store_true", help="draft the expectation file from this run's failures")
    check.add_argument("--timeout", type=float, default=None, help="seconds an exec: engine may take per case (default: 10)")
    check.set_defaults(handler=command_check)

    def variant_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--variant", default="standard", help="variant name from spec/variants (default: standard)")
        sub.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a variant parameter")
        sub.add_argument("--json", action="store_true", help="answer in JSON")

    hand = commands.add_parser("hand", help="least deadwood, melds and, after the draw, the best discards")
    hand.add_argument("cards", help='the hand, e.g. "As 2s 3s 7h 7d 7c Kd Qd 9c 4h", or - to read one hand per line')
    variant_options(hand)
    hand.set_defaults(handler=command_hand)

    score = commands.add_parser("score", help="score a hand ended by a knock, gin or big gin")
    score.add_argument("--knocker", required=True, help="the knocker's cards after the knock discard (11 for big gin)")
    score.add_argument("--defender", required=True, help="the defender's ten cards")
    score.add_argument("--knocker-melds", help='the knocker\'s spread, melds separated by |, e.g. "7c 7d 7h | 4s 5s 6s"')
    variant_options(score)
    score.set_defaults(handler=command_score)

    replay_parser = commands.add_parser("replay", help="replay a saved hand move by move through an engine")
    replay_parser.add_argument("file", help="a transcript (YAML: variant, deal, actions)")
    replay_parser.add_argument("--engine", default="reference", help="adapter name, or module:Class (default: reference)")
    replay_parser.set_defaults(handler=command_replay)

    play_parser = commands.add_parser("play", help="play a hand in the terminal against a simple computer opponent")
    play_parser.add_argument("--variant", default="standard", help="a two-player variant (default: standard)")
    play_parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a variant parameter")
    play_parser.add_argument("--seed", type=int, default=None, help="shuffle with this seed, to deal the same hand again")
    play_parser.add_argument("--you", choices=["p1", "p2"], default="p1", help="your seat (default: p1)")
    play_parser.add_argument("--dealer", choices=["p1", "p2"], default="p2", help="who deals (default: p2)")
    play_parser.add_argument("--save", help="write the hand as a transcript to this file")
    play_parser.set_defaults(handler=command_play)

    fuzz = commands.add_parser("fuzz", help="generate cases, compare an engine with the reference, shrink disagreements")
    fuzz.add_argument("--engine", required=True, help="adapter name, exec:COMMAND, or module:Class")
    fuzz.add_argument("--kind", action="append", help="deadwood, discard, knock, layoff, score or round (repeatable; default: all)")
    fuzz.add_argument("--examples", type=int, default=500, help="cases to try per kind (default: 500)")
    fuzz.add_argument("--seed", type=int, default=0, help="random seed of the search (default: 0)")
    fuzz.add_argument("--variant", default="standard", help="variant to play under (default: standard)")
    fuzz.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a variant parameter")
    fuzz.add_argument("--out", default="fuzz-findings", help="folder for the vectors written (default: fuzz-findings)")
    fuzz.add_argument("--timeout", type=float, default=None, help="seconds an exec: engine may take per case")
    fuzz.set_defaults(handler=command_fuzz)

    coverage = commands.add_parser("coverage", help="the rule-by-rule table of scenarios, vectors and variants")
    coverage.add_argument("--json", help="where to write the table as JSON (default: reports/coverage.json)")
    coverage.set_defaults(handler=command_coverage)

    add_variant_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    args = build_parser().parse_args(argv)
    stream = out or sys.stdout
    try:
        return int(args.handler(args, stream))
    except (SuiteError, ref.GinError) as exc:
        sys.stderr.write(f"ginspec: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("ginspec: interrupted\n")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
