"""How a miniature's defect is put into the reference engine's rule logic, for one question at a
time.

A miniature is the reference engine with one piece of rule logic written wrong, the way real gin
code gets it wrong. The defect is one of:

- a wrong reading of the variant's parameters (:class:`Miniature.parameters`): the engine ignores
  a setting or hard-codes another value, so every question whose answer turns on it is affected;
- a wrong rule function (:class:`Replace`): a function or property of :mod:`reference_impl` is
  replaced by a wrong one wherever the engine binds it, so every path that uses it is affected;
- wrong card values (:class:`CardValues`): every count of deadwood uses them.

The replacements are in force only while the miniature answers a question (under a lock) and are
undone afterwards, so miniatures can be run one after another in one process and the suite's own
use of the reference engine (deriving cases, judging answers) never sees them.
"""

from __future__ import annotations

import pkgutil
import sys
import threading
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from functools import lru_cache, partial
from importlib import import_module
from typing import Any, Callable, Iterator, Mapping, Protocol

BOUND_IN = ("reference_impl", "ginspec.adapters.reference")
"""The modules in which a replaced function is looked for: the engine and its adapters."""

_LOCK = threading.RLock()


class Defect(Protocol):
    """Something that can be put in force for the duration of one question."""

    def applied(self) -> Any: ...


_MODULES: list[Any] = [0, [], []]
"""How many modules were imported when the engine's modules were last looked for, those modules,
and their names."""


def _import_engine() -> None:
    """Import every module of the engine and its adapters, before any defect is put in force: a
    module first imported while a defect is in force would bind the wrong function for good (a
    table question importing the table rules during a miniature's question kept its lay-offs)."""
    for prefix in BOUND_IN:
        module = import_module(prefix)
        package_name = prefix if hasattr(module, "__path__") else prefix.rpartition(".")[0]
        package = import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{package_name}."):
            if info.name.startswith(prefix):
                import_module(info.name)


def _engine_modules() -> list[Any]:
    """The engine's modules (all imported the first time), looked for again only when more
    modules have been imported or one has been imported anew (a defect is put in force for every
    question a miniature answers)."""
    if not _MODULES[0]:
        _import_engine()
    if _MODULES[0] != len(sys.modules) or list(map(sys.modules.get, _MODULES[2])) != _MODULES[1]:  # a module object each: equal only if the same
        _MODULES[1] = [module for name, module in list(sys.modules.items()) if module is not None and name.startswith(BOUND_IN)]
        _MODULES[2] = [module.__name__ for module in _MODULES[1]]
        _MODULES[0] = len(sys.modules)
    return _MODULES[1]


_BINDINGS: dict[int, tuple[int, list[tuple[Any, str, Callable[[Any, str, Any], None]]]]] = {}


def _bindings(original: Any) -> list[tuple[Any, str, Callable[[Any, str, Any], None]]]:
    """Where the engine binds ``original``: (module or table, key, how to set it), worked out
    again only when more engine modules have been imported since. Remembered by the function's
    identity, and used only while every place remembered still holds that very function: a
    replacement put in by one defect is replaced again by another one in force with it, and once
    gone its id may be another's."""
    modules = _engine_modules()
    known = _BINDINGS.get(id(original))
    if known is not None and known[0] == len(modules) and known[1] and all(_holds(holder, key, original) for holder, key, _ in known[1]):
        return known[1]
    found: list[tuple[Any, str, Callable[[Any, str, Any], None]]] = []
    for engine_module in modules:
        for key, value in list(vars(engine_module).items()):
            if value is original:
                found.append((engine_module, key, setattr))
            elif type(value) is dict and any(item is original for item in value.values()):
                found += [(value, item_key, dict.__setitem__) for item_key, item in value.items() if item is original]
    _BINDINGS[id(original)] = (len(modules), found)
    return found


def _holds(holder: Any, key: str, value: Any) -> bool:
    found = holder.get(key) if type(holder) is dict else getattr(holder, key, None)
    return found is value


def _resolve(target: str) -> tuple[Any, str, str | None]:
    """``module:name`` or ``module:Class.name`` to (module, name, class name or None)."""
    module_name, _, attribute = target.partition(":")
    module = import_module(module_name)
    owner, _, name = attribute.rpartition(".")
    if owner and not isinstance(getattr(module, owner, None), type):
        raise LookupError(f"{target}: {owner!r} is not a class of {module_name}")
    holder = getattr(module, owner) if owner else module
    if not hasattr(holder, name):
        raise LookupError(f"{target}: {module_name} has no {attribute!r}")
    return module, name, owner or None


