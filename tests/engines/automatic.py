"""An engine that declares it lays off for the defender (``layoff_style: automatic``) and never
does: its ``done`` leaves the defender every card he could have laid off. It reports every state
as the rules do (no lay-off is offered to such an engine's defender), so only the end shows it."""

from __future__ import annotations

import dataclasses
from typing import Any

from ginspec.adapters.base import Question
from tests.masquerade_engines import AutomaticLayoffs


class ForgetsLayoffs(AutomaticLayoffs):
    def _answer(self, question: Question) -> dict[str, Any]:
        return super()._answer(dataclasses.replace(question, parameters={**question.parameters, "layoffs": False}))
