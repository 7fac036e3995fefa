"""Links between the pages of the site, and the anchors they point at.

Pages are named by their path in the documentation folder (``rules/melds.md``); Markdown links use
those paths (:func:`rel`, rewritten by mkdocs), raw HTML uses the built URLs (:func:`href`). A
rule's anchor is its ID, a vector's its ID, a scenario's the slug of its name.
"""

from __future__ import annotations

import posixpath
import re
from functools import cached_property, lru_cache
from typing import Callable, Iterable

from markupsafe import escape

from ginspec.suite.anchors import slug
from ginspec.site.markdown import CODE_SPAN, FENCE, code_html, md_text
from ginspec.suite.loaded import Suite
from ginspec.suite.vectors import Vector

__all__ = ["Links", "href", "page_url", "rel", "slug"]


@lru_cache(maxsize=65536)
def rel(from_uri: str, to_uri: str, anchor: str | None = None) -> str:
    """A relative Markdown link target from one source page to another (``.md`` paths)."""
    target = "" if from_uri == to_uri else posixpath.relpath(to_uri, posixpath.dirname(from_uri) or ".")
    return target + (f"#{anchor}" if anchor else "") or "#"


def page_url(uri: str) -> str:
    """The URL of a source page under directory URLs: ``rules/melds.md`` is ``rules/melds/``."""
    if uri == "index.md":
        return ""
    if uri.endswith("/index.md"):
        return uri[: -len("index.md")]
    return uri[: -len(".md")] + "/"


def href(from_uri: str, to_uri: str, anchor: str | None = None) -> str:
    """A relative URL for raw HTML links, which mkdocs does not rewrite."""
    path = _page_path(from_uri, to_uri)
    if anchor:
        return f"{path}#{anchor}"
    return path or "./"


@lru_cache(maxsize=65536)
def _page_path(from_uri: str, to_uri: str) -> str:
    """The relative URL of the page ``to_uri`` seen from the page ``from_uri``: empty for the same
    page. Page URLs are plain folders (no ``.`` or ``..``), so the path climbs out of the folders
    the two do not share and goes down into the target's."""
    source, target = page_url(from_uri).rstrip("/"), page_url(to_uri).rstrip("/")
    if source == target:
        return ""
    up = source.split("/") if source else []
    down = target.split("/") if target else []
    shared = 0
    while shared < min(len(up), len(down)) and up[shared] == down[shared]:
        shared += 1
    path = "/".join([".."] * (len(up) - shared) + down[shared:])
    return path + "/" if path else "./"


def area_uri(area: str) -> str:
    return f"rules/{area}.md"


def vector_uri(vector: Vector) -> str:
    return vector_file_uri(vector.file)


def vector_file_uri(file: str) -> str:
    return "vectors/" + file.removeprefix("vectors/").removesuffix(".yaml") + ".md"


HEADING = re.compile(r" {0,3}#{1,6}(\s|$)")
"""A Markdown heading's line."""
PLAIN_LABEL = re.compile(r"[^`*_\[\]\\<{!]+")
"""A link text that Markdown shows as it is written (no code span, emphasis, bracket, escape, tag
or attribute list): such a link may be written in HTML, as Markdown would write it. A code label
only needs no backtick."""


EXAMPLE = re.compile(r" \[(?P<example>[^\[\]]+)\]$")
"""The end of a case ID that names one example of a scenario outline (``... [p1-knock-10]``)."""


def case_label(case_id: str) -> str:
    """A case ID as a reader sees it: one example of a scenario outline as ``(example ...)``
    rather than the brackets of the ID."""
    return EXAMPLE.sub(lambda found: f" (example {found.group('example')})", case_id)


