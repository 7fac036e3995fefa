"""``dataclasses.replace`` for the immutable states of the state machines, without inspecting the
fields on every call: a hand replays hundreds of moves, each making a new state."""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
from operator import attrgetter
from typing import Any, Callable, TypeVar

State = TypeVar("State")


@lru_cache(maxsize=None)
def _layout(cls: type) -> tuple[dict[str, int], Callable[[Any], tuple[Any, ...]]]:
    """The position of each field of the dataclass ``cls``, and a getter of all its values in
    that order; worked out once per class."""
    names = tuple(item.name for item in fields(cls))
    index = {name: position for position, name in enumerate(names)}
    return index, attrgetter(*names)


def evolve(state: State, **changes: Any) -> State:
    """A copy of ``state`` (an instance of a dataclass) with the named fields changed."""
    index, values_of = _layout(state.__class__)
    values = list(values_of(state))
    for name, value in changes.items():
        values[index[name]] = value
    return state.__class__(*values)
