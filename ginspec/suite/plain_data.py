"""Copying the plain data of questions and answers: the nested mappings and lists read from YAML
or JSON, of strings, numbers, booleans and null.

A case's question is copied before an engine sees it and before it is recorded in the report, so
that nothing an engine or a step does to its copy reaches the vector or another case. Such data
holds no cycles and no objects of its own: a copy of each mapping and list, and the same
immutable values, is all ``copy.deepcopy`` makes of it, at several times the cost (its memo of
every object seen, and a dispatch by type for each value). Any other value is handed to
``copy.deepcopy``.
"""

from __future__ import annotations

import copy
from typing import Any

_IMMUTABLE = frozenset({str, int, float, bool, type(None)})
"""The types of the plain values shared by a copy and its original."""


def plain_copy(value: Any) -> Any:
    """A deep copy of ``value``: a new dict for every dict and a new list for every list, each
    plain value the same, anything else copied by ``copy.deepcopy``. A value reached twice (a
    YAML alias) is copied twice."""
    kind = type(value)
    if kind is dict:
        return {key: item if type(item) in _IMMUTABLE else plain_copy(item) for key, item in value.items()}
    if kind is list:
        return [item if type(item) in _IMMUTABLE else plain_copy(item) for item in value]
    if kind in _IMMUTABLE:
        return value
    return copy.deepcopy(value)
