"""One hand of a campaign asked of an engine as a ``round`` question (``spec/protocol.md``: the
deal, the actions and a checkpoint after every one), judged against the rules' answer, and, when
they disagree, shrunk: the actions are cut after the first checkpoint that differs and the shorter
hand is asked again; the cut stands when the engine still departs from the rules there in the same
way. A hand's deal is always the whole pack (EQUIP-DECK-52, DEAL-HAND-SIZE-10, DEAL-UPCARD-STOCK:
the stock's size is fixed), so a round cannot be shrunk to fewer cards; fewer moves is the whole of its shrinking.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ginspec.adapters.answers import answer_problem
from ginspec.adapters.base import Adapter, Question
from ginspec.adapters.jsonl import EngineTimeout
from ginspec.adapters.reference import canonical_action, known_action_of_text
from ginspec.detection.campaign.grouping import group_key
from ginspec.detection.campaign.hands import Hand, PlayedHand
from ginspec.judging.judge import judge_round

NON_ANSWERS = ("unsupported", "cannot_answer", "not_supported")
NO_ANSWER = "round: no answer"
"""The start of the signature of a hand the engine crashed or hung on."""
BROKE_PROTOCOL = "round: engine error: the answer breaks the protocol"
"""The signature of a hand whose answer breaks the protocol's shapes (``spec/schema/protocol/``):
an error of the engine, as ``check`` counts it, never a departure from a rule."""
CANNOT_JUDGE = "the answer cannot be judged"
"""The start of the judge's words on an answer so malformed inside that it cannot be judged."""
PROBLEM_SEPARATOR = " | "
"""Between the judge's words on each field that differs where a hand departs."""


def is_engine_error(signature: str) -> bool:
    """Whether a finding is the engine's error (no answer: a crash or a hang; or an answer that
    breaks the protocol), which says nothing about a rule: counted and listed, never diagnosed
    or written as a vector."""
    return NO_ANSWER in signature or BROKE_PROTOCOL in signature


@dataclass(frozen=True)
class Outcome:
    """What one hand showed: ``agree``, ``unsupported`` (the engine declined the question), or
    ``disagree`` with the signature of the defect, the actions needed to show it (``cut``) and
    the judge's first words about it."""

    index: int
    status: str
    signature: str = ""
    cut: int = 0
    problem: str = ""
    also: tuple[tuple[str, int, str, int], ...] = field(default=(), kw_only=True)
    """The departures the hand shows after its first, each (signature, cut, problem, detour): the
    hand goes on past a departure in the moves listed as legal, which leaves the engine's state the
    rules' one (:func:`later_departures`, ``detour`` 0), and past a move the engine refuses, played
    again with another move there (:mod:`ginspec.detection.campaign.detours`: ``detour`` is the
    number, from 1, of the move played otherwise)."""

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "signature": self.signature, "cut": self.cut, "problem": self.problem}


def _ask(engine: Adapter, hand: Hand, parameters: Mapping[str, Any], length: int | None) -> Any:
    question = Question("round", hand.question_input(length), parameters, f"campaign-{hand.seed}-{hand.index}")
    return engine.ask(question)


def _same_at_once(expected: Mapping[str, Any], observed: Any, omits: frozenset[str]) -> bool:
    """The quick look: the engine's answer holds exactly the rules' fields and values, legal moves
    in any order (the judge, which reads each move, is asked only when this fails)."""
    if not isinstance(observed, dict) or "illegal" in observed or "refused" in observed or omits:
        return False
    for name, value in expected.items():
        if name != "checkpoints" and observed.get(name) != value:
            return False
    seen = observed.get("checkpoints")
    points = expected["checkpoints"]
    if not isinstance(seen, dict) or len(seen) != len(points):
        return False
    for point in points:
        state = seen.get(str(point["after"]))
        if not isinstance(state, dict):
            return False
        for name, value in point.items():
            if name == "after":
                continue
            seen_value = state.get(name)
            if seen_value != value and not (name == "legal" and _same_moves(value, seen_value)):
                return False
    return True


def _same_moves(expected: list[str], observed: Any) -> bool:
    """The same legal moves written the same way, in any order (the judge reads other spellings)."""
    return isinstance(observed, list) and len(observed) == len(expected) and set(observed) == set(expected)


def _problems(hand: Hand, observed: Any, omits: frozenset[str], length: int | None) -> tuple[str, ...]:
    expected = hand.expected(length)
    if _same_at_once(expected, observed, omits):
        return ()
    actions = hand.actions if length is None else hand.actions[:length]
    try:
        return judge_round(expected, observed, omits, actions).mismatches
    except Exception as exc:  # noqa: BLE001 - an answer the judge cannot read is a departure, not a crash
        return (f"{CANNOT_JUDGE}: {type(exc).__name__}: {str(exc)[:200]}",)


