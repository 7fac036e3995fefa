"""The mutated code put in place of a live function, and the original put back.

A function's ``__code__`` is replaced where the function object lives, so every reference to it
(``from reference_impl.melds import is_meld`` in another module included) runs the mutant; a
module-level value built again is put where the engine's other modules hold the old one. The
code object is taken from a compile of the whole mutated module, found by its qualified name and
first line. Any ``functools`` cache of the engine is emptied before and after, so no answer
computed by the mutant outlives it.
"""

from __future__ import annotations

import ast
import importlib
import sys
import types
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

from ginspec.detection.mutation.operators import (
    import_time_functions,
    is_import_time_unit,
    module_path,
    mutated_tree,
)


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


@dataclass(frozen=True)
class MutatedModule:
    function: types.FunctionType | None
    """The live function the mutant changes (None for a mutant of top-level code)."""
    code: types.CodeType | None
    """Its mutated code."""
    module_code: types.CodeType
    """The whole mutated module, compiled."""
    at_import: bool
    """Whether the function runs at import (it builds module-level values)."""
    tree: ast.Module | None = None
    """The mutated module's syntax tree, for a mutant of top-level code."""
    unit: str = ""
    """The unit the mutant changes: a function's qualified name, ``<module>`` or ``Class.<body>``."""


def mutated_code(module_name: str, index: int) -> MutatedModule:
    """The ``index``-th mutant of the module, compiled, and the live function it changes."""
    tree, qualname = mutated_tree(module_name, index)
    if is_import_time_unit(qualname):
        return MutatedModule(None, None, compile(tree, str(module_path(module_name)), "exec"), True, tree, qualname)
    at_import = qualname in import_time_functions(tree)
    compiled = compile(tree, str(module_path(module_name)), "exec")
    code = _code_named(compiled, qualname)
    if code is None:
        raise NotInstallable(f"{module_name}: no code for {qualname}")
    function = live_functions(module_name).get((qualname, code.co_firstlineno))
    if function is None:
        raise NotInstallable(f"{module_name}: {qualname} is not a live function")
    if function.__code__.co_freevars != code.co_freevars:
        raise NotInstallable(f"{module_name}: {qualname} closes over different names once mutated")
    return MutatedModule(function, code, compiled, at_import)


def _same(old: Any, new: Any) -> bool:
    try:
        return bool(old is new or old == new)
    except Exception:  # noqa: BLE001 - values that cannot be compared are taken as changed
        return False


_MISSING = object()


def _rebuild_module_values(module_name: str, module_code: types.CodeType) -> list[tuple[Any, str, Any]]:
    """Run the mutated module in a copy of its namespace and put in place every module-level
    value it builds differently, and every default argument that takes such a value. Returns what
    to restore: (owner, attribute or key, old value)."""
    module = importlib.import_module(module_name)
    namespace = vars(module)
    scratch = dict(namespace)
    exec(module_code, scratch)  # noqa: S102 - the engine's own source, one node changed
    restore: list[tuple[Any, str, Any]] = []
    for name, value in scratch.items():
        if name.startswith("__") or isinstance(value, (types.FunctionType, type, types.ModuleType)):
            continue
        old = namespace.get(name, _MISSING)
        if old is _MISSING or not _same(old, value):
            restore.append((namespace, name, old))
            namespace[name] = value
    rebuilt: dict[tuple[str, int], types.FunctionType] = {}
    for value in scratch.values():
        if isinstance(value, types.FunctionType) and value.__module__ == module_name:
            rebuilt[(value.__code__.co_qualname, value.__code__.co_firstlineno)] = value
    for key, live in live_functions(module_name).items():
        again = rebuilt.get(key)
        if again is not None and not _same(live.__defaults__, again.__defaults__):
            restore.append((live, "__defaults__", live.__defaults__))
            live.__defaults__ = again.__defaults__
    return restore


_NOT_VALUES = (types.FunctionType, staticmethod, classmethod, property, type, types.MemberDescriptorType, types.GetSetDescriptorType)


def _class_values(cls: type) -> dict[str, Any]:
    """A class's own values that its body sets (not its functions, its slots, nor what Python adds)."""
    return {
        name: value for name, value in vars(cls).items()
        if not (name.startswith("__") and name.endswith("__")) and not isinstance(value, _NOT_VALUES)
    }


def _generated(cls: type) -> dict[str, types.FunctionType]:
    """The methods made for a class rather than written in its module (a dataclass's ``__init__``,
    ``__repr__``, ``__eq__``), by name."""
    return {
        name: value for name, value in vars(cls).items()
        if isinstance(value, types.FunctionType) and value.__code__.co_filename != getattr(sys.modules.get(cls.__module__), "__file__", None)
    }


