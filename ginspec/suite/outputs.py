"""The files a command writes, claimed before its work and written whole at its end.

Every output of a command (a report, a Markdown or JUnit report, a selftest record, a coverage
table, a saved game) is one :class:`Output`: a path, the option that named it and its
:class:`Kind`. :meth:`Outputs.claim` checks each before any work is done:

- a folder, a missing folder or an unwritable folder is refused (``ginspec.suite.files.check_output_path``);
- an existing file is replaced only when its first bytes show it is an earlier output of the same
  kind (a JSON report is never replaced by a Markdown one), or with ``--force``;
- the same file named by two options (``--report r.json --markdown r.json``, or a hard link) is
  refused, with or without ``--force``: one would replace the other.

:func:`write_output` cleans the text of what its format cannot hold (XML 1.0 forbids most
control characters: an engine's name, reason or standard error may hold ESC, NUL or BEL) and
writes it atomically; when the disk is full or the file too large (ENOSPC, EFBIG, EDQUOT) the
earlier file is left whole and the error says so in one line (:class:`OutputFailed`, status 2).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ginspec.errors import SuiteError, quote
from ginspec.suite.files import check_output_path, write_atomic


class OutputFailed(SuiteError):
    """An output that could not be written (a full disk, a file too large, a folder gone)."""


XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""The characters XML 1.0 cannot hold, even escaped (section 2.2, ``Char``)."""


def xml_safe(text: str) -> str:
    """``text`` with every character XML 1.0 forbids written out as ``\\xNN`` (``\\x1b`` for ESC),
    so that a JUnit report stays well-formed whatever an engine wrote."""
    return XML_FORBIDDEN.sub(lambda match: f"\\x{ord(match.group()):02x}" if ord(match.group()) < 0x100 else f"\\u{ord(match.group()):04x}", text)


def _unchanged(text: str) -> str:
    return text


@dataclass(frozen=True)
class Kind:
    """A kind of output: how it is named in errors, how an earlier one is recognised by its first
    bytes, and what its format cannot hold."""

    name: str
    recognise: Callable[[bytes], bool] | None = None
    clean: Callable[[str], str] = _unchanged


def _json_object_with(*keys: bytes) -> Callable[[bytes], bool]:
    def recognise(start: bytes) -> bool:
        return start.lstrip().startswith(b"{") and all(key in start for key in keys)

    return recognise


JSON_REPORT = Kind("a ginspec report", _json_object_with(b'"header"', b'"suite_version"', b'"engine"'))
MARKDOWN_REPORT = Kind("a ginspec Markdown report", lambda start: start.startswith(b"# Conformance of "))
JUNIT_REPORT = Kind("a ginspec JUnit report", lambda start: b'<testsuites name="ginspec conformance of ' in start[:300], xml_safe)
SELFTEST_RECORD = Kind("a ginspec selftest record", _json_object_with(b'"suite_version"', b'"summary"', b'"miniatures"'))
COVERAGE_TABLE = Kind("a ginspec coverage table", lambda start: re.match(rb'\s*\{\s*"rules":\s*\[', start) is not None)
SEED_COVERAGE_TABLE = Kind("a ginspec seed coverage table", lambda start: re.match(rb'\s*\{\s*"statements":\s*\[', start) is not None)
ANY_FILE = Kind("a file")


@dataclass
class Outputs:
    """The outputs one command claims; ``force`` lets an existing file of another kind be replaced."""

    force: bool = False
    claimed: dict[str, str] = field(default_factory=dict)
    _identities: dict[tuple[int, int], str] = field(default_factory=dict)

    def claim(self, path: Path, option: str, kind: Kind, *, create_parent: bool = False, force: bool | None = None) -> Path:
        """``path`` checked for ``option`` (see the module's docstring); returns it."""
        try:
            return self._claim(path, option, kind, create_parent, force)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise SuiteError(f"{option} {quote(str(path))}: cannot be used as a file name ({reason})") from None

    def _claim(self, path: Path, option: str, kind: Kind, create_parent: bool, force: bool | None) -> Path:
        forced = self.force if force is None else force
        check_output_path(path, option, create_parent=create_parent, force=forced, replaceable=kind.recognise, kind=kind.name)
        same = self.claimed.get(os.path.realpath(path))
        if same is None:
            try:
                status = path.stat()
                same = self._identities.get((status.st_dev, status.st_ino))
                self._identities[(status.st_dev, status.st_ino)] = option
            except OSError:
                pass
        if same is not None:
            raise SuiteError(f"{option} {str(path)!r}: the same file as {same}; name each output its own file")
        self.claimed[os.path.realpath(path)] = option
        return path


def claim_folder(path: Path, option: str) -> Path:
    """A folder that outputs will be written into (made when first needed), checked before any
    work: it must be a folder, or not exist yet under a folder that can be written."""
    try:
        return _claim_folder(path, option)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SuiteError(f"{option} {quote(str(path))}: cannot be used as a folder name ({reason})") from None


def _claim_folder(path: Path, option: str) -> Path:
    if path.exists() and not path.is_dir():
        raise SuiteError(f"{option} {str(path)!r}: is a file; name a folder")
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise SuiteError(f"{option} {str(path)!r}: {str(existing)!r} is not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise SuiteError(f"{option} {str(path)!r}: the folder {str(existing)!r} is not writable")
    return path


FULL = {28: "the disk is full", 27: "the file is too large", 122: "the disk quota is used up"}


def write_output(path: Path, text: str, option: str, kind: Kind = ANY_FILE) -> None:
    """Write ``text``, cleaned for ``kind``, to ``path`` atomically. A write that fails leaves
    the earlier file (or none) and raises :class:`OutputFailed` naming the option and the cause."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, kind.clean(text))
    except OSError as exc:
        cause = FULL.get(exc.errno or 0) or exc.strerror or str(exc)
        kept = "the earlier file is kept" if path.exists() else "nothing was written"
        raise OutputFailed(f"{option} {str(path)!r}: could not be written ({cause}); {kept}") from None


def output_full(exc: OSError) -> str | None:
    """The one line for a write that failed for want of room (standard output redirected to a
    file on a full disk, or past ``ulimit -f``); None for any other failure."""
    cause = FULL.get(exc.errno or 0)
    if cause is None:
        return None
    where = f"{str(exc.filename)!r}" if exc.filename else "standard output"
    return f"{where} could not be written ({cause})"
