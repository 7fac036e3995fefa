"""Anchors for free text, shared by the feature files, the saved reports and the site."""

from __future__ import annotations

import re


def slug(text: str) -> str:
    """An anchor for a free text (a scenario name, a report file): lower case words joined by hyphens."""
    value = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return value or "section"
