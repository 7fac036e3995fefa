"""pytest integration: ``--engine NAME`` chooses the engine that the conformance tests run against."""

from __future__ import annotations

from typing import Iterator

import pytest

from ginspec.adapters import Adapter, open_engine


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("ginspec")
    group.addoption(
        "--engine",
        default="reference",
        help="engine to run the conformance vectors and scenarios against (default: reference)",
    )


@pytest.fixture(scope="session")
def engine_name(request: pytest.FixtureRequest) -> str:
    return str(request.config.getoption("--engine"))


@pytest.fixture(scope="session")
def engine(engine_name: str) -> Iterator[Adapter]:
    adapter = open_engine(engine_name)
    yield adapter
    adapter.close()
