"""An engine that plays whole hands under two wrong rules, one per dealer, so that a campaign
against it meets two different defects, each on many hands: when p1 deals, the card just taken
from the discard pile may be thrown back at once (TURN-NO-DISCARD-TAKEN-CARD broken); when p2
deals, the stock is played down to its last card (STOCK-WALL-TWO broken)."""

from __future__ import annotations

from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter

WRONG_RULES = {"p1": {"discard_taken_card": True}, "p2": {"stock_dead_cards": 0}}


class TwoDepartures(ReferenceAdapter):
    def capabilities(self) -> Capabilities:
        return Capabilities(engine="two-departures", version="1", kinds=frozenset({"round"}))

    def ask(self, question: Question) -> dict[str, Any]:
        dealer = question.input.get("deal", {}).get("dealer")
        wrong = WRONG_RULES.get(dealer, {})
        return super().ask(Question(question.kind, question.input, {**question.parameters, **wrong}, question.id))
