"""Where a module can be mutated, and the mutated module.

A *site* is one node of a function body and one operator that changes it. Sites are listed in a
fixed order (the walk of the module's syntax tree), so a mutant is named by its module and its
index, and re-created from them in another process.

Function bodies are mutated first, in the walk's order; their code can be swapped in a live process
(:mod:`ginspec.detection.mutation.install`). Then the code that runs when the module is imported: module-level
statements (the unit ``<module>``) and the statements of class bodies (``Class.<body>``), which
hold the tables of allowed values, the constants and the defaults. Their mutants are installed by
running the module's top-level code again (:func:`ginspec.detection.mutation.install.installed`). There, a
statement is never deleted (the old value would stay in place, not a mutant at all), and an item of
a tuple, list, set or dict written out in full may be dropped (a value missing from a table).
Decorators and annotations are never mutated.
"""

from __future__ import annotations

import ast
import copy
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

OPERATORS = {
    "cmp-negate": "a comparison replaced by its negation (< by >=, == by !=, in by not in)",
    "cmp-boundary": "a strict comparison made inclusive or the reverse (< by <=, >= by >)",
    "int-plus": "an integer constant increased by one",
    "int-minus": "an integer constant decreased by one",
    "and-or": "and replaced by or, or the reverse",
    "bool-flip": "True replaced by False, or the reverse",
    "not-drop": "a not removed",
    "add-sub": "+ replaced by -, or the reverse",
    "return-none": "a returned value replaced by None",
    "stmt-delete": "a statement replaced by pass",
    "item-drop": "an item of a tuple, list, set or dict written out in module- or class-level code removed",
}
"""Every mutation operator, with what it does."""

_NEGATION: dict[type, type] = {
    ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.LtE: ast.Gt, ast.Gt: ast.LtE,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_BOUNDARY: dict[type, type] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
_DELETABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Raise, ast.Continue, ast.Break)


@dataclass(frozen=True)
class Mutant:
    """One mutant: the ``index``-th site of ``module``.

    ``function`` is the qualified name of the outermost function whose code changes, ``original``
    and ``mutated`` the source text of the changed node before and after."""

    module: str
    index: int
    function: str
    operator: str
    line: int
    end_line: int
    original: str
    mutated: str
    occurrence: int = 0
    """How many earlier sites of the same function have the same operator and texts."""
    at_import: bool = False
    """Whether the function runs when the module is imported (it builds a module-level table):
    its mutant is installed by running the mutated module again (:mod:`ginspec.detection.mutation.install`)."""

    @property
    def identity(self) -> str:
        """A name that stays the same when unrelated code moves: module, function, operator,
        the texts, and which occurrence of those texts in the function."""
        return f"{self.module}:{self.function}:{self.operator}:{self.original} -> {self.mutated}#{self.occurrence}"

    def to_data(self) -> dict[str, object]:
        return {
            "module": self.module, "index": self.index, "function": self.function, "operator": self.operator,
            "line": self.line, "end_line": self.end_line, "original": self.original, "mutated": self.mutated,
            "occurrence": self.occurrence, "at_import": self.at_import, "identity": self.identity,
        }


Change = Callable[[ast.AST], ast.AST]
"""Builds the replacement of a node (given a fresh copy of it)."""


def _changes(node: ast.AST, is_docstring: bool) -> Iterator[tuple[str, Change]]:
    """The operators that apply to ``node``, each with the change it makes."""
    if isinstance(node, ast.Compare):
        for position, op in enumerate(node.ops):
            for operator, table in (("cmp-negate", _NEGATION), ("cmp-boundary", _BOUNDARY)):
                if type(op) in table:
                    yield operator, _compare_change(position, table[type(op)])
    elif isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            yield "bool-flip", lambda n: ast.Constant(value=not n.value)
        elif isinstance(node.value, int):
            yield "int-plus", lambda n: ast.Constant(value=n.value + 1)
            yield "int-minus", lambda n: ast.Constant(value=n.value - 1)
    elif isinstance(node, ast.BoolOp):
        yield "and-or", lambda n: ast.BoolOp(op=ast.Or() if isinstance(n.op, ast.And) else ast.And(), values=n.values)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not-drop", lambda n: n.operand
    elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        yield "add-sub", lambda n: ast.BinOp(left=n.left, op=ast.Sub() if isinstance(n.op, ast.Add) else ast.Add(), right=n.right)
    elif isinstance(node, ast.AugAssign) and isinstance(node.op, (ast.Add, ast.Sub)):
        yield "add-sub", lambda n: ast.AugAssign(target=n.target, op=ast.Sub() if isinstance(n.op, ast.Add) else ast.Add(), value=n.value)
    if isinstance(node, ast.Return) and node.value is not None and not (isinstance(node.value, ast.Constant) and node.value.value in (None, True, False)):
        yield "return-none", lambda n: ast.Return(value=ast.Constant(value=None))
    if isinstance(node, _DELETABLE) and not is_docstring:
        if not (isinstance(node, ast.AnnAssign) and node.value is None):
            yield "stmt-delete", lambda n: ast.Pass()


