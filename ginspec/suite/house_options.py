"""House variants as the commands and the pytest plugins take them (the files and folders are
:mod:`ginspec.suite.house_variants`): ``--variant PATH.yaml`` turned into the house variant's name,
``--variants DIR``, ``check --set KEY=VALUE`` written as a house variant for one command, and the
notes on house variants left out."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator, Mapping

from ginspec.errors import InvalidVariant, UsageError
from ginspec.suite.house_variants import (
    FILES_VARIABLE,
    FOLDER_VARIABLE,
    SUFFIXES,
    collision_message,
    named_files,
    project_variants_dir,
)


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
    house variant's name (``args.variant_as_typed`` keeps the value as typed); what was in force
    before is restored afterwards (a process may run several commands)."""
    saved = {name: os.environ.get(name) for name in (FOLDER_VARIABLE, FILES_VARIABLE)}
    if not hasattr(args, "variant_as_typed"):  # what a printed command repeats (ginspec.judging.again)
        args.variant_as_typed = getattr(args, "variant", None)
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


__all__ = [
    "add_variants_folder_option",
    "configure_pytest",
    "house_variant_line",
    "looks_like_file",
    "name_variant_file",
    "note_left_out",
    "variant_options",
    "variant_with_settings",
]
