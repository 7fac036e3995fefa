"""Findings: the failing cases of a run grouped into defects, most important first.

1. Each failing case is tested against the known defects that could touch it
   (:mod:`ginspec.judging.diagnosis.hypotheses`): a defect explains it when the reference engine with the
   defect in force gives the engine's answer. A failing scenario is tested on the question its
   failing step judged (:mod:`ginspec.judging.diagnosis.scenarios`), first against the defects the
   vectors' failures choose (step 2), and against the whole dictionary only when none of them
   explains it; then the defects are chosen again over the vectors and scenarios together.
2. A set of defects is chosen greedily, like a set cover: at each step the defect that explains
   the most failing cases not yet explained, less the passing cases it contradicts (cases the
   engine answers right that the defect would answer wrong). On a tie, the defect explaining more
   cases in all, then fewer contradictions, then a hand-written miniature before a parameter read
   as a fixed value (the more specific model of the same failures), then more cases tagged with
   its rules.
   Each chosen defect is one finding.
3. A failing case that no single defect explains may be explained by two of the chosen defects at
   once; it joins the finding of the first of them. Failing that, it joins the chosen defect that
   explains most of its wrong fields (at least half, and none the engine got right). A defect that
   shows only beside another (never alone) is found by trying the chosen defects in pairs with the
   others on what is left.
4. What is left is grouped by how the engine departs (:mod:`ginspec.judging.diagnosis.unexplained`):
   an engine error by its signature (the kind of error, its message with cards and numbers
   masked, the engine's own frame), a wrong answer by its first departure (the first point of a
   hand, or the first field of an answer, where the engine and the rules differ, and how), and
   reported after the known defects, as unexplained findings named in a card player's words.

Each finding names its rules (most likely first), its cases, the smallest of them (fewest cards and
moves) and a command that re-runs exactly that case.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Iterable, Sequence

from ginspec.adapters.base import Capabilities
from ginspec.judging.blame import FAILURES, case_rules
from ginspec.judging.diagnosis.dictionary import KnownDefect, known_defects
from ginspec.judging.diagnosis.hypotheses import Posed, Predictions, field_of, vector_of
from ginspec.judging.diagnosis.scenarios import posed_case
from ginspec.judging.diagnosis.unexplained import case_departure, group_unexplained

CONTRADICTION_WEIGHT = 1.0
"""How much one contradicted passing case takes from a defect's explained failing cases."""

PASSING_SAMPLE = 400
"""At most this many passing cases are asked again per candidate defect (spread over the run)."""


@dataclass(frozen=True)
class Finding:
    """One defect of the engine (known or not) and the failing cases that show it."""

    title: str
    rules: tuple[str, ...]
    cases: tuple[str, ...]
    smallest: str
    again: str
    defect: str | None
    explained: bool
    departure: str | None = None
    """Of a finding no known defect explains, the first departure its cases share, in words."""

    @property
    def count(self) -> int:
        return len(self.cases)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "rules": list(self.rules),
            "cases": list(self.cases),
            "count": self.count,
            "smallest": self.smallest,
            "again": self.again,
            "defect": self.defect,
            "explained": self.explained,
            "departure": self.departure,
        }


_CARD = re.compile(r"^(10|[2-9AJQKT])[cdhsCDHS]$")


def case_size(case: Any) -> int:
    """Cards and moves in a case's question: every card named and every action counted."""

    def size(value: Any) -> int:
        if isinstance(value, str):
            return max(1, sum(1 for token in value.split() if _CARD.match(token)))
        if isinstance(value, Mapping):
            return sum(size(item) for item in value.values())
        if isinstance(value, (list, tuple)):
            return sum(size(item) for item in value)
        return 0

    return size(field_of(case, "input") or {})


def again_command(case: Any, engine: str) -> str:
    """One command that runs exactly this case against the engine again
    (:func:`ginspec.judging.again.again_command`; the report puts the run's other options in)."""
    from ginspec.judging.again import again_command as case_again

    vector = vector_of(case)
    variant = field_of(case, "variant")
    played_under = str(variant) if vector is not None and variant and variant != vector.variant else None
    return case_again(str(field_of(case, "id")), engine, played_under)


@dataclass
class _Failure:
    case: Any
    posed: Posed | None
    verdict: tuple[str, str] | None
    explained_by: set[str]


def _diagnose_failures(failing: Sequence[Any], capabilities: Capabilities, predictions: Predictions, among: Sequence[KnownDefect] | None = None) -> list[_Failure]:
    """Each failing case with the known defects that explain it: among those that could touch it,
    of the whole dictionary or of ``among``."""
    found = []
    for case in failing:
        posed = posed_case(case, capabilities) if field_of(case, "status") == "fail" else None
        verdict = posed.observed_verdict(capabilities) if posed is not None else None
        if posed is None or verdict is None:
            found.append(_Failure(case, None, None, set()))
            continue
        found.append(_Failure(case, posed, verdict, _explaining(posed, verdict, capabilities, predictions, among)))
    return found