def _compare_change(position: int, replacement: type) -> Change:
    def change(node: ast.AST) -> ast.AST:
        assert isinstance(node, ast.Compare)
        ops = list(node.ops)
        ops[position] = replacement()
        return ast.Compare(left=node.left, ops=ops, comparators=node.comparators)

    return change


@dataclass
class _Site:
    function: str
    node: ast.AST
    parent: ast.AST
    field: str
    slot: int | None
    operator: str
    change: Change


def _units(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """The module's functions and the methods of its classes, by qualified name."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for member in node.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{member.name}", member


_SKIPPED_FIELDS = {"annotation", "returns", "decorator_list", "type_comment"}


MODULE_LEVEL = "<module>"
"""The unit of a module's top-level statements; a class body's unit is ``Class<body>``."""

CLASS_BODY = ".<body>"


def is_import_time_unit(function: str) -> bool:
    """Whether a unit is top-level code (the module's, or a class body's), not a function."""
    return function == MODULE_LEVEL or function.endswith(CLASS_BODY)


def _item_drops(node: ast.AST) -> Iterator[tuple[str, Change]]:
    """One change per item of a tuple, list, set or dict display of two items or more: that item
    left out."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(node.elts) >= 2 and not any(isinstance(item, ast.Starred) for item in node.elts):
        for position in range(len(node.elts)):
            yield "item-drop", lambda n, position=position: type(n)(elts=[item for index, item in enumerate(n.elts) if index != position], ctx=getattr(n, "ctx", ast.Load()))
    elif isinstance(node, ast.Dict) and len(node.keys) >= 2 and all(key is not None for key in node.keys):
        for position in range(len(node.keys)):
            yield "item-drop", lambda n, position=position: ast.Dict(
                keys=[key for index, key in enumerate(n.keys) if index != position], values=[value for index, value in enumerate(n.values) if index != position]
            )


def _walk(function: str, parent: ast.AST, top_level: bool = False) -> Iterator[_Site]:
    """Every site under ``parent``, depth first in field order (a stable order). In ``top_level``
    code no statement is deleted and items of displays may be dropped."""
    for field, value in ast.iter_fields(parent):
        if field in _SKIPPED_FIELDS:
            continue
        children = value if isinstance(value, list) else [value]
        for slot, child in enumerate(children):
            if not isinstance(child, ast.AST):
                continue
            if isinstance(child, ast.JoinedStr):
                continue  # text for people: format specs and messages are not rules
            is_docstring = (
                field == "body" and slot == 0 and isinstance(child, ast.Expr)
                and isinstance(child.value, ast.Constant) and isinstance(child.value.value, str)
            )
            if is_docstring:
                continue
            changes = _changes(child, False)
            if top_level:
                # the parameters of a generic type (tuple[int, int]) are no table
                drops = _item_drops(child) if not (isinstance(parent, ast.Subscript) and field == "slice") else iter(())
                changes = [*((operator, change) for operator, change in changes if operator not in ("stmt-delete", "return-none")), *drops]
            for operator, change in changes:
                yield _Site(function, child, parent, field, slot if isinstance(value, list) else None, operator, change)
            yield from _walk(function, child, top_level)


def _is_text(node: ast.AST) -> bool:
    """A statement that is only a string: a docstring of the module, a class or a value."""
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


_NOT_MUTATED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)


