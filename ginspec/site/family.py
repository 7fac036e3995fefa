"""What every family of generated pages shares: the suite, the links, and which hand-written pages
exist. A family (rules, variants, registers, tests, conformance, reference) is a subclass of
:class:`PageFamily` that lists its pages in :meth:`PageFamily.pages` and its place in the
navigation in :meth:`PageFamily.nav`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ginspec.site.links import Links
from ginspec.site.markdown import code_html, table
from ginspec.suite.loaded import Suite

Builder = Callable[[], str]


PLACEHOLDER = re.compile(r"<!--gs-drawing:(\d+)-->|\ue000([\ue010-\ue01f]+)\ue001|<!--gs-element:(\d+)-->(?:\n(?=\n))?")
"""A drawing's placeholder (an HTML comment on its own line), or an inline piece's: its number in
hexadecimal digits written as private-use characters between two others, which no Markdown syntax,
no rule ID and no card name can match; or the placeholder of an element Markdown would have made
(a table), with the blank line Markdown writes after a block of raw HTML and not after an element."""
HEX_DIGITS = "0123456789abcdef"
INLINE_DIGITS = "".join(chr(0xE010 + value) for value in range(16))
TO_INLINE, FROM_INLINE = str.maketrans(HEX_DIGITS, INLINE_DIGITS), str.maketrans(INLINE_DIGITS, HEX_DIGITS)
PLAIN_LINE = re.compile(r"(?![\s\-+*:>=#|]|\d+[.)](\s|$))[^`*_\[\]\\<>!{}|~\n]+")
"""A line of a paragraph that Markdown writes as it is: nothing inline (code span, emphasis, link,
escape, tag, attribute list; placeholders of inline pieces are welcome) and nothing at its start
that would begin another block (a list, a quote, a heading, a table, a definition)."""
PLAIN_CELL = re.compile(r"[^`*_\[\]\\<>!{}|~&\t\r\n]*")
"""A table cell that Markdown writes as it is (once stripped): nothing inline, no escaped pipe, no
entity; placeholders of inline pieces are welcome."""


@dataclass
class Context:
    """``deferred``: drawings are left out of the Markdown, a placeholder in their stead, and put
    back in the HTML by :meth:`restore` (Markdown need not read their thousands of tags); so are
    the generated links and the card names inside lines of Markdown (:meth:`inline`), which
    Markdown would otherwise read pattern by pattern."""

    suite: Suite
    links: Links
    docs_dir: Path
    deferred: bool = False
    drawings: list[str] = field(default_factory=list)
    drawn: dict[str, tuple[Any, str]] = field(default_factory=dict)
    """Drawings already made, by key (a vector's ID), with the object drawn: a vector shown on a
    rule page and on its vector page is drawn once (:meth:`drawing`)."""

    def handwritten(self, uri: str) -> bool:
        return (self.docs_dir / uri).is_file()

    def place(self, drawing: str, element: bool = False) -> str:
        """A block of HTML for a page's Markdown: itself, or its placeholder when deferred. An
        ``element`` is HTML that Markdown itself would make of some Markdown (not a block of raw
        HTML): Markdown writes no blank line after it."""
        if not self.deferred:
            return drawing
        self.drawings.append(drawing)
        return f"<!--gs-{'element' if element else 'drawing'}:{len(self.drawings) - 1}-->"

    def inline(self, html: str) -> str:
        """A piece of HTML inside a line of Markdown (a link, a card name): itself, or when
        deferred a placeholder that Markdown leaves as text."""
        if not self.deferred:
            return html
        self.drawings.append(html)
        return "\ue000" + format(len(self.drawings) - 1, "x").translate(TO_INLINE) + "\ue001"

    def drawing(self, key: str, source: Any, draw: Callable[[Any], str]) -> str:
        """``draw(source)``, made once for ``key`` while ``key`` stands for this very ``source``."""
        known = self.drawn.get(key)
        if known is not None and known[0] is source:
            return known[1]
        made = draw(source)
        self.drawn[key] = (source, made)
        return made

    def paragraphs(self, paragraphs: Sequence[Sequence[str]], then: str = "") -> str | None:
        """Paragraphs of lines joined by hard line breaks (``"  \\n"``), and after them the block
        of HTML ``then``, as one placeholder for all: when deferred and every line is plain
        (:data:`PLAIN_LINE`), the HTML Markdown makes of them (without ``then``, an element Markdown
        would have made: see :meth:`place`); else None (Markdown must read them)."""
        written = [paragraph for paragraph in paragraphs if any(paragraph)]
        if not self.deferred or not all(PLAIN_LINE.fullmatch(line) for paragraph in written for line in paragraph):
            return None
        blocks = ["<p>" + "<br />\n".join(self.restore(line) for line in paragraph) + "</p>" for paragraph in written]
        return self.place("\n".join(blocks + ([then] if then else [])), element=not then)

    def table(self, headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
        """A Markdown table (:func:`ginspec.site.markdown.table`); when deferred and every cell is
        plain (:data:`PLAIN_CELL`), one placeholder for the HTML Markdown makes of it, so that
        Markdown need not split its rows and read each cell."""
        rows = [list(row) for row in rows]
        width = len(headers)
        if (
            not self.deferred
            or not rows
            or any(len(row) != width for row in rows)
            or not all(PLAIN_CELL.fullmatch(text) for text in headers)
            or not all(PLAIN_CELL.fullmatch(text) for row in rows for text in row)
        ):
            return table(headers, rows)
        restore = self.restore
        lines = ["<table>", "<thead>", "<tr>"]
        lines += [f"<th>{restore(text.strip())}</th>" for text in headers]
        lines += ["</tr>", "</thead>", "<tbody>"]
        for row in rows:
            lines.append("<tr>")
            lines += [f"<td>{restore(text.strip())}</td>" for text in row]
            lines.append("</tr>")
        lines += ["</tbody>", "</table>"]
        return self.place("\n".join(lines), element=True)

    def code(self, text: str) -> str:
        """``text`` as a code span inside a line of Markdown: deferred, the HTML Markdown makes of
        it (its ends stripped, ``&``, ``<`` and ``>`` escaped)."""
        if self.deferred and "`" not in text:
            return self.inline(code_html(text))
        return f"`{text}`"

    def strong(self, text: str) -> str:
        """Plain ``text`` in bold inside a line of Markdown (a label: ``**Rules:**``)."""
        if self.deferred:
            return self.inline(f"<strong>{text}</strong>")
        return f"**{text}**"

    def emphasis(self, text: str) -> str:
        """Plain ``text`` in italics inside a line of Markdown (``*none*``)."""
        if self.deferred:
            return self.inline(f"<em>{text}</em>")
        return f"*{text}*"

    def restore(self, html: str) -> str:
        """A page's HTML with the drawings and inline pieces put back in place of their placeholders."""
        return PLACEHOLDER.sub(self._restored, html)

    def restore_text(self, html: str) -> str:
        """Like :meth:`restore`, but the drawings (blocks of cards) stay placeholders, HTML comments
        that :meth:`restore` puts back later: what the search reads of a page is its text, links and
        tables, without the thousands of tags of its drawings."""
        return PLACEHOLDER.sub(self._restored_text, html)

    def _restored(self, match: re.Match[str]) -> str:
        block = match.group(1) if match.group(1) is not None else match.group(3)
        if block is not None:
            return self.drawings[int(block)]
        return self.drawings[int(match.group(2).translate(FROM_INLINE), 16)]

    def _restored_text(self, match: re.Match[str]) -> str:
        if match.group(1) is not None:
            return match.group(0)
        return self._restored(match)


class PageFamily:
    """A family of generated pages."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.suite = context.suite
        self.links = context.links

    def pages(self) -> dict[str, Builder]:
        """Path in the documentation folder -> a function making the page's Markdown."""
        raise NotImplementedError

    def nav(self) -> list[Any]:
        """The family's entries in the navigation (mkdocs ``nav`` items)."""
        raise NotImplementedError
