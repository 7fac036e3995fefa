"""The readings an engine declares, honoured in a campaign: a hand whose departure turns on an open
question of ``spec/ambiguities.yaml`` that the engine reads otherwise than the rules' default, and
that no parameter selects (``readings`` in its capabilities), is not a disagreement. The rules'
moves are played under the default readings, so such an engine departs from them exactly where its
reading answers otherwise: the hand is counted with the declined ones, never as a defect
(:meth:`~ginspec.adapters.base.Capabilities.reading_unsupported`, as ``ginspec check`` does with a
case). The open questions a departure turns on are those the hand cut at the departure turns on
and the hand one action shorter does not (all those the cut hand turns on, where that leaves none) (:func:`ginspec.judging.open_questions.open_questions_of`:
Q2, Q7, Q12, Q19, Q27, Q30, Q31 in a hand of two)."""

from __future__ import annotations

from typing import Any, Mapping

from ginspec.adapters.base import Capabilities
from ginspec.detection.campaign.compare import Outcome
from ginspec.detection.campaign.hands import Hand


def _questions(hand: Hand, length: int, parameters: Mapping[str, Any]) -> set[str]:
    from ginspec.judging.open_questions import open_questions_of

    if length <= 0:
        data = {"deal": hand.deal, "actions": [], "observe_after": [0]}
        return set(open_questions_of("round", data, parameters))
    return set(open_questions_of("round", hand.question_input(length), parameters))


def departure_reading(capabilities: Capabilities, hand: Hand, cut: int, parameters: Mapping[str, Any]) -> str | None:
    """Why the departure of ``hand`` after ``cut`` actions is the engine's declared reading, or
    ``None``. A hand posed without its lay-offs is read as it was played."""
    if hand.full is not None:
        hand, cut = hand.full, hand.explicit_cut(cut)
    try:
        reached = _questions(hand, cut, parameters)
        turned = reached - (_questions(hand, cut - 1, parameters) if cut > 0 else set())
    except Exception:  # noqa: BLE001 - a hand the rules cannot replay so far turns on no reading
        return None
    # a departure the judge could not cut short (an answer without any state) is read on the
    # whole of the hand: an engine departs at the first place its reading answers otherwise
    return capabilities.reading_unsupported(sorted(turned or reached))


def honoured(outcome: Outcome, hand: Hand, capabilities: Capabilities, parameters: Mapping[str, Any]) -> Outcome:
    """``outcome``, or the hand declined where its departure is the engine's declared reading."""
    if outcome.status != "disagree" or not capabilities.readings:
        return outcome
    reason = departure_reading(capabilities, hand, outcome.cut, parameters)
    return Outcome(outcome.index, "unsupported", problem=reason) if reason else outcome
