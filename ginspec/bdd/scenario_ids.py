"""Which scenario a pytest-bdd item plays, and its case ID in reports and in
``features/depends-on.yaml``: ``area/file.feature: scenario name [example]``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry

from ginspec.suite.paths import suite_root


def _scenario_of_function(function: Any) -> Any:
    """The pytest-bdd scenario a test function plays, or None."""
    try:
        return getattr(function, "__scenario__", None) or scenario_wrapper_template_registry.get(function)
    except TypeError:  # not hashable: no scenario
        return None


def _area_of(scenario: Any) -> str:
    """The rule area of a scenario: the folder of its feature file."""
    return Path(scenario.feature.filename).parent.name


def feature_of(scenario: Any) -> str:
    """The feature file of a pytest-bdd scenario, relative to ``features/`` (``game/bonuses.feature``)."""
    path = Path(scenario.feature.filename)
    try:
        return path.relative_to(suite_root() / "features").as_posix()
    except ValueError:
        return path.name


def _scenario_of(item: pytest.Item) -> tuple[str, str, str]:
    """(feature file relative to the suite, scenario name, area) of a pytest-bdd item."""
    scenario = _scenario_of_function(getattr(item, "function", None))
    if scenario is None:
        return item.nodeid, item.name, "features"
    return feature_of(scenario), scenario.name, _area_of(scenario)


def split_scenario_id(case_id: str) -> tuple[str, str, str]:
    """(feature file relative to ``features/``, scenario name, example or ``""``) of a scenario's
    case ID as written (:func:`scenario_case_id`)."""
    feature, _, rest = case_id.partition(": ")
    if rest.endswith("]") and " [" in rest:
        name, _, example = rest.rpartition(" [")
        return feature, name, example[:-1]
    return feature, rest, ""


def scenario_case_id(item: pytest.Item) -> str:
    """A scenario's case ID in reports and in ``features/depends-on.yaml``:
    ``area/file.feature: scenario name [example]``."""
    feature, name, _ = _scenario_of(item)
    example = item.nodeid.rsplit("[", 1)[1].rstrip("]") if "[" in item.nodeid else ""
    return f"{feature}: {name}" + (f" [{example}]" if example else "")
