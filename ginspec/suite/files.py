"""Writing the files the suite produces (reports, drafts, transcripts, fuzz findings) safely.

Every output goes through :func:`write_atomic`: the text is written to a temporary file in the same
folder, flushed to disk, then renamed over the target, so a kill, a crash or a full disk during the
write leaves the previous file whole, never a truncated one. :func:`check_output_path` is called
before any work is done, so that a path naming a folder, a missing folder or (unless forced) an
existing file is refused at once instead of after a long run.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, Callable

from ginspec.errors import UsageError, quote


def check_output_path(path: Path, option: str, **how: Any) -> Path:
    """:func:`_check_output_path`, with a path the system cannot take (too long, a NUL byte in
    it) refused in one line too."""
    try:
        return _check_output_path(path, option, **how)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UsageError(f"{option} {quote(str(path))}: cannot be used as a file name ({reason})") from None


def _check_output_path(
    path: Path,
    option: str,
    *,
    create_parent: bool = False,
    force: bool = True,
    replaceable: Callable[[bytes], bool] | None = None,
    kind: str = "",
) -> Path:
    """Refuse, in one line naming ``option``, an output path that cannot be written.

    ``create_parent``: the folder is the suite's own default (e.g. ``reports/``) and may be made;
    a folder the user named must exist. ``force``: whether any existing file may be replaced.
    ``replaceable``: without ``force``, an existing file may still be replaced when its first
    bytes show it is one of ours (``kind``, e.g. "a ginspec report": an earlier run's output)."""
    if path.is_dir():
        raise UsageError(f"{option} {str(path)!r}: is a folder; name a file")
    parent = path.parent
    if not parent.exists():
        if not create_parent:
            raise UsageError(f"{option} {str(path)!r}: the folder {str(parent)!r} does not exist")
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"{option} {str(path)!r}: cannot make the folder: {exc.strerror or exc}") from None
    elif not parent.is_dir():
        raise UsageError(f"{option} {str(path)!r}: {str(parent)!r} is not a folder")
    if path.exists() and not force:
        if replaceable is None:
            raise UsageError(f"{option} {str(path)!r}: the file exists; give --force to replace it")
        if not replaceable(_first_bytes(path)):
            raise UsageError(f"{option} {str(path)!r}: the file exists and is not {kind}; give --force to replace it")
    if not os.access(parent, os.W_OK):
        raise UsageError(f"{option} {str(path)!r}: the folder {str(parent)!r} is not writable")
    return path


def _first_bytes(path: Path, size: int = 512) -> bytes:
    """The start of an existing file (nothing, for one that cannot be read)."""
    try:
        with open(path, "rb") as stream:
            return stream.read(size)
    except OSError:
        return b""


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` all at once: a temporary file beside it, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _mode_for(path))
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def _mode_for(path: Path) -> int:
    """The permissions of the file replaced, or the usual ones for a new file (mkstemp makes 0600)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask
