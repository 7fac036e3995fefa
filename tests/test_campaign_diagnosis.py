"""A campaign's findings name a defect only when the engine's answers leave it standing: the
candidates that explain a disagreement are tested on the suite's vectors where they would answer
wrong (:func:`ginspec.detection.campaign.diagnose._probes`).

The occurrence below is a real one: hand 30258 of seed 0 under OpenSpiel's home variant, where
OpenSpiel, on the first turn, takes the upcard and is offered no knock. Under the rules p1 holds
Ac 5c 7c 5h 6h 7h As 3s 5s 6s 7s; with 5h 6h 7h and 5s 6s 7s melded and the 7c discarded his
deadwood is Ac As 3s 5c, 10 points, so he may knock. A wrong first-turn rule explains the missing
knock as well as a wrong eleven-card count does; OpenSpiel knocks on the first turn in the
vectors that test it, so the first-turn defect must not be named."""

from __future__ import annotations

from typing import Any

import pytest

from ginspec.adapters import open_engine
from ginspec.detection.campaign.diagnose import diagnose
from ginspec.detection.campaign.tally import Finding, Tally
from ginspec.detection.campaign.worker import Plan
from ginspec.suite.variants import get_variant

KEY = "round: in phase discard after draw: legal missing [knock] extra []"


def _diagnosed(engine_name: str) -> Any:
    parameters = dict(get_variant("openspiel").parameters)
    plan = Plan(engine_name, "openspiel", {}, parameters, 0, 30259)
    tally = Tally()
    tally.findings.setdefault(KEY, Finding()).add(30258, 1, "legal missing [p1 knock 7c]", part=0)
    engine = open_engine(engine_name, None)
    try:
        return diagnose(plan, tally, engine)
    finally:
        engine.close()


def test_a_candidate_the_engine_contradicts_on_the_vectors_is_not_named() -> None:
    pytest.importorskip("pyspiel")
    diagnosis = _diagnosed("openspiel")
    assert diagnosis.samples == {KEY: 1}, "the occurrence still departs when asked again"
    named = diagnosis.by_key.get(KEY)
    assert named is None or named.name != "no-knock-on-first-turn", named


def test_the_engine_that_has_the_defect_is_still_named_for_it() -> None:
    """The control: an engine that really refuses first-turn knocks fails those vectors too."""
    diagnosis = _diagnosed("miniature:no-knock-on-first-turn")
    assert diagnosis.by_key[KEY] is not None and diagnosis.by_key[KEY].name == "no-knock-on-first-turn"


def test_a_departure_no_known_defect_explains_is_titled_in_a_card_players_words() -> None:
    """A campaign finding of no known defect is named by where the hand departs and what the
    engine did there, as the findings of a report are, not by its raw signature."""
    from ginspec.detection.campaign.grouping import departure_title

    assert departure_title(KEY) == "At the discard, after a draw, the engine refuses a knock, which the rules allow."
    assert departure_title("round: refused draw in phase first_turn (upcard_closed)") == (
        "In the first turn, the engine refuses a draw, which the rules allow (it says upcard_closed)."
    )
    assert departure_title("round: end (undercut): points") == "When the hand ends in undercut, the engine departs in the points."
