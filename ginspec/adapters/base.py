"""The adapter interface: how the suite asks any gin engine a question.

An adapter wraps one engine. The suite sends it a :class:`Question` (a kind, an input and the
resolved variant parameters, all plain data with cards in canonical notation) and receives the
engine's answer as plain data. The adapter reports what the engine says; the suite alone compares
that with the expected answer, which is never sent to the engine.

Kinds of question (``spec/vectors.md``): ``meld``, ``deadwood``, ``discard``, ``knock``, ``layoff``,
``score``, ``round``, ``game``, ``hollywood``. A ``round`` question's input also carries
``observe_after``, the action counts after which the suite wants the state reported; the answer
is ``{"outcome": ..., "winner": ..., "points": ..., ..., "finished": bool}`` or
``{"illegal": {"index": N, "reason": CODE, "forfeits": bool}}`` (``forfeits``: whether the variant's
penalty costs the offender the game), with ``"checkpoints": {"N": {"to_play", "phase",
"legal", "stock", "knock_limit"}}``. An answer to a question the engine rejects as unscoreable is ``{"error": KIND}`` with
KIND one of ``illegal_knock``, ``invalid_melds``, ``not_big_gin``, plus an optional ``message``.

Versioning: :data:`ADAPTER_API_VERSION` changes when a kind, a field or a rule of this interface
changes meaning; an adapter states the version it was written for in its capabilities.
"""

from __future__ import annotations

import json

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

ADAPTER_API_VERSION = 1

KINDS = (
    "meld",
    "deadwood",
    "discard",
    "knock",
    "layoff",
    "score",
    "round",
    "game",
    "hollywood",
    "partnership",
    "three_player",
    "table_hand",
    "table_round",
    "table_game",
)
ROUND_KINDS = ("round", "table_round")
"""Hands replayed move by move: the answer is judged with its checkpoints (``table_round``: a hand
at a table of three or four, seats ``p1`` to ``p4``, ``points`` and ``deadwood`` per seat)."""
ANSWER_ERRORS = ("illegal_knock", "invalid_melds", "not_big_gin")
REFUSALS = (
    "invalid_parameter",
    "not_a_card",
    "duplicate_card",
    "invalid_dealer",
    "wrong_hand_size",
    "missing_upcard",
    "unexpected_upcard",
    "wrong_stock_size",
    "card_not_held",
    "invalid_spread",
    "not_an_action",
)
"""The reason codes with which an engine refuses a malformed question (``spec/protocol.md``,
"Refusing a malformed question"), in the order of precedence a question with several defects is
refused by: the first that applies."""


def parameter_text(value: Any) -> str:
    """A variant parameter's value as a variant file writes it (``null``, ``true``, ``33``,
    ``winner``), never as Python prints it (``None``, ``True``, ``'winner'``)."""
    return json.dumps(value) if not isinstance(value, str) else value


@dataclass(frozen=True)
class Question:
    """One question to an engine."""

    kind: str
    input: Mapping[str, Any]
    parameters: Mapping[str, Any]
    id: str = "case"


