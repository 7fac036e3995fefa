"""The conformance vectors as tests: one test per vector ID, run against ``--engine``
(default: the reference engine). A case the engine cannot take is skipped with the reason."""

from __future__ import annotations

import pytest

from ginspec.adapters import Adapter
from ginspec.runner import run_vector
from ginspec.vectors import Vector, load_vectors

VECTORS = load_vectors()


@pytest.fixture(scope="module")
def capabilities(engine: Adapter):
    return engine.capabilities()


@pytest.mark.parametrize("vector", VECTORS, ids=[vector.id for vector in VECTORS])
def test_vector(vector: Vector, engine: Adapter, capabilities) -> None:
    result = run_vector(engine, capabilities, vector)
    if result.status == "unsupported":
        pytest.skip(result.message)
    assert result.status == "pass", f"{vector.id} [{', '.join(vector.rules)}] {vector.description}: {result.message}"


def test_the_suite_has_at_least_400_vectors() -> None:
    assert len(VECTORS) >= 400
