"""Where the rules leave a choice, every admissible answer is right (``ginspec.judging.admissible``).

The knocker whose spread is not given may lay down any of his least-deadwood arrangements
(SCORE-AUTO-SPREAD), and the lay-offs and points follow from the one he lays down; an action of
the player not to move that is no move of the phase either may be refused as ``not_your_turn`` or
as ``wrong_phase`` (``spec/actions.md``). An engine choosing another admissible answer passes;
one choosing an answer the rules do not admit fails, and the failure says how many were admitted.
The other answers are worked out by the reference engine with the choice made explicit and
confirmed by the oracle of ``tests/oracle``, never taken from the engine under test.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from ginspec.judging.runner import CaseResult, run_vectors
from ginspec.suite.vectors import Vector, load_vectors
from tests.engines import choices

OUT_OF_TURN_AND_PHASE = {"round-0122", "round-0128", "round-8016"}
"""Actions of the player not to move that are no move of the phase either."""


@lru_cache(maxsize=1)
def _auto_spread() -> tuple[Vector, ...]:
    return tuple(vector for vector in load_vectors() if "SCORE-AUTO-SPREAD" in vector.rules and vector.kind in ("score", "round"))


def _results(engine: object, vectors: tuple[Vector, ...]) -> dict[str, CaseResult]:
    _, results = run_vectors(engine, vectors)  # type: ignore[arg-type]
    return {result.id: result for result in results}


def test_another_least_deadwood_spread_passes() -> None:
    """The knocker lays down the last of his least-deadwood spreads: every case passes, and the
    cases where that changes the answer record every admissible answer, the written one first."""
    results = _results(choices.LastSpread(), _auto_spread())
    assert {result.status for result in results.values()} == {"pass"}, [(r.id, r.message) for r in results.values() if r.status != "pass"]
    chose_otherwise = {case_id for case_id, result in results.items() if result.admissible}
    assert {"scoring-7005", "scoring-0086", "scoring-0087", "round-7101", "round-0049"} <= chose_otherwise, sorted(chose_otherwise)
    scored = results["scoring-7005"]
    assert scored.admissible[0] == scored.expected
    assert {"points": 26, "defender_deadwood": 34} == {name: scored.observed[name] for name in ("points", "defender_deadwood")}
    assert any(answer.get("points") == 26 for answer in scored.admissible[1:])


def test_an_engine_held_to_the_best_spread_fails_another() -> None:
    """The same choice declared ``knocker_spread: best``: where the last spread leaves the
    defender less deadwood than the best does, the engine is held to the best and fails."""
    results = _results(choices.LastSpreadDeclaredBest(), _auto_spread())
    failing = {case_id for case_id, result in results.items() if result.status == "fail"}
    assert {"scoring-7005", "scoring-0086", "scoring-0087", "round-0049"} <= failing, sorted(failing)
    assert results["scoring-7005"].message.startswith("points: expected 35, observed 26")
    # round-7101: both spreads leave the defender 52, so either is best for the knocker
    assert results["round-7101"].status == "pass", results["round-7101"].message


def test_an_answer_no_spread_gives_fails() -> None:
    results = _results(choices.LastSpreadOnePointMore(), _auto_spread())
    case = results["scoring-7005"]
    assert case.status == "fail"
    assert case.message.startswith("none of the 2 answers the rules admit"), case.message
    assert len(case.admissible) == 2


@pytest.mark.parametrize(("engine", "status"), [(choices.PhaseBeforeTurn, "pass"), (choices.RefusesOutOfTurnAsCardNotHeld, "fail")])
def test_refusal_reasons_that_both_apply(engine: type, status: str) -> None:
    """``wrong_phase`` where ``not_your_turn`` applies too passes; ``card_not_held``, which does
    not apply, fails, naming the set."""
    vectors = tuple(vector for vector in load_vectors() if vector.id in OUT_OF_TURN_AND_PHASE)
    results = _results(engine(), vectors)
    assert set(results) == OUT_OF_TURN_AND_PHASE
    for case_id, result in results.items():
        assert result.status == status, (case_id, result.message)
        reasons = [answer["illegal"]["reason"] for answer in result.admissible]
        assert reasons == ["not_your_turn", "wrong_phase"], (case_id, result.admissible)


def test_a_refusal_for_the_turn_alone_admits_no_other_reason() -> None:
    """An out-of-turn action that is a move of the phase is ``not_your_turn`` only: the engine
    that checks the phase first still says so, and passes without any other answer admitted."""
    vectors = tuple(
        vector
        for vector in load_vectors()
        if vector.kind == "round" and (vector.expected.get("illegal") or {}).get("reason") == "not_your_turn" and vector.id not in OUT_OF_TURN_AND_PHASE
    )
    assert vectors
    results = _results(choices.RefusesOutOfTurnAsCardNotHeld(), vectors)
    assert {result.status for result in results.values()} == {"pass"}
    assert not any(result.admissible for result in results.values())


def test_every_admissible_spread_is_scored_alike_by_the_oracle() -> None:
    """The answers of the other spreads come from the rules: for every auto-spread case, the
    reference engine's answer with each least-deadwood spread given is confirmed by the oracle,
    and the written answer is one of them."""
    from ginspec.judging.admissible import spread_questions
    from ginspec.judging.derive import derive
    from ginspec.judging.questions import question_for

    choosing = 0
    for vector in _auto_spread():
        posed = spread_questions(question_for(vector))
        derived = [derive(vector.kind, question, vector.expected) for question in posed]
        assert all(item.confirmed is True for item in derived), (vector.id, [item.problem for item in derived])
        if posed:
            choosing += 1
            assert dict(vector.expected) in [item.expected for item in derived], vector.id
    assert choosing >= 10


def test_the_report_and_the_site_show_every_admissible_answer() -> None:
    """A failing case where the rules admit two answers: the terminal and Markdown report and the
    JUnit XML list the other under the expected one, and the site's record shows both."""
    import json

    from ginspec.judging.report import failure_lines
    from ginspec.site.templating import render

    case = _results(choices.LastSpreadOnePointMore(), tuple(v for v in _auto_spread() if v.id == "scoring-7005"))["scoring-7005"]
    lines = failure_lines(case, "last-spread", {})
    shown = [line for line in lines if line.startswith(("  expected:", "  or:"))]
    assert len(shown) == 2 and '"points": 35' in shown[0] and '"points": 26' in shown[1], lines
    page = render(
        "record.md",
        record={"status": case.status, "kind": case.kind},
        case_id=case.id,
        anchor="case",
        variant="",
        case=case.id,
        rules="",
        body="",
        message="",
        expected=json.dumps(case.expected),
        observed=json.dumps(case.observed),
        others=[json.dumps(other) for other in case.admissible[1:]],
    )
    assert "or, as the rules leave a choice" in page and '"points": 26' in page
    from ginspec.judging.junit import junit_xml
    from ginspec.judging.report import build_report

    xml = junit_xml(build_report(choices.LastSpreadOnePointMore().capabilities(), None, [case]))
    shown = [line.split(":", 1)[0] for line in xml.splitlines() if line.startswith(("expected:", "or:", "observed:"))]
    assert shown == ["expected", "or", "observed"] and '"points": 26' in xml


