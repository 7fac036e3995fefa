"""What one build of the site keeps for the next (``ginspec.site.build_memory``): a page's HTML and
its search entries are recalled only for the very same Markdown and site, the site built from
them is the same byte for byte, and a page whose links are broken warns at every build. The
small sites here use mkdocs's own theme (the site's theme takes seconds to set up); the search
is the site's theme's, asked directly."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from ginspec.site import build_memory
from ginspec.site.build_memory import FILE_NAME, BuildMemory
from tests.test_site import _mkdocs_log, mkdocs_missing

CONFIG = """site_name: memory
docs_dir: docs
theme:
  name: mkdocs
plugins: []
markdown_extensions:
  - toc:
      permalink: true
  - pymdownx.superfences
  - pymdownx.highlight
"""

KNOCK = """# Knocking

A player may knock when the deadwood is at most 10 (see [gin](gin.md#going-gin)).

## The count

```python
deadwood = sum(card.value for card in unmelded)
```
"""

GIN = """# Gin

## Going gin

All ten cards melded: the player goes gin and scores 25 more.
"""


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    reason = mkdocs_missing()
    if reason:
        pytest.skip(reason)
    monkeypatch.setenv("GINSPEC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "docs" / "knock.md").write_text(KNOCK, encoding="utf-8")
    (tmp_path / "docs" / "gin.md").write_text(GIN, encoding="utf-8")
    return tmp_path


def _build(project: Path, output: str) -> tuple[BuildMemory, list[str]]:
    """One build of ``project`` into ``output`` with the memory of ginspec's cache folder."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    memory = BuildMemory.open()
    build_memory.activate(memory)
    try:
        with _mkdocs_log() as log:
            config = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(project / output))
            config.plugins.on_startup(command="build", dirty=False)
            try:
                build(config)
            finally:
                config.plugins.on_shutdown()
        memory.save()
    finally:
        build_memory.activate(None)
    return memory, log


def _files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file() and not path.name.endswith(".gz")}


def test_an_unchanged_site_is_recalled_and_built_the_same(project: Path) -> None:
    first, _ = _build(project, "first")
    assert first.recalled == 0
    assert first.made == 2
    second, _ = _build(project, "second")
    assert (second.recalled, second.made) == (2, 0)
    assert _files(project / "first") == _files(project / "second")
    assert "going-gin" in (project / "second" / "knock" / "index.html").read_text(encoding="utf-8")


def test_a_changed_page_is_made_again(project: Path) -> None:
    _build(project, "first")
    (project / "docs" / "gin.md").write_text(GIN.replace("25", "20"), encoding="utf-8")
    memory, _ = _build(project, "second")
    assert (memory.recalled, memory.made) == (1, 1)
    assert "scores 20 more" in (project / "second" / "gin" / "index.html").read_text(encoding="utf-8")


def test_a_new_page_makes_every_page_again(project: Path) -> None:
    """A link's target is looked for among the site's files: with another file, no page is recalled."""
    _build(project, "first")
    (project / "docs" / "oklahoma.md").write_text("# Oklahoma\n", encoding="utf-8")
    memory, _ = _build(project, "second")
    assert (memory.recalled, memory.made) == (0, 3)


def test_broken_links_and_missing_anchors_warn_at_every_build(project: Path) -> None:
    """A page whose Markdown logs a broken link is never kept. The anchors are checked after the
    pages are made, from what each page links to and holds: both are recalled with the page."""
    (project / "docs" / "knock.md").write_text(KNOCK.replace("#going-gin", "#big-gin"), encoding="utf-8")
    (project / "docs" / "gin.md").write_text(GIN + "\nSee [the undercut](undercut.md).\n", encoding="utf-8")
    for output in ("first", "second"):
        memory, log = _build(project, output)
        assert any("undercut.md" in line for line in log if line.startswith("WARNING")), log
        assert any("big-gin" in line for line in log if line.startswith(("WARNING", "INFO"))), log
    assert (memory.recalled, memory.made) == (1, 0)  # the knock page; the gin page is made each time


def test_an_unreadable_memory_is_ignored(project: Path) -> None:
    folder = Path(os.environ["GINSPEC_CACHE_DIR"])
    folder.mkdir(parents=True)
    (folder / FILE_NAME).write_bytes(b"not what a build keeps")
    memory, _ = _build(project, "first")
    assert memory.recalled == 0 and memory.made == 2
    assert BuildMemory.open().previous  # and the build wrote a good one


def test_nothing_is_kept_when_the_memory_is_off(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GINSPEC_CACHE_DIR", "off")
    memory, _ = _build(project, "first")
    assert memory.path is None
    assert not (project / "cache").exists()


def test_search_entries_are_recalled_for_the_same_html(project: Path) -> None:
    from material.plugins.search.plugin import SearchIndex
    from mkdocs.structure.toc import get_toc

    def page(text: str) -> SimpleNamespace:
        toc = get_toc([{"level": 1, "id": "going-gin", "name": "Going gin", "children": []}])
        content = f'<h1 id="going-gin">Going gin</h1><p>{text}</p>'
        return SimpleNamespace(content=content, url="gin/", title="Gin", meta={}, toc=toc)

    def read(text: str, memory: BuildMemory | None = None) -> tuple[BuildMemory, list[dict[str, str]]]:
        memory = memory or BuildMemory.open()
        build_memory.activate(memory)
        try:
            index = SearchIndex()
            index.add_entry_from_context(page(text))
        finally:
            build_memory.activate(None)
        memory.save()
        return memory, index.entries

    _, read_by_the_search = read("All ten cards melded scores 25 more.", BuildMemory(None))
    made, entries = read("All ten cards melded scores 25 more.")
    assert (made.recalled, made.made) == (0, 1)
    assert entries == read_by_the_search and "25 more" in entries[0]["text"]
    recalled, again = read("All ten cards melded scores 25 more.")
    assert (recalled.recalled, recalled.made) == (1, 0) and again == entries
    changed, other = read("All ten cards melded scores 20 more.")
    assert changed.made == 1 and "20 more" in other[0]["text"]
