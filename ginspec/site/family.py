"""What every family of generated pages shares: the suite, the links, and which hand-written pages
exist. A family (rules, variants, registers, tests, conformance, reference) is a subclass of
:class:`PageFamily` that lists its pages in :meth:`PageFamily.pages` and its place in the
navigation in :meth:`PageFamily.nav`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ginspec.site.links import Links
from ginspec.suite import Suite

Builder = Callable[[], str]


PLACEHOLDER = re.compile(r"<!--gs-drawing:(\d+)-->")


@dataclass
class Context:
    """``deferred``: drawings are left out of the Markdown, a placeholder in their stead, and put
    back in the HTML by :meth:`restore` (Markdown need not read their thousands of tags)."""

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

    def restore(self, html: str) -> str:
        """A page's HTML with the drawings put back in place of their placeholders."""
        return PLACEHOLDER.sub(lambda match: self.drawings[int(match.group(1))], html)


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
