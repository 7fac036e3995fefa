"""Every vector file follows the schema, IDs are unique and every rule ID is registered; a
malformed file is reported with the file, the vector ID and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from ginspec.errors import InvalidVector
from ginspec.suite.registry import rules_by_id
from ginspec.suite.vectors import load_vector_file, load_vectors, vector_files

GOOD = """\
area: deadwood
description: A small file.
vectors:
  - id: deadwood-9001
    rules: [DEADWOOD-COUNT]
    description: Three of a kind and seven loose cards.
    kind: deadwood
    input:
      hand: 7c 7d 7h 2s 4s 6s 8s Tc Qd Kh
    expected:
      deadwood: 50
"""


def test_shipped_vector_files_load() -> None:
    vectors = load_vectors()
    assert len({vector.id for vector in vectors}) == len(vectors)
    registered = rules_by_id()
    assert all(rule in registered for vector in vectors for rule in vector.rules)


def test_every_area_has_a_folder_of_vectors() -> None:
    areas = {path.parent.name for path in vector_files()}
    assert {"melds", "deadwood", "knock", "layoff", "scoring"} <= areas


def write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "deadwood"
    folder.mkdir(exist_ok=True)
    path = folder / "cases.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_loads(tmp_path: Path) -> None:
    [vector] = load_vector_file(write(tmp_path, GOOD))
    assert (vector.id, vector.kind, vector.parameters["knock_limit"]) == ("deadwood-9001", "deadwood", 10)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("7c 7d 7h 2s", "7c 7d 7h Zs"), "deadwood-9001: input.hand: 'Zs' is not a card"),
        (("7c 7d 7h 2s", "7c 7d 7h 7c"), "deadwood-9001: '7c' appears twice"),
        (("[DEADWOOD-COUNT]", "[DEADWOOD-CUONT]"), "deadwood-9001: unknown rule ID 'DEADWOOD-CUONT'"),
        (("deadwood: 50", "deadwood: -1"), "deadwood-9001: expected.deadwood: -1 is less than the minimum of 0"),
        (("    kind: deadwood\n", "    kind: deadwood\n    variant: nosuch\n"), "deadwood-9001: unknown variant 'nosuch'"),
        (("    kind: deadwood\n", "    kind: deadwood\n    overrides: {knock_limt: 3}\n"), "deadwood-9001: overrides: unknown parameter 'knock_limt'"),
        (("    kind: deadwood\n", "    kind: deadwood\n    colour: red\n"), "deadwood-9001: unknown key 'colour'"),
        (("id: deadwood-9001", "id: melds-9001"), "melds-9001: IDs in this file start with 'deadwood-'"),
        (("area: deadwood", "area: layoff"), "area 'layoff' does not match its folder 'deadwood'"),
        (("kind: deadwood", "kind: guess"), "deadwood-9001: kind: 'guess' is not one of"),
    ],
)
def test_a_malformed_vector_names_file_id_and_problem(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(InvalidVector) as error:
        load_vector_file(path)
    assert str(path) in str(error.value) or "cases.yaml" in str(error.value)
    assert message in str(error.value)


def test_bad_yaml_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + "  - id: [unclosed\n")
    with pytest.raises(InvalidVector, match=r"cases.yaml: not valid YAML \(line \d+"):
        load_vector_file(path)


def test_duplicate_ids_across_files_are_refused(tmp_path: Path) -> None:
    write(tmp_path, GOOD)
    (tmp_path / "deadwood" / "again.yaml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(InvalidVector, match="deadwood-9001: ID already used in"):
        load_vectors(tmp_path)


def test_cards_shared_by_knocker_and_defender_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "scoring"
    folder.mkdir()
    path = folder / "s.yaml"
    path.write_text(
        "area: scoring\ndescription: d\nvectors:\n  - id: scoring-9001\n    rules: [SCORE-KNOCK-WIN]\n"
        "    description: d\n    kind: score\n    input:\n      knocker: Ac 2c 3c 7d 7h 7s Ts Js Qs 6d\n"
        "      defender: 6d 5h 6h 8c 8d 8s 9c Tc Jc Ad\n    expected: {outcome: knock, winner: knocker, points: 1}\n",
        encoding="utf-8",
    )
    with pytest.raises(InvalidVector, match="scoring-9001: 6d held by both knocker and defender"):
        load_vector_file(path)


def test_a_remembered_schema_pass_never_hides_a_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The schema check of a file is skipped only for the very bytes that passed it before."""
    monkeypatch.setenv("GINSPEC_CACHE_DIR", str(tmp_path / "cache"))
    path = write(tmp_path, GOOD)
    load_vector_file(path)
    assert (tmp_path / "cache" / "schema-checks.json").exists()
    load_vector_file(path)
    write(tmp_path, GOOD.replace("deadwood: 50", "deadwood: -1"))
    with pytest.raises(InvalidVector, match="expected.deadwood: -1 is less than the minimum of 0"):
        load_vector_file(path)
