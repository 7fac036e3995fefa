"""``ginspec check``: run the conformance vectors and the feature scenarios against an engine, write
the report (JSON, and on request Markdown, JUnit XML and drafted expectations) and close with the
one line of counts. Exit status 1 when a case failed, the engine failed to close, or nothing was
checked."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence, TextIO

from ginspec.errors import Interrupted, UsageError, quote
from ginspec.suite.option_values import TIMEOUT_HELP, parse_overrides, timeout_seconds
from ginspec.suite.paths import reports_dir, suite_root
from ginspec.suite.house_options import variant_with_settings
from ginspec.suite.variants import AS_WRITTEN, InvalidVariant, get_variant, resolve_run_variant

if TYPE_CHECKING:  # each command imports what it uses, so that every command starts at once
    from ginspec.judging.runner import CaseResult
    from ginspec.suite.vectors import Vector


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
        args.variant = variant_with_settings(args.variant or "standard", parse_overrides(args.set))
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


def add_check_command(commands: Any) -> None:
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

    check.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="play --variant (default: standard) with this parameter set otherwise")
    check.add_argument("--json", action="store_true", help="print the report as JSON instead of the summary")
