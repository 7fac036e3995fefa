"""A quick check that a document certainly fits a JSON schema of the protocol, before ``jsonschema``.

Every engine answer to a round question is checked against ``spec/schema/protocol/`` before it is
judged (:mod:`ginspec.adapters.answers`), and every message of a program engine against its message schema
(:mod:`ginspec.adapters.jsonl`). ``jsonschema`` takes about a millisecond per answer, and longer to
import than a whole check spends on some engines' answers. :func:`surely_valid` reads the schema
itself, for the few keywords the protocol's answer schemas use, and says ``True`` only when the
document fits every one of them with no doubt; whenever it meets a keyword it does not know, a
value of a type it does not take strictly (a float where an integer is asked, a bool), or a
document that does not fit, it says ``False`` and ``jsonschema`` decides, and words the problem.
So an answer that fits is passed at once and an answer that does not gets ``jsonschema``'s verdict
and message, as before.

A schema is read once: :func:`fits` turns it into one test of a document, each keyword's argument
looked at when the test is made (a pattern compiled, a list of names made a set), so that an
answer of a whole hand, with its hundreds of listed moves, is checked with a call per value.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, Callable

Test = Callable[[Any], bool]
"""Whether a document certainly fits (one keyword of) a schema."""

ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "$comment", "examples"})
"""Keywords that say nothing about which documents fit."""

_TYPES: dict[str, Test] = {
    "object": lambda value: isinstance(value, dict),
    "array": lambda value: isinstance(value, list),
    "string": lambda value: isinstance(value, str),
    "integer": lambda value: type(value) is int,
    "boolean": lambda value: type(value) is bool,
    "null": lambda value: value is None,
}
"""The JSON types taken strictly: an ``integer`` is a Python int and never a bool or a float
(``jsonschema`` would also take 3.0; such a value is left to it)."""


def _never(document: Any) -> bool:
    return False


def _always(document: Any) -> bool:
    return True


def surely_valid(document: Any, schema: Any) -> bool:
    """True only when ``document`` fits ``schema`` beyond doubt (see the module docstring)."""
    return fits(schema)(document)


_MADE: OrderedDict[int, tuple[Any, Test]] = OrderedDict()
_KEPT = 64
"""The tests of the schemas read last, by identity (each kept with its schema, whose identity
cannot then pass to another object); the protocol's few schemas stay among them."""


def fits(schema: Any) -> Test:
    """The test of ``schema``, made once per schema object. A schema is not to be changed once
    checked against (the protocol's are read once, :mod:`ginspec.suite.protocol_schemas`)."""
    made = _MADE.get(id(schema))
    if made is not None and made[0] is schema:
        _MADE.move_to_end(id(schema))
        return made[1]
    test = _test_of(schema)
    _MADE[id(schema)] = (schema, test)
    if len(_MADE) > _KEPT:
        _MADE.popitem(last=False)
    return test


def _test_of(schema: Any) -> Test:
    """One test for the whole of ``schema``: every keyword's, each made only for the documents of
    the JSON type it is about (2020-12 semantics)."""
    if schema is True:
        return _always
    if not isinstance(schema, Mapping):
        return _never
    tests: list[Test] = []
    for keyword, argument in schema.items():
        if keyword in ANNOTATIONS:
            continue
        make = _KEYWORDS.get(keyword)
        if make is None:
            return _never
        test = make(argument, schema)
        applies = _APPLIES_TO.get(keyword)
        tests.append(test if applies is None else _only_for(applies, test))
    if not tests:
        return _always
    if len(tests) == 1:
        return tests[0]

    def every(document: Any) -> bool:
        for test in tests:
            if not test(document):
                return False
        return True

    return every


def _only_for(applies: Test, test: Test) -> Test:
    """A keyword about one JSON type passes any plain document of another type; a float, or no
    JSON value at all, is left to jsonschema."""
    return lambda document: test(document) if applies(document) else _plain(document)


def _plain(document: Any) -> bool:
    """A JSON value of a type taken strictly: an object, array, string, bool, integer or null."""
    return document is None or isinstance(document, (dict, list, str, bool, int))


