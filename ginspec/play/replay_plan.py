"""How a transcript is put to an engine, as fairly as ``ginspec check`` puts a case.

- **Dependence.** A transcript's moves are judged under its own rules, but an engine that cannot
  set some parameter is not turned away for it unless the moves depend on it: the dependence of
  the replay (every state after every move, and the end) is worked out from the rules
  (:func:`ginspec.judging.dependence.dependence`), and the engine is asked with its own value of every
  limited parameter the moves do not depend on, which cannot change any state or result.
- **Home variant.** When the engine cannot play the transcript's rules where the moves depend on
  them, and has a home variant (``home_variant``), the same moves are judged under its own rules
  instead, as ``check`` derives a case for them; the verdict names that variant.
- **Readings.** An engine's declared reading of an open question of ``spec/ambiguities.yaml``
  that no parameter settles is played by the rules' side where the reference engine plays it
  (:func:`reading_played`), so the transcript is judged under it. A transcript whose moves turn
  on another such reading (:mod:`ginspec.judging.open_questions`) is not put to the engine
  (:meth:`ginspec.adapters.base.Capabilities.reading_unsupported`).
- **Unsupported.** A transcript the engine cannot play under any of these is *unsupported*, with
  the reason, never an error of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ginspec.adapters.base import Capabilities, Question


@dataclass(frozen=True)
class ReplayPlan:
    """What the engine is asked and what its answer is judged against, or why it is not asked.

    ``under`` names the variant the moves are judged under when it is the engine's home variant
    rather than the transcript's own (or the one ``--variant`` chose)."""

    question: Question | None
    rules_answer: Mapping[str, Any] | None
    under: str | None = None
    unsupported: str | None = None


def reading_played(capabilities: Capabilities) -> tuple[Capabilities, dict[str, str]]:
    """The engine's declared readings that the reference engine plays
    (:func:`ginspec.suite.readings.reference_played`), and its capabilities without them: the
    rules' side of a replay plays them, so a move that turns on them is judged, not turned away."""
    from ginspec.suite.readings import reference_played

    played = reference_played(capabilities.readings)
    if not played:
        return capabilities, {}
    return replace(capabilities, readings={question: reading for question, reading in capabilities.readings.items() if question not in played}), played


def compared_paths(question: Question, rules_answer: Mapping[str, Any]) -> tuple[str, ...]:
    """The fields of the rules' answer that a replay compares (:func:`ginspec.play.transcripts.engine_divergence`):
    every state field after every move, the refused move, whether the hand is over, and its end."""
    from ginspec.play.transcripts import RESULT_FIELDS, STATE_FIELDS

    paths = [
        f"checkpoints.{step}.{name}"
        for step, state in (rules_answer.get("checkpoints") or {}).items()
        for name in STATE_FIELDS
        if isinstance(state, Mapping) and name in state
    ]
    paths += ["illegal.index", "illegal.reason", "finished"]
    return tuple(paths + [name for name in RESULT_FIELDS if name in rules_answer])


def replay_dependence(question: Question, rules_answer: Mapping[str, Any]) -> tuple[str, ...]:
    """The parameters whose value changes some state or the end of the replayed hand."""
    from ginspec.judging.dependence import PathProbe, dependence

    probe = PathProbe(question.kind, question.input, {}, paths=compared_paths(question, rules_answer), baseline=rules_answer)
    return dependence(probe, question.parameters)


def _open_questions(question: Question) -> tuple[str, ...]:
    try:
        from ginspec.judging.open_questions import open_questions_of
    except ImportError:  # pragma: no cover - a suite without declarable readings
        return ()
    return open_questions_of(question.kind, question.input, question.parameters)


def playable(question: Question, rules_answer: Mapping[str, Any], capabilities: Capabilities) -> tuple[Question | None, str | None]:
    """``question`` as the engine can be asked it (its own value of every limited parameter the
    moves do not depend on), or why it cannot be asked."""
    reason = capabilities.unsupported_reason(question)
    if reason is None:
        depends_on: tuple[str, ...] | None = None
    elif question.kind not in capabilities.kinds:
        return None, reason
    else:
        depends_on = replay_dependence(question, rules_answer)
        reason = capabilities.unsupported_reason(question, depends_on)
    reading = getattr(capabilities, "reading_unsupported", None)
    if reason is None and reading is not None:
        reason = reading(_open_questions(question))
    if reason is not None:
        return None, reason
    if depends_on is not None:
        question = replace(question, parameters=capabilities.playable_parameters(question.parameters, depends_on))
    return question, None


def plan_replay(transcript: Any, capabilities: Capabilities, rules_answer: Mapping[str, Any], variant: str | None = None, readings: Mapping[str, str] | None = None) -> ReplayPlan:
    """How ``transcript`` is put to the engine of ``capabilities`` (see the module docstring);
    ``rules_answer`` is the rules' answer under ``variant`` (``None``: the transcript's own) and
    the ``readings`` the rules' side plays (:func:`reading_played`)."""
    from ginspec.errors import InvalidTranscript
    from ginspec.play.transcripts import round_question, rules_replay

    question, reason = playable(round_question(transcript, variant), rules_answer, capabilities)
    if question is not None:
        return ReplayPlan(question, rules_answer)
    home = capabilities.home_variant
    if variant is not None or home is None or home == transcript.variant:
        return ReplayPlan(None, None, unsupported=reason)
    try:
        home_answer = rules_replay(transcript, home, readings)
    except InvalidTranscript as exc:
        return ReplayPlan(None, None, unsupported=f"{reason}; nor can the hand be dealt under {home}, its own rules: {str(exc).split(': ', 1)[-1]}")
    refused = home_answer.get("illegal")
    if refused:
        return ReplayPlan(None, None, unsupported=f"{reason}; under {home}, its own rules, move {refused['index'] + 1} is illegal: {refused['message']}")
    home_question, home_reason = playable(round_question(transcript, home), home_answer, capabilities)
    if home_question is None:
        return ReplayPlan(None, None, unsupported=f"{reason}; under {home}, its own rules: {home_reason}")
    return ReplayPlan(home_question, home_answer, under=home)


def other_spread_agrees(transcript: Any, question: Question, engine_answer: Any, capabilities: Capabilities, readings: Mapping[str, str] | None = None) -> bool:
    """Whether ``engine_answer`` is the rules' answer to ``question`` under another spread its
    knocker may choose where a knock names none (SCORE-AUTO-SPREAD; only those best for him when
    the engine declares ``knocker_spread: best``): the rules leave that choice to the knocker
    (:mod:`ginspec.judging.admissible`), so such an answer agrees with the rules as much."""
    from ginspec.adapters.capability_shape import KNOCKER_SPREADS
    from ginspec.judging.admissible import spread_questions
    from ginspec.judging.dependence import posed_answer
    from ginspec.play.transcripts import engine_divergence
    from ginspec.suite.readings import rules_parameters

    if capabilities.knocker_spread not in KNOCKER_SPREADS:
        return False
    ruled = replace(question, parameters=rules_parameters(question.parameters, readings or {}))
    for posed in spread_questions(ruled, capabilities.knocker_spread == "best"):
        try:
            answer = posed_answer(posed)
        except Exception:  # noqa: BLE001 - a spread the rules cannot score admits nothing
            continue
        if engine_divergence(transcript, answer, engine_answer, capabilities.omits) is None:
            return True
    return False
