"""The mutated code put in place of a live function, and the original put back.

A function's ``__code__`` is replaced where the function object lives, so every reference to it
(``from reference_impl.melds import is_meld`` in another module included) runs the mutant. The
code object is taken from a compile of the whole mutated module, found by its qualified name and
first line. Any ``functools`` cache of the engine is emptied before and after, so no answer
computed by the mutant outlives it.
"""

from __future__ import annotations

import importlib
import types
from contextlib import contextmanager
from typing import Any, Iterator

from ginspec.mutation.operators import module_path, mutated_tree


class NotInstallable(Exception):
    """The mutated function has no live function object to install it in."""


def _functions_of(value: Any) -> Iterator[types.FunctionType]:
    """The plain functions behind a module or class attribute (unwrapping methods, properties
    and ``functools`` wrappers)."""
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    if isinstance(value, property):
        for accessor in (value.fget, value.fset, value.fdel):
            if accessor is not None:
                yield from _functions_of(accessor)
        return
    seen = 0
    while hasattr(value, "__wrapped__") and seen < 5:
        value = value.__wrapped__
        seen += 1
    if isinstance(value, types.FunctionType):
        yield value


def live_functions(module_name: str) -> dict[tuple[str, int], types.FunctionType]:
    """Each function defined in the module's own file, by (qualified name, first line)."""
    module = importlib.import_module(module_name)
    filename = str(module_path(module_name))
    found: dict[tuple[str, int], types.FunctionType] = {}
    for value in list(vars(module).values()):
        members = list(vars(value).values()) if isinstance(value, type) else [value]
        for member in members:
            for function in _functions_of(member):
                code = function.__code__
                if code.co_filename == filename:
                    found[(code.co_qualname, code.co_firstlineno)] = function
    return found


def _code_named(code: types.CodeType, qualname: str) -> types.CodeType | None:
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            if constant.co_qualname == qualname:
                return constant
            inner = _code_named(constant, qualname)
            if inner is not None:
                return inner
    return None


def mutated_code(module_name: str, index: int) -> tuple[types.FunctionType, types.CodeType]:
    """The live function the ``index``-th mutant of the module changes, and its mutated code."""
    tree, qualname = mutated_tree(module_name, index)
    compiled = compile(tree, str(module_path(module_name)), "exec")
    code = _code_named(compiled, qualname)
    if code is None:
        raise NotInstallable(f"{module_name}: no code for {qualname}")
    function = live_functions(module_name).get((qualname, code.co_firstlineno))
    if function is None:
        raise NotInstallable(f"{module_name}: {qualname} is not a live function")
    if function.__code__.co_freevars != code.co_freevars:
        raise NotInstallable(f"{module_name}: {qualname} closes over different names once mutated")
    return function, code


def clear_caches(package: str = "reference_impl") -> None:
    """Empty every ``functools`` cache of the package's loaded modules."""
    import sys

    for name, module in list(sys.modules.items()):
        if module is None or not (name == package or name.startswith(package + ".")):
            continue
        for value in list(vars(module).values()):
            members = list(vars(value).values()) if isinstance(value, type) else [value]
            for member in members:
                clear = getattr(member, "cache_clear", None)
                if callable(clear):
                    clear()


@contextmanager
def installed(module_name: str, index: int) -> Iterator[None]:
    """Run the body with the mutant in place; the original code is back afterwards, whatever
    happens."""
    function, code = mutated_code(module_name, index)
    original = function.__code__
    clear_caches()
    function.__code__ = code
    try:
        yield
    finally:
        function.__code__ = original
        clear_caches()
