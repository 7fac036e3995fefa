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

import argparse
import contextlib
import os
import re
import shutil
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Mapping

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


# ----------------------------------------------------------------------------- the command line


def looks_like_file(value: str) -> bool:
    """Whether a ``--variant`` value names a file rather than a variant."""
    return value.endswith(SUFFIXES) or "/" in value or os.sep in value


def name_variant_file(value: str) -> str:
    """Register the house variant file ``value`` for this command and return its variant name.

    Refuses, in one line, a file that does not exist or that takes a shipped variant's name."""
    from ginspec.suite.variants import variant_files

    path = Path(value).expanduser()
    if not path.is_file():
        raise InvalidVariant(f"{value}: no such variant file")
    if path.suffix not in SUFFIXES:
        raise InvalidVariant(f"{value}: a variant file is YAML, named NAME.yaml")
    shipped = variant_files()
    if path.stem in shipped and path.resolve() != shipped[path.stem].resolve():
        raise InvalidVariant(collision_message(path))
    files = [str(known) for known in named_files() if known.stem != path.stem]
    os.environ[FILES_VARIABLE] = os.pathsep.join([*files, str(path.resolve())])
    return path.stem


def use_variants_folder(value: str) -> None:
    """``--variants DIR``: the project's variants folder for this command."""
    folder = Path(value).expanduser()
    if not folder.is_dir():
        raise UsageError(f"--variants {value}: no such folder")
    os.environ[FOLDER_VARIABLE] = str(folder.resolve())


_SETTINGS_FOLDERS: list[str] = []
"""Folders of the variants :func:`variant_with_settings` wrote for the command running now."""


def variant_with_settings(base: str, overrides: Mapping[str, Any]) -> str:
    """``check --set KEY=VALUE``: the variant ``base`` with some parameters set otherwise, written as
    a house variant for this command (the scenario run reads it by name as any other) and named
    after what it changes: ``standard-with-knock-limit-5``. Returns its name."""
    import yaml

    from ginspec.suite.variants import resolve_parameters

    resolve_parameters(base, overrides, "--set")  # an unknown or ill-matched parameter is refused here
    words = "-".join(f"{key}-{value}" for key, value in sorted(overrides.items()))
    name = f"{base}-with-{re.sub(r'[^a-z0-9]+', '-', words.lower()).strip('-')}"[:100].rstrip("-")
    folder = tempfile.mkdtemp(prefix="ginspec-set-")
    _SETTINGS_FOLDERS.append(folder)
    path = Path(folder) / f"{name}.yaml"
    document = {
        "name": name,
        "title": f"{base} with {', '.join(f'{key}={value}' for key, value in sorted(overrides.items()))}",
        "description": f"The {base} variant with --set {' --set '.join(f'{key}={value}' for key, value in sorted(overrides.items()))}.",
        "extends": base,
        "sources": [],
        "parameters": dict(overrides),
    }
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    return name_variant_file(str(path))


VARIANT_ARGUMENTS = ("variant", "name", "a", "b")
"""The parsed arguments that may name a variant (``variants show NAME``, ``variants diff A B``)."""


@contextlib.contextmanager
def variant_options(args: argparse.Namespace) -> Iterator[None]:
    """For one command: take its ``--variants DIR`` and turn each ``--variant PATH.yaml`` into the
    house variant's name; what was in force before is restored afterwards (a process may run
    several commands)."""
    saved = {name: os.environ.get(name) for name in (FOLDER_VARIABLE, FILES_VARIABLE)}
    try:
        if getattr(args, "variants", None):
            use_variants_folder(args.variants)
        if getattr(args, "command", None) != "variants" or getattr(args, "variants_command", None) in ("show", "diff"):
            for argument in VARIANT_ARGUMENTS:
                value = getattr(args, argument, None)
                if isinstance(value, str) and looks_like_file(value):
                    setattr(args, argument, name_variant_file(value))
        if getattr(args, "variants_command", None) != "check":  # which reports every problem itself
            note_left_out({getattr(args, argument, None) for argument in VARIANT_ARGUMENTS})
        yield
    finally:
        while _SETTINGS_FOLDERS:
            shutil.rmtree(_SETTINGS_FOLDERS.pop(), ignore_errors=True)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def house_variant_line(variant: str | None) -> str:
    """``variant:   NAME (house variant)`` and a new line, where a command's text answer is given
    under a house variant (nothing otherwise), so that house rules are never taken for shipped ones."""
    if not variant or (project_variants_dir() is None and not named_files()):
        return ""
    from ginspec.suite.variants import InvalidVariant, get_variant

    try:
        return f"variant:   {variant} (house variant)\n" if get_variant(variant).house else ""
    except InvalidVariant:
        return ""


def configure_pytest(config: Any, variant_option: str, folder_option: str) -> None:
    """The pytest plugins' ``--variant PATH.yaml`` and ``--variants DIR``: the folder taken and the
    file named for the whole run (pytest-xdist workers configure themselves from the same options),
    and the option set to the house variant's name."""
    folder = config.getoption(folder_option, default=None)
    if folder:
        use_variants_folder(folder)
    value = config.getoption(variant_option, default=None)
    if isinstance(value, str) and looks_like_file(value):
        setattr(config.option, variant_option.lstrip("-").replace("-", "_"), name_variant_file(value))


def note_left_out(used: set[Any]) -> None:
    """Say, one line each on standard error, which house variants cannot be used and are left out
    (a broken file, a shipped variant's name); a variant the command itself uses reports its own
    error instead. Nothing is read when the project has no house variants."""
    if project_variants_dir() is None and not named_files():
        return
    from ginspec.suite.variants import house_problems

    for name, problem in sorted(house_problems().items()):
        if name not in used:
            sys.stderr.write(f"ginspec: note: variant {name!r} left out: {problem}\n")


def add_variants_folder_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--variants DIR`` to every command of ``parser`` that takes ``--variant``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                if any("--variant" in option.option_strings for option in command._actions):
                    command.add_argument(
                        "--variants",
                        metavar="DIR",
                        help="the folder of your project's own variants (default: [tool.ginspec] variants in pyproject.toml)",
                    )
                add_variants_folder_option(command)


# ----------------------------------------------------------------------------- the file


def house_document(document: Any, path: Path) -> Any:
    """A house variant file in the full form of ``spec/schema/variant.schema.json``: ``name`` and
    ``title`` from the file's name when left out, a description saying where it comes from,
    ``sources: []``, not authoritative, and parameters written at the top moved under
    ``parameters`` (a parameter given both ways is refused)."""
    if not isinstance(document, Mapping):
        return document
    from ginspec.suite.variants import parameter_schemas

    known = parameter_schemas()
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
    "add_variants_folder_option",
    "house_document",
    "house_files",
    "looks_like_file",
    "name_variant_file",
    "project_variants_dir",
    "variant_options",
]
