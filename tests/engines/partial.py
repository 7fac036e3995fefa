"""Small wrappers of the reference engine that report less than it does, to show that a scenario
judges every step it can: an engine that leaves out a field it declared it omits is judged on the
rest, and a wrong answer in the rest is still caught."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter


class OmitsLayoffs(ReferenceAdapter):
    """Plays by the rules but never says which cards the defender laid off (capability ``omits``)."""

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), engine="omits-layoffs", omits=frozenset({"layoffs"}))

    def ask(self, question: Question) -> dict[str, Any]:
        answer = dict(super().ask(question))
        answer.pop("layoffs", None)
        return answer


class OmitsLayoffsMiscountsPoints(OmitsLayoffs):
    """Leaves out the lay-offs, and scores every scored hand one point too high (SCORE-KNOCK-WIN)."""

    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)
        if question.kind == "score" and isinstance(answer.get("points"), int) and answer["points"]:
            answer["points"] += 1
        return answer


class ScoresWithoutRefusing(ReferenceAdapter):
    """Declares no refusals (capability ``refuses`` left empty) and scores a game whose first
    dealer is no player as if p1 had dealt it, as an engine that never checks its input would."""

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), engine="never-refuses", refuses={})

    def ask(self, question: Question) -> dict[str, Any]:
        answer = dict(super().ask(question))
        if answer.get("refused") == "invalid_dealer" and "first_dealer" in question.input:
            answer = dict(super().ask(Question(question.kind, {**question.input, "first_dealer": "p1"}, question.parameters, question.id)))
        return answer
