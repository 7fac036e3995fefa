"""A campaign's disagreements grouped by the defect the diagnosis names (:mod:`ginspec.judging.diagnosis`).

The tally groups disagreements by where they depart (:func:`ginspec.detection.campaign.grouping.group_key`,
a text key); one wrong rule shows in many such places (a wrong ace value changes the knock, the
score and the lay-offs). At the report, the kept occurrences of every text key (the shortest
:data:`SAMPLES_PER_KEY` of them, each shrunk to the fewest moves that still show it) are asked of
the engine again and tested against the known defects, exactly as the failing vectors of
``ginspec check`` are: a defect explains an occurrence when the reference engine with the defect
in force gives the engine's answer. The defects are chosen greedily over all keys together
(:func:`ginspec.judging.diagnosis.findings.defects_explaining`), against a few hands the engine plays right
and against the suite's own vectors that tell each candidate apart: the vectors of a defect's
rules that the defect would answer wrong are asked of the engine (:func:`_probes`), and one it
answers right contradicts the defect (a hypothesis tested on the engine, not weighed by tags:
a wrong first-turn rule and a wrong eleven-card count explain the same refused first-turn knock,
and only a question where they differ tells which the engine has). Each text key then belongs to the defect that explains
most of its samples, and all its occurrences count for that defect's finding. A key whose samples
no known defect explains stays a finding of its own, grouped by where it departs, and the report
says so (``grouped_by: departure``).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.detection.campaign.compare import is_engine_error
from ginspec.detection.campaign.games import SCORE_PART
from ginspec.detection.campaign.tally import Finding, Tally
from ginspec.detection.campaign.units import Part, play_part

SAMPLES_PER_KEY = 2
"""Occurrences of each text key tested against the known defects (the shortest kept ones)."""

PASSING_SAMPLES = 12
"""Indices the engine plays right, asked again to weigh a defect's contradictions."""

PROBES_PER_DEFECT = 3
"""Vectors asked of the engine for each candidate defect, among those the defect answers wrong."""

PROBES_SCANNED = 40
"""Vectors of a candidate's rules looked at (their answer predicted under the defect) at most."""


@dataclass(frozen=True)
class Diagnosis:
    """The defect named for each text key of the tally (None: the diagnosis names none)."""

    by_key: Mapping[str, Any]
    samples: Mapping[str, int]
    """How many occurrences of each key were asked again and tested."""


def posed_part(part: Part, cut: int, parameters: Mapping[str, Any], label: str) -> Any:
    """The question an occurrence asks (the hand cut to ``cut`` actions, or the game's score
    sheet) with the rules' answer, as a posed case of the diagnosis."""
    from ginspec.judging.diagnosis.hypotheses import Posed, _key

    if part.hand is None:
        assert part.game is not None
        question, expected = part.game.question(), part.game.expected
    else:
        question = Question(part.kind, part.hand.question_input(cut), dict(parameters), label)
        expected = part.hand.expected(cut)
    case = {"id": label, "kind": question.kind, "status": "fail", "rules": [], "expected": expected, "input": question.input}
    return Posed(case, question, expected, _key(question) + json.dumps(expected, sort_keys=True, default=str))


def _occurrence_label(seed: int, index: int, part: int) -> str:
    return f"campaign-{seed}-{index}" + ("" if part == 0 else ("-score" if part == SCORE_PART else f"-hand{part + 1}"))


def _sampled(found: Finding) -> list[tuple[int, int, str, int]]:
    return sorted(found.occurrences, key=lambda entry: (entry[1], entry[0]))[:SAMPLES_PER_KEY]


def _passing(plan: Any, tally: Tally, engine: Adapter, capabilities: Capabilities) -> list[Any]:
    """Up to :data:`PASSING_SAMPLES` hands the engine answers right, from the campaign's first
    indices (for games, each game's first hand)."""
    from ginspec.judging.runner import judge_answer

    departing = {index for found in tally.findings.values() for index in found.indices}
    passing = []
    for index in range(min(plan.total, 4 * PASSING_SAMPLES)):
        if index in departing or len(passing) >= PASSING_SAMPLES or not plan.shard.number - 1 == index % plan.shard.count:
            continue
        part = play_part(plan.parameters, plan.games, plan.seed, index, 0, plan.automatic, plan.readings)
        assert part.hand is not None
        posed = posed_part(part, len(part.hand.actions), plan.parameters, _occurrence_label(plan.seed, index, 0))
        try:
            answer = engine.ask(posed.question)
        except Exception:  # noqa: BLE001 - a hand the engine cannot answer weighs nothing
            continue
        if judge_answer(posed.question.kind, posed.expected, answer, capabilities, posed.question.input)[0] == "pass":
            passing.append(posed)
    return passing


