"""What every family of generated pages shares: the suite, the links, and which hand-written pages
exist. A family (rules, variants, registers, tests, conformance, reference) is a subclass of
:class:`PageFamily` that lists its pages in :meth:`PageFamily.pages` and its place in the
navigation in :meth:`PageFamily.nav`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ginspec.site.links import Links
from ginspec.suite import Suite

Builder = Callable[[], str]


@dataclass
class Context:
    suite: Suite
    links: Links
    docs_dir: Path

    def handwritten(self, uri: str) -> bool:
        return (self.docs_dir / uri).is_file()


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
