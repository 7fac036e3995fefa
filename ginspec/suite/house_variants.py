"""House variants: variant files of a user's own project, outside the suite's ``spec/variants``.

A project declares the rules its engine plays without a copy of the suite. Its variants come from

- a file named wherever a command takes a variant: ``--variant PATH.yaml``;
- the project's variants folder: ``--variants DIR``, or else ``variants = "DIR"`` in the
  ``[tool.ginspec]`` table of the nearest ``pyproject.toml``, looked up from the current folder
  upwards (``DIR`` relative to that file's folder).

A house variant may extend any shipped variant, needs no entry in the suite's ``spec/sources.yaml``
(``sources: []``, or no ``sources`` at all), and may be written briefly: ``name`` and ``title``
default to the file's name, and a parameter may stand at the top of the file instead of under
``parameters``::

    extends: standard
    ace_in_runs: low_or_high
    knock_limit: 5

It may not take the name of a shipped variant. The folder and the files named are passed on to the
programs a command starts (the scenario run, pytest workers) in :data:`FOLDER_VARIABLE` and
:data:`FILES_VARIABLE`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from ginspec.errors import InvalidVariant, UsageError, quote

FOLDER_VARIABLE = "GINSPEC_VARIANTS"
"""The project's variants folder, as ``--variants DIR`` gives it."""

FILES_VARIABLE = "GINSPEC_VARIANT_FILES"
"""House variant files named with ``--variant PATH.yaml``, separated by ``os.pathsep``."""

SUFFIXES = (".yaml", ".yml")

OWN_FIELDS = ("name", "title", "description", "extends", "sources", "authoritative", "parameters")
"""The fields of a variant file besides its parameters (``spec/schema/variant.schema.json``)."""


# ----------------------------------------------------------------------------- where they are


def _pyproject_folder_setting(start: Path) -> Path | None:
    """``variants`` of the ``[tool.ginspec]`` table of the nearest ``pyproject.toml`` at or above
    ``start``, as a folder; ``None`` when no such file names one."""
    import tomllib

    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if not candidate.is_file():
            continue
        try:
            with candidate.open("rb") as stream:
                settings = tomllib.load(stream).get("tool", {}).get("ginspec", {})
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise UsageError(f"{candidate}: cannot be read as TOML: {str(exc)[:120]}") from None
        if not isinstance(settings, Mapping) or "variants" not in settings:
            return None  # the nearest pyproject.toml decides: the project names no variants folder
        value = settings["variants"]
        if not isinstance(value, str) or not value:
            raise UsageError(f"{candidate}: [tool.ginspec] variants must be a folder name, not {quote(value)}")
        return (folder / value).resolve()
    return None


def project_variants_dir(start: Path | None = None) -> Path | None:
    """The folder of the project's own variants: ``--variants DIR`` (:data:`FOLDER_VARIABLE`), else
    the ``[tool.ginspec] variants`` of the nearest ``pyproject.toml`` from ``start`` (the current
    folder) upwards; ``None`` when there is none. The site and every command find it here."""
    given = os.environ.get(FOLDER_VARIABLE)
    if given:
        return Path(given)
    return _pyproject_folder_setting((start or Path.cwd()).resolve())


def named_files() -> list[Path]:
    """The house variant files named with ``--variant PATH.yaml`` in this command."""
    return [Path(entry) for entry in os.environ.get(FILES_VARIABLE, "").split(os.pathsep) if entry]


def house_files(shipped: Mapping[str, Path]) -> tuple[dict[str, Path], dict[str, str]]:
    """Every house variant file by name, and the files refused (by name: the one-line reason).

    The project folder comes first, then the files named; a file named on the command line wins
    over a folder's file of the same name. A house file that takes a shipped variant's name is
    refused."""
    found: dict[str, Path] = {}
    refused: dict[str, str] = {}
    for path in house_candidates():
        name = path.stem
        if name in shipped and path.resolve() != shipped[name].resolve():
            refused[name] = collision_message(path)
            continue
        found[name] = path
    return found, refused


def house_candidates() -> list[Path]:
    """Every house variant file in force: the project folder's, then those named."""
    folder = project_variants_dir()
    candidates: list[Path] = []
    if folder is not None:
        if not folder.is_dir():
            raise UsageError(f"the project's variants folder {folder} does not exist")
        candidates += sorted(path for path in folder.iterdir() if path.suffix in SUFFIXES and path.is_file())
    return candidates + named_files()


def collision_message(path: Path) -> str:
    return (
        f"{path}: a house variant may not take the name of the shipped variant {path.stem!r}; "
        f"rename the file (and its name:), e.g. to my-{path.stem}{path.suffix}"
    )


@lru_cache(maxsize=64)
def _signature_folder(cwd: str, given: str | None) -> str | None:
    folder = project_variants_dir(Path(cwd))
    return str(folder) if folder else None


def sources_signature() -> tuple[str | None, str]:
    """What decides the house variants in force now (the catalogue of variants is remade when it
    changes): the project folder and the files named."""
    given = os.environ.get(FOLDER_VARIABLE)
    try:
        folder = _signature_folder(os.getcwd(), given)
    except UsageError:
        folder = "?"  # reported when the catalogue is made
    return folder, os.environ.get(FILES_VARIABLE, "")


# ----------------------------------------------------------------------------- the file


def house_document(document: Any, path: Path, known: Mapping[str, Any]) -> Any:
    """A house variant file in the full form of ``spec/schema/variant.schema.json``: ``name`` and
    ``title`` from the file's name when left out, a description saying where it comes from,
    ``sources: []``, not authoritative, and parameters written at the top moved under
    ``parameters`` (a parameter given both ways is refused); ``known`` holds the parameters'
    schemas by name (:func:`ginspec.suite.variants.parameter_schemas`)."""
    if not isinstance(document, Mapping):
        return document
    full: dict[str, Any] = {key: value for key, value in document.items() if key not in known}
    parameters = dict(full.get("parameters") or {}) if isinstance(full.get("parameters") or {}, Mapping) else full["parameters"]
    if isinstance(parameters, dict):
        for key, value in document.items():
            if key in known:
                if key in parameters:
                    raise InvalidVariant(f"{path}: {key} is given twice, at the top and under parameters")
                parameters[key] = value
    full["parameters"] = parameters
    full.setdefault("name", path.stem)
    full.setdefault("title", f"House rules: {path.stem}")
    full.setdefault("description", f"A house variant of this project ({path.name}).")
    full.setdefault("sources", [])
    full.setdefault("authoritative", False)
    return full


def house_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The variant schema as house variants meet it: ``sources`` may be empty."""
    relaxed = dict(schema)
    properties = dict(relaxed["properties"])
    properties["sources"] = {**properties["sources"], "minItems": 0}
    relaxed["properties"] = properties
    return relaxed


__all__ = [
    "FILES_VARIABLE",
    "FOLDER_VARIABLE",
    "house_document",
    "house_files",
    "project_variants_dir",
]
