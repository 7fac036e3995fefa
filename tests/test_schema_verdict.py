"""The vector schema compiled into quick checks (ginspec.suite.schema_verdict) gives jsonschema's
verdict whenever it gives one: a document it passes has no jsonschema error, a document it refuses
has one. Held on every vector of the suite and on thousands of spoiled copies of them, and on the
values where JSON's types are easy to confuse."""

from __future__ import annotations

import copy
import random
from typing import Any

import jsonschema
import pytest

from ginspec.errors import InvalidVector
from ginspec.suite.schema_verdict import compile_schema
from ginspec.suite.vectors import _schema_problem, vector_files, vector_schema
from ginspec.suite.yamlio import load_yaml

STRANGE_VALUES: list[Any] = [None, True, False, 0, 1, -1, 3.0, 2.5, "", "x", "Ah", "Ah Ah", "zz", [], ["Ah"], [1, True], {}, {"x": 1}]


@pytest.fixture(scope="module")
def documents() -> list[Any]:
    return [load_yaml(path, InvalidVector) for path in vector_files()]


def _jsonschema_fits(document: Any, validator: Any) -> bool:
    return next(iter(validator.iter_errors(document)), None) is None


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, path + (index,))
    return found


def _spoiled(document: Any, rng: random.Random) -> Any:
    """A copy of ``document`` with one value replaced, removed, duplicated or joined by a stray key."""
    spoiled = copy.deepcopy(document)
    path = rng.choice(_paths(spoiled)[1:])
    parent = spoiled
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    move = rng.randrange(5)
    if move == 0 and isinstance(parent, dict):
        del parent[last]
    elif move == 1 and isinstance(parent, dict):
        parent[rng.choice(["stray", "kind", "id", "rules", "variant"])] = rng.choice(STRANGE_VALUES)
    elif move == 2 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[last]))
    elif move == 3 and isinstance(parent[last], str):
        parent[last] = rng.choice([parent[last] + " Ah", parent[last].lower(), parent[last][:-1], "p3", "knock", "set"])
    else:
        parent[last] = copy.deepcopy(rng.choice(STRANGE_VALUES))
    return spoiled


def test_every_vector_file_is_passed_by_the_quick_check(documents: list[Any]) -> None:
    check = compile_schema(vector_schema())
    assert documents
    assert all(check(document) is True for document in documents)


def test_the_quick_check_agrees_with_jsonschema_on_spoiled_vectors(documents: list[Any]) -> None:
    check = compile_schema(vector_schema())
    validator = jsonschema.Draft202012Validator(vector_schema())
    rng = random.Random(20261202)
    singles = [
        {"area": document["area"], "description": document["description"], "vectors": [vector]}
        for document in documents
        for vector in document["vectors"]
    ]
    verdicts = {True: 0, False: 0, None: 0}
    for _ in range(4000):
        spoiled = _spoiled(rng.choice(singles), rng)
        verdict = check(spoiled)
        verdicts[verdict] += 1
        if verdict is not None:
            assert verdict == _jsonschema_fits(spoiled, validator), spoiled
    # the spoiled copies reach both verdicts, and the check is seldom unsure
    assert verdicts[True] > 200 and verdicts[False] > 1000, verdicts
    assert verdicts[None] < 400, verdicts


@pytest.mark.parametrize(
    ("schema", "document", "verdict"),
    [
        ({"type": "integer"}, 3, True),
        ({"type": "integer"}, True, False),
        ({"type": "integer"}, 3.0, None),  # jsonschema takes 3.0 as an integer: left to it
        ({"type": "number"}, False, False),
        ({"type": ["string", "null"]}, None, True),
        ({"minimum": 0}, -1, False),
        ({"minimum": 0}, False, True),  # a bool is no number: minimum says nothing of it
        ({"minimum": 0}, 2.5, None),
        ({"enum": [1, "a", None]}, True, False),
        ({"enum": [True]}, 1, False),
        ({"enum": [1.0]}, 1, None),
        ({"enum": ["a"]}, ["a"], False),
        ({"const": 0}, False, False),
        ({"uniqueItems": True}, ["a", "a"], False),
        ({"uniqueItems": True}, [1, True], None),
        ({"pattern": "^a"}, "ba", False),
        ({"pattern": "^a"}, 5, True),
        ({"required": ["a"]}, {}, False),
        ({"additionalProperties": False, "properties": {"a": True}}, {"a": 1, "b": 2}, False),
        ({"additionalProperties": False, "patternProperties": {"^b": True}}, {"b": 2}, None),
        ({"oneOf": [{"type": "integer"}, {"minimum": 0}]}, 5, False),
        ({"oneOf": [{"type": "integer"}, {"type": "string"}]}, 5, True),
        ({"not": {"type": "string"}}, "a", False),
        ({"if": {"const": 1}, "then": {"minimum": 2}, "else": {"type": "string"}}, 1, False),
        ({"if": {"const": 1}, "then": {"minimum": 2}, "else": {"type": "string"}}, "a", True),
        ({"$defs": {"n": {"type": "integer"}}, "items": {"$ref": "#/$defs/n"}}, [1, "2"], False),
        ({"$ref": "other.json"}, 1, None),
        ({"$defs": {"n": {"$id": "n.json"}}, "$ref": "#/$defs/n"}, 1, None),
        ({"contains": {"type": "integer"}}, [1], None),
        ({"format": "date"}, "x", None),
    ],
)
def test_verdicts_where_json_types_are_easy_to_confuse(schema: dict[str, Any], document: Any, verdict: bool | None) -> None:
    assert compile_schema(schema)(document) is verdict
    if verdict is not None:
        assert _jsonschema_fits(document, jsonschema.Draft202012Validator(schema)) is verdict


def test_a_refused_vector_file_still_gets_jsonschemas_words(documents: list[Any]) -> None:
    spoiled = copy.deepcopy(documents[0])
    spoiled["vectors"][0]["stray"] = 1
    assert _schema_problem(documents[0]) is None
    problem = _schema_problem(spoiled)
    assert problem is not None and "unknown key 'stray'" in problem[1]
