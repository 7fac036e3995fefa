"""The site's generated pages made in two processes, the last ones by a second process on the second
core while the build makes the first ones.

Making the Markdown of the generated pages (:meth:`ginspec.site.Site.pages`) takes more than a
second on one core, the vector pages' drawings most of it. :func:`made_in_two` forks a process that
makes the pages from the last one back while the build makes them from the first one on, each
process claiming a page before it makes it (:class:`~ginspec.site.render_ahead.Claims`), so that
they meet about halfway. A drawing's placeholder is numbered in the order the drawings are made
(:class:`ginspec.site.family.Context`): the second process keeps each page's drawings with its
Markdown, and the build, taking the pages in order, numbers them again from where its own drawings
end, so that every page and every number is the same as one process would make them. A page the
second process did not make, or whose Markdown names a drawing of another page, is made by the
build itself (as is every page when the process fails), so its errors are the build's own.

Only where the second process of :mod:`ginspec.site.render_ahead` would run.
"""

from __future__ import annotations

import marshal
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from ginspec.site.family import FROM_INLINE, TO_INLINE, Builder, Context
from ginspec.site.render_ahead import MAIN, PATIENCE, SECOND, Claims, frozen_fork, thaw, waited

NUMBERED = re.compile(r"<!--gs-(drawing|element):(\d+)-->|\ue000([\ue010-\ue01f]+)\ue001")
"""The number of every placeholder (:data:`ginspec.site.family.PLACEHOLDER`), block or inline."""


def _numbers(text: str) -> list[int]:
    return [int(match.group(2)) if match.group(2) is not None else int(match.group(3).translate(FROM_INLINE), 16) for match in NUMBERED.finditer(text)]


def _renumbered(text: str, start: int, shift: int) -> str:
    """``text`` with every placeholder numbered ``start`` or more moved by ``shift``."""

    def moved(match: re.Match[str]) -> str:
        if match.group(2) is not None:
            number = int(match.group(2))
            return match.group(0) if number < start else f"<!--gs-{match.group(1)}:{number + shift}-->"
        number = int(match.group(3).translate(FROM_INLINE), 16)
        return match.group(0) if number < start else "\ue000" + format(number + shift, "x").translate(TO_INLINE) + "\ue001"

    return NUMBERED.sub(moved, text)


def made_in_two(context: Context, builders: list[tuple[str, Builder]]) -> dict[str, str]:
    """Every page of ``builders`` (path -> Markdown), in their order, made by this process and a
    second one; the same as ``{uri: build() for uri, build in builders}``."""
    pages: dict[str, str] = {}
    if len(builders) < 2:
        return {uri: build() for uri, build in builders}
    handle, name = tempfile.mkstemp(prefix="ginspec-site-markdown-")
    os.close(handle)
    result = Path(name)
    try:
        claims = Claims(len(builders))
        claims.claim(0, MAIN)
        pid, thawing = frozen_fork()
    except (OSError, ImportError):
        result.unlink(missing_ok=True)
        return {uri: build() for uri, build in builders}
    if pid == 0:  # the second process: it never returns
        _make(context, builders, claims, result)
    made: dict[int, Any] | None = None
    try:
        for index, (uri, build) in enumerate(builders):
            if claims.claim(index, MAIN):
                pages[uri] = build()
                continue
            if made is None:
                made = _collect(pid, result)
            page = made.get(index)
            if page is None:
                pages[uri] = build()
                continue
            markdown, start, drawings = page
            shift = len(context.drawings) - start
            context.drawings.extend(drawings)
            pages[uri] = _renumbered(markdown, start, shift) if shift else markdown
    finally:
        if made is None:
            _collect(pid, result)
        thaw(thawing)
    return pages


def _collect(pid: int, result: Path) -> dict[int, Any]:
    """What the second process made, by the page's place: its Markdown, the number of its first
    drawing there, and its drawings (nothing if the process failed)."""
    try:
        status = waited(pid, PATIENCE)
        if status is None or os.waitstatus_to_exitcode(status) != 0:
            return {}
        made = marshal.loads(result.read_bytes())
        return made if isinstance(made, dict) else {}
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    finally:
        result.unlink(missing_ok=True)


def _make(context: Context, builders: list[tuple[str, Builder]], claims: Claims, result: Path) -> None:
    """In the second process: the pages made from the last one back, each claimed first, until a
    page the build claimed; each page's Markdown, first drawing and drawings written to
    ``result``. Ends the process."""
    status = 1
    try:
        made: dict[int, Any] = {}
        base = len(context.drawings)
        for index in range(len(builders) - 1, 0, -1):
            if not claims.claim(index, SECOND):
                break
            start = len(context.drawings)
            markdown = builders[index][1]()
            drawings = context.drawings[start:]
            # a page whose Markdown names a drawing of another page made here, or a drawing that
            # holds a placeholder, is left to the build
            if all(number < base or start <= number < start + len(drawings) for number in _numbers(markdown)) and not any(
                NUMBERED.search(drawing) for drawing in drawings
            ):
                made[index] = (str(markdown), start, [str(drawing) for drawing in drawings])  # no Markup: plain text to marshal
        result.write_bytes(marshal.dumps(made))
        status = 0
    except BaseException:  # noqa: BLE001 - the build makes whatever this process could not
        status = 1
    finally:
        os._exit(status)
