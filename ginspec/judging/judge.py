"""Judging an engine's answer against a vector's expected answer.

Only the fields a vector asserts are judged. Card lists that stand for sets (``discards``,
``layoffs``) are compared without regard to order; ``arrangements`` is compared as a set of
arrangements, each a set of melds; everything else must be equal, with booleans kept apart from
numbers. Cards and actions are read with the suite's own reader of the notation
(:mod:`ginspec.suite.notation`), never with the engine under test.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ginspec.suite.notation import NotationProblem
from ginspec.suite.notation import read_action, read_cards

CARD_SET_FIELDS = frozenset({"discards", "layoffs"})


@dataclass(frozen=True)
class Verdict:
    passed: bool
    mismatches: tuple[str, ...]


def card_set(value: Any) -> frozenset[str]:
    if not isinstance(value, str):
        raise NotationProblem(f"{value!r} is not a card list")
    return frozenset(read_cards(value))


def arrangement_set(value: Any) -> frozenset[frozenset[frozenset[str]]]:
    if not isinstance(value, list) or not all(isinstance(arrangement, list) for arrangement in value):
        raise NotationProblem(f"{value!r} is not a list of arrangements")
    return frozenset(frozenset(card_set(meld) for meld in arrangement) for arrangement in value)


def _same(name: str, expected: Any, observed: Any) -> bool:
    if name in CARD_SET_FIELDS:
        return card_set(expected) == card_set(observed)
    if name == "arrangements":
        return arrangement_set(expected) == arrangement_set(observed)
    if isinstance(expected, bool) or isinstance(observed, bool):
        return type(expected) is type(observed) and expected == observed
    return expected == observed


def judge_refusal(expected: Mapping[str, Any], observed: Mapping[str, Any]) -> Verdict | None:
    """A malformed question (``spec/protocol.md``, "Refusing a malformed question"): it passes only
    when refused with the expected reason code; an answer, or a refusal for another reason, fails.
    A well-formed question that the engine refuses fails too. ``None`` when neither side refuses."""
    if "refused" in expected:
        want = expected["refused"]
        got = observed.get("refused")
        if got == want:
            return Verdict(True, ())
        if got is not None:
            return Verdict(False, (f"refused for {got!r}, expected the refusal {want!r}: {observed.get('message', '')}".rstrip(": "),))
        return Verdict(False, (f"the question is malformed and should be refused ({want!r}); the engine answered it",))
    if "refused" in observed:
        return Verdict(False, (f"the engine refused a well-formed question ({observed['refused']!r}): {observed.get('message', '')}".rstrip(": "),))
    return None


def judge(expected: Mapping[str, Any], observed: Mapping[str, Any], omitted: frozenset[str] = frozenset()) -> Verdict:
    """Compare the asserted fields; ``omitted`` fields are ones the engine declared it cannot report."""
    if not isinstance(observed, Mapping):
        return Verdict(False, (f"the answer is not an object: {observed!r}",))
    refusal = judge_refusal(expected, observed)
    if refusal is not None:
        return refusal
    mismatches: list[str] = []
    if "error" in expected or "error" in observed:
        if expected.get("error") != observed.get("error"):
            mismatches.append(f"error: expected {expected.get('error')!r}, observed {observed.get('error')!r}")
        return Verdict(not mismatches, tuple(mismatches))
    for name, value in expected.items():
        if name in omitted:
            continue
        if name not in observed:
            mismatches.append(f"{name}: expected {value!r}, the engine gave no {name!r}")
            continue
        try:
            if not _same(name, value, observed[name]):
                mismatches.append(f"{name}: expected {value!r}, observed {observed[name]!r}")
        except NotationProblem as exc:
            mismatches.append(f"{name}: the engine's answer is not valid notation: {exc}")
    return Verdict(not mismatches, tuple(mismatches))


def same_field(name: str, expected: Any, observed: Any) -> bool:
    """Whether one answer field agrees with its expected value, compared as the field's kind
    says (``legal`` as a set of actions, card sets as sets, arrangements as sets of sets); an
    answer that is not valid notation does not agree."""
    try:
        if name == "legal" and isinstance(expected, list):
            return isinstance(observed, list) and (observed == expected or action_set(expected) == action_set(observed))
        return _same(name, expected, observed)
    except NotationProblem:
        return False


def action_set(value: Any) -> frozenset[str]:
    if not isinstance(value, list):
        raise NotationProblem(f"{value!r} is not a list of actions")
    return frozenset(read_action(text) for text in value)


def _compare_fields(expected: Mapping[str, Any], observed: Mapping[str, Any], prefix: str, mismatches: list[str]) -> None:
    for name, value in expected.items():
        if name not in observed:
            mismatches.append(f"{prefix}{name}: expected {value!r}, the engine gave no {name!r}")
            continue
        try:
            if name == "legal":
                if observed[name] == value and isinstance(value, list):  # the same moves listed in the same order
                    continue
                want, got = action_set(value), action_set(observed[name])
                if want != got:
                    missing = ", ".join(sorted(want - got)) or "none"
                    extra = ", ".join(sorted(got - want)) or "none"
                    mismatches.append(f"{prefix}legal: missing [{missing}], not legal but listed [{extra}]")
            elif not _same(name, value, observed[name]):
                mismatches.append(f"{prefix}{name}: expected {value!r}, observed {observed[name]!r}")
        except NotationProblem as exc:
            mismatches.append(f"{prefix}{name}: the engine's answer is not valid notation: {exc}")


def _refused_action(refused: Mapping[str, Any], actions: Sequence[Any] | None) -> str | None:
    """What is wrong with the refused action an engine names (``illegal.action``, optional), or
    ``None``: when given, it must be the action at ``illegal.index``, the same action in the
    notation of ``spec/actions.md`` (a spread compared as a set of melds)."""
    named = refused.get("action")
    index = refused.get("index")
    if named is None or actions is None or not isinstance(index, int) or not 0 <= index < len(actions):
        return None
    try:
        want = read_action(actions[index])
    except NotationProblem:
        return None
    try:
        got = read_action(named)
    except NotationProblem as exc:
        return f"action {index}: the engine names the refused action in no valid notation: {exc}"
    if got != want:
        return f"action {index}: the engine read {named!r} where the hand says {actions[index]!r}"
    return None


def judge_round(
    expected: Mapping[str, Any],
    observed: Mapping[str, Any],
    omitted: frozenset[str] = frozenset(),
    actions: Sequence[Any] | None = None,
) -> Verdict:
    """A replayed hand: the end (or the first refused action) and every checkpoint. Fields the
    engine declared it cannot report (``omitted``) are not judged. With the question's
    ``actions``, a refused action the engine names must be the one it refused."""
    if not isinstance(observed, Mapping):
        return Verdict(False, (f"the answer is not an object: {observed!r}",))
    refusal = judge_refusal(expected, observed)
    if refusal is not None:
        return refusal
    mismatches: list[str] = []
    refused = observed.get("illegal")
    if "illegal" in expected:
        want = expected["illegal"]
        if not refused:
            mismatches.append(f"action {want['index']} should be refused ({want.get('reason', 'any reason')}), the engine accepted it")
        elif refused.get("index") != want["index"]:
            mismatches.append(f"the first refused action should be #{want['index']}, the engine refused #{refused.get('index')} ({refused.get('reason')})")
        elif "reason" in want and refused.get("reason") != want["reason"]:
            mismatches.append(f"action {want['index']} refused for {refused.get('reason')!r}, expected {want['reason']!r}")
        elif "forfeits" in want and "forfeits" not in omitted and refused.get("forfeits") is not want["forfeits"]:
            verdict = "forfeits" if want["forfeits"] else "does not forfeit"
            mismatches.append(f"action {want['index']}: the offender {verdict} the game, the engine said forfeits={refused.get('forfeits')!r}")
    elif refused:
        mismatches.append(f"the engine refused action #{refused.get('index')} ({refused.get('reason')}): {refused.get('message', '')}")
    if refused:
        misread = _refused_action(refused, actions)
        if misread is not None:
            mismatches.append(misread)
    else:
        end = {name: value for name, value in expected.items() if name not in ("checkpoints", "illegal") and name not in omitted}
        _compare_fields(end, observed, "", mismatches)
    observed_points = observed.get("checkpoints") or {}
    for point in () if "checkpoints" in omitted else expected.get("checkpoints", ()):
        after = point["after"]
        state = observed_points.get(str(after))
        fields = {name: value for name, value in point.items() if name != "after" and name not in omitted}
        if not fields:  # every field of the state is one the engine cannot report
            continue
        if state is None:
            if refused is None or refused.get("index", 10**9) >= after:
                mismatches.append(f"after {after} actions: the engine reported no state")
            continue
        _compare_fields(fields, state, f"after {after} actions: ", mismatches)
    return Verdict(not mismatches, tuple(mismatches))


def judge_any(admissible: Sequence[Mapping[str, Any]], verdict_of: Callable[[Mapping[str, Any]], Verdict]) -> Verdict:
    """An answer judged against a set of expected answers, where the rules leave a choice that
    changes it (:mod:`ginspec.judging.admissible`): it passes when it gives any one of them. When it
    gives none, the mismatches are those against the answer it comes nearest (the fewest
    mismatches; the first listed on a tie), after a line saying how many were admissible."""
    verdicts = [verdict_of(expected) for expected in admissible]
    if len(verdicts) == 1 or any(verdict.passed for verdict in verdicts):
        return next((verdict for verdict in verdicts if verdict.passed), verdicts[0])
    nearest = min(range(len(verdicts)), key=lambda index: len(verdicts[index].mismatches))
    head = f"none of the {len(verdicts)} answers the rules admit (the nearest is #{nearest + 1})"
    return Verdict(False, (head, *verdicts[nearest].mismatches))
