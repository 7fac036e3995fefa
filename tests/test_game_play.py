"""A whole game played against the computer (``ginspec game --play``): it ends when the rules say,
each hand and the game's score agree with the independent oracle, a saved game is scored again by
``ginspec game`` and replayed by ``ginspec replay``, and what cannot be played is refused."""

from __future__ import annotations

import io
import random
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from ginspec.commands.main import main
from ginspec.play.score_sheet import kind_for
from ginspec.play.game_play import play_game
from ginspec.suite.variants import resolve_parameters
from tests.oracle import games as game_oracle
from tests.oracle import rounds as round_oracle
from tests.oracle import table_rounds as table_oracle
from tests.oracle.rounds import load_variant as load_params
from tests.oracle.yamlfile import load_yaml


def always(answer: str):
    """A person who always picks the same move: the first listed one."""
    return lambda prompt: answer


def played(variant: str, seed: int, dealer: str = "p2"):
    parameters = resolve_parameters(variant, {}, "--set")
    out = io.StringIO()
    game = play_game(parameters, variant, {}, random.Random(seed), "p1", dealer, always("1"), out)
    return parameters, game, out.getvalue()


def oracle_hand_result(transcript, params) -> dict:
    replay = table_oracle.replay if params["table_format"] == "one_table" else round_oracle.replay
    _, outcome = replay(transcript.deal, list(transcript.actions), params)
    return {key: outcome[key] for key in ("winner", "outcome", "points")}


def oracle_game_answer(params, first_dealer: str, hands: list) -> dict:
    """The oracle's score of a game from its hand results (it must be over)."""
    data = {"first_dealer": first_dealer, "hands": hands}
    if params["table_format"] == "one_table":
        expected = table_oracle.table_game(data, params)
    else:
        expected = game_oracle.answer("hollywood" if params["hollywood"] else "game", data, params)
    assert "error" not in expected, expected
    return expected


@lru_cache(maxsize=None)
def _played_and_saved() -> tuple[str, str]:
    """What ``ginspec game --play --seed 3 --save FILE`` shows and writes to FILE for a player who
    always picks the first move: the same game each time, so it is played once per process and
    each test gets its own copy of the file."""
    with tempfile.TemporaryDirectory() as folder:
        saved = Path(folder) / "game.yaml"
        stdin, sys.stdin = sys.stdin, io.StringIO("1\n" * 5000)
        try:
            shown = io.StringIO()
            assert main(["game", "--play", "--seed", "3", "--save", str(saved)], out=shown) == 0
        finally:
            sys.stdin = stdin
        return shown.getvalue(), saved.read_text()


def _saved_game() -> str:
    return _played_and_saved()[1]


@pytest.mark.parametrize("variant, seed", [("standard", 3), ("oklahoma", 5), ("house-s003-three", 1), ("hollywood", 2)])
def test_a_game_is_played_to_its_end_and_agrees_with_the_oracle(variant, seed):
    parameters, game, shown = played(variant, seed)
    params = load_params(variant)
    assert game.over, shown[-400:]
    hands = game.hand_results()
    assert hands == [oracle_hand_result(transcript, params) for transcript in game.transcripts]
    kind = kind_for(parameters)
    expected = oracle_game_answer(params, "p2", hands)
    if kind != "hollywood":
        assert [transcript.deal["dealer"] for transcript in game.transcripts] == expected["dealers"]
        assert expected["over_after"] == len(hands)
    else:
        assert expected["over_after"] == len(hands)
    assert "score sheet" in shown and shown.rstrip().endswith("game over")
    if "winner" in expected and expected["winner"]:
        assert f"winner: {expected['winner']}" in shown


