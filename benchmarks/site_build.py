"""How long the documentation site takes to build, and where the time goes.

Runs ``mkdocs build --strict`` of the repository, as ``.ci/site`` does after the reports are
written (the reports of ``reports/`` are on the pages), ``--runs`` times, each in a fresh process,
and prints for each run the process's wall time from launch to exit and its CPU time (user +
system), the load average of the machine before and after, and inside the process the CPU time of
each stage: loading the suite and making the pages' Markdown (``ginspec.site``), Markdown to HTML,
the search index reading each page, and the rest (mostly the theme writing each page); and how many pages and search
entries were recalled from the build before (``ginspec.site.build_memory``) or made.

``--cold`` gives every run an empty cache folder of its own (``GINSPEC_CACHE_DIR``): nothing
remembered, no YAML parsed before, no template compiled, no page kept. Without it, runs share
ginspec's cache folder as a user's builds do: the first may make what the later ones recall. The
machine may be shared: read each wall time beside its load average, and compare CPU times.

    python benchmarks/site_build.py [--runs 3] [--cold] [--site-dir /tmp/site]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
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
    counts: list[tuple[int, int]] = []
    try:
        from ginspec.site.build_memory import BuildMemory
    except ImportError:  # a checkout from before the pages were kept between builds
        pass
    else:
        save = BuildMemory.save

        def counted_save(memory: BuildMemory) -> None:
            counts.append((memory.recalled, memory.made))
            save(memory)

        BuildMemory.save = counted_save  # type: ignore[method-assign]
    stages.wrap(site_package.Site, "__init__", "suite and pages (ginspec.site)")
    stages.wrap(site_package.Site, "pages", "suite and pages (ginspec.site)")
    stages.wrap(site_package.Site, "nav", "suite and pages (ginspec.site)")
    stages.wrap(Page, "render", "Markdown to HTML")
    stages.wrap(SearchIndex, "add_entry_from_context", "search index")
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    wall, cpu = time.perf_counter(), _cpu()
    config = load_config(config_file=str(ROOT / "mkdocs.yml"), strict=True, site_dir=str(site_dir))
    config.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build.build(config)
    finally:
        config.plugins.on_shutdown()
    seconds = dict(stages.seconds)
    seconds["the rest: the theme writing each page, files, plugins"] = _cpu() - cpu - sum(seconds.values())
    if counts:
        recalled, made = counts[-1]
        print(f"  pages and search entries: {recalled} recalled from the build before, {made} made")
    return time.perf_counter() - wall, _cpu() - cpu, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="builds, each in a fresh process")
    parser.add_argument("--cold", action="store_true", help="each run with an empty cache folder of its own")
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
    for run in range(1, options.runs + 1):
        environment = dict(os.environ)
        cache = tempfile.mkdtemp(prefix="ginspec-site-cold-") if options.cold else None
        if cache is not None:
            environment["GINSPEC_CACHE_DIR"] = cache
        load_before = os.getloadavg()
        wall, cpu = time.perf_counter(), _children_cpu()
        try:
            subprocess.run([sys.executable, __file__, "--one", "--site-dir", str(site_dir)], check=True, cwd=ROOT, env=environment)
        finally:
            if cache is not None:
                shutil.rmtree(cache, ignore_errors=True)
        wall, cpu = time.perf_counter() - wall, _children_cpu() - cpu
        load_after = os.getloadavg()
        print(
            f"run {run} ({'cold' if options.cold else 'shared cache'}): the whole process {wall:.2f} s wall, {cpu:.2f} s CPU;"
            f" load average {load_before[0]:.2f} before, {load_after[0]:.2f} after"
        )
    return 0


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    raise SystemExit(main())
