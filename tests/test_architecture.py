"""The architecture of the harness, checked (ARCHITECTURE.md, "Invariants").

Every module of ``ginspec/`` and ``reference_impl/`` is read with :mod:`ast`, and every import it
makes is collected, the imports inside functions included (a late import is still a dependence).
Two rules hold:

- **No cycle.** No module imports itself through others.
- **No upward import.** The packages form layers (:data:`LAYERS`, lowest first); a module imports
  only its own package and the layers below it. ``reference_impl`` is the lowest and never imports
  ``ginspec``.

The checker is tried on small synthetic packages too, so that it is known to fail on a cycle and on
an upward import, and the size rules (no module over 500 lines, a short top level) are checked.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAYERS: tuple[tuple[str, ...], ...] = (
    ("reference_impl",),
    ("ginspec",),  # the package itself: a docstring, imported by everything that imports ginspec
    ("ginspec.errors",),
    ("ginspec.suite",),
    ("ginspec.adapters",),
    ("ginspec.judging",),
    ("ginspec.bdd",),
    ("ginspec.run",),
    ("ginspec.play",),
    ("ginspec.detection",),
    ("ginspec.pytest_plugin",),
    ("ginspec.commands",),
    ("ginspec.site",),  # the documentation site reads everything, the command line's parser included
    ("ginspec.__main__", "ginspec.serve"),  # the entry points: python -m ginspec, python -m ginspec.serve
)
"""The layers, lowest first. A module belongs to the layer of the longest name that is a prefix of
its own; it may import modules of its own layer and of the layers before it."""

MAX_LINES = 500
MAX_TOP_LEVEL = 12


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int


def modules_under(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module of the given top-level packages under ``root``, by dotted name."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if "__pycache__" in parts:
                continue
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _longest_known(name: str, known: dict[str, Path] | set[str]) -> str | None:
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in known:
            return candidate
    return None


def imports_of(module: str, path: Path, known: dict[str, Path]) -> list[Import]:
    """The modules among ``known`` that ``module`` imports anywhere in its source (``import a.b``,
    ``from a import b`` where ``a.b`` is a module, relative imports), itself left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Import] = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        for target in targets:
            resolved = _longest_known(target, known)
            if resolved is not None and resolved != module:
                found.append(Import(module, resolved, node.lineno))
    return found


def layer_of(module: str, layers: tuple[tuple[str, ...], ...]) -> int | None:
    best: tuple[int, int] | None = None
    for index, names in enumerate(layers):
        for name in names:
            if module == name or module.startswith(name + "."):
                if best is None or len(name) > best[1]:
                    best = (index, len(name))
    return None if best is None else best[0]


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def architecture_faults(root: Path, packages: tuple[str, ...], layers: tuple[tuple[str, ...], ...]) -> list[str]:
    """One line per cycle, per upward import and per module outside every layer."""
    known = modules_under(root, packages)
    graph: dict[str, set[str]] = {name: set() for name in known}
    faults: list[str] = []
    for module, path in known.items():
        own = layer_of(module, layers)
        if own is None:
            faults.append(f"{module}: in no layer")
            continue
        for edge in imports_of(module, path, known):
            graph[module].add(edge.imported)
            theirs = layer_of(edge.imported, layers)
            if theirs is not None and theirs > own:
                faults.append(
                    f"{path.relative_to(root)}:{edge.line}: {module} imports {edge.imported}, a layer above it"
                )
    faults.extend(_cycle_line(component, graph) for component in cycles(graph))
    return faults


def _cycle_line(component: list[str], graph: dict[str, set[str]]) -> str:
    """One shortest cycle through the first module of a strongly connected component, written as
    its chain of imports, and how many modules the component holds."""
    start = component[0]
    inside = set(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier and start not in came_from:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & inside):
                if nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    chain = [start]
    node = came_from[start]
    while node != start:
        chain.append(node)
        node = came_from[node]
    chain = [start, *reversed(chain[1:]), start]
    more = f" ({len(component)} modules in one cycle)" if len(component) > len(chain) - 1 else ""
    return "import cycle: " + " -> ".join(chain) + more


def test_the_harness_keeps_its_layers_and_has_no_cycle() -> None:
    faults = architecture_faults(ROOT, ("ginspec", "reference_impl"), LAYERS)
    assert not faults, "\n".join(faults)


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


SMALL_LAYERS = (("toy",), ("toy.low",), ("toy.high",))


def test_the_checker_passes_a_well_layered_package(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "toy/__init__.py": "",
        "toy/low/__init__.py": "",
        "toy/low/a.py": "import os\n",
        "toy/low/b.py": "from toy.low import a\n",
        "toy/high/__init__.py": "",
        "toy/high/c.py": "def f():\n    from toy.low.b import thing\n    from . import d\n",
        "toy/high/d.py": "",
    })
    assert architecture_faults(root, ("toy",), SMALL_LAYERS) == []


def test_the_checker_fails_on_a_cycle_made_inside_a_function(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "toy/__init__.py": "",
        "toy/low/__init__.py": "",
        "toy/low/a.py": "from toy.low.b import x\n",
        "toy/low/b.py": "def late():\n    from toy.low import a\n",
    })
    assert architecture_faults(root, ("toy",), SMALL_LAYERS) == ["import cycle: toy.low.a -> toy.low.b -> toy.low.a"]


def test_the_checker_fails_on_an_upward_import(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "toy/__init__.py": "",
        "toy/low/__init__.py": "",
        "toy/low/a.py": "def late():\n    from ..high import c\n",
        "toy/high/__init__.py": "",
        "toy/high/c.py": "",
    })
    faults = architecture_faults(root, ("toy",), SMALL_LAYERS)
    assert faults == ["toy/low/a.py:2: toy.low.a imports toy.high.c, a layer above it"]


def test_the_checker_fails_on_a_module_outside_every_layer(tmp_path: Path) -> None:
    root = _package(tmp_path, {"toy/__init__.py": "", "toy/stray.py": "", "toy/low/__init__.py": ""})
    assert architecture_faults(root, ("toy",), (("toy.low",),)) == ["toy: in no layer", "toy.stray: in no layer"]


def test_no_module_of_the_harness_is_over_500_lines() -> None:
    long = [
        f"{path.relative_to(ROOT)}: {count} lines"
        for path in sorted((ROOT / "ginspec").rglob("*.py"))
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    ]
    assert not long, "\n".join(long)


def test_the_top_level_of_ginspec_is_a_short_map() -> None:
    entries = sorted(
        path.name for path in (ROOT / "ginspec").iterdir()
        if path.name not in {"__init__.py", "__main__.py", "__pycache__", "data"} and not path.name.endswith(".egg-info")
    )
    assert len(entries) <= MAX_TOP_LEVEL, entries
