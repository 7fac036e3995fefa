"""Checking an engine's answer against the protocol's shapes before it is judged
(``spec/schema/protocol/``), so that an answer of the right outer shape but the wrong inner types
is the engine's error for that case, never a crash of the judge."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ginspec.suite.protocol_schemas import schema_problem

ANSWER_SCHEMAS = {"round": "round-answer"}
"""Kinds whose answers have a schema of their own under ``spec/schema/protocol/``."""


def answer_problem(kind: str, answer: Any) -> str | None:
    """What is wrong with the shape of ``answer`` to a ``kind`` question, or ``None``."""
    if not isinstance(answer, Mapping):
        return f"the answer is not an object: {json.dumps(answer, default=repr)[:200]}"
    if "unsupported" in answer and not (isinstance(answer["unsupported"], str) and answer["unsupported"]):
        return "unsupported: the reason must be a non-empty string"
    if "error" in answer and not isinstance(answer["error"], str):
        return "error: must be a string"
    if "refused" in answer:
        name = "refusal"
    else:
        name = ANSWER_SCHEMAS.get(kind)
    if name is None:
        return None
    problem = schema_problem(dict(answer), name)
    if problem is None:
        return None
    where, message = problem
    return f"{where + ': ' if where else ''}{message[:200]}"


def declined_reason(answer: Any) -> str | None:
    """The engine's own reason for not answering this one case: an answer that is only
    ``{"unsupported": REASON}`` (``spec/protocol.md``)."""
    if isinstance(answer, Mapping) and "unsupported" in answer and set(answer) <= {"unsupported", "message"}:
        return str(answer["unsupported"])
    return None
