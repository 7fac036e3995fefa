"""The first departure of a hand replayed move by move (``round``, ``table_round``) and of a
failing scenario, for :mod:`ginspec.judging.diagnosis.departures`.

A hand departs at the first point where the engine and the rules differ: a checkpoint (the phase,
the player to play, the moves allowed, the stock), a move the engine accepts that the rules
forbid, a move it refuses that the rules allow, or the result. The situation is the phase there
by the rules (FIRST-UPCARD-OFFER's offer counts the passes made so far); where the case's answer
does not say the phase at a refused move, the reference engine replays the moves up to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Sequence

from ginspec.adapters.base import Question
from ginspec.judging.diagnosis.departures import (
    FIELD_AREAS, MOVE_AREAS, MOVE_WORDS, PHASE_AREAS, PHASE_WORDS, Departure, _difference, _MISSING,
    action_kind, first_field, outcome_context, value_departure,
)

CHECKPOINT_FIELDS = ("phase", "to_play", "legal", "knock_limit", "stock")
"""The fields of a checkpoint, in the order a departure is looked for."""

MOVE_FAMILY = {"pass": "draw", "draw stock": "draw", "draw discard": "draw", "knock": "going out", "big-gin": "going out",
               "discard": "discard", "layoff": "layoff", "done": "layoff"}
"""The decision a kind of move belongs to: taking or passing the upcard and drawing, going out,
discarding, laying off. A hand departs in the moves of one decision whether the engine allows a
move the rules forbid there, refuses one they allow, or both (after both players pass, taking the
upcard allowed and the draw from the stock refused are one departure)."""

AT_THE_KNOCK = ("knocker", "knocker_deadwood")
"""Fields of a hand's result settled when the knocker lays down his spread, before the lay-offs
(KNOCK-DECLARATION, KNOCK-SPREAD-FIXED): a departure there comes before any at the lay-offs."""


def _passes(actions: Sequence[Any], index: int, players: int) -> str:
    """FIRST-UPCARD-OFFER: the offer as it stands, by the passes made before move ``index``."""
    passes = sum(1 for action in actions[:index] if action_kind(action) == "pass")
    if passes == 0:
        return "before anybody passes the upcard"
    if passes >= players:
        return "after both players pass the upcard" if players == 2 else "after every player passes the upcard"
    return "after one player passes the upcard" if passes == 1 else f"after {passes} players pass the upcard"


def _situation(phase: str | None, data: Mapping[str, Any], index: int) -> tuple[str, str]:
    """(key, words) of the situation at move ``index`` in ``phase``."""
    actions = data.get("actions") if isinstance(data.get("actions"), list) else []
    hands = (data.get("deal") or {}).get("hands") if isinstance(data.get("deal"), Mapping) else None
    players = len(hands) if isinstance(hands, Mapping) else 2
    words = PHASE_WORDS.get(str(phase), f"in the {phase} phase" if phase else "")
    if phase == "first_turn":
        passes = sum(1 for action in actions[:index] if action_kind(action) == "pass")
        stage = "none" if passes == 0 else "all" if passes >= players else "some"
        return f"first_turn:{stage}", f"{words}, {_passes(actions, index, players)}"
    return str(phase or ""), words


def _role(data: Mapping[str, Any], seat: Any) -> Any:
    """A seat as a card player names it in a hand: the dealer, the non-dealer (at a table, the
    player so many seats after the dealer); anything else as it is."""
    deal = data.get("deal") if isinstance(data.get("deal"), Mapping) else {}
    seats = sorted(deal.get("hands") or {}) if isinstance(deal.get("hands"), Mapping) else []
    if not isinstance(seat, str) or seat not in seats or deal.get("dealer") not in seats:
        return "nobody" if seat is None else seat
    after = (seats.index(seat) - seats.index(deal["dealer"])) % len(seats)
    if after == 0:
        return "the dealer"
    return "the non-dealer" if len(seats) == 2 else f"the player {after} after the dealer"


def _details(data: Mapping[str, Any], index: int, to_play: Any, phase: Any) -> tuple[tuple[str, str], ...]:
    """Facts of the situation a title names when all the cases of a finding share them: who is
    to play (the dealer or not), and, at a discard, whether it is the first of the hand and
    where the card was drawn from."""
    actions = data.get("actions") if isinstance(data.get("actions"), list) else []
    deal = data.get("deal") if isinstance(data.get("deal"), Mapping) else {}
    found = []
    if isinstance(to_play, str) and deal.get("dealer"):
        found.append(("who", "the dealer to play" if to_play == deal.get("dealer") else "the non-dealer to play" if len(deal.get("hands") or {}) <= 2 else "a player after the dealer to play"))
    if phase == "discard":
        earlier = [action_kind(action) for action in actions[:index]]
        found.append(("turn", "before the first discard of the hand" if "discard" not in earlier and "knock" not in earlier else "after the first discard"))
        draws = [kind for kind in earlier if kind.startswith("draw")]
        if draws:
            found.append(("drawn", "having taken the discard" if draws[-1] == "draw discard" else "having drawn from the stock"))
    return tuple(found)


@lru_cache(maxsize=4096)
def _state_at(key: str) -> Mapping[str, Any]:
    import json

    from ginspec.judging.diagnosis.hypotheses import ask_with

    kind, data, parameters, index = json.loads(key)
    asked = dict(data, actions=list(data.get("actions", []))[:index], observe_after=[index])
    answer = ask_with((), Question(kind, asked, parameters))
    points = answer.get("checkpoints") if isinstance(answer, Mapping) else None
    state = points.get(str(index)) if isinstance(points, Mapping) else None
    return state if isinstance(state, Mapping) else {}


def _rules_state(kind: str, data: Mapping[str, Any], expected: Mapping[str, Any], index: int, posed: Any) -> Mapping[str, Any]:
    """The rules' state before move ``index``: the case's own checkpoint there, else the
    reference engine's (empty when the case cannot be posed again)."""
    import json

    for point in expected.get("checkpoints") or ():
        if isinstance(point, Mapping) and point.get("after") == index:
            return point
    question = getattr(posed, "question", None)
    if question is None:
        return {}
    try:
        return _state_at(json.dumps([kind, dict(data), dict(question.parameters), index], sort_keys=True, default=str))
    except Exception:  # noqa: BLE001 - a hand the reference engine cannot replay has no known phase
        return {}


