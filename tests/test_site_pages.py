"""Nothing is lost from the documentation site: every page, every anchor (``id``) on it and every
search entry recorded in ``tests/fixtures/site-pages.json`` is still in the built site.

Anchors are the content's (headings, rules, vectors); the theme's own ids are left out. The site
is the one :func:`tests.test_site.built_site` builds (the repository's data and the sample report).
Pages made from the real reports in ``reports/`` differ from one machine to another and are left
out, on both sides. New pages and anchors are welcome; only a missing one fails.

The record was taken from a build of the site as it stood; when the data itself drops an ID on
purpose (a retired vector), write it again with ``python -m tests.test_site_pages``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.test_site import ROOT, SAMPLE_ENGINE, built_site, mkdocs_missing, site_reading

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "site-pages.json"
THEME_ANCHOR = "__"
"""How the theme's own ids begin (``__nav_3``, ``__drawer``, ``__code_0``): its navigation and
controls, which nobody links to and which the theme may lay out otherwise; they are not recorded."""


def local_report_pages() -> set[str]:
    """Conformance pages made from the real reports of this checkout (not the sample one)."""
    from ginspec.site import is_report, slug

    pages = set()
    for path in sorted((ROOT / "reports").glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if is_report(data) and slug(path.stem) != SAMPLE_ENGINE:
            pages.add(f"conformance/{slug(path.stem)}/")
    return pages


def snapshot(site: Path) -> dict[str, object]:
    """The pages of a built site with their anchors, and its search locations."""
    skipped = local_report_pages()
    pages = {}
    for name, reading in sorted(site_reading().items()):
        url = name.removesuffix("index.html")
        if url in skipped:
            continue
        pages[url] = sorted(anchor for anchor in reading.ids if not anchor.startswith(THEME_ANCHOR))
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    search = sorted({entry["location"] for entry in index["docs"] if not any(entry["location"].startswith(page) for page in skipped)})
    return {"pages": pages, "search": search}


@pytest.fixture(scope="module")
def built() -> dict[str, object]:
    reason = mkdocs_missing()
    if reason:
        pytest.skip(reason)
    return snapshot(built_site())


@pytest.fixture(scope="module")
def recorded() -> dict[str, object]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_every_recorded_page_is_built(built: dict, recorded: dict) -> None:
    missing = sorted(set(recorded["pages"]) - set(built["pages"]))
    assert not missing, f"{len(missing)} pages are gone: {missing[:20]}"


def test_every_recorded_anchor_is_on_its_page(built: dict, recorded: dict) -> None:
    lost = []
    for url, ids in recorded["pages"].items():
        present = set(built["pages"].get(url, ()))
        lost += [f"{url}#{anchor}" for anchor in ids if anchor not in present]
    assert not lost, f"{len(lost)} anchors are gone: {lost[:20]}"


def test_every_recorded_search_entry_is_indexed(built: dict, recorded: dict) -> None:
    lost = sorted(set(recorded["search"]) - set(built["search"]))
    assert not lost, f"{len(lost)} search entries are gone: {lost[:20]}"


def test_the_record_is_not_empty(recorded: dict) -> None:
    # a record holding nothing would let every check above pass
    assert len(recorded["pages"]) > 100 and len(recorded["search"]) > 500
    assert "rules/melds/" in recorded["pages"] and "MELD-SET" in recorded["pages"]["rules/melds/"]


if __name__ == "__main__":
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(snapshot(built_site()), indent=0, sort_keys=True) + "\n", encoding="utf-8")
    sys.stdout.write(f"written {FIXTURE}\n")
