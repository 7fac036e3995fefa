"""An engine that refuses a pass as the first move of a hand (FIRST-UPCARD-OFFER: the non-dealer
may pass the upcard) and leaves it out of the legal moves at the deal, and scores gin with a bonus
of 20 (the miniature ``gin-bonus-twenty``, GIN-BONUS): about half the hands stop at their first move."""

from __future__ import annotations

from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.miniatures import MINIATURES, MiniatureAdapter


class RefusesFirstPass(MiniatureAdapter):
    def __init__(self) -> None:
        super().__init__(MINIATURES["gin-bonus-twenty"])

    def capabilities(self) -> Capabilities:
        return Capabilities(engine="refuses-first-pass", version="1", suite_version="0.2")

    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)
        if question.kind != "round":
            return answer
        dealt = (answer.get("checkpoints") or {}).get("0")
        if isinstance(dealt, dict):
            dealt["legal"] = [text for text in dealt.get("legal", []) if " pass" not in f" {text}"]
        actions = question.input.get("actions") or []
        if actions and actions[0].split()[1:2] == ["pass"]:
            return {"illegal": {"index": 0, "reason": "wrong_phase", "message": "no passing here"}, "checkpoints": {"0": dealt} if dealt else {}}
        return answer


class RefusesFirstPassAndKnocks(RefusesFirstPass):
    """:class:`RefusesFirstPass` that refuses every knock that is not gin too (KNOCK-LIMIT allows
    them): a hand that began with a pass and ended in a knock shows the gin bonus of 20 only when
    it is played otherwise at both moves, and again at every later knock it is refused."""

    def capabilities(self) -> Capabilities:
        return Capabilities(engine="refuses-first-pass-and-knocks", version="1", suite_version="0.2")

    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)
        if question.kind != "round" or "illegal" in answer or answer.get("outcome") not in ("knock", "undercut"):
            return answer
        actions = question.input.get("actions") or []
        index = next(number for number, text in enumerate(actions) if text.split()[1:2] == ["knock"])
        states = answer.get("checkpoints") or {}
        kept = {str(step): states[str(step)] for step in range(index + 1) if str(step) in states}
        return {"illegal": {"index": index, "reason": "over_knock_limit", "message": "only gin goes out here"}, "checkpoints": kept}
