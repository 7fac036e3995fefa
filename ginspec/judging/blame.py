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

A case checks more than its tags say: the rule of every variant parameter its answer depends on
(``depends_on``, from ``ginspec dependence``) counts too, at :data:`IMPLIED_WEIGHT`. And where one
rule alone decides a field of the answer (:data:`FIELD_RULES`), a failing case whose field came out
right is a pass for that rule, and one whose field is wrong only because the count it follows from
is wrong is no evidence for it; a field may lie deeper in the answer (each player's game bonus
in a game's final score). Counts are then weighted sums.

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
import re
from collections import defaultdict
from collections.abc import Mapping
from functools import lru_cache
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ginspec.adapters.excerpts import shorten_words

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


FORMAT_PARAMETERS = frozenset(
    {"players", "table_format", "hand_size", "first_turn", "oklahoma", "hollywood", "scoring_model", "knock_bonus", "gin_defender_deadwood_multiplier"}
)
"""Parameters that choose which game is played rather than how one rule reads (a two-player hand
refuses any but its own value of the table's scoring parameters): a case that depends on them is
not thereby a check of one rule."""


@lru_cache(maxsize=1)
def parameter_rules() -> dict[str, str]:
    """Each variant parameter's own rule: the first rule ID its schema description names
    (``spec/schema/variant.schema.json``), for the parameters that read one rule."""
    from ginspec.suite.variants import parameter_schemas

    found = {}
    for name, schema in parameter_schemas().items():
        ids = RULE_ID.findall(str(schema.get("description", "")))
        if ids and name not in FORMAT_PARAMETERS:
            found[name] = ids[0]
    return found


RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)+\b")  # a rule ID's first part has two characters or more: a run written A-2-3 is none


IMPLIED_WEIGHT = 0.25
"""How much a rule implied by a case's dependence counts, against 1 for a rule it is tagged with:
the dependence says the answer turns on the rule, the tag that the case was written to check it."""


def case_rules(case: Any, implied: Mapping[str, str] | None = None) -> dict[str, float]:
    """The rules a case checks, each with its weight: 1 for those it is tagged with, and
    :data:`IMPLIED_WEIGHT` for the rule of every other parameter its answer depends on
    (``depends_on``, worked out from the rules by ``ginspec dependence``: changing that parameter
    changes the answer, so the case checks that parameter's rule too)."""
    if isinstance(case, Mapping):
        tagged, depends_on = case.get("rules") or (), case.get("depends_on") or ()
    else:
        tagged, depends_on = case.rules, case.depends_on or ()
    rules = dict.fromkeys(tagged, 1.0)
    table = parameter_rules() if implied is None else implied
    for parameter in depends_on:
        if parameter in table:
            rules.setdefault(table[parameter], IMPLIED_WEIGHT)
    return rules


_GAME_BONUSES = {"game_bonus": "GAME-BONUS", "box_bonus": "GAME-BOX-BONUS", "shutout_bonus": "GAME-SHUTOUT"}


def _bonus_fields(prefix: str) -> dict[str, str]:
    return {f"{prefix}final.*.{field}": rule for field, rule in _GAME_BONUSES.items()}


FIELD_RULES: dict[str, dict[str, str]] = {
    "discard": {"can_knock": "KNOCK-LIMIT", "can_gin": "GIN-DEFINITION", "can_big_gin": "BIGGIN-DEFINITION"},
    "knock": {"legal": "KNOCK-LIMIT", "gin": "GIN-DEFINITION"},
    "game": _bonus_fields(""),
    "three_player": _bonus_fields(""),
    "table_game": _bonus_fields(""),
    "partnership": _bonus_fields(""),
    "hollywood": _bonus_fields("columns.*."),
}
"""Answer fields that one rule alone decides, by kind of question, each a path of keys (``*`` any
key or list position). A failing case whose field came out right is a pass for that rule: the part of
the answer it decides is right. One whose field is wrong while the count it follows from is wrong too
is no evidence either way (:data:`COUNT_FIELDS`).

The verdicts of a discard or a knock follow from the deadwood; the three bonuses a finished game
adds for each player (rules GAME-BONUS, GAME-BOX-BONUS, GAME-SHUTOUT) are each a field of the final
score of their own, and follow from the hand after which the game ends."""


