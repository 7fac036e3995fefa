"""A campaign's progress file and tally at scale: against an engine that departs in many hands,
the tally keeps the index of every departing hand, so merging a chunk and saving the progress must
not cost more as the campaign grows (a long campaign's time would grow with the square of its
length)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest

from ginspec.detection.campaign import checkpoint
from ginspec.detection.campaign.checkpoint import ProgressSaver, load_progress
from ginspec.detection.campaign.compare import Outcome
from ginspec.detection.campaign.tally import Tally
from ginspec.detection.campaign.worker import Plan
from ginspec.suite.variants import get_variant


def chunk_tally(chunk: int) -> Tally:
    tally = Tally()
    for index in range(chunk * 100, chunk * 100 + 100):
        if index % 3:
            tally.add(Outcome(index, "disagree", "A" if index % 2 else "B", 4, "after 4 actions: differs"))
        else:
            tally.add(Outcome(index, "agree"))
    return tally


def test_chunks_merged_in_any_order_give_one_tally_with_every_index_in_order() -> None:
    in_order, reversed_order, shuffled = Tally(), Tally(), Tally()
    for chunk in range(8):
        in_order.merge(chunk_tally(chunk))
    for chunk in reversed(range(8)):
        reversed_order.merge(chunk_tally(chunk))
    for chunk in (3, 0, 7, 1, 6, 2, 5, 4):
        shuffled.merge(chunk_tally(chunk))
    assert in_order.to_json() == reversed_order.to_json() == shuffled.to_json()
    indices = in_order.findings["A"].indices
    assert indices == sorted(indices) and len(indices) == in_order.findings["A"].count == 267


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(checkpoint.time, "monotonic", clock)
    return clock


def plan() -> Plan:
    return Plan("reference", "standard", {}, dict(get_variant("standard").parameters), 1, 5000)


def timed_saves(monkeypatch: pytest.MonkeyPatch, clock: Clock, cost: Callable[[Tally], float]) -> list[tuple[int, float]]:
    """Saves still written to the file, each taking ``cost(tally)`` seconds of the clock; the
    chunk count and the cost of every save, in order."""
    saves: list[tuple[int, float]] = []
    real_save = checkpoint.save_progress

    def save(folder: Path, plan: Plan, chunks_done: int, tally: Tally, seconds: float) -> None:
        real_save(folder, plan, chunks_done, tally, seconds)
        spent = cost(tally)
        clock.now += spent
        saves.append((chunks_done, spent))

    monkeypatch.setattr(checkpoint, "save_progress", save)
    return saves


def play(saver: ProgressSaver, tally: Tally, clock: Clock, chunks: int, seconds_each: float) -> None:
    """``chunks`` chunks of ``seconds_each`` seconds, each merged into the tally and reported done."""
    for chunk in range(chunks):
        clock.now += seconds_each
        tally.merge(chunk_tally(chunk))
        saver.chunk_done(chunk + 1)


def test_progress_is_saved_after_every_chunk_while_saving_is_cheap(tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    saves = timed_saves(monkeypatch, clock, lambda tally: 0.001)  # a save of a millisecond
    tally = Tally()
    saver = ProgressSaver(tmp_path, plan(), tally, 0.0)
    play(saver, tally, clock, 5, 0.3)  # chunks of three tenths of a second
    assert [chunks for chunks, _ in saves] == [1, 2, 3, 4, 5]
    saver.flush()
    assert [chunks for chunks, _ in saves] == [1, 2, 3, 4, 5], "nothing was left to save"


def test_a_costly_save_makes_the_next_chunks_wait_and_flush_saves_them_all(tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    saves = timed_saves(monkeypatch, clock, lambda tally: 0.5)  # the file has grown: a save takes half a second
    tally = Tally()
    saver = ProgressSaver(tmp_path, plan(), tally, 0.0)
    play(saver, tally, clock, 40, 0.3)
    saved = [chunks for chunks, _ in saves]
    # after the first save, one at most every ten seconds of play (0.5 s is a twentieth of that)
    assert saved[0] == 1 and len(saved) <= 1 + 12 / 10 + 1, saved
    assert all(later - earlier >= 33 for earlier, later in zip(saved, saved[1:])), saved
    saver.flush()
    assert saves[-1][0] == 40
    chunks, recorded, _ = load_progress(tmp_path, plan())
    assert chunks == 40 and recorded.to_json() == tally.to_json()


def test_a_long_campaign_spends_at_most_about_a_twentieth_of_its_time_saving(tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving cost grows with the file (here three milliseconds per thousand indices kept); the time
    spent saving stays near a twentieth of the whole, however long the campaign."""
    saves = timed_saves(monkeypatch, clock, lambda tally: 0.003 * sum(len(found.indices) for found in tally.findings.values()) / 1000)
    tally = Tally()
    saver = ProgressSaver(tmp_path, plan(), tally, 0.0)
    start = clock.now
    play(saver, tally, clock, 600, 0.25)
    saver.flush()
    spent = sum(cost for _, cost in saves)
    assert spent <= 0.06 * (clock.now - start), (spent, clock.now - start)
    assert json.loads((tmp_path / checkpoint.PROGRESS_FILE).read_text(encoding="utf-8"))["chunks_done"] == 600
