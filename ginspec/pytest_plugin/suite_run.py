"""What ``pytest --ginspec-engine`` adds to a project's run (loaded only with that option, see
:mod:`ginspec.pytest_plugin.suite`): the engine and run-variant fixtures the scenario steps use, the
collectors of vectors and scenarios, known departures, and the rule that zero cases fail.

The fixtures carry the names of :mod:`ginspec.pytest_plugin.engine_option` (``engine``, ``run_variant``, ...)
because the scenario steps ask for them; they read the ``--ginspec-*`` options instead.
"""

from __future__ import annotations

import importlib
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterator, NoReturn

import pytest

from ginspec.adapters import Adapter
from ginspec.adapters.base import Capabilities
from ginspec.errors import SuiteError
from ginspec.judging.runner import FAILING, CaseResult
from ginspec.suite.vectors import Vector

NODE_PREFIX = "ginspec::"
SCENARIOS_MODULE = "ginspec.bdd.suite"


class SuiteRun:
    """One process's engine, run variant and known departures (each xdist worker has its own)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.engine_name = str(config.getoption("--ginspec-engine"))
        self._adapter: Adapter | None = None
        self._capabilities: Capabilities | None = None
        self._start_error: str | None = None
        self._departures: dict[str, dict[str, Any]] | None = None
        self.judged = 0
        self.seen = 0

    def adapter(self) -> Adapter:
        """The engine, started on first use; a failed start fails every case with its one line.
        A Python adapter runs under the same watchdog as in ``ginspec check``: a hang is a timeout."""
        if self._start_error is not None:
            pytest.fail(self._start_error, pytrace=False)
        if self._adapter is None:
            from ginspec.run.pipeline import open_run_engine

            from ginspec.adapters.profile import ContradictoryCapabilities

            try:
                self._adapter = open_run_engine(self.engine_name, self.config.getoption("--ginspec-timeout"))
                self._capabilities = self._adapter.capabilities()
            except ContradictoryCapabilities as exc:  # one line, and the run stops: every case would be judged wrongly
                self.close()
                self.stop(exc)
            except Exception as exc:  # an engine that cannot start is reported, not a crash of pytest
                self._start_error = f"engine {self.engine_name!r} could not start: {exc}"
                pytest.fail(self._start_error, pytrace=False)
        return self._adapter

    def capabilities(self) -> Capabilities:
        self.adapter()
        assert self._capabilities is not None
        return self._capabilities

    def variant(self) -> str | None:
        from ginspec.run.pipeline import run_variant

        try:
            return run_variant(self.config.getoption("--ginspec-variant"), self.capabilities())
        except SuiteError as exc:  # an unknown or broken home variant: one line, and the run stops
            self.stop(exc)

    def departures(self) -> dict[str, dict[str, Any]]:
        if self._departures is None:
            from ginspec.judging.expectations import expectations_path, load_expectations

            chosen = self.config.getoption("--ginspec-expectations")
            path = Path(chosen) if chosen else self.config.rootpath / "expectations" / expectations_path(self.capabilities().engine).name
            try:
                self._departures = load_expectations(path)
            except SuiteError as exc:  # a malformed expectation file: one line, and the run stops
                self.stop(exc)
        return self._departures

    def stop(self, problem: SuiteError) -> NoReturn:
        """Fail the case at hand with the suite's one-line error and stop the run: every other case
        would fail the same way."""
        message = f"ginspec: {problem}"
        session = getattr(self.config, "_ginspec_session", None)
        if session is not None:
            session.shouldstop = message
        pytest.fail(message, pytrace=False)

    def close(self) -> None:
        if self._adapter is not None:
            self._adapter.close()
            self._adapter = None


RUN_KEY = pytest.StashKey[SuiteRun]()


def suite_run(config: pytest.Config) -> SuiteRun:
    if RUN_KEY not in config.stash:
        config.stash[RUN_KEY] = SuiteRun(config)
    return config.stash[RUN_KEY]


# ----------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def engine_name(request: pytest.FixtureRequest) -> str:
    return suite_run(request.config).engine_name


@pytest.fixture(scope="session")
def engine(request: pytest.FixtureRequest) -> Iterator[Adapter]:
    yield suite_run(request.config).adapter()


@pytest.fixture(scope="session")
def run_variant(request: pytest.FixtureRequest) -> str | None:
    return suite_run(request.config).variant()


@pytest.fixture(scope="session")
def run_variant_is_home(request: pytest.FixtureRequest) -> bool:
    return request.config.getoption("--ginspec-variant") is None


# ----------------------------------------------------------------------------- collection


class GinspecSuite(pytest.Collector):
    """``ginspec``: the vectors and the scenarios."""

    def collect(self) -> list[pytest.Collector]:
        import ginspec.bdd

        module = Path(ginspec.bdd.__file__).resolve().parent / "suite.py"
        return [
            VectorSuite.from_parent(self, name="vectors"),
            ScenarioModule.from_parent(self, path=module, name="scenarios", nodeid=f"{self.nodeid}::scenarios"),
        ]


class VectorSuite(pytest.Collector):
    """``ginspec::vectors``: one collector per rule area."""

    def collect(self) -> list[pytest.Collector]:
        from ginspec.suite.paths import suite_location
        from ginspec.suite.vectors import load_vectors

        try:
            vectors = load_vectors()
        except SuiteError as exc:
            pytest.fail(f"ginspec: {exc}", pytrace=False)
        if not vectors:
            pytest.fail(f"ginspec: no vectors found in the suite at {suite_location()}", pytrace=False)
        by_area: dict[str, list[Vector]] = defaultdict(list)
        for vector in vectors:
            by_area[vector.area].append(vector)
        return [VectorArea.from_parent(self, name=area, vectors=by_area[area]) for area in sorted(by_area)]


class VectorArea(pytest.Collector):
    def __init__(self, *, vectors: list[Vector], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.vectors = vectors

    def collect(self) -> list[pytest.Item]:
        return [VectorCase.from_parent(self, name=vector.id, vector=vector) for vector in self.vectors]


class CaseFailed(Exception):
    """A vector the engine answered against the rules (or could not answer)."""

    def __init__(self, result: CaseResult) -> None:
        super().__init__(result.message)
        self.result = result


class VectorCase(pytest.Item):
    """One vector, marked with its rule IDs and its variant."""

    def __init__(self, *, vector: Vector, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.vector = vector
        for rule in vector.rules:
            self.add_marker(rule)
        self.add_marker(vector.variant)
        self.user_properties.extend(("rule", rule) for rule in vector.rules)
        self.extra_keyword_matches.add(vector.kind)

    def runtest(self) -> None:
        from ginspec.run.pipeline import judge_vector

        run = suite_run(self.config)
        adapter, capabilities, variant = run.adapter(), run.capabilities(), run.variant()
        home = self.config.getoption("--ginspec-variant") is None
        result = judge_vector(adapter, capabilities, self.vector, variant, home, run.departures())
        if result.status == "unsupported":
            pytest.skip(result.message)
        if result.status == "expected-fail":
            pytest.xfail(result.message)
        if result.status in FAILING:
            raise CaseFailed(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, pytest.xfail.Exception):  # a known departure: its reason is all there is to show
            return str(excinfo.value)
        if isinstance(excinfo.value, CaseFailed):
            from ginspec.suite.registry import rules_by_id
            from ginspec.judging.report import failure_lines

            statements = {rule_id: rule.statement for rule_id, rule in rules_by_id().items()}
            return "\n".join(failure_lines(excinfo.value.result, suite_run(self.config).engine_name, statements))
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"{self.vector.file}: {self.vector.id} [{', '.join(self.vector.rules)}]"


class ScenarioModule(pytest.Module):
    """``ginspec::scenarios``: the feature files through pytest-bdd, imported as a package module."""

    def _getobj(self) -> Any:
        return importlib.import_module(SCENARIOS_MODULE)


# ----------------------------------------------------------------------------- verdicts


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A scenario listed as a known departure: its failure is expected, its pass fails."""
    report = yield
    if report.when != "call" or not item.nodeid.startswith(f"{NODE_PREFIX}scenarios") or isinstance(item, VectorCase):
        return report
    from ginspec.bdd.features import scenario_case_id

    entry = suite_run(item.config).departures().get(scenario_case_id(item))
    if entry is None:
        return report
    if report.failed:
        report.outcome = "skipped"
        report.wasxfail = f"known {entry['kind']}: {entry['reason']}"
    elif report.passed:
        report.outcome = "failed"
        report.longrepr = f"listed as a known {entry['kind']} ({entry['reason']}) but it now passes: remove it from the expectation file"
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if not report.nodeid.startswith(NODE_PREFIX):
        return
    run = _controller_run
    if run is None:
        return
    if report.when == "call" and (report.passed or report.failed or hasattr(report, "wasxfail")):
        run.judged += 1
    elif report.failed:
        run.judged += 1


