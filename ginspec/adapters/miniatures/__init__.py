"""Miniatures: small engines, each the reference engine with one realistic defect, each stating the
rule it breaks. ``ginspec selftest`` runs the suite against every one: the suite must catch each,
and its blame ranking must name the broken rule first.

Run one as an engine: ``ginspec check --engine miniature:NAME``; several at once (an engine with
several defects): ``--engine miniature:NAME+NAME``.
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any, Sequence

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.profile import current_suite_version
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.errors import UnknownEngine
from ginspec.adapters.miniatures.defects import AREAS, Miniature
from ginspec.adapters.miniatures import games, hands, play, shortcuts

PREFIX = "miniature:"

MINIATURES: dict[str, Miniature] = {miniature.name: miniature for module in (hands, play, games, shortcuts) for miniature in module.MINIATURES}
"""Every miniature by name."""


class MiniatureAdapter(ReferenceAdapter):
    """The reference engine with one miniature's defect in force while it answers."""

    def __init__(self, miniature: Miniature) -> None:
        self.miniature = miniature

    def capabilities(self) -> Capabilities:
        return Capabilities(engine=f"{PREFIX}{self.miniature.name}", version="1", suite_version=current_suite_version(), knocker_spread=self.miniature.knocker_spread)

    def ask(self, question: Question) -> dict[str, Any]:
        wrong = Question(question.kind, question.input, self.miniature.read_parameters(question.parameters), question.id)
        with self.miniature.in_force():
            return super().ask(wrong)


class CombinedAdapter(ReferenceAdapter):
    """The reference engine with several miniatures' defects in force at once, as a real engine
    has several defects: ``miniature:NAME+NAME+...``. Each reads the parameters in turn and each
    replacement is put in, in the order named."""

    def __init__(self, miniatures: Sequence[Miniature]) -> None:
        self.miniatures = tuple(miniatures)

    def capabilities(self) -> Capabilities:
        declared = "best" if any(miniature.knocker_spread == "best" for miniature in self.miniatures) else "any"
        return Capabilities(engine=PREFIX + "+".join(miniature.name for miniature in self.miniatures), version="1", suite_version=current_suite_version(), knocker_spread=declared)

    def ask(self, question: Question) -> dict[str, Any]:
        parameters = dict(question.parameters)
        for miniature in self.miniatures:
            parameters = miniature.read_parameters(parameters)
        with ExitStack() as stack:
            for miniature in self.miniatures:
                stack.enter_context(miniature.in_force())
            return super().ask(Question(question.kind, question.input, parameters, question.id))


def open_miniature(engine: str) -> ReferenceAdapter:
    """The adapter for ``miniature:NAME``, or ``miniature:NAME+NAME+...`` for several defects at once."""
    names = engine.removeprefix(PREFIX).split("+")
    for name in names:
        if name not in MINIATURES:
            raise UnknownEngine(f"engine {engine!r}: no miniature {name!r} (ginspec selftest --list names them)")
    if len(names) == 1:
        return MiniatureAdapter(MINIATURES[names[0]])
    return CombinedAdapter([MINIATURES[name] for name in names])


__all__ = ["AREAS", "CombinedAdapter", "MINIATURES", "Miniature", "MiniatureAdapter", "PREFIX", "open_miniature"]
