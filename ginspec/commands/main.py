"""The ``ginspec`` command: run the suite, and ask the reference engine about hands.

Every user error is one line on standard error and exit status 2; a run of the suite exits 1 when a
case failed or nothing was checked, and 0 otherwise (the table of statuses is in the README and in
:func:`main`).
"""

from __future__ import annotations

import argparse
from dataclasses import replace
import json
import math
import os
import signal
from functools import lru_cache
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn, Sequence, TextIO

import yaml

import reference_impl as ref
from reference_impl.cards import SUIT_SYMBOLS, Card, format_hand, parse_cards
from ginspec.suite.notation import NotationProblem, read_cards
from reference_impl.deadwood import Arrangement
from reference_impl.melds import format_meld, format_spread, in_meld_order

from ginspec.errors import Interrupted, SuiteError, UsageError, quote
from ginspec.suite.files import check_output_path
from ginspec.suite.paths import reports_dir, suite_root
from ginspec.suite.identity import SuiteRootAction, VersionAction
from ginspec.play.honour import hand_rules_in_force, require_two_player_scoring
from ginspec.suite.variants import (
    AS_WRITTEN,
    InvalidVariant,
    check_parameters,
    get_variant,
    resolve_parameters,
    resolve_run_variant,
)
from ginspec.commands.cases import add_cases_command
from ginspec.suite.house_variants import (
    add_variants_folder_option,
    house_variant_line,
    variant_options,
    variant_with_settings,
)
from ginspec.commands.variants import add_variant_commands
from ginspec.commands.new_engine import add_new_engine_command
from ginspec.commands.dependence import add_dependence_command
from ginspec.commands.game import add_game_command
from ginspec.detection.campaign.arguments import add_campaign_arguments
from ginspec.commands.replay import command_replay
from ginspec.suite.registry_export import add_registry_command
from reference_impl.rules import RoundRules
from ginspec.suite.yamlio import load_yaml_text

if TYPE_CHECKING:  # each command imports what it uses, so that every command starts at once
    from ginspec.judging.runner import CaseResult
    from ginspec.suite.vectors import Vector


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
        overrides[key] = load_yaml_text(raw, f"--set {quote(item)}", UsageError)
    check_parameters(overrides, "--set")
    return overrides


def _cards(text: str, what: str) -> tuple[Card, ...]:
    """The cards typed for ``what``; a bad token is quoted (cut when long) with a hint for the
    usual mistakes (``'10h' is not a card (ten is written T, e.g. 'Th')``)."""
    try:
        read_cards(text)
        return parse_cards(text)
    except (NotationProblem, ref.NotationError) as exc:
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


