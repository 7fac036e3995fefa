"""What a failing scenario's record keeps for its diagnosis: the question its failing step judged
(its kind and parameters; its input is the record's ``input``) and the engine's answer to it at the
fields the steps read (``answer``: path to value; ``missing``: paths the answer lacks).

A scenario cannot be run again as a vector can, but the question it judged can be asked again of
the reference engine with a known defect in force (:mod:`ginspec.judging.diagnosis.scenarios`). Only the
fields the steps read are kept, so that the record stays small; a record whose fields would take
more than :data:`ANSWER_LIMIT` characters keeps none, and its scenario is diagnosed by its rules
alone.
"""

from __future__ import annotations

import json
from typing import Any

ROUND_PATHS = ("illegal.index", "illegal.reason", "finished")
"""The fields of a round's answer kept whatever the steps read: the refused action and why, and
whether the hand is over (those a scenario derived for the run's variant is judged on too)."""

ANSWER_LIMIT = 8000
"""Most characters of JSON the judged question and answer may take in a record."""


def plain(value: Any) -> Any:
    """A value as JSON holds it (sets as sorted lists, tuples as lists)."""
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((plain(item) for item in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def judged_question(item: Any) -> dict[str, Any] | None:
    """The question the last step of the scenario of ``item`` judged and the engine's answer to it
    at the fields the steps read (all the fields judged, for a scenario derived for the run's
    variant; and for a round, :data:`ROUND_PATHS`), or None when there is none to keep."""
    from ginspec.adapters.base import ROUND_KINDS
    from ginspec.bdd.asking import TrackedAnswer
    from ginspec.judging.dependence import ABSENT, value_at

    question = getattr(item, "ginspec_question", None)
    answer = getattr(item, "ginspec_answer", None)
    judged = getattr(item, "ginspec_judged", None)
    if question is None or not isinstance(answer, dict) or judged is None:
        return None
    paths = judged.leaf_paths() if isinstance(judged, TrackedAnswer) else tuple(judged)
    if question.kind in ROUND_KINDS:  # an action refused, and where, is part of every round's answer
        paths = tuple(dict.fromkeys((*paths, *ROUND_PATHS)))
    fields: dict[str, Any] = {}
    missing: list[str] = []
    for path in paths:
        value = value_at(answer, path)
        if value is ABSENT:
            missing.append(path)
        else:
            fields[path] = plain(value)
    if not fields and not missing:
        return None
    record = {"kind": question.kind, "parameters": plain(dict(question.parameters)), "answer": fields, "missing": missing}
    try:
        size = len(json.dumps(record, allow_nan=False))
    except (TypeError, ValueError):  # a value JSON cannot carry: nothing kept
        return None
    return record if size <= ANSWER_LIMIT else None
