"""Whether a Python adapter's :class:`~ginspec.adapters.base.Capabilities` has the declared shape.

Python does not check a dataclass's field types, and a bare value where a collection is expected
is read wrongly without a word: ``kinds="deadwood"`` is eight one-letter kinds, and
``parameters={"knock_limit": 10}`` fails deep in the first case that asks. The shape is checked
once, when the engine starts, and the first problem is one line naming the field and the value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ginspec.errors import quote

COLLECTIONS = (tuple, list, set, frozenset)
LAYOFF_STYLES = ("explicit", "automatic")
KNOCKER_SPREADS = ("any", "best")
"""The values of ``knocker_spread``: any least-deadwood spread, or always one best for the knocker."""


def _names_problem(field: str, value: Any) -> str | None:
    """``value`` must be a collection of strings (a tuple, list, set or frozenset)."""
    if not isinstance(value, COLLECTIONS):
        return f"{field} is {quote(value)} ({type(value).__name__}); give a tuple or frozenset of names"
    for item in value:
        if not isinstance(item, str):
            return f"{field} holds {quote(item)} ({type(item).__name__}), not a name"
    return None


def _mapping_problem(field: str, value: Any, check_values: Any) -> str | None:
    if not isinstance(value, Mapping):
        return f"{field} is {quote(value)} ({type(value).__name__}); give a mapping"
    for key, item in value.items():
        if not isinstance(key, str):
            return f"{field} has the key {quote(key)}, not a name"
        problem = check_values(f"{field}[{key!r}]", item)
        if problem:
            return problem
    return None


def _values_problem(field: str, value: Any) -> str | None:
    if not isinstance(value, COLLECTIONS):
        return f"{field} is {quote(value)} ({type(value).__name__}); give a tuple of the values it plays, e.g. ({quote(value)},)"
    return None


def capabilities_problem(declared: Any) -> str | None:
    """The first field of ``declared`` whose value has the wrong shape, as a phrase, or ``None``."""
    for field in ("engine", "version"):
        if not isinstance(getattr(declared, field), str):
            return f"{field} is {quote(getattr(declared, field))}, not a string"
    if isinstance(declared.api_version, bool) or not isinstance(declared.api_version, int):
        return f"api_version is {quote(declared.api_version)}, not an integer"
    return (
        _names_problem("kinds", declared.kinds)
        or _names_problem("omits", declared.omits)
        or _mapping_problem("parameters", declared.parameters, _values_problem)
        or _mapping_problem("scopes", declared.scopes, _names_problem)
        or _mapping_problem("refuses", declared.refuses, _names_problem)
        or (None if declared.layoff_style in LAYOFF_STYLES else f"layoff_style is {quote(declared.layoff_style)}; choose {' or '.join(LAYOFF_STYLES)}")
        or (None if declared.knocker_spread in KNOCKER_SPREADS else f"knocker_spread is {quote(declared.knocker_spread)}; choose {' or '.join(KNOCKER_SPREADS)}")
        or (None if declared.home_variant is None or isinstance(declared.home_variant, str) else f"home_variant is {quote(declared.home_variant)}, not a variant name")
        or (None if declared.suite_version is None or isinstance(declared.suite_version, str) else f"suite_version is {quote(declared.suite_version)}, not a string such as '0.2'")
    )
