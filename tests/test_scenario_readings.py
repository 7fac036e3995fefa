"""A scenario is judged under the reading of an open question the engine declares, or is
unsupported; never failed for a choice the rules leave open (``spec/ambiguities.yaml``)."""

from __future__ import annotations

import pytest

from ginspec.bdd.features import run_features


@pytest.mark.parametrize(
    ("engine", "question", "areas", "played"),
    [
        ("tests.engines.readers:CountsBeforeTheDiscard", "Q2", ["knock", "stock"], True),
        ("tests.engines.readers:GinAgainstNoDeadwoodIsNoWin", "Q7", ["gin", "scoring"], True),
        ("tests.engines.readers:EveryDefenderAtOrBelowRewarded", "Q21", ["multiplayer-house"], False),
    ],
)
def test_a_declared_reading_fails_no_scenario(engine: str, question: str, areas: list[str], played: bool) -> None:
    """A reading the reference engine plays (Q2 b, Q7 b) derives the scenarios that turn on it,
    which the engine playing it passes; any other (Q21 b) turns them away as unsupported."""
    results = run_features(engine, areas=areas)
    assert results, "the scenarios ran"
    failing = [(result.id, result.message) for result in results if result.status not in ("pass", "unsupported")]
    assert not failing, failing
    turned_away = [result for result in results if result.status == "unsupported" and question in result.message]
    derived = [result for result in results if result.status == "pass" and result.origin == "derived"]
    if played:
        assert derived and not turned_away, [result.id for result in turned_away]
    else:
        assert turned_away, f"some scenario turns on {question} and is unsupported for the engine that reads it otherwise"


def test_an_engine_that_lays_off_automatically_fails_no_scenario() -> None:
    """Scenarios play the defender's lay-offs move by move (the legal lay-offs, a defender laying off
    nothing): for an engine that lays off itself they are unsupported, never failed."""
    results = run_features("tests.masquerade_engines:AutomaticLayoffs", areas=["layoff", "scoring", "first-turn", "deal"])
    failing = [(result.id, result.message) for result in results if result.status not in ("pass", "unsupported")]
    assert not failing, failing
    assert any(result.status == "unsupported" and "lays off automatically" in result.message for result in results)
    assert any(result.status == "pass" for result in results), "the scenarios that never reach the lay-offs are judged"


def test_an_engine_that_reports_no_states_is_judged_on_the_ends_of_its_hands() -> None:
    """``omits: [checkpoints]``: no case or scenario is failed for a state the engine declared it
    cannot report; the ends of the hands are still judged."""
    from ginspec.judging.runner import plan_cases, run_cases
    from ginspec.suite.vectors import load_vectors
    from tests.engines.readers import OmitsStates

    engine = OmitsStates()
    cases = [case for case in plan_cases(load_vectors()) if case.vector.kind == "round"]
    results = run_cases(engine, engine.capabilities(), cases) + run_features("tests.engines.readers:OmitsStates", areas=["first-turn", "deal"])
    failing = [(result.id, result.message) for result in results if result.status not in ("pass", "unsupported")]
    assert not failing, failing[:5]
    assert sum(result.status == "pass" for result in results) > 100
