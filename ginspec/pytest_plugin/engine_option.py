"""pytest integration: ``--engine NAME`` chooses the engine that the conformance tests run against."""

from __future__ import annotations

from typing import Iterator

import pytest

from ginspec.adapters import Adapter


def timeout_option(text: str) -> float:
    """``--engine-timeout`` and ``--ginspec-timeout``: as ``ginspec check --timeout`` (``nan``, 0
    and less are refused)."""
    from ginspec.suite.option_values import timeout_seconds

    return timeout_seconds(text)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("ginspec")
    group.addoption(
        "--engine",
        default="reference",
        help="engine to run the conformance vectors and scenarios against (default: reference)",
    )
    group.addoption(
        "--variant",
        default=None,
        help="play every vector and scenario under this variant: cases whose answer it changes are derived "
        "(vectors) or unsupported (scenarios); 'own' plays each case under its own variant; default: the engine's "
        "home variant, else each case's own",
    )
    group.addoption(
        "--variants",
        default=None,
        metavar="DIR",
        help="the folder of your project's own variants (default: [tool.ginspec] variants in pyproject.toml)",
    )
    group.addoption(
        "--engine-timeout",
        type=timeout_option,
        default=None,
        help="seconds an exec: engine may take per case (default: 10)",
    )


CAPABILITY_TAGS = ("big-gin", "layoffs", "oklahoma", "hollywood", "round", "game", "unverifiable")


def pytest_configure(config: pytest.Config) -> None:
    """Register every rule ID, variant name and capability as a marker, so scenario tags can select
    tests: ``pytest -m MELD-SET`` or ``pytest -m "oklahoma and not round"``. Each step's definition
    is then found once per scenario module (:mod:`ginspec.bdd.step_lookup`), the signature of its
    function read once (:mod:`ginspec.bdd.step_signatures`), a step's data table is rendered for
    its scenario without a deep copy (:mod:`ginspec.bdd.table_render`), and an unchanged feature
    file is not parsed again (:mod:`ginspec.bdd.feature_cache`)."""
    from ginspec.bdd import feature_cache, step_lookup, step_signatures, table_render
    from ginspec.suite.house_options import configure_pytest
    from ginspec.suite.registry import rules_by_id

    if config.getoption("--variants", default=None) is not None or config.getoption("--variant", default=None):
        from ginspec.errors import SuiteError

        try:
            configure_pytest(config, "--variant", "--variants")  # --variant PATH.yaml: a house variant
        except SuiteError as exc:
            raise pytest.UsageError(f"ginspec: {exc}") from None

    from ginspec.bdd.pytest_stops import take_stop_signals

    take_stop_signals(config)  # Ctrl-C exits 130, SIGTERM 143, the engine stopped either way
    step_lookup.install()
    step_signatures.install()
    table_render.install()
    feature_cache.install()
    from ginspec.suite.variants import variant_files

    for rule_id, rule in rules_by_id().items():
        config.addinivalue_line("markers", f"{rule_id}: {rule.title}")
    for name in variant_files():
        config.addinivalue_line("markers", f"{name}: needs the {name} variant")
    for tag in CAPABILITY_TAGS:
        config.addinivalue_line("markers", f"{tag}: needs this capability of the engine")


@pytest.fixture(scope="session")
def engine_name(request: pytest.FixtureRequest) -> str:
    return str(request.config.getoption("--engine"))


@pytest.fixture(scope="session")
def engine(engine_name: str, request: pytest.FixtureRequest) -> Iterator[Adapter]:
    from ginspec.bdd.pytest_stops import close_on_stop
    from ginspec.run.pipeline import open_run_engine

    # an in-process adapter runs under the same watchdog as in ginspec check: a hang is a timeout
    adapter = open_run_engine(engine_name, request.config.getoption("--engine-timeout"))
    close = close_on_stop(request.config, adapter.close)  # stopped: an exec: engine's process group would outlive pytest
    yield adapter
    close()


@pytest.fixture(scope="session")
def run_variant(engine: Adapter, request: pytest.FixtureRequest) -> str | None:
    """The variant the run plays: ``--variant``, else the engine's home variant; ``None`` when
    each case is played under its own variant."""
    from ginspec.run.pipeline import run_variant

    return run_variant(request.config.getoption("--variant"), engine.capabilities())


@pytest.fixture(scope="session")
def run_variant_is_home(request: pytest.FixtureRequest) -> bool:
    """Whether the run's variant is the engine's home variant, taken by default: then a case the
    engine can play as written is run as written, and only the others under the home variant."""
    return request.config.getoption("--variant") is None
