"""Engines that are wrong on purpose, to show that the suite catches them."""

from __future__ import annotations

from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter


class TieIsADraw(ReferenceAdapter):
    """Scores a tie after a knock as nobody's hand, whatever the variant says (as some engines do)."""

    def capabilities(self) -> Capabilities:
        return Capabilities(engine="tie-is-a-draw", version="1", kinds=frozenset({"score"}))

    def ask(self, question: Question) -> dict[str, Any]:
        return super().ask(Question(question.kind, question.input, {**question.parameters, "tie_outcome": "draw"}, question.id))
