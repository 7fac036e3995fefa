"""``dataclasses.replace`` for the immutable states of the state machines, without inspecting the
fields on every call: a hand replays hundreds of moves, each making a new state.

The states are frozen dataclasses whose fields are all slots of the class itself. Their
``__init__`` sets each field through ``object.__setattr__``, about half the cost of a move's new
state; the copy is made instead by a function written once per class and set of changed fields (a
move changes the same few fields every time it is played). A frozen class refuses an attribute
store, and filling a slot through its descriptor is a call, so the function fills a *blank*: an
instance of a plain class with the same slots in the same order (the same layout in memory), by
one attribute store per field, from the old state or from the changes; it then gives the blank
the state's class, which Python allows between classes of the same layout, and runs
``__post_init__`` as ``__init__`` would. A class of any other shape is refused.
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
from typing import Any, Callable, TypeVar

State = TypeVar("State")


def evolve(state: State, **changes: Any) -> State:
    """A copy of ``state`` (a frozen dataclass with slots) with the named fields changed; a name
    that is not a field raises :class:`KeyError`."""
    copy = _COPIERS.get((state.__class__, *changes))
    if copy is None:
        copy = _copier(state.__class__, tuple(changes))
    return copy(state, changes)  # type: ignore[no-any-return]


_COPIERS: dict[tuple[Any, ...], Callable[[Any, dict[str, Any]], Any]] = {}
"""The functions of :func:`_copier` written so far, by the class and the names changed."""


def _copier(cls: type, changed: tuple[str, ...]) -> Callable[[Any, dict[str, Any]], Any]:
    """A function that copies an instance of ``cls`` with the fields named in ``changed`` taken
    from a dict of changes, written once for each class and set of names (:func:`_filler`) and
    kept in :data:`_COPIERS`; a name that is not a field raises :class:`KeyError`."""
    values = {name: f"state.{name}" for name in _field_names(cls)}
    for name in changed:
        if name not in values:
            raise KeyError(name)
        values[name] = f"changes[{name!r}]"
    scope = {"_new": object.__new__, "_blank": _blank_of(cls), "_cls": cls}
    exec(_filler("copy", "state, changes", values, cls), scope)  # noqa: S102 - code made from the class's own field names
    copy = _COPIERS[(cls, *changed)] = scope["copy"]
    return copy


@lru_cache(maxsize=None)
def _field_names(cls: type) -> tuple[str, ...]:
    """The fields of the dataclass ``cls``, in order; :class:`TypeError` unless every field is a
    slot of the class itself (worked out once per class)."""
    own = vars(cls).get("__slots__", ())
    names = tuple(item.name for item in fields(cls))
    for name in names:
        if name not in own:
            raise TypeError(f"evolve copies dataclasses whose fields are slots of the class itself: {cls.__name__}.{name} is not one")
    return names


@lru_cache(maxsize=None)
def _blank_of(cls: type) -> type:
    """A plain class with the slots of ``cls`` in the same order, whose instances can become
    instances of ``cls`` (``__class__`` assignment: Python refuses it, with a :class:`TypeError`,
    between classes whose layouts differ)."""
    return type(f"_Blank{cls.__name__}", (), {"__slots__": vars(cls)["__slots__"], "__module__": __name__})


def _filler(function: str, arguments: str, values: dict[str, str], cls: type) -> str:
    """The source of a function ``function(arguments)`` that fills a new blank instance
    (:func:`_blank_of`) with the expression of each field's value, gives it the class ``cls`` and
    runs ``__post_init__`` if the class has one, as ``__init__`` would."""
    filling = [f"    new.{name} = {value}" for name, value in values.items()]
    post_init = ["    new.__post_init__()"] if hasattr(cls, "__post_init__") else []
    return "\n".join([f"def {function}({arguments}):", "    new = _new(_blank)", *filling, "    new.__class__ = _cls", *post_init, "    return new"])
