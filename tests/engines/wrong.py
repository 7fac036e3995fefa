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


class AceCountsEleven(ReferenceAdapter):
    """Counts an unmelded ace as 11 points instead of 1."""

    def capabilities(self) -> Capabilities:
        return Capabilities(engine="ace-eleven", version="1", kinds=frozenset({"deadwood"}), omits=frozenset({"arrangements"}))

    def ask(self, question: Question) -> dict[str, Any]:
        from reference_impl import evaluate_resting_hand, parse_cards
        from reference_impl.rules import HandRules

        best = evaluate_resting_hand(parse_cards(question.input["hand"]), HandRules.from_parameters(question.parameters)).arrangements[0]
        return {"deadwood": sum(11 if card.rank == 1 else card.value for card in best.deadwood_cards)}