def answers_as_judged(hand: Hand, observed: Any, omits: frozenset[str]) -> bool:
    """Whether ``observed``, an engine's answer to the whole of ``hand``, is the rules' answer on
    every field the campaign judges."""
    return not _problems(hand, observed, omits, None)


Asker = Callable[[Adapter, Hand, Mapping[str, Any], "int | None"], Any]
"""How a hand (or its first ``length`` actions) is put to an engine."""
Problems = Callable[[Hand, Any, frozenset[str], "int | None"], "tuple[str, ...]"]
"""Where an engine's answer to a hand (or its first ``length`` actions) departs from the rules'."""


def check_hand(engine: Adapter, omits: frozenset[str], parameters: Mapping[str, Any], hand: Hand,
               ask: Asker | None = None, problems: Problems | None = None, kind: str = "") -> Outcome:
    """Ask, judge and, on a disagreement, shrink one hand: a two-player hand by default, or any
    other whose asking and judging are given (a table hand, ``kind`` naming it in the signature)."""
    ask = ask or _ask
    try:
        observed = ask(engine, hand, parameters, None)
    except Exception as exc:  # noqa: BLE001 - a crash is reported for this hand and the campaign goes on
        return _no_answer(hand.index, len(hand.actions), exc)
    return _judged(engine, omits, parameters, hand, observed, ask, problems or _problems, kind)


def _no_answer(index: int, length: int, exc: Exception) -> Outcome:
    """The outcome of a hand the engine hung or crashed on."""
    if isinstance(exc, EngineTimeout):
        return Outcome(index, "disagree", f"{NO_ANSWER} in time", length, "the engine did not answer in time")
    return Outcome(index, "disagree", f"{NO_ANSWER}: {type(exc).__name__}", length, f"{type(exc).__name__}: {str(exc)[:200]}")


def _judged(engine: Adapter, omits: frozenset[str], parameters: Mapping[str, Any], hand: Hand, observed: Any,
            ask: Asker = _ask, departures: Problems = _problems, kind: str = "") -> Outcome:
    """Judge the engine's answer to the whole hand and, on a disagreement, shrink it."""
    broken = answer_problem(kind or "round", observed)
    if broken is not None:
        return Outcome(hand.index, "disagree", f"{kind} {BROKE_PROTOCOL}" if kind else BROKE_PROTOCOL, len(hand.actions), f"the answer does not follow the protocol: {broken}"[:400])
    if isinstance(observed, dict) and any(key in observed for key in NON_ANSWERS):
        return Outcome(hand.index, "unsupported")
    problems = departures(hand, observed, omits, None)
    if not problems:
        return Outcome(hand.index, "agree")
    if problems[0].startswith(CANNOT_JUDGE):  # malformed inside, past the shapes: an engine error too, as in check
        return Outcome(hand.index, "disagree", f"{kind} {BROKE_PROTOCOL}" if kind else BROKE_PROTOCOL, len(hand.actions), problems[0][:400])
    found = group_key(problems, hand.expected(), hand.actions)
    cut = len(hand.actions)
    if found.cut < cut:
        try:
            shorter = departures(hand, ask(engine, hand, parameters, found.cut), omits, found.cut)
        except Exception:  # noqa: BLE001 - the shorter hand is no evidence then; the whole hand stands
            shorter = ()
        if shorter and group_key(shorter, hand.expected(found.cut), hand.actions[: found.cut]).signature == found.signature:
            cut = found.cut
    at_departure = [text for text in problems if text.startswith(f"after {found.cut} actions: ")] or list(problems[:1])
    signature = f"{kind} {found.signature}" if kind else found.signature
    also = tuple((f"{kind} {later}" if kind else later, place, words, 0) for later, place, words in later_departures(problems, hand, found))
    return Outcome(hand.index, "disagree", signature, cut, PROBLEM_SEPARATOR.join(at_departure)[:400], also=also)


GOES_ON = ("legal",)
"""The fields a departure may differ in for the hand to go on past it: the moves an engine lists
as legal change nothing it has played, so its state after the departure is still the rules' (an
engine that refuses a move, or reports another stock, phase or player, has left the hand)."""


_FIELD = re.compile(r"^after \d+ actions: (\w+)")


def place_of(signature: str) -> str:
    """Where a signature departs: ``in phase discard after draw``, ``end (gin)``, ``refused knock ...``."""
    parts = signature.split(": ")
    return parts[1] if len(parts) > 1 else signature


def _field_of(problem: str) -> str:
    """The field a checkpoint's problem is about (``legal`` in ``after 3 actions: legal: ...``)."""
    match = _FIELD.match(problem)
    return match.group(1) if match else ""