COUNT_FIELDS: dict[str, str] = {
    "discard": "deadwood",
    "knock": "deadwood",
    "game": "over_after",
    "three_player": "over_after",
    "table_game": "over_after",
    "partnership": "over_after",
    "hollywood": "columns.*.closed_after",
}
"""For each kind of :data:`FIELD_RULES`, the count its fields follow from: when it is wrong, a wrong
field is its consequence (a wrong deadwood makes a wrong verdict; a game that ends after another hand
has other bonuses), not a sign that the field's own rule is broken."""


def _answer(case: Any) -> tuple[str, Any, Any]:
    if isinstance(case, Mapping):
        return case.get("kind") or "", case.get("expected"), case.get("observed")
    return case.kind, case.expected, case.observed


_MISSING = object()


def _at(answer: Any, path: Sequence[str], here: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], Any]:
    """The values an answer holds at a path of keys (``*`` for every key or position), by the
    concrete place each was found."""
    if not path:
        return {here: answer}
    key, rest = path[0], path[1:]
    if isinstance(answer, Mapping):
        keys = list(answer) if key == "*" else [key] if key in answer else []
        items = [(k, answer[k]) for k in keys]
    elif isinstance(answer, list) and key == "*":
        items = list(enumerate(answer))
    else:
        return {}
    found: dict[tuple[Any, ...], Any] = {}
    for k, value in items:
        found.update(_at(value, rest, here + (k,)))
    return found


def _field_right(expected: Mapping[str, Any], observed: Mapping[str, Any], field: str) -> bool | None:
    """Whether every value the expected answer holds at ``field`` is observed there too; None when
    the expected answer holds none."""
    path = field.split(".")
    wanted = _at(expected, path)
    if not wanted:
        return None
    seen = _at(observed, path)
    return all(seen.get(place, _MISSING) == value for place, value in wanted.items())


def kept_rules(case: Any) -> frozenset[str]:
    """The rules of :data:`FIELD_RULES` whose field the case's answer got right."""
    kind, expected, observed = _answer(case)
    fields = FIELD_RULES.get(kind)
    if not fields or not isinstance(expected, Mapping) or not isinstance(observed, Mapping):
        return frozenset()
    return frozenset(rule for field, rule in fields.items() if _field_right(expected, observed, field))


def consequent_rules(case: Any) -> frozenset[str]:
    """The rules of :data:`FIELD_RULES` whose verdict a wrong count explains (the count is wrong,
    so a wrong verdict follows from it)."""
    kind, expected, observed = _answer(case)
    fields = FIELD_RULES.get(kind)
    if not fields or not isinstance(expected, Mapping) or not isinstance(observed, Mapping):
        return frozenset()
    if _field_right(expected, observed, COUNT_FIELDS[kind]) is not False:
        return frozenset()
    return frozenset(fields.values())


def _status(case: Any) -> str:
    return case["status"] if isinstance(case, Mapping) else case.status