def hand_departure(kind: str, data: Mapping[str, Any], expected: Mapping[str, Any], observed: Mapping[str, Any], posed: Any = None) -> Departure:
    """The first departure of a hand replayed move by move (see the module's docstring)."""
    actions = data.get("actions") if isinstance(data.get("actions"), list) else []
    found: list[tuple[tuple[int, int], Any]] = []
    reported = observed.get("checkpoints") if isinstance(observed.get("checkpoints"), Mapping) else {}
    for point in expected.get("checkpoints") or ():
        if not isinstance(point, Mapping) or not isinstance(point.get("after"), int):
            continue
        state = reported.get(str(point["after"]))
        if not isinstance(state, Mapping):
            continue
        name = first_field({key: point[key] for key in CHECKPOINT_FIELDS if key in point}, state)
        if name is not None:
            found.append(((point["after"], 0), ("point", point, state, name)))
    want, got = expected.get("illegal"), observed.get("illegal")
    want_index = want.get("index") if isinstance(want, Mapping) else None
    got_index = got.get("index") if isinstance(got, Mapping) else None
    if isinstance(want_index, int) and (not isinstance(got_index, int) or got_index > want_index):
        found.append(((want_index, 1), ("allowed", want_index)))
    if isinstance(got_index, int) and (not isinstance(want_index, int) or want_index > got_index):
        found.append(((got_index, 1), ("refused", got_index)))
    if not want and not got:
        end = {name: value for name, value in expected.items() if name not in ("checkpoints", "illegal")}
        at_knock = {name: end[name] for name in AT_THE_KNOCK if name in end}
        name = first_field(at_knock, observed, kind=kind)
        knock = next((index for index, action in enumerate(actions) if action_kind(action) in ("knock", "big-gin")), len(actions))
        if name is not None:
            found.append(((knock, 2), ("end", name)))
        name = first_field(end, observed, kind=kind)
        if name is not None:
            found.append(((len(actions), 2), ("end", name)))
    if not found:
        return Departure((kind, "hand", "other"), "departs from the rules in the course of the hand", "", ("turn",))
    (index, _), how = min(found, key=lambda item: item[0])
    if how[0] == "point":
        _, point, state, name = how
        situation, where = _situation(point.get("phase"), data, index)
        want, got = point[name], state.get(name, _MISSING)
        if name == "to_play":
            want, got = _role(data, want), _role(data, got)
        difference, words = _difference(name, want, got)
        areas = PHASE_AREAS.get(str(point.get("phase")), ()) + FIELD_AREAS.get(name, ())
        details = _details(data, index, point.get("to_play"), point.get("phase"))
        if name != "legal":  # a count or a seat departs the same way wherever it is shown
            return Departure(("hand", name, difference), words, "", _unique(FIELD_AREAS.get(name, ()) + areas), None, ((("where", where),) if where else ()) + details)
        added, _, lost = difference.partition(":")[2].partition("-")
        moves = [move for move in (lost.split(",") + added.lstrip("+").split(",")) if move]
        areas = tuple(area for move in moves for area in MOVE_AREAS.get(move, ())) + areas
        primary = lost.split(",")[0] if lost else added.lstrip("+").split(",")[0]
        change = ("change", "lost" if lost else "added")
        return Departure(("hand", situation, "moves", MOVE_FAMILY.get(primary, primary)), words, where, _unique(areas), None, (("move", primary), change, *details))
    if how[0] in ("allowed", "refused"):
        move = action_kind(actions[index]) if index < len(actions) else "a move"
        state = _rules_state(kind, data, expected, index, posed)
        situation, where = _situation(state.get("phase"), data, index)
        words = f"allows {MOVE_WORDS.get(move, move)}, which the rules forbid" if how[0] == "allowed" else f"refuses {MOVE_WORDS.get(move, move)}, which the rules allow"
        if how[0] == "allowed" and isinstance(want, Mapping) and want.get("reason"):
            words += f" ({want['reason']})"
        areas = MOVE_AREAS.get(move, ()) + PHASE_AREAS.get(str(state.get("phase")), ())
        change = ("change", "added" if how[0] == "allowed" else "lost")
        details = _details(data, index, state.get("to_play"), state.get("phase"))
        return Departure(("hand", situation, "moves", MOVE_FAMILY.get(move, move)), words, where, _unique(areas), None, (("move", move), change, *details))
    return value_departure(kind, how[1], expected, observed, outcome_context(expected))