_controller_run: SuiteRun | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _controller_run
    _controller_run = suite_run(config)
    from ginspec.bdd.pytest_stops import close_on_stop, take_stop_signals

    close_on_stop(config, suite_run(config).close)
    take_stop_signals(config)  # Ctrl-C exits 130, SIGTERM 143, the engine stopped either way


def pytest_sessionstart(session: pytest.Session) -> None:
    """A JUnit file written by ``--junitxml`` names the suite version and content hash."""
    session.config._ginspec_session = session  # type: ignore[attr-defined] - to stop the run on a suite error
    from _pytest.junitxml import xml_key

    from ginspec.suite.identity import suite_content_hash, suite_version

    xml = session.config.stash.get(xml_key, None)
    if xml is not None:
        xml.add_global_property("ginspec_suite_version", suite_version())
        xml.add_global_property("ginspec_suite_content", suite_content_hash())
        xml.add_global_property("ginspec_engine", suite_run(session.config).engine_name)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Zero is a failure: a run in which no ginspec case was judged does not pass."""
    config = session.config
    run = suite_run(config)
    run.close()
    if hasattr(config, "workerinput") or config.getoption("collectonly"):
        return
    if run.judged == 0 and exitstatus not in (pytest.ExitCode.INTERRUPTED, pytest.ExitCode.USAGE_ERROR):
        message = (
            "ginspec: no case of the suite was checked (none selected by -k/-m, none collected, or every one "
            "unsupported by the engine): that is a failure, not a pass"
        )
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(message, red=True, bold=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_unconfigure(config: pytest.Config) -> None:
    suite_run(config).close()
