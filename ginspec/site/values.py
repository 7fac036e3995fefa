"""Values of vectors drawn for a reader: never as a program prints them.

An expected answer or a question may hold numbers, names, card lists, per-player mappings
(``{p1: 25, p2: -114}``), records of hands (a list of mappings) and lists of those. Each is drawn as
text, facts (``p1 25 · p2 -114``), a small table (one row per record) or a numbered list, so that no
page shows Python's ``None``, braces or brackets (``spec/vectors.md`` gives the shapes). A missing
value (``null`` in YAML: a Hollywood column not yet won) is a dash.

:func:`value_html` draws the cards named in text with their suit symbols; :func:`literal_html`
shows a malformed question's values as written (each scalar a code span in YAML's spelling, quotes
on text), since its cards need not be cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable

from markupsafe import Markup

from ginspec.site.cards import cards_in_text
from ginspec.site.templating import macros

MISSING = "–"
"""What a missing value (``null``) is shown as."""


def _html() -> Any:
    return macros("example.html")


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def plain(value: Any) -> str:
    """A scalar, or a list of scalars, as plain text: ``yes``/``no``, a dash for a missing value,
    list items joined by commas."""
    if value is None:
        return MISSING
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)) and all(_scalar(item) for item in value):
        return ", ".join(plain(item) for item in value) if value else "none"
    return str(value)


def _structure(value: Any, scalar: Callable[[Any], Markup]) -> Markup:
    """``value`` drawn with ``scalar`` for its scalars: a mapping as facts, a list of mappings as a
    table with a column per key, any other list as a numbered list (a list of scalars inline)."""
    if _scalar(value):
        return scalar(value)
    if isinstance(value, Mapping):
        if not value:
            return Markup("none")
        return _html().answer([(str(key).replace("_", " "), _structure(item, scalar)) for key, item in value.items()])
    items = list(value)
    if not items:
        return Markup("none")
    if all(_scalar(item) for item in items):
        return Markup(", ").join(scalar(item) for item in items)
    if all(isinstance(item, Mapping) for item in items):
        keys: list[str] = []
        for item in items:
            keys += [key for key in item if key not in keys]
        rows = [[str(number)] + [_structure(item[key], scalar) if key in item else Markup("") for key in keys] for number, item in enumerate(items, start=1)]
        return _html().mini_table(["#"] + [str(key).replace("_", " ") for key in keys], rows)
    return _html().items([_structure(item, scalar) for item in items])


def _drawn_scalar(value: Any) -> Markup:
    if isinstance(value, str):
        return cards_in_text(value)
    return Markup.escape(plain(value))


def value_html(value: Any) -> Markup:
    """A value of a question or an answer drawn for a reader, cards named in text drawn with their
    suit symbols."""
    return _structure(value, _drawn_scalar)


def _literal_scalar(value: Any) -> Markup:
    if value is None:
        return _html().code("null")
    if isinstance(value, bool):
        return _html().code("true" if value else "false")
    if isinstance(value, str):
        return _html().code('"' + value.replace('"', '\\"') + '"')
    return _html().code(str(value))


def literal_html(value: Any) -> Markup:
    """A value shown as written in the vector (a malformed question's): every scalar a code span
    in YAML's spelling (text quoted, ``true``, ``null``), nothing drawn as cards."""
    return _structure(value, _literal_scalar)
