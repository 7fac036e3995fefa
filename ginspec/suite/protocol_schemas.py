"""The protocol's JSON schemas (``spec/schema/protocol/``) and where a document departs from one.

An engine's messages (:mod:`ginspec.adapters.jsonl`) and its answers (:mod:`ginspec.adapters.answers`) are
checked the same way: a document the quick check passes (:func:`ginspec.suite.plain_schema.surely_valid`)
fits its schema; any other is judged by ``jsonschema``, imported only then (it takes longer to
import than a whole check spends on some engines), and its first error, by path, is the problem.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from ginspec.suite.paths import schema_path
from ginspec.suite.plain_schema import surely_valid


@lru_cache(maxsize=None)
def protocol_schema(name: str) -> dict[str, Any]:
    """The schema ``spec/schema/protocol/NAME.schema.json``."""
    return json.loads(schema_path(f"protocol/{name}.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _validator(name: str) -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(protocol_schema(name))


def schema_problem(document: Any, name: str) -> tuple[str, str] | None:
    """Where ``document`` departs from the schema ``name`` and jsonschema's words for it, as
    (dotted path, message), the path empty at the top; None when it fits."""
    if surely_valid(document, protocol_schema(name)):
        return None
    errors = sorted(_validator(name).iter_errors(document), key=lambda error: list(error.absolute_path))
    if not errors:
        return None
    error = errors[0]
    return ".".join(str(part) for part in error.absolute_path), error.message
