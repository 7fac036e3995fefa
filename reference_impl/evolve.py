"""``dataclasses.replace`` for the immutable states of the state machines, without inspecting the
fields on every call: a hand replays hundreds of moves, each making a new state.

The states are frozen dataclasses with slots. Their ``__init__`` sets each field through
``object.__setattr__``, about half the cost of a move's new state; the copy is made instead by a
function written once per class, which takes a new empty instance, fills each slot directly and
runs ``__post_init__`` as ``__init__`` would.
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
from types import MemberDescriptorType
from typing import Any, Callable, TypeVar

State = TypeVar("State")


def evolve(state: State, **changes: Any) -> State:
    """A copy of ``state`` (a frozen dataclass with slots) with the named fields changed; a name
    that is not a field raises :class:`KeyError`."""
    index, values_of, fill = _layout(state.__class__)
    values = values_of(state)
    for name, value in changes.items():
        values[index[name]] = value
    return fill(values)  # type: ignore[no-any-return]


@lru_cache(maxsize=None)
def _layout(cls: type) -> tuple[dict[str, int], Callable[[Any], list[Any]], Callable[[list[Any]], Any]]:
    """The position of each field of the dataclass ``cls``, and two functions written for it: one
    that lists the values of an instance's fields in that order, one that makes an instance from
    such a list; worked out once per class."""
    names = tuple(item.name for item in fields(cls))
    index: dict[str, int] = {}
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for position, name in enumerate(names):
        index[name] = position
        scope[f"_set{position}"] = _slot(cls, name).__set__
    exec(_source(cls, names), scope)  # noqa: S102 - code made from the class's own field names
    return index, scope["values_of"], scope["fill"]


def _source(cls: type, names: tuple[str, ...]) -> str:
    """The two functions of :func:`_layout`. ``fill`` fills each slot through its own setter
    (``_set0``, ``_set1``, ...; a frozen class's ``__setattr__`` does not block it), then runs
    ``__post_init__`` if the class has one, as ``__init__`` would."""
    listed = ", ".join(f"state.{name}" for name in names)
    filling = [f"    _set{position}(new, values[{position}])" for position in range(len(names))]
    post_init = ["    new.__post_init__()"] if hasattr(cls, "__post_init__") else []
    return "\n".join(
        ["def values_of(state):", f"    return [{listed}]", "", "def fill(values):", "    new = _new(_cls)", *filling, *post_init, "    return new"]
    )


def _slot(cls: type, name: str) -> MemberDescriptorType:
    """The slot that holds the field ``name`` of ``cls``, in the class or a base."""
    for klass in cls.__mro__:
        found = vars(klass).get(name)
        if isinstance(found, MemberDescriptorType):
            return found
    raise TypeError(f"evolve copies dataclasses whose fields are slots: {cls.__name__}.{name} is not one")
