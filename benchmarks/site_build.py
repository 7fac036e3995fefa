"""How long the documentation site takes to build, and where the time goes.

Runs ``mkdocs build --strict`` of the repository in this process, as ``.ci/site`` does after the
reports are written (the reports of ``reports/`` are on the pages), ``--runs`` times, and prints
for each run the wall time, the CPU time of the process (user + system) and the CPU time of each
stage: loading the suite and making the pages' Markdown (``ginspec.site``), Markdown to HTML,
the search index reading each page, and the theme writing each page. The machine may be shared:
compare CPU times, and two builds measured back to back.

    python benchmarks/site_build.py [--runs 3] [--site-dir /tmp/site]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Stages:
    """CPU seconds spent inside some functions, by stage name; the time of a call inside another's
    counts for the inner one only."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.inner: list[float] = []

    def wrap(self, owner: Any, name: str, stage: str) -> None:
        original: Callable[..., Any] = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            self.inner.append(0.0)
            start = _cpu()
            try:
                return original(*args, **kwargs)
            finally:
                spent = _cpu() - start
                inner = self.inner.pop()
                self.seconds[stage] += spent - inner
                if self.inner:
                    self.inner[-1] += spent

        setattr(owner, name, timed)


def build_once(site_dir: Path) -> tuple[float, float, dict[str, float]]:
    from material.plugins.search.plugin import SearchIndex
    from mkdocs.commands import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.structure.pages import Page

    import ginspec.site as site_package

    stages = Stages()
    stages.wrap(site_package.Site, "__init__", "suite and pages (ginspec.site)")
    stages.wrap(site_package.Site, "pages", "suite and pages (ginspec.site)")
    stages.wrap(site_package.Site, "nav", "suite and pages (ginspec.site)")
    stages.wrap(Page, "render", "Markdown to HTML")
    stages.wrap(SearchIndex, "add_entry_from_context", "search index")
    stages.wrap(mkdocs_build, "_build_page", "theme writing each page")
    stages.wrap(mkdocs_build, "_build_theme_template", "theme writing each page")
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    wall, cpu = time.perf_counter(), _cpu()
    config = load_config(config_file=str(ROOT / "mkdocs.yml"), strict=True, site_dir=str(site_dir))
    config.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build.build(config)
    finally:
        config.plugins.on_shutdown()
    return time.perf_counter() - wall, _cpu() - cpu, dict(stages.seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="builds, each in a fresh process")
    parser.add_argument("--site-dir", type=Path, default=None)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a single build, this process
    options = parser.parse_args(argv)
    site_dir = options.site_dir or Path(tempfile.mkdtemp(prefix="ginspec-site-bench-"))
    if options.one:
        sys.path.insert(0, str(ROOT))
        start = _cpu()
        wall, cpu, stages = build_once(site_dir)
        pages = sum(1 for _ in site_dir.rglob("*.html"))
        total = _cpu()  # imports included
        print(f"{pages} pages: wall {wall:.2f} s, CPU {cpu:.2f} s in the build, {total:.2f} s for the process (imports included, {total - start - cpu:.2f} s before the build)")
        for stage, seconds in sorted(stages.items(), key=lambda item: -item[1]):
            print(f"  {stage:32} {seconds:6.2f} s CPU")
        return 0
    import subprocess

    for _ in range(options.runs):
        subprocess.run([sys.executable, __file__, "--one", "--site-dir", str(site_dir)], check=True, cwd=ROOT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
