"""The generated pages made in two processes (ginspec.site.pages_ahead) are the very pages one
process makes: the same Markdown, and the same drawings under the same numbers."""

from __future__ import annotations

import gc
import os

import pytest

from ginspec.site import Site
from ginspec.site.family import Context
from ginspec.site.pages_ahead import _numbers, _renumbered, made_in_two


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork here")
def test_two_processes_make_the_same_pages_and_drawings() -> None:
    alone = Site(deferred_drawings=True)
    two = Site(deferred_drawings=True)
    assert two.pages(two_processes=True) == alone.pages()
    assert two.context.drawings == alone.context.drawings
    assert len(alone.context.drawings) > 1000  # the pages hold placeholders: the numbering was put to the test


def test_placeholders_are_numbered_again_from_where_the_build_is() -> None:
    context = Context(suite=None, links=None, docs_dir=None, deferred=True)  # type: ignore[arg-type]
    earlier = context.place("<div>before</div>")
    text = earlier + "\n" + "\n".join(context.place(f"<div>{n}</div>") for n in range(3)) + " " + context.inline("<a>x</a>") + context.place("<table/>", element=True)
    assert _numbers(text) == [0, 1, 2, 3, 4, 5]
    moved = _renumbered(text, 1, 30)
    assert _numbers(moved) == [0, 31, 32, 33, 34, 35]  # a number before the page's first drawing stays
    assert "<!--gs-element:35-->" in moved and "<!--gs-drawing:0-->" in moved


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork here")
def test_a_page_that_fails_fails_in_the_build() -> None:
    context = Context(suite=None, links=None, docs_dir=None, deferred=True)  # type: ignore[arg-type]

    def broken() -> str:
        raise ValueError("no such rule")

    builders = [(f"page-{n}.md", (lambda n=n: context.place(f"<p>{n}</p>"))) for n in range(6)] + [("broken.md", broken)]
    with pytest.raises(ValueError, match="no such rule"):
        made_in_two(context, builders)
    context.drawings.clear()
    pages = made_in_two(context, builders[:-1])
    assert pages == {f"page-{n}.md": f"<!--gs-drawing:{n}-->" for n in range(6)}
    assert context.drawings == [f"<p>{n}</p>" for n in range(6)]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork here")
def test_objects_frozen_before_stay_frozen_and_the_rest_is_thawed() -> None:
    context = Context(suite=None, links=None, docs_dir=None, deferred=True)  # type: ignore[arg-type]
    builders = [(f"page-{n}.md", (lambda n=n: context.place(f"<p>{n}</p>"))) for n in range(4)]
    ours = gc.get_freeze_count() == 0
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        made_in_two(context, builders)
        assert gc.get_freeze_count() >= frozen > 0  # the program's own freezing is left as it was
    finally:
        if ours:
            gc.unfreeze()
    if ours:
        made_in_two(context, builders)
        assert gc.get_freeze_count() == 0  # what a build froze for its fork is thawed
