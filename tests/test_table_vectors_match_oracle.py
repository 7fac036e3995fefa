"""Every vector about three or four players, in whichever file it is (kinds table_hand,
three_player, partnership, table_game; malformed questions included), agrees with the oracles of
tests/oracle/tables.py and tests/oracle/table_rounds.py on every field it asserts. The YAML files
are read directly; nothing from the engine is imported."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.oracle import table_rounds, tables
from tests.oracle.malformed import bad_parameter
from tests.oracle.params import variant_parameters
from tests.oracle.yamlfile import read_document

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("table_hand", "three_player", "partnership", "table_game")
VECTORS = [
    vector
    for path in sorted((ROOT / "vectors").glob("*/*.yaml"))
    for vector in read_document(path)["vectors"]
    if vector["kind"] in KINDS
]


def test_there_are_vectors_of_every_kind() -> None:
    assert {vector["kind"] for vector in VECTORS} == set(KINDS)


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["id"] for vector in VECTORS])
def test_the_oracle_agrees(vector: dict) -> None:
    parameters = {**variant_parameters(vector.get("variant", "standard")), **(vector.get("overrides") or {})}
    parameters.update(vector.get("malformed_parameters") or {})
    if vector.get("malformed_parameters") and bad_parameter(parameters) is not None:
        answer = {"refused": "invalid_parameter"}  # the parameters are read before anything else (spec/protocol.md)
    elif vector["kind"] == "table_game":
        answer = table_rounds.table_game(vector["input"], parameters)
    else:
        answer = tables.expected(vector["kind"], vector["input"], parameters)
    assert {name: answer.get(name) for name in vector["expected"]} == vector["expected"]
