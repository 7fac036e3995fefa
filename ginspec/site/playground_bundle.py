"""What the playground's page runs, made when the site is built: the package's own source, zipped.

The bundle holds :mod:`ginspec.play.playground` (the hand and score answers of the playground) and
the reference engine's adapter (:mod:`ginspec.adapters.reference`, which the browser tests ask the
suite's vectors through), with every module of ``ginspec`` and ``reference_impl`` they import when
imported, found by reading their imports (``ast``; an import inside a function, made only when it
is called, is left out): the same files ``ginspec hand`` runs, nothing of the rules
written again. A bundled module that imports anything outside the standard library and those two
packages stops the build, naming the module and the import: the page's Python has nothing else.
The variants go beside it as JSON (their resolved parameters, and the schema of the parameters a
single hand is played under), so that the page needs no YAML reader. Nothing here imports mkdocs.
"""

from __future__ import annotations

import ast
import io
import json
import sys
import zipfile
from pathlib import Path
from typing import Any

import reference_impl as ref

from ginspec.errors import SuiteError
from ginspec.site.pyodide_runtime import core_files
from ginspec.suite.loaded import Suite
from ginspec.suite.variants import parameter_schemas

ROOTS = ("ginspec.play.playground", "ginspec.adapters.reference")
"""The modules the page imports; the bundle is these and everything they import of ours."""
OURS = ("ginspec", "reference_impl")
SITE_FOLDER = "assets/playground"
BUNDLE = f"{SITE_FOLDER}/ginspec-playground.zip"
VARIANTS = f"{SITE_FOLDER}/variants.json"
HONOURED = ("oklahoma", "oklahoma_ace", "spade_double")
"""Parameters the single-hand commands read besides the hand rules' own (:mod:`ginspec.play.honour`)."""
FIXED_TIME = (2020, 1, 1, 0, 0, 0)
"""Every file of the zip is dated the same, so that the same source makes the same bundle."""


class BundleProblem(SuiteError):
    """A module the page would import cannot be bundled."""


def _module_file(root: Path, name: str) -> Path | None:
    """The source file of module ``name`` below ``root`` (a package's ``__init__.py``), or None."""
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _run_on_import(tree: ast.AST) -> list[ast.AST]:
    """The statements of a module run when it is imported: everything but the bodies of its
    functions (an import inside a function happens only when it is called)."""
    found: list[ast.AST] = []
    waiting = [tree]
    while waiting:
        node = waiting.pop()
        found.append(node)
        waiting += [child for child in ast.iter_child_nodes(node) if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
    return found


def _imports(path: Path, name: str) -> set[str]:
    """Every module ``path`` (module ``name``) imports when it is imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _run_on_import(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def bundled_modules(root: Path) -> dict[str, Path]:
    """Module name -> source file of everything the page imports of ours (packages' ``__init__``
    included); :class:`BundleProblem` for an import the page's Python cannot satisfy."""
    modules: dict[str, Path] = {}
    waiting = list(ROOTS)
    while waiting:
        name = waiting.pop()
        if name in modules:
            continue
        path = _module_file(root, name)
        if path is None:
            continue  # a name imported from a module, not a module of its own
        modules[name] = path
        parts = name.split(".")
        waiting += [".".join(parts[:end]) for end in range(1, len(parts))]
        for imported in _imports(path, name):
            top = imported.split(".")[0]
            if top in OURS:
                waiting.append(imported)
            elif top not in sys.stdlib_module_names and top != "__future__":
                raise BundleProblem(f"{path.relative_to(root)}: imports {imported!r}, which the playground's Python does not have")
    return modules


def bundle_zip(root: Path) -> bytes:
    """The zip of :func:`bundled_modules`, the same bytes for the same source."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path in sorted(bundled_modules(root).values()):
            entry = zipfile.ZipInfo(path.relative_to(root).as_posix(), FIXED_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(entry, path.read_bytes())
    return buffer.getvalue()


def hand_parameters() -> list[str]:
    """The parameters a single hand is asked and scored under, in the hand rules' order."""
    return [name for name, _ in ref.HandRules.checked()] + list(HONOURED)


def _control(schema: dict[str, Any]) -> dict[str, Any]:
    """What the page needs to offer a parameter's values: its type, its choices or bounds, and
    what it sets (its description, naming the rule)."""
    return {key: schema[key] for key in ("type", "enum", "minimum", "maximum", "description") if key in schema}


def variants_json(suite: Suite) -> str:
    """The variants as the page reads them: each one's name, title and resolved parameters, and
    the schema of the parameters a hand is played under."""
    schemas = parameter_schemas()
    shown = hand_parameters()
    variants = [
        {"name": name, "title": variant.title, "house": variant.house, "parameters": dict(variant.parameters)}
        for name, variant in sorted(suite.variants.items())
    ]
    return json.dumps({"variants": variants, "shown": shown, "schemas": {name: _control(schemas[name]) for name in shown}}, sort_keys=True)


def site_files(root: Path, suite: Suite) -> dict[str, bytes | Path]:
    """Every file the playground adds to the built site, by its place there: the runtime's core
    files (copied from where :mod:`ginspec.site.pyodide_runtime` installed them), the bundle and
    the variants."""
    files: dict[str, bytes | Path] = dict(core_files(root))
    files[BUNDLE] = bundle_zip(root)
    files[VARIANTS] = variants_json(suite).encode("utf-8")
    return files
