"""The documentation site, generated from the repository.

Every page about rules, variants, registers, tests and conformance results is made here from one
loaded view of the suite (:class:`ginspec.suite.loaded.Suite`). :class:`Site` returns the pages as Markdown
keyed by their path in the documentation folder, the navigation, and hand-written pages with their
``<!-- ginspec:NAME -->`` directives expanded; ``docs/hooks.py`` hands them to mkdocs. Nothing here
imports mkdocs, so the pages can be built and inspected without it.

The package, one job per module:

- :mod:`~ginspec.site.links`: where a page is and how one page links to another;
- :mod:`~ginspec.site.markdown`: text from the data made safe inside Markdown;
- :mod:`~ginspec.site.templating`: the Jinja2 templates of ``templates/``;
- :mod:`~ginspec.site.cards` and :mod:`~ginspec.site.examples`: cards and vectors drawn as HTML;
- one module per family of pages: :mod:`~ginspec.site.rules`, :mod:`~ginspec.site.variants`,
  :mod:`~ginspec.site.registers`, :mod:`~ginspec.site.tests`, :mod:`~ginspec.site.conformance`,
  :mod:`~ginspec.site.reference`;
- :mod:`~ginspec.site.directives` and :mod:`~ginspec.site.nav`;
- :mod:`~ginspec.site.code_blocks`: highlighted code read by the search as plain text;
- :mod:`~ginspec.site.playground_bundle` and :mod:`~ginspec.site.pyodide_runtime`: the files of the
  playground (the package's own source zipped, the variants as JSON, and the WebAssembly Python
  installed from its pinned npm package);
- :mod:`~ginspec.site.build_memory`: the pages' HTML and search entries kept for the next build
  (the one module that touches mkdocs, once ``docs/hooks.py`` asks it to, and only through its
  public names).

``docs/guide/pages.md`` tells how to add a page or a section of a page.

The site is the top layer (ARCHITECTURE.md): it may import every package of ``ginspec``, the
command line's parser included (for its reference page), and nothing but ``docs/hooks.py``
imports it.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any

from ginspec.suite.anchors import slug
from ginspec.suite.saved_reports import EngineReport, is_report, load_reports
from ginspec.site import templating
from ginspec.site.cards import arrangement_html, card_html, hand_html, md_cards
from ginspec.site.code_blocks import CodeBlocks
from ginspec.site.conformance import ConformancePages
from ginspec.site.directives import Directives
from ginspec.site.family import Builder, Context, PageFamily
from ginspec.site.links import Links, href, rel
from ginspec.site.nav import build_nav
from ginspec.site.nav import nav_pages as _nav_pages
from ginspec.site.playground_bundle import site_files
from ginspec.site.reference import ReferencePages
from ginspec.site.registers import RegisterPages
from ginspec.site.rules import RulePages
from ginspec.site.tests import TestPages
from ginspec.site.variants import VariantPages
from ginspec.suite.loaded import Suite

__all__ = [
    "EngineReport", "Site", "arrangement_html", "card_html", "hand_html", "href", "is_report",
    "load_reports", "md_cards", "rel", "slug", "_nav_pages",
]  # fmt: skip

FAMILIES: dict[str, type[PageFamily]] = {
    "rules": RulePages,
    "variants": VariantPages,
    "registers": RegisterPages,
    "conformance": ConformancePages,
    "tests": TestPages,
    "reference": ReferencePages,
}
"""Every family of generated pages, by name, in the order their pages are listed."""


class Site:
    """The generated pages of the documentation site.

    ``root`` is the repository (default: the suite root); ``reports`` the folder of conformance
    reports (default: ``$GINSPEC_SITE_REPORTS`` or ``reports/``); ``docs`` the documentation folder,
    to know which hand-written pages exist; ``suite`` the data, if already loaded. With
    ``deferred_drawings`` the Markdown holds a placeholder for each drawing, which
    :meth:`restore` replaces in the HTML (the mkdocs hook does: Markdown is then much faster).
    """

    def __init__(
        self,
        root: Path | None = None,
        reports: Path | None = None,
        docs: Path | None = None,
        suite: Suite | None = None,
        deferred_drawings: bool = False,
    ) -> None:
        templating.reset()
        self.suite = suite or Suite(root, reports)
        self.root = self.suite.root
        self.docs_dir = Path(docs) if docs else self.root / "docs"
        links = Links(self.suite)
        self.context = Context(self.suite, links, self.docs_dir, deferred=deferred_drawings)
        if deferred_drawings:
            links.place = self.context.inline
        self.families = {name: family(self.context) for name, family in FAMILIES.items()}
        self.code_blocks = CodeBlocks()
        self.directives = Directives(self.context, self.families["reference"], self.families["conformance"])  # type: ignore[arg-type]

    # the data the site is made from, for callers that inspect it
    @property
    def vectors(self) -> list[Any]:
        return self.suite.vectors

    @property
    def features(self) -> list[Any]:
        return self.suite.features

    @cached_property
    def builders(self) -> dict[str, Builder]:
        """Every generated page: path in the documentation folder -> a function making its
        Markdown. A hand-written page of the same path wins."""
        builders: dict[str, Builder] = {}
        for family in self.families.values():
            builders.update(family.pages())
        return {uri: build for uri, build in builders.items() if not self.context.handwritten(uri)}

    def pages(self) -> dict[str, str]:
        """Every generated page: path in the documentation folder -> Markdown."""
        return {uri: build() for uri, build in self.builders.items()}

    def nav(self) -> list[Any]:
        """The navigation, hand-written pages included where they exist."""
        return build_nav(self.context, self.families, set(self.builders))

    def expand(self, markdown: str, uri: str) -> str:
        """A hand-written page with its ``<!-- ginspec:NAME ARGS -->`` lines replaced."""
        return self.directives.expand(markdown, uri)

    def restore(self, html: str) -> str:
        """A built page's HTML with its drawings and highlighted code in place (see
        ``deferred_drawings`` and :meth:`searchable`)."""
        return self.code_blocks.restore(self.context.restore(html))

    def searchable(self, html: str) -> str:
        """A page's HTML as the search reads it: its links, card names and tables in place, its
        drawings still placeholders and its highlighted code plain text (:mod:`ginspec.site.code_blocks`);
        :meth:`restore` puts them back once the page is written."""
        return self.code_blocks.plain(self.context.restore_text(html))

    def playground_files(self) -> dict[str, bytes | Path]:
        """The files the playground adds to the built site (:mod:`ginspec.site.playground_bundle`):
        the WebAssembly Python, the bundle of the package's source and the variants as JSON."""
        return site_files(self.root, self.suite)

    def conformance_page(self) -> str:
        return self.families["conformance"].index_page()  # type: ignore[attr-defined]