def test_a_saved_game_is_scored_again_and_replayed_hand_by_hand(tmp_path, capsys):
    saved = tmp_path / "game.yaml"
    played_output, text = _played_and_saved()
    saved.write_text(text)
    document = load_yaml(saved.read_text())
    assert document["variant"] == "standard" and document["first_dealer"] == "p2"
    hands = [hand["result"] for hand in document["transcripts"]]
    expected = game_oracle.game("p2", [{key: hand[key] for key in ("winner", "outcome", "points")} for hand in hands], load_params("standard"))

    assert main(["game", str(saved), "--json"]) == 0
    scored = load_yaml(capsys.readouterr().out)
    assert {key: scored[key] for key in expected} == expected
    assert f"winner: {expected['winner']} by {expected['margin']}" in played_output

    assert main(["replay", str(saved)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert replayed[-1] == f"{len(hands)} transcripts: {len(hands)} ok"
    assert all(f"hand {number}: ok" in line for number, line in enumerate(replayed[:-1], start=1))


def test_a_game_stopped_half_way_keeps_its_finished_hands(tmp_path, monkeypatch, capsys):
    saved = tmp_path / "game.yaml"
    parameters = resolve_parameters("standard", {}, "--set")
    out = io.StringIO()
    answers = iter(["1"] * 60 + ["quit"] * 10)
    game = play_game(parameters, "standard", {}, random.Random(4), "p1", "p2", lambda prompt: next(answers, "quit"), out)
    assert not game.over and "game stopped after" in out.getvalue()
    finished = len(game.transcripts)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 60))
    assert main(["game", "--play", "--seed", "4", "--save", str(saved)]) == 0
    capsys.readouterr()
    kept = load_yaml(saved.read_text())["transcripts"]
    assert len(kept) == finished and all(hand.get("result") for hand in kept)
    if kept:
        assert main(["game", str(saved)]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and "game_not_over" in error


def _tamper(saved: Path, change) -> None:
    document = load_yaml(saved.read_text())
    change(document)
    saved.write_text(yaml.safe_dump(document, sort_keys=False))


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda game: game.update(first_dealer="p1"), "hand 1: dealt by p2, but the rules have p1 deal it (DEAL-ROTATION)"),
        (lambda game: game["transcripts"][0].update(variant="oklahoma"), "played under 'oklahoma'"),
        (lambda game: game.update(transcripts=[]), "transcripts: a list of the game's hands"),
        (lambda game: game.update(players=3), "unknown key 'players'"),
        (lambda game: game["transcripts"][0]["deal"].update(stock="Zs"), "'Zs' is not a card"),
        (lambda game: game["transcripts"][0]["result"].update(points=999), "hand 1: the hand's record is wrong: its recorded result has points=999"),
        (lambda game: game["transcripts"][1].update(actions=game["transcripts"][1]["actions"][:3]), "hand 2: the hand's record is wrong"),
        (lambda game: game["transcripts"][1]["actions"].__setitem__(1, "p1 discard Zz"), "hand 2: action 2: 'p1 discard Zz' is not an action: 'Zz' is not a card"),
        (lambda game: game.update(first_dealer="p3"), "first dealer 'p3' must be p1 or p2"),
        (lambda game: game.update(overrides={"gin_bonus": "x"}), "overrides: parameter gin_bonus='x'"),
    ],
)
def test_a_saved_game_that_is_wrong_is_refused_in_one_line(tmp_path, capsys, change, message):
    saved = tmp_path / "game.yaml"
    saved.write_text(_saved_game())
    assert len(load_yaml(saved.read_text())["transcripts"]) >= 2
    _tamper(saved, change)
    capsys.readouterr()
    assert main(["game", str(saved)]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1 and "Traceback" not in error


@pytest.mark.parametrize(
    "argv, message",
    [
        (["game", "--play", "--variant", "cutthroat"], "table_format=cutthroat; game --play takes heads_up and one_table"),
        (["game", "--play", "--variant", "partnership"], "game --play takes heads_up and one_table"),
        (["game", "--play", "--you", "p3"], "--you p3"),
        (["game", "somefile.yaml", "--play"], "not both"),
        (["game"], "give a FILE"),
    ],
)
def test_what_cannot_be_played_is_refused_in_one_line(argv, message, capsys):
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1


def test_a_saved_game_is_not_scored_under_other_rules(tmp_path, capsys):
    saved = tmp_path / "game.yaml"
    saved.write_text(_saved_game())
    capsys.readouterr()
    assert main(["game", str(saved), "--variant", "oklahoma"]) == 2
    assert "played under 'standard'" in capsys.readouterr().err


def test_the_save_file_is_not_replaced_unasked(tmp_path, capsys):
    saved = tmp_path / "game.yaml"
    saved.write_text("mine\n")
    assert main(["game", "--play", "--save", str(saved)]) == 2
    assert saved.read_text() == "mine\n"
    assert "--save" in capsys.readouterr().err
