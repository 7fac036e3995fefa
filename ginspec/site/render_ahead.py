"""The second half of the site's pages (by the length of their Markdown) made into HTML by a second process, on the second core,
while the build makes the first half.

mkdocs turns the pages' Markdown into HTML one page after another, on one core. Once the pages and
the navigation are known (``on_nav`` in ``docs/hooks.py``), :meth:`RenderAhead.start` forks a
process that goes through the pages in the same order as the build, each page read and its
directives expanded as the build does (so that every placeholder gets the same number), and makes
the HTML of the second half of them, keeping each in its own :class:`~ginspec.site.build_memory.BuildMemory`
by the same key the build uses. When the build reaches a page of that half that it cannot recall,
it waits for the process and takes what it made (:meth:`RenderAhead.collect`); a page the process
did not make (it logged a warning, or the process failed) is made by the build itself, so the site,
its warnings and its errors are the same with or without it.

Only for ``mkdocs build`` on a machine of two cores or more where processes can be forked (not
under ``mkdocs serve``, whose server runs threads); ``GINSPEC_SITE_PROCESSES=1`` turns it off.
"""

from __future__ import annotations

import logging
import marshal
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


class RenderAhead:
    """A second process making the HTML of the pages ``uris`` (its process id ``pid``), which it
    leaves in the file ``result``."""

    def __init__(self, pid: int, result: Path, uris: frozenset[str]) -> None:
        self.pid = pid
        self.result = result
        self.uris = uris
        self.done = False

    @classmethod
    def start(cls, memory: BuildMemory, config: Any, files: Any) -> RenderAhead | None:
        pages = [file.page for file in files.documentation_pages() if file.page is not None]
        if len(pages) < 2:
            return None
        uris = frozenset(page.file.src_uri for page in pages[_second_half(pages) :])
        handle, name = tempfile.mkstemp(prefix="ginspec-site-pages-")
        os.close(handle)
        try:
            pid = os.fork()
        except OSError:
            os.unlink(name)
            return None
        if pid == 0:  # the second process: it never returns
            _render(memory, config, files, pages, uris, Path(name))
        return cls(pid, Path(name), uris)

    def covers(self, uri: str) -> bool:
        return not self.done and uri in self.uris

    def collect(self, memory: BuildMemory) -> None:
        """Wait for the second process and add what it made to what ``memory`` can recall."""
        if self.done:
            return
        self.done = True
        try:
            status = self._wait()
            if status is not None and os.waitstatus_to_exitcode(status) == 0:
                made = marshal.loads(self.result.read_bytes())
                if isinstance(made, dict) and parsed_cache.is_plain(made):
                    memory.previous.update(made)
        except (OSError, EOFError, ValueError, TypeError):
            pass
        finally:
            self.result.unlink(missing_ok=True)

    def _wait(self) -> int | None:
        """The second process's exit status; None if it is still at work after :data:`PATIENCE`
        seconds (it is ended, and the build makes its pages)."""
        deadline = time.monotonic() + PATIENCE
        pause = 0.001
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid != 0:
                return status
            if time.monotonic() > deadline:
                self.done = False
                self.stop()
                return None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)

    def stop(self) -> None:
        """End the second process if the build no longer needs it (every page was recalled)."""
        if self.done:
            return
        self.done = True
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        self.result.unlink(missing_ok=True)


def _second_half(pages: list[Any]) -> int:
    """Where the second half of ``pages`` begins, by the length of their Markdown (a page of many
    vectors takes longer than a short guide)."""
    sizes = []
    for page in pages:
        try:
            sizes.append(len(page.file.content_string))
        except (OSError, UnicodeDecodeError):
            sizes.append(0)
    half, before = sum(sizes) / 2, 0
    best, distance = 1, float("inf")
    for index in range(1, len(sizes)):
        before += sizes[index - 1]
        if abs(before - half) < distance:
            best, distance = index, abs(before - half)
    return best


def _render(memory: BuildMemory, config: Any, files: Any, pages: list[Any], uris: frozenset[str], result: Path) -> None:
    """In the second process: the pages read and expanded in the build's order, those of ``uris``
    made into HTML and kept; what was made written to ``result``. Ends the process."""
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
            if page.file.src_uri in uris:
                page.render(config, files)
        result.write_bytes(marshal.dumps(memory.kept))
        status = 0
    except BaseException:  # noqa: BLE001 - the build makes whatever this process could not
        status = 1
    finally:
        os._exit(status)
