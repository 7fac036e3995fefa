"""Highlighted blocks of code, read by the site's search as plain text.

The theme's search reads every page's HTML, tag by tag; a highlighted block of code (a scenario, a
schema, a command's help) is thousands of tags, one per word of colour. Between Markdown and the
written page (``docs/hooks.py``), :meth:`CodeBlocks.plain` puts each block's plain text in its
place, between two comments, so that the search reads the same text from a few tags;
:meth:`CodeBlocks.restore` puts the highlighted block back in the page as written.
"""

from __future__ import annotations

import re

HIGHLIGHTED = re.compile(
    r'<div class="(?:language-[\w-]+ )?highlight"[^>]*>(?:<span class="filename">[^<]*</span>)?(?P<pre><pre[^>]*>.*?</pre>)</div>',
    re.DOTALL,
)
"""A block of code as the highlighter writes it: a ``div`` of class ``highlight``, perhaps a file
name, and one ``pre`` (which holds no other)."""
TAG = re.compile(r"<[^>]+>")
STAND_IN = re.compile(r"<!--gs-code:(\d+)-->.*?<!--/gs-code-->", re.DOTALL)


class CodeBlocks:
    """The highlighted blocks taken out of pages, by number."""

    def __init__(self) -> None:
        self.blocks: list[str] = []

    def plain(self, html: str) -> str:
        """``html`` with each highlighted block replaced by its text in a plain ``pre``."""
        return HIGHLIGHTED.sub(self._stand_in, html)

    def _stand_in(self, match: re.Match[str]) -> str:
        self.blocks.append(match.group(0))
        text = TAG.sub("", match.group("pre"))
        return f"<!--gs-code:{len(self.blocks) - 1}--><pre><code>{text}</code></pre><!--/gs-code-->"

    def restore(self, html: str) -> str:
        """``html`` with each block :meth:`plain` replaced put back, highlighted."""
        return STAND_IN.sub(lambda match: self.blocks[int(match.group(1))], html)
