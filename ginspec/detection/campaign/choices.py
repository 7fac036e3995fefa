"""The knocker's spread in a campaign hand: the choice the rules leave to the knocker
(SCORE-AUTO-SPREAD, :mod:`ginspec.judging.admissible`).

A campaign's knock names no spread (``p2 knock 6d``), so the knocker may lay down any of his
least-deadwood arrangements; the hand is played by the reference engine with the one best for
him, and the defender's lay-offs, the moves listed then and the points follow from it. An engine
that lays down another agrees with the rules as much: a hand that disagrees is judged again
against the rules' answer under each other spread the knocker may choose (only those best for him
when the engine declares ``knocker_spread: best``), each worked out by the reference engine with
that spread given, the same moves played (a lay-off onto the reference engine's spread that does
not fit another is refused under it); the hand agrees when the engine's answer is one of them.
The refusal reason, the other choice of the rules, never arises here: every move of a campaign
hand is legal by the rules, so the rules refuse none.
"""

from __future__ import annotations

from typing import Any, Mapping

from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.detection.campaign.compare import Outcome, answers_as_judged
from ginspec.detection.campaign.hands import END_FIELDS, Hand


def _hand_of(hand: Hand, answer: Mapping[str, Any]) -> Hand | None:
    """``hand`` with the rules' answer ``answer`` (a reference engine's answer to its ``round``
    question, no move refused) as its checkpoints and end; ``None`` when it has not every state."""
    points = answer.get("checkpoints") or {}
    if len(points) != len(hand.actions) + 1:
        return None
    checkpoints = [dict(points[str(after)]) for after in range(len(hand.actions) + 1)]
    return Hand(hand.seed, hand.index, hand.deal, hand.actions, checkpoints, {key: answer[key] for key in END_FIELDS if key in answer})


def admitted(outcome: Outcome, hand: Hand, engine: Adapter, capabilities: Capabilities, parameters: Mapping[str, Any], rules_parameters: Mapping[str, Any]) -> Outcome:
    """``outcome``, or an agreement when the engine's answer to ``hand`` is the rules' answer
    under another spread its knocker may choose (the module docstring). ``parameters``: those the
    engine is asked under; ``rules_parameters``: those the rules' side plays (its readings too)."""
    from ginspec.adapters.capability_shape import KNOCKER_SPREADS

    if outcome.status != "disagree" or hand.full is not None or capabilities.knocker_spread not in KNOCKER_SPREADS:
        return outcome
    from ginspec.judging.admissible import spread_questions
    from ginspec.judging.dependence import posed_answer

    others = spread_questions(Question("round", hand.question_input(), dict(rules_parameters), "campaign-spread"), capabilities.knocker_spread == "best")
    if len(others) < 2:
        return outcome
    try:
        observed = engine.ask(Question("round", hand.question_input(), dict(parameters), f"campaign-{hand.seed}-{hand.index}"))
    except Exception:  # noqa: BLE001 - no answer: the outcome stands
        return outcome
    for posed in others:
        try:
            answer = posed_answer(posed)
        except Exception:  # noqa: BLE001 - a spread the rules cannot score admits nothing
            continue
        if _agrees(hand, answer, observed, capabilities.omits):
            return Outcome(outcome.index, "agree")
    return outcome


def _agrees(hand: Hand, answer: Mapping[str, Any], observed: Any, omits: frozenset[str]) -> bool:
    """Whether ``observed`` is ``answer``, the rules' answer to ``hand`` under another spread. A
    lay-off the hand played onto the reference engine's spread may not fit another: that answer
    refuses it, and is compared as ``ginspec replay`` compares a refused move."""
    if not answer.get("illegal"):
        other = _hand_of(hand, answer)
        return other is not None and answers_as_judged(other, observed, omits)
    from ginspec.play.transcripts import Transcript, engine_divergence

    played = Transcript("", {}, hand.deal, tuple(hand.actions), None)
    return engine_divergence(played, answer, observed, omits) is None