def rank_rules(
    cases: Iterable[Any],
    failures: Sequence[str] = FAILURES,
    passes: Sequence[str] = PASSES,
    implied: Mapping[str, str] | None = None,
) -> list[Suspect]:
    """The rules named by at least one failing case, most suspicious first.

    ``cases`` are :class:`~ginspec.judging.runner.CaseResult` objects or report records (mappings with
    ``rules``, ``status`` and ``depends_on``)."""
    failed: dict[str, float] = defaultdict(float)
    passed: dict[str, float] = defaultdict(float)
    failed_cases: dict[str, int] = defaultdict(int)
    passed_cases: dict[str, int] = defaultdict(int)
    weight: dict[str, float] = defaultdict(float)
    total_failed = 0
    for case in cases:
        status = _status(case)
        if status not in failures and status not in passes:
            continue
        rules = case_rules(case, implied)
        if status in failures:
            kept = {rule: strength for rule, strength in rules.items() if rule in kept_rules(case)}
            for rule, strength in kept.items():
                passed[rule] += strength
                passed_cases[rule] += 1
            explained = consequent_rules(case)
            rules = {rule: strength for rule, strength in rules.items() if rule not in kept and rule not in explained}
            total_failed += 1
            share = sum(rules.values()) or 1.0
            for rule, strength in rules.items():
                failed[rule] += strength
                failed_cases[rule] += 1
                weight[rule] += strength / share
        else:
            for rule, strength in rules.items():
                passed[rule] += strength
                passed_cases[rule] += 1
    scored = []
    for rule, count in failed.items():
        score = count / math.sqrt(total_failed * (count + passed[rule]))
        scored.append((rule, score, failed_cases[rule], passed_cases[rule], weight[rule]))
    scored.sort(key=lambda item: (-round(item[1], 9), -round(item[4], 9), item[3], item[0]))
    ranking: list[Suspect] = []
    for index, (rule, score, count, passes_, share) in enumerate(scored):
        key = (round(score, 9), round(share, 9), passes_)
        previous = ranking[-1] if ranking else None
        same = previous is not None and (round(previous.score, 9), round(previous.weight, 9), previous.passed) == key
        rank = previous.rank if same and previous is not None else index + 1
        ranking.append(Suspect(rank, rule, score, count, passes_, share))
    ranks: dict[int, int] = defaultdict(int)
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
        shown = f"  {shorten_words(text, 72)}" if text else ""
        lines.append(f"  {place:<4}{suspect.rule:<28} {suspect.score:5.2f}  {suspect.failed:>4} failing, {suspect.passed:>4} passing{shown}")
    if len(ranking) > top:
        lines.append(f"  ... {len(ranking) - top} more rules named by failing cases")
    return lines


def blame_section(cases: Sequence[Any], statements: Mapping[str, str] | None = None, top: int = 5) -> list[str]:
    """The terminal report's first section: the rules the failures blame, or, when nothing fails,
    those the known departures point at; no lines when neither exists."""
    ranking = rank_rules(cases)
    if ranking:
        failing = sum(1 for case in cases if _status(case) in FAILURES)
        heading = f"most likely broken (blame ranking over {failing} failing {'case' if failing == 1 else 'cases'}):"
    else:
        ranking = rank_known_departures(cases)
        if not ranking:
            return []
        known = sum(1 for case in cases if _status(case) == "expected-fail")
        heading = f"nothing fails; the {known} known {'departure points' if known == 1 else 'departures point'} at:"
    return [heading, *blame_lines(ranking, statements, top)]


def blame_table(cases: Sequence[Any], statements: Mapping[str, str], rule_link: Any = None, top: int = 10) -> tuple[str, list[list[str]]]:
    """(heading, rows) for a Markdown table of the ranking: place, rule, score, failing, passing,
    statement. ``rule_link(rule)`` makes the rule cell (default: the ID in code)."""
    ranking = rank_rules(cases)
    heading = "failing cases"
    if not ranking:
        ranking = rank_known_departures(cases)
        heading = "known departures (nothing else fails)"
    rows = [
        [
            f"{suspect.rank}{'=' if suspect.tied else ''}",
            rule_link(suspect.rule) if rule_link else f"`{suspect.rule}`",
            f"{suspect.score:.2f}",
            str(suspect.failed),
            str(suspect.passed),
            shorten_words(statements.get(suspect.rule, ""), 160).replace("|", "\\|"),
        ]
        for suspect in ranking[:top]
    ]
    return heading, rows