def _shape(function: types.FunctionType) -> tuple[Any, ...]:
    code = function.__code__
    return (code.co_code, code.co_consts, code.co_names, code.co_varnames, function.__defaults__, function.__kwdefaults__)


def _rebuild_class(live: type, rebuilt: type) -> list[tuple[Any, str, Any]]:
    """Put on the live class each value its mutated body sets differently, and the defaults of a
    generated ``__init__`` (a dataclass's field defaults). Returns what to restore."""
    restore: list[tuple[Any, str, Any]] = []
    old_values, new_values = _class_values(live), _class_values(rebuilt)
    for name in old_values.keys() | new_values.keys():
        old, new = old_values.get(name, _MISSING), new_values.get(name, _MISSING)
        if old is not _MISSING and new is not _MISSING and _same(old, new):
            continue
        restore.append((live, name, old))
        if new is _MISSING:
            delattr(live, name)
        else:
            setattr(live, name, new)
    old_methods, new_methods = _generated(live), _generated(rebuilt)
    for name in old_methods.keys() | new_methods.keys():
        old_method, new_method = old_methods.get(name), new_methods.get(name)
        if old_method is not None and new_method is not None and _same(_shape(old_method), _shape(new_method)):
            continue
        restore.append((live, name, vars(live).get(name, _MISSING)))
        if new_method is None:
            delattr(live, name)
        else:
            setattr(live, name, new_method)
    return restore


def _rerun_top_level(module_name: str, tree: ast.Module) -> list[tuple[Any, str, Any]]:
    """Run a module's mutated top-level code again in the module itself and keep what it builds
    differently. Returns what to restore.

    The statements run one by one in the module's namespace, so that a function a later statement
    calls (to build a table) reads the mutated constants. Imports and the definitions of functions
    are skipped, and so are those of classes: the live classes stay, so that the values built are
    of the classes every other module uses; each class is built again apart instead (its body may
    be the mutated code, or read a mutated table) and what its body sets differently is put on the
    live class. A value built again equal to the old one keeps the old object."""
    module = importlib.import_module(module_name)
    namespace = vars(module)
    before = dict(namespace)
    filename = str(module_path(module_name))
    restore: list[tuple[Any, str, Any]] = []
    try:
        for statement in tree.body:
            if isinstance(statement, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            code = compile(ast.Module(body=[statement], type_ignores=[]), filename, "exec")
            if isinstance(statement, ast.ClassDef):
                live = namespace.get(statement.name)
                if isinstance(live, type):  # its body may read a changed table: built again apart
                    apart = dict(namespace)
                    exec(code, apart)  # noqa: S102 - the engine's own source, one node changed
                    restore += _rebuild_class(live, apart[statement.name])
                continue
            exec(code, namespace)  # noqa: S102
    except BaseException:
        _undo(restore + _changed(namespace, before))  # the mutated code failed half-way
        raise
    return restore + _changed(namespace, before)


def _changed(namespace: dict[str, Any], before: dict[str, Any]) -> list[tuple[Any, str, Any]]:
    """What to restore of ``namespace`` to make it ``before`` again; a value equal to the old one
    gets the old object back at once."""
    restore: list[tuple[Any, str, Any]] = []
    for name in namespace.keys() | before.keys():
        old, new = before.get(name, _MISSING), namespace.get(name, _MISSING)
        if old is new:
            continue
        if old is not _MISSING and new is not _MISSING and _same(old, new):
            namespace[name] = old
            continue
        restore.append((namespace, name, old))
    return restore


_SCALARS = (int, float, complex, str, bytes, bool, type(None))


def _one_of_a_kind(value: Any) -> bool:
    """Whether holding this very object means holding it from the module that built it: not a
    number, a text or an empty tuple, of which equal ones are often one object."""
    return not isinstance(value, _SCALARS) and not (isinstance(value, (tuple, frozenset)) and not value)


def _held_elsewhere(module_name: str, restore: list[tuple[Any, str, Any]], package: str = "reference_impl") -> list[tuple[Any, str, Any]]:
    """Put each module-level value the mutant built again where the engine's other modules hold
    the old one: a name imported from the module (``from reference_impl.turn import HANDLERS``)
    and a class attribute bound to it at import (``handlers = HANDLERS``). A table, a set or any
    other object is found by identity; a number or a text only under the name it was imported by,
    since equal small values are often the same object. Returns what to restore."""
    namespace = vars(importlib.import_module(module_name))
    changed = [(name, old, namespace[name]) for owner, name, old in restore if owner is namespace and old is not _MISSING and name in namespace]
    spread: list[tuple[Any, str, Any]] = []
    for other_name, other in list(sys.modules.items()):
        if other is None or other_name == module_name or not (other_name == package or other_name.startswith(package + ".")):
            continue
        held = vars(other)
        for name, old, new in changed:
            for key, value in list(held.items()):
                if value is old and (key == name or _one_of_a_kind(old)):
                    spread.append((held, key, old))
                    held[key] = new
        for cls in [value for value in list(held.values()) if isinstance(value, type) and value.__module__ == other_name]:
            for key, value in _class_values(cls).items():
                for _, old, new in changed:
                    if value is old and _one_of_a_kind(old):
                        spread.append((cls, key, old))
                        setattr(cls, key, new)
    return spread


def _instances_made_at_import(module_name: str, class_name: str) -> list[Any]:
    """The instances of a class of the module held in its module-level values (a pack of cards
    in a tuple, a table keyed by card), each once."""
    module = importlib.import_module(module_name)
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type):
        return []
    found: dict[int, Any] = {}
    for value in vars(module).values():
        items: list[Any] = [value]
        if isinstance(value, (tuple, list, set, frozenset)):
            items = list(value)
        elif isinstance(value, dict):
            items = [*value.keys(), *value.values()]
        for item in items:
            if isinstance(item, cls):
                found.setdefault(id(item), item)
    return list(found.values())


