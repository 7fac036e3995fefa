"""YAML read safely, the way the oracles' tests read the suite's files: with libyaml where it is
installed (the large vector files take seconds with the pure-Python parser), shared by nothing in
the engine.

Several test modules read the same vector files while they are collected, in every test process
of a run; :func:`read_document` parses each file once per run and hands every caller its own copy,
so that no module can change what another one reads. The parsed document is kept in memory and,
when the run has a shared folder (``GINSPEC_TEST_SHARED_DIR``, made by ``conftest.py``), marshalled
there under the digest of the file's bytes, where the run's other processes find it."""

from __future__ import annotations

import hashlib
import marshal
import os
import tempfile
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Iterator

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

SHARED_FOLDER = "GINSPEC_TEST_SHARED_DIR"


def load_yaml(text: str | bytes) -> Any:
    """The document of ``text``, read with the safe loader."""
    return yaml.load(text, Loader=LOADER)


def _shared_copy(content: bytes) -> str | None:
    """Where the run's processes keep the marshalled document of ``content``, or None outside a run."""
    shared = os.environ.get(SHARED_FOLDER)
    if not shared:
        return None
    return os.path.join(shared, "oracle-yaml", hashlib.sha256(content).hexdigest() + ".marshal")


def _parse_and_share(content: bytes, target: str | None) -> bytes | None:
    """The marshalled document of ``content``, also written to ``target`` when there is one."""
    document = load_yaml(content)
    try:
        data = marshal.dumps(document)
    except ValueError:  # a document marshal cannot hold (a date, say) is parsed by every caller
        return None
    if target is not None:
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=os.path.dirname(target))
            with os.fdopen(handle, "wb") as f:
                f.write(data)
            os.replace(temporary, target)
        except OSError:  # another process's copy, or none: each process can still parse
            pass
    return data


@lru_cache(maxsize=None)
def _marshalled(path: str, modified: int, size: int) -> bytes | None:
    """The document of the file at ``path`` as it was at (``modified``, ``size``), marshalled so
    that each copy is cheap; None for a document marshal cannot hold."""
    with open(path, "rb") as f:
        content = f.read()
    target = _shared_copy(content)
    if target is None:
        return _parse_and_share(content, None)
    shared = _read_shared(target)
    if shared is not None:
        return shared
    with _one_at_a_time(target):
        shared = _read_shared(target)
        return shared if shared is not None else _parse_and_share(content, target)


def _read_shared(target: str) -> bytes | None:
    try:
        with open(target, "rb") as f:
            return f.read()
    except OSError:
        return None


@contextmanager
def _one_at_a_time(target: str) -> Iterator[None]:
    """Hold the lock of one shared parse while it is made: the processes of a run collect at the
    same moment, and each would otherwise parse every file before the first had shared it. A
    process that ends lets go of its lock; where there are no such locks, each process may parse."""
    handle = None
    try:
        import fcntl

        os.makedirs(os.path.dirname(target), exist_ok=True)
        handle = os.open(target + ".lock", os.O_CREAT | os.O_RDWR, 0o600)
        fcntl.flock(handle, fcntl.LOCK_EX)
    except (ImportError, OSError):
        pass
    try:
        yield
    finally:
        if handle is not None:
            os.close(handle)  # and with it the lock


def read_document(path: str | os.PathLike[str]) -> Any:
    """The document of the YAML file at ``path``, a fresh copy on every call."""
    status = os.stat(path)
    data = _marshalled(os.fspath(path), status.st_mtime_ns, status.st_size)
    if data is None:
        with open(path, "rb") as f:
            return load_yaml(f.read())
    return marshal.loads(data)
