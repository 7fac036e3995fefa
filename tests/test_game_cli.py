"""``ginspec game`` scores every game vector (two players, Hollywood, three players, partnership
and the table of three or four) exactly as the vector expects, as JSON and as a score sheet."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml

from ginspec.commands.main import main
from ginspec.suite.yamlio import SAFE_DUMPER
from tests.oracle.yamlfile import read_document

ROOT = Path(__file__).resolve().parents[1]
VECTORS = [
    vector
    for path in sorted((ROOT / "vectors" / "game").glob("*.yaml"))
    for vector in read_document(path)["vectors"]
]


def _argv(vector: dict, path: Path) -> list[str]:
    argv = ["game", str(path), "--variant", vector.get("variant", "standard")]
    for key, value in (vector.get("overrides") or {}).items():
        argv += ["--set", f"{key}={json.dumps(value) if not isinstance(value, str) else value}"]
    return argv


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["id"] for vector in VECTORS])
def test_game_command_answers_every_game_vector(vector: dict, tmp_path: Path, capsys) -> None:
    path = tmp_path / "hands.yaml"
    path.write_text(yaml.dump(vector["input"], Dumper=SAFE_DUMPER), encoding="utf-8")
    out = io.StringIO()
    status = main(_argv(vector, path) + ["--json"], out=out)
    err = capsys.readouterr().err
    if "error" in vector["expected"]:
        assert status == 2 and vector["expected"]["error"] in err and len(err.strip().splitlines()) == 1, err
        return
    assert status == 0, err
    answer = json.loads(out.getvalue())
    for key, value in vector["expected"].items():
        assert answer[key] == value, key
    sheet = io.StringIO()
    assert main(_argv(vector, path), out=sheet) == 0
    if "winner" in vector["expected"] and vector["expected"]["winner"]:
        assert f"winner: {vector['expected']['winner']}" in sheet.getvalue()
