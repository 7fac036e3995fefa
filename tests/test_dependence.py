"""Every case records what its answer depends on, and the record is complete: setting any
parameter it does not list, to any allowed value, alone or as the variants combine them, leaves
the answer the case asserts unchanged (the reference engine answers; the judge compares).

The reference engine is a deterministic function of the question and the parameters it reads. It
checks every parameter of its rules first, then reads a value only when the answer uses it, so a
change of parameters the answer does not read leaves it unchanged, short of a value the engine
refuses; and a change that leaves every parameter an earlier run read as that run had it gives that
run's answer again (:class:`ginspec.judging.dependence.Trials`). Those shortcuts are themselves checked on a
sample of cases, by asking the engine every change."""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any, Iterable, Mapping

import pytest

from ginspec.judging.dependence import (
    ABSENT,
    PathProbe,
    Probe,
    RecordingParameters,
    Trials,
    candidate_values,
    parameters_read,
    reference_answer,
)
from ginspec.judging.runner import question_for
from ginspec.suite.variants import load_variants, parameter_schemas
from ginspec.suite.vectors import Vector, load_vectors

VECTORS = load_vectors()
BY_FILE: dict[str, list[Vector]] = defaultdict(list)
for _vector in VECTORS:
    BY_FILE[_vector.file].append(_vector)
VARIANTS = {name: variant.parameters for name, variant in load_variants().items()}


def _holds(probe: Probe, parameters: Mapping[str, Any]) -> bool:
    try:
        return probe.holds(reference_answer(probe.question(parameters)))
    except Exception:  # noqa: BLE001 - a question the rules cannot pose there has moved
        return False


def _unlisted_changes_that_move(probe: Probe, parameters: Mapping[str, Any], listed: set[str], every: bool = False) -> list[str]:
    """``name=value`` for each change of an unlisted parameter that moves the answer (with
    ``every``, each change is asked of the engine, whatever the parameters it reads)."""
    trials = None if every else Trials(probe, parameters)

    def moves(changes: Mapping[str, Any]) -> bool:
        return trials.moves(changes) if trials else not _holds(probe, {**parameters, **changes})

    def first_move(name: str, values: Iterable[Any]) -> Any:
        if trials:
            return trials.first_move(name, values)
        return next((value for value in values if moves({name: value})), ABSENT)

    moved = []
    for name in sorted(set(parameters) - listed):
        value = first_move(name, (value for value in candidate_values(name) if value != parameters[name]))
        if value is not ABSENT:
            moved.append(f"{name}={value!r}")
    for variant, changes in _variant_changes(tuple(sorted(parameters.items())), frozenset(listed)):
        if moves(changes):
            moved.append(f"the unlisted parameters of {variant}")
    return moved


@lru_cache(maxsize=None)
def _variant_changes(parameters: tuple[tuple[str, Any], ...], listed: frozenset[str]) -> tuple[tuple[str, dict[str, Any]], ...]:
    """For each variant that sets an unlisted parameter otherwise, the unlisted parameters it
    changes, with their values there (many cases share their parameters and their record)."""
    given = dict(parameters)
    found = []
    for variant, values in VARIANTS.items():
        changes = {name: value for name, value in values.items() if name not in listed and (name not in given or given[name] != value)}
        if changes:
            found.append((variant, changes))
    return tuple(found)


def _probe(vector: Vector) -> Probe:
    return Probe(vector.kind, question_for(vector).input, vector.expected)


def test_every_vector_records_its_dependence() -> None:
    missing = [vector.id for vector in VECTORS if vector.depends_on is None]
    assert not missing, f"run `ginspec dependence` to record depends_on for: {', '.join(missing[:20])}"
    known = set(parameter_schemas())
    assert all(set(vector.depends_on or ()) <= known for vector in VECTORS)


@pytest.mark.parametrize("file", sorted(BY_FILE))
def test_the_recorded_dependence_is_complete(file: str) -> None:
    problems = []
    for vector in BY_FILE[file]:
        moved = _unlisted_changes_that_move(_probe(vector), vector.parameters, set(vector.depends_on or ()))
        if moved:
            problems.append(f"{vector.id}: not in depends_on {list(vector.depends_on or ())} but changes the answer: {', '.join(moved)}")
    assert not problems, "\n".join(problems)


def test_parameters_the_engine_does_not_read_do_not_change_answers() -> None:
    """The shortcut above, checked without it on every 40th vector: every parameter, read or not."""
    problems = []
    for vector in VECTORS[::40]:
        moved = _unlisted_changes_that_move(_probe(vector), vector.parameters, set(vector.depends_on or ()), every=True)
        if moved:
            problems.append(f"{vector.id}: {', '.join(moved)}")
    assert not problems, "\n".join(problems)


def test_a_listed_parameter_can_change_the_answer() -> None:
    """The record is not padded: each listed parameter moves the answer of some case (checked on
    every vector of a sample of areas, alone or together with the variants' combinations)."""
    for vector in VECTORS[::10]:
        probe = _probe(vector)
        for name in vector.depends_on or ():
            alone = any(
                not _holds(probe, {**vector.parameters, name: value}) for value in candidate_values(name) if value != vector.parameters[name]
            )
            combined = any(
                values.get(name) != vector.parameters.get(name) and not _holds(probe, {**vector.parameters, **values}) for values in VARIANTS.values()
            )
            assert alone or combined, f"{vector.id}: {name} is listed but no value of it changes the answer"


