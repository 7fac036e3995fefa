"""What one build of the site keeps for the next: each page's HTML as Markdown made it, and each
page's entries in the search index, both by the digest of everything they are made from.

A build of the site spends most of its time turning the pages' Markdown into HTML (the highlighting
of the scenarios, schemas and commands included) and letting the search read every page's HTML.
Between two builds of unchanged rules, variants, vectors and reports, both give the same answer
again. :class:`BuildMemory` remembers them in ``site-build`` beside the remembered schema checks
(:mod:`ginspec.suite.schema_checks`: ``$GINSPEC_CACHE_DIR``, default ``$XDG_CACHE_HOME/ginspec``, else
``~/.cache/ginspec``; ``GINSPEC_CACHE_DIR=off`` turns it off):

- a page's HTML is recalled by the digest of its Markdown, its title before rendering, its place
  in the site, the place of every other file of the site (a link's target is resolved among them),
  the Markdown extensions and their settings, the link checks' settings, the logging level, and
  the versions of mkdocs, Markdown, PyMdown Extensions and Pygments. A page whose Markdown logged anything (a broken link,
  a missing anchor) is never remembered, so the warning is given at every build;
- a page's search entries are recalled by the digest of its HTML as the search reads it, its
  address, title, front matter, table of contents and the search's settings.

What is kept is written with :mod:`marshal`, plain data only, read back only if it is plain data
again, and written atomically at the end of a build with only the entries that build used (a
memory never grows beyond one site). Anything that cannot be read is ignored and the work done.

Nothing here imports mkdocs until :func:`activate` is called (``docs/hooks.py`` does, for each build).
Only public names of mkdocs and of the theme are used: the two methods that do the work,
``Page.render`` and ``SearchIndex.add_entry_from_context``, are wrapped, and a recalled page gets
the public fields rendering gives it (its content, table of contents, title, anchors and links to
other pages' anchors); ``tests/test_site_public_mkdocs.py`` keeps it so.
"""

from __future__ import annotations

import hashlib
import json
import logging
import marshal
import os
import tempfile
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Iterator

from ginspec.suite import parsed_cache, schema_checks

FORMAT = 2
"""The shape of what is kept; another shape is not read."""
FILE_NAME = "site-build"
PACKAGES = ("mkdocs", "markdown", "pymdown-extensions", "pygments", "mkdocs-material")


def _folder() -> Path | None:
    checks = schema_checks.cache_file()
    return None if checks is None else checks.parent


def _versions() -> str:
    versions = []
    for package in PACKAGES:
        try:
            versions.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{package} -")
    return ", ".join(versions)


def digest(*parts: str) -> str:
    """One key of many texts (each told from the next, so that no two lists share a key)."""
    hasher = hashlib.sha256()
    for part in parts:
        encoded = part.encode("utf-8", "surrogatepass")
        hasher.update(len(encoded).to_bytes(8, "little"))
        hasher.update(encoded)
    return hasher.hexdigest()


class BuildMemory:
    """The pages and search entries of the previous build (``previous``) and of this one
    (``kept``), by kind (``"page"``, ``"search"``) and key. ``folder`` None: nothing is kept."""

    def __init__(self, folder: Path | None) -> None:
        self.path = None if folder is None else folder / FILE_NAME
        self.salt = f"{FORMAT} {_versions()}"
        self.previous: dict[str, Any] = self._read()
        self.kept: dict[str, Any] = {}
        self.recalled = 0
        self.made = 0

    @classmethod
    def open(cls) -> BuildMemory:
        """The memory in ginspec's cache folder (none when it is turned off)."""
        return cls(_folder())

    def _read(self) -> dict[str, Any]:
        if self.path is None:
            return {}
        try:
            stored = marshal.loads(self.path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        if not isinstance(stored, dict) or stored.get("salt") != self.salt or not parsed_cache.is_plain(stored):
            return {}
        entries = stored.get("entries")
        return entries if isinstance(entries, dict) else {}

    def recall(self, key: str) -> Any:
        """What was kept under ``key`` by this build or the one before, or None."""
        if key in self.kept:
            return self.kept[key]
        value = self.previous.get(key)
        if value is not None:
            self.kept[key] = value
            self.recalled += 1
        return value

    def keep(self, key: str, value: Any) -> None:
        self.kept[key] = value
        self.made += 1

    def save(self) -> None:
        """Write what this build used, atomically; a failure to write is ignored (the next build
        does the work again)."""
        if self.path is None or (self.made == 0 and self.kept.keys() == self.previous.keys()):
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            data = marshal.dumps({"salt": self.salt, "entries": self.kept})
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".site-build-")
            try:
                with os.fdopen(handle, "wb") as stream:
                    stream.write(data)
                os.replace(temporary, self.path)
            except BaseException:
                os.unlink(temporary)
                raise
        except (OSError, ValueError):
            pass