def _explaining(posed: Posed, verdict: tuple[str, str], capabilities: Capabilities, predictions: Predictions, among: Sequence[KnownDefect] | None = None) -> set[str]:
    if verdict[0] != "fail":
        return set()
    candidates = predictions.touching(posed) if among is None else [defect for defect in among if predictions.touches(defect, posed)]
    return {defect.name for defect in candidates if predictions.verdict((defect,), posed, capabilities) == verdict}


SCENARIO_SEARCH = 60
"""At most this many failing scenarios that no defect chosen for the vectors explains are tried
with the whole dictionary (a scenario's question is a whole hand or game: slow to ask again)."""


def _diagnose_scenarios(scenarios: Sequence[Any], chosen: Sequence[KnownDefect], capabilities: Capabilities, predictions: Predictions) -> list[_Failure]:
    """The failing scenarios, each tried first with the defects the vectors' failures chose, then,
    when none of them explains it, with the whole dictionary."""
    found = _diagnose_failures(scenarios, capabilities, predictions, among=chosen)
    searched = 0
    for failure in found:
        if failure.explained_by or failure.posed is None or failure.verdict is None or searched >= SCENARIO_SEARCH:
            continue
        searched += 1
        failure.explained_by = _explaining(failure.posed, failure.verdict, capabilities, predictions)
    return found


