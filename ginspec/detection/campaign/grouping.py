"""The defect a disagreement shows, as a signature that groups it with the others showing it.

A campaign of a hundred thousand hands against an engine with one wrong rule disagrees on
thousands of hands, all for the same reason. A disagreement is described by where the hand first
departs from the rules (the earliest checkpoint that differs, or the end, or a refused move), the
phase of play there, the move that led to it, and what differs: the fields of the state, and for
the legal moves the verbs of those missing and of those listed but not legal. Two hands with the
same signature are counted as one finding. :func:`group_key` is the one place that decides; a
finer diagnosis can take its place without changing anything else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

_AFTER = re.compile(r"^after (\d+) actions: (\w+)")
_LISTS = re.compile(r"missing \[(.*?)\], not legal but listed \[(.*?)\]")
_REFUSED = re.compile(r"refused action #(-?\d+) \(([^)]*)\)")

RULES_BY_DEPARTURE: Sequence[tuple[str, str, tuple[str, ...]]] = (
    ("discard", "knock", ("KNOCK-COUNT-AFTER-DISCARD", "KNOCK-LIMIT")),
    ("discard", "big-gin", ("BIGGIN-DEFINITION",)),
    ("discard", "discard", ("TURN-DISCARD", "TURN-NO-DISCARD-TAKEN-CARD")),
    ("wall", "", ("STOCK-WALL-TWO", "STOCK-FIFTIETH-CARD")),
    ("layoff", "layoff", ("LAYOFF-CHAIN", "LAYOFF-EXTEND-RUN", "LAYOFF-EXTEND-SET")),
    ("layoff", "", ("LAYOFF-DEFENDER-ONLY", "LAYOFF-OPTIONAL")),
    ("first_turn", "", ("FIRST-UPCARD-OFFER",)),
    ("draw", "", ("TURN-DRAW-SOURCE",)),
    ("end", "", ("SCORE-HAND-OUTCOMES", "SCORE-KNOCK-WIN", "SCORE-GIN")),
)
"""The rules a departure most likely turns on, by the phase where it shows and the verb of the
moves that differ (an empty verb: any). Used when no single parameter or definition explains the
engine's answer."""


@dataclass(frozen=True)
class Departure:
    """Where a hand first departs from the rules: ``cut`` is how many of its actions a replay
    needs to show it (the first differing checkpoint, or the refused move, or the whole hand)."""

    signature: str
    cut: int
    phase: str
    verbs: tuple[str, ...]


def _verbs(listed: str) -> list[str]:
    return sorted({words.split()[1] for words in listed.split(", ") if len(words.split()) > 1})


def departure(problems: Sequence[str], expected: Mapping[str, Any], actions: Sequence[str]) -> Departure:
    """The first departure the judge's ``problems`` describe, for a hand whose rules' answer is
    ``expected`` (its ``checkpoints`` in order, one after every action)."""
    points = expected.get("checkpoints") or []
    at: dict[int, list[str]] = {}
    for problem in problems:
        match = _AFTER.match(problem)
        if match:
            at.setdefault(int(match.group(1)), []).append(problem)
    if at:
        first = min(at)
        phase = str(points[first]["phase"]) if first < len(points) else "?"
        before = actions[first - 1].split()[1] if 0 < first <= len(actions) else "deal"
        parts: list[str] = []
        verbs: list[str] = []
        for problem in sorted(at[first]):
            field = _AFTER.match(problem).group(2)  # type: ignore[union-attr]
            lists = _LISTS.search(problem)
            if field == "legal" and lists:
                missing, extra = _verbs(lists.group(1)), _verbs(lists.group(2))
                verbs += missing + extra
                parts.append(f"legal missing [{' '.join(missing)}] extra [{' '.join(extra)}]")
            elif field in ("phase", "the"):  # the phase's change, or the judge's words ("the engine reported no state"), not a field
                parts.append(problem.split(": ", 1)[1])
            else:
                parts.append(field)
        return Departure(f"round: in phase {phase} after {before}: {'; '.join(parts)}", first, phase, tuple(sorted(set(verbs))))
    refused = next((m for m in map(_REFUSED.search, problems) if m), None)
    if refused:
        index = int(refused.group(1))
        verb = actions[index].split()[1] if 0 <= index < len(actions) else "?"
        phase = str(points[index]["phase"]) if 0 <= index < len(points) else "?"
        return Departure(f"round: refused {verb} in phase {phase} ({refused.group(2)})", min(index + 1, len(actions)), phase, (verb,))
    fields = sorted({problem.split(":", 1)[0] for problem in problems})
    outcome = expected.get("outcome", "unfinished")
    return Departure(f"round: end ({outcome}): {' '.join(fields)}"[:200], len(actions), "end", ())