def rules_checkpoints(case: Any) -> list[tuple[str, frozenset[tuple[str, str]], frozenset[str]]]:
    """The checkpoints of a hand case as the rules give them: the situation of each (as a
    departure's key names it), the facts of it, and the kinds of move the rules allow there."""
    from ginspec.judging.diagnosis.hypotheses import field_of

    data, expected = field_of(case, "input"), field_of(case, "expected")
    if not isinstance(data, Mapping) or not isinstance(expected, Mapping):
        return []
    found = []
    for point in expected.get("checkpoints") or ():
        if isinstance(point, Mapping) and isinstance(point.get("after"), int) and isinstance(point.get("legal"), list) and point.get("phase"):
            situation, _ = _situation(point["phase"], data, point["after"])
            facts = frozenset(_details(data, point["after"], point.get("to_play"), point["phase"]))
            found.append((situation, facts, frozenset(action_kind(move) for move in point["legal"])))
    return found


def _unique(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _nest(target: dict[str, Any], parts: Sequence[str], value: Any) -> None:
    """Put ``value`` at the dotted path ``parts`` of ``target``; a path below a value read whole
    (``totals.1`` beside ``totals``) is already in it and is left."""
    holder: Any = target
    for part in parts[:-1]:
        holder = holder.setdefault(part, {}) if isinstance(holder, dict) else None
        if not isinstance(holder, dict):
            return
    if parts[-1] not in holder:
        holder[parts[-1]] = value


def scenario_answers(posed: Any) -> tuple[str, dict[str, Any], dict[str, Any]] | None:
    """A failing scenario's judged question as (kind, the rules' answer, the engine's answer), at
    the fields its steps read, nested again from their dotted paths (``checkpoints.3.legal``);
    None when the scenario was not posed again."""
    paths = getattr(posed, "paths", None)
    if not paths:
        return None
    expected: dict[str, Any] = {}
    observed: dict[str, Any] = {}
    reported = getattr(posed, "reported", None) or {}
    for path in paths:
        parts = path.split(".")
        if parts[0] == "checkpoints" and len(parts) == 3 and parts[1].isdigit():
            if path in posed.expected:
                points = expected.setdefault("checkpoints", [])
                point = next((p for p in points if p["after"] == int(parts[1])), None)
                if point is None:
                    point = {"after": int(parts[1])}
                    points.append(point)
                point[parts[2]] = posed.expected[path]
            if path in reported:
                observed.setdefault("checkpoints", {}).setdefault(parts[1], {})[parts[2]] = reported[path]
            continue
        for target, source in ((expected, posed.expected), (observed, reported)):
            if path in source:
                _nest(target, parts, source[path])
    return posed.question.kind, expected, observed
