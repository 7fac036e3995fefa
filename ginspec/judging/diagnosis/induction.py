"""Hypotheses induced from the run itself, for the failures no known defect explains
(:mod:`ginspec.judging.diagnosis.unexplained`): the family "at this point of the hand the engine's
legal moves lose (or gain) this kind of move".

A group of hands that depart in the moves of one decision suggests hypotheses: in the situation
where they depart (the phase, the state of the upcard's offer), perhaps narrowed by one fact every
case of a part of them shares (the first discard of the hand, the dealer to play, the card taken
from the discard pile), the engine never allows a kind of move the rules allow (or always allows
one they forbid). Each hypothesis is tested against every case of the run like a known defect:
it explains the failing hands that depart that way, and a passing hand with a checkpoint in that
situation where the rules allow the move (or forbid it) and the engine agreed contradicts it. The
hypothesis that explains the most of the group's hands with no contradiction is *confirmed*: its
hands become one finding titled with the mechanism; the rest of the group stays a finding of its
departure. Without one, the group is left as it is, and no mechanism is named.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ginspec.judging.diagnosis.departures import MOVE_WORDS, Departure
from ginspec.judging.diagnosis.hands import rules_checkpoints

FACTS = ("turn", "who", "drawn")
"""The facts of a situation a hypothesis may be narrowed by."""

LEAST_EVIDENCE = 3
"""A hypothesis must explain at least this many failing hands to be confirmed."""

Checkpoint = tuple[str, frozenset[tuple[str, str]], frozenset[str]]


@dataclass(frozen=True)
class MoveHypothesis:
    """In ``situation`` (and where ``fact`` holds, if given) the engine never allows ``move``
    (``change`` is ``lost``) or always allows it (``added``)."""

    situation: str
    move: str
    change: str
    fact: tuple[str, str] | None = None

    def covers(self, departure: Departure) -> bool:
        details = dict(departure.details)
        return (
            departure.key[1:2] == (self.situation,)
            and details.get("move") == self.move
            and details.get("change") == self.change
            and (self.fact is None or self.fact in departure.details)
        )

    def contradicted_by(self, point: Checkpoint) -> bool:
        situation, facts, kinds = point
        if situation != self.situation or (self.fact is not None and self.fact not in facts):
            return False
        return self.move in kinds if self.change == "lost" else self.move not in kinds

    def words(self, where: str) -> str:
        move = MOVE_WORDS.get(self.move, self.move)
        narrowed = f", {self.fact[1]}" if self.fact else ""
        verdict = f"never allows {move}, which the rules allow there" if self.change == "lost" else f"always allows {move}, which the rules forbid there"
        place = f"{where}{narrowed}".strip(", ")
        return f"{place}, the engine {verdict}" if place else f"the engine {verdict}"


def passing_checkpoints(passing: Sequence[Any]) -> list[Checkpoint]:
    """Every checkpoint of the passing hands, as the rules give it."""
    return [point for case in passing for point in rules_checkpoints(case)]


def best_hypothesis(departures: Sequence[Departure], checkpoints: Sequence[Checkpoint]) -> MoveHypothesis | None:
    """The move hypothesis that explains the most of these departures (:data:`LEAST_EVIDENCE` at
    least) and that no
    passing checkpoint contradicts; a broader one before a narrower one."""
    candidates: set[MoveHypothesis] = set()
    for departure in departures:
        details = dict(departure.details)
        if len(departure.key) != 4 or departure.key[2] != "moves" or "move" not in details or "change" not in details:
            continue
        base = MoveHypothesis(str(departure.key[1]), details["move"], details["change"])
        candidates.add(base)
        candidates.update(MoveHypothesis(base.situation, base.move, base.change, fact) for fact in departure.details if fact[0] in FACTS)
    best: tuple[tuple[int, bool, str], MoveHypothesis] | None = None
    for hypothesis in candidates:
        covered = sum(1 for departure in departures if hypothesis.covers(departure))
        if covered < LEAST_EVIDENCE or any(hypothesis.contradicted_by(point) for point in checkpoints):
            continue
        rank = (covered, hypothesis.fact is None, str(hypothesis.fact))
        if best is None or rank > best[0]:
            best = (rank, hypothesis)
    return best[1] if best else None
