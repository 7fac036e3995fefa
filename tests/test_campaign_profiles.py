"""Campaigns judge an engine under its profile, as ``ginspec check`` does (:mod:`ginspec.adapters.profile`):
the reference engine declaring a profile agrees with itself on every hand of a campaign.

- ``layoff_style: automatic``: never sent a defender's lay-off; its ``done`` scored with the
  defender's best lay-offs (LAYOFF-OPTIMAL), through ``ginspec fuzz --hands`` with ``--set``s too;
- declared readings the reference engine plays (Q2 ``b``, Q7 ``b``, Q12 ``c``, Q19 ``b``, Q27 ``b``
  and ``c``, Q30 ``b``): the rules' side of every hand plays them, so the engine is judged on
  every hand, none declined; a reading it does not play (Q31 ``b``): a hand whose departure is
  the declared reading is declined, never a disagreement (:mod:`ginspec.detection.campaign.readings`);
- every profile, 1,000 hands each with 0 disagreements;
- the summary line names every ``--set`` override.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ginspec.detection.campaign.tally import Tally
from ginspec.detection.campaign.worker import Plan, play_chunks
from ginspec.suite.variants import get_variant
from tests.masquerade_engines import Reading
from tests.test_campaign import run



def test_an_engine_laying_off_for_the_defender_agrees_with_itself_through_the_command(tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    status, out, err = run("fuzz", "--engine", "tests.masquerade_engines:AutomaticLayoffs", "--hands", "300",
                            "--set", "gin_bonus=30", "--set", "undercut_bonus=20", "--report-dir", str(folder))
    assert status == 0, out + err
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert (report["hands_played"], report["agreed"], report["disagreements"]) == (300, 300, 0)
    assert "under standard with gin_bonus=30, undercut_bonus=20, seed 0" in out


def _campaign(engine: Any, parameters: dict[str, Any], hands: int) -> Tally:
    tally = Tally()
    play_chunks(Plan("masquerade", "standard", {}, parameters, 0, hands), 1, 0, lambda _chunk, part: tally.merge(part), engine)
    return tally


def test_a_declared_reading_the_reference_engine_does_not_play_is_declined_never_a_disagreement() -> None:
    tally = _campaign(Reading("Q31", "b"), {**get_variant("standard").parameters, "stock_dead_cards": 0}, 500)
    assert tally.disagreements == 0, list(tally.findings)
    assert tally.unsupported > 0, "the reading changes some hands, which are declined"
    assert tally.agreed > 100


def test_differential_fuzzing_never_reports_a_declared_reading(tmp_path: Path) -> None:
    """Q2 ``b`` (a knock counts the eleven cards before the discard): the discard questions whose
    ``can_knock`` turns on it are the engine's reading, not a disagreement."""
    status, out, err = run("fuzz", "--engine", "tests.engines.profiles:CountsElevenCards", "--kind", "discard", "--examples", "300", "--out", str(tmp_path / "found"))
    assert (status, out.splitlines()[-1]) == (0, "0 disagreement(s) found"), out + err


PLAYED_READINGS = (("Q2", "b"), ("Q7", "b"), ("Q12", "c"), ("Q19", "b"), ("Q27", "b"), ("Q27", "c"), ("Q30", "b"))
"""The readings of a hand the reference engine plays (``reference_impl.rules.READINGS``; Q20 and
Q28 change score sheets only), each acted out by its masquerade (``tests/masquerade_readings.py``)."""


def _profiles() -> dict[str, Any]:
    from tests.masquerade_engines import AutomaticLayoffs, Limited, NoRefusals, Omitting

    return {
        "omits legal": Omitting(frozenset({"legal"})),
        "omits points": Omitting(frozenset({"points"})),
        "limited knock_limit": Limited({"knock_limit": (10,)}),
        "no refusals": NoRefusals(),
        "home oklahoma": Limited({}, "oklahoma"),
        "automatic, home openspiel": AutomaticLayoffs("openspiel"),
        **{f"reads {question} {reading}": Reading(question, reading) for question, reading in PLAYED_READINGS},
    }