OUT_OF_TURN_SCENARIO = "irregularities/out-of-turn.feature: Having discarded, he cannot knock this turn"
SCORED_WITHOUT_SPREAD = "scoring/knocker-spread.feature: With no spread given, the set is taken"
SPREAD_SCENARIOS = (SCORED_WITHOUT_SPREAD, "scoring/knocker-spread.feature: Of two equal spreads the knocker shows the one that leaves the defender more")


@pytest.mark.parametrize(
    ("engine", "watched", "status"),
    [
        ("PhaseBeforeTurn", (OUT_OF_TURN_SCENARIO,), "pass"),
        ("RefusesOutOfTurnAsCardNotHeld", (OUT_OF_TURN_SCENARIO,), "fail"),
        ("LastSpread", SPREAD_SCENARIOS, "pass"),
        ("LastSpreadOnePointMore", (SCORED_WITHOUT_SPREAD,), "fail"),
    ],
)
def test_scenarios_accept_every_admissible_answer(engine: str, watched: tuple[str, ...], status: str) -> None:
    """The steps of a scenario accept another answer the rules admit at every field they read,
    and still fail one they do not admit; an engine whose only departure is another admissible
    answer fails no scenario."""
    from ginspec.bdd.features import run_features

    results = {result.id: result for result in run_features(f"tests.engines.choices:{engine}", areas=["irregularities", "scoring"])}
    assert all(case_id in results for case_id in watched), sorted(results)[:5]
    assert {results[case_id].status for case_id in watched} == {status}, [(case_id, results[case_id].message) for case_id in watched]
    if status == "pass":
        assert [case_id for case_id, result in results.items() if result.status not in ("pass", "unsupported")] == []


