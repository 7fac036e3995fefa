"""A JSON schema made once into Python functions that tell quickly whether a document fits it.

Checking the vector files against ``spec/schema/vector-file.schema.json`` with ``jsonschema`` takes
about 20 ms a file (two seconds for the suite when nothing is remembered,
:mod:`ginspec.suite.schema_checks`): ``jsonschema`` interprets the schema again for every value, and
builds an error object for every branch of an ``if`` or a ``oneOf`` that does not match. Here the
schema is turned once into one function per subschema (:func:`compile_schema`), which gives one of
three verdicts for a document: ``True``, it fits; ``False``, it does not; ``None``, it cannot tell.

Only ``True`` is ever taken on its own word: a caller passes a document the function says fits, and
asks ``jsonschema`` about any other, which decides and words the problem (as
:func:`ginspec.suite.vectors.read_vector_file` does). So ``True`` is given only beyond doubt, for
the keywords of draft 2020-12 known here, with ``jsonschema``'s meaning:

- a keyword not known here (``patternProperties``, ``prefixItems``, ``format``,
  ``unevaluatedProperties``, ...), a ``$ref`` that is not a pointer into the same schema, or a
  schema with an ``$id`` or an anchor below its top: the verdict is ``None``;
- a value that is no plain JSON value taken strictly (a float, which ``jsonschema`` may take as an
  integer, a date YAML made, a tuple) met by a keyword: ``None``;
- equality (``enum``, ``const``, ``uniqueItems``) judged only where no two JSON types can be
  confused (strings, null, booleans and integers told apart; no floats, arrays or objects among
  the options): ``None`` otherwise.

``tests/test_schema_verdict.py`` holds every verdict against ``jsonschema``'s, on the suite's own
vector files and on many spoiled copies of them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Callable

Check = Callable[[Any], "bool | None"]
"""A compiled subschema: ``True`` (fits), ``False`` (does not) or ``None`` (cannot tell)."""

ANNOTATIONS = frozenset(
    {"$schema", "$id", "$defs", "definitions", "$comment", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"}
)
"""Keywords that say nothing about which documents fit (``$defs`` are reached through ``$ref``)."""

_RESOURCE_KEYWORDS = ("$id", "$anchor", "$dynamicAnchor", "$dynamicRef", "$recursiveRef", "$recursiveAnchor")


def _yes(document: Any) -> bool | None:
    return True


def _no(document: Any) -> bool | None:
    return False


def _unsure(document: Any) -> bool | None:
    return None


def _plain(document: Any) -> bool:
    """A JSON value of a type taken strictly: an object, array, string, bool, integer or null."""
    return document is None or type(document) in (dict, list, str, bool, int)


_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda value: type(value) is dict,
    "array": lambda value: type(value) is list,
    "string": lambda value: type(value) is str,
    "integer": lambda value: type(value) is int,
    "number": lambda value: type(value) is int,  # a float is not plain: left unsure before this
    "boolean": lambda value: type(value) is bool,
    "null": lambda value: value is None,
}


def _is_object(value: Any) -> bool:
    return type(value) is dict


def _is_array(value: Any) -> bool:
    return type(value) is list


def _is_string(value: Any) -> bool:
    return type(value) is str


def _is_integer(value: Any) -> bool:
    return type(value) is int


def _all(checks: list[Check]) -> Check:
    if not checks:
        return _yes
    if len(checks) == 1:
        return checks[0]

    def every(document: Any) -> bool | None:
        verdict: bool | None = True
        for check in checks:
            found = check(document)
            if found is False:
                return False
            if found is None:
                verdict = None
        return verdict

    return every


def _applying(test: Callable[[Any], bool], check: Check) -> Check:
    """A keyword about one JSON type: checked for a document of that type, passed by any other plain
    value, unsure for anything else."""

    def applied(document: Any) -> bool | None:
        if test(document):
            return check(document)
        return True if _plain(document) else None

    return applied


def _scalar(value: Any) -> bool:
    return value is None or type(value) in (str, bool, int)


class _Compiler:
    """Turns the subschemas of one schema ``root`` into :data:`Check` functions."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.refs: dict[str, list[Check]] = {}
        self.local_refs = not _has_nested_resource(root)

    def compile(self, schema: Any) -> Check:
        if schema is True:
            return _yes
        if schema is False:
            return _no
        if not isinstance(schema, Mapping):
            return _unsure
        checks: list[Check] = []
        for keyword, argument in schema.items():
            if keyword in ANNOTATIONS or keyword in ("then", "else"):  # "then" and "else" go with "if"
                continue
            make = _MAKERS.get(keyword)
            check = None if make is None else make(self, argument, schema)
            if check is None:
                return _unsure
            checks.append(check)
        return _all(checks)

    def ref(self, target: Any, schema: Mapping[str, Any]) -> Check | None:
        if not self.local_refs or not isinstance(target, str) or not (target == "#" or target.startswith("#/")) or "%" in target:
            return None
        cell = self.refs.get(target)
        if cell is None:
            cell = self.refs[target] = [_unsure]
            found = _pointer(self.root, target[1:])
            cell[0] = _unsure if found is _MISSING else self.compile(found)
        return lambda document: cell[0](document)


