"""The conformance suite as a pytest plugin for any project (entry point ``pytest11: ginspec``).

In a project that depends on ginspec, nothing has to be copied::

    pytest --ginspec-engine mypkg.adapter:MyAdapter        # a Python adapter class
    pytest --ginspec-engine "exec:./my-engine --protocol"   # any program speaking spec/protocol.md
    pytest --ginspec-engine exec:... -m LAYOFF-CHAIN -k deadwood --ginspec-variant oklahoma -n 2

Every vector becomes an item ``ginspec::vectors::AREA::VECTOR-ID`` and every scenario an item
``ginspec::scenarios::test_...``, marked with its rule IDs (and scenario tags), so ``-m RULE-ID``
and ``-k`` select them. A case the engine cannot take is skipped with the reason; a departure
listed in the expectation file (``--ginspec-expectations``, default
``expectations/ENGINE.yaml`` under the rootdir) is an expected failure, and a listed case that
passes fails. Without ``--ginspec-engine`` the plugin does nothing.

A run that selects no ginspec case at all fails: zero cases is never a pass.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ginspec.bdd.features import STEP_PLUGINS

ENGINE_OPTION = "--ginspec-engine"
NODE_PREFIX = "ginspec::"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("ginspec-suite", "ginspec: the Gin Rummy conformance suite against your engine")
    group.addoption(
        ENGINE_OPTION,
        default=None,
        metavar="ENGINE",
        help="run every ginspec vector and scenario against ENGINE: module:Class (an Adapter), exec:COMMAND "
        "(a program speaking the JSON-lines protocol) or a built-in name such as reference",
    )
    group.addoption(
        "--ginspec-variant",
        default=None,
        metavar="NAME",
        help="judge the engine under this variant (cases its rules change are derived); 'own' plays each case "
        "under its own variant (default: the engine's home variant, else each case's own)",
    )
    group.addoption(
        "--ginspec-variants",
        default=None,
        metavar="DIR",
        help="the folder of your project's own variants (default: [tool.ginspec] variants in pyproject.toml)",
    )
    group.addoption(
        "--ginspec-timeout", type=timeout_option, default=None, metavar="SECONDS",
        help="seconds the engine may take per case, Python adapters included (more than 0, at most 3600; default 10)",
    )
    group.addoption(
        "--ginspec-expectations",
        default=None,
        metavar="PATH",
        help="the engine's known departures (default: expectations/ENGINE.yaml under the rootdir, if present)",
    )
    group.addoption("--ginspec-root", default=None, metavar="PATH", help="read the suite from this checkout instead of the installed package")


def timeout_option(text: str) -> float:
    """``--ginspec-timeout``: as ``ginspec check --timeout`` (``nan``, 0 and less are refused)."""
    from ginspec.suite.option_values import timeout_seconds

    return timeout_seconds(text)


def _active(config: pytest.Config) -> bool:
    return bool(config.getoption(ENGINE_OPTION, default=None))


def pytest_configure(config: pytest.Config) -> None:
    if not _active(config):
        return
    if config.pluginmanager.has_plugin("ginspec.pytest_plugin.engine_option"):
        raise pytest.UsageError(f"{ENGINE_OPTION} is for projects that install ginspec; in the ginspec checkout use --engine")
    from ginspec.pytest_plugin import engine_option as pytest_plugin
    from ginspec.errors import SuiteError
    from ginspec.suite.paths import features_dir, no_scenarios_folder, use_suite_root
    from ginspec.suite.variants import AS_WRITTEN, get_variant

    root = config.getoption("--ginspec-root")
    if root:
        if not (Path(root) / "spec").is_dir() or not (Path(root) / "vectors").is_dir():
            raise pytest.UsageError(f"--ginspec-root {root}: no spec/ or vectors/ there; give a checkout of the suite")
        use_suite_root(root)
    if not features_dir().is_dir():
        raise pytest.UsageError(f"ginspec: {no_scenarios_folder()}; give a whole checkout of the suite")
    try:
        from ginspec.suite.house_options import configure_pytest

        configure_pytest(config, "--ginspec-variant", "--ginspec-variants")  # --ginspec-variant PATH.yaml: a house variant
        variant = config.getoption("--ginspec-variant")
        if variant not in (None, AS_WRITTEN):
            get_variant(variant)
        expectations = config.getoption("--ginspec-expectations")
        if expectations:
            from ginspec.judging.expectations import load_expectations

            load_expectations(Path(expectations))  # a malformed file is one line, before anything runs
        pytest_plugin.pytest_configure(config)  # rule IDs, variants and capabilities as markers
    except SuiteError as exc:
        raise pytest.UsageError(f"ginspec: {exc}") from None
    for module in STEP_PLUGINS:
        config.pluginmanager.import_plugin(module)
    config.pluginmanager.import_plugin("ginspec.pytest_plugin.suite_run")


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    if not _active(config):
        return None
    from ginspec.suite.identity import version_line

    return [f"{version_line()}; engine: {config.getoption(ENGINE_OPTION)}"]


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Any:
    """Beside whatever the session collects from the project, the ginspec suite."""
    report = yield
    if isinstance(collector, pytest.Session) and _active(collector.config) and report.passed:
        from ginspec.pytest_plugin.suite_run import GinspecSuite

        report.result.append(GinspecSuite.from_parent(collector, name="ginspec", nodeid="ginspec"))
    return report
