"""Fuzz campaigns of whole games and of hands at a table of three or four, and disagreements
grouped by the defect the diagnosis names: a game and a table hand are pure functions of
(seed, index), checked against the independent oracles of tests/oracle/ and replayable alone by
number; shards of a games campaign merge into the single run's report; an engine with one wrong
rule, departing at several places, is one finding named after that defect."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from ginspec.detection.campaign.games import play_game
from ginspec.detection.campaign.tables import play_table_hand
from ginspec.suite.variants import resolve_parameters
from ginspec.suite.yamlio import SAFE_LOADER
from reference_impl.table_round import table_play_rules
from tests.oracle import table_rounds
from tests.oracle.games import answer as oracle_game
from tests.oracle.params import variant_parameters
from tests.test_campaign import TWO_DEPARTURES, report_of, run

STANDARD = resolve_parameters("standard", {}, "--set")
TABLE = resolve_parameters("house-s003", {}, "--set")


def test_a_game_is_a_pure_function_of_seed_and_index_scored_as_the_oracle_scores_it() -> None:
    """The same (seed, index) plays the same game, to its target, and the score sheet the
    campaign expects is the independent game oracle's."""
    game = play_game(STANDARD, 4, 9)
    assert game == play_game(STANDARD, 4, 9)
    assert game.hands[0].deal != play_game(STANDARD, 4, 10).hands[0].deal
    assert game.over and len(game.hands) > 1
    oracle = oracle_game("game", game.question().input, variant_parameters("standard"))
    assert oracle["over_after"] == len(game.hands), "the game stops at the hand that reaches the target"
    for key in ("totals", "winner", "margin", "final"):
        assert game.expected[key] == oracle[key], key


def test_a_table_hand_is_a_pure_function_of_seed_and_index_and_follows_the_table_rules() -> None:
    rules = table_play_rules(TABLE)
    hand = play_table_hand(rules, 2, 17)
    assert hand == play_table_hand(rules, 2, 17) and hand.deal != play_table_hand(rules, 2, 18).deal
    assert set(hand.deal["hands"]) == {"p1", "p2", "p3", "p4"}
    states, outcome = table_rounds.replay(hand.deal, hand.actions, variant_parameters("house-s003"))
    assert "illegal" not in outcome and len(states) == len(hand.checkpoints)
    for state, point in zip(states, hand.checkpoints):
        assert table_rounds.checkpoint(state) == {**point, "legal": sorted(point["legal"])}
    assert hand.end["finished"] and all(hand.end[key] == outcome[key] for key in ("outcome", "winner", "points"))


def test_a_game_is_replayed_alone_by_its_number_with_the_same_departure(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    status, out, _ = run("fuzz", "--engine", "miniature:no-game-bonus", "--games", "4", "--seed", "6", "--report-dir", str(folder))
    assert status == 1, out
    [finding] = report_of(folder)["findings"]
    assert finding["defect"] == "no-game-bonus" and finding["rules"][0] == "GAME-BONUS"
    index = finding["occurrences"][-1]["index"]
    status, out, _ = run("fuzz", "--engine", "miniature:no-game-bonus", "--games", "1", "--seed", "6", "--replay-index", str(index))
    assert status == 1 and "departs in the score sheet" in out
    saved = yaml.load(out, Loader=SAFE_LOADER)
    game = play_game(STANDARD, 6, index)
    assert saved["first_dealer"] == game.first_dealer
    assert [hand["actions"] for hand in saved["transcripts"]] == [hand.actions for hand in game.hands]
    assert run("fuzz", "--engine", "reference", "--games", "1", "--seed", "6", "--replay-index", str(index))[0] == 0


def test_a_table_hand_is_replayed_alone_by_its_number(tmp_path: Path) -> None:
    status, out, _ = run("fuzz", "--engine", "reference", "--variant", "house-s003", "--seed", "3", "--replay-index", "12")
    assert status == 0, out
    transcript = yaml.load(out, Loader=SAFE_LOADER)
    hand = play_table_hand(table_play_rules(TABLE), 3, 12)
    assert transcript["deal"] == hand.deal and transcript["actions"] == hand.actions
    saved = tmp_path / "hand.yaml"
    saved.write_text(out, encoding="utf-8")
    assert run("replay", str(saved))[0] == 0, "the printed table hand is a transcript the rules accept"


def test_merged_shards_of_a_games_campaign_give_the_report_of_one_run(tmp_path: Path) -> None:
    arguments = ["fuzz", "--engine", "miniature:no-game-bonus", "--games", "5", "--seed", "2"]
    assert run(*arguments, "--report-dir", str(tmp_path / "single"))[0] == 1
    shards = [str(tmp_path / f"s{number}") for number in (1, 2)]
    for number, folder in zip((1, 2), shards):
        run(*arguments, "--shard", f"{number}/2", "--report-dir", folder)
    assert run("fuzz", "merge", *shards, "--report-dir", str(tmp_path / "merged"))[0] == 1
    single, merged = report_of(tmp_path / "single"), report_of(tmp_path / "merged")
    assert merged == single and single["games_played"] == 5 and single["findings"]


def test_a_wrong_engine_departing_at_several_places_is_one_finding_named_by_the_diagnosis(tmp_path: Path) -> None:
    """Aces counted as eleven change the knock, the score and the lay-offs: its disagreements depart
    at several places, and are one finding, the known defect, with every occurrence listed."""
    folder = tmp_path / "a"
    status, out, _ = run("fuzz", "--engine", "miniature:ace-counts-eleven", "--hands", "15", "--report-dir", str(folder))
    assert status == 1
    report = report_of(folder)
    progress = json.loads((folder / "progress.json").read_text(encoding="utf-8"))
    assert len(progress["tally"]["findings"]) >= 2, "the disagreements depart at more than one place"
    [finding] = report["findings"]
    assert finding["grouped_by"] == "diagnosis" and finding["defect"] == "ace-counts-eleven"
    assert finding["rules"] == ["CARD-VALUES"] and finding["oracle"] == "confirmed"
    assert finding["count"] == report["disagreements"] == len(finding["occurrences"])
    assert len(finding["signatures"]) == len(progress["tally"]["findings"])


def test_an_engine_that_plays_no_tables_is_refused_in_one_line() -> None:
    status, _, err = run("fuzz", "--engine", TWO_DEPARTURES, "--hands", "5", "--variant", "house-s003")
    assert status == 2 and "does not answer 'table_round' questions" in err and err.count("\n") <= 2, err


def test_a_printed_two_player_hand_records_its_whole_result(tmp_path: Path) -> None:
    """A hand printed by its number is a transcript whose result is the whole result the rules give
    (deadwood counts, lay-offs), so that ``ginspec replay`` takes it; hand 1 of seed 3 ends in a knock."""
    status, out, _ = run("fuzz", "--engine", "reference", "--seed", "3", "--replay-index", "1")
    assert status == 0, out
    transcript = yaml.load(out, Loader=SAFE_LOADER)
    assert transcript["result"]["outcome"] == "knock" and "knocker_deadwood" in transcript["result"]
    saved = tmp_path / "hand.yaml"
    saved.write_text(out, encoding="utf-8")
    assert run("replay", str(saved))[0] == 0
