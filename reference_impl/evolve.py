"""``dataclasses.replace`` for the immutable states of the state machines, without inspecting the
fields on every call: a hand replays hundreds of moves, each making a new state."""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter
from typing import Any, Callable, TypeVar

State = TypeVar("State")


def evolver(cls: type[State]) -> Callable[..., State]:
    """A function ``evolve(state, **changes)`` giving a copy of ``state`` (an instance of the
    dataclass ``cls``) with the named fields changed."""
    names = tuple(item.name for item in fields(cls))  # type: ignore[arg-type]
    index = {name: position for position, name in enumerate(names)}
    values_of = attrgetter(*names)

    def evolve(state: State, **changes: Any) -> State:
        values = list(values_of(state))
        for name, value in changes.items():
            values[index[name]] = value
        return cls(*values)

    return evolve
