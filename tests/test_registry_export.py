"""``ginspec registry export``: one index of rules, statements, sources and parameters with the
cases that check each, valid against spec/schema/registry-index.schema.json."""

from __future__ import annotations

import io
import json
from functools import lru_cache
from pathlib import Path

import jsonschema

from ginspec.commands.main import main
from ginspec.suite.registry import rules_by_id
from ginspec.suite.variants import parameter_schemas
from ginspec.suite.vectors import load_vectors

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "spec" / "schema" / "registry-index.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _valid_index(text: str) -> dict:
    """The index in ``text``, after checking it against its schema; the same text, written by
    another test of this process, is not checked twice."""
    index = json.loads(text)
    jsonschema.Draft202012Validator(SCHEMA).validate(index)
    return index


def test_the_index_follows_its_schema_and_holds_the_whole_registry(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["registry", "export"], out=out) == 0
    index = _valid_index(out.getvalue())
    assert {rule["id"] for rule in index["rules"]} == set(rules_by_id())
    assert {parameter["name"] for parameter in index["parameters"]} == set(parameter_schemas())
    by_rule: dict[str, set[str]] = {}
    for vector in load_vectors():
        for rule in vector.rules:
            by_rule.setdefault(rule, set()).add(vector.id)
    for rule in index["rules"]:
        assert set(rule["cases"]["vectors"]) == by_rule.get(rule["id"], set()), rule["id"]
    assert any(statement["id"] == "S003-m" and statement["executable"] for statement in index["statements"])


def test_the_export_never_overwrites_a_file_unasked(tmp_path: Path, capsys) -> None:
    target = tmp_path / "index.json"
    target.write_text("mine", encoding="utf-8")
    assert main(["registry", "export", "--out", str(target)], out=io.StringIO()) == 2
    assert target.read_text(encoding="utf-8") == "mine"
    assert "--force" in capsys.readouterr().err
    assert main(["registry", "export", "--out", str(target), "--force"], out=io.StringIO()) == 0
    assert _valid_index(target.read_text(encoding="utf-8"))["rules"]
