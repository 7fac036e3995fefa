"""What a campaign has seen so far: hands played, agreed and declined, and per finding (hands
with the same signature, :mod:`ginspec.detection.campaign.grouping`; a hand that goes on past its
first departure counts for each one it shows) the number of hands that show it and
the first :data:`OCCURRENCES_KEPT` of them by index. The tally of a union of hands is the same
however the hands were split (into chunks, processes or shards) and in whatever order they were
added, so a resumed campaign and merged shards give the report of one uninterrupted run."""

from __future__ import annotations

import bisect
import heapq
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ginspec.detection.campaign.compare import Outcome

OCCURRENCES_KEPT = 20
"""How many occurrences of each finding a report lists (those with the lowest indices); its
``count`` is always the total."""


@dataclass
class Finding:
    count: int = 0
    occurrences: list[tuple[int, int, str, int]] = field(default_factory=list)
    """(index, cut, first problem, part) of the kept occurrences, by index; ``part`` is the hand of
    a game that departs (:mod:`ginspec.detection.campaign.games`), and for a campaign of hands 0,
    or the number of the move played otherwise in a hand that went on past a refused move
    (:mod:`ginspec.detection.campaign.detours`)."""
    indices: list[int] = field(default_factory=list)
    """The index of every occurrence, in order (the report lists them all)."""

    def add(self, index: int, cut: int, problem: str, count: int = 1, part: int = 0) -> None:
        self.count += count
        if count:
            bisect.insort(self.indices, index)
        entry = (index, cut, problem, part)
        position = bisect.bisect_left(self.occurrences, entry)
        if position < OCCURRENCES_KEPT and (position == len(self.occurrences) or self.occurrences[position][0] != index):
            self.occurrences.insert(position, entry)
            del self.occurrences[OCCURRENCES_KEPT:]

    def shortest(self) -> tuple[int, int, str, int]:
        """The kept occurrence that shows the defect in the fewest moves (the lowest index among
        equals): the finding's representative, written as its vector."""
        return min(self.occurrences, key=lambda entry: (entry[1], entry[0]))


@dataclass
class Tally:
    hands: int = 0
    agreed: int = 0
    unsupported: int = 0
    disagreements: int = 0
    findings: dict[str, Finding] = field(default_factory=dict)

    def add(self, outcome: Outcome) -> None:
        self.hands += 1
        if outcome.status == "agree":
            self.agreed += 1
        elif outcome.status == "unsupported":
            self.unsupported += 1
        else:
            self.disagreements += 1
            part = getattr(outcome, "part", 0)
            self.findings.setdefault(outcome.signature, Finding()).add(outcome.index, outcome.cut, outcome.problem, part=part)
            for signature, cut, problem, detour in outcome.also:  # the departures the hand showed after its first
                self.findings.setdefault(signature, Finding()).add(outcome.index, cut, problem, part=detour or part)

    def add_all(self, outcomes: Iterable[Outcome]) -> None:
        for outcome in outcomes:
            self.add(outcome)

    def merge(self, other: "Tally") -> None:
        """Add the hands of ``other`` (hands neither has counted before: disjoint parts)."""
        self.hands += other.hands
        self.agreed += other.agreed
        self.unsupported += other.unsupported
        self.disagreements += other.disagreements
        for signature, theirs in other.findings.items():
            mine = self.findings.setdefault(signature, Finding())
            mine.count += theirs.count
            if not mine.indices or not theirs.indices or theirs.indices[0] > mine.indices[-1]:
                mine.indices += theirs.indices  # the next chunk: its hands come after all of these
            else:
                mine.indices = list(heapq.merge(mine.indices, theirs.indices))
            for index, cut, problem, part in theirs.occurrences:
                mine.add(index, cut, problem, count=0, part=part)

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "agreed": self.agreed,
            "unsupported": self.unsupported,
            "disagreements": self.disagreements,
            "findings": {
                signature: {"count": found.count, "occurrences": [list(entry) for entry in found.occurrences], "indices": found.indices}
                for signature, found in sorted(self.findings.items())
            },
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Tally":
        tally = cls(int(data["hands"]), int(data["agreed"]), int(data["unsupported"]), int(data["disagreements"]))
        for signature, found in data["findings"].items():
            kept = [(int(entry[0]), int(entry[1]), str(entry[2]), int(entry[3]) if len(entry) > 3 else 0) for entry in found["occurrences"]]
            tally.findings[signature] = Finding(int(found["count"]), kept, [int(index) for index in found.get("indices", [entry[0] for entry in kept])])
        return tally
