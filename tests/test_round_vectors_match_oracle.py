"""Every round vector (vectors/round/*.yaml) agrees with the round simulator in tests/oracle/rounds.py:
the end of the hand (or the index and reason of the first refused action) and every field of every
checkpoint. The files themselves follow spec/vectors.md and the vector-file schema (a file whose
exact bytes passed that exact schema before, in any process of the run, is not checked again:
:mod:`ginspec.suite.schema_checks`)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from tests.oracle import rounds
from tests.oracle.cards import all_cards
from ginspec.suite import schema_checks
from ginspec.suite.yamlio import SAFE_LOADER
from tests.oracle.yamlfile import read_document

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "vectors" / "round").glob("*.yaml"))
SCHEMA_TEXT = (ROOT / "spec" / "schema" / "vector-file.schema.json").read_text(encoding="utf-8")
SCHEMA = json.loads(SCHEMA_TEXT)
END_FIELDS = ("outcome", "winner", "points", "knocker", "knocker_deadwood", "defender_deadwood", "layoffs", "finished")
CHECKPOINT_FIELDS = ("to_play", "phase", "legal", "stock", "knock_limit")


def _documents():
    found = []
    for path in FILES:
        found.append((path, read_document(path)))
    return found


DOCUMENTS = _documents()
VECTORS = [(path.name, vector) for path, document in DOCUMENTS for vector in document["vectors"] if vector["kind"] == "round"]


def _registered_rules():
    found = set()
    for path in (ROOT / "spec" / "rules").glob("*.yaml"):
        with open(path, encoding="utf-8") as f:
            found |= {rule["id"] for rule in yaml.load(f, Loader=SAFE_LOADER)["rules"]}
    return found


def test_the_round_files_follow_the_format():
    registered = _registered_rules()
    validator = jsonschema.Draft202012Validator(SCHEMA)
    ids = [vector["id"] for _, vector in VECTORS]
    assert len(ids) == len(set(ids)), "round vector IDs are unique"
    passed = []
    for path, document in DOCUMENTS:
        key = schema_checks.file_digest(SCHEMA_TEXT, path)
        if key is None or not schema_checks.passed_before(key):
            errors = list(validator.iter_errors(document))
            assert not errors, f"{path.name}: {errors[0].message}"
            passed.append(key)
        assert document["area"] == "round"
        for vector in document["vectors"]:
            assert vector["id"].startswith("round-")
            assert vector["kind"] in ("round", "table_round")
            assert (ROOT / "spec" / "variants" / f"{vector['variant']}.yaml").exists()
            assert vector["provenance"] in ("hand", "oracle", "fuzz")
            assert set(vector["rules"]) <= registered, vector["id"]
    schema_checks.remember_passes(key for key in passed if key is not None)


def test_the_suite_is_large_enough():
    assert len(VECTORS) >= 160
    with_checkpoints = [v for _, v in VECTORS if v["expected"].get("checkpoints")]
    assert len(with_checkpoints) >= 80
    assert any("illegal" in v["expected"] for _, v in VECTORS)
    outcomes = {v["expected"].get("outcome") for _, v in VECTORS}
    assert {"knock", "undercut", "gin", "big_gin", "draw", "void"} <= outcomes


def _params(vector):
    return rounds.load_variant(vector.get("variant", "standard"), vector.get("overrides"))


@pytest.mark.parametrize(("file", "vector"), VECTORS, ids=[v["id"] for _, v in VECTORS])
def test_round_vector_matches_the_simulator(file, vector):
    deal = vector["input"]["deal"]
    cards = " ".join(
        [deal["hands"]["p1"], deal["hands"]["p2"], deal["stock"]] + ([deal["upcard"]] if deal.get("upcard") else [])
    ).split()
    assert sorted(cards) == sorted(all_cards()), f"{vector['id']}: the deal is not the 52-card pack"

    states, outcome = rounds.replay(deal, vector["input"]["actions"], _params(vector))
    expected = vector["expected"]
    if "illegal" in expected:
        assert "illegal" in outcome, f"{vector['id']}: expected a refusal, got {outcome}"
        assert outcome["illegal"]["index"] == expected["illegal"]["index"]
        if "reason" in expected["illegal"]:
            assert outcome["illegal"]["reason"] == expected["illegal"]["reason"]
        if "forfeits" in expected["illegal"]:
            assert outcome["illegal"]["forfeits"] is expected["illegal"]["forfeits"], f"{vector['id']}: forfeits"
    else:
        assert "illegal" not in outcome, f"{vector['id']}: {outcome}"
        for key in END_FIELDS:
            if key not in expected:
                continue
            if key == "layoffs":
                assert set(outcome[key].split()) == set(expected[key].split()), vector["id"]
            elif key == "finished":
                assert (outcome.get("finished", True)) == expected[key], vector["id"]
            else:
                assert outcome[key] == expected[key], f"{vector['id']}: {key}"
    for point in expected.get("checkpoints", []):
        after = point["after"]
        assert after < len(states), f"{vector['id']}: checkpoint after {after} is past the last legal action"
        seen = rounds.checkpoint(states[after])
        for key in CHECKPOINT_FIELDS:
            if key not in point:
                continue
            if key == "legal":
                assert sorted(seen[key]) == sorted(point[key]), f"{vector['id']} after {after}: legal"
            else:
                assert seen[key] == point[key], f"{vector['id']} after {after}: {key}"
