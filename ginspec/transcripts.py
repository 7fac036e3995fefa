"""Transcripts: a saved hand (variant, explicit deal, actions, and the result as recorded), and
replaying one through any engine to find the first point where the engine departs from the rules.

```yaml
variant: standard
overrides: {}            # optional parameter overrides
deal: {dealer: p2, hands: {p1: ..., p2: ...}, upcard: Kd, stock: ...}
actions: [p1 pass, p2 draw discard, p2 discard 4c, ...]
result: {outcome: knock, winner: p1, points: 12}   # optional: what was recorded when it was played
```
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

import yaml

from ginspec.adapters.base import Adapter, Question
from ginspec.adapters.reference import play_round_question
from ginspec.errors import SuiteError, UsageError
from ginspec.judge import action_set
from ginspec.paths import display
from ginspec.variants import resolve_parameters
from ginspec.yamlio import load_yaml
from reference_impl.actions import parse_action
from reference_impl.errors import NotationError


class InvalidTranscript(SuiteError):
    """A transcript file that cannot be read."""


@dataclass(frozen=True)
class Transcript:
    variant: str
    overrides: Mapping[str, Any]
    deal: Mapping[str, Any]
    actions: tuple[str, ...]
    result: Mapping[str, Any] | None

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"variant": self.variant}
        if self.overrides:
            data["overrides"] = dict(self.overrides)
        data["deal"] = dict(self.deal)
        data["actions"] = list(self.actions)
        if self.result is not None:
            data["result"] = dict(self.result)
        return data


def load_transcript(path: Path) -> Transcript:
    shown = display(path)
    document = load_yaml(path, InvalidTranscript)
    if not isinstance(document, dict) or not {"deal", "actions"} <= set(document):
        raise InvalidTranscript(f"{shown}: a transcript needs 'deal' and 'actions'")
    for number, text in enumerate(document["actions"]):
        try:
            parse_action(str(text))
        except NotationError as exc:
            raise InvalidTranscript(f"{shown}: action {number + 1}: {exc}") from None
    return Transcript(
        variant=document.get("variant", "standard"),
        overrides=document.get("overrides") or {},
        deal=document["deal"],
        actions=tuple(str(text) for text in document["actions"]),
        result=document.get("result"),
    )


def save_transcript(transcript: Transcript, path: Path) -> None:
    path.write_text(yaml.safe_dump(transcript.to_data(), sort_keys=False, allow_unicode=True), encoding="utf-8")


@dataclass(frozen=True)
class Divergence:
    """Where an engine first departs from the rules on a transcript (``move`` counts from 1)."""

    move: int | None
    problem: str


def _replay_kind(parameters: Mapping[str, Any]) -> tuple[str, Callable[[Mapping[str, Any]], dict[str, Any]], tuple[str, ...]]:
    """The question a transcript is replayed as: a two-player ``round``, or a ``table_round`` at a
    table of three or four (``table_format: one_table``); the rules that answer it; the result
    fields compared."""
    if parameters.get("table_format") == "one_table":
        from ginspec.adapters.reference_tables import play_table_round_question

        return "table_round", play_table_round_question, ("outcome", "winner", "points", "knocker_deadwood", "deadwood")
    return "round", play_round_question, ("outcome", "winner", "points", "knocker_deadwood", "defender_deadwood")


def replay_transcript(transcript: Transcript, adapter: Adapter) -> tuple[dict[str, Any], Divergence | None]:
    """Replay through the reference rules and through ``adapter`` with the state observed after
    every move; return the rules' answer and the first divergence (None if the engine agrees)."""
    parameters = resolve_parameters(transcript.variant, transcript.overrides, "transcript overrides")
    every = list(range(len(transcript.actions) + 1))
    question_input = {"deal": transcript.deal, "actions": list(transcript.actions), "observe_after": every}
    kind, play_by_the_rules, result_fields = _replay_kind(parameters)
    rules_answer = play_by_the_rules({**question_input, "parameters": parameters})
    question = Question(kind, question_input, parameters)
    unsupported = adapter.capabilities().unsupported_reason(question)
    if unsupported is not None:
        raise UsageError(f"{transcript.variant}: cannot replay through this engine: {unsupported}")
    engine_answer = adapter.ask(question)
    ruled = rules_answer.get("checkpoints", {})
    seen = engine_answer.get("checkpoints", {}) if isinstance(engine_answer, Mapping) else {}
    for step in every:
        want, got = ruled.get(str(step)), seen.get(str(step))
        if want is None:
            break
        where = "after the deal" if step == 0 else f"after move {step} ({transcript.actions[step - 1]})"
        if got is None:
            return rules_answer, Divergence(step, f"{where}: the engine reported no state")
        for name in ("to_play", "phase", "stock", "knock_limit"):
            if name in got and got[name] != want[name]:
                return rules_answer, Divergence(step, f"{where}: {name} is {got[name]!r}, the rules say {want[name]!r}")
        if "legal" in got and action_set(got["legal"]) != action_set(want["legal"]):
            missing = sorted(action_set(want["legal"]) - action_set(got["legal"]))
            extra = sorted(action_set(got["legal"]) - action_set(want["legal"]))
            return rules_answer, Divergence(step, f"{where}: legal moves differ: engine lacks {missing}, engine adds {extra}")
    rule_refusal, engine_refusal = rules_answer.get("illegal"), engine_answer.get("illegal")
    if rule_refusal != engine_refusal and (rule_refusal or engine_refusal):
        if engine_refusal and (not rule_refusal or engine_refusal["index"] < rule_refusal["index"]):
            index = engine_refusal["index"]
            return rules_answer, Divergence(index + 1, f"move {index + 1} ({transcript.actions[index]}): the engine refused it ({engine_refusal.get('reason')}), the rules allow it")
        if rule_refusal and (not engine_refusal or rule_refusal["index"] < engine_refusal["index"]):
            index = rule_refusal["index"]
            return rules_answer, Divergence(index + 1, f"move {index + 1} ({transcript.actions[index]}): the rules refuse it ({rule_refusal['reason']}), the engine accepted it")
    for name in result_fields:
        if name in rules_answer and engine_answer.get(name) != rules_answer[name]:
            return rules_answer, Divergence(None, f"result: {name} is {engine_answer.get(name)!r}, the rules say {rules_answer[name]!r}")
    if transcript.result:
        for name, value in transcript.result.items():
            if name in rules_answer and rules_answer[name] != value:
                return rules_answer, Divergence(None, f"the recorded result has {name}={value!r}, the rules give {rules_answer[name]!r}")
    return rules_answer, None
