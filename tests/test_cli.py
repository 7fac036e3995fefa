"""The ``ginspec`` command as a person uses it: answers, JSON, and one-line errors with status 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.in_process import ginspec, ginspec_process


def test_the_program_answers_and_refuses_bad_input_in_one_line() -> None:
    """The program of its own: the other tests run its commands in this process."""
    answer = ginspec_process("hand", "Ac 2c 3c 7d 7h 7s Ts Js Qs Kd")
    assert answer.returncode == 0 and "deadwood:  10" in answer.stdout and "A♣ 2♣ 3♣" in answer.stdout
    refused = ginspec_process("hand", "Zs As")
    assert refused.returncode == 2
    assert "'Zs' is not a card" in refused.stderr and refused.stderr.count("\n") == 1 and "Traceback" not in refused.stderr


def test_hand_json_for_ten_cards() -> None:
    # 7d 7h 7s, Ac 2c 3c, Ts Js Qs; Kd left: deadwood 10.
    result = ginspec("hand", "Ac 2c 3c 7d 7h 7s Ts Js Qs Kd", "--json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["deadwood"] == 10
    assert sorted(answer["melds"]) == ["7d 7h 7s", "Ac 2c 3c", "Ts Js Qs"]
    assert answer["deadwood_cards"] == "Kd"


def test_hand_json_for_eleven_cards() -> None:
    # Drawing 4c: discard Kd and the rest is gin.
    answer = json.loads(ginspec("hand", "Ac 2c 3c 4c 7d 7h 7s Ts Js Qs Kd", "--json").stdout)
    assert (answer["deadwood"], answer["discards"], answer["can_knock"], answer["can_gin"], answer["can_big_gin"]) == (
        0,
        "Kd",
        True,
        True,
        False,
    )


def test_hand_text_shows_suit_symbols_and_deadwood() -> None:
    result = ginspec("hand", "Ac 2c 3c 7d 7h 7s Ts Js Qs Kd")
    assert "deadwood:  10" in result.stdout
    assert "A♣ 2♣ 3♣" in result.stdout


def test_hand_reads_lines_from_standard_input() -> None:
    result = ginspec("hand", "-", "--json", stdin="Ac 2c 3c\nAs Zx\n7c 7d 7h 7s\n")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line.get("deadwood") for line in lines] == [0, None, 0]
    assert "'Zx' is not a card" in lines[1]["error"]
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1


def test_hand_variant_override_changes_the_knock_limit() -> None:
    hand = "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c"  # discarding 9c keeps 8
    assert json.loads(ginspec("hand", hand, "--json").stdout)["can_knock"] is True
    assert json.loads(ginspec("hand", hand, "--json", "--set", "knock_limit=7").stdout)["can_knock"] is False


def test_score_json_reports_outcome_points_and_layoffs() -> None:
    # Knocker Ah 2h 3h + sets: deadwood 4c = 4. Defender lays off 4h 5h; keeps Kc Kd 9s 8d 2c 6c Qs Js.
    result = ginspec(
        "score",
        "--knocker", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 4c",
        "--defender", "4h 5h Kc Kd 8s 8d 2c 6c Qs Js",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    # Defender: 10+10+8+8+2+6+10+10 = 64 after laying off 4h and 5h; 64 - 4 = 60.
    assert (answer["outcome"], answer["winner"], answer["points"]) == ("knock", "knocker", 60)
    assert [entry["card"] for entry in answer["layoffs"]] == ["4h", "5h"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("hand", "Zs As"), "'Zs' is not a card"),
        (("hand", "10h As"), "'10h' is not a card (ten is written T, e.g. 'Th')"),
        (("score", "--knocker", "as 2c 3c 7d 7h 7s Ts Js Qs 6d", "--defender", "4h"), "'as' is not a card (write 'As'"),
        (("hand", "As As 2s"), "'As' appears twice"),
        (("hand", "As 2s 3s", "--variant", "nosuch"), "unknown variant 'nosuch'"),
        (("hand", "As 2s 3s", "--set", "gin=3"), "unknown parameter 'gin'"),
        (("score", "--knocker", "Ac 2c 3c 7d 7h 7s Ts Js 5d 6d", "--defender", "4h 5h 6h 8c 8d 8s 9c Tc Jc Ad"), "over the knock limit"),
        (("score", "--knocker", "Ac 2c 3c 7d 7h 7s Ts Js Qs 6d", "--defender", "4h"), "expected 10"),
        (("score", "--knocker", "Ac 2c 3c 7d 7h 7s Ts Js Qs 6d", "--defender", "4h 5h 6h 8c 8d 8s 9c Tc Jc Ad", "--knocker-melds", "Ac 2c | 7d 7h 7s"), "'Ac 2c' is not a meld"),
        (("check", "--id", "nope-0001"), "no such vector"),
        (("check", "--engine", "nosuch"), "unknown engine 'nosuch'"),
        (("hand",), "the following arguments are required"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    result = ginspec(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


def test_check_ends_with_the_closing_line(tmp_path: Path) -> None:
    result = ginspec("check", "--area", "knock", "--report", str(tmp_path / "closing-line.json"))
    assert result.returncode == 0, result.stdout[-2000:]
    last = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed, 0 failed, 0 expected failures, \d+ unsupported", last), last