@dataclass(frozen=True)
class Capabilities:
    """What an engine can be asked, declared by its adapter when it starts.

    - ``kinds``: the kinds of question it answers.
    - ``parameters``: for each variant parameter it cannot set freely, the values it supports. A
      case is *unsupported* (counted and listed, never a pass or a fail) only when its expected
      answer depends on the parameter (the case's ``depends_on``) and its value is not among
      these; otherwise the question is asked with a supported value, which cannot change the
      answer. A parameter not named here is taken as freely configurable.
    - ``scopes``: for a limited parameter, the kinds of question it can change; only used for a
      case whose dependence is not known, where a parameter not named here limits every kind.
    - ``omits``: answer fields the engine cannot report (for example ``arrangements``); those
      expectations are not judged for it.
    - ``layoff_style``: ``explicit`` when the defender lays off card by card as the actions say,
      ``automatic`` when the engine makes the defender's best lay-offs itself (LAYOFF-OPTIMAL) when
      he says ``done``, and never takes a lay-off action: a replayed hand is then posed without its
      lay-off actions and judged on the end the best lay-offs give (:mod:`ginspec.judging.automatic`).
    - ``readings``: for an open question of ``spec/ambiguities.yaml`` (``Q27``), the reading the
      engine plays (``b``) where it is not the specification's default. A reading that variant
      parameters select limits those parameters as ``parameters`` does; a case whose answer
      depends on another reading of a question no parameter selects is unsupported
      (:mod:`ginspec.suite.readings`).
    - ``home_variant``: the variant whose rules the engine plays, if any: a variant of
      ``spec/variants/``, a house variant of the project's variants folder, or a house variant's
      file (``house.yaml``, relative to the file declaring the capabilities); every path judges the
      engine under it unless told otherwise (:mod:`ginspec.adapters.profile`).
    - ``knocker_spread``: ``any`` when the engine scores a knock whose spread is not given with
      one of the knocker's least-deadwood spreads, any of which is right (SCORE-AUTO-SPREAD);
      ``best`` when it always lays down one best for the knocker (the most deadwood left to the
      defender), to which it is then held (:mod:`ginspec.judging.admissible`).
    - ``refuses``: for each kind of question, the reason codes (:data:`REFUSALS`) with which the
      engine refuses a malformed question of that kind; a case that asks for a refusal the engine
      does not declare is unsupported.
    - ``suite_version``: the suite version the engine was written for (``"0.2"``); a parameter
      the suite added later (``spec/parameter-versions.yaml``) is played at its standard value
      unless the engine declares it (:mod:`ginspec.adapters.profile`).
    """

    engine: str
    version: str
    api_version: int = ADAPTER_API_VERSION
    kinds: frozenset[str] = frozenset(KINDS)
    parameters: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    omits: frozenset[str] = frozenset()
    scopes: Mapping[str, frozenset[str]] = field(default_factory=dict)
    layoff_style: str = "explicit"
    home_variant: str | None = None
    refuses: Mapping[str, frozenset[str]] = field(default_factory=dict)
    readings: Mapping[str, str] = field(default_factory=dict)
    knocker_spread: str = "any"
    suite_version: str | None = None

    def limits(self) -> dict[str, tuple[Any, ...]]:
        """The parameters the engine plays only at some values: those it declares, and those its
        readings select (:func:`ginspec.suite.readings.reading_limits`)."""
        if not self.readings:
            return dict(self.parameters)
        from ginspec.suite.readings import reading_limits

        limits = dict(self.parameters)
        for name, values in reading_limits(self.readings).items():
            limits[name] = tuple(value for value in limits.get(name, values) if value in values) or values
        return limits

    def reading_unsupported(self, open_questions: Iterable[str]) -> str | None:
        """Why a case whose answer depends on ``open_questions`` cannot be judged for this engine,
        or ``None`` (:func:`ginspec.suite.readings.reading_unsupported`)."""
        if not self.readings:
            return None
        from ginspec.suite.readings import reading_unsupported

        return reading_unsupported(self.engine, self.readings, open_questions)

    def refusal_unsupported(self, kind: str, code: str) -> str | None:
        """Why a malformed ``kind`` question that must be refused with ``code`` cannot be asked of
        this engine, or ``None`` if it can."""
        declared = self.refuses.get(kind)
        if not declared:
            return f"{self.engine} does not refuse malformed {kind!r} questions (capability 'refuses')"
        if code not in declared:
            return f"{self.engine} does not declare the refusal {code!r} for {kind!r} questions (it declares {', '.join(sorted(declared))})"
        return None

    def unsupported_reason(self, question: Question, depends_on: Iterable[str] | None = None) -> str | None:
        """Why this engine cannot take ``question``, or ``None`` if it can.

        ``depends_on`` is the case's dependence: the parameters whose value changes its answer.
        When it is given only those parameters are checked against the engine's limits; when it is
        not, every limited parameter in scope for the kind is."""
        if question.kind not in self.kinds:
            return f"{self.engine} does not answer {question.kind!r} questions"
        if self.layoff_style == "automatic" and any(" layoff " in f" {action} " for action in question.input.get("actions", ())):
            return f"{self.engine} lays off automatically, not card by card"
        relevant = None if depends_on is None else set(depends_on)
        for name, supported in self.limits().items():
            if relevant is None:
                if name in self.scopes and question.kind not in self.scopes[name]:
                    continue
            elif name not in relevant:
                continue
            value = question.parameters.get(name)
            if value not in supported:
                because = "" if relevant is None else ", on which this case's answer depends"
                return f"{self.engine} cannot play with {name}: {parameter_text(value)}{because} (supports {', '.join(map(parameter_text, supported))})"
        return None

    def playable_parameters(self, parameters: Mapping[str, Any], depends_on: Iterable[str]) -> dict[str, Any]:
        """``parameters`` with every limited parameter the answer does not depend on set to a value
        the engine plays (its first supported value), so that the engine is never asked to play
        rules it does not know for a question they cannot change."""
        fixed = dict(parameters)
        relevant = set(depends_on)
        for name, supported in self.limits().items():
            if name not in relevant and supported and fixed.get(name) not in supported:
                fixed[name] = supported[0]
        return fixed

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "version": self.version,
            "api_version": self.api_version,
            "kinds": sorted(self.kinds),
            "parameters": {name: list(values) for name, values in sorted(self.parameters.items())},
            "omits": sorted(self.omits),
            "scopes": {name: sorted(kinds) for name, kinds in sorted(self.scopes.items())},
            "layoff_style": self.layoff_style,
            "home_variant": self.home_variant,
            "refuses": {kind: sorted(codes) for kind, codes in sorted(self.refuses.items())},
            "readings": dict(sorted(self.readings.items())),
            "knocker_spread": self.knocker_spread,
            **({"suite_version": self.suite_version} if self.suite_version is not None else {}),
        }


