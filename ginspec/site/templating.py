"""The Jinja2 templates of the site (``ginspec/site/templates/``).

HTML templates (``*.html``) are autoescaped: a value is escaped unless it is already
:class:`markupsafe.Markup` (a drawing made by another template). Markdown templates (``*.md``) are
not HTML, so they are not HTML-escaped; every value from the data reaches them through
:func:`ginspec.site.markdown.md_text` (the ``md`` filter) or as a link made by
:class:`ginspec.site.links.Links`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from ginspec.site.markdown import cell, md_text, plural, show_value, table

TEMPLATES = Path(__file__).resolve().parent / "templates"


@lru_cache(maxsize=None)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False, default=False),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
    )
    env.filters.update(md=md_text, cell=cell, value=show_value, plural=plural)
    env.globals.update(table=table)
    return env


def render(template: str, /, **context: Any) -> str:
    """A template filled with ``context``: Markup for an HTML template, text for Markdown."""
    text = environment().get_template(template).render(**context)
    return Markup(text) if template.endswith(".html") else text


@lru_cache(maxsize=None)
def macros(name: str) -> Any:
    """The macros of a template, to call from Python (they return Markup)."""
    return environment().get_template(name).module


RENDERED: list[Any] = []
"""Caches of drawings rendered from templates (``functools.lru_cache`` functions)."""


def reset() -> None:
    """Forget the templates read so far, and what was drawn with them (a new build under
    ``mkdocs serve`` reads them again)."""
    environment.cache_clear()
    macros.cache_clear()
    for cache in RENDERED:
        cache.cache_clear()