def later_departures(problems: Sequence[str], hand: Hand, first: Any) -> list[tuple[str, int, str]]:
    """The departures after the first of a hand, each with a signature of its own
    (:func:`~ginspec.detection.campaign.grouping.group_key` of the problems that come after it),
    found as long as each departure before differs only in :data:`GOES_ON`. A departure at a place
    of play the hand has departed at already (the same phase after the same move, or the end) is
    the same defect met again, and is not counted again."""
    found: list[tuple[str, int, str]] = []
    shown = {place_of(first.signature)}
    place, rest = first.cut, list(problems)
    while True:
        here = [text for text in rest if text.startswith(f"after {place} actions: ")]
        if not here or any(_field_of(text) not in GOES_ON for text in here):
            return found  # the end, a refused move, or a state the engine no longer shares
        rest = [text for text in rest if text not in here]
        if not rest:
            return found
        later = group_key(rest, hand.expected(), hand.actions)
        if place_of(later.signature) not in shown:
            shown.add(place_of(later.signature))
            words = [text for text in rest if text.startswith(f"after {later.cut} actions: ")] or rest[:1]
            found.append((later.signature, later.cut, PROBLEM_SEPARATOR.join(words)[:400]))
        place = later.cut


NativeAsk = Callable[[PlayedHand, Mapping[str, Any]], Any]
"""Asks an engine a whole hand in the engine's own representation (see :func:`native_asker`)."""


def native_asker(engine: Adapter, omits: frozenset[str]) -> NativeAsk | None:
    """How to ask ``engine`` a hand without writing it in the notation: only the reference engine
    itself, in this process (behind the guard or not), is asked so; every other engine is asked
    the ``round`` question as the protocol writes it. One hand of :func:`native_each_asker`: what
    the hand raised is raised."""
    ask_each = native_each_asker(engine, omits)
    if ask_each is None:
        return None

    def ask(played: PlayedHand, parameters: Mapping[str, Any]) -> Any:
        [answer] = ask_each([played], parameters)
        if isinstance(answer, Exception):
            raise answer
        return answer

    return ask


NativeAskEach = Callable[[Sequence[PlayedHand], Mapping[str, Any]], list[Any]]
"""Asks an engine several whole hands in its own representation at once: for each, the answer or
the exception it raised (:class:`EngineTimeout` for one that took longer than the engine's time
limit); see :func:`native_each_asker`."""


def native_each_asker(engine: Adapter, omits: frozenset[str]) -> NativeAskEach | None:
    """:func:`native_asker` for several hands at a time. Behind the guard, the hands go to the
    engine's thread in one call, which saves the hop between threads of every hand but the
    first (an eighth of a hand's time); each hand is still timed on its own, and the call as a
    whole has the time limit of all its hands."""
    from ginspec.adapters.guard import GuardedAdapter
    from ginspec.adapters.reference import answers_natively

    if omits:
        return None
    if isinstance(engine, GuardedAdapter):
        if not answers_natively(engine.inner):
            return None
        limit = engine.timeout
        return lambda hands, parameters: engine.call_inner(lambda inner: _replayed_each(inner, hands, parameters, limit), timeout=limit * max(1, len(hands)))
    if answers_natively(engine):
        return lambda hands, parameters: _replayed_each(engine, hands, parameters, None)
    return None


def _replayed_each(engine: Any, hands: Sequence[PlayedHand], parameters: Mapping[str, Any], limit: float | None) -> list[Any]:
    """Each hand replayed by ``engine`` in its own values: the answer, or what it raised."""
    answers: list[Any] = []
    for played in hands:
        started = time.perf_counter()
        try:
            answer: Any = engine.replay_moves(played.deal, played.moves, parameters)
        except Exception as exc:  # noqa: BLE001 - this hand's own fault, the others are still asked
            answer = exc
        if limit is not None and time.perf_counter() - started > limit:
            answer = EngineTimeout(f"no answer within {limit:g} s")
        answers.append(answer)
    return answers


def check_each_played_natively(
    engine: Adapter, omits: frozenset[str], parameters: Mapping[str, Any], hands: Sequence[PlayedHand], native_each: NativeAskEach
) -> list[Outcome]:
    """:func:`check_played` of several hands, asked in the engine's own values at once
    (``native_each``), each answer read alone as :func:`check_played` reads it. When the call as a
    whole fails (a hand that hangs: the engine is started again), the hands are asked in the
    notation (:func:`check_each_played`), each question with its own time limit, so that the
    fault is that hand's."""
    try:
        answers = native_each(hands, parameters)
    except Exception:  # noqa: BLE001 - no hand is judged on a call that did not come back
        return check_each_played(engine, omits, parameters, hands)
    outcomes = []
    for played, answer in zip(hands, answers):
        if isinstance(answer, EngineTimeout):
            outcomes.append(_no_answer(played.index, len(played.moves), answer))
        elif not isinstance(answer, Exception) and _same_moves_played(played, answer):
            outcomes.append(Outcome(played.index, "agree"))
        else:  # asked again in the notation, where a crash is reported as usual
            outcomes.append(check_hand(engine, omits, parameters, played.hand))
    return outcomes


