"""``ginspec fuzz``: differential fuzzing of an engine against the reference, each disagreement
shrunk to a minimal case and written as a vector citing the rule it breaks; with ``--hands``, a
campaign of whole hands (:mod:`ginspec.detection.campaign`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from ginspec.commands.shared import safe_name
from ginspec.detection.campaign.arguments import add_campaign_arguments
from ginspec.errors import UsageError, quote
from ginspec.suite.option_values import TIMEOUT_HELP, example_count, parse_overrides, timeout_seconds


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
    import yaml

    from ginspec.detection.fuzz import AREA_BY_KIND, finding_to_vector, fuzz_findings
    from ginspec.suite.variants import resolve_parameters

    kinds = args.kind or list(AREA_BY_KIND)
    unknown = [kind for kind in kinds if kind not in AREA_BY_KIND]
    if unknown:
        raise UsageError(f"--kind {quote(unknown[0])}: choose from {', '.join(AREA_BY_KIND)}")
    overrides = parse_overrides(args.set)
    from ginspec.adapters.profile import resolve_profile
    from ginspec.suite.outputs import claim_folder, write_output

    adapter = open_guarded(args.engine, args.timeout, open_engine)
    findings = 0
    taken: set[str] = set()
    try:
        profile = resolve_profile(adapter.capabilities(), args.variant, overrides, args.engine)
        args.variant = profile.variant or "standard"
        parameters = resolve_parameters(args.variant, overrides, "--set")
        if parameters["table_format"] == "one_table":
            raise UsageError(f"variant {quote(args.variant)} has table_format=one_table: fuzz generates two-player hands")
        out_folder = claim_folder(Path(args.out), "--out")
        capabilities = profile.capabilities
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
                path = out_folder / area / f"fuzz-{safe_name(args.engine)}-{kind}-{finding.rule.lower()}.yaml"
                document = {"area": area, "description": f"Minimal disagreements with {capabilities.engine} found by differential fuzzing.", "vectors": [vector]}
                write_output(path, yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=110), "--out")
                out.write(f"{'':<9} written to {path}\n")
    finally:
        adapter.close()
    out.write(f"{findings} disagreement(s) found\n")
    return 1 if findings else 0


def add_fuzz_command(commands: Any) -> None:
    fuzz = commands.add_parser("fuzz", help="generate cases, compare an engine with the reference, shrink disagreements")
    fuzz.add_argument("--engine", help="adapter name, exec:COMMAND, or module:Class (required)")
    fuzz.add_argument("--kind", action="append", help="deadwood, discard, knock, layoff, score or round (repeatable; default: all)")
    fuzz.add_argument("--examples", type=example_count, default=500, help="cases to try per kind, 1 to 100000 (default: 500)")
    fuzz.add_argument("--seed", type=int, default=0, help="random seed of the search (default: 0)")
    fuzz.add_argument("--variant", help="variant to play under (default: the engine's home variant, else standard)")
    fuzz.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a variant parameter")
    fuzz.add_argument("--out", default="fuzz-findings", help="folder for the vectors written (default: fuzz-findings)")
    fuzz.add_argument("--timeout", type=timeout_seconds, default=None, help=TIMEOUT_HELP)
    fuzz.set_defaults(handler=command_fuzz)
    add_campaign_arguments(fuzz)
