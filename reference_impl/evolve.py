"""``dataclasses.replace`` for the immutable states of the state machines, without inspecting the
fields on every call: a hand replays hundreds of moves, each making a new state.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, about half the
cost of a move's new state. For a dataclass whose fields are all slots and all set by
``__init__``, the copy is made instead by a function written once per class: it takes a new empty
instance and fills each slot directly, then runs ``__post_init__`` as ``__init__`` would. Any other
dataclass is copied by ``dataclasses.replace``.
"""

from __future__ import annotations

from dataclasses import fields, replace
from functools import lru_cache
from types import MemberDescriptorType
from typing import Any, Callable, TypeVar

State = TypeVar("State")

Copier = Callable[[Any, dict[str, Any]], Any]
"""(state, changes) to a new state of the same class with those fields changed."""


def evolve(state: State, **changes: Any) -> State:
    """A copy of ``state`` (an instance of a dataclass) with the named fields changed; a name that
    is not a field raises :class:`TypeError`, as ``dataclasses.replace`` does."""
    copy, names = _copier(state.__class__)
    if not names.issuperset(changes):
        unknown = sorted(set(changes) - names)
        raise TypeError(f"{state.__class__.__name__} has no field {unknown[0]!r}")
    return copy(state, changes)


@lru_cache(maxsize=None)
def _copier(cls: type) -> tuple[Copier, frozenset[str]]:
    """The copy function of ``cls`` and the names of its fields, worked out once per class."""
    every = fields(cls)
    names = tuple(item.name for item in every)
    slots = {name: _slot(cls, name) for name in names}
    fillable = (
        len(cls.__dataclass_fields__) == len(every)  # type: ignore[attr-defined] # no InitVar or ClassVar
        and all(item.init for item in every)
        and None not in slots.values()
    )
    copy = _filling_slots(cls, slots) if fillable else _replacing  # type: ignore[arg-type]
    return copy, frozenset(names)


def _replacing(state: Any, changes: dict[str, Any]) -> Any:
    return replace(state, **changes)


def _slot(cls: type, name: str) -> MemberDescriptorType | None:
    """The slot that holds the field ``name`` of ``cls`` (in the class or a base), if any."""
    for klass in cls.__mro__:
        found = vars(klass).get(name)
        if found is not None:
            return found if isinstance(found, MemberDescriptorType) else None
    return None


def _filling_slots(cls: type, slots: dict[str, MemberDescriptorType]) -> Copier:
    """A function that copies an instance of ``cls`` slot by slot (each slot's own setter, which a
    frozen class's ``__setattr__`` does not block), then runs ``__post_init__`` if it has one."""
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def copy(state, changes):", "    new = _new(_cls)"]
    for position, (name, slot) in enumerate(slots.items()):
        scope[f"_set{position}"] = slot.__set__
        lines.append(f"    _set{position}(new, changes[{name!r}] if {name!r} in changes else state.{name})")
    if hasattr(cls, "__post_init__"):
        lines.append("    new.__post_init__()")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # noqa: S102 - code made from the class's own field names
    return scope["copy"]  # type: ignore[no-any-return]
