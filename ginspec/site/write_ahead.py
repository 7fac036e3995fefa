"""The last pages of the site written by a second process, on the second core, while the build
writes the first ones.

Once every page's Markdown is HTML, mkdocs writes the pages one after another on one core: for
each, the search reads its HTML (:mod:`ginspec.site.build_memory` recalls what it read the build
before) and the theme's templates make the page around it, its navigation above all (6 ms or more
a page, more in a long section). At the build's first page, :meth:`WriteAhead.start` forks a
process that writes the pages from the last one back, exactly as the build would, each with
mkdocs's own ``_build_page``, while the build writes them from the first one on; each process
claims a page before it writes it (:class:`~ginspec.site.render_ahead.Claims`), so they share the work however long each
page takes, and meet about halfway. At the first page the process claimed, the build waits for it
(it is finishing that page), adds what the search read of each of its pages to the index in the
pages' order, and leaves the pages as the process wrote them. A page the process did not write (it
logged anything, or the process failed or took longer than :data:`~ginspec.site.render_ahead.PATIENCE`)
is written by the build itself, so the site, its warnings and its errors are the same with or
without it.

Like :mod:`ginspec.site.render_ahead`, only for ``mkdocs build`` (:func:`ginspec.site.render_ahead.wanted`);
``GINSPEC_SITE_PROCESSES=1`` turns both off. Nothing here imports mkdocs until :func:`install`.
"""

from __future__ import annotations

import logging
import marshal
import os
import tempfile
from pathlib import Path
from typing import Any, Callable

from ginspec.suite import parsed_cache
from ginspec.site import build_memory
from ginspec.site.render_ahead import MAIN, PATIENCE, SECOND, Claims, finish, frozen_fork, thaw, waited

class WriteAhead:
    """The pages a second process writes, once :meth:`start` has forked it."""

    def __init__(self) -> None:
        self.pid: int | None = None
        self.result: Path | None = None
        self.claims: Claims | None = None
        self.places: dict[str, int] = {}
        self.written: frozenset[str] = frozenset()
        self.done = False
        self.thawing = False

    def start(self, memory: build_memory.BuildMemory, build_page: Callable[..., None], config: Any, doc_files: Any, nav: Any, env: Any, dirty: bool) -> None:
        """Fork the process writing the pages of ``doc_files`` from the last one back with ``build_page``."""
        self.done = True  # until the process runs
        pages = [file for file in doc_files if file.page is not None]
        if len(pages) < 2:
            return
        handle, name = tempfile.mkstemp(prefix="ginspec-site-written-")
        os.close(handle)
        try:
            claims = Claims(len(pages))
            claims.claim(0, MAIN)
            pid, thawing = frozen_fork()
        except (OSError, ImportError):
            os.unlink(name)
            return
        if pid == 0:  # the second process: it never returns
            _write(memory, build_page, config, doc_files, nav, env, dirty, pages, claims, Path(name))
        self.pid, self.result, self.done, self.claims, self.thawing = pid, Path(name), False, claims, thawing
        self.places = {file.src_uri: index for index, file in enumerate(pages)}

    def wrote(self, uri: str, memory: build_memory.BuildMemory) -> bool:
        """Whether the process wrote the page ``uri`` (if the build has not claimed it first),
        waiting for it at its first page; what the search read of its pages is then recalled by
        ``memory``."""
        place = self.places.get(uri)
        if place is None or self.claims is None or self.claims.claim(place, MAIN):
            return False
        if not self.done:
            self.done = True
            self._collect(memory)
        return uri in self.written

    def _collect(self, memory: build_memory.BuildMemory) -> None:
        assert self.pid is not None and self.result is not None
        try:
            status = waited(self.pid, PATIENCE)
            if status is not None and os.waitstatus_to_exitcode(status) == 0:
                made = marshal.loads(self.result.read_bytes())
                if isinstance(made, dict) and parsed_cache.is_plain(made):
                    memory.previous.update(made["kept"])
                    memory.made += made["made"]
                    self.written = frozenset(made["written"])
        except (OSError, EOFError, ValueError, TypeError, KeyError):
            self.written = frozenset()
        finally:
            self.result.unlink(missing_ok=True)
            thaw(self.thawing)

    def stop(self) -> None:
        """End the process if the build no longer waits for it (it failed before its pages)."""
        if not self.done and self.pid is not None and self.result is not None:
            self.done = True
            finish(self.pid, self.result)
            thaw(self.thawing)


def _write(memory: build_memory.BuildMemory, build_page: Callable[..., None], config: Any, doc_files: Any, nav: Any, env: Any, dirty: bool, pages: list[Any], claims: Claims, result: Path) -> None:
    """In the second process: the pages written from the last one back, each claimed first, until
    a page the build claimed; the uris of those written without a word logged, and what the search
    kept, written to ``result``. Ends the process."""
    status = 1
    try:
        for logger in (logging.getLogger(), logging.getLogger("mkdocs")):
            logger.handlers = []  # the build reports every warning itself; this process says nothing
        memory.kept = {}
        memory.made = 0
        memory.ahead = None
        memory.writer = None
        written = []
        for index in range(len(pages) - 1, 0, -1):
            if not claims.claim(index, SECOND):
                break
            file = pages[index]
            with build_memory.logged() as captured:
                build_page(file.page, config, doc_files, nav, env, dirty, excluded=file.inclusion.is_excluded())
            if captured.records == 0:
                written.append(file.src_uri)
        kept = {key: value for key, value in memory.kept.items() if key.startswith("search ")}
        result.write_bytes(marshal.dumps({"written": written, "kept": kept, "made": memory.made}))
        status = 0
    except BaseException:  # noqa: BLE001 - the build writes whatever this process could not
        status = 1
    finally:
        os._exit(status)


def install() -> None:
    """Let mkdocs's writing of each page go through the second process when the active memory has a
    :class:`WriteAhead` (``writer``). Installed once per process."""
    from mkdocs.commands import build as mkdocs_build

    if getattr(mkdocs_build._build_page, "ginspec_write_ahead", False):
        return
    build_page = mkdocs_build._build_page

    def written_ahead(page: Any, config: Any, doc_files: Any, nav: Any, env: Any, dirty: bool = False, excluded: bool = False) -> None:
        memory = build_memory.active()
        writer = None if memory is None else memory.writer
        if writer is None or dirty:
            return build_page(page, config, doc_files, nav, env, dirty, excluded)
        if writer.pid is None and not writer.done:
            writer.start(memory, build_page, config, doc_files, nav, env, dirty)
        if not writer.wrote(page.file.src_uri, memory):
            return build_page(page, config, doc_files, nav, env, dirty, excluded)
        # written by the second process: the plugins still see the page's context, in order (the
        # search adds what it read of the page to its index, recalled from the memory)
        config._current_page = page
        page.active = True
        try:
            context = mkdocs_build.get_context(nav, doc_files, config, page)
            config.plugins.on_page_context(context, page=page, config=config, nav=nav)
        finally:
            page.active = False
            config._current_page = None
        return None

    written_ahead.ginspec_write_ahead = True  # type: ignore[attr-defined]
    mkdocs_build._build_page = written_ahead