def _initialise_again(instances: list[Any], initialiser: types.FunctionType) -> None:
    """Run the (mutated or original) initialiser again on instances made at import; only a
    ``__post_init__`` can be run again on a live instance."""
    if initialiser.__name__ != "__post_init__":
        return
    import dataclasses

    for instance in instances:
        for item in dataclasses.fields(instance) if dataclasses.is_dataclass(instance) else ():
            if not item.init:  # what the initialiser sets: gone, as in a freshly made instance
                try:
                    object.__delattr__(instance, item.name)
                except AttributeError:
                    pass
        initialiser(instance)


def _undo(restore: list[tuple[Any, str, Any]]) -> None:
    for owner, name, old in reversed(restore):
        if isinstance(owner, dict):
            if old is _MISSING:
                owner.pop(name, None)
            else:
                owner[name] = old
        elif old is _MISSING:
            delattr(owner, name)
        else:
            setattr(owner, name, old)


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


_MEMOS: list[Any] = []


def remember_memos(package: str = "reference_impl") -> None:
    """Note the module-level containers that are empty now, before any question: the engine's
    own memos (such as a table of set choices filled on demand), emptied around each mutant so
    that no answer of the mutant, nor of the engine before it, is remembered across."""
    import sys

    _MEMOS.clear()
    for name, module in list(sys.modules.items()):
        if module is None or not (name == package or name.startswith(package + ".")):
            continue
        for value in vars(module).values():
            if isinstance(value, (dict, set, list)) and not value:
                _MEMOS.append(value)


def forget_answers() -> None:
    """Empty the engine's caches and the memos noted by :func:`remember_memos`: no answer worked out
    before is remembered."""
    clear_caches()
    for memo in _MEMOS:
        memo.clear()


@contextmanager
def installed(module_name: str, index: int) -> Iterator[None]:
    """Run the body with the mutant in place; the original code and values are back afterwards,
    whatever happens. A mutant of a function that runs at import also rebuilds the module-level
    values (tables) the mutated module builds differently."""
    mutated = mutated_code(module_name, index)
    if mutated.function is None:
        with _top_level_installed(module_name, mutated.tree, mutated.unit):
            yield
        return
    original = mutated.function.__code__
    restore: list[tuple[Any, str, Any]] = []
    forget_answers()
    instances: list[Any] = []
    try:
        if mutated.at_import and "." in mutated.function.__qualname__:
            instances = _instances_made_at_import(module_name, mutated.function.__qualname__.split(".")[0])
        elif mutated.at_import:
            restore = _rebuild_module_values(module_name, mutated.module_code)
            restore += _held_elsewhere(module_name, restore)
        mutated.function.__code__ = mutated.code  # type: ignore[assignment]
        _initialise_again(instances, mutated.function)
        yield
    finally:
        mutated.function.__code__ = original
        _undo(restore)
        try:
            _initialise_again(instances, mutated.function)
        finally:
            forget_answers()


@contextmanager
def _top_level_installed(module_name: str, tree: ast.Module | None, unit: str) -> Iterator[None]:
    """A mutant of a module's top-level code (a table, a constant, a class's default) in place:
    the top-level code run again (:func:`_rerun_top_level`); the old values back afterwards."""
    if tree is None:
        raise NotInstallable(f"{module_name}: no mutated module for {unit}")
    restore: list[tuple[Any, str, Any]] = []
    forget_answers()
    try:
        restore = _rerun_top_level(module_name, tree)
        restore += _held_elsewhere(module_name, restore)
        yield
    finally:
        _undo(restore)
        forget_answers()
