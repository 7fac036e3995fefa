"""The failing cases no known defect explains, grouped by how the engine departs from the rules
(:mod:`ginspec.judging.diagnosis.departures`): one group per departure signature, never per rule
tag, so that a defect nobody modelled, which touches many rules, is one group, and cases of
different defects that share a rule are not.

Each group is named in a card player's words at its first departure, with the facts of the
situation every case of it shares (who is to play, whether it is the first discard of the hand).
Where a number departs, the difference is tested against simple formulas induced from the group
itself (none at all, doubled, off by another value of the answer such as the defender's deadwood,
off by a constant); a formula is named only when every case of the group bears it out.

Its rules are those checked at the departure, the most specific first: the rules that decide the
move, count or score that departs (:mod:`ginspec.judging.diagnosis.checked`), then the rules the cases are
tagged with in the rule areas checked there (``spec/rules/AREA.yaml``), ranked by the Ochiai
coefficient of the group against the passing cases (a rule tagged on many passing cases is less
specific), weighed down a little for each place its area stands later in that list.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Sequence

from ginspec.judging.blame import case_rules, consequent_rules, kept_rules
from ginspec.judging.diagnosis.departures import (
    ERROR_STATUSES, FIELD_WORDS, GAME_KINDS, Departure, error_departure, first_field, game_departure, mask, outcome_context, value_departure,
)
from ginspec.judging.diagnosis.checked import rules_checked
from ginspec.judging.diagnosis.hands import hand_departure, scenario_answers
from ginspec.judging.diagnosis.hypotheses import field_of
from ginspec.judging.diagnosis.induction import LEAST_EVIDENCE, best_hypothesis, passing_checkpoints

AREA_WEIGHT = 0.85
"""Each later place of a rule's area among the areas checked at a departure multiplies its score by this."""

SHOWN_FACTS = ("outcome", "where", "who", "turn", "drawn", "onto", "melds", "count")
"""The facts of a departure a title may name (the kind of move is in its words already)."""

TAG_WEIGHT = 1.0
"""How much a checked rule's Ochiai coefficient over the cases' tags counts beside its place among
the rules checked at the departure; a rule that the engine's own answers put first (the count made
with the rules' melds: CARD-VALUES) counts once more, by the share of the cases that show it."""

RULES_NAMED = 3
"""At most this many rules are named by a finding of an unexplained departure."""



@dataclass(frozen=True)
class Group:
    """Failing cases that depart the same way: the words of the departure, its rules and cases."""

    title: str
    departure: str
    rules: tuple[str, ...]
    cases: tuple[Any, ...]


def _message(case: Any) -> str:
    return mask(str(field_of(case, "message") or ""))[:120]


def case_departure(case: Any, posed: Any = None) -> Departure:
    """The departure signature of one failing case (see :func:`_departure`); a case whose answers
    cannot be read that way departs by its judge's message, masked."""
    try:
        return _departure(case, posed)
    except Exception:  # noqa: BLE001 - an answer of any shape: the diagnosis never takes the run down
        kind = str(field_of(case, "kind") or "")
        return Departure((kind, "message", _message(case)), "differs from the rules: " + _message(case))


def _departure(case: Any, posed: Any = None) -> Departure:
    """The departure signature of one failing case (a result or a report's record of one);
    ``posed`` is the case posed again (:mod:`ginspec.judging.diagnosis.hypotheses`), which lets a
    hand's departure be placed by the reference engine, or None."""
    status = str(field_of(case, "status") or "")
    if status in ERROR_STATUSES:
        return error_departure(status, str(field_of(case, "message") or ""))
    if status in ("unexpected-pass", "suite-error"):
        words = {"unexpected-pass": "now answers as the rules do, where it was listed as departing", "suite-error": "meets a case the suite itself cannot pose"}
        return Departure((status,), words[status])
    kind = str(field_of(case, "kind") or "")
    expected, observed = field_of(case, "expected"), field_of(case, "observed")
    data = field_of(case, "input") if isinstance(field_of(case, "input"), Mapping) else {}
    if kind == "scenario":
        answers = scenario_answers(posed)
        if answers is None:
            return Departure(("scenario", _message(case)), "fails the scenario: " + _message(case))
        kind, expected, observed = answers
    if not isinstance(expected, Mapping) or not isinstance(observed, Mapping):
        return Departure((kind, "answer", _message(case)), "answers outside the shape of the protocol")
    if "refused" in observed and "refused" not in expected:
        return Departure((kind, "refused", str(observed.get("refused"))), f"refuses the question ({observed.get('refused')}), which the rules answer")
    if kind in ("round", "table_round"):
        return hand_departure(kind, data, expected, observed, posed)
    name = first_field(expected, observed, kind=kind)
    if name is None:
        return Departure((kind, "message", _message(case)), "differs from the rules: " + _message(case))
    if kind in GAME_KINDS:
        return game_departure(kind, name, data, expected, observed)
    return value_departure(kind, name, expected, observed, outcome_context(expected), data=data)


