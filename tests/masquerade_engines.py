"""The reference engine in the clothes of other engines: each wrapper declares one capability
profile an engine can have and answers faithfully in that style, so that a suite fair to every
profile passes it on every case it asks (``tests/test_masquerades.py``).

- :class:`AutomaticLayoffs`: ``layoff_style: automatic``. The defender's lay-off phase holds only
  ``done``; at ``done`` the engine lays off as well as it can (LAYOFF-OPTIMAL), and it skips any
  lay-off action it is sent. With a home variant, it plays that variant's parameters only.
- :class:`Omitting`: leaves out the answer fields it declares in ``omits``.
- :class:`HomeVariant`: plays one variant of ``spec/variants/`` and nothing else: every other
  question is declined unless its parameters are those of the variant where the answer turns on
  them (limited parameters).
- :class:`NoRefusals`: declares no ``refuses``; a malformed question is declined.
- :class:`Limited`: plays some parameters only at the values it lists (with a home variant: every
  parameter of that variant), answering under its own value whatever it is asked.
- :class:`Reading`: plays one reading of one open question of ``spec/ambiguities.yaml``
  (:mod:`tests.masquerade_readings`).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from ginspec.adapters.base import Capabilities, Question, Refused, replay_round
from ginspec.adapters.reference import ReferenceAdapter, observe, start_of_round
from reference_impl.actions import parse_action
from reference_impl.cards import sort_cards
from reference_impl.layoff import best_defence
from reference_impl.round import Action, IllegalAction, apply
from tests.masquerade_readings import Reading as ActedReading


class AutomaticLayoffs(ReferenceAdapter):
    """The reference engine laying off for the defender."""

    def __init__(self, home_variant: str | None = None) -> None:
        self.home_variant = home_variant

    def capabilities(self) -> Capabilities:
        declared = dataclasses.replace(super().capabilities(), engine="automatic-layoffs", layoff_style="automatic")
        if self.home_variant is None:
            return declared
        from ginspec.suite.variants import get_variant

        played = {name: (value,) for name, value in get_variant(self.home_variant).parameters.items()}
        return dataclasses.replace(declared, engine=f"automatic-layoffs-{self.home_variant}", parameters=played, home_variant=self.home_variant)

    def _answer(self, question: Question) -> dict[str, Any]:
        if question.kind != "round":
            return super()._answer(question)
        data = {**question.input, "parameters": question.parameters}
        for text in data["actions"]:
            parse_action(text)
        state = start_of_round(data)

        def lay_off_best(defender: str) -> None:
            nonlocal state
            best = best_defence(state.spread, state.hand(defender), state.hand_rules)
            for layoff in best.layoffs:
                onto = sort_cards(state.spread[layoff.meld])[0]
                state = apply(state, Action(defender, "layoff", card=layoff.card, onto=onto))

        def play(text: str) -> None:
            nonlocal state
            action = parse_action(text)
            if action.verb == "layoff" and state.phase == "layoff":
                return  # the engine lays off for the defender: a lay-off it is told of is ignored
            try:
                if action.verb == "done" and state.phase == "layoff" and action.player == state.to_play:
                    lay_off_best(action.player)
                state = apply(state, action)
            except IllegalAction as exc:
                raise Refused(exc.reason, str(exc), exc.forfeits, exc.action) from None

        def seen() -> dict[str, Any]:
            found = observe(state)
            found["legal"] = [text for text in found["legal"] if " layoff " not in f" {text} "]
            return found

        def finish() -> dict[str, Any]:
            return {**state.result.to_data(), "finished": True} if state.result else {"finished": False}

        return replay_round(data["actions"], data.get("observe_after", ()), play, seen, finish)


class Omitting(ReferenceAdapter):
    """The reference engine unable to report some fields of its answers."""

    def __init__(self, omitted: frozenset[str]) -> None:
        self.omitted = omitted

    def capabilities(self) -> Capabilities:
        return dataclasses.replace(super().capabilities(), engine=f"omits-{'-'.join(sorted(self.omitted))}", omits=self.omitted)

    def ask(self, question: Question) -> dict[str, Any]:
        return _without(super().ask(question), self.omitted)


def _without(answer: dict[str, Any], omitted: frozenset[str]) -> dict[str, Any]:
    """The answer without the omitted fields: at its top, in each reported state of a replayed
    hand, and in its refused action (``forfeits``)."""
    kept = {key: value for key, value in answer.items() if key not in omitted}
    if isinstance(kept.get("checkpoints"), dict):
        kept["checkpoints"] = {after: {key: value for key, value in state.items() if key not in omitted} for after, state in kept["checkpoints"].items()}
    if isinstance(kept.get("illegal"), dict):
        kept["illegal"] = {key: value for key, value in kept["illegal"].items() if key not in omitted}
    return kept


class NoRefusals(ReferenceAdapter):
    """The reference engine declaring no refusal: it declines a malformed question."""

    def capabilities(self) -> Capabilities:
        return dataclasses.replace(super().capabilities(), engine="no-refusals", refuses={})

    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)
        if "refused" in answer:
            return {"unsupported": f"malformed ({answer['refused']})"}
        return answer


class Limited(ReferenceAdapter):
    """The reference engine that plays each named parameter only at the values listed (the first
    is its own): asked with another value, it plays its own, as an engine that cannot set the
    parameter would, and its answer is wrong wherever the value matters."""

    def __init__(self, limits: Mapping[str, tuple[Any, ...]], home_variant: str | None = None) -> None:
        self.limits = dict(limits)
        self.home_variant = home_variant

    def capabilities(self) -> Capabilities:
        name = self.home_variant or "limited-" + "-".join(sorted(self.limits))
        return dataclasses.replace(super().capabilities(), engine=name, parameters=self.limits, home_variant=self.home_variant)

    def ask(self, question: Question) -> dict[str, Any]:
        own = {name: values[0] for name, values in self.limits.items() if name in question.parameters and question.parameters[name] not in values}
        if own:
            question = dataclasses.replace(question, parameters={**question.parameters, **own})
        return super().ask(question)


class Reading(ActedReading, Limited):
    """The reference engine playing one reading of an open question (the default readings of all
    others), acted out as :mod:`tests.masquerade_readings` describes."""

    def __init__(self, question: str, reading: str) -> None:
        from ginspec.suite.readings import reading_limits

        super().__init__(reading_limits({question: reading}))
        self.question = question
        self.reading = reading
