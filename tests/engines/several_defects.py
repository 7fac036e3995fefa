"""An engine with several miniature defects at once (``ginspec.adapters.miniatures``), failing hundreds of
cases across rule areas: the conformance reports must stay readable for it."""

from __future__ import annotations

from ginspec.adapters.base import Capabilities
from ginspec.adapters.miniatures import MINIATURES, CombinedAdapter

DEFECTS = ("ace-counts-eleven", "run-of-any-suits", "card-in-two-melds", "greedy-lay-offs", "gin-bonus-twenty", "upcard-after-two-passes", "no-game-bonus")
"""The miniatures in force together: meld, count, lay-off, score, play and game defects."""


class SeveralDefects(CombinedAdapter):
    """The reference engine with every miniature of :data:`DEFECTS` in force while it answers
    (as ``--engine miniature:A+B+...``, under a short name)."""

    def __init__(self) -> None:
        super().__init__([MINIATURES[name] for name in DEFECTS])

    def capabilities(self) -> Capabilities:
        return Capabilities(engine="several-defects", version="1")