def group_key(problems: Sequence[str], expected: Mapping[str, Any], actions: Sequence[str]) -> Departure:
    """The signature a disagreement is grouped by. Every grouping of a campaign goes through here."""
    return departure(problems, expected, actions)


VERB_WORDS = {"draw": "a draw", "knock": "a knock", "discard": "a discard", "pass": "a pass", "layoff": "a lay-off", "big-gin": "big gin", "done": "ending the lay-offs"}


def _verb_words(verbs: str) -> str:
    return " or ".join(VERB_WORDS.get(verb, verb) for verb in verbs.split()) or "a move"


def departure_title(signature: str) -> str:
    """A campaign finding that no known defect explains, named in a card player's words from its
    signature (:func:`departure`), as the findings of a report name theirs
    (:mod:`ginspec.judging.diagnosis.departures`): where the hand first departs and what the
    engine did there."""
    from ginspec.judging.diagnosis.departures import FIELD_WORDS, PHASE_WORDS

    point = re.match(r"round: in phase (\w+) after (\w+): (.*)$", signature)
    if point:
        phase, before, parts = point.groups()
        said = []
        for part in parts.split("; "):
            lists = re.match(r"legal missing \[(.*?)\] extra \[(.*?)\]", part)
            if lists:
                missing, extra = lists.groups()
                said += [f"refuses {_verb_words(missing)}, which the rules allow" if missing else "", f"allows {_verb_words(extra)}, which the rules forbid" if extra else ""]
            else:
                said.append(f"departs in {FIELD_WORDS.get(part, part)}")
        what = "; it ".join(part for part in said if part)
        after = "the deal" if before == "deal" else VERB_WORDS.get(before, before)
        where = PHASE_WORDS.get(phase, f"in the {phase} phase")
        return f"{where[:1].upper()}{where[1:]}, after {after}, the engine {what}."
    refused = re.match(r"round: refused (\S+) in phase (\w+) \((.*)\)$", signature)
    if refused:
        verb, phase, reason = refused.groups()
        where = PHASE_WORDS.get(phase, f"in the {phase} phase")
        return f"{where[:1].upper()}{where[1:]}, the engine refuses {_verb_words(verb)}, which the rules allow (it says {reason})."
    end = re.match(r"round: end \((\w+)\): (.*)$", signature)
    if end:
        outcome, fields = end.groups()
        named = ", ".join(FIELD_WORDS.get(name, name) for name in fields.split())
        return f"When the hand ends in {outcome.replace('_', ' ')}, the engine departs in {named}."
    return f"Not a known defect: {signature}"


def likely_rules(phase: str, verbs: Sequence[str]) -> list[str]:
    """The rules a departure in ``phase`` over moves with ``verbs`` most likely turns on."""
    for where, verb, rules in RULES_BY_DEPARTURE:
        if where == phase and (not verb or verb in verbs):
            return list(rules)
    return ["TURN-ALTERNATION"] if phase not in ("end", "over") else ["SCORE-HAND-OUTCOMES"]
