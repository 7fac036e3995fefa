"""The report of a campaign (``report.json`` in its folder) and one vector per finding.

A finding is a known defect the diagnosis names (:mod:`ginspec.detection.campaign.diagnose`),
grouping every place of departure (:mod:`ginspec.detection.campaign.grouping`) whose occurrences it
explains; a place no known defect explains is a finding of its own (``grouped_by: departure``). Each
lists how many hands (or games) showed it, the seed and index of every one, and its representative:
the kept occurrence that shows it in the fewest moves, with the command that plays it again
(``again``: ``ginspec fuzz --replay-index`` with the campaign's options as typed,
:func:`again_command`). The representative is written as a vector of ``spec/vectors.md``
(``findings/round/*.yaml``, or ``findings/game/*.yaml`` for a game's score sheet), its expected
values the reference engine's, confirmed by the independent oracles of ``tests/oracle/`` when the
suite runs from a checkout that has them. A finding is tagged with its defect's rules; one no known
defect explains, with the rule a single parameter or definition explains
(:func:`ginspec.detection.fuzz.attribute_rule`), else the rules of the phase where it departs
(:func:`ginspec.detection.campaign.grouping.likely_rules`).
"""

from __future__ import annotations

import heapq
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

import yaml

from ginspec.adapters.base import Adapter, Question
from ginspec.adapters.profile import label_of
from ginspec.detection.campaign.checkpoint import FINDINGS_FOLDER
from ginspec.detection.campaign.compare import NO_ANSWER, PROBLEM_SEPARATOR, is_engine_error
from ginspec.detection.campaign.diagnose import Diagnosis, diagnose
from ginspec.detection.campaign.games import SCORE_PART
from ginspec.detection.campaign.grouping import departure, departure_title, likely_rules
from ginspec.detection.campaign.hands import Hand
from ginspec.detection.campaign.records import parameters_digest
from ginspec.detection.campaign.oracles import score_sheet_verdict, table_hand_verdict
from ginspec.detection.campaign.tally import Finding, Tally
from ginspec.detection.campaign.detours import moves_of
from ginspec.detection.campaign.units import Part, play_part, unit_name
from ginspec.suite.readings import rules_parameters
from ginspec.detection.campaign.worker import Plan
from ginspec.judging.again import RunOptions, shell_line
from ginspec.suite.files import write_atomic
from ginspec.suite.paths import checkout_root

REPORT_KIND = "ginspec fuzz campaign"


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


def oracle_verdict(variant: str, overrides: Mapping[str, Any], vector_input: Mapping[str, Any], expected: Mapping[str, Any], readings: Mapping[str, str] | None = None) -> str:
    """``confirmed`` when the brute-force round oracle of ``tests/oracle/rounds.py`` gives every
    expected field, under ``readings`` when they are given; ``unavailable`` outside a checkout or
    under a house variant (the oracle reads only the variants of ``spec/variants``); else what it
    contradicts."""
    rounds = _round_oracle()
    if rounds is None:
        return "unavailable"
    from ginspec.detection.campaign.oracles import oracle_variant

    try:
        params = {**rounds.load_variant(oracle_variant(variant), dict(overrides)), **({"readings": dict(readings)} if readings else {})}
    except (OSError, ValueError) as exc:  # a variant file the oracle cannot read: the vector stands unconfirmed
        return f"unavailable: the oracle cannot read the variant ({type(exc).__name__})"
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


def plan_options(plan: Plan) -> RunOptions:
    """The options of a campaign known only from its plan: its engine, its variant's name and each
    parameter it set."""
    return RunOptions(plan.engine, plan.variant, settings=tuple(f"{key}={json.dumps(value)}" for key, value in plan.overrides.items()), timeout=plan.timeout)