def test_an_engine_that_lays_off_itself_may_lay_down_another_spread() -> None:
    """round-0049 posed to an engine that lays off automatically: it lays down the other
    least-deadwood spread and the defender's best lay-offs onto it; the end they give is admitted,
    worked out with the best lay-offs onto that spread and confirmed by the oracle."""
    vectors = tuple(vector for vector in _auto_spread() if vector.kind == "round")
    results = _results(choices.LastSpreadLaysOffItself(), vectors)
    assert {result.status for result in results.values()} <= {"pass", "unsupported"}, [(r.id, r.message) for r in results.values() if r.status not in ("pass", "unsupported")]
    case = results["round-0049"]
    assert case.status == "pass" and len(case.admissible) == 2 and case.observed["points"] == case.admissible[1]["points"] != case.expected["points"]


def test_a_vector_page_lists_the_other_answers_the_rules_admit() -> None:
    """The site's vector page shows, beside the written answer, every other one the rules admit:
    the other spread of scoring-7005, the other reason of round-0122; none for a vector without
    a choice."""
    from ginspec.site.examples import other_admissible

    by_id = {vector.id: vector for vector in load_vectors()}
    assert [answer["points"] for answer in other_admissible(by_id["scoring-7005"])] == [26]
    assert [answer["illegal"]["reason"] for answer in other_admissible(by_id["round-0122"])] == ["wrong_phase"]
    assert other_admissible(by_id["scoring-0050"]) == []


def test_a_scenario_derived_for_a_variant_accepts_another_spread() -> None:
    """Under the eleven-card start the knocker-spread scenarios are derived (their deal recast);
    the engine laying down the other least-deadwood spread passes them there too."""
    from ginspec.bdd.features import run_features

    results = {result.id: result for result in run_features("tests.engines.choices:LastSpread", variant="eleven-card-start", areas=["scoring"])}
    derived = [result for case_id, result in results.items() if case_id.startswith("scoring/knocker-spread.feature: Of two equal spreads") and result.origin == "derived"]
    assert derived and {result.status for result in derived} == {"pass"}, [(r.id, r.message) for r in derived]
    assert [(case_id, result.message) for case_id, result in results.items() if result.status not in ("pass", "unsupported")] == []


def test_at_a_table_the_knocker_may_lay_down_any_least_deadwood_spread() -> None:
    """scoring-9011: the knocker at a table of four lays down the set instead of the run the table
    convention prefers (spec/tables.md); the others' counts follow from it. Any least-deadwood
    spread passes; declared ``knocker_spread: best``, the engine is held to the convention."""
    vector = tuple(vector for vector in load_vectors() if vector.id == "scoring-9011")
    chose_set = _results(choices.FirstSpread(), vector)["scoring-9011"]
    assert chose_set.status == "pass" and len(chose_set.admissible) == 2 and chose_set.observed["deadwood"]["p3"] == 18
    held = _results(choices.FirstSpreadDeclaredBest(), vector)["scoring-9011"]
    assert held.status == "fail" and held.message.startswith("points: expected")
