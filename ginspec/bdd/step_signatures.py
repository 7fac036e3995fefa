"""The signature of each step's function read once, not twice for every step that runs.

pytest-bdd runs a step by asking :func:`inspect.signature` which arguments its function takes:
once to filter the arguments parsed from the step's text, and once more for the fixtures to fill
in (``pytest_bdd.utils.get_required_args``). Reading a signature builds it again from the code
object each time, and across the suite's scenarios that is about a tenth of the time
``ginspec check`` spends running them, for an answer that never changes: a step's function is
defined once, when its module is imported.

:func:`install` gives ``pytest_bdd.scenario`` versions of both that remember their answer per
function, for as long as the function lives. A callable that cannot be remembered (one that is
not hashable or not weakly referable) is read every time, as before. Where pytest-bdd reads
signatures some other way (another version), nothing is changed.
"""

from __future__ import annotations

import importlib
import inspect
import weakref
from typing import Any, Callable

try:  # the module, not the function pytest_bdd exports under the same name
    _scenario: Any = importlib.import_module("pytest_bdd.scenario")
except ImportError:  # pragma: no cover - pytest-bdd is a dependency of the suite
    _scenario = None

_MARK = "__ginspec_step_signatures__"


Read = Callable[[Callable[..., Any]], Any]


def _remembering(read: Read, keep: Callable[[Any], Any], give: Callable[[Any], Any]) -> Read:
    """``read``, each function's answer stored as ``keep`` makes it and handed out as ``give``
    makes it from what is stored, in a weak map: nothing is kept alive by being remembered."""
    known: weakref.WeakKeyDictionary[Callable[..., Any], Any] = weakref.WeakKeyDictionary()

    def remembered(function: Callable[..., Any]) -> Any:
        try:
            found = known.get(function)
        except TypeError:  # not hashable or not weakly referable: read it each time
            return read(function)
        if found is None:
            found = known[function] = keep(read(function))
        return give(found)

    setattr(remembered, _MARK, True)
    return remembered


def _same(value: Any) -> Any:
    return value


def remembered_signature(read: Callable[[Callable[..., Any]], inspect.Signature]) -> Callable[[Callable[..., Any]], inspect.Signature]:
    """``read`` (:func:`inspect.signature`), its answer kept per function. A
    :class:`inspect.Signature` is immutable, so every caller may share it."""
    return _remembering(read, _same, _same)


def remembered_required_args(read: Callable[[Callable[..., Any]], list[str]]) -> Callable[[Callable[..., Any]], list[str]]:
    """``read`` (``pytest_bdd.utils.get_required_args``), its answer kept per function; each
    caller gets a list of its own, as from ``read``."""
    return _remembering(read, tuple, list)


def install() -> bool:
    """Remember the signatures pytest-bdd reads as it runs steps (once per process); False when
    this pytest-bdd reads them some other way."""
    signature = getattr(_scenario, "signature", None)
    required_args = getattr(_scenario, "get_required_args", None)
    if signature is not inspect.signature and not getattr(signature, _MARK, False):
        return False
    if required_args is None:
        return False
    if not getattr(signature, _MARK, False):
        _scenario.signature = remembered_signature(signature)
    if not getattr(required_args, _MARK, False):
        _scenario.get_required_args = remembered_required_args(required_args)
    return True
