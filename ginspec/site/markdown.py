"""Text from the suite's data made safe inside Markdown, and the small Markdown shapes the pages
share (tables, values)."""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, Sequence

FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def code_html(text: str) -> str:
    """The HTML Markdown makes of a code span of ``text`` (one without a backtick): its ends
    stripped, ``&``, ``<`` and ``>`` escaped."""
    return f"<code>{escape(text.strip())}</code>"


def outside_code(text: str, change: Any) -> str:
    """``text`` with ``change`` applied to every piece outside code spans."""
    pieces = []
    position = 0
    for match in CODE_SPAN.finditer(text):
        pieces.append(change(text[position : match.start()]))
        pieces.append(match.group(0))
        position = match.end()
    pieces.append(change(text[position:]))
    return "".join(pieces)


def md_text(text: Any) -> str:
    """Text from the data on one line, safe inside Markdown: angle brackets and ampersands are
    escaped outside code spans."""
    return outside_code(" ".join(str(text).split()), escape)


def cell(text: Any) -> str:
    """A value inside a Markdown table cell."""
    return md_text(text if isinstance(text, str) else json.dumps(text, ensure_ascii=False)).replace("|", "\\|")


def show_value(value: Any) -> str:
    """A parameter value as players read it: yes, no, none, or the value."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return str(value)


def table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def plural(word: str, count: int) -> str:
    """``word`` with an s unless there is exactly one."""
    return f"{word}{'s' if count != 1 else ''}"