class _Captured(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.records += 1


@contextmanager
def logged() -> Iterator[_Captured]:
    """Counts what is logged at INFO or above (by mkdocs, Markdown or an extension) meanwhile."""
    captured = _Captured()
    loggers = [logging.getLogger(), logging.getLogger("mkdocs")]
    for logger in loggers:
        logger.addHandler(captured)
    try:
        yield captured
    finally:
        for logger in loggers:
            logger.removeHandler(captured)


def _plain_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


class PageKeys:
    """The keys of one build's pages: what every page shares is worked out once per build."""

    def __init__(self, config: Any, files: Any, salt: str) -> None:
        places = sorted((file.src_uri, file.dest_uri, file.url) for file in files)
        self.shared = digest(
            salt,
            _plain_json(config["markdown_extensions"]),
            _plain_json(config["mdx_configs"]),
            _plain_json(config["validation"]),
            str(config["use_directory_urls"]),
            str(logging.getLogger("mkdocs").getEffectiveLevel()),
            _plain_json(places),
        )

    def page(self, page: Any) -> str:
        """The key of a page about to be rendered: its place, its Markdown, and its title as it stands
        before rendering (from the navigation, the front matter or the first line; what rendering
        makes of the title is then a function of the key)."""
        file = page.file
        return "page " + digest(self.shared, file.src_uri, file.dest_uri, file.url, page.markdown, str(page.title))


def _toc_plain(toc: Any) -> list[Any]:
    return [[item.id, item.url, item.title, item.level, _toc_plain(item.children)] for item in toc]


_active: BuildMemory | None = None


def activate(memory: BuildMemory | None) -> None:
    """Let the builds from now on recall their pages from ``memory`` and keep them in it (None:
    every page is made, nothing is kept)."""
    global _active
    _install()
    _active = memory


def active() -> BuildMemory | None:
    """The memory of the build under way (:func:`activate`)."""
    return _active


_current = active


def _install() -> None:
    """Let mkdocs's ``Page.render`` and the theme search's reading of a page recall their answers
    from the active memory (:func:`activate`). Installed once per process."""
    from material.plugins.search.plugin import SearchIndex
    from mkdocs.structure.pages import Page
    from mkdocs.structure.toc import get_toc

    if getattr(Page.render, "ginspec_memory", False):
        return
    render = Page.render
    add_entry = SearchIndex.add_entry_from_context
    keys: dict[int, PageKeys] = {}

    def remembered_render(page: Any, config: Any, files: Any) -> None:
        memory = _current()
        if memory is None:
            return render(page, config, files)
        shared = keys.get(id(files))
        if shared is None:
            keys.clear()
            shared = keys[id(files)] = PageKeys(config, files, memory.salt)
        key = shared.page(page)
        known = memory.recall(key)
        if known is not None:
            _apply(page, known, files, get_toc)
            return None
        with logged() as captured:
            render(page, config, files)
        if captured.records == 0:
            memory.keep(key, _rendered(page))
        return None

    def remembered_entries(index: Any, page: Any) -> None:
        memory = _current()
        if memory is None:
            return add_entry(index, page)
        key = search_key(memory, index, page)
        known = memory.recall(key)
        if known is not None:
            index.entries.extend(dict(entry) for entry in known)
            return None
        before = len(index.entries)
        add_entry(index, page)
        added = index.entries[before:]
        if parsed_cache.is_plain(added):
            memory.keep(key, [dict(entry) for entry in added])
        return None

    remembered_render.ginspec_memory = True  # type: ignore[attr-defined]
    Page.render = remembered_render  # type: ignore[method-assign]
    SearchIndex.add_entry_from_context = remembered_entries  # type: ignore[method-assign]


def search_key(memory: BuildMemory, index: Any, page: Any) -> str:
    """The key of what the search ``index`` reads of ``page``: its HTML as the search reads it, its
    address, title, front matter and table of contents, and the search's settings."""
    return "search " + digest(
        memory.salt,
        page.content or "",
        page.url,
        str(page.title),
        _plain_json(page.meta),
        _plain_json(_toc_plain(page.toc)),
        _plain_json({name: value for name, value in index.config.items() if name != "pipeline"}),
        _plain_json(index.config.get("pipeline")),
    )


def _rendered(page: Any) -> dict[str, Any]:
    """What ``Page.render`` leaves on a page, as plain data."""
    links = page.links_to_anchors
    return {
        "content": page.content,
        "toc": [_toc_item_plain(item) for item in page.toc],
        "title": page.title,
        "anchors": sorted(page.present_anchor_ids or ()),
        "links": None if links is None else {file.src_uri: dict(found) for file, found in links.items()},
    }


def _toc_item_plain(item: Any) -> dict[str, Any]:
    return {
        "level": item.level,
        "id": item.id,
        "name": item.title,
        "children": [_toc_item_plain(child) for child in item.children],
    }


def _toc_tokens(items: list[Any]) -> list[dict[str, Any]]:
    return [
        {"level": item["level"], "id": item["id"], "name": item["name"], "children": _toc_tokens(item["children"])}
        for item in items
    ]


def _apply(page: Any, known: dict[str, Any], files: Any, get_toc: Callable[[Any], Any]) -> None:
    page.content = known["content"]
    page.toc = get_toc(_toc_tokens(known["toc"]))
    page.title = known["title"]
    page.present_anchor_ids = set(known["anchors"])
    links = known["links"]
    if links is not None:
        page.links_to_anchors = {files.get_file_from_path(uri): dict(found) for uri, found in links.items()}