def recorded_options(folder: Path) -> RunOptions | None:
    """The options as typed that the campaign in ``folder`` recorded in its report (``campaign.run``),
    for ``fuzz merge``; None when it has no report that records them."""
    try:
        kept = json.loads((folder / "report.json").read_text(encoding="utf-8"))["campaign"]["run"]
        return RunOptions.from_json(kept)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def again_command(plan: Plan, run: RunOptions, index: int) -> str:
    """One command that plays hand ``index`` (game ``index``) of the campaign again against its
    engine and gives the engine's verdict, with the campaign's options as typed (``run``)."""
    words = ["ginspec", *run.suite_options(), "fuzz", "--engine", run.engine, "--seed", str(plan.seed), "--replay-index", str(index)]
    words += (["--games", "1"] if plan.games else []) + run.variant_options() + run.timeout_options()
    return shell_line(words)


def _engine_error(number: int, signature: str, found: Finding, plan: Plan) -> dict[str, Any]:
    """A finding of the engine's errors (no answer, or one that breaks the protocol), as ``check``
    counts them: no rule, no diagnosis, no vector."""
    index, cut, problem, part = found.shortest()
    what = "the engine gave no answer" if NO_ANSWER in signature else "the engine's answer breaks the protocol"
    return {
        "id": f"F{number}",
        "grouped_by": "engine error",
        "defect": None,
        "title": what[0].upper() + what[1:],
        "signatures": [signature],
        "signature": signature,
        "count": found.count,
        "rules": [],
        "how": f"{what}: an error of the engine, not a departure from a rule",
        "problem": problem,
        "shortest": _shortest(plan, index, cut, part),
        "occurrences": [{"seed": plan.seed, "index": occurrence} for occurrence in found.indices],
        "oracle": "not asked",
        "vector": None,
    }


def _shortest(plan: Plan, index: int, cut: int, part: int) -> dict[str, Any]:
    shortest: dict[str, Any] = {"seed": plan.seed, "index": index, "actions": cut}
    if plan.games:
        shortest["hand"] = "score sheet" if part == SCORE_PART else part + 1
    elif part > 0:  # the hand played otherwise at moves the engine refused (ginspec.detection.campaign.detours)
        moves = [move + 1 for move in moves_of(part)]
        shortest["played_otherwise_at_move"] = moves[0]
        if len(moves) > 1:
            shortest["played_otherwise_at_moves"] = moves
    return shortest


def _merged(founds: Sequence[Finding]) -> Finding:
    """The text keys a finding groups, as one: every hand that shows one of them, once, and the kept
    occurrences."""
    merged = Finding()
    for found in founds:
        merged.indices = list(heapq.merge(merged.indices, found.indices))
        for index, cut, problem, part in found.occurrences:
            merged.add(index, cut, problem, count=0, part=part)
    merged.indices = sorted(set(merged.indices))  # a hand that shows the defect at two places is one hand
    merged.count = len(merged.indices)
    return merged


def _groups(tally: Tally, diagnosis: Diagnosis) -> list[tuple[Any, list[str], Finding]]:
    """(defect or None, text keys, merged tally) of each finding, most occurrences first: the
    keys the diagnosis puts under one defect together, each other key alone."""
    by_defect: dict[str, list[str]] = {}
    alone: list[str] = []
    defects: dict[str, Any] = {}
    for signature in sorted(tally.findings):
        defect = diagnosis.by_key.get(signature)
        if defect is None:
            alone.append(signature)
        else:
            defects[defect.name] = defect
            by_defect.setdefault(defect.name, []).append(signature)
    groups = [(defects[name], keys, _merged([tally.findings[key] for key in keys])) for name, keys in by_defect.items()]
    groups += [(None, [key], tally.findings[key]) for key in alone]
    return sorted(groups, key=lambda group: (-group[2].count, group[1][0]))


def _turns_on_readings(plan: Plan, kind: str, vector_input: Mapping[str, Any]) -> bool:
    """Whether the answer of a finding's vector turns on a reading the rules' side played for the
    engine (:attr:`Plan.readings`): a vector records no readings, so none is written for it."""
    if not plan.readings:
        return False
    from ginspec.judging.open_questions import open_questions_of

    try:
        return bool(set(open_questions_of(kind, dict(vector_input), plan.parameters)) & set(plan.readings))
    except Exception:  # noqa: BLE001 - a vector the rules cannot place is not written under readings
        return True


