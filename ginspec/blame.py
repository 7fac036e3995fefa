"""Which rules are most likely broken: spectrum-based fault localisation over the rule tags of the
cases.

Each case names the rules it checks (a vector's ``rules:``, a scenario's rule tags). A rule that is
broken makes the cases that check it fail, and the cases that do not check it pass; a rule that is
kept makes its cases pass. So each rule is scored by how well "this case checks the rule" matches
"this case failed", with the Ochiai coefficient that debuggers use to rank suspicious lines:

    ochiai(rule) = failed(rule) / sqrt(failed * (failed(rule) + passed(rule)))

where ``failed(rule)`` and ``passed(rule)`` count the failing and passing cases tagged with the
rule and ``failed`` all failing cases. It is 1 for a rule whose cases all fail and which every
failure names, and 0 for a rule no failure names.

Equal scores are frequent (a rule tagged on exactly the same cases as another), so ties are
broken by evidence, in this order:

1. the failures that name the rule, each weighted by how few rules it names (a case tagged with
   one rule blames that rule alone; one tagged with five shares the blame five ways);
2. fewer passing cases for the rule.

Rules still equal after that share a rank and are shown as tied: the suite cannot tell them apart.

Only a wrong answer, a crash or a hang counts as a failure (``fail``, ``error``, ``timeout``); only a
``pass`` counts as a pass. Unsupported cases, known departures (``expected-fail``), unexpected
passes of a known departure and the suite's own errors say nothing about which rule the engine
breaks, and are left out. :func:`rank_known_departures` ranks the known departures instead, to
show where an engine's listed departures lie.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

FAILURES = ("fail", "error", "timeout")
"""Statuses that count as evidence that a rule the case checks is broken."""

PASSES = ("pass",)
"""Statuses that count as evidence that the rules the case checks are kept."""


@dataclass(frozen=True)
class Suspect:
    """One rule in the ranking: its place (equal for ties), its score and the evidence."""

    rank: int
    rule: str
    score: float
    failed: int
    passed: int
    weight: float
    tied: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "rule": self.rule,
            "score": round(self.score, 4),
            "failed": self.failed,
            "passed": self.passed,
            "weight": round(self.weight, 4),
            "tied": self.tied,
        }


def _rules_and_status(case: Any) -> tuple[Sequence[str], str]:
    if isinstance(case, Mapping):
        return case.get("rules") or (), case["status"]
    return case.rules, case.status


def rank_rules(cases: Iterable[Any], failures: Sequence[str] = FAILURES, passes: Sequence[str] = PASSES) -> list[Suspect]:
    """The rules named by at least one failing case, most suspicious first.

    ``cases`` are :class:`~ginspec.runner.CaseResult` objects or report records (mappings with
    ``rules`` and ``status``)."""
    failed: dict[str, int] = defaultdict(int)
    passed: dict[str, int] = defaultdict(int)
    weight: dict[str, float] = defaultdict(float)
    total_failed = 0
    for case in cases:
        rules, status = _rules_and_status(case)
        rules = tuple(dict.fromkeys(rules))
        if status in failures:
            total_failed += 1
            for rule in rules:
                failed[rule] += 1
                weight[rule] += 1 / len(rules)
        elif status in passes:
            for rule in rules:
                passed[rule] += 1
    scored = []
    for rule, count in failed.items():
        score = count / math.sqrt(total_failed * (count + passed[rule]))
        scored.append((rule, score, count, passed[rule], weight[rule]))
    scored.sort(key=lambda item: (-round(item[1], 9), -round(item[4], 9), item[3], item[0]))
    ranking: list[Suspect] = []
    for index, (rule, score, count, passes_, share) in enumerate(scored):
        key = (round(score, 9), round(share, 9), passes_)
        previous = ranking[-1] if ranking else None
        same = previous is not None and (round(previous.score, 9), round(previous.weight, 9), previous.passed) == key
        rank = previous.rank if same and previous is not None else index + 1
        ranking.append(Suspect(rank, rule, score, count, passes_, share))
    ranks = defaultdict(int)
    for suspect in ranking:
        ranks[suspect.rank] += 1
    return [Suspect(s.rank, s.rule, s.score, s.failed, s.passed, s.weight, ranks[s.rank] > 1) for s in ranking]


def rank_known_departures(cases: Iterable[Any]) -> list[Suspect]:
    """The ranking over an engine's known departures (``expected-fail``) instead of its failures."""
    return rank_rules(cases, failures=("expected-fail",))


def blame_lines(ranking: Sequence[Suspect], statements: Mapping[str, str] | None = None, top: int = 5) -> list[str]:
    """The top of a ranking as terminal lines: place, rule, score, failing and passing cases."""
    lines = []
    for suspect in ranking[:top]:
        place = f"{suspect.rank}{'=' if suspect.tied else '.'}"
        text = (statements or {}).get(suspect.rule, "")
        shown = f"  {text[:70]}{'...' if len(text) > 70 else ''}" if text else ""
        lines.append(f"  {place:<4}{suspect.rule:<28} {suspect.score:5.2f}  {suspect.failed:>4} failing, {suspect.passed:>4} passing{shown}")
    if len(ranking) > top:
        lines.append(f"  ... {len(ranking) - top} more rules named by failing cases")
    return lines
