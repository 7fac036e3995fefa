"""Where the suite's data lives (``spec/``, ``vectors/``, ``features/``) and where a run writes.

The data is found, in this order:

1. ``GINSPEC_ROOT`` (also set by ``ginspec --suite-root PATH`` and ``pytest --ginspec-root PATH``):
   a checkout of the suite that someone edits;
2. the source checkout this package runs from (an editable install, or a clone on ``sys.path``);
3. the copy carried inside an installed wheel, ``ginspec/data/``, read through
   :mod:`importlib.resources` (the build copies the top-level folders there; git holds one copy).

Reports and expectation files belong to the user: in a checkout they go beside the data
(``reports/``, ``expectations/``); with an installed wheel, in the current folder.
"""

from __future__ import annotations

import os
from contextlib import ExitStack
from functools import lru_cache
from importlib import resources
from pathlib import Path

SUITE_FOLDERS = ("spec", "vectors", "features")
"""The top-level folders that make up the suite's data, copied into the wheel."""

PACKAGED_DATA = "data"
"""The folder inside the ``ginspec`` package that holds the wheel's copy of the suite's data."""

ROOT_VARIABLE = "GINSPEC_ROOT"

_extracted = ExitStack()


def use_suite_root(path: str | Path) -> None:
    """Read the suite from the checkout at ``path`` from now on (programs started later follow)."""
    os.environ[ROOT_VARIABLE] = str(Path(path).resolve())


def _holds_suite(folder: Path) -> bool:
    return (folder / "spec" / "rules").is_dir() and (folder / "vectors").is_dir()


@lru_cache(maxsize=1)
def checkout_root() -> Path:
    """The folder above the ``ginspec`` package: the repository when running from a checkout."""
    return Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def packaged_root() -> Path | None:
    """The suite's data carried by an installed wheel, or ``None`` when there is none."""
    try:
        traversable = resources.files("ginspec") / PACKAGED_DATA
    except ModuleNotFoundError:  # pragma: no cover - ginspec itself is always importable here
        return None
    if not traversable.is_dir():
        return None
    if isinstance(traversable, Path):
        return traversable
    return Path(_extracted.enter_context(resources.as_file(traversable)))  # a zipped install


def configured_root() -> Path | None:
    configured = os.environ.get(ROOT_VARIABLE)
    return Path(configured) if configured else None


def suite_root() -> Path:
    """The folder holding ``spec/``, ``vectors/`` and ``features/`` (see the module docstring)."""
    configured = configured_root()
    if configured is not None:
        return configured
    checkout = checkout_root()
    if _checkout_holds_suite():
        return checkout
    return packaged_root() or checkout


@lru_cache(maxsize=1)
def _checkout_holds_suite() -> bool:
    return _holds_suite(checkout_root())


def is_packaged() -> bool:
    """Whether the data read is the copy inside an installed wheel (not a checkout)."""
    packaged = packaged_root()
    return packaged is not None and suite_root() == packaged


def suite_location() -> str:
    """Where the data comes from, for messages and ``ginspec --version``."""
    if configured_root() is not None:
        return f"{suite_root()} (from {ROOT_VARIABLE})"
    return f"{suite_root()} ({'installed package' if is_packaged() else 'checkout'})"


def work_root() -> Path:
    """Where reports and expectation files are: the checkout, or the current folder when the
    suite is read from an installed wheel (never inside the installed package)."""
    return Path.cwd() if is_packaged() else suite_root()


def spec_dir() -> Path:
    return suite_root() / "spec"


def variants_dir() -> Path:
    return spec_dir() / "variants"


def schema_path(name: str) -> Path:
    return spec_dir() / "schema" / name


def vectors_dir() -> Path:
    return suite_root() / "vectors"


def features_dir() -> Path:
    return suite_root() / "features"


def no_scenarios_folder() -> str:
    """What is wrong with a copy of the suite that has no ``features/`` folder."""
    return f"the suite at {suite_location()} has no features/ folder, so its scenarios cannot run"


def reports_dir() -> Path:
    return work_root() / "reports"


def expectations_dir() -> Path:
    return work_root() / "expectations"


def display(path: Path) -> str:
    """A path as shown to users: relative to the suite root when inside it."""
    try:
        return str(path.absolute().relative_to(suite_root().resolve()))
    except ValueError:
        pass
    try:
        return str(path.resolve().relative_to(suite_root().resolve()))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop
        return str(path)
