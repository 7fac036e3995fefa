"""The question a vector puts to an engine (``spec/protocol.md``): its input and parameters, never
its expected answer."""

from __future__ import annotations

from typing import Any, Mapping

from ginspec.adapters.base import ROUND_KINDS, Question
from ginspec.suite.vectors import Vector
from ginspec.suite.plain_data import plain_copy


def question_for(vector: Vector, parameters: Mapping[str, Any] | None = None) -> Question:
    """The question sent to the engine: the input and parameters, never the expected answer.

    For a round, the engine is also told after which action counts the suite will look at the
    state (the checkpoint positions, not their contents)."""
    data = plain_copy(dict(vector.input))
    if vector.kind in ROUND_KINDS:
        data["observe_after"] = sorted({point["after"] for point in vector.expected.get("checkpoints", ())})
    return Question(kind=vector.kind, input=data, parameters=vector.parameters if parameters is None else parameters, id=vector.id)
