"""``dataclasses.replace`` for the immutable states of the state machines, without inspecting the
fields on every call: a hand replays hundreds of moves, each making a new state.

The states are frozen dataclasses with slots. Their ``__init__`` sets each field through
``object.__setattr__``, about half the cost of a move's new state; the copy is made instead by a
function written once per class and set of changed fields (a move changes the same few fields
every time it is played), which takes a new empty instance, fills each slot directly, from the
old state or from the changes, and runs ``__post_init__`` as ``__init__`` would.

Filling a slot through its descriptor (``_set0(new, value)``) is a call; an attribute store is a
single step of the interpreter, but a frozen class refuses it. So where the class keeps all its
fields in slots of its own, the new instance is made as a *blank*: a plain class with the same
slots in the same order (the same layout in memory), filled by attribute stores and then given
the state's class, which Python allows between classes of the same layout; a copy costs about a
quarter of what the descriptors cost. Any other class is filled through the descriptors.
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
    index, setters = _layout(cls)
    changed_positions = {index[name] for name in changed}  # a name that is not a field raises KeyError
    taken = [f"changes[{name!r}]" if position in changed_positions else f"state.{name}" for name, position in index.items()]
    scope = dict(setters)
    blank = _blank_of(cls)
    if blank is None:
        source = _filler("copy", "state, changes", taken, cls)
    else:
        scope["_blank"] = blank
        source = _blank_filler("copy", "state, changes", dict(zip(index, taken)), cls)
    exec(source, scope)  # noqa: S102 - code made from the class's own field names
    copy = _COPIERS[(cls, *changed)] = scope["copy"]
    return copy


@lru_cache(maxsize=None)
def _layout(cls: type) -> tuple[dict[str, int], dict[str, Any]]:
    """The position of each field of the dataclass ``cls``, and what the functions written for it
    call: ``_new`` and ``_cls`` to make an empty instance, and the setter of each field's slot
    (``_set0``, ``_set1``, ...; a frozen class's ``__setattr__`` does not block them); worked out
    once per class."""
    index: dict[str, int] = {}
    setters: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for position, item in enumerate(fields(cls)):
        index[item.name] = position
        setters[f"_set{position}"] = _slot(cls, item.name).__set__
    return index, setters


def _filler(function: str, arguments: str, values: list[str], cls: type) -> str:
    """The source of a function ``function(arguments)`` that makes a new instance of ``cls`` and
    fills its slots in field order with the expressions ``values``, then runs ``__post_init__`` if
    the class has one, as ``__init__`` would."""
    filling = [f"    _set{position}(new, {value})" for position, value in enumerate(values)]
    post_init = ["    new.__post_init__()"] if hasattr(cls, "__post_init__") else []
    return "\n".join([f"def {function}({arguments}):", "    new = _new(_cls)", *filling, *post_init, "    return new"])


@lru_cache(maxsize=None)
def _blank_of(cls: type) -> type | None:
    """A plain class with the slots of ``cls`` in the same order, whose instances can become
    instances of ``cls`` (``__class__`` assignment); ``None`` when ``cls`` does not keep every
    field in a slot of its own, or Python does not take the two layouts for the same."""
    own = vars(cls).get("__slots__")
    names = [item.name for item in fields(cls)]
    if cls.__bases__ != (object,) or not isinstance(own, tuple) or list(own) != names or any(name.startswith("__") for name in names):
        return None
    blank = type(f"_Blank{cls.__name__}", (), {"__slots__": own, "__module__": __name__})
    try:
        object.__new__(blank).__class__ = cls
    except TypeError:
        return None
    return blank


def _blank_filler(function: str, arguments: str, values: dict[str, str], cls: type) -> str:
    """The source of a function ``function(arguments)`` that fills a new blank instance
    (:func:`_blank_of`) with the expression of each field's value, gives it the class ``cls`` and
    runs ``__post_init__`` if the class has one, as ``__init__`` would."""
    filling = [f"    new.{name} = {value}" for name, value in values.items()]
    post_init = ["    new.__post_init__()"] if hasattr(cls, "__post_init__") else []
    return "\n".join([f"def {function}({arguments}):", "    new = _new(_blank)", *filling, "    new.__class__ = _cls", *post_init, "    return new"])


def _slot(cls: type, name: str) -> MemberDescriptorType:
    """The slot that holds the field ``name`` of ``cls``, in the class or a base."""
    for klass in cls.__mro__:
        found = vars(klass).get(name)
        if isinstance(found, MemberDescriptorType):
            return found
    raise TypeError(f"evolve copies dataclasses whose fields are slots: {cls.__name__}.{name} is not one")
