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

from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from ginspec.suite import schema_checks
from ginspec.site.markdown import cell, md_text, plural, show_value, table

TEMPLATES = Path(__file__).resolve().parent / "templates"


@lru_cache(maxsize=None)
def compiled_templates() -> FileSystemBytecodeCache | None:
    """Where compiled templates are kept between builds: ``templates/`` in ginspec's cache folder
    (beside the remembered schema checks, :func:`ginspec.suite.schema_checks.cache_file`; none with
    ``GINSPEC_CACHE_DIR=off``). A template is compiled again when its text changes (Jinja2 keys it
    by name and text); a folder that cannot be made or written is not used."""
    remembered = schema_checks.cache_file()
    if remembered is None:
        return None
    folder = remembered.parent / "templates"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return FileSystemBytecodeCache(str(folder))


@lru_cache(maxsize=None)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        bytecode_cache=compiled_templates(),
        autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False, default=False),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
    )
    env.filters.update(md=md_text, cell=cell, value=show_value, plural=plural, breakable=breakable)
    env.globals.update(table=table, zip=zip)
    return env


def breakable(text: object) -> Markup:
    """``text`` escaped, with a line allowed to break after each underscore (``gin_mandatory``
    breaks as ``gin_`` / ``mandatory``, never inside a word)."""
    return Markup(str(escape(str(text))).replace("_", "_<wbr>"))


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
