"""Where the specification, variants and vectors live.

The suite's data sits beside the package in the repository (``spec/``, ``vectors/``,
``features/``). ``GINSPEC_ROOT`` points elsewhere, e.g. at a checkout used from another project.
"""

from __future__ import annotations

import os
from pathlib import Path


def suite_root() -> Path:
    configured = os.environ.get("GINSPEC_ROOT")
    return Path(configured) if configured else Path(__file__).resolve().parent.parent


def spec_dir() -> Path:
    return suite_root() / "spec"


def variants_dir() -> Path:
    return spec_dir() / "variants"


def schema_path(name: str) -> Path:
    return spec_dir() / "schema" / name


def vectors_dir() -> Path:
    return suite_root() / "vectors"


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
