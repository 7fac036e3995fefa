"""pytest-bdd's step search remembered per scenario module (ginspec.bdd.step_lookup): each module
still gets the step definitions visible to it, and a fixture registered later is still found."""

from __future__ import annotations

import importlib
import textwrap
from types import SimpleNamespace

import pytest

from ginspec.bdd.step_lookup import _remembering, install

pytest_plugins = ["pytester"]


def test_the_suites_runs_use_the_remembered_search() -> None:
    assert install()
    search = importlib.import_module("pytest_bdd.scenario").find_fixturedefs_for_step
    assert getattr(search, "__ginspec_step_lookup__", False)


class Manager:
    """Stands for pytest's fixture manager: one per pytest run, holding the fixture names."""

    def __init__(self) -> None:
        self._arg2fixturedefs: dict[str, int] = {"a": 1}


def test_one_search_per_module_step_and_fixture_count() -> None:
    searched: list[tuple[str, str]] = []

    def search(step: SimpleNamespace, fixturemanager: Manager, node: SimpleNamespace) -> list[str]:
        searched.append((node.parent.nodeid, step.name))
        return [f"{node.parent.nodeid}:{step.name}"]

    find = _remembering(search)
    manager = Manager()
    step = SimpleNamespace(type="given", name="a hand")
    module_a = SimpleNamespace(parent=SimpleNamespace(nodeid="test_a.py"))
    module_b = SimpleNamespace(parent=SimpleNamespace(nodeid="test_b.py"))
    assert list(find(step, manager, module_a)) == ["test_a.py:a hand"]
    assert list(find(step, manager, module_a)) == ["test_a.py:a hand"]
    assert list(find(step, manager, module_b)) == ["test_b.py:a hand"]
    assert len(searched) == 2
    manager._arg2fixturedefs["b"] = 2
    find(step, manager, module_a)
    assert len(searched) == 3, "a fixture registered later starts a new search"
    other = Manager()
    find(step, other, module_a)
    assert len(searched) == 4, "another pytest run (another fixture manager) searches again"


def test_the_visible_definitions_are_listed_once_per_module_and_matched_per_text() -> None:
    listed: list[str] = []

    def parser(pattern: str) -> SimpleNamespace:
        return SimpleNamespace(is_matching=lambda text: text.startswith(pattern))

    def candidates(fixturemanager: Manager, node: SimpleNamespace) -> list[tuple[str, SimpleNamespace]]:
        listed.append(node.parent.nodeid)
        return [
            ("any-hand", SimpleNamespace(type=None, parser=parser("the hand"))),
            ("given-hand", SimpleNamespace(type="given", parser=parser("the hand"))),
            ("then-hand", SimpleNamespace(type="then", parser=parser("the hand"))),
            ("deadwood", SimpleNamespace(type="then", parser=parser("the deadwood"))),
        ]

    def search(**_: object) -> list[str]:
        raise AssertionError("the listed definitions are matched instead")

    find = _remembering(search, candidates)
    manager = Manager()
    module = SimpleNamespace(parent=SimpleNamespace(nodeid="test_a.py"))
    assert list(find(SimpleNamespace(type="given", name="the hand Ac 2c"), manager, module)) == ["any-hand", "given-hand"]
    assert list(find(SimpleNamespace(type="then", name="the hand Kd"), manager, module)) == ["any-hand", "then-hand"]
    assert list(find(SimpleNamespace(type="then", name="the deadwood is 7"), manager, module)) == ["deadwood"]
    assert list(find(SimpleNamespace(type="when", name="nothing known"), manager, module)) == []
    assert listed == ["test_a.py"], "one listing for every text of the module"
    find(SimpleNamespace(type="then", name="the deadwood is 7"), manager, SimpleNamespace(parent=SimpleNamespace(nodeid="test_b.py")))
    manager._arg2fixturedefs["b"] = 2
    find(SimpleNamespace(type="then", name="the deadwood is 7"), manager, module)
    assert listed == ["test_a.py", "test_b.py", "test_a.py"], "another module, or a fixture registered later, lists again"


def test_modules_defining_the_same_step_each_get_their_own(pytester: pytest.Pytester) -> None:
    """Two scenario modules of one pytest run define the same step text, each its own way. The run
    takes place in this process (pytester's in-process mode: a fresh configuration and fixture
    manager, as a run of its own has), with the remembered search installed by its conftest."""
    pytester.makeconftest("def pytest_configure(config):\n    from ginspec.bdd.step_lookup import install\n    assert install()\n")
    feature = "Feature: f\n  Scenario: s\n    Given a number\n    Then it is {value}\n"
    for name, value in (("one", 1), ("two", 2)):
        (pytester.path / f"{name}.feature").write_text(feature.format(value=value), encoding="utf-8")
        (pytester.path / f"test_{name}.py").write_text(
            textwrap.dedent(
                f"""
                from pytest_bdd import given, parsers, scenarios, then
                scenarios("{name}.feature")

                @given("a number", target_fixture="number")
                def number():
                    return {value}

                @then(parsers.parse("it is {{value:d}}"))
                def it_is(number, value):
                    assert number == value
                """
            ),
            encoding="utf-8",
        )
    search = importlib.import_module("pytest_bdd.scenario").find_fixturedefs_for_step
    assert getattr(search, "__ginspec_step_lookup__", False), "the run below uses the remembered search"
    result = pytester.runpytest_inprocess(
        "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:hypothesispytest", "-q", "-o", "addopts=",
        "-W", "ignore::pytest.PytestAssertRewriteWarning",
    )
    output = result.stdout.str()
    assert result.ret == 0 and "2 passed" in output, output[-2000:] + result.stderr.str()[-2000:]
