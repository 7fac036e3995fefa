"""Small wrappers of the reference engine for ``ginspec replay``: each declares one capability an
engine can have and answers faithfully in that style (``tests/test_replay_fairness.py``)."""

from __future__ import annotations

from typing import Any

from ginspec.adapters.base import Question, Refused
from ginspec.play.transcripts import RESULT_FIELDS, STATE_FIELDS
from ginspec.suite.variants import get_variant
from tests.masquerade_engines import Limited, Omitting, Reading
from tests.masquerade_readings import _replay


class WithoutBigGin(Limited):
    """Knows no big gin (``big_gin`` limited to false), as OpenSpiel."""

    def __init__(self) -> None:
        super().__init__({"big_gin": (False,)})


class KeepsTheTakenCard(Limited):
    """May always throw back the card just taken (``discard_taken_card`` limited to true), and has
    no home variant to be judged under instead."""

    def __init__(self) -> None:
        super().__init__({"discard_taken_card": (True,)})


class PlaysOpenSpielRules(Limited):
    """Plays the rules of the ``openspiel`` variant and no others: its home variant."""

    def __init__(self) -> None:
        super().__init__({name: (value,) for name, value in get_variant("openspiel").parameters.items()}, home_variant="openspiel")


class RefusesEveryKnock(Limited):
    """Refuses every knock as over the limit, as an engine with a knock limit of 0 would, though
    it declares none: a departure, named at the refused move."""

    def __init__(self) -> None:
        super().__init__({})

    def _answer(self, question: Question) -> dict[str, Any]:
        if question.kind != "round":
            return super()._answer(question)

        def before(state: Any, action: Any) -> None:
            if action.verb == "knock":
                raise Refused("over_knock_limit", "no knock is low enough", False)

        return _replay(question, before, lambda state, reported: reported)


class ReportsNoStates(Omitting):
    """Reports the end of a hand but none of the states along it (every state field omitted)."""

    def __init__(self) -> None:
        super().__init__(frozenset(STATE_FIELDS))


class ReportsNothing(Omitting):
    """Reports neither the states of a hand nor its end (every field replay compares omitted)."""

    def __init__(self) -> None:
        super().__init__(frozenset(STATE_FIELDS + RESULT_FIELDS))


class ScoresASpreadAsShown(Reading):
    """Reads open question Q30 as ``b``: a knock is scored by the spread it shows, so a gin hand
    shown with a short spread is an illegal knock."""

    def __init__(self) -> None:
        super().__init__("Q30", "b")
