"""Transcripts: a saved hand (variant, explicit deal, actions, and the result as recorded), and
replaying one through any engine to find the first point where the engine departs from the rules.

```yaml
variant: standard
overrides: {}            # optional parameter overrides
deal: {dealer: p2, hands: {p1: ..., p2: ...}, upcard: Kd, stock: ...}
actions: [p1 pass, p2 draw discard, p2 discard 4c, ...]
result: {outcome: knock, winner: p1, points: 12, knocker: p1, ...}   # optional: the whole result as recorded
```

A recorded result is all of the hand's result or none of it: one that is empty or leaves out a
field the rules give for the hand (as a file cut short inside its ``result`` block does) makes the
transcript invalid, never a pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from difflib import get_close_matches
from typing import Any, Callable, Sequence

import yaml

from ginspec.adapters.base import Adapter, Question
from ginspec.adapters.reference import play_round_question
from ginspec.errors import InvalidTranscript, InvalidVariant, quote
from ginspec.suite.files import write_atomic
from ginspec.judging.judge import action_set
from ginspec.suite.notation import NotationProblem, read_action, read_cards
from ginspec.suite.paths import display
from ginspec.suite.variants import BrokenVariantFile, resolve_parameters
from ginspec.suite.yamlio import load_yaml
from ginspec.suite.plain_data import plain_copy
from reference_impl.cards import parse_cards
from reference_impl.errors import GinError, NotationError


TRANSCRIPT_KEYS = ("variant", "overrides", "deal", "actions", "result")
DEAL_KEYS = ("dealer", "hands", "upcard", "stock")
GAME_KEYS = ("variant", "overrides", "first_dealer", "transcripts")
"""A saved game: its variant, the first dealer and every hand's transcript in order."""
RESULT_KEYS = ("outcome", "winner", "points", "knocker", "knocker_deadwood", "defender_deadwood", "deadwood", "layoffs", "finished")


@dataclass(frozen=True)
class Transcript:
    variant: str
    overrides: Mapping[str, Any]
    deal: Mapping[str, Any]
    actions: tuple[str, ...]
    result: Mapping[str, Any] | None
    file: str = ""

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"variant": self.variant}
        if self.overrides:
            data["overrides"] = dict(self.overrides)
        data["deal"] = dict(self.deal)
        data["actions"] = list(self.actions)
        if self.result is not None:
            data["result"] = dict(self.result)
        return data


