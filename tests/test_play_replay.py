"""``ginspec play`` and ``ginspec replay``: a played hand saves a transcript that replays to the same
result, a doctored transcript is caught at the right move, and an engine that departs from the rules
is reported at its first divergence.

The first hand is played and replayed by the program of its own; the other commands run in this
process (:mod:`tests.in_process`). Each hand is played once and read by the tests that need it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from ginspec.adapters.base import Question
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.play.transcripts import load_transcript, replay_transcript
from ginspec.suite.yamlio import SAFE_LOADER
from tests.in_process import ginspec, ginspec_process

FIRST_MOVES = "1\n" * 200
"""Always choose the first listed move: a legal, if naive, way to play to the end."""


@pytest.fixture(scope="module")
def hand_4(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    """``ginspec play --seed 4``, the program, playing the first move each time: its run and transcript."""
    path = tmp_path_factory.mktemp("seed-4") / "hand.yaml"
    return ginspec_process("play", "--seed", "4", "--save", str(path), stdin=FIRST_MOVES), path


@pytest.fixture(scope="module")
def hand_7(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The transcript of ``ginspec play --seed 7``, playing the first move each time."""
    path = tmp_path_factory.mktemp("seed-7") / "hand.yaml"
    played = ginspec("play", "--seed", "7", "--save", str(path), stdin=FIRST_MOVES)
    assert played.returncode == 0, played.stderr
    return path


def test_a_played_hand_replays_to_its_result(hand_4: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    result, path = hand_4
    assert result.returncode == 0, result.stderr
    assert "your hand:" in result.stdout and "♠" in result.stdout + "♣♦♥"
    saved = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    assert len(saved["actions"]) > 2 and saved["result"]["outcome"] in {"knock", "undercut", "gin", "big_gin", "void", "draw"}
    replayed = ginspec_process("replay", str(path))
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert f"{len(saved['actions'])} moves replayed: {saved['result']['outcome']}" in replayed.stdout


def test_a_doctored_transcript_is_caught_at_the_bad_move(hand_4: tuple[subprocess.CompletedProcess[str], Path], tmp_path: Path) -> None:
    path = tmp_path / "hand.yaml"
    shutil.copy(hand_4[1], path)
    saved = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    saved["actions"].insert(1, saved["actions"][0])  # the same player acts twice
    path.write_text(yaml.safe_dump(saved), encoding="utf-8")
    result = ginspec("replay", str(path))
    assert result.returncode == 1
    assert "move 2 of" in result.stdout and "is illegal" in result.stdout


class SloppyEngine(ReferenceAdapter):
    """Lets a player throw back the card he just took from the discard pile, as some engines do."""

    def ask(self, question: Question) -> dict[str, Any]:
        if question.kind == "round":
            parameters = {**question.parameters, "discard_taken_card": True}
            return super().ask(Question(question.kind, question.input, parameters))
        return super().ask(question)


def test_replay_reports_the_first_divergence_of_an_engine(hand_7: Path) -> None:
    transcript = load_transcript(hand_7)
    taken = [number for number, text in enumerate(transcript.actions) if text.endswith("draw discard")]
    assert taken, "choosing the first move always takes the upcard on the first turn"
    _, divergence = replay_transcript(transcript, SloppyEngine())
    assert divergence is not None and divergence.move == taken[0] + 1
    assert "legal moves differ" in divergence.problem
    _, agreement = replay_transcript(transcript, ReferenceAdapter())
    assert agreement is None


def test_a_bad_transcript_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("deal: {}\nactions: [p1 jump]\n", encoding="utf-8")
    result = ginspec("replay", str(path))
    assert result.returncode == 2
    assert "bad.yaml: deal: no 'dealer'" in result.stderr and result.stderr.count("\n") == 1


def test_replay_under_the_engines_own_variant(hand_7: Path) -> None:
    """The sloppy engine departs from the standard rules on this hand, but agrees at every move
    with the rules OpenSpiel plays, in which the card just taken may be thrown back."""
    transcript = load_transcript(hand_7)
    _, divergence = replay_transcript(transcript, SloppyEngine())
    assert divergence is not None
    _, under_its_rules = replay_transcript(transcript, SloppyEngine(), variant="openspiel")
    assert under_its_rules is None
    result = ginspec("replay", str(hand_7), "--variant", "no-such-variant")
    assert result.returncode == 2 and "no-such-variant" in result.stderr and "Traceback" not in result.stderr
