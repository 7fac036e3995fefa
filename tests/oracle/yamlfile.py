"""YAML read safely, the way the oracles' tests read the suite's files: with libyaml where it is
installed (the large vector files take seconds with the pure-Python parser), shared by nothing in
the engine.

Several test modules read the same vector files while they are collected; :func:`read_document`
parses each file once per test process and hands every caller its own copy, so that no module can
change what another one reads."""

from __future__ import annotations

import marshal
import os
from functools import lru_cache
from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """The document of ``text``, read with the safe loader."""
    return yaml.load(text, Loader=LOADER)


@lru_cache(maxsize=None)
def _marshalled(path: str, modified: int, size: int) -> bytes | None:
    """The document of the file at ``path`` as it was at (``modified``, ``size``), marshalled so
    that each copy is cheap; None for a document marshal cannot hold (a date, say)."""
    with open(path, encoding="utf-8") as f:
        document = yaml.load(f, Loader=LOADER)
    try:
        return marshal.dumps(document)
    except ValueError:
        return None


def read_document(path: str | os.PathLike[str]) -> Any:
    """The document of the YAML file at ``path``, a fresh copy on every call."""
    status = os.stat(path)
    data = _marshalled(os.fspath(path), status.st_mtime_ns, status.st_size)
    if data is None:
        with open(path, encoding="utf-8") as f:
            return yaml.load(f, Loader=LOADER)
    return marshal.loads(data)