def _unknown_keys(found: Mapping[Any, Any], known: tuple[str, ...], where: str) -> None:
    for key in found:
        if key not in known:
            close = get_close_matches(str(key), known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (keys: {', '.join(known)})"
            raise InvalidTranscript(f"{where}: unknown key {quote(key)}{hint}")


def _check_deal(deal: Any, parameters: Mapping[str, Any], shown: str) -> None:
    """The deal names the dealer, both hands, the upcard and the stock; every card is valid and
    dealt once. Each error names the file and the field (``deal.hands.p2``)."""
    if not isinstance(deal, dict):
        raise InvalidTranscript(f"{shown}: deal: a mapping (dealer, hands, upcard, stock), not {type(deal).__name__} {quote(deal)}")
    _unknown_keys(deal, DEAL_KEYS, f"{shown}: deal")
    for key in ("dealer", "hands", "stock"):
        if key not in deal:
            raise InvalidTranscript(f"{shown}: deal: no {key!r}")
    seats = ("p1", "p2", "p3", "p4")[: parameters.get("players", 2)] if parameters.get("table_format") == "one_table" else ("p1", "p2")
    if deal["dealer"] not in seats:
        raise InvalidTranscript(f"{shown}: deal.dealer: one of {', '.join(seats)}, not {quote(deal['dealer'])}")
    hands = deal["hands"]
    if not isinstance(hands, dict):
        raise InvalidTranscript(f"{shown}: deal.hands: a mapping of {', '.join(seats)} to cards, not {quote(hands)}")
    _unknown_keys(hands, seats, f"{shown}: deal.hands")
    fields = [(f"deal.hands.{seat}", hands.get(seat)) for seat in seats]
    if deal.get("upcard") is not None:
        fields.append(("deal.upcard", deal["upcard"]))
    fields.append(("deal.stock", deal["stock"]))
    seen: dict[Any, str] = {}
    for name, text in fields:
        if text is None:
            raise InvalidTranscript(f"{shown}: {name}: missing")
        if not isinstance(text, str):
            raise InvalidTranscript(f"{shown}: {name}: cards as text, e.g. 'Ac 2c 3c', not {quote(text)}")
        try:
            read_cards(text)
            cards = parse_cards(text)
        except (NotationProblem, NotationError) as exc:
            raise InvalidTranscript(f"{shown}: {name}: {exc}") from None
        if name == "deal.upcard" and len(cards) != 1:
            raise InvalidTranscript(f"{shown}: {name}: one card, not {quote(text)}")
        for card in cards:
            if card in seen:
                raise InvalidTranscript(f"{shown}: {name}: {str(card)!r} is also dealt in {seen[card]}")
            seen[card] = name
    size = parameters.get("hand_size", 10)
    for seat in seats:
        count = len(hands[seat].split())
        if count not in (size, size + 1):
            raise InvalidTranscript(f"{shown}: deal.hands.{seat}: {count} cards, the variant deals {size}")


def load_transcript(path: Path) -> Transcript:
    """Load and check a transcript. Every problem is one :class:`InvalidTranscript` naming the file
    and the field; an unknown or misspelt key is refused, never ignored."""
    shown = display(path)
    return transcript_from_document(load_yaml(path, InvalidTranscript), shown)


def load_transcripts(path: Path) -> list[Transcript]:
    """The hands of a file: a transcript is one; a saved game (``ginspec game --play --save``) is
    one per hand, each named ``FILE, hand N``."""
    shown = display(path)
    document = load_yaml(path, InvalidTranscript)
    if isinstance(document, dict) and "transcripts" in document:
        return game_transcripts(document, shown)
    return [transcript_from_document(document, shown)]


def game_transcripts(document: Mapping[str, Any], shown: str) -> list[Transcript]:
    """The hand transcripts of a saved game, each checked as a transcript of its own."""
    _unknown_keys(document, GAME_KEYS, shown)
    hands = document["transcripts"]
    if not isinstance(hands, list) or not hands:
        raise InvalidTranscript(f"{shown}: transcripts: a list of the game's hands, one transcript each, not {quote(hands)}")
    variant, overrides, _ = _rules_of(document, shown)
    transcripts = [transcript_from_document(hand, f"{shown}, hand {number}") for number, hand in enumerate(hands, start=1)]
    for transcript in transcripts:
        if (transcript.variant, dict(transcript.overrides)) != (variant, overrides):
            raise InvalidTranscript(f"{transcript.file}: played under {_rules_text(transcript.variant, transcript.overrides)}, "
                                    f"but the game is under {_rules_text(variant, overrides)}")
    return transcripts


def _rules_of(document: Mapping[str, Any], shown: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The variant, overrides and resolved parameters a transcript or saved game names."""
    variant = document.get("variant", "standard")
    if not isinstance(variant, str):
        raise InvalidTranscript(f"{shown}: variant: a variant name, not {quote(variant)}")
    overrides = document.get("overrides") or {}
    try:
        parameters = resolve_parameters(variant, overrides, f"{shown}: overrides")
    except BrokenVariantFile:
        raise
    except InvalidVariant as exc:
        message = str(exc)
        raise InvalidTranscript(message if message.startswith(shown) else f"{shown}: {message}") from None
    return variant, dict(overrides), parameters


def _rules_text(variant: Any, overrides: Mapping[str, Any]) -> str:
    settings = ", ".join(f"{key}={value}" for key, value in overrides.items())
    return f"{variant!r}" + (f" with {settings}" if settings else "")


def transcript_from_document(document: Any, shown: str) -> Transcript:
    """Check one transcript as read from a file (``shown`` names it in every error)."""
    if not isinstance(document, dict):
        raise InvalidTranscript(f"{shown}: a transcript is a mapping with 'deal' and 'actions', not {type(document).__name__}")
    _unknown_keys(document, TRANSCRIPT_KEYS, shown)
    if not {"deal", "actions"} <= set(document):
        raise InvalidTranscript(f"{shown}: a transcript needs 'deal' and 'actions'")
    variant, overrides, parameters = _rules_of(document, shown)
    _check_deal(document["deal"], parameters, shown)
    actions = document["actions"]
    if not isinstance(actions, list):
        raise InvalidTranscript(f"{shown}: actions: a list of moves, e.g. [p1 pass, p2 draw stock], not {quote(actions)}")
    for number, text in enumerate(actions):
        if not isinstance(text, str):
            raise InvalidTranscript(f"{shown}: action {number + 1}: a move as text, not {quote(text)}")
        try:
            read_action(text)
        except NotationProblem as exc:
            raise InvalidTranscript(f"{shown}: action {number + 1}: {exc}") from None
    result = document.get("result")
    if "result" in document and result in (None, {}):
        raise InvalidTranscript(f"{shown}: result: empty; record the whole result of the hand or leave the key out (is the file cut short?)")
    if result is not None:
        if not isinstance(result, dict):
            raise InvalidTranscript(f"{shown}: result: a mapping (outcome, winner, points, ...), not {quote(result)}")
        _unknown_keys(result, RESULT_KEYS, f"{shown}: result")
    return Transcript(
        variant=variant,
        overrides=dict(overrides),
        deal=document["deal"],
        actions=tuple(actions),
        result=result,
        file=shown,
    )


def transcript_files(paths: Sequence[Path]) -> list[Path]:
    """Files named, and the ``*.yaml``/``*.yml`` files of folders named (sorted), in order."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            inside = sorted(child for child in path.iterdir() if child.suffix in (".yaml", ".yml") and child.is_file())
            if not inside:
                raise InvalidTranscript(f"{display(path)}: no transcript (*.yaml) in this folder")
            found += inside
        else:
            found.append(path)
    return found


def save_transcript(transcript: Transcript, path: Path) -> None:
    from ginspec.suite.outputs import write_output

    write_output(path, yaml.safe_dump(transcript.to_data(), sort_keys=False, allow_unicode=True), "--save")


RESULT_NOT_RECORDED = ("finished",)
"""Fields of the rules' answer that a recorded result does not hold (it records a hand that is over)."""


def incomplete_result(transcript: Transcript, rules_answer: Mapping[str, Any]) -> str | None:
    """The error of a recorded result that leaves out a field the rules give for the finished hand
    (a file cut short inside its ``result`` block), naming the file and the fields; None if whole."""
    if not transcript.result or not rules_answer.get("finished") or rules_answer.get("illegal"):
        return None
    missing = [name for name in RESULT_KEYS if name in rules_answer and name not in RESULT_NOT_RECORDED and name not in transcript.result]
    if not missing:
        return None
    return (f"{transcript.file}: result: incomplete, it leaves out {', '.join(missing)}; record the whole result of the hand "
            "or none of it (is the file cut short?)")


def recorded_result_problem(transcript: Transcript, rules_answer: Mapping[str, Any]) -> str | None:
    """Where the transcript's own recorded result is wrong by the rules: the transcript is at fault,
    not any engine. A transcript that records a result but stops before the hand is over is wrong too."""
    if not transcript.result or rules_answer.get("illegal"):
        return None
    if not rules_answer.get("finished"):
        return f"it records a result ({', '.join(f'{key}={value!r}' for key, value in transcript.result.items())}) but its moves stop before the hand is over"
    for name, value in transcript.result.items():
        if name in rules_answer and rules_answer[name] != value:
            return f"its recorded result has {name}={quote(value)}, the rules give {rules_answer[name]!r}"
    return None


@dataclass(frozen=True)
class Divergence:
    """Where an engine first departs from the rules on a transcript (``move`` counts from 1)."""

    move: int | None
    problem: str


STATE_FIELDS = ("to_play", "phase", "stock", "knock_limit", "legal")
RESULT_FIELDS = ("outcome", "winner", "points", "knocker_deadwood", "defender_deadwood", "deadwood")
"""Result fields compared where the rules give them: ``defender_deadwood`` for two players,
``deadwood`` (every seat's) at a table of three or four."""


def _replay_kind(parameters: Mapping[str, Any]) -> tuple[str, Callable[[Mapping[str, Any]], dict[str, Any]]]:
    """The question a transcript is replayed as, and the rules that answer it: a two-player
    ``round``, or a ``table_round`` at a table of three or four (``table_format: one_table``)."""
    if parameters.get("table_format") == "one_table":
        from ginspec.adapters.reference_tables import play_table_round_question

        return "table_round", play_table_round_question
    return "round", play_round_question


def round_question(transcript: Transcript, variant: str | None = None) -> Question:
    """The ``round`` question of a transcript, with the state wanted after every move; under
    ``variant``'s rules instead of the transcript's own when one is given."""
    if variant is None:
        parameters = resolve_parameters(transcript.variant, transcript.overrides, f"{transcript.file}: overrides")
    else:
        parameters = resolve_parameters(variant, None, "--variant")
    every = list(range(len(transcript.actions) + 1))
    question_input = {"deal": plain_copy(dict(transcript.deal)), "actions": list(transcript.actions), "observe_after": every}
    return Question(_replay_kind(parameters)[0], question_input, parameters, transcript.file or "transcript")


def rules_replay(transcript: Transcript, variant: str | None = None, readings: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The rules' answer (the reference engine's) to the transcript's round question, under
    ``variant`` when one is given, and under the ``readings`` of open questions the reference
    engine plays (:func:`ginspec.suite.readings.reference_played`) when they are given. A deal the
    rules cannot start is the transcript's fault, named as such."""
    from ginspec.suite.readings import rules_parameters

    question = round_question(transcript, variant)
    parameters = rules_parameters(question.parameters, readings or {})
    try:
        return _replay_kind(parameters)[1]({**question.input, "parameters": parameters})
    except GinError as exc:
        raise InvalidTranscript(f"{transcript.file}: deal: {exc}") from None


def engine_divergence(
    transcript: Transcript, rules_answer: Mapping[str, Any], engine_answer: Any, omits: frozenset[str] = frozenset()
) -> Divergence | None:
    """The first point where the engine's answer departs from the rules' (None if it agrees). A
    state field the engine leaves out without declaring it in ``omits`` is a departure, so an
    engine that reports nothing can never be said to agree (and one that declares it reports
    nothing is told apart by :func:`compared`). A move the engine refuses is named as refused: the
    states after it, which no engine can report, are not asked for."""
    if not isinstance(engine_answer, Mapping):
        return Divergence(0, f"the engine's answer is not an object: {quote(engine_answer)}")
    ruled = rules_answer.get("checkpoints", {})
    seen = engine_answer.get("checkpoints")
    states_omitted = "checkpoints" in omits or all(name in omits for name in STATE_FIELDS)
    if not isinstance(seen, Mapping):
        if not states_omitted:
            return Divergence(0, f"the engine reported no states (checkpoints: {quote(seen)})")
        seen = {}
    refused = engine_answer.get("illegal")
    last = len(transcript.actions)
    if isinstance(refused, Mapping) and isinstance(refused.get("index"), int) and 0 <= refused["index"] < last:
        last = refused["index"]  # the state before the refused move is the last there is
    for step in range(last + 1):
        want, got = ruled.get(str(step)), seen.get(str(step))
        if want is None or states_omitted:
            break
        where = "after the deal" if step == 0 else f"after move {step} ({transcript.actions[step - 1]})"
        if not isinstance(got, Mapping):
            return Divergence(step, f"{where}: the engine reported no state")
        for name in STATE_FIELDS:
            if name in omits or name not in want:
                continue
            if name not in got:
                return Divergence(step, f"{where}: the engine did not report {name}")
            if name == "legal":
                try:
                    differ = action_set(got["legal"]) != action_set(want["legal"])
                except (NotationError, TypeError, ValueError) as exc:
                    return Divergence(step, f"{where}: legal: not a list of moves: {str(exc)[:200]}")
                if differ:
                    missing = sorted(action_set(want["legal"]) - action_set(got["legal"]))
                    extra = sorted(action_set(got["legal"]) - action_set(want["legal"]))
                    return Divergence(step, f"{where}: legal moves differ: engine lacks {missing}, engine adds {extra}")
            elif got[name] != want[name]:
                return Divergence(step, f"{where}: {name} is {quote(got[name])}, the rules say {want[name]!r}")
    rule_refusal, engine_refusal = rules_answer.get("illegal"), engine_answer.get("illegal")
    if engine_refusal is not None and not (isinstance(engine_refusal, Mapping) and isinstance(engine_refusal.get("index"), int) and 0 <= engine_refusal["index"] < len(transcript.actions)):
        return Divergence(None, f"illegal: not a refusal of one of the moves: {quote(engine_refusal)}")
    if rule_refusal != engine_refusal and (rule_refusal or engine_refusal):
        if engine_refusal and (not rule_refusal or engine_refusal["index"] < rule_refusal["index"]):
            index = engine_refusal["index"]
            return Divergence(index + 1, f"move {index + 1} ({transcript.actions[index]}): the engine refused it ({engine_refusal.get('reason')}), the rules allow it")
        if rule_refusal and (not engine_refusal or rule_refusal["index"] < engine_refusal["index"]):
            index = rule_refusal["index"]
            return Divergence(index + 1, f"move {index + 1} ({transcript.actions[index]}): the rules refuse it ({rule_refusal['reason']}), the engine accepted it")
    if rules_answer.get("finished") is False and engine_answer.get("finished") not in (False, None):
        return Divergence(None, f"the hand is not over by the rules, the engine says finished={quote(engine_answer.get('finished'))}")
    for name in RESULT_FIELDS:
        if name in rules_answer and name not in omits and engine_answer.get(name) != rules_answer[name]:
            return Divergence(None, f"result: {name} is {quote(engine_answer.get(name))}, the rules say {rules_answer[name]!r}")
    return None


def compared(rules_answer: Mapping[str, Any], omits: frozenset[str] = frozenset()) -> tuple[bool, bool]:
    """What a replay can compare for an engine that omits ``omits``: (some field of the states
    after the moves, the end of the hand or its refused move)."""
    states = "checkpoints" not in omits and any(name not in omits for name in STATE_FIELDS)
    end = bool(rules_answer.get("illegal")) or any(name in rules_answer and name not in omits for name in RESULT_FIELDS)
    return states, end


def replay_transcript(
    transcript: Transcript, adapter: Adapter, omits: frozenset[str] = frozenset(), variant: str | None = None
) -> tuple[dict[str, Any], Divergence | None]:
    """Replay through the reference rules and through ``adapter`` with the state observed after
    every move (under ``variant``'s rules when one is given); return the rules' answer and the
    engine's first divergence (None if it agrees). The transcript's own recorded result is judged
    apart, by :func:`recorded_result_problem`."""
    rules_answer = rules_replay(transcript, variant)
    engine_answer = adapter.ask(round_question(transcript, variant))
    return rules_answer, engine_divergence(transcript, rules_answer, engine_answer, omits)
