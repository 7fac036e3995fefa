"""Writing files so that a reader never sees half of one: a temporary file beside the target,
then a rename, which replaces the old file in one step."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically; the previous file stays whole on any failure."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with_suppressed_unlink(temporary)
        raise


def with_suppressed_unlink(name: str) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass
