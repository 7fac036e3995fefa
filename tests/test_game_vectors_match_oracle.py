"""Every game and Hollywood vector's expected answer is the oracle's (tests/oracle/games.py),
and the vector files are exactly what tests/oracle/build_game_vectors.py writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.oracle.games import answer
from tests.oracle.params import variant_parameters
from tests.oracle.yamlfile import read_document

ROOT = Path(__file__).resolve().parents[1]
GAME_DIR = ROOT / "vectors" / "game"
VARIANTS = ROOT / "spec" / "variants"


def load() -> list[tuple[str, dict]]:
    found = []
    for path in sorted(GAME_DIR.glob("*.yaml")):
        document = read_document(path)
        for vector in document["vectors"]:
            if vector["kind"] in ("game", "hollywood"):
                found.append((path.name, vector))
    return found


VECTORS = load()


@pytest.mark.parametrize(("file", "vector"), VECTORS, ids=[vector["id"] for _, vector in VECTORS])
def test_expected_is_the_oracle_answer(file: str, vector: dict) -> None:
    parameters = variant_parameters(vector.get("variant", "standard"))
    for key, value in (vector.get("overrides") or {}).items():
        assert key in parameters, f"{vector['id']}: unknown parameter {key!r}"
        parameters[key] = value
    oracle = answer(vector["kind"], vector["input"], parameters)
    for key, value in vector["expected"].items():
        assert key in oracle, f"{file}: {vector['id']}: the oracle gives no {key!r}"
        assert oracle[key] == value, f"{file}: {vector['id']}: {key}: oracle {oracle[key]!r}, vector {value!r}"


def test_the_game_vectors_cover_what_they_must() -> None:
    ids = [vector["id"] for _, vector in VECTORS]
    assert len(ids) == len(set(ids))
    assert len(ids) >= 45
    assert sum(vector["kind"] == "hollywood" for _, vector in VECTORS) >= 10
    worked = [vector for _, vector in VECTORS if vector.get("provenance") == "hand"]
    assert len(worked) >= 15
    assert all(vector.get("notes") for vector in worked), "a hand-worked vector shows its arithmetic in notes"
    errors = {vector["expected"].get("error") for _, vector in VECTORS}
    assert {"game_already_over", "game_not_over"} <= errors
    sessions = [vector for _, vector in VECTORS if vector["kind"] == "hollywood"]
    assert any(vector["expected"].get("over_after", 0) is None for vector in sessions)


def _without_dependence(text: str) -> str:
    """A vector file without its ``depends_on`` and ``open_questions`` lines, which ``ginspec
    dependence`` adds from the rules after the build script has written the file."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.lstrip().startswith(("depends_on:", "open_questions:")))


def test_the_files_are_what_the_build_script_writes() -> None:
    from tests.oracle.build_game_vectors import render

    for name, text in render().items():
        assert _without_dependence((GAME_DIR / name).read_text(encoding="utf-8")) == text, (
            f"vectors/game/{name} is out of date: run python -m tests.oracle.build_game_vectors, then ginspec dependence"
        )


def test_vectors_cited_in_the_games_page_exist() -> None:
    import re

    cited = set(re.findall(r"game-\d{4}", (ROOT / "spec" / "games.md").read_text(encoding="utf-8")))
    assert cited and cited <= {vector["id"] for _, vector in VECTORS}
