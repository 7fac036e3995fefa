"""``ginspec check``: run the conformance vectors and the feature scenarios against an engine, write
the report (JSON, and on request Markdown, JUnit XML and drafted expectations) and close with the
one line of counts. Exit status 1 when a case failed, the engine failed to close, or nothing was
checked. The run itself is the one run pipeline (:class:`ginspec.run.pipeline.RunPipeline`); this
module keeps the command's options, its outputs and its summary."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ginspec.errors import UsageError
from ginspec.suite.house_options import variant_with_settings
from ginspec.suite.option_values import TIMEOUT_HELP, parse_overrides, timeout_seconds
from ginspec.suite.paths import reports_dir
from ginspec.suite.variants import AS_WRITTEN

if TYPE_CHECKING:  # each command imports what it uses, so that every command starts at once
    from ginspec.judging.runner import CaseResult


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
    """``ginspec check``: its options and outputs; the run itself is :class:`ginspec.run.pipeline.RunPipeline`."""
    from ginspec.judging.expectations import draft_expectations, load_expectations
    from ginspec.suite.outputs import MARKDOWN_REPORT, write_output
    from ginspec.suite.registry import rules_by_id
    from ginspec.judging.again import run_options
    from ginspec.judging.report import closing_line, markdown_report, print_summary, write_report
    from ginspec.run.pipeline import RunPipeline
    from ginspec.run.selection import choose_cases

    typed = run_options(args)  # before --set names a variant of its own
    if args.set:  # the variant with some parameters set otherwise, played as any other
        if args.variant == AS_WRITTEN:
            raise UsageError(f"--set changes a variant's parameters; --variant {AS_WRITTEN} plays each case under its own")
        args.variant = variant_with_settings(args.variant or "standard", parse_overrides(args.set))
    report_path, markdown_path, expectations_file = _output_paths(args)
    departures = load_expectations(expectations_file)  # a malformed file is refused before the run
    selection = choose_cases(args.id, args.rule, args.area, args.seed, args.only)
    pipeline = RunPipeline(args.engine, selection, args.variant, timeout=args.timeout, departures=departures, partial_report=report_path, typed=typed)
    with pipeline:
        pipeline.start()
        progress = _CheckProgress(len(selection.vectors), not args.quiet and sys.stderr.isatty())
        results = pipeline.run(progress.vector_done, progress.scenarios_starting)
        progress.clear()
    if args.write_expectations:
        write_output(expectations_file, draft_expectations(args.engine, results, departures), "--expectations")
        out.write(f"expectations drafted in {expectations_file}: classify each entry as bug or rule-difference\n")
    results = pipeline.judged(results)
    report = pipeline.report(results, diagnose=not args.no_diagnosis)
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
        print_summary(results, out, typed, show_rules=args.rules, statements=statements, report=str(report_path), variant=pipeline.variant, findings=report.get("findings"))
        if args.no_diagnosis:
            out.write("findings not worked out (--no-diagnosis): the failing cases above are in one group\n")
    return pipeline.status(results)


class _CheckProgress:
    """The progress bar of ``ginspec check`` on a terminal: the vectors, then a line for the scenarios."""

    def __init__(self, vectors: int, shown: bool) -> None:
        self.vectors = vectors
        self.shown = shown
        self.done = 0
        self.scenarios = False

    def vector_done(self, _result: CaseResult) -> None:
        self.done += 1
        if self.shown:
            filled = int(30 * self.done / max(self.vectors, 1))
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.vectors} vectors")
            sys.stderr.flush()

    def scenarios_starting(self) -> None:
        self.scenarios = True
        if self.shown:
            sys.stderr.write("\r" + " " * 60 + "\r")
            sys.stderr.write("running the feature scenarios...\r")

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write((" " * 40 if self.scenarios else "\r" + " " * 60) + "\r")


def add_check_command(commands: Any) -> None:
    check = commands.add_parser("check", help="run the conformance vectors against an engine")
    check.add_argument("--engine", default="reference", help="adapter name, or module:Class (default: reference)")
    check.add_argument(
        "--id", action="append", default=[], help="run only this vector, or this scenario by its case ID ('area/file.feature: name [example]') (repeatable)"
    )
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
    check.add_argument(
        "--no-diagnosis",
        action="store_true",
        help="do not work out the findings: the report's findings are null and the failing cases are listed in one group "
        "(quicker when only the counts matter, or when the findings are worked out elsewhere, as ginspec selftest does)",
    )
