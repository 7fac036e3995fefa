"""A report's failing cases grouped under its findings, for every form of the report (terminal,
Markdown, JUnit XML, the site).

A finding (the ``findings`` list of the JSON report, :mod:`ginspec.judging.diagnosis`) is one defect of the
engine: a title in a card player's words, the rules it breaks (most likely first), its cases, the
smallest of them and a command that runs that case again; one that no known defect explains also
says where its cases first depart from the rules (``departure``). Each form shows the findings first; then,
under each finding, its first few cases in full (the smallest first) and the rest by ID only, so
that a report of five hundred failing cases reads as well as one of five.

A failing case no finding names (a report written before findings existed, or a suite error) is
put under one more group at the end, "failing cases in no finding".
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ginspec.judging.again import RunOptions, again_command

SHOWN_IN_FULL = 3
"""Cases drawn in full under each finding, the smallest first; the rest are listed by ID."""

FAILING = ("fail", "error", "timeout", "unexpected-pass", "suite-error")
"""The statuses of a failing case (as :data:`ginspec.judging.runner.FAILING`)."""

UNGROUPED = "Failing cases in no finding"


def _field(case: Any, name: str) -> Any:
    return case.get(name) if isinstance(case, Mapping) else getattr(case, name, None)


@dataclass(frozen=True)
class FindingGroup:
    """One finding, numbered from 1 in the report's order, with its failing cases (the smallest
    first)."""

    number: int
    finding: Mapping[str, Any]
    cases: tuple[Any, ...]

    @property
    def title(self) -> str:
        return str(self.finding.get("title") or UNGROUPED)

    @property
    def rules(self) -> list[str]:
        return list(self.finding.get("rules") or ())

    @property
    def count(self) -> int:
        return int(self.finding.get("count") or len(self.cases))

    @property
    def smallest(self) -> str:
        return str(self.finding.get("smallest") or (_field(self.cases[0], "id") if self.cases else ""))

    @property
    def again(self) -> str:
        return str(self.finding.get("again") or "")

    @property
    def defect(self) -> str | None:
        defect = self.finding.get("defect")
        return str(defect) if defect else None

    @property
    def explained(self) -> bool:
        return bool(self.finding.get("explained"))

    @property
    def departure(self) -> str | None:
        """Of a finding no known defect explains, the first departure its cases share, in words."""
        departure = self.finding.get("departure")
        return str(departure) if departure else None

    @property
    def anchor(self) -> str:
        return f"finding-{self.number}"

    def split(self, shown: int = SHOWN_IN_FULL) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """(the cases shown in full, the cases listed by ID)."""
        return self.cases[:shown], self.cases[shown:]


def finding_groups(findings: Sequence[Mapping[str, Any]] | None, cases: Iterable[Any], engine: str | RunOptions = "ENGINE") -> list[FindingGroup]:
    """The failing ``cases`` (records or results) under the ``findings``, in the findings' order;
    each case under the first finding that names it. Failing cases that no finding names make one
    last group; ``engine`` is the run's options (or its engine) that its ``again`` repeats."""
    failing = [case for case in cases if _field(case, "status") in FAILING]
    by_id = {str(_field(case, "id")): case for case in failing}
    placed: set[str] = set()
    groups: list[FindingGroup] = []
    for finding in findings or ():
        wanted = [str(case_id) for case_id in finding.get("cases") or ()]
        smallest = str(finding.get("smallest") or "")
        if smallest in wanted:
            wanted.remove(smallest)
            wanted.insert(0, smallest)
        members = tuple(by_id[case_id] for case_id in wanted if case_id in by_id and case_id not in placed)
        placed.update(str(_field(case, "id")) for case in members)
        groups.append(FindingGroup(len(groups) + 1, finding, members))
    rest = tuple(case for case in failing if str(_field(case, "id")) not in placed)
    if rest:
        first = rest[0]
        rules = list(dict.fromkeys(rule for case in rest for rule in _field(case, "rules") or ()))
        leftover = {
            "title": UNGROUPED,
            "rules": rules,
            "cases": [str(_field(case, "id")) for case in rest],
            "count": len(rest),
            "smallest": str(_field(first, "id")),
            "again": again_command(str(_field(first, "id")), engine),
            "defect": None,
            "explained": False,
        }
        groups.append(FindingGroup(len(groups) + 1, leftover, rest))
    return groups


def finding_kind(group: FindingGroup) -> str:
    """How the finding was made: a known defect that reproduces the engine's answers, or failing
    cases no known defect explains, grouped by how the engine departs
    (:mod:`ginspec.judging.diagnosis.unexplained`)."""
    if group.defect:
        return f"known defect `{group.defect}`"
    if group.title == UNGROUPED:
        return "not diagnosed"
    return "no known defect explains it: grouped by its first departure" if group.departure else "no known defect explains it"


def summary_lines(groups: Sequence[FindingGroup], top: int = 12) -> list[str]:
    """The findings for a terminal: number, title, rules, how many cases, the smallest, again."""
    if not groups:
        return []
    lines = [f"findings ({len(groups)}, most important first):"]
    for group in groups[:top]:
        lines.append(f"  {group.number}. {group.title}")
        kind = finding_kind(group).replace("`", "")
        lines.append(f"     rules: {', '.join(group.rules[:4]) or '-'}   cases: {group.count}   {kind}")
        lines.append(f"     smallest: {group.smallest}")
        if group.again:
            lines.append(f"     again: {group.again}")
    if len(groups) > top:
        lines.append(f"  ... and {len(groups) - top} more findings in the JSON report")
    return lines


def compact_ids(ids: Sequence[str], width: int = 96, indent: str = "  ", limit: int = 60) -> list[str]:
    """Case IDs, at most ``limit`` of them and then how many more there are: vector IDs separated
    by commas and wrapped to ``width``, scenario IDs (which hold spaces) one to a line."""
    shown = list(ids[:limit])
    more = [f"and {len(ids) - limit} more"] if len(ids) > limit else []
    if any(" " in case_id for case_id in shown):
        return [indent + case_id for case_id in shown + more]
    text = ", ".join(shown + more)
    return textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False, break_long_words=False)