class Adapter(ABC):
    """Base class of every adapter. Subclasses answer questions; they never judge."""

    @abstractmethod
    def capabilities(self) -> Capabilities:
        """Declare what the engine can do. Called once, before any question."""

    @abstractmethod
    def ask(self, question: Question) -> dict[str, Any]:
        """Answer one question with plain data (see the module docstring)."""

    def ask_each(self, questions: Sequence[Question]) -> list[dict[str, Any] | Exception]:
        """The answer to each question, in order, or the exception asking it raised (the next
        question is asked all the same). Here one :meth:`ask` after another; an engine in another
        process is sent the next questions before it has answered the first
        (:meth:`ginspec.adapters.jsonl.JsonLinesAdapter.ask_each`)."""
        results: list[dict[str, Any] | Exception] = []
        for question in questions:
            try:
                results.append(self.ask(question))
            except Exception as exc:  # noqa: BLE001 - the caller reports it for this question
                results.append(exc)
        return results

    def close(self) -> None:
        """Release the engine (stop a process, free memory). Called once at the end."""


class Refused(Exception):
    """An engine refused a move of a replayed hand: the reason code (``spec/actions.md``), what
    the engine said, and, when the engine knows them, whether the offence forfeits the game and
    the refused action as the engine read it, printed in the notation."""

    def __init__(self, reason: str, message: str, forfeits: bool | None = None, action: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.forfeits = forfeits
        self.action = action


def replay_round(
    actions: Sequence[str],
    observe_after: Sequence[int],
    play: Callable[[str], None],
    observe: Callable[[], dict[str, Any]],
    finish: Callable[[], dict[str, Any]],
) -> dict[str, Any]:
    """The answer to a ``round`` question, for any engine.

    ``play`` applies one action in the notation of ``spec/actions.md`` or raises :class:`Refused`;
    ``observe`` reports the state (``to_play``, ``phase``, ``legal``, ``stock``, ``knock_limit``);
    ``finish`` reports the end of the hand, with ``finished`` true or false. The states after the
    action counts in ``observe_after`` are reported; play stops at the first refused action.
    """
    wanted = set(observe_after)
    checkpoints: dict[str, Any] = {}
    if 0 in wanted:
        checkpoints["0"] = observe()
    answer: dict[str, Any] = {}
    for index, text in enumerate(actions):
        try:
            play(text)
        except Refused as exc:
            answer["illegal"] = {"index": index, "reason": exc.reason, "message": str(exc)}
            if exc.forfeits is not None:
                answer["illegal"]["forfeits"] = exc.forfeits
            if exc.action is not None:
                answer["illegal"]["action"] = exc.action
            break
        if index + 1 in wanted:
            checkpoints[str(index + 1)] = observe()
    else:
        answer.update(finish())
    answer["checkpoints"] = checkpoints
    return answer


_RANKS = "A23456789TJQK"
_SUITS = "cdhs"


def _card_key(card: str) -> tuple[int, int]:
    return _SUITS.index(card[1]), _RANKS.index(card[0])


def join_adjacent_runs(melds: Iterable[Iterable[str]]) -> list[list[str]]:
    """Melds (cards in canonical notation) as ``spec/notation.md`` counts an arrangement: adjacent
    run pieces of one suit joined into one run, sets first. For adapters of engines that split
    long runs into pieces."""
    pieces = [sorted(meld, key=_card_key) for meld in melds]
    sets = [meld for meld in pieces if len({card[1] for card in meld}) > 1]
    runs = sorted((meld for meld in pieces if len({card[1] for card in meld}) == 1), key=lambda meld: _card_key(meld[0]))
    joined: list[list[str]] = []
    for run in runs:
        last = joined[-1] if joined else None
        if last and last[-1][1] == run[0][1] and _RANKS.index(run[0][0]) == _RANKS.index(last[-1][0]) + 1:
            last.extend(run)
        else:
            joined.append(list(run))
    return sorted(sets, key=lambda meld: _card_key(meld[0])) + joined