def _probes(candidates: Sequence[Any], engine: Adapter, capabilities: Capabilities, predictions: Any) -> list[Any]:
    """The suite's vectors that contradict a candidate defect: for each candidate, up to
    :data:`PROBES_PER_DEFECT` vectors tagged with its rules that the defect would answer wrong,
    asked of the engine; those it answers right are returned (as passing cases, they count
    against every defect that would have answered them wrong)."""
    from ginspec.judging.diagnosis.hypotheses import Posed
    from ginspec.suite.vectors import load_vectors

    vectors = load_vectors(tolerate_broken_variants=True)
    passing: list[Any] = []
    asked: set[str] = set()
    for defect in candidates:
        rules = set(defect.rules)
        tried = scanned = 0
        for vector in vectors:
            if tried >= PROBES_PER_DEFECT or scanned >= PROBES_SCANNED:
                break
            if not rules & set(vector.rules) or vector.kind not in capabilities.kinds:
                continue
            case = {"id": vector.id, "kind": vector.kind, "status": "fail", "rules": list(vector.rules), "expected": vector.expected,
                    "variant": vector.variant, "depends_on": vector.depends_on}
            posed = Posed.of(case, capabilities)
            if posed is None or capabilities.unsupported_reason(posed.question, vector.depends_on) is not None:
                continue
            scanned += 1
            predicted = predictions.verdict((defect,), posed, capabilities)
            if predicted is None or predicted[0] != "fail":
                continue
            tried += 1
            if posed.key in asked:
                continue
            asked.add(posed.key)
            try:
                answer = engine.ask(posed.question)
            except Exception:  # noqa: BLE001 - a probe the engine cannot answer tells nothing
                continue
            if posed.judge(answer, capabilities)[0] == "pass":
                passing.append(posed)
    return passing


def diagnose(plan: Any, tally: Tally, engine: Adapter, defects: Sequence[Any] | None = None) -> Diagnosis:
    """The defect of each text key of ``tally``: its sampled occurrences asked of ``engine`` again
    and diagnosed together (see the module's docstring)."""
    from ginspec.judging.diagnosis.dictionary import known_defects
    from ginspec.judging.diagnosis.findings import defects_explaining
    from ginspec.judging.diagnosis.hypotheses import Predictions

    capabilities = engine.capabilities()
    failing: list[tuple[Any, tuple[str, str]]] = []
    owners: list[str] = []
    samples: Counter[str] = Counter()
    for signature, found in sorted(tally.findings.items()):
        if is_engine_error(signature):  # a crash, a hang or a broken answer says nothing about a rule
            continue
        for index, cut, _, part_number in _sampled(found):
            part = play_part(plan.parameters, plan.games, plan.seed, index, part_number, plan.automatic, plan.readings)
            posed = posed_part(part, cut, plan.parameters, _occurrence_label(plan.seed, index, part_number))
            try:
                answer = engine.ask(posed.question)
            except Exception:  # noqa: BLE001 - an occurrence the engine cannot answer again is not tested
                continue
            verdict = posed.judge(answer, capabilities)
            if verdict[0] != "fail":
                continue
            posed.case["observed"] = answer
            failing.append((posed, verdict))
            owners.append(signature)
            samples[signature] += 1
    if not failing:
        return Diagnosis({}, dict(samples))
    chosen_defects = known_defects() if defects is None else tuple(defects)
    predictions = Predictions(chosen_defects)
    candidates = {defect.name: defect for posed, verdict in failing for defect in predictions.touching(posed)
                  if predictions.verdict((defect,), posed, capabilities) == verdict}
    passing = _passing(plan, tally, engine, capabilities) + _probes([candidates[name] for name in sorted(candidates)], engine, capabilities, predictions)
    named = defects_explaining(failing, passing, capabilities, predictions)
    votes: dict[str, Counter[Any]] = {}
    for signature, defect in zip(owners, named):
        votes.setdefault(signature, Counter())[defect.name if defect is not None else None] += 1
    by_name = {defect.name: defect for defect in chosen_defects}
    by_key: dict[str, Any] = {}
    for signature, counted in votes.items():
        name, _ = max(counted.items(), key=lambda item: (item[1], item[0] is not None, str(item[0])))
        by_key[signature] = by_name.get(name) if name is not None else None
    return Diagnosis(by_key, dict(samples))
