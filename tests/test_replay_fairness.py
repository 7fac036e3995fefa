"""``ginspec replay`` is as fair as ``ginspec check``: a transcript is put to an engine under what
its moves depend on (dependence), under the engine's home variant when it cannot play the
transcript's own rules, and under the readings it declares; a transcript it cannot play is
unsupported, a move it refuses is named as refused, and an engine that reports nothing that can
be compared is never said to agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.in_process import ginspec

FIRST_MOVES = "1\n" * 200
ENGINES = "tests.engines.replaying"


@pytest.fixture(scope="module")
def hand_7(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The transcript of ``ginspec play --seed 7``, playing the first move each time: the first
    player takes the upcard, and p2 knocks with 6s on move 40. No hand holds big gin."""
    path = tmp_path_factory.mktemp("seed-7") / "hand.yaml"
    played = ginspec("play", "--seed", "7", "--save", str(path), stdin=FIRST_MOVES)
    assert played.returncode == 0, played.stderr
    return path


@pytest.fixture(scope="module")
def gin_shown_short(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hand of round-0036: p1 knocks with ten cards that all meld, showing only two melds
    (open question Q30: gin by the default reading, an illegal knock by reading b)."""
    path = tmp_path_factory.mktemp("q30") / "hand.yaml"
    transcript = {
        "variant": "standard",
        "deal": {
            "dealer": "p2",
            "hands": {"p1": "2c 3c 4c 5d Kd 5h 9h Th Jh 5s", "p2": "Ac 6c 8c 2d 7d Td 3h 4s 6s 8s"},
            "upcard": "Qh",
            "stock": "5c 9s 4h 7s Ks 2s 4d 8d Kh 2h 7h 3d 8h Ad 7c Qd Js 3s As Qc Qs Tc 6d Ah Jd Jc Kc 6h 9c Ts 9d",
        },
        "actions": ["p1 draw discard", "p1 knock Kd with 2c 3c 4c | 5d 5h 5s"],
    }
    path.write_text(yaml.safe_dump(transcript), encoding="utf-8")
    return path


def _replay(path: Path, engine: str) -> tuple[int, str]:
    result = ginspec("replay", str(path), "--engine", f"{ENGINES}:{engine}")
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout + result.stderr


def test_a_limit_the_moves_do_not_depend_on_is_no_obstacle(hand_7: Path) -> None:
    """No big gin is in reach in this hand: an engine without big gin replays it (with its own
    value of big_gin, which cannot change a move)."""
    status, output = _replay(hand_7, "WithoutBigGin")
    assert "cannot play" not in output, output
    assert status == 0 and "agrees with the rules at every move" in output, output


def test_the_engines_home_variant_applies_where_it_cannot_play_the_transcripts_rules(hand_7: Path) -> None:
    """The moves depend on whether the card just taken may be thrown back, which the engine's
    own rules (openspiel) allow: it is judged under them, and says so."""
    status, output = _replay(hand_7, "PlaysOpenSpielRules")
    assert status == 0, output
    assert "agrees with the rules of openspiel (its own variant) at every move" in output, output


def test_an_unplayable_transcript_is_unsupported_not_an_error(hand_7: Path, tmp_path: Path) -> None:
    status, output = _replay(hand_7, "KeepsTheTakenCard")
    assert "unsupported" in output and "discard_taken_card" in output, output
    assert "error" not in output.lower().replace("errors", ""), output
    assert status == 1 and "nothing was compared" in output, output
    # beside a transcript it can play, the run checked something: unsupported is counted apart
    other = tmp_path / "other.yaml"
    other.write_text(hand_7.read_text(encoding="utf-8"), encoding="utf-8")
    both = ginspec("replay", str(hand_7), str(other), "--engine", f"{ENGINES}:WithoutBigGin")
    assert both.returncode == 0 and both.stdout.strip().endswith("2 transcripts: 2 ok"), both.stdout


def test_a_refused_move_is_named_as_refused(hand_7: Path) -> None:
    status, output = _replay(hand_7, "RefusesEveryKnock")
    assert status == 1
    assert re.search(r"at move (\d+): move \1 \(p2 knock 6s\): the engine refused it \(over_knock_limit\), the rules allow it", output), output
    assert "reported no state" not in output, output


def test_an_engine_that_reports_no_state_is_not_said_to_agree_at_every_move(hand_7: Path) -> None:
    status, output = _replay(hand_7, "ReportsNoStates")
    assert "at every move" not in output, output
    assert status == 0 and "agrees with the rules on the result" in output and "no state" in output, output
    status, output = _replay(hand_7, "ReportsNothing")
    assert "agrees" not in output, output
    assert status == 1 and "nothing was compared" in output, output


def test_a_declared_reading_of_an_open_question_is_played_by_the_rules_side(gin_shown_short: Path) -> None:
    """By the default reading of Q30 the knock is gin; an engine reading it as ``b`` scores the
    spread as shown, and the reference engine plays that reading too: the replay judges the hand
    under it and the engine agrees, never a departure nor unsupported."""
    status, output = _replay(gin_shown_short, "ScoresASpreadAsShown")
    assert "departs" not in output and "unsupported" not in output, output
    assert "agrees with the rules at every move" in output, output
    assert status == 0
