"""Parsed YAML documents remembered by content, so that a command reading unchanged files starts at once.

Parsing the suite's YAML (the vectors, the variants, the registry) is most of what ``ginspec check``
does before it asks its first question. A document that parsed is remembered under the digest of
its bytes (and of the parser's version), in ``parsed/`` beside the remembered schema checks
(:mod:`ginspec.suite.schema_checks`: ``$GINSPEC_CACHE_DIR``, default ``$XDG_CACHE_HOME/ginspec``, else
``~/.cache/ginspec``). A file changed in any byte has another digest and is parsed again; a file
that does not parse is never remembered, so its error is reported every time.

What is remembered is written with :mod:`marshal` (plain data only: no code is ever run from it)
and read back only if it is plain data again (mappings, lists, strings, numbers, booleans, null);
anything else, or a file that cannot be read, is ignored and the YAML parsed. Writes are atomic and
their failures ignored. ``GINSPEC_CACHE_DIR=off`` turns the memory off.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from ginspec.suite import schema_checks

KEPT = 2000
"""How many parsed documents are remembered; beyond that the least recently written are forgotten."""

_PLAIN_LEAVES = (str, int, float, bool, type(None))


def _folder() -> Path | None:
    checks = schema_checks.cache_file()
    return None if checks is None else checks.parent / "parsed"


def digest(content: bytes) -> str:
    """The key of one document: the parser's version and the file, byte for byte."""
    hasher = hashlib.sha256(f"pyyaml {yaml.__version__} libyaml {getattr(yaml, '__with_libyaml__', False)} unique keys".encode())
    hasher.update(b"\0")
    hasher.update(content)
    return hasher.hexdigest()


def is_plain(value: Any) -> bool:
    """Whether ``value`` is plain data as a safe YAML load builds it (without recursion: a
    document may be deep)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                if not isinstance(key, _PLAIN_LEAVES):
                    return False
                stack.append(inner)
        elif isinstance(item, list):
            stack.extend(item)
        elif not isinstance(item, _PLAIN_LEAVES):
            return False
    return True


MISSING = object()
"""What :func:`recall` gives for a document it does not remember."""


def recall(key: str) -> Any:
    """The document remembered under ``key``, or :data:`MISSING`."""
    folder = _folder()
    if folder is None:
        return MISSING
    try:
        document = marshal.loads((folder / f"{key}.marshal").read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return MISSING
    return document if is_plain(document) else MISSING


def remember(key: str, document: Any) -> None:
    """Remember a parsed document (atomically; a document that is not plain data, or a failure to
    write, is skipped)."""
    folder = _folder()
    if folder is None or not is_plain(document):
        return
    try:
        data = marshal.dumps(document)
    except (ValueError, RecursionError):
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".parsed-", suffix=".tmp")
    except OSError:
        return
    target = folder / f"{key}.marshal"
    try:
        added = not target.exists()
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, target)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
        return
    _forget_the_oldest(folder, added)


_COUNTED: dict[Path, int] = {}
"""Documents in each folder as last listed by this process, plus those it added since: the folder
is listed again only when that count passes :data:`KEPT` (not once per document written)."""


def _forget_the_oldest(folder: Path, added: bool = True) -> None:
    count = _COUNTED.get(folder)
    if count is not None:
        _COUNTED[folder] = count = count + added
        if count <= KEPT:
            return
    try:
        entries = [Path(entry.path) for entry in os.scandir(folder) if entry.name.endswith(".marshal")]
        _COUNTED[folder] = len(entries)
        if len(entries) <= KEPT:
            return
        entries.sort(key=lambda path: path.stat().st_mtime)
        for path in entries[: len(entries) - KEPT]:
            path.unlink(missing_ok=True)
        _COUNTED[folder] = KEPT
    except OSError:
        _COUNTED.pop(folder, None)
        return
