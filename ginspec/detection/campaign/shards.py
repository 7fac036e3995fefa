"""The parts of a campaign: ``--shard I/K`` plays the hands whose index leaves I - 1 when divided
by K, so K shards play every hand of the campaign exactly once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shard:
    """Part ``number`` (1-based) of ``count`` disjoint parts: the hands whose index leaves
    ``number - 1`` when divided by ``count``."""

    number: int = 1
    count: int = 1

    def hands(self, total: int) -> int:
        """How many of the campaign's ``total`` hands are in this part."""
        first = self.number - 1
        return 0 if first >= total else (total - 1 - first) // self.count + 1

    def index(self, position: int) -> int:
        """The campaign index of this part's ``position``-th hand."""
        return self.number - 1 + position * self.count

    @property
    def label(self) -> str:
        return f"{self.number}/{self.count}"
