"""The readings an engine declares, honoured in a campaign. A reading the reference engine plays
(:func:`ginspec.suite.readings.reference_played`: Q2 b, Q7 b, Q12 c, Q19 b, Q27 b and c, Q30 b) is
played on the rules' side of every hand (:func:`playing_readings`), so the engine is judged on
every hand under it. For any other: a hand whose departure turns on an open
question of ``spec/ambiguities.yaml`` that the engine reads otherwise than the rules' default, and
that no parameter selects (``readings`` in its capabilities), is not a disagreement. The rules'
moves are played under the default readings, so such an engine departs from them exactly where its
reading answers otherwise: the hand is counted with the declined ones, never as a defect
(:meth:`~ginspec.adapters.base.Capabilities.reading_unsupported`, as ``ginspec check`` does with a
case). The open questions a departure turns on are those of the hand cut at the departure with
only the state there reported: the move that departs (a knock a reading refuses) and the moves
offered there (a knock a reading leaves out); for an answer without any state, which cannot be
placed, those of every state up to the cut (:func:`ginspec.judging.open_questions.open_questions_of`:
Q2, Q7, Q12, Q19, Q27, Q30, Q31 in a hand of two, Q21 at a table of three or four too)."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from ginspec.adapters.base import Capabilities
from ginspec.detection.campaign.compare import Outcome
from ginspec.detection.campaign.hands import Hand


def _questions(hand: Hand, length: int, observed: list[int], parameters: Mapping[str, Any], kind: str) -> set[str]:
    """The open questions the first ``length`` actions of ``hand`` turn on, with the states after
    ``observed`` action counts reported (:func:`ginspec.judging.open_questions.open_questions_of`)."""
    from ginspec.judging.open_questions import open_questions_of

    data = {"deal": hand.deal, "actions": hand.actions[:length], "observe_after": observed}
    return set(open_questions_of(kind, data, parameters))


UNPLACED = "the engine reported no state"
"""A departure the judge cannot place in the hand: the engine's answer holds no state at all."""


def departure_reading(capabilities: Capabilities, hand: Hand, cut: int, parameters: Mapping[str, Any], placed: bool = True, kind: str = "round") -> str | None:
    """Why the departure of ``hand`` after ``cut`` actions is the engine's declared reading, or
    ``None``; a departure not ``placed`` (an answer without states) is read on all the hand's first
    ``cut`` actions. A hand posed without its lay-offs is read as it was played."""
    if hand.full is not None:
        hand, cut = hand.full, hand.explicit_cut(cut)
    try:
        turned = _questions(hand, cut, [cut] if placed else list(range(cut + 1)), parameters, kind)
    except Exception:  # noqa: BLE001 - a hand the rules cannot replay so far turns on no reading
        return None
    return capabilities.reading_unsupported(sorted(turned))


def honoured(outcome: Outcome, hand: Hand, capabilities: Capabilities, parameters: Mapping[str, Any], kind: str = "round") -> Outcome:
    """``outcome`` without the departures that are the engine's declared reading: the hand is
    declined when every departure it shows is one, else it disagrees at the first that is not
    (a hand goes on past a reading shown in the moves listed as legal, as past any such departure).
    ``kind``: ``table_round`` for a hand at a table of three or four."""
    if outcome.status != "disagree" or not capabilities.readings:
        return outcome
    shown = [(outcome.signature, outcome.cut, outcome.problem, 0), *outcome.also]
    reasons = [departure_reading(capabilities, hand, cut, parameters, UNPLACED not in problem, kind) for _, cut, problem, _ in shown]
    if not any(reasons):
        return outcome
    kept = [departure for departure, reason in zip(shown, reasons) if reason is None]
    if not kept:
        return Outcome(outcome.index, "unsupported", problem=str(reasons[0]))
    (signature, cut, problem, _), *rest = kept
    return Outcome(outcome.index, "disagree", signature, cut, problem, also=tuple(rest))


def playing_readings(plan: Any, capabilities: Capabilities) -> tuple[Any, Capabilities]:
    """``plan`` (:class:`ginspec.detection.campaign.worker.Plan`) with the engine's declared readings that the reference engine plays, and the
    capabilities the hands are judged under: without those readings, since the rules' side plays
    them (a departure there is a defect, not the reading); the others still decline a hand
    (:func:`honoured`)."""
    from ginspec.suite.readings import reference_played

    played = reference_played(capabilities.readings)
    if not played:
        return plan, capabilities
    kept = {question: reading for question, reading in capabilities.readings.items() if question not in played}
    return dataclasses.replace(plan, readings=played), dataclasses.replace(capabilities, readings=kept)
