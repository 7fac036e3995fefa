"""The blame ranking (ginspec/judging/blame.py): the rule a pattern of failures points at comes first."""

from __future__ import annotations

from ginspec.judging.blame import blame_section, kept_rules, rank_rules


def case(status: str, *rules: str, depends_on: tuple[str, ...] = (), kind: str = "score", expected=None, observed=None) -> dict:
    return {"status": status, "rules": list(rules), "depends_on": list(depends_on), "kind": kind, "expected": expected, "observed": observed}


def test_the_rule_whose_cases_fail_and_only_they_comes_first() -> None:
    cases = [case("fail", "LAYOFF-CHAIN", "SCORE-KNOCK-WIN")] * 3 + [case("pass", "SCORE-KNOCK-WIN")] * 10 + [case("pass", "LAYOFF-EXTEND-RUN")]
    ranking = rank_rules(cases, implied={})
    assert [suspect.rule for suspect in ranking] == ["LAYOFF-CHAIN", "SCORE-KNOCK-WIN"]
    assert ranking[0].score == 1.0 and ranking[0].failed == 3 and ranking[0].passed == 0


def test_a_rule_tagged_on_many_passing_cases_is_less_suspicious() -> None:
    cases = [case("fail", "CARD-VALUES", "DEADWOOD-COUNT")] * 4 + [case("pass", "DEADWOOD-COUNT")] * 20 + [case("pass", "CARD-VALUES")] * 2
    assert rank_rules(cases, implied={})[0].rule == "CARD-VALUES"


def test_rules_that_cannot_be_told_apart_share_a_rank() -> None:
    cases = [case("fail", "GIN-BONUS", "SCORE-GIN")] * 2 + [case("pass", "MELD-SET")]
    first, second = rank_rules(cases, implied={})
    assert first.rank == second.rank == 1 and first.tied and second.tied


def test_an_equal_score_goes_to_the_rule_the_failures_name_alone() -> None:
    cases = [case("fail", "GIN-BONUS"), case("fail", "GIN-BONUS", "SCORE-GIN"), case("fail", "SCORE-GIN", "GIN-BONUS")]
    cases += [case("fail", "SCORE-GIN")] * 0
    ranking = rank_rules(cases, implied={})
    assert ranking[0].rule == "GIN-BONUS" and not ranking[0].tied


def test_only_wrong_answers_crashes_and_hangs_count_as_failures() -> None:
    cases = [case(status, "KNOCK-LIMIT") for status in ("unsupported", "expected-fail", "unexpected-pass", "suite-error")]
    assert rank_rules(cases, implied={}) == []
    for status in ("fail", "error", "timeout"):
        assert rank_rules([case(status, "KNOCK-LIMIT")], implied={})[0].rule == "KNOCK-LIMIT"


def test_known_departures_are_ranked_apart_when_nothing_fails() -> None:
    lines = blame_section([case("expected-fail", "KNOCK-COUNT-AFTER-DISCARD"), case("pass", "KNOCK-LIMIT")])
    assert lines[0].startswith("nothing fails; the 1 known departure points at")
    assert "KNOCK-COUNT-AFTER-DISCARD" in lines[1]
    assert blame_section([case("pass", "KNOCK-LIMIT")]) == []


def test_a_parameter_the_answer_depends_on_implies_its_rule() -> None:
    cases = [case("fail", "TURN-DISCARD", depends_on=("gin_mandatory",))] * 5 + [case("pass", "TURN-DISCARD")] * 30
    ranking = rank_rules(cases, implied={"gin_mandatory": "KNOCK-OPTIONAL"})
    assert ranking[0].rule == "KNOCK-OPTIONAL"
    assert rank_rules(cases, implied={})[0].rule == "TURN-DISCARD"


def test_the_default_implications_come_from_the_variant_schema() -> None:
    ranking = rank_rules([case("fail", depends_on=("layoff_chaining", "players"))])
    assert [suspect.rule for suspect in ranking] == ["LAYOFF-CHAIN"]  # players chooses the game, not a rule


def test_a_field_one_rule_decides_that_came_out_right_clears_that_rule() -> None:
    wrong_count = case("fail", "KNOCK-COUNT-AFTER-DISCARD", "BIGGIN-DEFINITION", kind="discard",
                       expected={"deadwood": 3, "can_big_gin": False}, observed={"deadwood": 5, "can_big_gin": False})
    assert kept_rules(wrong_count) == {"BIGGIN-DEFINITION"}
    ranking = rank_rules([wrong_count], implied={})
    assert [suspect.rule for suspect in ranking] == ["KNOCK-COUNT-AFTER-DISCARD"]


