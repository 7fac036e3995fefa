"""A campaign hand goes on past every move the engine refuses (up to
:data:`~ginspec.detection.campaign.detours.MOST_DETOURS` a hand), not past one only: an engine with
several defects, two of them refusals, shows each as its own finding, and ``--replay-index`` with
``--played-otherwise`` prints the hand as it was played, with its detours.

The engine (``tests/engines/refusing.py``) leaves the first pass out of the legal moves at the deal
and refuses it, refuses every knock that is not gin, and scores gin with a bonus of 20 (25 by the
rules, GIN-BONUS): a hand that began with a pass and ended in a knock reaches gin only when it is
played otherwise at two moves or more.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import yaml

from ginspec.detection.campaign.detours import moves_of, part_of
from ginspec.detection.campaign.hands import play_hand
from ginspec.detection.campaign.tally import Tally
from ginspec.detection.campaign.worker import Plan, play_chunks
from ginspec.suite.variants import get_variant
from reference_impl.rules import RoundRules
from tests.engines.refusing import RefusesFirstPassAndKnocks
from tests.test_campaign import run

STANDARD = dict(get_variant("standard").parameters)
ENGINE = "tests.engines.refusing:RefusesFirstPassAndKnocks"
GIN = "round: end (gin): points"


def test_the_moves_played_otherwise_are_recorded_in_one_number_and_read_back() -> None:
    assert part_of((4,)) == 5, "one move is recorded as a campaign has always recorded it: its number from 1"
    assert moves_of(part_of((0, 75, 77, 83))) == (0, 75, 77, 83)
    assert moves_of(0) == ()


@lru_cache(maxsize=1)
def _campaign(hands: int) -> Tally:
    tally = Tally()
    play_chunks(Plan("detours", "standard", {}, STANDARD, 0, hands), 1, 0, lambda _chunk, part: tally.merge(part), RefusesFirstPassAndKnocks())
    return tally


def _gin_past_two_refusals(tally: Tally) -> list[tuple[int, tuple[int, ...]]]:
    return [(index, moves_of(part)) for index, _, _, part in tally.findings[GIN].occurrences if len(moves_of(part)) >= 2]


def test_a_hand_goes_on_past_several_refused_moves_and_shows_every_defect() -> None:
    tally = _campaign(60)
    assert set(tally.findings) == {
        "round: in phase first_turn after deal: legal missing [pass] extra []",
        "round: refused pass in phase first_turn (wrong_phase)",
        "round: refused knock in phase discard (over_knock_limit)",
        GIN,
    }
    found = _gin_past_two_refusals(tally)
    assert found, "a gin reached only past two refused moves"
    rules = RoundRules.for_two_players(STANDARD)
    for index, moves in found:
        hand, played = play_hand(rules, 0, index), play_hand(rules, 0, index, detour=moves)
        assert played.end["outcome"] == "gin"
        assert hand.actions[moves[0]] != played.actions[moves[0]], "the first move played otherwise is another move"


def test_replay_index_prints_the_hand_played_otherwise_with_its_detours() -> None:
    index, moves = _gin_past_two_refusals(_campaign(60))[0]
    numbers = ",".join(str(move + 1) for move in moves)
    status, out, err = run("fuzz", "--engine", ENGINE, "--replay-index", str(index), "--played-otherwise", numbers)
    assert status == 1, out + err
    document: Any = yaml.safe_load(out)
    played = play_hand(RoundRules.for_two_players(STANDARD), 0, index, detour=moves)
    assert (document["actions"], document["result"]["outcome"]) == (played.actions, "gin")
    assert f"played otherwise at move(s) {numbers.replace(',', ', ')}: " in out
    assert f"(--played-otherwise {numbers}): {GIN}" in out, out


def test_played_otherwise_takes_move_numbers_only() -> None:
    status, out, err = run("fuzz", "--engine", ENGINE, "--replay-index", "0", "--played-otherwise", "1,x")
    assert status == 2 and "'x' is not a move number from 1" in err and "Traceback" not in err, out + err


def test_a_campaign_with_hands_played_otherwise_resumes_from_its_progress_file(tmp_path: Any) -> None:
    from ginspec.detection.campaign.checkpoint import load_progress, save_progress

    tally = _campaign(60)
    plan = Plan("detours", "standard", {}, STANDARD, 0, 60)
    save_progress(tmp_path, plan, 1, tally, 0.0)
    chunks, resumed, _ = load_progress(tmp_path, plan)
    assert chunks == 1 and resumed.findings[GIN].occurrences == tally.findings[GIN].occurrences