def test_a_value_equal_to_another_of_a_different_type_is_judged_on_its_own() -> None:
    """``True == 1`` in Python; the engine takes 1 as a gin bonus and refuses True, whichever it
    is asked first."""
    from ginspec.judging.dependence import allowed

    assert not allowed("gin_bonus", True) and allowed("gin_bonus", 1)
    assert allowed("gin_bonus", 0) and not allowed("gin_bonus", False)


def test_the_dependence_finds_what_a_rule_changes() -> None:
    """A knock question at a deadwood of 5 depends on the knock limit; a meld question does not."""
    knock = Probe("knock", {"hand": "Ac 2c 3c 7d 7h 7s Ts Js Qs 5h Kd", "discard": "Kd"}, {"legal": True})
    from ginspec.judging.dependence import dependence

    standard = VARIANTS["standard"]
    assert "knock_limit" in dependence(knock, standard)
    meld = Probe("meld", {"cards": "7c 7d 7h"}, {"valid": True, "type": "set"})
    assert dependence(meld, standard) == ()


def test_the_engine_reads_for_an_answer_only_the_parameters_it_uses() -> None:
    """The engine checks every parameter of its rules before anything else; handed parameters it
    allows as already checked, it reads only what the answer uses. A value it refuses is read in
    full, and moves the answer of every question whose rules check it."""
    standard = VARIANTS["standard"]
    meld = Probe("meld", {"cards": "7c 7d 7h"}, {"valid": True, "type": "set"})
    recording = RecordingParameters(standard)
    reference_answer(meld.question(recording))
    assert {"hand_size", "knock_limit", "gin_bonus", "tie_outcome"} <= recording.read
    assert parameters_read(meld, standard) == frozenset()
    knock = Probe("knock", {"hand": "Ac 2c 3c 7d 7h 7s Ts Js Qs 5h Kd", "discard": "Kd"}, {"legal": True})
    assert "knock_limit" in parameters_read(knock, standard) and "gin_bonus" not in parameters_read(knock, standard)
    assert "gin_bonus" in parameters_read(meld, {**standard, "gin_bonus": -1})
    trials = Trials(knock, standard)
    assert trials.read == parameters_read(knock, standard) and not trials.moved and trials.asked == 1
    assert trials.moves({"gin_bonus": -1}) and trials.asked == 1  # refused: moved without asking
    assert not trials.moves({"gin_bonus": 10, "tie_outcome": "draw"}) and trials.asked == 1  # not read
    assert trials.moves({"knock_limit": 0}) and trials.asked == 2
    assert trials.moves({"knock_limit": 0, "gin_bonus": 10}) and trials.asked == 2  # the run of knock_limit=0 again
    assert not trials.moves({"knock_limit": 9}) and trials.asked == 3
    assert trials.first_move("gin_bonus", (10, 20, -1, -2)) == -1 and trials.asked == 3  # not read: only a refusal moves
    assert trials.first_move("gin_bonus", (10, 20)) is ABSENT and trials.asked == 3
    assert trials.first_move("knock_limit", (9, 8, 0)) == 0 and trials.asked == 4  # 9 and 0 asked before


# ----------------------------------------------------------------------------- scenarios


@pytest.fixture(scope="module")
def scenario_questions() -> list[tuple[str, Any, Any]]:
    from ginspec.bdd.scenario_dependence import record_questions

    return record_questions()


def test_every_scenario_that_asks_a_question_records_its_dependence(scenario_questions: list[tuple[str, Any, Any]]) -> None:
    from ginspec.bdd.scenario_dependence import read_scenario_entries

    recorded = read_scenario_entries()
    asked = {case_id for case_id, _, _ in scenario_questions}
    assert asked - set(recorded) == set(), "run `ginspec dependence` to record the new scenarios"
    assert set(recorded) - asked == set(), "features/depends-on.yaml names scenarios that no longer exist"
    for case_id, _, answer in scenario_questions:
        assert set(answer.leaf_paths()) <= set(recorded[case_id]["reads"]), case_id


def test_the_recorded_scenario_dependence_is_complete(scenario_questions: list[tuple[str, Any, Any]]) -> None:
    from ginspec.bdd.scenario_dependence import read_scenario_dependence

    recorded = read_scenario_dependence()
    problems = []
    for case_id, question, answer in scenario_questions:
        probe = PathProbe(question.kind, question.input, {}, paths=answer.leaf_paths(), baseline=dict(answer))
        moved = _unlisted_changes_that_move(probe, question.parameters, set(recorded.get(case_id, ())))
        if moved:
            problems.append(f"{case_id}: {', '.join(moved)}")
    assert not problems, "\n".join(problems[:30])


def test_recording_replaces_a_dependence_line_and_leaves_the_rest_as_written() -> None:
    from ginspec.commands.dependence import rewrite_file

    text = (
        "area: melds\nvectors:\n"
        "- id: melds-0001\n  rules: [MELD-SET]\n  kind: meld\n  depends_on: [hand_size]\n  input: {cards: 7c 7d 7h}  # kept\n"
        "- id: melds-0002\n  kind: meld\n  input: {cards: 7c}\n"
    )
    rewritten = rewrite_file(text, {"melds-0001": (), "melds-0002": ("knock_limit",)}, "test.yaml")
    assert rewritten.count("depends_on") == 2
    assert "  kind: meld\n  depends_on: []\n  input: {cards: 7c 7d 7h}  # kept\n" in rewritten
    assert "  kind: meld\n  depends_on: [knock_limit]\n  input: {cards: 7c}\n" in rewritten
    assert rewrite_file(rewritten, {"melds-0001": (), "melds-0002": ("knock_limit",)}, "test.yaml") == rewritten
