"""The conformance vectors as tests: one test per vector ID, run against ``--engine``
(default: the reference engine) under ``--variant`` (default: the engine's home variant, else each
vector's own; a vector whose answer the variant changes runs as a derived case). A case the engine
cannot take is skipped with the reason."""

from __future__ import annotations

import pytest

from ginspec.adapters import Adapter
from ginspec.run.pipeline import judge_vector
from ginspec.suite.vectors import Vector, load_vectors

VECTORS = load_vectors()


@pytest.fixture(scope="module")
def capabilities(engine: Adapter):
    return engine.capabilities()


@pytest.mark.parametrize("vector", VECTORS, ids=[vector.id for vector in VECTORS])
def test_vector(vector: Vector, engine: Adapter, capabilities, run_variant: str | None, run_variant_is_home: bool) -> None:
    result = judge_vector(engine, capabilities, vector, run_variant, run_variant_is_home)
    if result.status == "unsupported":
        pytest.skip(result.message)
    assert result.status == "pass", f"{result.id} ({result.origin}) [{', '.join(vector.rules)}] {vector.description}: {result.message}"


def test_the_suite_has_at_least_400_vectors() -> None:
    assert len(VECTORS) >= 400
