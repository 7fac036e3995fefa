"""Every single-hand vector (melds, deadwood, knock, layoff, scoring) agrees with
the brute-force oracle in tests/oracle, field by field.

The YAML files are read directly; nothing from the engines is imported. Vectors
of other kinds in the same folders are not the oracle's to answer and are not
collected. Which rule IDs a vector may cite is checked where the vectors are
built (tests/oracle/build_vectors.py) and by the schema, not here.
"""

from collections import Counter

import pytest

from tests.oracle.vectors import (
    KINDS,
    all_vector_ids,
    answer,
    input_cards,
    load_vectors,
    normal,
)

VECTORS = load_vectors()


def test_there_are_enough_vectors():
    assert len(VECTORS) >= 400
    assert sum(v["provenance"] == "hand" for _, _, v in VECTORS) >= 40


def test_ids_are_unique_across_all_files():
    counts = Counter(vid for vid, _ in all_vector_ids())
    assert [vid for vid, n in counts.items() if n > 1] == []


@pytest.mark.parametrize("path, area, vector", VECTORS, ids=[v["id"] for _, _, v in VECTORS])
def test_vector_matches_oracle(path, area, vector):
    assert path.parent.name == area
    assert vector["id"].startswith(area + "-")
    assert vector["kind"] in KINDS[area]
    assert vector["rules"]
    assert vector["provenance"] in ("hand", "oracle", "fuzz")
    assert vector["description"].strip()
    input_cards(vector)

    got = answer(vector)
    assert vector["expected"], "a vector asserts at least one field"
    for key, want in vector["expected"].items():
        assert key in got, f"{key}: the oracle gives no value (for layoffs: the laid-off group is not unique)"
        assert normal(key, got[key]) == normal(key, want), f"{key}: oracle {got[key]!r}, vector {want!r}"