def _stdin_lines() -> Iterator[str]:
    """Standard input line by line; bytes that are not UTF-8 become U+FFFD, so that the caller
    can refuse that one line instead of the whole input ending in a traceback."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        yield from sys.stdin
        return
    for raw in buffer:
        yield raw.decode("utf-8", errors="replace")


def _read_stdin_line() -> str:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin.readline()
    return buffer.readline().decode("utf-8", errors="replace")


def terminal_reader(out: TextIO) -> Callable[[str], str]:
    """Ask the person at the terminal: write the prompt, read one line; the end of input quits."""

    def read(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        return _read_stdin_line() or "quit"

    return read


def _parameters(args: argparse.Namespace) -> dict[str, Any]:
    return resolve_parameters(args.variant, _parse_overrides(args.set), "--set")


def command_hand(args: argparse.Namespace, out: TextIO) -> int:
    in_force = hand_rules_in_force(_parameters(args), args.variant, args.upcard)
    rules = in_force.rules

    def answer_for(cards: tuple[Card, ...]) -> dict[str, Any]:
        if in_force.missing_upcard and len(cards) == rules.hand_size + 1:
            raise UsageError(in_force.missing_upcard)
        return hand_answer(cards, rules)

    if args.cards != "-":
        cards = _cards(args.cards, "hand")
        answer = answer_for(cards)
        if args.json:
            out.write(json.dumps(answer) + "\n")
        else:
            out.write(house_variant_line(args.variant))
            _print_hand(cards, rules, out)
        return 0
    status = 0
    for number, line in enumerate(_stdin_lines(), 1):
        if not line.strip():
            continue
        try:
            if "\ufffd" in line:
                raise UsageError(f"standard input: not UTF-8 text: {quote(line.strip())}")
            cards = _cards(line.strip(), "hand")
            answer = answer_for(cards)
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
            {"card": str(layoff.card), "onto": format_meld(result.knocker_spread.melds[layoff.meld])}
            for layoff in result.defence.layoffs
        ],
    }


def command_score(args: argparse.Namespace, out: TextIO) -> int:
    parameters = _parameters(args)
    require_two_player_scoring(parameters, args.variant)
    in_force = hand_rules_in_force(parameters, args.variant, args.upcard)
    if in_force.missing_upcard:
        raise UsageError(in_force.missing_upcard)
    rules = in_force.rules
    knocker = _cards(args.knocker, "--knocker")
    defender = _cards(args.defender, "--defender")
    melds = _spread_text(args.knocker_melds, "--knocker-melds") if args.knocker_melds is not None else None
    result = ref.score_hand(knocker, defender, rules, knocker_melds=melds)
    result = replace(result, points=result.points * in_force.factor)  # OKLA-SPADE-DOUBLE
    answer = score_answer(result)
    if args.json:
        out.write(json.dumps(answer) + "\n")
        return 0
    names = {"knock": "knock", "undercut": "undercut", "gin": "gin", "big_gin": "big gin", "draw": "tie, no score"}
    out.write(house_variant_line(args.variant) + f"outcome:   {names[result.outcome]}\n")
    if result.winner != "none":
        out.write(f"winner:    {result.winner}, {result.points} points\n")
    out.write(f"knocker:   {_arrangement_line(result.knocker_spread)}   ({result.knocker_deadwood})\n")
    out.write(f"defender:  {_arrangement_line(result.defence.arrangement)}   ({result.defender_deadwood})\n")
    if result.defence.layoffs:
        laid = ", ".join(f"{pretty([entry.card])} onto [{pretty(in_meld_order(result.knocker_spread.melds[entry.meld]))}]" for entry in result.defence.layoffs)
        out.write(f"lay-offs:  {laid}\n")
    else:
        out.write("lay-offs:  none\n")
    return 0


# ----------------------------------------------------------------------------- check


def select_vectors(vectors: list[Vector], ids: Sequence[str], rules: Sequence[str], areas: Sequence[str]) -> list[Vector]:
    known_ids = {vector.id for vector in vectors}
    for wanted in ids:
        if wanted not in known_ids:
            raise UsageError(f"--id {quote(wanted)}: no such vector")
    chosen = vectors
    if ids:
        chosen = [vector for vector in chosen if vector.id in ids]
    if rules:
        chosen = [vector for vector in chosen if set(vector.rules) & set(rules)]
    if areas:
        chosen = [vector for vector in chosen if vector.area in areas]
    return chosen


def _check_areas(areas: Sequence[str], vectors: Sequence[Vector]) -> None:
    """An ``--area`` that names no rule area of the vectors or the scenarios is a usage error."""
    known = {vector.area for vector in vectors}
    features = suite_root() / "features"
    if features.is_dir():
        known |= {path.name for path in features.iterdir() if path.is_dir()}
    for area in areas:
        if area not in known:
            raise UsageError(f"--area {quote(area)}: no such rule area (known: {', '.join(sorted(known))})")


def _output_paths(args: argparse.Namespace) -> tuple[Path, Path | None, Path]:
    """(report, markdown, expectations) paths of ``check``, checked before anything runs
    (``ginspec.suite.outputs``: each replaces only an earlier output of its kind, and no two name the
    same file). The defaults come from the ``--engine`` the user gave, never from the name an
    engine gives itself."""
    from ginspec.judging.expectations import expectations_path
    from ginspec.suite.outputs import ANY_FILE, JSON_REPORT, JUNIT_REPORT, MARKDOWN_REPORT, Outputs
    from ginspec.judging.report import report_stem

    outputs = Outputs(force=args.force)
    if args.report:
        report = outputs.claim(Path(args.report), "--report", JSON_REPORT)
    else:
        report = outputs.claim(reports_dir() / f"{report_stem(args.engine, args.variant)}.json", "report", JSON_REPORT, create_parent=True)
    markdown = outputs.claim(Path(args.markdown), "--markdown", MARKDOWN_REPORT) if args.markdown else None
    if args.junit_xml:
        outputs.claim(Path(args.junit_xml), "--junit-xml", JUNIT_REPORT, create_parent=True)
    expectations = Path(args.expectations) if args.expectations else expectations_path(args.engine)
    if args.write_expectations:
        outputs.claim(expectations, "--expectations", ANY_FILE, create_parent=not args.expectations, force=True)
    return report, markdown, expectations


def command_check(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.adapters import open_engine
    from ginspec.adapters.guard import open_guarded
    from ginspec.judging.expectations import apply_expectations, draft_expectations, load_expectations
    from ginspec.bdd.features import run_features
    from ginspec.suite.outputs import MARKDOWN_REPORT, write_output
    from ginspec.suite.registry import rules_by_id
    from ginspec.judging.report import (
        build_report,
        closing_line,
        markdown_report,
        print_summary,
        write_report,
    )
    from ginspec.judging.runner import plan_cases, run_cases
    from ginspec.suite.seeds import rules_of_statements
    from ginspec.suite.vectors import load_vectors

    if args.set:  # the variant with some parameters set otherwise, played as any other
        if args.variant == AS_WRITTEN:
            raise UsageError(f"--set changes a variant's parameters; --variant {AS_WRITTEN} plays each case under its own")
        args.variant = variant_with_settings(args.variant or "standard", _parse_overrides(args.set))
    report_path, markdown_path, expectations_file = _output_paths(args)
    departures = load_expectations(expectations_file)  # a malformed file is refused before the run
    vectors = load_vectors(tolerate_broken_variants=True)
    _check_areas(args.area, vectors)
    from ginspec.judging.rule_selection import check_rule_ids

    check_rule_ids(args.rule)  # an expression or an unknown ID would select other scenarios than vectors
    args.rule = list(args.rule) + [rule for rule in rules_of_statements(args.seed) if rule not in args.rule]
    vectors = select_vectors(vectors, args.id, args.rule, args.area)
    broken = next((vector.broken_variant for vector in vectors if vector.broken_variant), None)
    if broken is not None:
        raise InvalidVariant(broken)
    if not vectors and args.only == "vectors":
        raise UsageError("no vector matches the selection")
    adapter = open_guarded(args.engine, args.timeout, open_engine)
    try:
        capabilities = adapter.capabilities()
        variant = resolve_run_variant(args.variant, capabilities)
    except BaseException:
        adapter.close()
        raise
    show_progress = not args.quiet and sys.stderr.isatty()
    done = 0

    finished: list[CaseResult] = []

    def progress(result: CaseResult) -> None:
        nonlocal done
        done += 1
        finished.append(result)
        if show_progress:
            filled = int(30 * done / max(len(vectors), 1))
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{len(vectors)} vectors")
            sys.stderr.flush()

    try:
        results: list[CaseResult] = []
        if args.only != "features":
            parameters = get_variant(variant).parameters if variant else None
            home = capabilities if args.variant is None else None  # the home variant: derive only what it cannot play
            results = run_cases(adapter, capabilities, plan_cases(vectors, variant, parameters, home), progress)
    except (KeyboardInterrupt, Interrupted) as stop:
        from ginspec.judging.partial_report import write_partial_report

        adapter.close()  # the engine is stopped before the partial report is written
        write_partial_report(report_path, capabilities, variant, finished, len(vectors), stop)
        raise
    finally:
        adapter.close()
    close_problem = getattr(adapter, "close_problem", None)
    if show_progress:
        sys.stderr.write("\r" + " " * 60 + "\r")
    if args.only != "vectors" and not args.id:
        if show_progress:
            sys.stderr.write("running the feature scenarios...\r")
        results += run_features(args.engine, args.rule, args.area, args.timeout, args.variant)
        if show_progress:
            sys.stderr.write(" " * 40 + "\r")
    if args.write_expectations:
        write_output(expectations_file, draft_expectations(args.engine, results, departures), "--expectations")
        out.write(f"expectations drafted in {expectations_file}: classify each entry as bug or rule-difference\n")
    results = apply_expectations(results, departures)
    report = build_report(capabilities, variant, results, args.engine)
    write_report(report, report_path)
    if args.junit_xml:
        from ginspec.judging.junit import write_junit

        write_junit(report, Path(args.junit_xml))
    statements = {rule_id: rule.statement for rule_id, rule in rules_by_id().items()}
    if markdown_path is not None:
        write_output(markdown_path, markdown_report(report, statements), "--markdown", MARKDOWN_REPORT)
    if args.json:
        out.write(json.dumps(report) + "\n")
    elif args.quiet:
        out.write(closing_line(results) + "\n")
    else:
        print_summary(results, out, args.engine, show_rules=args.rules, statements=statements, report=str(report_path), variant=variant, findings=report.get("findings"))
    return check_status(results, close_problem, _selection_text(args))


def check_status(results: Sequence[CaseResult], close_problem: str | None = None, selection: str = "") -> int:
    """1 if a case failed, the engine failed to close, or nothing at all was checked; else 0."""
    from ginspec.judging.report import nothing_checked
    from ginspec.judging.runner import FAILING

    status = 1 if any(result.status in FAILING for result in results) else 0
    if close_problem:
        sys.stderr.write(f"ginspec: error: {close_problem}\n")
        status = 1
    empty = nothing_checked(list(results), selection)
    if empty:
        sys.stderr.write(f"ginspec: error: {empty}\n")
        return 1
    return status


def _selection_text(args: argparse.Namespace) -> str:
    chosen = [f"--{name} {value}" for name in ("id", "rule", "area") for value in getattr(args, name)]
    return " ".join(chosen + ([f"--only {args.only}"] if args.only else []))


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:120]


# ----------------------------------------------------------------------------- play


def played_parameters(args: argparse.Namespace, command: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The variant's parameters and overrides for a hand or game played in the terminal, refused in
    one line when its form is not played move by move or ``--you``/``--dealer`` name no seat."""
    overrides = _parse_overrides(args.set)
    parameters = resolve_parameters(args.variant or "standard", overrides, "--set")
    if parameters["table_format"] not in ("heads_up", "one_table"):
        raise UsageError(
            f"variant {args.variant!r} has table_format={parameters['table_format']}; {command} takes heads_up and one_table variants"
        )
    seats = ("p1", "p2", "p3", "p4")[: parameters["players"]]
    for option, seat in (("--you", args.you), ("--dealer", args.dealer)):
        if seat not in seats:
            raise UsageError(f"{option} {seat}: variant {args.variant!r} seats {', '.join(seats)}")
    return parameters, overrides


