"""A quick check that a document certainly fits a JSON schema of the protocol, before ``jsonschema``.

Every engine answer to a round question is checked against ``spec/schema/protocol/`` before it is
judged (:mod:`ginspec.adapters.answers`), and every message of a program engine against its message schema
(:mod:`ginspec.adapters.jsonl`). ``jsonschema`` takes about a millisecond per answer, and longer to
import than a whole check spends on some engines' answers. :func:`surely_valid` walks the schema
itself, for the few keywords the protocol's answer schemas use, and says ``True`` only when the
document fits every one of them with no doubt; whenever it meets a keyword it does not know, a
value of a type it does not take strictly (a float where an integer is asked, a bool), or a
document that does not fit, it says ``False`` and ``jsonschema`` decides, and words the problem.
So an answer that fits is passed at once and an answer that does not gets ``jsonschema``'s verdict
and message, as before.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "$comment", "examples"})
"""Keywords that say nothing about which documents fit."""

_TYPES: dict[str, Any] = {
    "object": lambda value: isinstance(value, dict),
    "array": lambda value: isinstance(value, list),
    "string": lambda value: isinstance(value, str),
    "integer": lambda value: type(value) is int,
    "boolean": lambda value: type(value) is bool,
    "null": lambda value: value is None,
}
"""The JSON types taken strictly: an ``integer`` is a Python int and never a bool or a float
(``jsonschema`` would also take 3.0; such a value is left to it)."""


def _fits_type(value: Any, wanted: Any) -> bool:
    names = wanted if isinstance(wanted, list) else [wanted]
    return any(name in _TYPES and _TYPES[name](value) for name in names)


def _in_enum(value: Any, options: Any) -> bool:
    """Membership where no two JSON types can be confused: strings and null only."""
    if not isinstance(options, list) or not (value is None or isinstance(value, str)):
        return False
    return any(type(option) is type(value) and option == value for option in options)


def surely_valid(document: Any, schema: Any) -> bool:
    """True only when ``document`` fits ``schema`` beyond doubt (see the module docstring)."""
    if schema is True:
        return True
    if not isinstance(schema, Mapping):
        return False
    for keyword, argument in schema.items():
        if keyword in ANNOTATIONS:
            continue
        check = _KEYWORDS.get(keyword)
        if check is None:
            return False
        applies = _APPLIES_TO.get(keyword)
        if applies is not None and not applies(document):
            if not _plain(document):  # a float, or no JSON value at all: left to jsonschema
                return False
            continue  # a keyword about one JSON type passes any document of another
        if not check(document, argument, schema):
            return False
    return True


def _plain(document: Any) -> bool:
    """A JSON value of a type taken strictly: an object, array, string, bool, integer or null."""
    return document is None or isinstance(document, (dict, list, str, bool, int))


def _type(document: Any, argument: Any, schema: Mapping[str, Any]) -> bool:
    return _fits_type(document, argument)


def _enum(document: Any, argument: Any, schema: Mapping[str, Any]) -> bool:
    return _in_enum(document, argument)


def _const(document: Any, argument: Any, schema: Mapping[str, Any]) -> bool:
    if type(argument) is int:  # an integer and nothing else: not a bool, not a float
        return type(document) is int and document == argument
    return _in_enum(document, [argument])


def _min_items(document: list[Any], argument: Any, schema: Mapping[str, Any]) -> bool:
    return type(argument) is int and len(document) >= argument


def _unique_items(document: list[Any], argument: Any, schema: Mapping[str, Any]) -> bool:
    """Distinct items, judged here only for strings (JSON equality of other values is subtle)."""
    if argument is False:
        return True
    return argument is True and all(isinstance(item, str) for item in document) and len(set(document)) == len(document)


def _minimum(document: int, argument: Any, schema: Mapping[str, Any]) -> bool:
    return type(argument) is int and document >= argument


def _min_length(document: str, argument: Any, schema: Mapping[str, Any]) -> bool:
    return type(argument) is int and len(document) >= argument


def _pattern(document: str, argument: Any, schema: Mapping[str, Any]) -> bool:
    return isinstance(argument, str) and re.search(argument, document) is not None


def _required(document: dict[str, Any], argument: Any, schema: Mapping[str, Any]) -> bool:
    return isinstance(argument, list) and all(name in document for name in argument)


def _properties(document: dict[str, Any], argument: Any, schema: Mapping[str, Any]) -> bool:
    if not isinstance(argument, Mapping):
        return False
    return all(surely_valid(value, argument[name]) for name, value in document.items() if name in argument)


def _additional_properties(document: dict[str, Any], argument: Any, schema: Mapping[str, Any]) -> bool:
    if "patternProperties" in schema:
        return False
    named = schema.get("properties") or {}
    return all(surely_valid(value, argument) for name, value in document.items() if name not in named)


def _property_names(document: dict[str, Any], argument: Any, schema: Mapping[str, Any]) -> bool:
    return all(surely_valid(name, argument) for name in document)


def _items(document: list[Any], argument: Any, schema: Mapping[str, Any]) -> bool:
    if "prefixItems" in schema:
        return False
    return all(surely_valid(item, argument) for item in document)


def _is_object(document: Any) -> bool:
    return isinstance(document, dict)


def _is_array(document: Any) -> bool:
    return isinstance(document, list)


def _is_string(document: Any) -> bool:
    return isinstance(document, str)


def _is_integer(document: Any) -> bool:
    return type(document) is int  # a float is left to jsonschema (not :func:`_plain`), a bool is no number


_APPLIES_TO = {
    "minimum": _is_integer,
    "minLength": _is_string,
    "pattern": _is_string,
    "required": _is_object,
    "properties": _is_object,
    "additionalProperties": _is_object,
    "propertyNames": _is_object,
    "items": _is_array,
    "minItems": _is_array,
    "uniqueItems": _is_array,
}
"""The keywords about one JSON type, with the test of that type: the keyword's check is made only
for a document of that type (2020-12 semantics)."""


_KEYWORDS = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "minItems": _min_items,
    "uniqueItems": _unique_items,
    "minimum": _minimum,
    "minLength": _min_length,
    "pattern": _pattern,
    "required": _required,
    "properties": _properties,
    "additionalProperties": _additional_properties,
    "propertyNames": _property_names,
    "items": _items,
}
"""The keywords this check knows, each with how a document fits it (a document of the type the
keyword is about, for those in :data:`_APPLIES_TO`)."""
