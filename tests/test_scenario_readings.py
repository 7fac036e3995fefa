"""A scenario is judged under the reading of an open question the engine declares, or is
unsupported; never failed for a choice the rules leave open (``spec/ambiguities.yaml``)."""

from __future__ import annotations

import pytest

from ginspec.features import run_features


@pytest.mark.parametrize(
    ("engine", "question", "areas"),
    [
        ("tests.engines.readers:CountsBeforeTheDiscard", "Q2", ["knock"]),
        ("tests.engines.readers:GinAgainstNoDeadwoodIsNoWin", "Q7", ["gin", "scoring"]),
    ],
)
def test_a_declared_reading_fails_no_scenario(engine: str, question: str, areas: list[str]) -> None:
    results = run_features(engine, areas=areas)
    assert results, "the scenarios ran"
    failing = [(result.id, result.message) for result in results if result.status not in ("pass", "unsupported")]
    assert not failing, failing
    turned_away = [result for result in results if result.status == "unsupported" and question in result.message]
    assert turned_away, f"some scenario turns on {question} and is unsupported for the engine that reads it otherwise"
