"""Which suite a run used: the package version and a content hash of the vectors and features.

Two reports made with different vectors or scenarios carry different hashes, even under the same
version number (a checkout being edited, a ``GINSPEC_ROOT`` elsewhere).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

from ginspec.suite.paths import features_dir, suite_location, use_suite_root, vectors_dir

HASHED_FOLDERS = ("vectors", "features")


def suite_version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # only when asked: it is slow to import

    try:
        return version("ginspec")
    except PackageNotFoundError:
        return "unknown"


@lru_cache(maxsize=8)
def _hash_of(folders: tuple[Path, ...]) -> str:
    digest = hashlib.sha256()
    for name, folder in zip(HASHED_FOLDERS, folders):
        if not folder.is_dir():
            continue
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            digest.update(f"{name}/{path.relative_to(folder).as_posix()}\0".encode())
            digest.update(path.read_bytes().replace(b"\r\n", b"\n"))
            digest.update(b"\0")
    return "sha256:" + digest.hexdigest()[:16]


def suite_content_hash() -> str:
    """``sha256:`` and 16 hex digits over the path and bytes of every vector and feature file."""
    return _hash_of((vectors_dir(), features_dir()))


def version_line() -> str:
    return f"ginspec {suite_version()}, suite content {suite_content_hash()}, data in {suite_location()}"


class VersionAction(argparse.Action):
    """``--version``: print the version line (the hash is computed only when asked)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: str | None = None) -> None:
        sys.stdout.write(version_line() + "\n")
        parser.exit(0)


class SuiteRootAction(argparse.Action):
    """``--suite-root PATH``: read the suite from a checkout, from this point of the command line on."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: str | None = None) -> None:
        folder = Path(str(values))
        missing = [name for name in ("spec", "vectors") if not (folder / name).is_dir()]
        if missing:
            parser.error(f"{option_string} {values}: no {' or '.join(name + '/' for name in missing)} there; give a checkout of the suite")
        use_suite_root(folder)
        setattr(namespace, self.dest, str(folder))
