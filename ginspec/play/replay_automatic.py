"""A transcript put to an engine that lays off for the defender (``layoff_style: automatic``), as
``ginspec check`` poses a case to it (:mod:`ginspec.judging.automatic`).

Such an engine never takes a ``pN layoff C`` move: when the defender says ``done`` it makes his
best lay-offs itself (LAYOFF-OPTIMAL, LAYOFF-CHAIN where the variant chains). The transcript is
replayed to it without its written lay-offs, and its answer is judged against the rules' answer to
the same moves with the defender's best lay-offs played before his ``done``: the states after
every move (a lay-off phase offering only ``done``) and the end those lay-offs give. The written
lay-offs may be fewer or other than the best: the engine is judged on its own, best ones.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from ginspec.play.transcripts import Transcript, round_question, rules_replay


def _is_layoff(text: str) -> bool:
    words = str(text).split()
    return len(words) > 1 and words[1] == "layoff"


def posed_for_automatic(transcript: Transcript, variant: str | None = None, readings: Mapping[str, str] | None = None) -> tuple[Transcript, dict[str, Any]] | None:
    """The transcript without its lay-offs and the rules' answer an engine laying off for the
    defender must give to it (see the module docstring), under ``variant`` when one is given (and
    the rules' side under ``readings``, :func:`ginspec.play.transcripts.rules_replay`); or
    ``None`` when lay-offs cannot touch the hand, or its moves cannot be played with the best
    lay-offs (a move the rules refuse: the transcript is then judged as it is written)."""
    from ginspec.judging.automatic import best_layoff_moves, strip_layoffs

    if not any(_is_layoff(text) or str(text).split()[1:2] == ["done"] for text in transcript.actions):
        return None
    posed = dataclasses.replace(transcript, actions=tuple(text for text in transcript.actions if not _is_layoff(text)))
    question = round_question(posed, variant)
    try:
        moves, choices = best_layoff_moves(question.input, question.parameters)
    except Exception:  # noqa: BLE001 - a move the rules refuse: the hand is judged as written
        return None
    answer = rules_replay(dataclasses.replace(transcript, actions=tuple(moves)), variant, readings)
    points = [{"after": int(step), **state} for step, state in sorted((answer.get("checkpoints") or {}).items(), key=lambda item: int(item[0]))]
    refused = {"illegal": answer["illegal"]} if answer.get("illegal") else {}
    _, stripped = strip_layoffs(moves, {"checkpoints": points, **refused})
    rules = {name: value for name, value in answer.items() if name not in ("checkpoints", "illegal")}
    rules["checkpoints"] = {str(point["after"]): {name: value for name, value in point.items() if name != "after"} for point in stripped["checkpoints"]}
    if refused:
        rules["illegal"] = stripped["illegal"]
    if choices != 1:
        rules.pop("layoffs", None)  # several sets of lay-offs are best: which one is the engine's choice
    return posed, rules
