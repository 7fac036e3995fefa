"""The reference engine with the capabilities a test asks for, to show that every capability field
works the same in Python and over JSON lines (``python -m ginspec.serve --engine
tests.engines.limited:LimitedEngine``).

The capabilities are read from the environment variable ``GINSPEC_LIMITED``, a JSON object with
any of ``parameters``, ``omits``, ``scopes``, ``layoff_style``, ``home_variant``, ``readings``, ``knocker_spread``, ``kinds`` and
``decline`` (case IDs the engine declines with ``{"unsupported": ...}``)."""

from __future__ import annotations

import json
import os
from typing import Any

from ginspec.adapters.base import KINDS, Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter


class LimitedEngine(ReferenceAdapter):
    def __init__(self) -> None:
        self.config: dict[str, Any] = json.loads(os.environ.get("GINSPEC_LIMITED", "{}"))

    def capabilities(self) -> Capabilities:
        config = self.config
        return Capabilities(
            engine="limited",
            version="1",
            kinds=frozenset(config.get("kinds", KINDS)),
            parameters={name: tuple(values) for name, values in config.get("parameters", {}).items()},
            omits=frozenset(config.get("omits", ())),
            scopes={name: frozenset(kinds) for name, kinds in config.get("scopes", {}).items()},
            layoff_style=config.get("layoff_style", "explicit"),
            home_variant=config.get("home_variant"),
            readings=dict(config.get("readings", {})),
            knocker_spread=config.get("knocker_spread", "any"),
        )

    def ask(self, question: Question) -> dict[str, Any]:
        if question.id.split("@")[0] in self.config.get("decline", ()):
            return {"unsupported": f"this engine does not take {question.id}"}
        answer = dict(super().ask(question))
        for name in self.config.get("omits", ()):
            answer.pop(name, None)
        return answer
