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

Most step texts occur once (they quote a hand or a line of play), so the list of step definitions
visible to a parent node is also kept, per parent node and number of fixture names: a new text is
then only matched against that list, in the same order, instead of going through every fixture
name again. Where pytest-bdd lacks the pieces of its search this uses, each new text is searched
as pytest-bdd does.
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


Candidates = Callable[[Any, Any], Iterable[tuple[Any, Any]]]
"""(fixture manager, node) to the step definitions visible to the node, in pytest-bdd's search
order: (fixture definition, its step context, which has ``type`` and ``parser``) each."""


def _visible_steps() -> Candidates | None:
    """pytest-bdd's own walk over the fixture names, without the matching of one text; None when
    this pytest-bdd lacks a piece of it."""
    names_of = getattr(_scenario, "get_fixture_names", None)
    definitions_of = getattr(_scenario, "getfixturedefs", None)
    contexts = getattr(_scenario, "step_function_context_registry", None)
    if names_of is None or definitions_of is None or contexts is None:
        return None

    def visible(fixturemanager: Any, node: Any) -> Iterator[tuple[Any, Any]]:
        for fixturename in names_of(fixturemanager=fixturemanager):
            for fixturedef in definitions_of(fixturemanager, fixturename, node) or []:
                context = contexts.get(fixturedef.func)
                if context is not None:
                    yield fixturedef, context

    return visible


def _matching(candidates: Iterable[tuple[Any, Any]], step: Any) -> tuple[Any, ...]:
    """The definitions of ``candidates`` that parse the step, as pytest-bdd's search picks them."""
    return tuple(
        fixturedef
        for fixturedef, context in candidates
        if (context.type is None or context.type == step.type) and context.parser.is_matching(step.name)
    )


def _remembering(search: Callable[..., Iterable[Any]], candidates: Candidates | None = None) -> Callable[..., Iterator[Any]]:
    found_by_manager: weakref.WeakKeyDictionary[Any, dict[tuple[Any, ...], tuple[Any, ...]]] = weakref.WeakKeyDictionary()
    visible_by_manager: weakref.WeakKeyDictionary[Any, dict[tuple[Any, ...], tuple[Any, ...]]] = weakref.WeakKeyDictionary()

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
            if candidates is None:
                found[key] = tuple(search(step=step, fixturemanager=fixturemanager, node=node))
            else:
                visible = visible_by_manager.setdefault(fixturemanager, {})
                where = (key[0], key[3])
                if where not in visible:
                    visible[where] = tuple(candidates(fixturemanager, node))
                found[key] = _matching(visible[where], step)
        return iter(found[key])

    setattr(find_fixturedefs_for_step, _MARK, True)
    return find_fixturedefs_for_step


def install() -> bool:
    """Remember pytest-bdd's step search (once per process); False when this pytest-bdd has none."""
    search = getattr(_scenario, "find_fixturedefs_for_step", None)
    if search is None:
        return False
    if not getattr(search, _MARK, False):
        _scenario.find_fixturedefs_for_step = _remembering(search, _visible_steps())
    return True