def test_the_readings_played_are_every_reading_of_a_hand_the_reference_engine_plays() -> None:
    from reference_impl.rules import READINGS

    from ginspec.suite.readings import reference_played

    hand_questions = {question for question in READINGS if question not in ("Q20", "Q28")}
    declarable = {(question, reading) for question in hand_questions for reading in READINGS[question] if reference_played({question: reading})}
    assert set(PLAYED_READINGS) == declarable


@pytest.mark.parametrize("name", sorted(_profiles()))
def test_every_profile_agrees_with_itself_on_a_thousand_hands(name: str) -> None:
    """1,000 hands each under the profile's home variant, else the standard one, as the command
    plans them; none declined: a declared reading is played on the rules' side."""
    from ginspec.adapters.profile import resolve_profile

    engine = _profiles()[name]
    profile = resolve_profile(engine.capabilities(), None)
    tally = Tally()
    plan = Plan(name, profile.variant or "standard", {}, profile.parameters, 0, 1000, automatic=profile.capabilities.layoff_style == "automatic")
    play_chunks(plan, 1, 0, lambda _chunk, part: tally.merge(part), engine)
    assert (tally.agreed, tally.disagreements, tally.unsupported) == (1000, 0, 0), list(tally.findings)


def test_a_hand_goes_on_past_a_departure_so_three_defects_show_one_at_the_first_move(tmp_path: Path) -> None:
    """Every hand departs at the deal (the non-dealer's pass not listed), yet the hands go on and
    show the two other defects: the taken card thrown back, and a gin bonus of 20 (25 by the rules)."""
    folder = tmp_path / "campaign"
    status, out, err = run("fuzz", "--engine", "tests.engines.three_defects:ThreeDefects", "--hands", "300", "--report-dir", str(folder))
    assert status == 1, out + err
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert report["disagreements"] == 300
    signatures = {signature for finding in report["findings"] for signature in finding["signatures"]}
    assert "round: in phase first_turn after deal: legal missing [pass] extra []" in signatures
    assert "round: in phase discard after draw: legal missing [] extra [discard]" in signatures
    assert "round: end (gin): points" in signatures


def test_a_table_hand_with_lay_offs_is_declined_for_an_engine_laying_off_for_the_defender(tmp_path: Path) -> None:
    """At a table of three or four each defender lays off in turn onto the spread the others left
    (``ginspec check`` leaves such a case unsupported): the campaign declines those hands."""
    folder = tmp_path / "campaign"
    status, out, err = run("fuzz", "--engine", "tests.masquerade_engines:AutomaticLayoffs", "--variant", "house-s003", "--hands", "120", "--report-dir", str(folder))
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert status == 0 and report["disagreements"] == 0, out + err
    assert 0 < report["unsupported"] < 120 and report["agreed"] + report["unsupported"] == 120


def test_a_declared_reading_is_never_a_disagreement_in_whole_games() -> None:
    tally = Tally()
    plan = Plan("masquerade", "standard", {}, dict(get_variant("standard").parameters), 0, 12, games=True)
    play_chunks(plan, 1, 0, lambda _chunk, part: tally.merge(part), Reading("Q2", "b"))
    assert tally.disagreements == 0, list(tally.findings)
    assert tally.agreed > 0


