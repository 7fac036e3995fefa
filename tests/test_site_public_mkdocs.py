"""The site is built through mkdocs's public names only: no module of ``ginspec/site/`` (nor the
hooks file) names anything of mkdocs, or of its theme, that starts with ``_``, so that a release of
either that reshapes its internals cannot break the build.

The private names are read from the installed mkdocs and theme themselves (every function, class,
module-level name and ``self._x`` field they define); the site's source is read with ``ast`` for
every attribute, imported name and string that is one of them, or any import from a private module
of mkdocs."""

from __future__ import annotations

import ast
import importlib.util
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE_SOURCES = sorted((ROOT / "ginspec" / "site").rglob("*.py")) + [ROOT / "docs" / "hooks.py"]
LIBRARIES = ("mkdocs", "material")


def _private(name: str) -> bool:
    return name.startswith("_") and name.strip("_") != "" and not (name.startswith("__") and name.endswith("__"))


def _package_folder(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    return None if spec is None or not spec.submodule_search_locations else Path(next(iter(spec.submodule_search_locations)))


@lru_cache(maxsize=1)
def library_private_names() -> frozenset[str]:
    """Every private name the installed mkdocs and theme define."""
    names: set[str] = set()
    for library in LIBRARIES:
        folder = _package_folder(library)
        if folder is None:
            continue
        for path in folder.rglob("*.py"):
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    names.add(node.id)
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                    names.add(node.attr)
    return frozenset(name for name in names if _private(name))


def _own_names(tree: ast.AST) -> set[str]:
    """The names the site's module defines itself (its functions, classes, variables, own fields)."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            own.add(node.attr)
    return own


def private_uses(source: str, private: frozenset[str]) -> list[str]:
    """Each use of a private name of mkdocs in ``source``: ``line: name``."""
    tree = ast.parse(source)
    own = _own_names(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in LIBRARIES:
            parts = (node.module or "").split(".") + [alias.name for alias in node.names]
            found += [f"{line}: {part}" for part in parts if _private(part)]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] in LIBRARIES:
                    found += [f"{line}: {part}" for part in parts if _private(part)]
        elif isinstance(node, ast.Attribute) and node.attr in private and node.attr not in own:
            found.append(f"{line}: {node.attr}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in private and node.value not in own:
            found.append(f"{line}: {node.value!r}")
    return found


def test_the_site_names_nothing_private_of_mkdocs() -> None:
    pytest.importorskip("mkdocs", reason="pip install -e '.[docs]' to read mkdocs's own names")
    private = library_private_names()
    assert "_build_page" in private  # the names are read: mkdocs's private page builder is among them
    uses = {str(path.relative_to(ROOT)): private_uses(path.read_text(encoding="utf-8"), private) for path in SITE_SOURCES}
    assert {path: found for path, found in uses.items() if found} == {}


@pytest.mark.parametrize(
    "source",
    [
        "from mkdocs.commands import build\nbuild._build_page = None\n",
        "def f(page):\n    return page._title_from_render\n",
        "from mkdocs.commands.build import _build_page\n",
        "import mkdocs.structure._private\n",
        "setattr(object, '_build_page', None)\n",
    ],
)
def test_a_private_name_is_found(source: str) -> None:
    pytest.importorskip("mkdocs", reason="pip install -e '.[docs]' to read mkdocs's own names")
    assert private_uses(source, library_private_names() | {"_private"})


def test_the_sites_own_private_names_are_its_own() -> None:
    pytest.importorskip("mkdocs", reason="pip install -e '.[docs]' to read mkdocs's own names")
    source = "class Memory:\n    def __init__(self):\n        self._title_from_render = 1\n    def get(self):\n        return self._title_from_render\n"
    assert private_uses(source, library_private_names()) == []