@dataclass(frozen=True)
class Replace:
    """Replace the function (or class attribute) ``target`` by ``make(original)``.

    ``target`` is ``module:name`` or ``module:Class.name``. A function is replaced in every engine
    module that binds it (``from ... import name``) and in module-level tables of handlers that
    hold it, so calls through any of those see the defect."""

    target: str
    make: Callable[[Any], Any]

    def check(self) -> None:
        """Raise :class:`LookupError` if the target does not exist (the engine changed)."""
        _resolve(self.target)

    @contextmanager
    def applied(self) -> Iterator[None]:
        module, name, owner = _resolve(self.target)
        undo: list[Callable[[], None]] = []
        if owner is not None:
            holder = getattr(module, owner)
            original = holder.__dict__[name]
            setattr(holder, name, self.make(original))
            undo.append(partial(setattr, holder, name, original))
        else:
            original = getattr(module, name)
            replacement = self.make(original)
            for holder, key, setter in _bindings(original):
                setter(holder, key, replacement)
                undo.append(partial(setter, holder, key, original))
        try:
            yield
        finally:
            for step in reversed(undo):
                step()


@dataclass(frozen=True)
class CardValues:
    """Count deadwood with wrong card values: ``value(rank)`` for ranks 1 (ace) to 13 (king)."""

    value: Callable[[int], int]

    def check(self) -> None:
        _tables(self.value)

    @contextmanager
    def applied(self) -> Iterator[None]:
        from reference_impl.cards import DECK

        run, change = _tables(self.value)
        originals = {card: card.value for card in DECK}
        with ExitStack() as stack:
            stack.enter_context(Replace("reference_impl.deadwood:least_deadwood", lambda least: partial(least, _table=run)).applied())
            stack.enter_context(
                Replace("reference_impl.deadwood:least_deadwood_after_discard", lambda after: partial(after, _table=run, _change=change)).applied()
            )
            try:
                for card in DECK:
                    object.__setattr__(card, "value", self.value(card.rank))
                yield
            finally:
                for card, value in originals.items():
                    object.__setattr__(card, "value", value)


@lru_cache(maxsize=None)
def _tables(value: Callable[[int], int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The per-suit run tables of :mod:`reference_impl.deadwood`, built with other card values."""
    from reference_impl import deadwood

    saved = deadwood._RANK_VALUES
    try:
        deadwood._RANK_VALUES = tuple(value(rank) for rank in range(1, 14))
        run, after = deadwood._tabulate()
    finally:
        deadwood._RANK_VALUES = saved
    return run, tuple(a - r for a, r in zip(after, run))


AREAS = (
    "melds",
    "deadwood",
    "knock",
    "gin",
    "layoff",
    "scoring",
    "stock",
    "first turn",
    "turn",
    "games",
    "hollywood",
    "oklahoma",
    "straight",
    "table",
)
"""The rule areas the miniatures cover, each by at least one defect."""


@dataclass(frozen=True)
class Miniature:
    """A deliberately wrong engine: its name, the rule it breaks, what is wrong, and the defect."""

    name: str
    rule: str
    area: str
    summary: str
    parameters: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    """The engine's wrong reading of the variant parameters (a copy it may change), if any."""
    patches: tuple[Defect, ...] = field(default=())
    knocker_spread: str = "any"
    """What the engine declares of the knocker's spread (``Capabilities.knocker_spread``): a defect
    of that choice is one only against what the engine claims (SCORE-AUTO-SPREAD)."""

    def __post_init__(self) -> None:
        if self.area not in AREAS:
            raise ValueError(f"miniature {self.name}: area {self.area!r} is not one of {', '.join(AREAS)}")

    def read_parameters(self, parameters: Mapping[str, Any]) -> dict[str, Any]:
        copy = dict(parameters)
        return self.parameters(copy) if self.parameters else copy

    @contextmanager
    def in_force(self) -> Iterator[None]:
        """The defect, in force for one question. The engine's memory of each hand's arrangements
        is set aside meanwhile (a fresh one serves the defect): arrangements found with a defect in
        force are never handed to the correct engine afterwards, nor the other way round."""
        with _LOCK, ExitStack() as stack:
            if self.patches:
                _IN_FORCE.append(self.name)
                stack.callback(_IN_FORCE.pop)
                stack.enter_context(Replace("reference_impl.deadwood:_optimal_arrangements", _memory_of(tuple(_IN_FORCE))).applied())
            for patch in self.patches:
                stack.enter_context(patch.applied())
            yield


_IN_FORCE: list[str] = []
"""The miniatures in force now, in the order they were put in force."""

_MEMORIES: dict[tuple[str, ...], Any] = {}
"""A memory of arrangements for each combination of miniatures in force (the latest few)."""


def _memory_of(in_force: tuple[str, ...]) -> Callable[[Any], Any]:
    """The engine remembers each hand's optimal arrangements (:mod:`reference_impl.deadwood`);
    each combination of defects in force has a memory of its own."""

    def make(remembered: Any) -> Any:
        if in_force not in _MEMORIES:
            while len(_MEMORIES) >= 16:
                del _MEMORIES[next(iter(_MEMORIES))]
            _MEMORIES[in_force] = lru_cache(maxsize=1 << 12)(remembered.__wrapped__)
        return _MEMORIES[in_force]

    return make


def setting(**values: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A wrong reading of the parameters: these values, whatever the variant says."""

    def read(parameters: dict[str, Any]) -> dict[str, Any]:
        parameters.update({name: value for name, value in values.items() if name in parameters})
        return parameters

    return read