_MISSING = object()


def _pointer(root: Any, pointer: str) -> Any:
    node = root
    for part in pointer.split("/")[1:] if pointer else ():
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return _MISSING
    return node


def _has_nested_resource(root: Any) -> bool:
    """Whether some subschema below the top names a resource or an anchor, which would change what
    a ``$ref`` points to."""
    stack = [(root, True)]
    while stack:
        node, top = stack.pop()
        if isinstance(node, Mapping):
            if not top and any(keyword in node for keyword in _RESOURCE_KEYWORDS):
                return True
            if top and any(keyword in node for keyword in _RESOURCE_KEYWORDS[1:]):
                return True
            stack.extend((value, False) for value in node.values())
        elif isinstance(node, list):
            stack.extend((value, False) for value in node)
    return False


def _count(argument: Any) -> bool:
    return type(argument) is int and argument >= 0


def _bound(argument: Any) -> bool:
    return type(argument) in (int, float)


def _type(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    names = argument if isinstance(argument, list) else [argument]
    if not names or not all(isinstance(name, str) and name in _TYPES for name in names):
        return None
    tests = [_TYPES[name] for name in names]

    def typed(document: Any) -> bool | None:
        if not _plain(document):
            return None
        return any(test(document) for test in tests)

    return typed


def _equal_to_one(options: Any) -> Check | None:
    if not isinstance(options, list) or not all(_scalar(option) for option in options):
        return None
    pairs = [(type(option), option) for option in options]

    def one_of(document: Any) -> bool | None:
        if type(document) in (list, dict):
            return False  # jsonschema never takes an array or an object equal to a scalar
        if not _plain(document):
            return None
        kind = type(document)
        return any(kind is option_type and document == option for option_type, option in pairs)

    return one_of


def _enum(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return _equal_to_one(argument)


def _const(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return _equal_to_one([argument])


def _minimum(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return _applying(_is_integer, lambda document: document >= argument) if _bound(argument) else None


def _maximum(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return _applying(_is_integer, lambda document: document <= argument) if _bound(argument) else None


def _min_length(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return _applying(_is_string, lambda document: len(document) >= argument) if _count(argument) else None


def _max_length(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return _applying(_is_string, lambda document: len(document) <= argument) if _count(argument) else None


def _pattern(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    if not isinstance(argument, str):
        return None
    try:
        search = re.compile(argument).search
    except re.error:
        return None
    return _applying(_is_string, lambda document: search(document) is not None)


def _min_items(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return _applying(_is_array, lambda document: len(document) >= argument) if _count(argument) else None


def _max_items(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return _applying(_is_array, lambda document: len(document) <= argument) if _count(argument) else None


def _unique_items(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    if argument is False:
        return _yes
    if argument is not True:
        return None

    def distinct(document: list[Any]) -> bool | None:
        kinds = {type(item) for item in document}
        if not kinds <= {str} and not kinds <= {int}:
            return None  # equality of other values (1 and true, 1 and 1.0, arrays) is left to jsonschema
        return len(set(document)) == len(document)

    return _applying(_is_array, distinct)


def _min_properties(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return _applying(_is_object, lambda document: len(document) >= argument) if _count(argument) else None


def _max_properties(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return _applying(_is_object, lambda document: len(document) <= argument) if _count(argument) else None


def _required(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    if not isinstance(argument, list) or not all(isinstance(name, str) for name in argument):
        return None
    return _applying(_is_object, lambda document: all(name in document for name in argument))


def _properties(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    if not isinstance(argument, Mapping):
        return None
    named = {name: compiler.compile(subschema) for name, subschema in argument.items()}

    def each(document: dict[Any, Any]) -> bool | None:
        verdict: bool | None = True
        for name, value in document.items():
            check = named.get(name) if type(name) is str else None
            if check is not None:
                found = check(value)
                if found is False:
                    return False
                if found is None:
                    verdict = None
        return verdict

    return _applying(_is_object, each)


def _additional_properties(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    named = schema.get("properties", {})
    if "patternProperties" in schema or not isinstance(named, Mapping):
        return None
    check = compiler.compile(argument)

    def others(document: dict[Any, Any]) -> bool | None:
        verdict: bool | None = True
        for name, value in document.items():
            if type(name) is not str:
                return None
            if name not in named:
                found = check(value)
                if found is False:
                    return False
                if found is None:
                    verdict = None
        return verdict

    return _applying(_is_object, others)


def _items(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    if "prefixItems" in schema or not (isinstance(argument, Mapping) or isinstance(argument, bool)):
        return None
    check = compiler.compile(argument)

    def each(document: list[Any]) -> bool | None:
        verdict: bool | None = True
        for item in document:
            found = check(item)
            if found is False:
                return False
            if found is None:
                verdict = None
        return verdict

    return _applying(_is_array, each)


def _subschemas(compiler: _Compiler, argument: Any) -> list[Check] | None:
    if not isinstance(argument, list) or not argument:
        return None
    return [compiler.compile(subschema) for subschema in argument]


def _all_of(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    checks = _subschemas(compiler, argument)
    return None if checks is None else _all(checks)


def _any_of(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    checks = _subschemas(compiler, argument)
    if checks is None:
        return None

    def some(document: Any) -> bool | None:
        verdict: bool | None = False
        for check in checks:
            found = check(document)
            if found is True:
                return True
            if found is None:
                verdict = None
        return verdict

    return some


def _one_of(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    checks = _subschemas(compiler, argument)
    if checks is None:
        return None

    def exactly_one(document: Any) -> bool | None:
        fits = 0
        for check in checks:
            found = check(document)
            if found is None:
                return None
            fits += found
        return fits == 1

    return exactly_one


def _not(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    check = compiler.compile(argument)

    def negated(document: Any) -> bool | None:
        found = check(document)
        return None if found is None else not found

    return negated


def _if(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    condition = compiler.compile(argument)
    then = compiler.compile(schema["then"]) if "then" in schema else _yes
    otherwise = compiler.compile(schema["else"]) if "else" in schema else _yes

    def conditional(document: Any) -> bool | None:
        found = condition(document)
        if found is None:
            return None
        return then(document) if found else otherwise(document)

    return conditional


def _ref(compiler: _Compiler, argument: Any, schema: Mapping[str, Any]) -> Check | None:
    return compiler.ref(argument, schema)


_MAKERS: dict[str, Callable[[_Compiler, Any, Mapping[str, Any]], Check | None]] = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "minimum": _minimum,
    "maximum": _maximum,
    "minLength": _min_length,
    "maxLength": _max_length,
    "pattern": _pattern,
    "minItems": _min_items,
    "maxItems": _max_items,
    "uniqueItems": _unique_items,
    "minProperties": _min_properties,
    "maxProperties": _max_properties,
    "required": _required,
    "properties": _properties,
    "additionalProperties": _additional_properties,
    "items": _items,
    "allOf": _all_of,
    "anyOf": _any_of,
    "oneOf": _one_of,
    "not": _not,
    "if": _if,
    "$ref": _ref,
}
"""The keywords known here, each with what makes its check from its argument and its schema (None:
an argument of a form not known here, so the schema's verdict is always ``None``)."""


def compile_schema(schema: Any) -> Check:
    """``schema`` as one function giving a document's verdict (see the module docstring); a document
    nested too deeply for Python's stack gets ``None``."""
    check = _Compiler(schema).compile(schema)

    def verdict(document: Any) -> bool | None:
        try:
            return check(document)
        except RecursionError:
            return None

    return verdict