def _contradictions(defect: KnownDefect, passing: Sequence[Posed], capabilities: Capabilities, predictions: Predictions, enough: float) -> int:
    """The passing cases the defect would answer wrong (estimated from a sample spread over the
    run); counting stops past ``enough``."""
    touched = [posed for posed in passing if predictions.touches(defect, posed)]
    step = max(1, len(touched) // PASSING_SAMPLE)
    wrong = 0
    for posed in touched[::step]:
        verdict = predictions.verdict((defect,), posed, capabilities)
        if verdict is not None and verdict[0] != "pass":
            wrong += step
            if wrong > enough:
                break
    return wrong


def _tag_support(defect: KnownDefect, cases: Iterable[Any]) -> int:
    """How many of the cases are tagged with one of the defect's rules."""
    return sum(1 for case in cases if set(defect.rules) & set(case_rules(case)))


def _cover(failures: Sequence[_Failure], defects: Mapping[str, KnownDefect], passing: Sequence[Posed], capabilities: Capabilities, predictions: Predictions) -> list[tuple[KnownDefect, list[_Failure]]]:
    """The greedy choice of defects (see the module's docstring). A defect's contradictions are
    counted only when the failing cases it explains could make it the best choice."""
    explains: dict[str, list[_Failure]] = {}
    for failure in failures:
        for name in failure.explained_by:
            explains.setdefault(name, []).append(failure)
    contradicted: dict[str, int] = {}
    chosen: list[tuple[KnownDefect, list[_Failure]]] = []
    covered: set[int] = set()
    while True:
        fresh = {name: [failure for failure in cases if id(failure) not in covered] for name, cases in explains.items()}
        order = sorted((name for name in fresh if fresh[name]), key=lambda name: (-len(fresh[name]), name))
        best: tuple[tuple[Any, ...], str] | None = None
        for name in order:
            new = fresh[name]
            if best is not None and len(new) < best[0][0]:
                break
            if name not in contradicted:
                contradicted[name] = _contradictions(defects[name], passing, capabilities, predictions, enough=len(explains[name]))
            gain = len(new) - CONTRADICTION_WEIGHT * contradicted[name]
            if gain <= 0:
                continue
            key = (gain, len(explains[name]), -contradicted[name], not defects[name].parameter, _tag_support(defects[name], (failure.case for failure in new)))
            if best is None or key > best[0]:
                best = (key, name)
        if best is None:
            return chosen
        name = best[1]
        covered.update(id(failure) for failure in fresh[name])
        chosen.append((defects[name], fresh[name]))


def _pairs(left: Sequence[_Failure], chosen: list[tuple[KnownDefect, list[_Failure]]], capabilities: Capabilities, predictions: Predictions) -> list[_Failure]:
    """Failing cases two chosen defects explain together join the first one's finding; the rest
    are returned."""
    rest = []
    for failure in left:
        placed = False
        if failure.posed is not None and failure.verdict is not None and failure.verdict[0] == "fail":
            for (first, cases), (second, _) in combinations(chosen, 2):
                if not (predictions.touches(first, failure.posed) and predictions.touches(second, failure.posed)):
                    continue
                if predictions.verdict((first, second), failure.posed, capabilities) == failure.verdict:
                    cases.append(failure)
                    placed = True
                    break
        if not placed:
            placed = _most_fields(failure, chosen, capabilities, predictions)
        if not placed:
            rest.append(failure)
    return rest


PAIR_SEARCH = 60
"""At most this many failing cases left unexplained are tried with a pair of a chosen defect and
another known defect."""


def _new_partners(left: Sequence[_Failure], chosen: list[tuple[KnownDefect, list[_Failure]]], defects: Mapping[str, KnownDefect], passing: Sequence[Posed], capabilities: Capabilities, predictions: Predictions) -> list[_Failure]:
    """A defect no case shows alone may show only beside another (a big gin scored with the wrong
    bonus *and* with lay-offs): the cases a chosen defect and another one explain together are
    the other's finding, chosen greedily as in :func:`_cover`. The cases still left are returned."""
    if not chosen:
        return list(left)
    taken = {defect.name for defect, _ in chosen}
    explains: dict[str, list[_Failure]] = {}
    for failure in left[:PAIR_SEARCH]:
        if failure.posed is None or failure.verdict is None or failure.verdict[0] != "fail":
            continue
        touching = [defect for defect in predictions.touching(failure.posed) if defect.name not in taken]
        for first, _ in chosen:
            if not predictions.touches(first, failure.posed):
                continue
            for second in touching:
                if predictions.verdict((first, second), failure.posed, capabilities) == failure.verdict:
                    explains.setdefault(second.name, []).append(failure)
    placed: set[int] = set()
    while explains:
        fresh = {name: [failure for failure in cases if id(failure) not in placed] for name, cases in explains.items()}
        scored = []
        for name, cases in fresh.items():
            if cases:
                gain = len(cases) - CONTRADICTION_WEIGHT * _contradictions(defects[name], passing, capabilities, predictions, enough=len(cases))
                if gain > 0:
                    scored.append((gain, _tag_support(defects[name], (failure.case for failure in cases)), name))
        if not scored:
            break
        _, _, name = max(scored)
        chosen.append((defects[name], fresh[name]))
        placed.update(id(failure) for failure in fresh[name])
        del explains[name]
    return [failure for failure in left if id(failure) not in placed]


def _mismatches(verdict: tuple[str, str] | None) -> set[str]:
    return set(verdict[1].split("; ")) if verdict is not None and verdict[0] == "fail" and verdict[1] else set()


def _most_fields(failure: _Failure, chosen: list[tuple[KnownDefect, list[_Failure]]], capabilities: Capabilities, predictions: Predictions) -> bool:
    """Put a case no defect (or pair) explains whole under the chosen defect that explains most of
    its wrong fields: every field the defect gets wrong is wrong in the engine's answer the same
    way, and they are at least half of the wrong fields. False when no chosen defect does."""
    if failure.posed is None:
        return False
    observed = _mismatches(failure.verdict)
    best: tuple[int, list[_Failure]] | None = None
    for defect, cases in chosen:
        if not predictions.touches(defect, failure.posed):
            continue
        predicted = _mismatches(predictions.verdict((defect,), failure.posed, capabilities))
        if predicted and predicted <= observed and 2 * len(predicted) >= len(observed) and (best is None or len(predicted) > best[0]):
            best = (len(predicted), cases)
    if best is None:
        return False
    best[1].append(failure)
    return True


def _smallest(cases: Sequence[Any]) -> Any:
    return min(cases, key=lambda case: (case_size(case), len(str(field_of(case, "id"))), str(field_of(case, "id"))))


def _explained_finding(defect: KnownDefect, cases: Sequence[Any], engine: str) -> Finding:
    """A chosen defect's finding. Its rules are the defect's, in its own order when some case is
    tagged with its first rule, else those its cases are tagged with most often first (a knock
    limit of 10 read where straight gin has none breaks STRAIGHT-NO-KNOCK before KNOCK-LIMIT)."""
    smallest = _smallest(cases)
    ids = tuple(sorted(str(field_of(case, "id")) for case in cases))
    tagged = [set(case_rules(case)) for case in cases]
    rules = list(defect.rules)
    if not any(rules[0] in tags for tags in tagged):
        rules.sort(key=lambda rule: (-sum(rule in tags for tags in tagged), defect.rules.index(rule)))
    return Finding(defect.title, tuple(rules), ids, str(field_of(smallest, "id")), again_command(smallest, engine), defect.name, True)


def _absorbed(chosen: list[tuple[KnownDefect, list[_Failure]]], left: list[_Failure]) -> tuple[list[tuple[KnownDefect, list[_Failure]]], list[_Failure]]:
    """A known defect that explains only part of a way of departing, the larger part of which no
    known defect explains, explains it by coincidence (an undercut scored with its bonus alone
    equals one scored with a bonus of 20 when the counts differ by 5): its cases go back to the
    unexplained ones, so that the defect nobody modelled is one finding."""
    if not left or not chosen:
        return chosen, left
    keys: dict[int, tuple[Any, ...]] = {id(failure): case_departure(failure.case, failure.posed).key for failure in left}
    unexplained: dict[tuple[Any, ...], int] = {}
    for key in keys.values():
        unexplained[key] = unexplained.get(key, 0) + 1
    kept = []
    for defect, group in chosen:
        own = [case_departure(failure.case, failure.posed).key for failure in group]
        if all(key in unexplained for key in own) and sum(unexplained[key] for key in set(own)) > len(group):
            left = [*left, *group]
        else:
            kept.append((defect, group))
    return kept, left


def _unexplained_findings(left: Sequence[_Failure], passing_cases: Sequence[Any], engine: str) -> list[Finding]:
    """The failing cases no known defect explains, one finding per departure signature
    (:mod:`ginspec.judging.diagnosis.unexplained`)."""
    found = []
    for group in group_unexplained([(failure.case, failure.posed) for failure in left], passing_cases):
        smallest = _smallest(group.cases)
        ids = tuple(sorted(str(field_of(case, "id")) for case in group.cases))
        found.append(Finding(group.title, group.rules or ("(no rule)",), ids, str(field_of(smallest, "id")), again_command(smallest, engine), None, False, group.departure))
    return found


def findings_for(
    results: Iterable[Any],
    capabilities: Capabilities,
    variant: str | None,
    engine_spec: str,
    defects: Sequence[KnownDefect] | None = None,
    predictions: Predictions | None = None,
) -> list[Finding]:
    """The findings of a run, most important first: the known defects chosen to explain its
    failures (most cases first), then the unexplained failures by the spectrum's ranking.

    ``results`` are :class:`~ginspec.judging.runner.CaseResult` objects or report records; ``variant`` is
    the run's variant (the cases carry their own); ``engine_spec`` is the ``--engine`` the run was
    given, for the commands that re-run a case. ``defects`` is the dictionary (default: every
    known defect); ``predictions`` may be shared between runs, and between dictionaries, to reuse
    what was asked."""
    del variant  # each case records the variant it was posed under
    cases = list(results)
    chosen_defects = known_defects() if defects is None else tuple(defects)
    if predictions is None:
        predictions = Predictions(chosen_defects)
    elif predictions.defects != chosen_defects:
        predictions = predictions.for_defects(chosen_defects)
    failing = [case for case in cases if field_of(case, "status") in FAILURES]
    if not failing:
        return []
    passing_cases = [case for case in cases if field_of(case, "status") == "pass"]
    passing = [posed for case in passing_cases if (posed := posed_case(case, capabilities)) is not None]
    scenarios = [case for case in failing if field_of(case, "kind") == "scenario"]
    failures = _diagnose_failures([case for case in failing if field_of(case, "kind") != "scenario"], capabilities, predictions)
    by_name = {defect.name: defect for defect in chosen_defects}
    chosen = _cover(failures, by_name, passing, capabilities, predictions)
    if scenarios:
        failures += _diagnose_scenarios(scenarios, [defect for defect, _ in chosen], capabilities, predictions)
        chosen = _cover(failures, by_name, passing, capabilities, predictions)
    covered = {id(failure) for _, group in chosen for failure in group}
    left = [failure for failure in failures if id(failure) not in covered]
    left = _pairs(left, chosen, capabilities, predictions)
    left = _new_partners(left, chosen, by_name, passing, capabilities, predictions)
    chosen, left = _absorbed(chosen, left)
    found = [_explained_finding(defect, [failure.case for failure in group], engine_spec) for defect, group in chosen]
    found.sort(key=lambda finding: -finding.count)
    return found + _unexplained_findings(left, passing_cases, engine_spec)


def defects_explaining(
    failing: Sequence[tuple[Posed, tuple[str, str]]],
    passing: Sequence[Posed],
    capabilities: Capabilities,
    predictions: Predictions,
) -> list[KnownDefect | None]:
    """For failing questions posed directly (with the verdict of the engine's answer to each; a
    fuzz campaign's shrunk hands, which are no vectors), the known defect the greedy choice of
    :func:`findings_for` puts each under (steps 1 to 3), or None where no chosen defect explains it."""
    failures = [_Failure(posed.case, posed, verdict, _explaining(posed, verdict, capabilities, predictions)) for posed, verdict in failing]
    by_name = {defect.name: defect for defect in predictions.defects}
    chosen = _cover(failures, by_name, passing, capabilities, predictions)
    covered = {id(failure) for _, group in chosen for failure in group}
    _pairs([failure for failure in failures if id(failure) not in covered], chosen, capabilities, predictions)
    owner = {id(failure): defect for defect, group in chosen for failure in group}
    return [owner.get(id(failure)) for failure in failures]
