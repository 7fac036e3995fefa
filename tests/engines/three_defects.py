"""An engine with three defects, one at the first move of every hand (``tests/test_campaign_profiles.py``):

- at the deal, it does not list the non-dealer's ``pass`` among the legal moves (though it plays it);
- the card just taken from the discard pile may be discarded again at once (the miniature
  ``taken-card-thrown-back``, TURN-NO-DISCARD-TAKEN-CARD);
- the gin bonus is 20 whatever the variant says (the miniature ``gin-bonus-twenty``, GIN-BONUS).
"""

from __future__ import annotations

from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.miniatures import MINIATURES, CombinedAdapter


class ThreeDefects(CombinedAdapter):
    def __init__(self) -> None:
        super().__init__([MINIATURES["taken-card-thrown-back"], MINIATURES["gin-bonus-twenty"]])

    def capabilities(self) -> Capabilities:
        return Capabilities(engine="three-defects", version="1", suite_version="0.2")

    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)
        dealt = (answer.get("checkpoints") or {}).get("0") if question.kind == "round" else None
        if isinstance(dealt, dict) and isinstance(dealt.get("legal"), list):
            dealt["legal"] = [text for text in dealt["legal"] if " pass" not in f" {text}"]
        return answer
