"""Engines whose capabilities say something about how they are to be judged
(:mod:`ginspec.adapters.profile`): contradictions the suite refuses before anything is asked, and
wrappers written before a parameter existed.

- :class:`BadReadingLetter`, :class:`UnknownQuestion`: a reading the register does not have.
- :class:`LimitAgainstHome`: a home variant whose own value its limits exclude.
- :class:`OlderWrapper`: written for suite 0.1, before ``ace_in_runs``: it plays the ace low only
  and never says so; :class:`UnversionedWrapper` is the same wrapper stating no suite version.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter


class BadReadingLetter(ReferenceAdapter):
    def capabilities(self) -> Capabilities:
        return dataclasses.replace(super().capabilities(), engine="bad-reading-letter", readings={"Q2": "z"})


class UnknownQuestion(ReferenceAdapter):
    def capabilities(self) -> Capabilities:
        return dataclasses.replace(super().capabilities(), engine="unknown-question", readings={"Q999": "b"})


class LimitAgainstHome(ReferenceAdapter):
    """Home ``oklahoma`` (``oklahoma: true``), yet it plays ``oklahoma`` only at ``false``."""

    def capabilities(self) -> Capabilities:
        return dataclasses.replace(super().capabilities(), engine="limit-against-home", home_variant="oklahoma", parameters={"oklahoma": (False,)})


class OlderWrapper(ReferenceAdapter):
    """An engine that plays the ace low in runs whatever it is asked, wrapped for suite 0.1."""

    suite = "0.1"

    def capabilities(self) -> Capabilities:
        return dataclasses.replace(super().capabilities(), engine="older-wrapper", suite_version=self.suite)

    def ask(self, question: Question) -> dict[str, Any]:
        return super().ask(dataclasses.replace(question, parameters={**question.parameters, "ace_in_runs": "low"}))


class UnversionedWrapper(OlderWrapper):
    suite = None  # type: ignore[assignment]


class KnockLimitTen(ReferenceAdapter):
    """Knocks with up to 10 points whatever the variant says, and never says so."""

    def ask(self, question: Question) -> dict[str, Any]:
        return super().ask(dataclasses.replace(question, parameters={**question.parameters, "knock_limit": 10}))


class HouseHome(ReferenceAdapter):
    """Plays the house rules of ``low-knock.yaml`` beside this file (a knock limit of 8) whatever
    it is asked, and names that file as its home variant."""

    home = "low-knock.yaml"

    def capabilities(self) -> Capabilities:
        return dataclasses.replace(super().capabilities(), engine="house-home", home_variant=self.home, parameters={"knock_limit": (8,)})

    def ask(self, question: Question) -> dict[str, Any]:
        return super().ask(dataclasses.replace(question, parameters={**question.parameters, "knock_limit": 8}))


class FolderHome(HouseHome):
    """:class:`HouseHome` naming its home by the name of a variant of the project's variants folder."""

    home = "low-knock"


def _masquerade_reading() -> type:
    from tests.masquerade_engines import Reading

    return Reading


class CountsElevenCards(_masquerade_reading()):  # type: ignore[misc]
    """Declares and plays reading ``b`` of Q2: a knock counts the eleven cards before the discard."""

    def __init__(self) -> None:
        super().__init__("Q2", "b")


class CountsElevenCardsGinTwenty(CountsElevenCards):
    """:class:`CountsElevenCards` with a defect besides its reading: a gin bonus of 20, not 25."""

    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)
        if question.kind == "round" and answer.get("outcome") == "gin" and isinstance(answer.get("points"), int):
            answer = {**answer, "points": answer["points"] - 5}
        return answer