def test_a_wrong_verdict_that_follows_from_a_wrong_count_does_not_blame_the_verdicts_rule() -> None:
    hidden_gin = case("fail", "KNOCK-COUNT-AFTER-DISCARD", "GIN-DEFINITION", kind="discard",
                      expected={"deadwood": 0, "can_gin": True}, observed={"deadwood": 1, "can_gin": False})
    wrong_verdict = case("fail", "KNOCK-COUNT-AFTER-DISCARD", "GIN-DEFINITION", kind="discard",
                         expected={"deadwood": 0, "can_gin": True}, observed={"deadwood": 0, "can_gin": False})
    assert [suspect.rule for suspect in rank_rules([hidden_gin], implied={})] == ["KNOCK-COUNT-AFTER-DISCARD"]
    assert rank_rules([wrong_verdict] + [case("pass", "KNOCK-COUNT-AFTER-DISCARD")] * 3, implied={})[0].rule == "GIN-DEFINITION"


def _final(game_bonus: int, box_bonus: int = 50) -> dict:
    return {"p1": {"box_bonus": box_bonus, "game_bonus": game_bonus, "shutout_bonus": 0, "total": 150 + box_bonus + game_bonus},
            "p2": {"box_bonus": 25, "game_bonus": 0, "shutout_bonus": 0, "total": 85}}


def test_a_bonus_of_the_final_score_that_came_out_right_clears_its_rule() -> None:
    # the game bonus is missing, the box and shutout bonuses are right: GAME-BONUS alone is blamed
    missing_bonus = case("fail", "GAME-BONUS", "GAME-BOX-BONUS", "GAME-SHUTOUT", kind="game",
                         expected={"over_after": 4, "final": _final(100)}, observed={"over_after": 4, "final": _final(0)})
    assert kept_rules(missing_bonus) == {"GAME-BOX-BONUS", "GAME-SHUTOUT"}
    assert [suspect.rule for suspect in rank_rules([missing_bonus], implied={})] == ["GAME-BONUS"]
    # the same bonus fields, one level deeper, in each column of a Hollywood session
    column = case("fail", "GAME-BONUS", "GAME-BOX-BONUS", kind="hollywood",
                  expected={"columns": [{"closed_after": 3, "final": _final(100)}]},
                  observed={"columns": [{"closed_after": 3, "final": _final(0)}]})
    assert kept_rules(column) == {"GAME-BOX-BONUS", "GAME-SHUTOUT"}
    # a field the answer does not hold (an error, a column still open) is no evidence either way
    assert kept_rules(case("fail", "GAME-BONUS", kind="game", expected={"error": "game_not_over"}, observed={"over_after": 3})) == frozenset()


def test_bonuses_that_follow_from_a_game_ending_after_another_hand_are_no_evidence() -> None:
    # the game ended a hand late: every bonus differs because of it, not because of its own rule
    late = case("fail", "GAME-TARGET", "GAME-BONUS", "GAME-BOX-BONUS", kind="game",
                expected={"over_after": 3, "final": _final(100)}, observed={"over_after": 4, "final": _final(0, box_bonus=75)})
    assert [suspect.rule for suspect in rank_rules([late], implied={})] == ["GAME-TARGET"]
    # in a Hollywood session, a column closed after another hand
    column = case("fail", "HOLLY-GAME-CLOSE", "GAME-BONUS", kind="hollywood",
                  expected={"columns": [{"closed_after": 3, "final": _final(100)}]},
                  observed={"columns": [{"closed_after": 5, "final": _final(0)}]})
    assert [suspect.rule for suspect in rank_rules([column], implied={})] == ["HOLLY-GAME-CLOSE"]


def test_every_parameter_rule_is_a_rule_of_the_registry() -> None:
    """A parameter's description may write a run as ``A-2-3``: only rule IDs of the registry are
    taken as its rule."""
    from ginspec.judging.blame import parameter_rules
    from ginspec.suite.registry import rules_by_id

    known = rules_by_id()
    assert parameter_rules()["ace_in_runs"] == "MELD-RUN-ACE-LOW"
    assert {rule for rule in parameter_rules().values() if rule not in known} == set()
