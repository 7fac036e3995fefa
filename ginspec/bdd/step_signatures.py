"""The signature of each step's function read once, not twice for every step that runs.

pytest-bdd runs a step by asking :func:`inspect.signature` which arguments its function takes:
once to filter the arguments parsed from the step's text, and once more for the fixtures to fill
in (``pytest_bdd.utils.get_required_args``). Reading a signature builds it again from the code
object each time, and across the suite's scenarios that is about a tenth of the time
``ginspec check`` spends running them, for an answer that never changes: a step's function is
defined once, when its module is imported.

:func:`install` gives ``pytest_bdd.scenario`` versions of both that remember their answer per
function, for as long as the function lives. A callable that cannot be remembered (one that is
not hashable or not weakly referable) is read every time, as before. Where pytest-bdd reads signatures some other way (another version), nothing is changed.
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


def remembered_signature(read: Callable[[Callable[..., Any]], inspect.Signature]) -> Callable[[Callable[..., Any]], inspect.Signature]:
    """``read`` (:func:`inspect.signature`), its answer kept per function. A
    :class:`inspect.Signature` is immutable, so every caller may share it."""
    known: weakref.WeakKeyDictionary[Callable[..., Any], inspect.Signature] = weakref.WeakKeyDictionary()

    def signature(function: Callable[..., Any]) -> inspect.Signature:
        try:
            found = known.get(function)
        except TypeError:  # not hashable or not weakly referable: read it each time
            return read(function)
        if found is None:
            found = known[function] = read(function)
        return found

    setattr(signature, _MARK, True)
    return signature


def remembered_required_args(read: Callable[[Callable[..., Any]], list[str]]) -> Callable[[Callable[..., Any]], list[str]]:
    """``read`` (``pytest_bdd.utils.get_required_args``), its answer kept per function; each
    caller gets a list of its own, as from ``read``."""
    known: weakref.WeakKeyDictionary[Callable[..., Any], tuple[str, ...]] = weakref.WeakKeyDictionary()

    def get_required_args(function: Callable[..., Any]) -> list[str]:
        try:
            found = known.get(function)
        except TypeError:  # not hashable or not weakly referable: read it each time
            return read(function)
        if found is None:
            found = known[function] = tuple(read(function))
        return list(found)

    setattr(get_required_args, _MARK, True)
    return get_required_args


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
