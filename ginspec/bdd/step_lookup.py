"""Each step's definition found once per scenario module, not once per step of every scenario.

pytest-bdd finds the definition of a step by going through every fixture name pytest knows and
asking which of their definitions are visible to the test and parse the step's text
(``pytest_bdd.scenario.find_fixturedefs_for_step``). With the suite's step library that search is
about a third of the time ``ginspec check`` spends on the scenarios, and it gives the same answer
for every occurrence of a step text in one module: which definitions are visible depends on the
module and class holding the test (its parent node), and which of them parse the text on the text.

:func:`install` keeps the answers of that search, per fixture manager (one per pytest run), per
parent node, step type and text, and per number of fixture names known (a fixture registered later
starts a new entry). Where pytest-bdd has no such function (another version), nothing is changed.
"""

from __future__ import annotations

import importlib
import weakref
from typing import Any, Callable, Iterable, Iterator

try:  # the module, not the function pytest_bdd exports under the same name
    _scenario: Any = importlib.import_module("pytest_bdd.scenario")
except ImportError:  # pragma: no cover - pytest-bdd is a dependency of the suite
    _scenario = None

_MARK = "__ginspec_step_lookup__"


def _remembering(search: Callable[..., Iterable[Any]]) -> Callable[..., Iterator[Any]]:
    found_by_manager: weakref.WeakKeyDictionary[Any, dict[tuple[Any, ...], tuple[Any, ...]]] = weakref.WeakKeyDictionary()

    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> Iterator[Any]:
        try:
            found = found_by_manager.setdefault(fixturemanager, {})
        except TypeError:  # a manager that cannot be weakly referenced: no memory
            return iter(tuple(search(step=step, fixturemanager=fixturemanager, node=node)))
        parent = getattr(node, "parent", None)
        key = (
            getattr(parent, "nodeid", None),
            getattr(step, "type", None),
            step.name,
            len(getattr(fixturemanager, "_arg2fixturedefs", ())),
        )
        if key not in found:
            found[key] = tuple(search(step=step, fixturemanager=fixturemanager, node=node))
        return iter(found[key])

    setattr(find_fixturedefs_for_step, _MARK, True)
    return find_fixturedefs_for_step


def install() -> bool:
    """Remember pytest-bdd's step search (once per process); False when this pytest-bdd has none."""
    search = getattr(_scenario, "find_fixturedefs_for_step", None)
    if search is None:
        return False
    if not getattr(search, _MARK, False):
        _scenario.find_fixturedefs_for_step = _remembering(search)
    return True