def test_an_engine_with_a_played_reading_and_a_defect_shows_the_defect_in_every_hand_it_reaches(tmp_path: Path) -> None:
    """Q2 ``b`` (a knock counts the eleven cards before the discard) is played on the rules' side,
    so no hand is declined and the reading is never a finding; the gin bonus of 20 (25 by the
    rules, SCORE-GIN-BONUS) is found in every hand that ends in gin under that reading."""
    from ginspec.detection.campaign.hands import play_hand
    from reference_impl.rules import RoundRules

    folder = tmp_path / "campaign"
    status, out, err = run("fuzz", "--engine", "tests.engines.profiles:CountsElevenCardsGinTwenty", "--hands", "150", "--report-dir", str(folder))
    assert status == 1, out + err
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    [finding] = report["findings"]
    assert finding["signatures"] == ["round: end (gin): points"]
    rules = RoundRules.for_two_players({**get_variant("standard").parameters, "readings": {"Q2": "b"}})
    gins = sum(play_hand(rules, 0, index).end.get("outcome") == "gin" for index in range(150))
    assert finding["count"] == gins > 0
    assert (report["unsupported"], report["agreed"] + report["disagreements"]) == (0, 150), "the reading is played, no hand declined"
    assert finding["oracle"] == "confirmed", "the oracle plays the reading too"


def test_no_finding_vector_is_written_for_a_hand_that_turns_on_a_reading_played_for_the_engine() -> None:
    """A vector records no readings: one whose answer turns on Q2 would be wrong under the default."""
    import dataclasses

    from ginspec.detection.campaign.hands import play_hand
    from ginspec.detection.campaign.report import _turns_on_readings
    from ginspec.judging.open_questions import open_questions_of
    from reference_impl.rules import RoundRules

    parameters = dict(get_variant("standard").parameters)
    plan = Plan("reads", "standard", {}, parameters, 0, 1)
    rules = RoundRules.for_two_players(parameters)
    hands = [play_hand(rules, 0, index) for index in range(40)]
    inputs = [{"deal": hand.deal, "actions": hand.actions} for hand in hands]
    turning = [data for data in inputs if "Q2" in open_questions_of("round", data, parameters)]
    other = [data for data in inputs if "Q2" not in open_questions_of("round", data, parameters)]
    assert turning and other
    reads = dataclasses.replace(plan, readings={"Q2": "b"})
    assert all(_turns_on_readings(reads, "round", data) for data in turning)
    assert not any(_turns_on_readings(reads, "round", data) for data in other)
    assert not any(_turns_on_readings(plan, "round", data) for data in turning)


def test_a_hand_goes_on_past_a_refused_move_played_otherwise_there(tmp_path: Path) -> None:
    """The engine refuses a pass as the first move, about half the hands; each such hand is played
    again with another first move, and the gin bonus of 20 is found in hands that began with a pass."""
    from ginspec.detection.campaign.hands import play_hand
    from reference_impl.rules import RoundRules

    folder = tmp_path / "campaign"
    status, out, err = run("fuzz", "--engine", "tests.engines.refusing:RefusesFirstPass", "--hands", "200", "--report-dir", str(folder))
    assert status == 1, out + err
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    by_signature = {finding["signatures"][0]: finding for finding in report["findings"]}
    assert "round: refused pass in phase first_turn (wrong_phase)" in by_signature
    gin = by_signature["round: end (gin): points"]
    rules = RoundRules.for_two_players(dict(get_variant("standard").parameters))
    began_with_a_pass = [entry["index"] for entry in gin["occurrences"] if play_hand(rules, 0, entry["index"]).actions[0].split()[1] == "pass"]
    assert began_with_a_pass, "no gin was found beyond a refused first move"
    assert gin["oracle"] == "confirmed"


@pytest.mark.parametrize(("question", "reading", "played"), [("Q2", "b", True), ("Q21", "b", False)])
def test_a_declared_reading_is_never_a_disagreement_at_a_table(question: str, reading: str, played: bool) -> None:
    """Q2 ``b`` is played on the rules' side at a table too (no hand declined); Q21 ``b``, which the
    reference engine does not play, declines the hands that turn on it."""
    tally = Tally()
    plan = Plan("masquerade", "house-s003", {}, dict(get_variant("house-s003").parameters), 0, 200)
    play_chunks(plan, 1, 0, lambda _chunk, part: tally.merge(part), Reading(question, reading))
    assert tally.disagreements == 0, list(tally.findings)
    assert tally.agreed > 0
    assert (tally.unsupported == 0) if played else (tally.unsupported > 0)