def _vector_of(plan: Plan, part: Part, cut: int) -> tuple[str, dict[str, Any], dict[str, Any], str]:
    """(kind, input, expected, oracle) of the vector an occurrence is written as: a hand cut to
    ``cut`` actions judged at its last checkpoint and its end, or a game's score sheet."""
    if part.hand is None:
        assert part.game is not None
        data, sheet = dict(part.game.question().input), dict(part.game.expected)
        return part.kind, data, sheet, score_sheet_verdict(part.kind, plan.variant, rules_parameters(plan.overrides, plan.readings), data, sheet)
    hand = part.hand
    if hand.full is not None:  # posed without its lay-offs: the vector is the hand as played, lay-offs and all
        cut, hand = hand.explicit_cut(cut), hand.full
    vector_input = {"deal": hand.deal, "actions": hand.actions[:cut]}
    expected = hand.expected(cut)
    wanted = {key: value for key, value in expected.items() if key != "checkpoints"}
    wanted["checkpoints"] = [expected["checkpoints"][-1]]
    if part.kind != "round":
        return part.kind, vector_input, wanted, table_hand_verdict(plan.variant, rules_parameters(plan.overrides, plan.readings), vector_input, wanted)
    return part.kind, vector_input, wanted, oracle_verdict(plan.variant, plan.overrides, vector_input, wanted, plan.readings)


