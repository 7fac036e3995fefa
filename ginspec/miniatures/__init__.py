"""Miniatures: small engines, each the reference engine with one realistic defect, each stating the
rule it breaks. ``ginspec selftest`` runs the suite against every one: the suite must catch each,
and its blame ranking must name the broken rule first.

Run one as an engine: ``ginspec check --engine miniature:NAME``.
"""

from __future__ import annotations

from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.errors import UnknownEngine
from ginspec.miniatures.defects import AREAS, Miniature
from ginspec.miniatures import games, hands, play

PREFIX = "miniature:"

MINIATURES: dict[str, Miniature] = {miniature.name: miniature for module in (hands, play, games) for miniature in module.MINIATURES}
"""Every miniature by name."""


class MiniatureAdapter(ReferenceAdapter):
    """The reference engine with one miniature's defect in force while it answers."""

    def __init__(self, miniature: Miniature) -> None:
        self.miniature = miniature

    def capabilities(self) -> Capabilities:
        return Capabilities(engine=f"{PREFIX}{self.miniature.name}", version="1")

    def ask(self, question: Question) -> dict[str, Any]:
        wrong = Question(question.kind, question.input, self.miniature.read_parameters(question.parameters), question.id)
        with self.miniature.in_force():
            return super().ask(wrong)


def open_miniature(engine: str) -> MiniatureAdapter:
    """The adapter for ``miniature:NAME``."""
    name = engine.removeprefix(PREFIX)
    if name not in MINIATURES:
        raise UnknownEngine(f"engine {engine!r}: no miniature {name!r} (ginspec selftest --list names them)")
    return MiniatureAdapter(MINIATURES[name])


__all__ = ["AREAS", "MINIATURES", "Miniature", "MiniatureAdapter", "PREFIX", "open_miniature"]
