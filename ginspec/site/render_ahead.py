"""The last pages of the site made into HTML by a second process, on the second core, while the
build makes the first ones.

mkdocs turns the pages' Markdown into HTML one page after another, on one core. Once the pages and
the navigation are known (``on_nav`` in ``docs/hooks.py``), :meth:`RenderAhead.start` forks a
process that goes through the pages in the same order as the build, each page read and its
directives expanded as the build does (so that every placeholder gets the same number), then makes
the HTML of the pages from the last one back, keeping each in its own :class:`~ginspec.site.build_memory.BuildMemory`
by the same key the build uses. Each process claims a page before it makes it (:class:`Claims`:
the build from the first page on), so they share the work however long each page takes, and meet
about halfway. When the build reaches a page the process claimed and it cannot recall, it waits
for the process (finishing that page) and takes what it made (:meth:`RenderAhead.collect`); a page
the process did not make (it logged a warning, or the process failed) is made by the build itself,
so the site, its warnings and its errors are the same with or without it.

Only for ``mkdocs build`` on a machine of two cores or more where processes can be forked (not
under ``mkdocs serve``, whose server runs threads); ``GINSPEC_SITE_PROCESSES=1`` turns it off.
"""

from __future__ import annotations

import gc
import logging
import marshal
import mmap
import os
import signal
import tempfile
import time
from pathlib import Path
from typing import Any

from ginspec.suite import parsed_cache
from ginspec.site.build_memory import BuildMemory

SETTING = "GINSPEC_SITE_PROCESSES"
PATIENCE = 60.0
"""Seconds the build waits for the second process before it makes the pages itself."""


def wanted(command: str | None) -> bool:
    """Whether a build started by ``command`` makes half its pages in a second process."""
    if command not in ("build", "gh-deploy") or not hasattr(os, "fork"):
        return False
    setting = os.environ.get(SETTING, "").strip()
    if setting:
        return setting != "1"
    return (os.cpu_count() or 1) >= 2


MAIN, SECOND = 1, 2
"""Who claimed a page: the build, or the second process."""


class Claims:
    """Which process does each page, claimed one page at a time in memory both processes share:
    the build from the first page on, the second process from the last page back, so each takes
    pages until they meet, however long each page takes."""

    def __init__(self, count: int) -> None:
        import multiprocessing

        self.flags = mmap.mmap(-1, count)
        self.lock = multiprocessing.get_context("fork").Lock()

    def claim(self, index: int, who: int) -> bool:
        """Whether page ``index`` is ``who``'s now (False: the other process had it)."""
        with self.lock:
            if self.flags[index] == 0:
                self.flags[index] = who
            return self.flags[index] == who


class RenderAhead:
    """A second process (its process id ``pid``) making the HTML of the pages it claims
    (``claims``, each page's place in ``places``), which it leaves in the file ``result``."""

    def __init__(self, pid: int, result: Path, claims: Claims, places: dict[str, int]) -> None:
        self.pid = pid
        self.result = result
        self.claims = claims
        self.places = places
        self.done = False
        self.thawing = False

    @classmethod
    def start(cls, memory: BuildMemory, config: Any, files: Any) -> RenderAhead | None:
        pages = [file.page for file in files.documentation_pages() if file.page is not None]
        if len(pages) < 2:
            return None
        handle, name = tempfile.mkstemp(prefix="ginspec-site-pages-")
        os.close(handle)
        try:
            claims = Claims(len(pages))
            claims.claim(0, MAIN)
            pid, thawing = frozen_fork()
        except (OSError, ImportError):
            os.unlink(name)
            return None
        if pid == 0:  # the second process: it never returns
            _render(memory, config, files, pages, claims, Path(name))
        ahead = cls(pid, Path(name), claims, {page.file.src_uri: index for index, page in enumerate(pages)})
        ahead.thawing = thawing
        return ahead

    def covers(self, uri: str) -> bool:
        """Whether the second process makes the page ``uri``: it claimed it before the build did
        (the build claims it otherwise)."""
        place = self.places.get(uri)
        return not self.done and place is not None and not self.claims.claim(place, MAIN)

    def collect(self, memory: BuildMemory) -> None:
        """Wait for the second process and add what it made to what ``memory`` can recall."""
        if self.done:
            return
        self.done = True
        try:
            status = waited(self.pid, PATIENCE)
            if status is not None and os.waitstatus_to_exitcode(status) == 0:
                made = marshal.loads(self.result.read_bytes())
                if isinstance(made, dict) and parsed_cache.is_plain(made):
                    memory.previous.update(made)
        except (OSError, EOFError, ValueError, TypeError):
            pass
        finally:
            self.result.unlink(missing_ok=True)
            thaw(self.thawing)

    def stop(self) -> None:
        """End the second process if the build no longer needs it (every page was recalled)."""
        if self.done:
            return
        self.done = True
        finish(self.pid, self.result)
        thaw(self.thawing)


def frozen_fork() -> tuple[int, bool]:
    """``os.fork``, the objects made so far first kept out of the garbage collector's scans
    (:func:`gc.freeze`), so that a scan in either process does not copy the memory they share; and
    whether the caller unfreezes them once the second process is done (:func:`thaw`): not when
    objects were frozen before (by the program running the build), which stay so."""
    ours = gc.get_freeze_count() == 0
    gc.freeze()
    try:
        return os.fork(), ours
    except OSError:
        thaw(ours)
        raise


def thaw(wanted: bool) -> None:
    """Undo :func:`frozen_fork`'s freezing, if ``wanted`` (what it returned)."""
    if wanted:
        gc.unfreeze()


def waited(pid: int, patience: float) -> int | None:
    """The exit status of the process ``pid`` (a child of this one), waited for; None if it is still
    at work after ``patience`` seconds, when it is ended."""
    deadline = time.monotonic() + patience
    pause = 0.001
    while True:
        found, status = os.waitpid(pid, os.WNOHANG)
        if found != 0:
            return status
        if time.monotonic() > deadline:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except OSError:
                pass
            return None
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def finish(pid: int, result: Path) -> None:
    """End the process ``pid`` (a child of this one) and remove the file it would have written."""
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except OSError:
        pass
    result.unlink(missing_ok=True)


def _render(memory: BuildMemory, config: Any, files: Any, pages: list[Any], claims: Claims, result: Path) -> None:
    """In the second process: the pages read and expanded in the build's order, then made into
    HTML and kept from the last one back, each claimed first, until a page the build claimed; what
    was made written to ``result``. Ends the process."""
    status = 1
    try:
        for logger in (logging.getLogger(), logging.getLogger("mkdocs")):
            logger.handlers = []  # the build reports every warning itself; this process says nothing
        memory.kept = {}
        memory.made = 0
        memory.ahead = None
        for page in pages:
            config._current_page = page
            page = config.plugins.on_pre_page(page, config=config, files=files)
            page.read_source(config)
            page.markdown = config.plugins.on_page_markdown(page.markdown, page=page, config=config, files=files)
        for index in range(len(pages) - 1, 0, -1):
            if not claims.claim(index, SECOND):
                break
            config._current_page = pages[index]
            pages[index].render(config, files)
        result.write_bytes(marshal.dumps(memory.kept))
        status = 0
    except BaseException:  # noqa: BLE001 - the build makes whatever this process could not
        status = 1
    finally:
        os._exit(status)
