"""Feature files parsed by Gherkin remembered by content, so that each run of the scenarios does
not parse the same unchanged files again.

pytest-bdd reads a feature file by running the Gherkin parser over its text
(``pytest_bdd.gherkin_parser.get_gherkin_document``), then building its objects from the plain
data the parser gives. The parsing is most of the time pytest-bdd takes to collect the scenarios,
and every process that runs them (``ginspec check``, each pytest-xdist worker) parsed all of them.

:func:`install` makes pytest-bdd take the parser's plain data from the memory of parsed documents
(:mod:`ginspec.suite.parsed_cache`: written with :mod:`marshal`, read back only if it is plain data),
under the digest of the file's text and of the parser's and pytest-bdd's versions; the objects are
built from it as before. A text that is not remembered is parsed as pytest-bdd parses it and then
remembered; a text the parser rejects is left to pytest-bdd, which reports the error as it always
does (and it is never remembered); remembered data no document can be built from is not trusted:
the text is parsed again. Where this pytest-bdd reads files some other way, nothing is
changed.
"""

from __future__ import annotations

import hashlib
import importlib
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from typing import Any, Callable

from ginspec.suite import parsed_cache

_MARK = "__ginspec_feature_cache__"


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:  # pragma: no cover - pytest-bdd and its parser are dependencies of the suite
        return None


def _version(distribution: str) -> str:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "unknown"


@lru_cache(maxsize=1)
def _parsers() -> bytes:
    """The versions of the parser and of pytest-bdd, looked up once per process."""
    return f"gherkin {_version('gherkin-official')} pytest-bdd {_version('pytest-bdd')}".encode()


def digest(text: str) -> str:
    """The key of one feature file: the parser's and pytest-bdd's versions, and the text."""
    hasher = hashlib.sha256(_parsers())
    hasher.update(b"\0")
    hasher.update(text.encode("utf-8"))
    return hasher.hexdigest()


def _remembering(original: Callable[..., Any], parse: Callable[[str], Any], build: Callable[[Any], Any]) -> Callable[..., Any]:
    def get_gherkin_document(abs_filename: str, encoding: str = "utf-8") -> Any:
        try:
            with open(abs_filename, encoding=encoding) as stream:
                text = stream.read()
        except (OSError, UnicodeDecodeError, LookupError):
            return original(abs_filename, encoding)  # which reports it as it always does
        key = digest(text)
        data = parsed_cache.recall(key)
        if data is not parsed_cache.MISSING:
            try:
                return build(data)
            except Exception:  # noqa: BLE001 - remembered data of another shape: parsed again
                pass
        try:
            data = parse(text)
        except Exception:  # noqa: BLE001 - pytest-bdd words the parser's errors
            return original(abs_filename, encoding)
        parsed_cache.remember(key, data)
        return build(data)

    setattr(get_gherkin_document, _MARK, True)
    return get_gherkin_document


def install() -> bool:
    """Remember the parsed feature files (once per process); False where this pytest-bdd reads
    them some other way."""
    reader = _module("pytest_bdd.parser")
    documents = _module("pytest_bdd.gherkin_parser")
    gherkin = _module("gherkin.parser")
    original = getattr(reader, "get_gherkin_document", None)
    document_class = getattr(documents, "GherkinDocument", None)
    parser_class = getattr(gherkin, "Parser", None)
    if original is None or document_class is None or parser_class is None or not hasattr(document_class, "from_dict"):
        return False
    if not getattr(original, _MARK, False):
        reader.get_gherkin_document = _remembering(original, lambda text: parser_class().parse(text), document_class.from_dict)
    return True
