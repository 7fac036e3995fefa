"""An engine with several miniature defects at once (``ginspec.miniatures``), failing hundreds of
cases across rule areas: the conformance reports must stay readable for it."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.miniatures import MINIATURES
from ginspec.miniatures.defects import _LOCK

DEFECTS = ("ace-counts-eleven", "run-of-any-suits", "card-in-two-melds", "greedy-lay-offs", "gin-bonus-twenty", "upcard-after-two-passes", "no-game-bonus")
"""The miniatures in force together: a meld finder, a lay-off, a score and a play defect."""


class SeveralDefects(ReferenceAdapter):
    """The reference engine with every miniature of :data:`DEFECTS` in force while it answers."""

    def capabilities(self) -> Capabilities:
        return Capabilities(engine="several-defects", version="1")

    def ask(self, question: Question) -> dict[str, Any]:
        parameters = dict(question.parameters)
        for name in DEFECTS:
            parameters = MINIATURES[name].read_parameters(parameters)
        with _LOCK, ExitStack() as stack:
            for name in DEFECTS:
                for patch in MINIATURES[name].patches:
                    stack.enter_context(patch.applied())
            return super().ask(Question(question.kind, question.input, parameters, question.id))
