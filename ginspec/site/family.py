"""What every family of generated pages shares: the suite, the links, and which hand-written pages
exist. A family (rules, variants, registers, tests, conformance, reference) is a subclass of
:class:`PageFamily` that lists its pages in :meth:`PageFamily.pages` and its place in the
navigation in :meth:`PageFamily.nav`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from ginspec.site.links import Links
from ginspec.site.markdown import code_html
from ginspec.suite import Suite

Builder = Callable[[], str]


PLACEHOLDER = re.compile(r"<!--gs-drawing:(\d+)-->|\ue000([\ue010-\ue01f]+)\ue001")
"""A drawing's placeholder (an HTML comment on its own line), or an inline piece's: its number in
hexadecimal digits written as private-use characters between two others, which no Markdown syntax,
no rule ID and no card name can match."""
HEX_DIGITS = "0123456789abcdef"
INLINE_DIGITS = "".join(chr(0xE010 + value) for value in range(16))
TO_INLINE, FROM_INLINE = str.maketrans(HEX_DIGITS, INLINE_DIGITS), str.maketrans(INLINE_DIGITS, HEX_DIGITS)
PLAIN_LINE = re.compile(r"(?![\s\-+*:>=#|]|\d+[.)](\s|$))[^`*_\[\]\\<>!{}|~\n]+")
"""A line of a paragraph that Markdown writes as it is: nothing inline (code span, emphasis, link,
escape, tag, attribute list; placeholders of inline pieces are welcome) and nothing at its start
that would begin another block (a list, a quote, a heading, a table, a definition)."""


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

    def handwritten(self, uri: str) -> bool:
        return (self.docs_dir / uri).is_file()

    def place(self, drawing: str) -> str:
        """A block of HTML for a page's Markdown: itself, or its placeholder when deferred."""
        if not self.deferred:
            return drawing
        self.drawings.append(drawing)
        return f"<!--gs-drawing:{len(self.drawings) - 1}-->"

    def inline(self, html: str) -> str:
        """A piece of HTML inside a line of Markdown (a link, a card name): itself, or when
        deferred a placeholder that Markdown leaves as text."""
        if not self.deferred:
            return html
        self.drawings.append(html)
        return "\ue000" + format(len(self.drawings) - 1, "x").translate(TO_INLINE) + "\ue001"

    def paragraphs(self, paragraphs: Sequence[Sequence[str]], then: str = "") -> str | None:
        """Paragraphs of lines joined by hard line breaks (``"  \\n"``), and after them the block
        of HTML ``then``, as one placeholder for all: when deferred and every line is plain
        (:data:`PLAIN_LINE`), the HTML Markdown makes of them; else None (Markdown must read them)."""
        written = [paragraph for paragraph in paragraphs if any(paragraph)]
        if not self.deferred or not all(PLAIN_LINE.fullmatch(line) for paragraph in written for line in paragraph):
            return None
        blocks = ["<p>" + "<br />\n".join(self.restore(line) for line in paragraph) + "</p>" for paragraph in written]
        return self.place("\n".join(blocks + ([then] if then else [])))

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

    def restore(self, html: str) -> str:
        """A page's HTML with the drawings and inline pieces put back in place of their placeholders."""
        return PLACEHOLDER.sub(self._restored, html)

    def _restored(self, match: re.Match[str]) -> str:
        if match.group(1) is not None:
            return self.drawings[int(match.group(1))]
        return self.drawings[int(match.group(2).translate(FROM_INLINE), 16)]


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