def _formulas(value: tuple[str, Any, Any, Mapping[str, Any]]) -> set[str]:
    """The simple formulas one departing number bears out (its field, the rules' value, the
    engine's, the rules' whole answer); a difference that is even is read halved as well, for a
    deal whose scores count double (OKLA-SPADE-DOUBLE)."""
    name, want, got, answer = value
    found = _formulas_of(name, want, got, answer, got - want)
    if (got - want) % 2 == 0:
        found |= {formula for formula in _formulas_of(name, want, got, answer, (got - want) // 2) if " by the " in formula}
    return found


def _formulas_of(name: str, want: Any, got: Any, answer: Mapping[str, Any], delta: Any) -> set[str]:
    found = set()
    if got == 0:
        found.add("none at all")
    if want and got == 2 * want:
        found.add("twice the rules' value")
    if got and want == 2 * got:
        found.add("half the rules' value")
    for other, amount in answer.items():
        if other != name and isinstance(amount, (int, float)) and not isinstance(amount, bool) and amount and abs(delta) == abs(amount):
            found.add(f"{'more' if delta > 0 else 'less'} by {FIELD_WORDS.get(other, other)}")
    numbers = {other: amount for other, amount in answer.items() if other != name and isinstance(amount, int) and not isinstance(amount, bool)}
    for first in sorted(numbers):
        for second in sorted(numbers):
            if first != second and delta and abs(delta) == numbers[first] - numbers[second]:
                found.add(f"{'more' if delta > 0 else 'less'} by the difference of {FIELD_WORDS.get(second, second)} and {FIELD_WORDS.get(first, first)}")
    found.add(f"{'more' if delta > 0 else 'less'} by {abs(delta)}")
    return found


FORMULA_ORDER = ("none at all", "twice the rules' value", "half the rules' value")


def induced_formula(departures: Sequence[Departure]) -> str | None:
    """The formula every departing number of a group bears out (two cases at least), or None."""
    values = [departure.value for departure in departures if departure.value is not None]
    if len(values) < 2 or len(values) != len(departures):
        return None
    shared = set.intersection(*(_formulas(value) for value in values))
    if not shared:
        return None
    return min(shared, key=lambda formula: (FORMULA_ORDER.index(formula) if formula in FORMULA_ORDER else len(FORMULA_ORDER), not formula.startswith(("more by the", "less by the")), len(formula), formula))


def _candidate_rules(case: Any) -> list[str]:
    rules = list(case_rules(case))
    return [rule for rule in rules if rule not in kept_rules(case) and rule not in consequent_rules(case)] or rules


def departure_rules(cases: Sequence[Any], departures: Sequence[Departure], passing: Sequence[Any]) -> tuple[str, ...]:
    """The rules checked at a group's departure, most specific first (see the module's docstring):
    those :func:`~ginspec.judging.diagnosis.checked.rules_checked` names there, each by its place
    in each case's list and by its Ochiai coefficient (:func:`ochiai`), then the rules the cases
    are tagged with."""
    votes: dict[str, float] = {}
    shown: dict[str, float] = {}
    for departure in departures:
        plain = rules_checked(departure.key)
        for place, rule in enumerate(rules_checked(departure.key, departure.details)):
            votes[rule] = votes.get(rule, 0.0) + 1.0 / (1 + place)
            if rule not in plain or plain.index(rule) > place:  # what this case's answer shows puts it first
                shown[rule] = shown.get(rule, 0.0) + 1.0
    most = max(votes.values(), default=1.0)
    specific = ochiai(cases, passing)

    def score(rule: str) -> float:
        return shown.get(rule, 0.0) / len(departures) + votes[rule] / most + TAG_WEIGHT * specific.get(rule, 0.0)

    checked = sorted(votes, key=lambda rule: (-score(rule), rule))
    tagged = tagged_rules(cases, departures[0].areas if departures else (), passing)
    return tuple(dict.fromkeys([*checked, *tagged]))[:RULES_NAMED]


def ochiai(cases: Sequence[Any], passing: Sequence[Any]) -> dict[str, float]:
    """The Ochiai coefficient of each rule the group's cases are tagged with: how much more the
    rule is tagged on these failing cases than on the passing ones (1: on all of them and on no
    passing case)."""
    counts: dict[str, int] = {}
    for case in cases:
        for rule in _candidate_rules(case):
            counts[rule] = counts.get(rule, 0) + 1
    passing_counts: dict[str, int] = {}
    for case in passing:
        for rule in case_rules(case):
            if rule in counts:
                passing_counts[rule] = passing_counts.get(rule, 0) + 1
    return {rule: count / math.sqrt(len(cases) * (count + passing_counts.get(rule, 0))) for rule, count in counts.items()}


def tagged_rules(cases: Sequence[Any], areas: Sequence[str], passing: Sequence[Any]) -> tuple[str, ...]:
    """The rules a group's cases are tagged with, in the areas checked at its departure first,
    each by its Ochiai coefficient against the passing cases."""
    from ginspec.suite.registry import rules_by_id

    try:
        registry = rules_by_id()
    except Exception:  # noqa: BLE001 - without the registry every rule is of no known area
        registry = {}
    specific = ochiai(cases, passing)

    def key(rule: str) -> tuple[bool, float, str]:
        area = getattr(registry.get(rule), "area", None)
        place = list(areas).index(area) if area in areas else None
        return (place is None, -specific[rule] * (AREA_WEIGHT ** (place or 0)), rule)

    return tuple(sorted(specific, key=key))


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def describe(departures: Sequence[Departure]) -> str:
    """A group's departure in a card player's words: where, with the facts every case shares,
    then what the engine did (and the formula its numbers bear out)."""
    words = Counter((departure.where, departure.what) for departure in departures)
    first = next(departure for departure in departures if (departure.where, departure.what) == words.most_common(1)[0][0])
    shared = [fact for name, fact in first.details if name in SHOWN_FACTS and fact not in first.where and all((name, fact) in departure.details for departure in departures)]
    where = ", ".join(part for part in (first.where, *(f"with {fact}" if fact.startswith("the ") else fact for fact in shared)) if part)
    what = f"the engine {first.what}"
    formula = induced_formula(departures)
    if formula is not None:
        what += f": {formula}"
    return _sentence(f"{where}, {what}" if where else what) + "."


def group_unexplained(failures: Sequence[tuple[Any, Any]], passing: Sequence[Any]) -> list[Group]:
    """The failing cases no known defect explains, each given with the case posed again (or
    None), grouped by their departure signature, the largest group first. A group of hands that
    depart in the moves of one decision is split by the move hypothesis the run confirms
    (:mod:`ginspec.judging.diagnosis.induction`): its hands are one group named by the mechanism,
    and the others a group of their own when there are enough of them to confirm anything
    (else they stay, and the title says how many depart otherwise at that point)."""
    groups: dict[tuple[Any, ...], list[tuple[Any, Departure]]] = {}
    for case, posed in failures:
        departure = case_departure(case, posed)
        groups.setdefault(departure.key, []).append((case, departure))
    checkpoints: list[Any] | None = None
    found = []
    for key, members in groups.items():
        if len(key) == 4 and key[2] == "moves":
            checkpoints = passing_checkpoints(passing) if checkpoints is None else checkpoints
            hypothesis = best_hypothesis([departure for _, departure in members], checkpoints)
            if hypothesis is not None:
                confirmed = [member for member in members if hypothesis.covers(member[1])]
                rest = [member for member in members if not hypothesis.covers(member[1])]
                words = _sentence(hypothesis.words(confirmed[0][1].where))
                if len(rest) >= LEAST_EVIDENCE:  # enough hands that depart otherwise at that point: a finding of their own
                    members = rest
                else:  # a few more hands depart at the same point: they stay with the mechanism, named apart
                    confirmed, members = members, []
                    words += f"; {len(rest)} more {'hand departs' if len(rest) == 1 else 'hands depart'} at the same point otherwise" if rest else ""
                found.append(_group(confirmed, passing, words + "."))
        if members:
            found.append(_group(members, passing, describe([departure for _, departure in members])))
    found.sort(key=lambda group: (-len(group.cases), group.title))
    return found


def _group(members: Sequence[tuple[Any, Departure]], passing: Sequence[Any], words: str) -> Group:
    cases = [case for case, _ in members]
    departures = [departure for _, departure in members]
    count = f" ({len(cases)} failing {'case' if len(cases) == 1 else 'cases'})"
    return Group(words.rstrip(".") + count, words, departure_rules(cases, departures, passing), tuple(cases))