def _same_moves_played(played: PlayedHand, answer: Any) -> bool:
    """The quick look in the engine's own values: every checkpoint (player to move, phase, legal
    moves, stock size, knock limit) and the result exactly the rules' (legal moves in the same
    order; any other difference is for the judge, in the notation)."""
    points, result, refused = answer
    return refused is None and result == played.result and len(points) == len(played.points) and all(
        mine == theirs for mine, theirs in zip(played.points, points)
    )


def _same_text_as_played(played: PlayedHand, observed: Any) -> bool:
    """:func:`_same_at_once` for an answer in the notation, read against the hand's own values:
    each legal move must be the canonical text of the rules' move (in the same order, or else the
    same moves once each), without writing the rules' moves in the notation."""
    if not isinstance(observed, dict) or "illegal" in observed or "refused" in observed:
        return False
    for name, value in played.end.items():
        if observed.get(name) != value:
            return False
    seen = observed.get("checkpoints")
    points = played.points
    if not isinstance(seen, dict) or len(seen) != len(points):
        return False
    known = known_action_of_text
    for after, (to_play, phase, legal, stock, limit) in enumerate(points):
        state = seen.get(str(after))
        if not isinstance(state, dict) or state.get("to_play") != to_play or state.get("phase") != phase:
            return False
        if state.get("stock") != stock or state.get("knock_limit") != limit:
            return False
        texts = state.get("legal")
        if not isinstance(texts, list) or len(texts) != len(legal):
            return False
        try:
            moves = list(map(known, texts))
        except TypeError:  # a list or an object where a move's text belongs
            return False
        if moves == legal:
            continue
        if None in moves:
            moves = [canonical_action(text) for text in texts]
        if None in moves or set(moves) != set(legal) or len(set(moves)) != len(moves):
            return False
    return True


def check_played(engine: Adapter, omits: frozenset[str], parameters: Mapping[str, Any], played: PlayedHand, native: NativeAsk | None) -> Outcome:
    """:func:`check_hand` for a hand as the reference played it. An engine that can be asked in
    its own representation (``native``) and gives exactly the rules' values agrees; every other
    engine is asked in the notation, and an answer that is not at once the rules' (for either)
    goes to the judge, as :func:`check_hand` does."""
    if native is not None:
        try:
            answer = native(played, parameters)
        except EngineTimeout as exc:
            return _no_answer(played.index, len(played.moves), exc)
        except Exception:  # noqa: BLE001 - asked again in the notation, where a crash is reported as usual
            answer = None
        if answer is not None and _same_moves_played(played, answer):
            return Outcome(played.index, "agree")
        return check_hand(engine, omits, parameters, played.hand)
    return check_each_played(engine, omits, parameters, [played])[0]


def check_each_hand(engine: Adapter, omits: frozenset[str], parameters: Mapping[str, Any], hands: Sequence[Hand]) -> list[Outcome]:
    """:func:`check_hand` of several hands in the notation, all the questions put at once (as
    :func:`check_each_played` puts them): the hands of an engine that lays off for the defender,
    posed without their lay-offs (:meth:`~ginspec.detection.campaign.hands.Hand.without_layoffs`)."""
    questions = [Question("round", hand.question_input(), parameters, f"campaign-{hand.seed}-{hand.index}") for hand in hands]
    return [
        _no_answer(hand.index, len(hand.actions), observed) if isinstance(observed, Exception) else _judged(engine, omits, parameters, hand, observed)
        for hand, observed in zip(hands, engine.ask_each(questions))
    ]


def check_each_played(engine: Adapter, omits: frozenset[str], parameters: Mapping[str, Any], hands: Sequence[PlayedHand]) -> list[Outcome]:
    """:func:`check_played` of several hands asked in the notation, all the questions put at once
    (:meth:`~ginspec.adapters.base.Adapter.ask_each`: an engine in another process reads the next
    while the suite reads an answer); each answer is then judged, and shrunk if need be, alone."""
    questions = [Question("round", played.question_input(), parameters, f"campaign-{played.seed}-{played.index}") for played in hands]
    outcomes = []
    for played, observed in zip(hands, engine.ask_each(questions)):
        if isinstance(observed, Exception):  # a crash is reported for this hand and the campaign goes on
            outcomes.append(_no_answer(played.index, len(played.moves), observed))
        elif not omits and _same_text_as_played(played, observed):
            outcomes.append(Outcome(played.index, "agree"))
        else:
            outcomes.append(_judged(engine, omits, parameters, played.hand, observed))
    return outcomes
