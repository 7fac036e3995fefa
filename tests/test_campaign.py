"""Fuzz campaigns (``ginspec fuzz --hands N``): each hand a pure function of (seed, index) and
replayable alone, shards that merge into the single run's report, a campaign killed with SIGKILL
that resumes to the uninterrupted run's report, and disagreements grouped into findings, each
written once as a vector the independent round oracle confirms."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from contextlib import redirect_stderr
from pathlib import Path

import pytest
import yaml

from ginspec.detection.campaign.compare import check_hand
from ginspec.detection.campaign.hands import Shard, play_hand
from ginspec.commands.main import main
from ginspec.suite.variants import get_variant
from ginspec.suite.yamlio import SAFE_LOADER
from reference_impl.rules import RoundRules
from tests.oracle import rounds

ROOT = Path(__file__).resolve().parents[1]
TWO_DEPARTURES = "tests.engines.two_departures:TwoDepartures"
STANDARD = RoundRules.for_two_players(dict(get_variant("standard").parameters))


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        try:
            status = main(list(argv), out)
        except SystemExit as exc:  # the command line's own usage errors
            status = int(exc.code or 0)
    return status, out.getvalue(), err.getvalue()


def report_of(folder: Path) -> dict:
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    del report["created"], report["seconds"]
    return report


def vectors_of(folder: Path) -> dict[str, str]:
    return {path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8") for path in sorted((folder / "findings").rglob("*.yaml"))}


def counted_one_by_one(hands: int, seed: int) -> Counter:
    """The hands of each signature, each hand asked and judged on its own (no tally, no chunks)."""
    from tests.engines.two_departures import TwoDepartures

    engine, parameters = TwoDepartures(), dict(get_variant("standard").parameters)
    outcomes = [check_hand(engine, frozenset(), parameters, play_hand(STANDARD, seed, index)) for index in range(hands)]
    return Counter(outcome.signature for outcome in outcomes if outcome.status == "disagree")


def test_a_hand_is_a_pure_function_of_seed_and_index_and_follows_the_rules() -> None:
    """The same (seed, index) deals and plays the same hand; the moves and every recorded state
    agree with the independent round oracle of tests/oracle/rounds.py."""
    hand = play_hand(STANDARD, 7, 41)
    assert hand == play_hand(STANDARD, 7, 41)
    assert hand.deal != play_hand(STANDARD, 7, 42).deal and hand.deal != play_hand(STANDARD, 8, 41).deal
    params = rounds.load_variant("standard")
    states, outcome = rounds.replay(hand.deal, hand.actions, params)
    assert "illegal" not in outcome and len(states) == len(hand.checkpoints)
    for state, point in zip(states, hand.checkpoints):
        view = rounds.checkpoint(state)
        assert sorted(view.pop("legal")) == sorted(point["legal"])
        assert view == {key: value for key, value in point.items() if key != "legal"}
    assert hand.end["finished"] and all(hand.end[key] == outcome[key] for key in ("outcome", "winner", "points"))


def test_shards_split_the_hands_into_disjoint_parts_that_cover_them() -> None:
    total, count = 1003, 7
    seen = [Shard(number, count).index(position) for number in range(1, count + 1) for position in range(Shard(number, count).hands(total))]
    assert sorted(seen) == list(range(total))
    assert Shard(5, 4 + 5).hands(3) == 0


def test_the_reference_agrees_with_itself_and_the_report_says_so(tmp_path: Path) -> None:
    status, out, err = run("fuzz", "--engine", "reference", "--hands", "100", "--report-dir", str(tmp_path / "c"))
    assert status == 0, out + err
    report = report_of(tmp_path / "c")
    assert (report["hands_played"], report["agreed"], report["disagreements"], report["findings"]) == (100, 100, 0, [])
    assert err == "", "no progress line when standard error is not a terminal"


def test_disagreements_become_a_few_findings_each_written_once_and_confirmed(tmp_path: Path) -> None:
    """Two wrong rules, dozens of disagreeing hands: two findings, with their counts, kept
    occurrences and the rule each turns on; each written once as a vector the oracle confirms,
    shrunk to the first checkpoint that differs."""
    folder = tmp_path / "c"
    status, out, _ = run("fuzz", "--engine", TWO_DEPARTURES, "--hands", "120", "--seed", "3", "--report-dir", str(folder))
    assert status == 1
    report = report_of(folder)
    assert report["disagreements"] > 60
    findings = {tuple(finding["rules"]): finding for finding in report["findings"]}
    assert set(findings) == {("TURN-NO-DISCARD-TAKEN-CARD",), ("STOCK-WALL-TWO",)}, out
    assert sum(finding["count"] for finding in findings.values()) == report["disagreements"]
    for finding in findings.values():
        assert len(finding["occurrences"]) == finding["count"], "every occurrence is listed"
        assert finding["oracle"] == "confirmed"
        [vector] = yaml.load((folder / finding["vector"]).read_text(encoding="utf-8"), Loader=SAFE_LOADER)["vectors"]
        assert vector["kind"] == "round" and vector["provenance"] == "fuzz" and vector["rules"] == finding["rules"]
        assert len(vector["input"]["actions"]) == finding["shortest"]["actions"]
    taken = findings[("TURN-NO-DISCARD-TAKEN-CARD",)]
    hand = play_hand(STANDARD, 3, taken["shortest"]["index"])
    assert taken["shortest"]["actions"] < len(hand.actions), "cut at the first differing checkpoint"
    assert len(list((folder / "findings").rglob("*.yaml"))) == 2


def test_replay_by_index_prints_the_hand_and_shows_the_same_departure(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    run("fuzz", "--engine", TWO_DEPARTURES, "--hands", "40", "--seed", "5", "--report-dir", str(folder))
    finding = report_of(folder)["findings"][0]
    index = finding["occurrences"][-1]["index"]
    status, out, _ = run("fuzz", "--engine", TWO_DEPARTURES, "--seed", "5", "--replay-index", str(index))
    assert status == 1
    assert f"departs: {finding['signature']}" in out
    transcript = yaml.load(out, Loader=SAFE_LOADER)
    hand = play_hand(STANDARD, 5, index)
    assert transcript["deal"] == hand.deal and transcript["actions"] == hand.actions
    saved = tmp_path / "hand.yaml"
    saved.write_text(out, encoding="utf-8")
    assert run("replay", str(saved))[0] == 0, "the printed hand is a transcript the rules accept"
    assert run("fuzz", "--engine", "reference", "--seed", "5", "--replay-index", str(index))[0] == 0


def test_merged_shards_give_the_report_of_one_run(tmp_path: Path) -> None:
    arguments = ["fuzz", "--engine", TWO_DEPARTURES, "--hands", "90", "--seed", "11"]
    assert run(*arguments, "--report-dir", str(tmp_path / "single"))[0] == 1
    shards = []
    for number in (3, 1, 2):
        shards.append(str(tmp_path / f"shard{number}"))
        assert run(*arguments, "--shard", f"{number}/3", "--report-dir", shards[-1])[0] == 1
    assert run("fuzz", "merge", *shards[:2], "--report-dir", str(tmp_path / "partial"))[0] == 2, "a shard left out is refused"
    partial = run("fuzz", "merge", *shards[:2], "--partial", "--report-dir", str(tmp_path / "partial"))
    assert report_of(tmp_path / "partial")["campaign"]["parts"] == "1/3 3/3" and partial[0] == 1
    status, out, err = run("fuzz", "merge", *shards, "--report-dir", str(tmp_path / "merged"))
    assert status == 1, out + err
    merged = report_of(tmp_path / "merged")
    assert merged == report_of(tmp_path / "single")
    assert vectors_of(tmp_path / "merged") == vectors_of(tmp_path / "single")
    assert {finding["signature"]: finding["count"] for finding in merged["findings"]} == counted_one_by_one(90, 11)
    assert merged["hands_played"] == 90 and merged["campaign"]["parts"] == "all" and merged["complete"]


def test_a_campaign_killed_with_sigkill_resumes_to_the_uninterrupted_report(tmp_path: Path) -> None:
    arguments = ["fuzz", "--engine", TWO_DEPARTURES, "--hands", "300", "--seed", "2"]
    folder = tmp_path / "killed"
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "ginspec", *arguments, "--report-dir", str(folder)], cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    progress = folder / "progress.json"
    done = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        try:
            done = json.loads(progress.read_text(encoding="utf-8"))["chunks_done"]
        except (OSError, ValueError):
            done = 0
        if done >= 1:
            break
        time.sleep(0.005)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL and 1 <= done < 3, "killed part-way through"
    recorded = json.loads(progress.read_text(encoding="utf-8"))
    assert recorded["chunks_done"] < 3 and recorded["tally"]["hands"] == 100 * recorded["chunks_done"]
    assert run(*arguments, "--report-dir", str(folder))[0] == 2, "a folder holding a campaign is not overwritten unasked"
    assert run(*arguments, "--resume", "--report-dir", str(folder))[0] == 1
    assert run(*arguments, "--report-dir", str(tmp_path / "whole"))[0] == 1
    assert report_of(folder) == report_of(tmp_path / "whole")
    assert report_of(folder)["hands_played"] == 300
    assert {finding["signature"]: finding["count"] for finding in report_of(folder)["findings"]} == counted_one_by_one(300, 2)


def test_two_processes_give_the_report_of_one(tmp_path: Path) -> None:
    arguments = ["fuzz", "--engine", TWO_DEPARTURES, "--hands", "150", "--seed", "4"]
    assert run(*arguments, "--jobs", "2", "--report-dir", str(tmp_path / "two"))[0] == 1
    assert run(*arguments, "--jobs", "1", "--report-dir", str(tmp_path / "one"))[0] == 1
    assert report_of(tmp_path / "two") == report_of(tmp_path / "one")


@pytest.mark.parametrize(
    "arguments, words",
    [
        (["--hands", "0"], "give 1 to 1000000000 hands"),
        (["--hands", "10", "--shard", "4/3"], "write I/K"),
        (["--hands", "10", "--jobs", "none"], "'none': give a number of processes"),
        (["--hands", "10", "--resume", "--report-dir", "{tmp}/nothing"], "does not exist; start the campaign without --resume"),
        (["--games", "3", "--variant", "three-player"], "a campaign plays games of two players or of one table"),
        (["--hands", "3", "--games", "3"], "give --hands or --games, not both"),
        (["--hands", "10", "--kind", "deadwood"], "leave out --kind"),
    ],
)
def test_bad_campaign_options_are_refused_in_one_line(tmp_path: Path, arguments: list[str], words: str) -> None:
    status, out, err = run("fuzz", "--engine", "reference", *[word.replace("{tmp}", str(tmp_path)) for word in arguments])
    assert status == 2 and words in err and err.count("\n") <= 2, err


def test_merge_refuses_shards_of_different_campaigns_or_the_same_shard_twice(tmp_path: Path) -> None:
    for seed, name in (("1", "a"), ("2", "b")):
        run("fuzz", "--engine", "reference", "--hands", "20", "--seed", seed, "--shard", "1/2", "--report-dir", str(tmp_path / name))
    status, _, err = run("fuzz", "merge", str(tmp_path / "a"), str(tmp_path / "b"), "--report-dir", str(tmp_path / "m"))
    assert status == 2 and "is another campaign (seed 2, not 1)" in err
    status, _, err = run("fuzz", "merge", str(tmp_path / "a"), str(tmp_path / "a"), "--report-dir", str(tmp_path / "m"))
    assert status == 2 and "shard 1/2 is given twice" in err
    status, _, err = run("fuzz", "merge", str(tmp_path / "nothing"), "--report-dir", str(tmp_path / "m"))
    assert status == 2 and "holds no campaign" in err


def _progress_file_chunks(progress: Path) -> int:
    try:
        return json.loads(progress.read_text(encoding="utf-8"))["chunks_done"]
    except (OSError, ValueError):
        return 0


def test_ctrl_c_leaves_a_partial_report_and_a_campaign_to_resume(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "ginspec", "fuzz", "--engine", "reference", "--hands", "6000", "--report-dir", str(folder)]
    process = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None and _progress_file_chunks(folder / "progress.json") < 1:
        time.sleep(0.005)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert report["complete"] is False and 100 <= report["hands_played"] < 6000
    assert report["hands_played"] == 100 * _progress_file_chunks(folder / "progress.json")
    assert "continue with --resume" in err


def test_a_terminal_shows_the_progress_line(tmp_path: Path) -> None:
    pty = pytest.importorskip("pty")
    pid, descriptor = pty.fork()
    if pid == 0:  # the child: the command, its standard error a terminal
        os.chdir(ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "ginspec", "fuzz", "--engine", "reference", "--hands", "200", "--report-dir", str(tmp_path / "c")])
    seen = b""
    while True:
        try:
            data = os.read(descriptor, 4096)
        except OSError:
            break
        if not data:
            break
        seen += data
    os.waitpid(pid, 0)
    text = seen.decode("utf-8", "replace")
    assert "200/200" in text and "hands/s" in text and "0 disagreements" in text, text


def test_an_engine_that_crashes_is_one_finding_and_the_campaign_goes_on(tmp_path: Path) -> None:
    status, out, err = run("fuzz", "--engine", "tests.engines.faulty:RaisesInAsk", "--hands", "30", "--report-dir", str(tmp_path / "c"))
    assert status == 1, out + err
    report = report_of(tmp_path / "c")
    [finding] = report["findings"]
    assert report["hands_played"] == finding["count"] == 30
    assert finding["signature"].startswith("round: no answer") and finding["vector"] is None
    assert not (tmp_path / "c" / "findings").exists()


def test_an_engine_behind_the_protocol_is_fuzzed_with_one_process_per_worker(tmp_path: Path) -> None:
    engine = f"exec:{sys.executable} -m ginspec.serve"
    status, out, err = run("fuzz", "--engine", engine, "--hands", "120", "--jobs", "2", "--report-dir", str(tmp_path / "c"))
    assert status == 0, out + err
    report = report_of(tmp_path / "c")
    assert (report["hands_played"], report["agreed"], report["campaign"]["engine"]) == (120, 120, engine)
