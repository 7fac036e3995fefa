"""The quick schema check of engine answers (ginspec.suite.plain_schema): it passes an answer only when
jsonschema finds no error in it, so an answer of the wrong shape still gets jsonschema's verdict
and message (ginspec.adapters.answers)."""

from __future__ import annotations

import copy
import random
from typing import Any

import jsonschema
import pytest

from ginspec.adapters.answers import answer_problem
from ginspec.suite.protocol_schemas import protocol_schema
from ginspec.suite.plain_schema import surely_valid

ROUND_ANSWER = {
    "outcome": "knock",
    "winner": "p1",
    "points": 12,
    "knocker": "p1",
    "knocker_deadwood": 4,
    "defender_deadwood": None,
    "layoffs": "5h 6h",
    "finished": True,
    "checkpoints": {
        "0": {"to_play": "p2", "phase": "first_turn", "legal": ["p2 draw discard", "p2 pass"], "stock": 31, "knock_limit": 10},
        "14": {"to_play": None, "phase": "over", "legal": [], "stock": 24},
    },
}

WRONG = [
    {"points": -1},
    {"points": 3.0},  # an integer to jsonschema, left to it
    {"points": True},
    {"winner": "p3"},
    {"finished": 1},
    {"layoffs": "5h  6h"},
    {"illegal": {"reason": "wrong_phase"}},
    {"illegal": {"index": 2, "reason": "Wrong"}},
    {"checkpoints": {"01": {}}},
    {"checkpoints": {"3": {"legal": "p1 pass"}}},
    {"checkpoints": {"3": {"legal": [1]}}},
    {"checkpoints": {"3": []}},
    {"unsupported": ""},
]


def _validator(name: str) -> Any:
    return jsonschema.Draft202012Validator(protocol_schema(name))


def test_a_well_formed_answer_is_passed_at_once() -> None:
    assert surely_valid(ROUND_ANSWER, protocol_schema("round-answer"))
    assert surely_valid({"illegal": {"index": 3, "reason": "not_your_turn", "forfeits": False}, "checkpoints": {}}, protocol_schema("round-answer"))
    assert surely_valid({"refused": "not_a_card", "message": "Zz"}, protocol_schema("refusal"))
    assert answer_problem("round", ROUND_ANSWER) is None


@pytest.mark.parametrize("change", WRONG, ids=[str(change) for change in WRONG])
def test_an_answer_in_doubt_goes_to_jsonschema(change: dict[str, Any]) -> None:
    answer = {**ROUND_ANSWER, **change}
    assert not surely_valid(answer, protocol_schema("round-answer"))
    if change != {"points": 3.0}:
        assert answer_problem("round", answer) is not None


def test_a_refusal_with_more_than_its_fields_goes_to_jsonschema() -> None:
    assert not surely_valid({"refused": "not_a_card", "extra": 1}, protocol_schema("refusal"))
    assert answer_problem("knock", {"refused": "not_a_card", "extra": 1}) is not None


def _mutated(rnd: random.Random, document: Any) -> Any:
    """``document`` with one value somewhere inside it replaced, added or removed."""
    values = [None, True, False, 0, -1, 3, 3.0, "", "x", "p1", "0", "01", [], ["p1 pass"], [1], {}, {"a": 1}]
    document = copy.deepcopy(document)
    node = document
    while rnd.random() < 0.6:
        inner = [value for value in (node.values() if isinstance(node, dict) else node) if isinstance(value, (dict, list)) and value]
        if not inner:
            break
        node = rnd.choice(inner)
    if isinstance(node, dict):
        name = rnd.choice([*node, "extra", "index", "7"])
        if name in node and rnd.random() < 0.2:
            del node[name]
        else:
            node[name] = rnd.choice(values)
    elif node:
        node[rnd.randrange(len(node))] = rnd.choice(values)
    return document


def test_whatever_is_passed_at_once_jsonschema_also_passes() -> None:
    rnd = random.Random(7)
    schemas = {name: (protocol_schema(name), _validator(name)) for name in ("round-answer", "refusal")}
    passed = 0
    for _ in range(600):
        answer = _mutated(rnd, ROUND_ANSWER if rnd.random() < 0.85 else {"refused": "not_a_card", "message": "m"})
        schema, validator = schemas["refusal" if "refused" in answer else "round-answer"]
        if surely_valid(answer, schema):
            passed += 1
            assert validator.is_valid(answer), answer
    assert passed > 50  # the check does pass most answers at once


# ----------------------------------------------------------------------------- protocol messages

CAPABILITIES = {
    "type": "capabilities",
    "protocol": 1,
    "engine": "somebody",
    "version": "1.0",
    "kinds": ["meld", "deadwood", "round"],
    "parameters": {"knock_limit": [10, 0]},
    "omits": ["checkpoints.stock"],
    "home_variant": "standard",
}
ANSWER = {"type": "answer", "id": "deadwood-0001", "answer": {"deadwood": 12, "melds": ["7c 7d 7h"]}}

MESSAGE_DOUBTS = [
    ("capabilities", {"protocol": True}),
    ("capabilities", {"protocol": 1.0}),  # the protocol's number to jsonschema, left to it
    ("capabilities", {"protocol": 2}),
    ("capabilities", {"type": "answer"}),
    ("capabilities", {"kinds": ["meld", "meld"]}),
    ("capabilities", {"kinds": ["meld", "poker"]}),
    ("capabilities", {"omits": ["x", "x"]}),
    ("capabilities", {"parameters": {"knock_limit": []}}),
    ("capabilities", {"engine": ""}),
    ("answer", {"type": None}),
    ("answer", {"id": 7}),
    ("answer", {"answer": {"unsupported": ""}}),
    ("answer", {"extra": 1}),
]


def _protocol(name: str) -> tuple[dict[str, Any], Any]:
    schema = protocol_schema(name)
    return schema, jsonschema.Draft202012Validator(schema)


def test_a_well_formed_message_of_a_program_engine_is_passed_at_once() -> None:
    from ginspec.adapters.jsonl import _shape_problem

    for name, message in (("capabilities", CAPABILITIES), ("answer", ANSWER)):
        schema, validator = _protocol(name)
        assert validator.is_valid(message) and surely_valid(message, schema), name
        assert _shape_problem(message, name) is None


@pytest.mark.parametrize("name, change", MESSAGE_DOUBTS, ids=[f"{name}-{change}" for name, change in MESSAGE_DOUBTS])
def test_a_message_in_doubt_goes_to_jsonschema(name: str, change: dict[str, Any]) -> None:
    from ginspec.adapters.jsonl import _shape_problem

    message = {**(CAPABILITIES if name == "capabilities" else ANSWER), **change}
    schema, _ = _protocol(name)
    assert not surely_valid(message, schema)
    if change != {"protocol": 1.0}:
        assert _shape_problem(message, name) is not None


def test_whatever_message_is_passed_at_once_jsonschema_also_passes() -> None:
    rnd = random.Random(11)
    protocol = {name: _protocol(name) for name in ("capabilities", "answer")}
    passed = 0
    for _ in range(800):
        name = "capabilities" if rnd.random() < 0.6 else "answer"
        message = _mutated(rnd, CAPABILITIES if name == "capabilities" else ANSWER)
        schema, validator = protocol[name]
        if surely_valid(message, schema):
            passed += 1
            assert validator.is_valid(message), (name, message)
    assert passed > 50