def command_play(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.play.hand import play
    from ginspec.play.table_play import play_table
    from ginspec.play.transcripts import save_transcript
    from reference_impl.table_round import table_play_rules

    save_path = check_output_path(Path(args.save), "--save", force=args.force) if args.save else None
    parameters, overrides = played_parameters(args, "play")
    rng = random.Random(args.seed)
    table = sys.stderr if args.json else out  # --json: the game on standard error, the transcript on standard output
    read = terminal_reader(table)
    if parameters["table_format"] == "one_table":
        transcript = play_table(table_play_rules(parameters), args.variant, overrides, rng, args.you, args.dealer, read, table)
    else:
        transcript = play(RoundRules.for_two_players(parameters), args.variant, overrides, rng, args.you, args.dealer, read, table)
    if save_path is not None:
        save_transcript(transcript, save_path)
        table.write(f"saved to {args.save}; check it with: ginspec replay {args.save}\n")
    if args.json:
        out.write(json.dumps(transcript.to_data()) + "\n")
    return 0


# ----------------------------------------------------------------------------- fuzz


def _next_ids(area: str, count: int, taken: set[str]) -> list[str]:
    from ginspec.suite.vectors import load_vectors

    used = {vector.id for vector in load_vectors()} | taken
    ids: list[str] = []
    number = 5001
    while len(ids) < count:
        candidate = f"{area}-{number:04d}"
        if candidate not in used:
            ids.append(candidate)
        number += 1
    taken.update(ids)
    return ids


def command_fuzz(args: argparse.Namespace, out: TextIO) -> int:
    """Each kind is searched on after a disagreement: one finding per rule broken, each shrunk to
    its own minimal case and written as a vector citing that rule. A crash or a finding whose rule
    could not be pinned down is reported but not written (it would not be a fair vector)."""
    from ginspec.adapters import open_engine
    from ginspec.adapters.guard import open_guarded

    from ginspec.detection.campaign.arguments import wants_campaign
    from ginspec.detection.campaign.command import command_campaign

    if args.engine is None:
        raise UsageError("fuzz: --engine is required")
    if wants_campaign(args):
        return command_campaign(args, out)
    from ginspec.detection.fuzz import AREA_BY_KIND, finding_to_vector, fuzz_findings

    args.variant = args.variant or "standard"
    kinds = args.kind or list(AREA_BY_KIND)
    unknown = [kind for kind in kinds if kind not in AREA_BY_KIND]
    if unknown:
        raise UsageError(f"--kind {quote(unknown[0])}: choose from {', '.join(AREA_BY_KIND)}")
    overrides = _parse_overrides(args.set)
    parameters = resolve_parameters(args.variant, overrides, "--set")
    if parameters["table_format"] == "one_table":
        raise UsageError(f"variant {quote(args.variant)} has table_format=one_table: fuzz generates two-player hands")
    from ginspec.suite.outputs import claim_folder, write_output

    out_folder = claim_folder(Path(args.out), "--out")
    adapter = open_guarded(args.engine, args.timeout, open_engine)
    findings = 0
    taken: set[str] = set()
    try:
        capabilities = adapter.capabilities()
        for number, kind in enumerate(kinds):
            if kind not in capabilities.kinds:
                out.write(f"{kind:<9} unsupported by {capabilities.engine}\n")
                continue
            found = fuzz_findings(kind, adapter, parameters, args.examples, args.seed + number)
            if not found:
                out.write(f"{kind:<9} no disagreement in {args.examples} cases\n")
                continue
            area = AREA_BY_KIND[kind]
            for finding in found:
                findings += 1
                out.write(f"{kind:<9} DISAGREES on {finding.rule} ({finding.how}): {finding.problems[0][:160]}\n")
                out.write(f"{'':<9} minimal case: {json.dumps(finding.input)[:300]}\n")
                if not finding.writable:
                    out.write(f"{'':<9} not written as a vector: {'the engine gave no answer' if not isinstance(finding.observed, dict) else 'the rule it breaks could not be pinned down'}\n")
                    continue
                vector = finding_to_vector(finding, _next_ids(area, 1, taken)[0], capabilities.engine, args.variant, overrides)
                path = out_folder / area / f"fuzz-{_safe(args.engine)}-{kind}-{finding.rule.lower()}.yaml"
                document = {"area": area, "description": f"Minimal disagreements with {capabilities.engine} found by differential fuzzing.", "vectors": [vector]}
                write_output(path, yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=110), "--out")
                out.write(f"{'':<9} written to {path}\n")
    finally:
        adapter.close()
    out.write(f"{findings} disagreement(s) found\n")
    return 1 if findings else 0


