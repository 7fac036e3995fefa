"""What a build of the site will read and compile, prepared by a second process on the second core
while the build loads the suite.

When nothing is remembered (ginspec's cache folder empty, as in a fresh checkout or CI), a build
spends its first seconds on one core: parsing the feature files and the vector files (half a
second and nearly a second), then making the pages; later it compiles the site's own templates and
the theme's. :func:`start` forks, as the build begins (``on_config`` in ``docs/hooks.py``), a process
that parses the feature files and the vector files, each list from its end (the build reads them
from the beginning, so the two meet halfway), and compiles the site's templates and the theme's
templates that ``main.html``, ``404.html`` and ``sitemap.xml`` name, leaving each in ginspec's cache
folder as the build would (:mod:`ginspec.suite.parsed_cache`, :func:`ginspec.site.templating.compiled_templates`).
The build recalls what is there when it gets to it, and does the rest itself: it never waits for
the process, and reads and checks every file as before (a file the process could not parse, it
leaves alone). What is already remembered is only recalled, as the build would.

Only where the second process of :mod:`ginspec.site.render_ahead` would run
(:func:`ginspec.site.render_ahead.wanted`), and only with a cache folder.
"""

from __future__ import annotations

import logging
import os
import signal
from pathlib import Path
from typing import Any, Iterator

from ginspec.suite import schema_checks
from ginspec.suite.feature_files import parse_feature
from ginspec.suite.vectors import parse_from_the_end
from ginspec.site import templating

THEME_TEMPLATES = ("main.html", "404.html", "sitemap.xml")
"""The theme's templates a build of the site renders; what they include, import or extend is
compiled with them."""


class PrepareAhead:
    """The process ``pid`` preparing the build's files."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    @classmethod
    def start(cls, root: Path, config: Any) -> PrepareAhead | None:
        if schema_checks.cache_file() is None:
            return None
        try:
            pid = os.fork()
        except OSError:
            return None
        if pid == 0:  # the second process: it never returns
            _prepare(root, config)
        return cls(pid)

    def stop(self) -> None:
        """End the process if it is still at work (what it left is complete, file by file)."""
        try:
            found, _ = os.waitpid(self.pid, os.WNOHANG)
            if found == 0:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        except OSError:
            pass


def _prepare(root: Path, config: Any) -> None:
    try:
        for logger in (logging.getLogger(), logging.getLogger("mkdocs")):
            logger.handlers = []
        for path in reversed(sorted((root / "features").rglob("*.feature"))):
            _quietly(parse_feature, path, root)
        _quietly(parse_from_the_end, root / "vectors")
        site = templating.environment()
        for name in sorted(site.list_templates()):
            _quietly(site.get_template, name)
        theme = config.theme.get_env()
        theme.bytecode_cache = templating.compiled_templates()
        for name in _referenced(theme, THEME_TEMPLATES):
            _quietly(theme.get_template, name)
    finally:
        os._exit(0)


def _quietly(action: Any, *arguments: Any) -> None:
    try:
        action(*arguments)
    except Exception:  # noqa: BLE001 - the build meets the same problem and reports it
        pass


def _referenced(env: Any, roots: tuple[str, ...]) -> Iterator[str]:
    """``roots`` and every template they name by a constant (include, import, extends), each once."""
    from jinja2 import meta

    seen: set[str] = set()
    waiting = list(roots)
    while waiting:
        name = waiting.pop(0)
        if name in seen:
            continue
        seen.add(name)
        try:
            source = env.loader.get_source(env, name)[0]
            named = [other for other in meta.find_referenced_templates(env.parse(source)) if other]
        except Exception:  # noqa: BLE001 - a template that cannot be read is compiled (and reported) by the build
            continue
        yield name
        waiting.extend(named)
