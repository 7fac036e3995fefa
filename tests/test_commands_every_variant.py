"""Every command against every variant in spec/variants/: a correct answer (checked against the
independent oracles in tests/oracle/) or a one-line refusal naming the parameter it cannot honour.
Never an answer under other rules."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
import yaml

from ginspec.commands.main import main
from ginspec.suite.variants import variant_files
from tests.oracle import rounds, table_rounds
from tests.oracle.melds import least_deadwood
from tests.oracle.scoring import score as oracle_score
from tests.oracle.yamlfile import read_document
from ginspec.suite.yamlio import SAFE_LOADER

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = sorted(variant_files())
PARAMETER_NAMES = set(yaml.load((ROOT / "spec" / "variants" / "standard.yaml").read_text(), Loader=SAFE_LOADER)["parameters"])

TEN = "Ac 2c 3c 7d 7h 7s Ts Js Qs Kd"
ELEVEN = "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c"
SEVEN = "Ac 2c 3c 7d 7h 7s Kd"
EIGHT = "Ac 2c 3c 7d 7h 7s Kd 4c"
KNOCKER = "Ah 2h 3h 7c 7d 7s 9c 9d 9s 4c"
DEFENDER = "4h 5h Kc Kd 8s 8d 2c 6c Qs Js"


def run(argv: list[str], capsys, stdin: str = "") -> tuple[int, str, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = main(argv, out=(out := io.StringIO()))
    finally:
        sys.stdin = old
    return status, out.getvalue(), capsys.readouterr().err


def assert_refused(status: int, err: str, *names: str) -> None:
    """A refusal: exit status 2, one line on standard error, naming a parameter (one of ``names``
    when given)."""
    assert status == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    named = {word for word in re.findall(r"[a-z_]+", lines[0]) if word in PARAMETER_NAMES}
    assert named, f"the refusal names no parameter: {lines[0]}"
    if names:
        assert named & set(names), lines[0]


def _values(value_text: str) -> list[int]:
    return [int(number) for number in re.findall(r"p\d (-?\d+)", value_text)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_hand(variant: str, capsys) -> None:
    params = rounds.load_variant(variant)
    size = params["hand_size"]
    resting, drawn = (TEN, ELEVEN) if size == 10 else (SEVEN, EIGHT)
    status, out, err = run(["hand", resting, "--variant", variant, "--json"], capsys)
    assert status == 0, err
    assert yaml.load(out, Loader=SAFE_LOADER)["deadwood"] == least_deadwood(resting.split())
    status, out, err = run(["hand", drawn, "--variant", variant, "--json"], capsys)
    if params["oklahoma"]:
        assert_refused(status, err, "oklahoma")
        status, out, err = run(["hand", drawn, "--variant", variant, "--json", "--upcard", "5s"], capsys)
        limit = 5
    else:
        limit = params["knock_limit"]
    assert status == 0, err
    answer = yaml.load(out, Loader=SAFE_LOADER)
    best = min(least_deadwood([card for card in drawn.split() if card != gone]) for gone in drawn.split())
    assert (answer["knock_limit"], answer["can_knock"]) == (limit, best <= limit)


@pytest.mark.parametrize("variant", VARIANTS)
def test_score(variant: str, capsys) -> None:
    params = rounds.load_variant(variant)
    argv = ["score", "--knocker", KNOCKER, "--defender", DEFENDER, "--variant", variant, "--json"]
    status, out, err = run(argv, capsys)
    if params["table_format"] == "one_table":
        assert_refused(status, err, "scoring_model", "table_format")
        return
    factor = 1
    if params["oklahoma"]:
        assert_refused(status, err, "oklahoma")
        status, out, err = run(argv + ["--upcard", "8s"], capsys)
        params = {**params, "knock_limit": 8}
        factor = 2 if params["spade_double"] else 1
    expected = oracle_score(KNOCKER.split(), DEFENDER.split(), params)
    if "error" in expected:  # the rules refuse the hand itself (straight gin: no knock with 4)
        assert status == 2 and len(err.strip().splitlines()) == 1 and "knock limit" in err, err
        return
    assert status == 0, err
    answer = yaml.load(out, Loader=SAFE_LOADER)
    assert (answer["outcome"], answer["winner"], answer["points"]) == (
        expected["outcome"], expected["winner"], expected["points"] * factor
    )


def _transcript(params) -> dict:
    if params["table_format"] == "one_table":
        wanted = "round-3004" if params["players"] == 4 else "round-3014"
        document = read_document(ROOT / "vectors" / "round" / "tables.yaml")
    else:
        wanted = "round-0071"
        document = read_document(ROOT / "vectors" / "round" / "layoffs.yaml")
    vector = next(vector for vector in document["vectors"] if vector["id"] == wanted)
    return {"deal": vector["input"]["deal"], "actions": vector["input"]["actions"]}


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay(variant: str, capsys, tmp_path: Path) -> None:
    params = rounds.load_variant(variant)
    transcript = {"variant": variant, **_transcript(params)}
    path = tmp_path / "hand.yaml"
    path.write_text(yaml.safe_dump(transcript), encoding="utf-8")
    status, out, err = run(["replay", str(path)], capsys)
    oracle = table_rounds if params["table_format"] == "one_table" else rounds
    if params["table_format"] not in ("heads_up", "one_table"):
        # three or four sharing two-player hands: each hand is an ordinary hand between two
        params = {**params, "players": 2, "table_format": "heads_up"}
    try:
        _, expected = oracle.replay(transcript["deal"], transcript["actions"], params)
    except (ValueError, NotImplementedError, AssertionError):
        assert status == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
        return
    if "illegal" in expected:
        assert status == 1 and f"move {expected['illegal']['index'] + 1} of" in out, out
        return
    assert status == 0, err
    assert f": {expected['outcome']}, winner {expected['winner']}" in out, out
    if isinstance(expected["points"], dict):
        assert _values(out.split(";", 1)[1]) == [int(expected["points"][seat]) for seat in sorted(expected["points"])], out
    else:
        assert f"{expected['points']} points" in out, out


@pytest.mark.parametrize("variant", VARIANTS)
def test_play(variant: str, capsys) -> None:
    params = rounds.load_variant(variant)
    status, out, err = run(["play", "--variant", variant, "--seed", "1"], capsys, stdin="quit\n")
    if params["table_format"] in ("heads_up", "one_table"):
        assert status == 0, err
        assert "You are p1" in out
    else:
        assert_refused(status, err, "table_format")


def test_a_variant_file_with_parameters_that_cannot_go_together_names_the_file_and_both_keys(tmp_path: Path) -> None:
    from ginspec.errors import InvalidVariant
    from ginspec.suite.variants import load_variants

    for name, path in variant_files().items():
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "okla-table.yaml").write_text(
        "name: okla-table\ntitle: t\ndescription: d\nsources: [S003]\nextends: house-s003-three\nparameters:\n  oklahoma: true\n",
        encoding="utf-8",
    )
    with pytest.raises(InvalidVariant) as refused:
        load_variants(tmp_path)
    message = str(refused.value)
    assert "okla-table.yaml" in message and "oklahoma" in message and "table_format" in message


HEADS_UP_GAME = {"first_dealer": "p1", "hands": [{"winner": "p1", "outcome": "gin", "points": 60},
                                                 {"winner": "p2", "outcome": "knock", "points": 15},
                                                 {"winner": "p1", "outcome": "undercut", "points": 45}]}


@pytest.mark.parametrize("variant", VARIANTS)
def test_game(variant: str, capsys, tmp_path: Path) -> None:
    """A two-player game's hands: scored under every two-player variant (checked against the
    oracle of tests/oracle/games.py), refused naming table_format or hollywood elsewhere."""
    from tests.oracle.games import answer as oracle_answer

    params = rounds.load_variant(variant)
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(HEADS_UP_GAME), encoding="utf-8")
    status, out, err = run(["game", str(path), "--variant", variant, "--json"], capsys)
    if params["table_format"] != "heads_up":
        assert_refused(status, err, "table_format")
        return
    if params["hollywood"]:
        assert status == 0, err
        assert yaml.load(out, Loader=SAFE_LOADER)["kind"] == "hollywood"
        return
    expected = oracle_answer("game", HEADS_UP_GAME, params)
    if "error" in expected:
        assert status == 2 and len(err.strip().splitlines()) == 1 and expected["error"] in err, err
        return
    assert status == 0, err
    answer = yaml.load(out, Loader=SAFE_LOADER)
    assert {key: answer[key] for key in expected} == expected


@pytest.mark.parametrize("variant", VARIANTS)
def test_game_play(variant: str, capsys, tmp_path: Path) -> None:
    """A whole game against the computer under every variant played move by move: each hand and
    the game's end agree with the oracles; the other forms are refused naming table_format."""
    from tests.test_game_play import oracle_game_answer, oracle_hand_result

    params = rounds.load_variant(variant)
    saved = tmp_path / "game.yaml"
    status, out, err = run(["game", "--play", "--variant", variant, "--seed", "7", "--save", str(saved)], capsys, stdin="1\n" * 20000)
    if params["table_format"] not in ("heads_up", "one_table"):
        assert_refused(status, err, "table_format")
        return
    assert status == 0, err
    assert out.rstrip().splitlines()[-2] == "game over", out[-500:]
    from ginspec.play.transcripts import load_transcripts

    transcripts = load_transcripts(saved)
    hands = [oracle_hand_result(transcript, params) for transcript in transcripts]
    assert hands == [{key: transcript.result[key] for key in ("winner", "outcome", "points")} for transcript in transcripts]
    expected = oracle_game_answer(params, "p2", hands)
    assert expected["over_after"] == len(hands)
