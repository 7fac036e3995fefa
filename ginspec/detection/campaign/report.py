"""The report of a campaign (``report.json`` in its folder) and one vector per finding.

Each finding (the hands with one signature, :mod:`ginspec.detection.campaign.grouping`) lists how many hands
showed it, the seed and index of the first :data:`~ginspec.detection.campaign.tally.OCCURRENCES_KEPT`, and
its representative: the kept occurrence that shows it in the fewest moves. The representative is
written as a round vector of ``spec/vectors.md`` (``findings/round/*.yaml``), its expected values
the reference engine's, confirmed by the independent round oracle of ``tests/oracle/`` when the
suite runs from a checkout that has it. The rule a finding is tagged with is the one a single
parameter or definition explains (:func:`ginspec.detection.fuzz.attribute_rule`), else the rules of the
phase where it departs (:func:`ginspec.detection.campaign.grouping.likely_rules`).
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

import yaml

from ginspec.adapters.base import Adapter, Question
from ginspec.detection.campaign.compare import NO_ANSWER, PROBLEM_SEPARATOR
from ginspec.detection.campaign.grouping import departure, likely_rules
from ginspec.detection.campaign.hands import Hand, play_hand
from ginspec.detection.campaign.tally import OCCURRENCES_KEPT, Tally
from ginspec.detection.campaign.worker import Plan
from ginspec.suite.files import write_atomic
from ginspec.suite.paths import checkout_root
from reference_impl.rules import RoundRules

REPORT_KIND = "ginspec fuzz campaign"
FINDINGS_FOLDER = "findings"


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:80]


def _round_oracle() -> Any:
    """The round oracle of the checkout the suite runs from (``tests/oracle/rounds.py``), or None
    (an installed wheel carries no tests)."""
    root = checkout_root()
    if not (root / "tests" / "oracle" / "rounds.py").is_file():
        return None
    if str(root) not in sys.path:
        sys.path.append(str(root))
    try:
        rounds = importlib.import_module("tests.oracle.rounds")
    except ImportError:
        return None
    return rounds if Path(rounds.__file__).resolve().is_relative_to(root) else None


def oracle_verdict(variant: str, overrides: Mapping[str, Any], vector_input: Mapping[str, Any], expected: Mapping[str, Any]) -> str:
    """``confirmed`` when the brute-force round oracle of ``tests/oracle/rounds.py`` gives every
    expected field; ``unavailable`` outside a checkout; else what it contradicts."""
    rounds = _round_oracle()
    if rounds is None:
        return "unavailable"
    params = rounds.load_variant(variant, dict(overrides))
    states, outcome = rounds.replay(vector_input["deal"], vector_input["actions"], params)
    if "outcome" in outcome:
        outcome = {**outcome, "finished": True}
    for key, want in expected.items():
        if key == "checkpoints":
            continue
        if outcome.get(key) != want:
            return f"contradicted: {key} {outcome.get(key)!r}, not {want!r}"
    for point in expected.get("checkpoints", ()):
        view = rounds.checkpoint(states[point["after"]])
        for key, want in point.items():
            got = view.get(key) if key != "after" else want
            if key == "legal":
                got, want = sorted(got), sorted(want)
            if got != want:
                return f"contradicted: after {point['after']} actions, {key}"
    return "confirmed"


def _rule_attribution() -> Any:
    """The rule attribution of differential fuzzing (:func:`ginspec.detection.fuzz.attribute_rule`, in
    ``ginspec.detection.fuzz_rules`` where that module exists); None where it cannot be imported (it needs
    Hypothesis, installed with the ``test`` extra)."""
    for module in ("ginspec.detection.fuzz_rules", "ginspec.detection.fuzz"):
        try:
            return importlib.import_module(module).attribute_rule
        except (ImportError, AttributeError):
            continue
    return None


def _attribution(hand: Hand, cut: int, plan: Plan, engine: Adapter | None, phase: str, verbs: Sequence[str]) -> tuple[list[str], str]:
    attribute_rule = _rule_attribution()
    if engine is not None and attribute_rule is not None:
        from ginspec.adapters.reference import ReferenceAdapter

        try:
            capabilities = engine.capabilities()
            data = {"deal": hand.deal, "actions": hand.actions[:cut]}
            observed = engine.ask(Question("round", hand.question_input(cut), plan.parameters, "campaign-attribution"))
            rule, how = attribute_rule("round", data, observed, plan.parameters, capabilities, ReferenceAdapter())
            if how != "unattributed":
                return [rule], how
        except Exception:  # noqa: BLE001 - no explanation found; fall back on where it departs
            pass
    return likely_rules(phase, verbs), f"where it departs: phase {phase}"


def _next_ids(count: int) -> list[str]:
    from ginspec.suite.vectors import load_vectors

    used = {vector.id for vector in load_vectors()}
    ids: list[str] = []
    number = 5001
    while len(ids) < count:
        if f"round-{number:04d}" not in used:
            ids.append(f"round-{number:04d}")
        number += 1
    return ids


def _unanswered(number: int, signature: str, count: int, problem: str, plan: Plan, index: int, cut: int, kept: list[int]) -> dict[str, Any]:
    return {
        "id": f"F{number}",
        "signature": signature,
        "count": count,
        "rules": [],
        "how": "the engine gave no answer",
        "problem": problem,
        "shortest": {"seed": plan.seed, "index": index, "actions": cut},
        "occurrences": [{"seed": plan.seed, "index": occurrence} for occurrence in kept],
        "oracle": "not asked",
        "vector": None,
    }


def build_report(folder: Path, plan: Plan, tally: Tally, parts: str, complete: bool, seconds: float, engine: Adapter | None) -> dict[str, Any]:
    """Write the findings' vectors and the report; return the report."""
    rules = RoundRules.for_two_players(plan.parameters)
    ordered = sorted(tally.findings.items(), key=lambda item: (-item[1].count, item[0]))
    ids = _next_ids(len(ordered)) if ordered else []
    findings: list[dict[str, Any]] = []
    for number, (signature, found) in enumerate(ordered, start=1):
        index, cut, problem = found.shortest()
        hand = play_hand(rules, plan.seed, index)
        expected = hand.expected(cut)
        if signature.startswith(NO_ANSWER):  # a crash or a hang says nothing about a rule: listed, not written
            findings.append(_unanswered(number, signature, found.count, problem, plan, index, cut, [kept for kept, _, _ in found.occurrences]))
            continue
        where = departure(problem.split(PROBLEM_SEPARATOR), hand.expected(), hand.actions)
        tags, how = _attribution(hand, cut, plan, engine, where.phase, where.verbs)
        vector_input = {"deal": hand.deal, "actions": hand.actions[:cut]}
        wanted = {key: value for key, value in expected.items() if key != "checkpoints"}
        wanted["checkpoints"] = [expected["checkpoints"][-1]]
        oracle = oracle_verdict(plan.variant, plan.overrides, vector_input, wanted)
        entry: dict[str, Any] = {
            "id": f"F{number}",
            "signature": signature,
            "count": found.count,
            "rules": tags,
            "how": how,
            "problem": problem,
            "shortest": {"seed": plan.seed, "index": index, "actions": cut},
            "occurrences": [{"seed": plan.seed, "index": kept} for kept, _, _ in found.occurrences],
            "oracle": oracle,
            "vector": None,
        }
        if not oracle.startswith("contradicted"):
            path = Path(FINDINGS_FOLDER) / "round" / f"campaign-{_safe(plan.engine)}-{number:03d}.yaml"
            vector: dict[str, Any] = {"id": ids[number - 1], "rules": tags, "variant": plan.variant}
            if plan.overrides:
                vector["overrides"] = dict(plan.overrides)
            vector.update(
                {
                    "description": f"Found by a fuzz campaign against {plan.engine} (seed {plan.seed}, hand {index}, {found.count} hands alike; {how}): {problem[:200]}",
                    "kind": "round",
                    "input": vector_input,
                    "expected": wanted,
                    "provenance": "fuzz",
                }
            )
            document = {"area": "round", "description": f"A disagreement with {plan.engine} found by a fuzz campaign.", "vectors": [vector]}
            write_atomic(folder / path, yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=110))
            entry["vector"] = path.as_posix()
        findings.append(entry)
    report = {
        "ginspec": REPORT_KIND,
        "campaign": {"engine": plan.engine, "variant": plan.variant, "overrides": dict(plan.overrides), "seed": plan.seed, "hands": plan.total, "parts": parts},
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "seconds": round(seconds, 3),
        "complete": complete,
        "hands_played": tally.hands,
        "agreed": tally.agreed,
        "unsupported": tally.unsupported,
        "disagreements": tally.disagreements,
        "occurrences_kept": OCCURRENCES_KEPT,
        "findings": findings,
    }
    write_atomic(folder / "report.json", json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return report


def print_summary(report: Mapping[str, Any], folder: Path, out: Any) -> None:
    campaign = report["campaign"]
    out.write(
        f"{report['hands_played']} hands of {campaign['hands']} ({campaign['parts']}) under {campaign['variant']}, seed {campaign['seed']}: "
        f"{report['agreed']} agree, {report['disagreements']} disagree, {report['unsupported']} declined\n"
    )
    for finding in report["findings"]:
        shortest = finding["shortest"]
        out.write(f"{finding['id']:>4} {finding['count']:>8} hands  {', '.join(finding['rules'])}  ({finding['how']})\n")
        out.write(f"{'':>14} {finding['signature'][:150]}\n")
        out.write(f"{'':>14} shortest: hand {shortest['index']}, {shortest['actions']} actions; oracle {finding['oracle']}; vector {finding['vector'] or 'not written'}\n")
    out.write(f"{len(report['findings'])} finding(s); report: {folder / 'report.json'}\n")