def _is_export_list(node: ast.AST) -> bool:
    """``__all__ = [...]`` or ``__all__ += [...]``: what ``import *`` takes, which no engine uses."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
    return any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets)


def _top_level_units(tree: ast.Module) -> Iterator[tuple[str, ast.AST]]:
    """The module's top-level statements and its classes' body statements that are neither
    definitions, imports, text nor the export list, each with its unit."""
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                if not isinstance(member, _NOT_MUTATED) and not _is_text(member):
                    yield f"{node.name}{CLASS_BODY}", member
        elif not isinstance(node, _NOT_MUTATED) and not _is_text(node) and not _is_export_list(node):
            yield MODULE_LEVEL, node


def _sites(tree: ast.Module) -> Iterator[_Site]:
    for name, unit in _units(tree):
        yield from _walk(name, unit)
    for name, statement in _top_level_units(tree):
        yield from _walk(name, statement, top_level=True)


def import_time_functions(tree: ast.Module) -> set[str]:
    """The module's functions that its own top-level code calls, directly or through one another,
    and the initialisers of the classes it instantiates (by name: a static, generous reading)."""
    functions = {node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}

    def names_in(nodes: list[ast.AST]) -> set[str]:
        """Names called (or iterated as generators) under ``nodes``."""
        return {
            node.func.id for top in nodes for node in ast.walk(top)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        }

    top_level: list[ast.AST] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            top_level += [*node.decorator_list, *node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]
        elif isinstance(node, ast.ClassDef):
            top_level += node.decorator_list  # class bodies hold annotations and methods only here
        else:
            top_level.append(node)
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    called = names_in(top_level) & (set(functions) | classes)
    pending = [name for name in called if name in functions]
    while pending:
        for name in names_in([functions[pending.pop()]]) & (set(functions) | classes):
            if name not in called:
                called.add(name)
                if name in functions:
                    pending.append(name)
    # a class made at import (a pack of cards) ran its initialisers on every instance made then
    return {name for name in called if name in functions} | {
        f"{name}.{method}" for name in called & classes for method in ("__init__", "__post_init__")
    }


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
"""One line of source with its ending, split as Python's parser counts lines (at ``\\r\\n``,
``\\r`` or ``\\n`` only: a form feed does not end a line)."""


class SourceLines:
    """The lines of one module's source, split once, and the source of a node read from them.

    ``ast.get_source_segment`` splits the whole source again on every call, one character at a
    time; a module has hundreds of sites."""

    def __init__(self, source: str) -> None:
        self.lines = _LINE.findall(source)

    def segment(self, node: ast.AST) -> str | None:
        """The source of ``node`` as ``ast.get_source_segment`` gives it (its columns count UTF-8
        bytes), or None for a node without a position."""
        end_lineno = getattr(node, "end_lineno", None)
        end_col_offset = getattr(node, "end_col_offset", None)
        if end_lineno is None or end_col_offset is None:
            return None
        first, last = node.lineno - 1, end_lineno - 1  # type: ignore[attr-defined]
        start = node.col_offset  # type: ignore[attr-defined]
        if first == last:
            return self.lines[first].encode()[start:end_col_offset].decode()
        head = self.lines[first].encode()[start:].decode()
        tail = self.lines[last].encode()[:end_col_offset].decode()
        return "".join([head, *self.lines[first + 1 : last], tail])


def _text(lines: SourceLines, node: ast.AST) -> str:
    segment = lines.segment(node) or ast.unparse(node)
    return " ".join(segment.split())[:120]


def module_path(module: str) -> Path:
    """The source file of an importable module."""
    import importlib.util

    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise ValueError(f"no source for module {module!r}")
    return Path(spec.origin)


def source_digest(module: str) -> str:
    """A digest of the module's source: a worker checks it names the same sites as its parent."""
    import hashlib

    return hashlib.sha256(module_path(module).read_bytes()).hexdigest()[:16]


def list_mutants(module: str, source: str | None = None) -> list[Mutant]:
    """Every mutant of ``module``, in site order."""
    text = module_path(module).read_text(encoding="utf-8") if source is None else source
    tree = ast.parse(text)
    mutants: list[Mutant] = []
    seen: dict[tuple[str, str, str, str], int] = {}
    at_import = import_time_functions(tree)
    lines = SourceLines(text)
    for index, site in enumerate(_sites(tree)):
        original = _text(lines, site.node)
        replacement = site.change(copy.deepcopy(site.node))
        mutated = " ".join(ast.unparse(replacement).split())[:120] if not isinstance(replacement, ast.Pass) else "pass"
        key = (site.function, site.operator, original, mutated)
        occurrence = seen.get(key, 0)
        seen[key] = occurrence + 1
        mutants.append(
            Mutant(module, index, site.function, site.operator, site.node.lineno, getattr(site.node, "end_lineno", None) or site.node.lineno, original, mutated, occurrence,
                   site.function in at_import or is_import_time_unit(site.function))
        )
    return mutants


def mutated_tree(module: str, index: int, source: str | None = None) -> tuple[ast.Module, str]:
    """The module's syntax tree with its ``index``-th site changed, and the changed function."""
    text = module_path(module).read_text(encoding="utf-8") if source is None else source
    tree = ast.parse(text)
    for position, site in enumerate(_sites(tree)):
        if position != index:
            continue
        replacement = ast.copy_location(site.change(copy.deepcopy(site.node)), site.node)
        ast.fix_missing_locations(replacement)
        container = getattr(site.parent, site.field)
        if site.slot is None:
            setattr(site.parent, site.field, replacement)
        else:
            container[site.slot] = replacement
        return tree, site.function
    raise IndexError(f"{module} has no mutation site {index}")
