"""A case derived for a variant is turned away for an engine's limited parameter only when its
answer under that variant depends on the parameter (:func:`ginspec.judging.derive.derived_dependence`)."""

from __future__ import annotations

from ginspec.judging.derive import derived_dependence
from ginspec.judging.runner import plan_cases, run_cases
from ginspec.suite.variants import get_variant
from ginspec.suite.vectors import load_vectors
from tests.masquerade_engines import Limited

GAME_KINDS = {"game", "hollywood", "three_player", "partnership", "table_game"}


def test_under_classic_only_the_cases_that_turn_on_the_dealer_are_unsupported_for_it() -> None:
    # an engine whose winner always deals next, run under classic (the dealer alternates)
    engine = Limited({"dealer_rotation": ("winner",)})
    capabilities = engine.capabilities()
    parameters = get_variant("classic").parameters
    vectors = load_vectors()
    chosen = [vector for vector in vectors[::8] if vector.id != "deadwood-0140"] + [vector for vector in vectors if vector.id == "deadwood-0140"]
    results = run_cases(engine, capabilities, plan_cases(chosen, "classic", parameters))
    by_id = {result.id: result for result in results}
    assert by_id["deadwood-0140@classic"].status == "pass"  # who deals next cannot change a hand's deadwood
    turned_away = [result for result in results if result.status == "unsupported" and "dealer_rotation" in result.message]
    assert turned_away
    assert {result.kind for result in turned_away} <= GAME_KINDS
    assert not [result.id for result in results if result.status in ("fail", "error", "suite-error")]
    derived_hands = [result for result in results if result.origin == "derived" and result.kind not in GAME_KINDS]
    assert derived_hands and all(result.status != "unsupported" or "dealer_rotation" not in result.message for result in derived_hands)


def test_the_dependence_of_a_derived_game_names_the_dealer() -> None:
    game = next(vector for vector in load_vectors() if vector.kind == "game" and "dealer_rotation" in (vector.depends_on or ()))
    question_input = dict(game.input)
    assert "dealer_rotation" in derived_dependence(game.kind, question_input, game.expected, game.parameters)
