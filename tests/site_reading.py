"""Reading the built site's HTML for the site tests: the anchors (``id``, and ``name`` of ``<a>``)
and the links (``href`` of ``<a>`` and ``<link>``, ``src`` of ``<script>`` and ``<img>``) of a page.

The pages are read with one regular expression over the tags, which is many times faster than
:class:`html.parser.HTMLParser` on the 20 MB of a built site; :class:`StandardReading` is the same
reading by :mod:`html.parser`, which the tests hold the fast one to on real pages. As with
``html.parser``, comments are skipped, the text of ``<script>`` and ``<style>`` holds no tags, names
of tags and attributes are read in lower case and values with their character references decoded.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

_TOKEN = re.compile(
    r"""<!--.*?-->"""  # a comment
    r"""|<(?P<raw>script|style)\b(?P<raw_attrs>(?:[^'">]++|"[^"]*+"|'[^']*+')*+)>.*?</(?P=raw)\s*>"""  # text only
    r"""|<(?P<tag>[a-zA-Z][^\s/>]*+)(?P<attrs>(?:[^'">]++|"[^"]*+"|'[^']*+')*+)>""",
    re.DOTALL | re.IGNORECASE,
)
"""A comment, a script or style with its text, or a start tag. The attributes are read a run of
plain characters or a quoted value at a time, never taken back (possessive quantifiers: the three
kinds begin with different characters, so there is nothing to try again)."""
_ATTRIBUTE = re.compile(r"""([^\s"'>/=]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]*)))?""")
_LINKING = frozenset({"a", "link", "script", "img"})


@dataclass
class PageReading:
    """The anchors and links of one page."""

    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)

    def tag(self, name: str, values: dict[str, str | None]) -> None:
        """Record what the start tag ``name`` with attributes ``values`` adds."""
        if values.get("id"):
            self.ids.add(values["id"])  # type: ignore[arg-type]
        if name == "a" and values.get("name"):
            self.ids.add(values["name"])  # type: ignore[arg-type]
        if name == "a" and values.get("href") is not None:
            self.links.append(values["href"])  # type: ignore[arg-type]
        if name == "link" and values.get("href"):
            self.links.append(values["href"])  # type: ignore[arg-type]
        if name in ("script", "img") and values.get("src"):
            self.links.append(values["src"])  # type: ignore[arg-type]


def _attributes(text: str) -> dict[str, str | None]:
    values: dict[str, str | None] = {}
    for name, assigned, double, single, bare in _ATTRIBUTE.findall(text):
        name = name.lower()
        if name in values:
            continue  # the first of two is the one a browser keeps
        values[name] = html.unescape(double or single or bare) if assigned else None
    return values


def read_page(text: str) -> PageReading:
    """The anchors and links of the HTML ``text``."""
    reading = PageReading()
    for raw, raw_attrs, tag, attrs in _TOKEN.findall(text):  # the groups of each token, by position
        if raw:
            name, attrs = raw.lower(), raw_attrs
        elif tag:
            name = tag.lower()
        else:
            continue  # a comment
        if name in _LINKING or "id" in attrs.lower():  # no other tag adds an anchor or a link
            reading.tag(name, _attributes(attrs))
    return reading


class StandardReading(HTMLParser):
    """The same reading as :func:`read_page`, by :mod:`html.parser`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.reading = PageReading()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values: dict[str, str | None] = {}
        for name, value in attrs:
            values.setdefault(name, value)
        self.reading.tag(tag, values)


def read_page_slowly(text: str) -> PageReading:
    """:func:`read_page` by :mod:`html.parser`."""
    parser = StandardReading()
    parser.feed(text)
    parser.close()
    return parser.reading
