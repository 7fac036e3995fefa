"""The command that runs one case of a report again, alone.

A vector is run again by ``ginspec check --id``; a case derived for a variant (``ID@variant``) by
the vector's own ID under that variant. A scenario is run again by its pytest node ID in
``tests/test_features.py``: the test function pytest-bdd makes for it (the scenario's name as a
Python name, with ``_1``, ``_2`` ... for a name met before, in the order pytest-bdd binds them) and
the example in brackets. A node ID names exactly one test, whatever the characters of the
scenario's name or example, where a ``-k`` expression made of them is often not even valid.
"""

from __future__ import annotations

import shlex
from functools import lru_cache
from pathlib import Path

FEATURES_TEST = "tests/test_features.py"
"""The test module that binds every scenario of ``features/`` (run from the checkout's root)."""


def split_variant(case_id: str) -> tuple[str, str | None]:
    """(the case as written, the variant it was derived for or ``None``): a derived vector is
    ``ID@variant``, a derived scenario ``feature: name [example] @variant``."""
    base, at, variant = case_id.rpartition("@")
    if not at or not variant or " " in variant:
        return case_id, None
    return base.rstrip(), variant


def split_scenario(case_id: str) -> tuple[str, str, str]:
    """(feature file relative to ``features/``, scenario name, example or ``""``) of a scenario's
    case ID as written (``area/file.feature: name [example]``)."""
    feature, _, rest = case_id.partition(": ")
    name, example = rest, ""
    if rest.endswith("]") and " [" in rest:
        name, _, example = rest.rpartition(" [")
        example = example[:-1]
    return feature, name, example


@lru_cache(maxsize=1)
def scenario_test_names() -> dict[tuple[str, str], str]:
    """(feature file relative to ``features/``, scenario name) to the name of the test function
    pytest-bdd binds it to in :data:`FEATURES_TEST` (as its ``scenarios()`` does)."""
    from pytest_bdd.feature import get_features
    from pytest_bdd.scenario import get_python_name_generator

    from ginspec.suite.paths import suite_root

    folder = suite_root() / "features"
    taken: set[str] = set()
    names: dict[tuple[str, str], str] = {}
    for feature in get_features([str(folder)]):
        shown = Path(feature.filename).relative_to(folder).as_posix()
        for scenario_name in feature.scenarios:
            for test_name in get_python_name_generator(scenario_name):
                if test_name not in taken:
                    taken.add(test_name)
                    names[(shown, scenario_name)] = test_name
                    break
    return names


def scenario_node_id(case_id: str) -> str:
    """The pytest node ID of a scenario's case ID as written."""
    from pytest_bdd.scenario import get_python_name_generator

    feature, name, example = split_scenario(case_id)
    test_name = scenario_test_names().get((feature, name)) or next(get_python_name_generator(name))
    return f"{FEATURES_TEST}::{test_name}" + (f"[{example}]" if example else "")


def again_command(case_id: str, kind: str, engine: str) -> str:
    """A one-line shell command that runs the case ``case_id`` (of ``kind``) against ``engine``
    alone, under the variant it was derived for, if any."""
    written, variant = split_variant(case_id)
    under = f" --variant {shlex.quote(variant)}" if variant else ""
    if kind == "scenario":
        return f"pytest {shlex.quote(scenario_node_id(written))} --engine {shlex.quote(engine)}{under}"
    return f"ginspec check --engine {shlex.quote(engine)} --id {shlex.quote(written)}{under}"