# ----------------------------------------------------------------------------- coverage


def command_coverage(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.commands.seeds import command_seed_coverage
    from ginspec.suite.loaded import Suite

    if args.seeds:
        return command_seed_coverage(args, out)
    from ginspec.suite.outputs import COVERAGE_TABLE, Outputs, write_output

    outputs = Outputs(force=args.force)
    if args.json:
        path = outputs.claim(Path(args.json), "--json", COVERAGE_TABLE)
    else:
        path = outputs.claim(reports_dir() / "coverage.json", "coverage", COVERAGE_TABLE, create_parent=True)
    coverage = Suite().coverage
    rows = [entry.to_json() for entry in coverage.values()]
    write_output(path, json.dumps({"rules": rows}, indent=2, ensure_ascii=False) + "\n", "--json", COVERAGE_TABLE)
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


MAX_TIMEOUT = 3600.0
TIMEOUT_HELP = "seconds the engine may take to start and to answer each case, more than 0 and at most 3600 (default: 10; 30 to start an exec: engine)"


def timeout_seconds(text: str) -> float:
    """``--timeout``: a finite number of seconds, more than 0 and at most :data:`MAX_TIMEOUT`."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"{quote(text)}: give seconds more than 0 and at most {MAX_TIMEOUT:g}")
    return value


def example_count(text: str) -> int:
    """``--examples``: a whole number from 1 to 100000."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
    if not 1 <= value <= 100_000:
        raise argparse.ArgumentTypeError(f"{quote(text)}: give 1 to 100000 cases")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ginspec", description="The Gin Rummy specification and conformance suite.")
    parser.add_argument("--version", action=VersionAction, help="print the suite version and the content hash of its vectors and features")
    parser.add_argument("--suite-root", action=SuiteRootAction, metavar="PATH", help="read spec/, vectors/ and features/ from this checkout (as GINSPEC_ROOT does)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    check = commands.add_parser("check", help="run the conformance vectors against an engine")
    check.add_argument("--engine", default="reference", help="adapter name, or module:Class (default: reference)")
    check.add_argument("--id", action="append", default=[], help="run only this vector (repeatable)")
    check.add_argument("--rule", action="append", default=[], help="run only vectors checking this rule ID (repeatable)")
    check.add_argument("--area", action="append", default=[], help="run only this rule area (repeatable)")
    check.add_argument("--seed", action="append", default=[], help="run only the cases checking this seed statement, e.g. S003-m (repeatable)")
    check.add_argument("--report", help="where to write the JSON report (default: reports/ENGINE.json)")
    check.add_argument("--rules", action="store_true", help="also print the summary per rule")
    check.add_argument("--quiet", action="store_true", help="print only the closing line")
    check.add_argument("--only", choices=["vectors", "features"], help="run only the vectors or only the feature scenarios")
    check.add_argument("--markdown", help="also write the report as Markdown to this file")
    check.add_argument("--junit-xml", metavar="PATH", help="also write the report as JUnit XML (one testcase per case) to this file")
    check.add_argument(
        "--force", action="store_true", help="let --report, --markdown and --junit-xml replace a file that is not an earlier report of ginspec"
    )
    check.add_argument("--expectations", help="the engine's expectation file (default: expectations/ENGINE.yaml)")
    check.add_argument("--write-expectations", action="store_true", help="draft the expectation file from this run's failures")
    check.add_argument("--timeout", type=timeout_seconds, default=None, help=TIMEOUT_HELP)
    check.add_argument(
        "--variant",
        help="judge the engine under this variant: cases whose answer it changes are derived for it; "
        f"{AS_WRITTEN!r} runs every case under its own variant (default: the engine's home variant, else {AS_WRITTEN!r})",
    )
    check.set_defaults(handler=command_check)

    def variant_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--upcard", help="the first upcard, where the variant's knock limit or doubling depends on it (Oklahoma)")
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
    replay_parser.add_argument("files", nargs="+", metavar="FILE", help="transcripts (YAML: variant, deal, actions), or folders of them")
    replay_parser.add_argument("--engine", default="reference", help="adapter name, exec:COMMAND, or module:Class (default: reference)")
    replay_parser.add_argument("--timeout", type=timeout_seconds, default=None, help=TIMEOUT_HELP)
    replay_parser.add_argument("--variant", help="play the moves under this variant's rules (default: each transcript's own)")
    replay_parser.add_argument("--json", action="store_true", help="answer in JSON: each transcript's verdict, and the counts")
    replay_parser.set_defaults(handler=command_replay)

    play_parser = commands.add_parser("play", help="play a hand in the terminal against a simple computer opponent")
    play_parser.add_argument("--variant", default="standard", help="a two-player variant, or one at a table of three or four (default: standard)")
    play_parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a variant parameter")
    play_parser.add_argument("--seed", type=int, default=None, help="shuffle with this seed, to deal the same hand again")
    play_parser.add_argument("--you", choices=["p1", "p2", "p3", "p4"], default="p1", help="your seat (default: p1)")
    play_parser.add_argument("--dealer", choices=["p1", "p2", "p3", "p4"], default="p2", help="who deals (default: p2)")
    play_parser.add_argument("--save", help="write the hand as a transcript to this file (checked before the hand is dealt)")
    play_parser.add_argument("--force", action="store_true", help="let --save replace an existing file")
    play_parser.add_argument("--json", action="store_true", help="print the transcript as JSON when the hand is over (the game itself on standard error)")
    play_parser.set_defaults(handler=command_play)

    fuzz = commands.add_parser("fuzz", help="generate cases, compare an engine with the reference, shrink disagreements")
    fuzz.add_argument("--engine", help="adapter name, exec:COMMAND, or module:Class (required)")
    fuzz.add_argument("--kind", action="append", help="deadwood, discard, knock, layoff, score or round (repeatable; default: all)")
    fuzz.add_argument("--examples", type=example_count, default=500, help="cases to try per kind, 1 to 100000 (default: 500)")
    fuzz.add_argument("--seed", type=int, default=0, help="random seed of the search (default: 0)")
    fuzz.add_argument("--variant", help="variant to play under (default: standard; for --hands, the engine's home variant)")
    fuzz.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a variant parameter")
    fuzz.add_argument("--out", default="fuzz-findings", help="folder for the vectors written (default: fuzz-findings)")
    fuzz.add_argument("--timeout", type=timeout_seconds, default=None, help=TIMEOUT_HELP)
    fuzz.set_defaults(handler=command_fuzz)
    add_campaign_arguments(fuzz)

    coverage = commands.add_parser("coverage", help="the rule-by-rule table of scenarios, vectors and variants")
    coverage.add_argument("--json", help="where to write the table as JSON (default: reports/coverage.json)")
    coverage.add_argument("--force", action="store_true", help="let --json replace a file that is not an earlier coverage table")
    coverage.add_argument("--seeds", action="store_true", help="per seed statement: its rules, scenarios, vectors and whether it is executable")
    coverage.set_defaults(handler=command_coverage)

    add_variant_commands(commands)
    check.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="play --variant (default: standard) with this parameter set otherwise")
    check.add_argument("--json", action="store_true", help="print the report as JSON instead of the summary")
    add_new_engine_command(commands)
    add_cases_command(commands)
    add_dependence_command(commands)
    add_game_command(commands)
    add_registry_command(commands)
    from ginspec.commands.selftest import add_selftest_command

    add_selftest_command(commands)
    return parser


def _raise_interrupted(signal_number: int, _frame: Any) -> None:
    raise Interrupted(signal_number)


def _install_signal_handlers() -> dict[int, Any]:
    """SIGTERM and SIGHUP (a CI time limit, ``timeout``, a closed terminal) unwind the command
    like Ctrl-C does, so that every ``finally`` runs and each engine's process group is stopped."""
    previous: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            previous[number] = signal.signal(number, _raise_interrupted)
        except ValueError:  # not the main thread: leave signals alone
            pass
    return previous


@lru_cache(maxsize=1)
def _command_line() -> argparse.ArgumentParser:
    """The parser of every command, built once in a process that runs several commands (parsing
    leaves it as it was; building it is most of what a quick command costs)."""
    parser = build_parser()
    add_variants_folder_option(parser)  # --variants DIR wherever --variant is taken
    return parser


def _own_lists(args: argparse.Namespace) -> argparse.Namespace:
    """The parsed arguments with lists of their own: an option left out holds the parser's
    default list itself, which a command must not change for the commands after it."""
    return argparse.Namespace(**{name: list(value) if isinstance(value, list) else value for name, value in vars(args).items()})


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Exit statuses (README, "Exit status"): 0 all checked and passed; 1 a case failed, an engine
    departed or failed, or nothing was checked; 2 a usage error or invalid input (one line on
    standard error); 128+N stopped by signal N (130 Ctrl-C, 143 SIGTERM); 141 output closed early."""
    args = _own_lists(_command_line().parse_args(argv))
    stream = out or sys.stdout
    previous = _install_signal_handlers()
    try:
        with variant_options(args):  # --variant PATH.yaml and --variants DIR: the project's own variants
            return int(args.handler(args, stream))
    except (SuiteError, ref.GinError) as exc:
        sys.stderr.write(f"ginspec: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("ginspec: interrupted\n")
        return 130
    except Interrupted as exc:
        sys.stderr.write(f"ginspec: stopped by signal {exc.signal_number}\n")
        return 128 + exc.signal_number
    except BrokenPipeError:
        _silence_stdout()
        return 141
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _silence_stdout() -> None:
    """After the reader of our output went away (``ginspec ... | head``), send what is left, and
    the interpreter's final flush, to nowhere instead of a BrokenPipeError traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