def _type(argument: Any, schema: Mapping[str, Any]) -> Test:
    names = argument if isinstance(argument, list) else [argument]
    known = [_TYPES[name] for name in names if isinstance(name, str) and name in _TYPES]
    if not known:
        return _never
    if len(known) == 1:
        return known[0]
    return lambda document: any(test(document) for test in known)


def _one_of(options: Any) -> Test:
    """Membership where no two JSON types can be confused: strings and null only."""
    if not isinstance(options, list):
        return _never
    strings = frozenset(option for option in options if type(option) is str)
    null = any(option is None for option in options)
    return lambda document: (type(document) is str and document in strings) or (null and document is None)


def _enum(argument: Any, schema: Mapping[str, Any]) -> Test:
    return _one_of(argument)


def _const(argument: Any, schema: Mapping[str, Any]) -> Test:
    if type(argument) is int:  # an integer and nothing else: not a bool, not a float
        return lambda document: type(document) is int and document == argument
    return _one_of([argument])


def _min_items(argument: Any, schema: Mapping[str, Any]) -> Test:
    if type(argument) is not int:
        return _never
    return lambda document: len(document) >= argument


def _unique_items(argument: Any, schema: Mapping[str, Any]) -> Test:
    """Distinct items, judged here only for strings (JSON equality of other values is subtle)."""
    if argument is False:
        return _always
    if argument is not True:
        return _never
    return lambda document: all(isinstance(item, str) for item in document) and len(set(document)) == len(document)


def _minimum(argument: Any, schema: Mapping[str, Any]) -> Test:
    if type(argument) is not int:
        return _never
    return lambda document: document >= argument


def _min_length(argument: Any, schema: Mapping[str, Any]) -> Test:
    if type(argument) is not int:
        return _never
    return lambda document: len(document) >= argument


def _pattern(argument: Any, schema: Mapping[str, Any]) -> Test:
    if not isinstance(argument, str):
        return _never
    try:
        search = re.compile(argument).search
    except re.error:  # a pattern Python cannot read: jsonschema says what it makes of it
        return _never
    return lambda document: search(document) is not None


def _required(argument: Any, schema: Mapping[str, Any]) -> Test:
    if not isinstance(argument, list):
        return _never
    names = tuple(argument)
    return lambda document: all(name in document for name in names)


def _properties(argument: Any, schema: Mapping[str, Any]) -> Test:
    if not isinstance(argument, Mapping):
        return _never
    named = {name: _test_of(sub) for name, sub in argument.items()}

    def each_named(document: dict[str, Any]) -> bool:
        for name, value in document.items():
            test = named.get(name)
            if test is not None and not test(value):
                return False
        return True

    return each_named


def _additional_properties(argument: Any, schema: Mapping[str, Any]) -> Test:
    if "patternProperties" in schema:
        return _never
    named = schema.get("properties") or {}
    other = _test_of(argument)

    def each_other(document: dict[str, Any]) -> bool:
        for name, value in document.items():
            if name not in named and not other(value):
                return False
        return True

    return each_other


def _property_names(argument: Any, schema: Mapping[str, Any]) -> Test:
    test = _test_of(argument)
    return lambda document: all(map(test, document))


def _items(argument: Any, schema: Mapping[str, Any]) -> Test:
    if "prefixItems" in schema:
        return _never
    test = _test_of(argument)
    return lambda document: all(map(test, document))


def _is_object(document: Any) -> bool:
    return isinstance(document, dict)


def _is_array(document: Any) -> bool:
    return isinstance(document, list)


def _is_string(document: Any) -> bool:
    return isinstance(document, str)


def _is_integer(document: Any) -> bool:
    return type(document) is int  # a float is left to jsonschema (not :func:`_plain`), a bool is no number


_APPLIES_TO: dict[str, Test] = {
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
"""The keywords about one JSON type, with the test of that type: the keyword's test is made only
for a document of that type (2020-12 semantics)."""


_KEYWORDS: dict[str, Callable[[Any, Mapping[str, Any]], Test]] = {
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
"""The keywords this check knows, each with how the test of its argument is made."""