def build_report(
    folder: Path, plan: Plan, tally: Tally, parts: str, complete: bool, seconds: float, engine: Adapter | None, typed: RunOptions | None = None
) -> dict[str, Any]:
    """Diagnose the disagreements, write one vector per finding and the report; return the report.
    ``typed`` are the campaign's options as typed, which each finding's ``again`` repeats (else
    they are worked out from the plan, :func:`plan_options`)."""
    run = typed or plan_options(plan)
    diagnosis = Diagnosis({}, {})
    if engine is not None and tally.findings:
        diagnosis = diagnose(plan, tally, engine)
    groups = _groups(tally, diagnosis)
    ids = _next_ids(len(groups)) if groups else []
    findings: list[dict[str, Any]] = []
    for number, (defect, keys, found) in enumerate(groups, start=1):
        if is_engine_error(keys[0]):  # a crash, a hang or a broken answer says nothing about a rule: listed, not written
            findings.append(_engine_error(number, keys[0], found, plan))
            findings[-1]["again"] = again_command(plan, run, findings[-1]["shortest"]["index"])
            continue
        index, cut, problem, part_number = found.shortest()
        part = play_part(plan.parameters, plan.games, plan.seed, index, part_number, plan.automatic, plan.readings)
        kind, vector_input, wanted, oracle = _vector_of(plan, part, cut)
        if defect is not None:
            tags, how, title = list(defect.rules), f"diagnosis: the known defect {defect.name}", defect.title
        elif part.hand is not None and kind == "round":
            where = departure(problem.split(PROBLEM_SEPARATOR), part.hand.expected(), part.hand.actions)
            tags, how = _attribution(part.hand, cut, plan, engine, where.phase, where.verbs)
            how = f"no known defect explains it: grouped by where it departs; {how}"
            title = departure_title(keys[0])
        else:
            tags, how, title = likely_rules("end", ()), "no known defect explains it: grouped by where it departs", departure_title(keys[0])
        entry: dict[str, Any] = {
            "id": f"F{number}",
            "grouped_by": "diagnosis" if defect is not None else "departure",
            "defect": defect.name if defect is not None else None,
            "title": title,
            "signatures": keys,
            "signature": keys[0],
            "count": found.count,
            "rules": tags,
            "how": how,
            "problem": problem,
            "shortest": _shortest(plan, index, cut, part_number),
            "again": again_command(plan, run, index),
            "samples_diagnosed": sum(diagnosis.samples.get(key, 0) for key in keys),
            "occurrences": [{"seed": plan.seed, "index": occurrence} for occurrence in found.indices],
            "oracle": oracle,
            "vector": None,
        }
        if not oracle.startswith("contradicted") and not _turns_on_readings(plan, kind, vector_input):
            area = "game" if part.hand is None else "round"
            path = Path(FINDINGS_FOLDER) / area / f"campaign-{_safe(plan.engine)}-{number:03d}.yaml"
            vector: dict[str, Any] = {"id": ids[number - 1] if area == "round" else ids[number - 1].replace("round-", "game-"), "rules": tags, "variant": plan.variant}
            if plan.overrides:
                vector["overrides"] = dict(plan.overrides)
            unit = f"game {index}, {'its score sheet' if part.hand is None else f'its hand {part_number + 1}'}" if plan.games else f"hand {index}"
            vector.update(
                {
                    "description": f"Found by a fuzz campaign against {plan.engine} (seed {plan.seed}, {unit}, {found.count} {unit_name(plan.games, found.count)} alike; {how}): {problem[:200]}",
                    "kind": kind,
                    "input": vector_input,
                    "expected": wanted,
                    "provenance": "fuzz",
                }
            )
            document = {"area": area, "description": f"A disagreement with {plan.engine} found by a fuzz campaign.", "vectors": [vector]}
            write_atomic(folder / path, yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=110))
            entry["vector"] = path.as_posix()
        findings.append(entry)
    report = {
        "ginspec": REPORT_KIND,
        "campaign": {
            "engine": plan.engine, "variant": plan.variant, "overrides": dict(plan.overrides), "digest": parameters_digest(plan.parameters), "seed": plan.seed,
            unit_name(plan.games): plan.total, "unit": unit_name(plan.games, 1), "parts": parts, "run": run.to_json(),
        },
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "seconds": round(seconds, 3),
        "complete": complete,
        "hands_played" if not plan.games else "games_played": tally.hands,
        "agreed": tally.agreed,
        "unsupported": tally.unsupported,
        "disagreements": tally.disagreements,
        "engine_errors": sum(found.count for signature, found in tally.findings.items() if is_engine_error(signature)),
        "grouping": GROUPING_NOTE,
        "findings": findings,
    }
    write_atomic(folder / "report.json", json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return report


GROUPING_NOTE = (
    "findings are the known defects the diagnosis names (ginspec.judging.diagnosis), tested on the shortest occurrences of each place a "
    "disagreement departs; a finding grouped_by 'departure' is one the diagnosis names no known defect for, grouped by where it departs; "
    "one grouped_by 'engine error' is hands the engine gave no answer to, or an answer that breaks the protocol (counted in engine_errors)"
)


def _errors_text(errors: int) -> str:
    return f" ({errors} of them engine errors: no answer, or one that breaks the protocol)" if errors else ""


def print_summary(report: Mapping[str, Any], folder: Path, out: Any) -> None:
    campaign = report["campaign"]
    unit = campaign.get("unit", "hand")
    played = report.get(f"{unit}s_played", 0)
    out.write(
        f"{played} {unit}s of {campaign[unit + 's']} ({campaign['parts']}) under {label_of(campaign['variant'], campaign.get('overrides') or {})}, seed {campaign['seed']}: "
        f"{report['agreed']} agree, {report['disagreements']} disagree{_errors_text(report.get('engine_errors', 0))}, {report['unsupported']} declined\n"
    )
    for finding in report["findings"]:
        shortest = finding["shortest"]
        grouped = {"diagnosis": "", "engine error": " [an error of the engine, not of a rule]"}.get(finding["grouped_by"], " [no known defect: grouped by where it departs]")
        out.write(f"{finding['id']:>4} {finding['count']:>8} {unit}s  {', '.join(finding['rules'])}  {finding['title'][:110]}{grouped}\n")
        out.write(f"{'':>14} at {len(finding['signatures'])} place(s): {finding['signature'][:140]}\n")
        where = f"{unit} {shortest['index']}" + ("" if "hand" not in shortest else ", its score sheet" if shortest["hand"] == "score sheet" else f", its hand {shortest['hand']}")
        length = f"{shortest['actions']} hands" if shortest.get("hand") == "score sheet" else f"{shortest['actions']} actions"
        out.write(f"{'':>14} shortest: {where}, {length}; oracle {finding['oracle']}; vector {finding['vector'] or 'not written'}\n")
        if finding.get("again"):
            out.write(f"{'':>14} again: {finding['again']}\n")
    out.write(f"{len(report['findings'])} finding(s); report: {folder / 'report.json'}\n")
