"""The mutation tool mutates the code that runs at import too: module-level tables, constants and
defaults, and class bodies (``ginspec/detection/mutation/``); and it reports the strict score (killed of all)
beside the score without the equivalent mutants."""

from __future__ import annotations

import io

import pytest

from ginspec.adapters.base import Question
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.detection.mutation.cli import _print_table
from ginspec.detection.mutation.install import installed
from ginspec.detection.mutation.operators import MODULE_LEVEL, is_import_time_unit, list_mutants
from ginspec.detection.mutation.pool import Outcome, modules_of
from ginspec.detection.mutation.scores import module_scores, overall
from ginspec.suite.variants import get_variant

SOURCE = '''"""A module."""

import math

__all__ = ["Box", "LIMIT"]
Pair = tuple[int, int]
LIMIT = 10
"""The limit."""
NAMES = ("a", "b", "c")


class Box:
    SIDE = 3
    """A side."""

    def size(self, scale=2):
        return self.SIDE * scale


__all__ += ["NAMES", "Pair"]
'''


def test_top_level_code_is_mutated_after_every_function_and_never_deleted() -> None:
    mutants = list_mutants("example", SOURCE)
    top = [m for m in mutants if is_import_time_unit(m.function)]
    assert {(m.function, m.operator, m.original, m.mutated) for m in top} == {
        (MODULE_LEVEL, "int-plus", "10", "11"), (MODULE_LEVEL, "int-minus", "10", "9"),
        (MODULE_LEVEL, "item-drop", '("a", "b", "c")', "('b', 'c')"), (MODULE_LEVEL, "item-drop", '("a", "b", "c")', "('a', 'c')"),
        (MODULE_LEVEL, "item-drop", '("a", "b", "c")', "('a', 'b')"),
        ("Box.<body>", "int-plus", "3", "4"), ("Box.<body>", "int-minus", "3", "2"),
    }, "docstrings, imports, the export list (set or added to) and a generic type's parameters are left alone"
    assert all(m.at_import for m in top)
    assert mutants[: len(mutants) - len(top)] == [m for m in mutants if not is_import_time_unit(m.function)], "function mutants keep their places"


def test_the_engine_s_top_level_mutants_delete_nothing() -> None:
    for module in modules_of():
        mutants = list_mutants(module)
        top = [m for m in mutants if is_import_time_unit(m.function)]
        assert not [m for m in top if m.operator in ("stmt-delete", "return-none")], module
        first = next((m.index for m in top), len(mutants))
        assert all(is_import_time_unit(m.function) for m in mutants[first:]), module


def _tie_is_a_draw() -> dict:
    parameters = {**get_variant("standard").parameters, "tie_outcome": "draw"}
    return ReferenceAdapter().ask(Question("score", {"knocker": "Ah 2h 3h 7c 7d 7s 9c 9d 9s 4c", "defender": "4h 5h Kc Kd 8s 8d 2c 6c Qs Js"}, parameters))


def test_a_value_dropped_from_a_table_of_allowed_values_is_refused_then_allowed_again() -> None:
    assert "refused" not in _tie_is_a_draw()
    mutant = next(
        m for m in list_mutants("reference_impl.rules")
        if m.function == MODULE_LEVEL and m.operator == "item-drop" and "knocker_wins" in m.original and "draw" not in m.mutated
    )
    with installed(mutant.module, mutant.index):
        assert _tie_is_a_draw().get("refused") == "invalid_parameter", "the class-level table of parameters reads the new tuple"
    assert "refused" not in _tie_is_a_draw()


def test_a_class_level_bound_is_mutated_and_put_back() -> None:
    from reference_impl.rules import HandRules, InvalidParameter

    eleven = {**get_variant("standard").parameters, "hand_size": 11}
    with pytest.raises(InvalidParameter):
        HandRules.from_parameters(eleven)
    mutant = next(
        m for m in list_mutants("reference_impl.rules")
        if m.function == "HandRules.<body>" and m.operator == "int-plus" and m.original == "10" and m.occurrence == 0
    )
    with installed(mutant.module, mutant.index):
        assert HandRules.from_parameters(eleven).hand_size == 11
    with pytest.raises(InvalidParameter):
        HandRules.from_parameters(eleven)


def test_a_module_constant_reaches_the_tables_built_from_it() -> None:
    from reference_impl.cards import parse_card

    mutant = next(m for m in list_mutants("reference_impl.cards") if m.function == MODULE_LEVEL and m.original == "16" and m.operator == "int-minus")
    bit = parse_card("Kd").bit
    with installed(mutant.module, mutant.index):
        assert parse_card("Kd").bit != bit, "the cards made at import are made again with the new constant"
    assert parse_card("Kd").bit == bit


def test_the_strict_score_counts_every_mutant() -> None:
    mutants = list_mutants("reference_impl.melds")[:4]
    equivalents = {mutants[0].identity: object()}
    outcomes = [Outcome(mutants[0], False, "survived"), Outcome(mutants[1], True, "fail"), Outcome(mutants[2], True, "fail"), Outcome(mutants[3], False, "survived")]
    [score] = module_scores(outcomes, equivalents, ["reference_impl.melds"])  # type: ignore[arg-type]
    assert (score.score, score.strict) == (round(2 / 3, 4), 0.5)
    assert score.to_data()["strict"] == 0.5
    out = io.StringIO()
    _print_table([score], overall([score]), out)
    assert out.getvalue().splitlines()[0].split()[-2:] == ["score", "strict"]
    assert out.getvalue().splitlines()[1].split()[-4:] == ["66.7", "%", "50.0", "%"]


def test_a_table_rebuilt_reaches_the_modules_and_classes_that_hold_it() -> None:
    from reference_impl.round import RoundState
    from reference_impl.table_round import TableState

    mutant = next(
        m for m in list_mutants("reference_impl.turn")
        if m.function == MODULE_LEVEL and m.operator == "item-drop" and m.original.lstrip().startswith("{") and "first_turn" in m.mutated
        and "('draw', 'draw')" not in m.mutated
    )
    assert ("draw", "draw") in RoundState.handlers and ("draw", "draw") in TableState.handlers
    with installed(mutant.module, mutant.index):
        assert ("draw", "draw") not in RoundState.handlers, "a class of another module holds the table built again"
        assert ("draw", "draw") not in TableState.handlers, "and the table built from it, imported by a third module"
    assert ("draw", "draw") in RoundState.handlers and ("draw", "draw") in TableState.handlers
