"""Engines that read one open question otherwise than this suite, each acting its reading out
(:mod:`tests.masquerade_readings`), for the scenarios' tests (``tests/test_scenario_readings.py``)."""

from __future__ import annotations

from tests.masquerade_engines import Omitting, Reading


class CountsBeforeTheDiscard(Reading):
    """Q2 ``b``: the count for a knock is taken over the eleven cards before the discard."""

    def __init__(self) -> None:
        super().__init__("Q2", "b")


class GinAgainstNoDeadwoodIsNoWin(Reading):
    """Q7 ``b``: gin does not win against a defender who also has no deadwood."""

    def __init__(self) -> None:
        super().__init__("Q7", "b")


class EveryDefenderAtOrBelowRewarded(Reading):
    """Q21 ``b``: at a table, every defender at or below the knocker's count undercuts."""

    def __init__(self) -> None:
        super().__init__("Q21", "b")


class OmitsStates(Omitting):
    """An engine that reports a hand's end but none of its states (``omits: [checkpoints]``)."""

    def __init__(self) -> None:
        super().__init__(frozenset({"checkpoints"}))