class Links:
    """Markdown links to the entries of the suite, from the page ``from_uri``; an ID that names
    nothing known is written as plain text.

    With ``place`` (:meth:`ginspec.site.family.Context.inline`), a link whose text Markdown would
    show as written is made in HTML, to the built URL (:func:`href`), and handed to ``place``: the
    page's Markdown then holds what ``place`` returns."""

    def __init__(self, suite: Suite, place: Callable[[str], str] | None = None) -> None:
        self.suite = suite
        self.place = place

    def link(self, label: str, from_uri: str, to_uri: str, anchor: str | None = None, code: bool = False, inline: bool = True) -> str:
        """A link from the page ``from_uri`` to ``to_uri`` (and ``anchor``); ``label`` is Markdown
        text, shown as code with ``code``. A link in a heading is left to Markdown (``inline``
        false): the table of contents and the heading's anchor are made from its text."""
        if inline and self.place is not None:
            if code and "`" not in label:
                text: str | None = code_html(label)
            else:
                text = None if code or not PLAIN_LABEL.fullmatch(label) else label
            if text is not None:
                return self.place(f'<a href="{escape(href(from_uri, to_uri, anchor))}">{text}</a>')
        shown = f"`{label}`" if code else label
        return f"[{shown}]({rel(from_uri, to_uri, anchor)})"

    def rule(self, rule_id: str, from_uri: str, text: str | None = None, code: bool = False) -> str:
        rule = self.suite.rules.get(rule_id)
        label = text or rule_id
        if rule is None:
            return f"`{label}`" if code else label
        return self.link(label, from_uri, area_uri(rule.area), rule_id, code)

    def rules(self, rule_ids: Iterable[str], from_uri: str) -> str:
        """Rule links separated by commas."""
        return ", ".join(self.rule(rule, from_uri) for rule in rule_ids)

    def source(self, code: str, from_uri: str) -> str:
        registers = self.suite.registers
        if code in registers.source_codes or code in registers.statement_ids:
            return self.link(code, from_uri, "sources.md", code)
        return md_text(code)

    def variant(self, name: str, from_uri: str) -> str:
        if name in self.suite.variants:
            return self.link(name, from_uri, f"variants/{name}.md")
        return md_text(name)

    def parameter(self, name: str, from_uri: str) -> str:
        if name in self.suite.parameter_schemas:
            return self.link(name, from_uri, "variants/parameters.md", name, code=True)
        return f"`{name}`"

    def vector(self, vector_id: str, from_uri: str) -> str:
        vector = self.suite.vector_by_id.get(vector_id)
        if vector is None:
            return md_text(vector_id)
        return self.link(vector_id, from_uri, vector_uri(vector), vector_id)

    def scenario(self, scenario_id: str, from_uri: str, text: str | None = None) -> str:
        found = self.suite.find_scenario(scenario_id)
        if found is None:
            return md_text(text or scenario_id)
        feature, scenario = found
        label = text or f"{feature.path}: {scenario.name}"
        return self.link(md_text(label), from_uri, feature.uri, scenario.anchor)

    def case(self, case_id: str, from_uri: str) -> str:
        """A case of a report: a vector, or a scenario (with an example's ``[...]``, shown as
        :func:`case_label` does)."""
        if case_id in self.suite.vector_by_id:
            return self.vector(case_id, from_uri)
        base, _, variant = case_id.rpartition("@")
        if base and variant:  # a case derived for a variant: a link to the case it comes from
            base = base.rstrip()
            link = self.vector(base, from_uri) if base in self.suite.vector_by_id else self.scenario(base, from_uri, case_label(base))
            return f"{link} (derived for {variant})"
        return self.scenario(case_id, from_uri, case_label(case_id))

    def dispute(self, entry_id: str, from_uri: str) -> str:
        """A conflict (C, R entries) or an open question (Q entries)."""
        page = "registers/questions.md" if entry_id.startswith("Q") else "registers/conflicts.md"
        return self.link(entry_id, from_uri, page, entry_id)

    # -- IDs named in prose ------------------------------------------------------------------------

    @cached_property
    def references(self) -> dict[str, tuple[str, str]]:
        """Every ID that prose may name, to the page and anchor that explains it."""
        registers = self.suite.registers
        targets: dict[str, tuple[str, str]] = {}
        for code in registers.source_codes | registers.statement_ids:
            targets[code] = ("sources.md", code)
        for entry in registers.conflicts:
            targets[entry["id"]] = ("registers/conflicts.md", entry["id"])
        for entry in registers.questions:
            targets[entry["id"]] = ("registers/questions.md", entry["id"])
        for rule in self.suite.rules.values():
            targets[rule.id] = (area_uri(rule.area), rule.id)
        return targets

    @cached_property
    def _pattern(self) -> re.Pattern[str]:
        ids = sorted(self.references, key=len, reverse=True)
        return re.compile(r"(?<![\w\-/#\[.])(" + "|".join(re.escape(item) for item in ids) + r")(?![\w\-])")

    def linkify(self, text: str, from_uri: str) -> str:
        """Markdown text with every rule ID, source code, seed statement, conflict and question
        named in it linked to its entry; code blocks untouched, a code span holding exactly a rule
        ID becomes a linked code span."""
        out = []
        fenced = False
        for line in text.splitlines():
            if FENCE.match(line):
                fenced = not fenced
                out.append(line)
            else:
                out.append(line if fenced else self._linkify_line(line, from_uri, inline=not HEADING.match(line)))
        return "\n".join(out)

    def _reference(self, item: str, from_uri: str, code: bool = False, inline: bool = True) -> str:
        target, anchor = self.references[item]
        return self.link(item, from_uri, target, anchor, code, inline)

    def _linkify_line(self, line: str, from_uri: str, inline: bool) -> str:
        pieces = []
        position = 0
        for match in CODE_SPAN.finditer(line):
            pieces.append(self._linkify_plain(line[position : match.start()], from_uri, inline))
            inner = match.group(2).strip()
            pieces.append(self._reference(inner, from_uri, code=True, inline=inline) if inner in self.suite.rules else match.group(0))
            position = match.end()
        pieces.append(self._linkify_plain(line[position:], from_uri, inline))
        return "".join(pieces)

    def _linkify_plain(self, text: str, from_uri: str, inline: bool) -> str:
        # existing Markdown links and HTML tags are left alone
        parts = re.split(r"(\[[^\]]*\]\([^)]*\)|<[^>]*>)", text)
        return "".join(
            part if index % 2 else self._pattern.sub(lambda match: self._reference(match.group(1), from_uri, inline=inline), part)
            for index, part in enumerate(parts)
        )
