"""Schema checks remembered by content, so that a command reading unchanged files starts at once.

Checking a file against its JSON schema needs ``jsonschema``, which takes longer to import than the
rest of a ``ginspec hand`` together. A file that passed is remembered by one digest of the schema
and the file's bytes together, in ``schema-checks.json`` under ``$GINSPEC_CACHE_DIR`` (default
``$XDG_CACHE_HOME/ginspec``, else ``~/.cache/ginspec``). Only passes are remembered: a file or a
schema that changed in any byte has a new digest and is checked again, and a file that fails is
checked (and reported) every time. If the memory cannot be read or written, every file is simply
checked; ``GINSPEC_CACHE_DIR=off`` turns it off.

Reading many files (every variant, every vector file) remembers their passes in one write inside
:func:`batch`, instead of rewriting the memory once per file.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

KEPT = 2000
"""How many passes are remembered; the oldest are forgotten first."""

_held: list[dict[str, None]] = []
"""The passes of each open :func:`batch`, innermost last, not yet written."""


def cache_file() -> Path | None:
    configured = os.environ.get("GINSPEC_CACHE_DIR")
    if configured == "off":
        return None
    if configured:
        return Path(configured) / "schema-checks.json"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ginspec" / "schema-checks.json"


def digest(schema_text: str, content: bytes) -> str:
    """The key of one check: the schema and the file, byte for byte."""
    hasher = hashlib.sha256(schema_text.encode("utf-8"))
    hasher.update(b"\0")
    hasher.update(content)
    return hasher.hexdigest()


def file_digest(schema_text: str, path: Path) -> str | None:
    """:func:`digest` of a file's bytes, or None when it cannot be read (it is then checked)."""
    try:
        return digest(schema_text, path.read_bytes())
    except OSError:
        return None


def _read(path: Path) -> list[str]:
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [entry for entry in entries if isinstance(entry, str)] if isinstance(entries, list) else []


@lru_cache(maxsize=None)
def _known(path: Path) -> frozenset[str]:
    return frozenset(_read(path))


def passed_before(key: str) -> bool:
    """Whether a check with this digest passed before."""
    path = cache_file()
    return path is not None and (key in _known(path) or any(key in held for held in _held))


@contextmanager
def batch() -> Iterator[None]:
    """Hold the passes remembered inside, and write them together when the outermost batch ends
    (also when it ends by an error: what passed, passed)."""
    _held.append({})
    try:
        yield
    finally:
        keys = _held.pop()
        if _held:
            _held[-1].update(keys)
        else:
            _write(keys)


def remember_passes(keys: Iterable[str]) -> None:
    """Remember checks that passed (written atomically; a failure to write is ignored), at once or,
    inside :func:`batch`, when the batch ends."""
    if _held:
        _held[-1].update(dict.fromkeys(keys))
    else:
        _write(keys)


def _write(keys: Iterable[str]) -> None:
    path = cache_file()
    new = list(dict.fromkeys(key for key in keys if path is not None and key not in _known(path)))
    if path is None or not new:
        return
    fresh = set(new)
    entries = [entry for entry in _read(path) if entry not in fresh] + new
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".schema-checks-", suffix=".json")
    except OSError:
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(entries[-KEPT:], stream)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
        return
    _known.cache_clear()
