"""The navigation of the site: the families' sections in a fixed order, the guides, and every other
hand-written page (a page left out of the navigation fails the strict build)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

from ginspec.site.family import Context, PageFamily

GUIDES = (
    ("Writing an adapter", "guide/adapter.md"),
    ("Writing a variant", "guide/variant.md"),
    ("Adding a page", "guide/pages.md"),
)


def nav_pages(nav: Any) -> Iterable[str]:
    """Every page named in a navigation structure."""
    if isinstance(nav, str):
        yield nav
    elif isinstance(nav, dict):
        for value in nav.values():
            yield from nav_pages(value)
    elif isinstance(nav, list):
        for item in nav:
            yield from nav_pages(item)


def page_title(path: Path) -> str:
    """A hand-written page's title: its first level-one heading, else its file name."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem.replace("-", " ").capitalize()


def build_nav(context: Context, families: dict[str, PageFamily], generated: set[str]) -> list[Any]:
    """The navigation, hand-written pages included where they exist."""

    def present(uri: str) -> bool:
        return context.handwritten(uri) or uri in generated

    nav: list[Any] = []
    if present("index.md"):
        nav.append({"Home": "index.md"})
    if present("learn.md"):
        nav.append({"Learn the game": "learn.md"})
    if present("playground.md"):
        nav.append({"Playground": "playground.md"})
    nav.append({"Rules": families["rules"].nav()})
    nav.append({"Variants": families["variants"].nav()})
    nav.append({"Registers": families["registers"].nav()})
    conformance = families["conformance"].nav()
    nav.append({"Conformance": conformance})
    nav.append({"Tests": families["tests"].nav()})
    guides = [{title: uri} for title, uri in GUIDES if present(uri)]
    if guides:
        nav.append({"Guides": guides})
    nav.append({"Reference": families["reference"].nav()})
    _place_other_pages(nav, context, generated, conformance, present)
    return nav


def _place_other_pages(nav: list[Any], context: Context, generated: set[str], conformance: list[Any], present: Callable[[str], bool]) -> None:
    """Notes on engines go beside the conformance pages, any other page under "More"."""
    listed = set(nav_pages(nav))
    docs = context.docs_dir
    extra = sorted(
        path.relative_to(docs).as_posix() for path in docs.rglob("*.md") if path.relative_to(docs).as_posix() not in listed | generated
    )
    more: list[Any] = []
    for uri in extra:
        entry = {page_title(docs / uri): uri}
        if any(word in uri for word in ("engine", "finding")):
            conformance.append(entry)
        else:
            more.append(entry)
    if more:
        nav.append({"More": more})
