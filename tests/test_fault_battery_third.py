"""The fault battery, third part: fuzz campaigns (resumed, merged, written to folders, played over
several processes), duplicate keys in every YAML file the suite reads, ``variants check`` and the
selection of ``cases``. The same contract as ``tests/test_fault_battery.py``: a per-case verdict or
one line naming the file, the field or the option and the token, with the documented exit status;
never a traceback, a hang, a silent acceptance or an exit 0 after a lie."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

from ginspec.suite import variants
from tests.test_fault_battery import REPO, Fault, Outcome, _restore_root, engine_script, run, suite_copy
from tests.test_fault_battery import test_fault as judged  # the battery's verdict on one fault (not collected here under this name)
from tests.test_fault_battery_newer import read_only

__all__ = ["_restore_root"]  # the battery's fixture: each fault's suite root and caches put back

FAULTS: list[Fault] = []

HAND = "Ac 2c 3c 7d 7h 7s Ts Js Qs Kd"


def fault(category: str, status: int, *expect: str) -> Callable[[Callable[[Path], Outcome]], Callable[[Path], Outcome]]:
    def register(make: Callable[[Path], Outcome]) -> Callable[[Path], Outcome]:
        FAULTS.append(Fault(category, make.__name__, status, expect, make))
        return make

    return register


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def house(folder: Path, name: str, extends: str, parameters: str = "{}") -> Path:
    return write(folder / f"{name}.yaml", f"name: {name}\ntitle: {name}\nextends: {extends}\nparameters: {parameters}\n")


# ----------------------------------------------------------------------------- duplicate keys


@fault("yaml", 1, "knock_limit", "line 6", "set twice", "1 with problems")
def variant_check_refuses_a_key_set_twice(tmp: Path) -> Outcome:
    write(tmp / "v" / "twice.yaml", "name: twice\ntitle: twice\nextends: standard\nparameters:\n  knock_limit: 8\n  knock_limit: 5\n")
    return run("variants", "check", str(tmp / "v"))


@fault("yaml", 2, "twice.yaml", "'parameters'", "line 5")
def variant_played_with_a_key_set_twice(tmp: Path) -> Outcome:
    write(tmp / "twice.yaml", "name: twice\ntitle: twice\nextends: standard\nparameters: {knock_limit: 8}\nparameters: {knock_limit: 5}\n")
    return run("hand", "--variant", str(tmp / "twice.yaml"), HAND)


@fault("yaml", 2, "twice.yaml", "'expected'", "line 9")
def vector_with_a_key_set_twice(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    write(root / "vectors" / "deadwood" / "twice.yaml", (
        "area: deadwood\ndescription: twice\nvectors:\n  - id: deadwood-9001\n    rules: [DEADWOOD-COUNT]\n    kind: deadwood\n"
        "    input: {hand: [Ac, 2c, 3c, 7d, 7h, 7s, Ts, Js, Qs, Kd]}\n    expected: {deadwood: 10}\n    expected: {deadwood: 0}\n"
    ))
    return run("check", "--only", "vectors", "--report", str(tmp / "report.json"))


def _transcript(tmp: Path, *how: str) -> str:
    made = run("fuzz", "--engine", "reference", "--seed", "3", "--replay-index", "1", *how)
    assert made.status == 0, made.text
    return "\n".join(line for line in made.out.splitlines() if not line.startswith("#")) + "\n"


@fault("yaml", 2, "hand.yaml", "'variant'", "set twice")
def transcript_with_a_key_set_twice(tmp: Path) -> Outcome:
    text = _transcript(tmp)
    write(tmp / "hand.yaml", text + "variant: oklahoma\n")
    return run("replay", str(tmp / "hand.yaml"))


@fault("yaml", 2, "game.yaml", "'variant'", "set twice")
def saved_game_with_a_key_set_twice(tmp: Path) -> Outcome:
    text = _transcript(tmp, "--games", "1")
    write(tmp / "game.yaml", text + "variant: oklahoma\n")
    return run("game", str(tmp / "game.yaml"))


@fault("yaml", 2, "known.yaml", "'departures'", "line 3")
def expectation_file_with_a_key_set_twice(tmp: Path) -> Outcome:
    write(tmp / "known.yaml", "engine: reference\ndepartures: []\ndepartures: []\n")
    return run("check", "--only", "vectors", "--id", "deadwood-0001", "--expectations", str(tmp / "known.yaml"), "--report", str(tmp / "r.json"))


# ----------------------------------------------------------------------------- variants check


@fault("variants", 0, "house-b.yaml: ok", "2 variant file(s) checked, 0 with problems")
def variant_check_resolves_extends_within_its_folder(tmp: Path) -> Outcome:
    house(tmp / "v", "house-a", "standard", "{knock_limit: 8}")
    house(tmp / "v", "house-b", "house-a", "{gin_bonus: 30}")
    return run("variants", "check", str(tmp / "v"))


@fault("variants", 1, "in a cycle (cyc-a -> cyc-b -> cyc-a)", "2 with problems")
def variant_check_reports_a_cycle_as_a_cycle(tmp: Path) -> Outcome:
    house(tmp / "v", "cyc-a", "cyc-b")
    house(tmp / "v", "cyc-b", "cyc-a")
    outcome = run("variants", "check", str(tmp / "v"))
    assert "unknown" not in outcome.text, outcome.text
    return outcome


@fault("variants", 1, "in a cycle (self -> self)")
def variant_check_reports_a_variant_extending_itself(tmp: Path) -> Outcome:
    house(tmp / "v", "self", "self")
    return run("variants", "check", str(tmp / "v" / "self.yaml"))


# ----------------------------------------------------------------------------- cases


@fault("cases", 2, "--id 'NOSUCH': no such vector")
def cases_unknown_id(tmp: Path) -> Outcome:
    return run("cases", "--id", "NOSUCH")


@fault("cases", 2, "--area 'NOSUCH': no such rule area")
def cases_unknown_area(tmp: Path) -> Outcome:
    return run("cases", "--area", "NOSUCH")


@fault("cases", 2, "--rule 'NOSUCH': no such rule ID")
def cases_unknown_rule(tmp: Path) -> Outcome:
    return run("cases", "--rule", "NOSUCH")


@fault("cases", 0, "deadwood-0001", "1 cases under standard")
def cases_known_id_is_listed(tmp: Path) -> Outcome:
    return run("cases", "--id", "deadwood-0001")


# ----------------------------------------------------------------------------- campaigns

TWO_DEPARTURES = "tests.engines.two_departures:TwoDepartures"


def campaign(folder: Path, *options: str, engine: str = "reference") -> Outcome:
    return run("fuzz", "--engine", engine, "--hands", "200", "--seed", "4", *options, "--report-dir", str(folder))


def edit_progress(folder: Path, change: Callable[[dict], object]) -> None:
    path = folder / "progress.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(json.dumps(document), encoding="utf-8")


@fault("campaigns", 2, "--resume", "progress.json", "chunks_done", "minimum of 0")
def resume_with_a_chunk_count_below_zero(tmp: Path) -> Outcome:
    assert campaign(tmp / "c").status == 0
    edit_progress(tmp / "c", lambda document: document.update(chunks_done=-1))
    return campaign(tmp / "c", "--resume")


@fault("campaigns", 2, "--resume", "tally.hands: 100, but 2 chunk(s) done hold 200")
def resume_with_a_tally_of_other_hands(tmp: Path) -> Outcome:
    assert campaign(tmp / "c").status == 0
    edit_progress(tmp / "c", lambda document: document["tally"].update(hands=100, agreed=100))
    return campaign(tmp / "c", "--resume")


@fault("campaigns", 2, "--resume", "records another campaign", "variant 'house' played with knock_limit=8, not 5")
def resume_under_an_edited_house_variant(tmp: Path) -> Outcome:
    variant = house(tmp, "house", "standard", "{knock_limit: 8}")
    assert campaign(tmp / "c", "--variant", str(variant)).status == 0
    house(tmp, "house", "standard", "{knock_limit: 5}")
    variants._catalogue.cache_clear()  # the file is read again, as by a new process
    return campaign(tmp / "c", "--variant", str(variant), "--resume")


@fault("campaigns", 2, "--resume", "records no parameters of its variant", "--force")
def resume_a_file_without_the_variants_parameters(tmp: Path) -> Outcome:
    assert campaign(tmp / "c").status == 0
    edit_progress(tmp / "c", lambda document: [document["campaign"].pop(key) for key in ("parameters", "digest")])
    return campaign(tmp / "c", "--resume")


@fault("campaigns", 2, "--resume", "seconds: nan is not a number of seconds")
def resume_with_seconds_that_are_not_a_number(tmp: Path) -> Outcome:
    assert campaign(tmp / "c").status == 0
    edit_progress(tmp / "c", lambda document: document.update(seconds=float("nan")))  # json writes NaN, and reads it back
    return campaign(tmp / "c", "--resume")


def shards(tmp: Path, *variants: Path, count: int = 2, engine: str = "reference") -> list[str]:
    """The folders of shards 1/count, 2/count... of one campaign (shard i under ``variants[i]``, if given)."""
    folders = []
    for number in range(1, count + 1):
        folders.append(str(tmp / f"s{number}"))
        chosen = ["--variant", str(variants[number - 1])] if variants else []
        done = run("fuzz", "--engine", engine, "--hands", "60", "--seed", "4", "--shard", f"{number}/{count}", *chosen, "--report-dir", folders[-1])
        assert done.status == (0 if engine == "reference" else 1), done.text
    return folders


def merge(tmp: Path, *folders: str) -> Outcome:
    return run("fuzz", "merge", *folders, "--report-dir", str(tmp / "merged"))


@fault("campaigns", 2, "fuzz merge", "progress.json", "is damaged: the file: 'campaign' is a required property")
def merge_a_shard_without_its_campaign(tmp: Path) -> Outcome:
    folders = shards(tmp)
    edit_progress(Path(folders[1]), lambda document: document.pop("campaign"))
    return merge(tmp, *folders)


@fault("campaigns", 2, "fuzz merge", "is damaged: campaign.shard", "'two of two'")
def merge_a_shard_label_that_is_not_i_of_k(tmp: Path) -> Outcome:
    folders = shards(tmp)
    edit_progress(Path(folders[1]), lambda document: document["campaign"].update(shard="two of two"))
    return merge(tmp, *folders)


@fault("campaigns", 2, "fuzz merge", "is damaged: campaign.shard", "'0/2'")
def merge_a_shard_zero(tmp: Path) -> Outcome:
    folders = shards(tmp)
    edit_progress(Path(folders[1]), lambda document: document["campaign"].update(shard="0/2"))
    return merge(tmp, *folders)


@fault("campaigns", 2, "fuzz merge", "shard(s) 2/2 of the campaign are missing", "--partial")
def merge_with_a_shard_missing(tmp: Path) -> Outcome:
    folders = shards(tmp)
    return merge(tmp, folders[0])


@fault("campaigns", 2, "fuzz merge", "is another campaign", "variant 'house' played with knock_limit=5, not 8")
def merge_shards_of_two_house_files_of_one_name(tmp: Path) -> Outcome:
    first = house(tmp / "a", "house", "standard", "{knock_limit: 8}")
    second = house(tmp / "b", "house", "standard", "{knock_limit: 5}")
    return merge(tmp, *shards(tmp, first, second))


@fault("campaigns", 0, "60 hands of 60 (all) under house", "60 agree")
def merge_shards_of_a_house_variant_file(tmp: Path) -> Outcome:
    variant = house(tmp / "a", "house", "standard", "{knock_limit: 8}")
    folders = shards(tmp, variant, variant)
    variant.unlink()  # the shards record its parameters: merge needs no lookup
    outcome = merge(tmp, *folders)
    report = json.loads((tmp / "merged" / "report.json").read_text(encoding="utf-8"))
    assert report["complete"] and report["campaign"]["variant"] == "house", report["campaign"]
    return outcome


@fault("campaigns", 1, "60 hands of 60 (all) under house", "oracle unavailable")
def merge_findings_of_a_house_variant_file(tmp: Path) -> Outcome:
    """Findings under a house variant whose file is gone by the merge: the oracle, which reads the
    variant's file itself, is unavailable for them, and the merge plays the recorded parameters."""
    variant = house(tmp / "a", "house", "standard", "{knock_limit: 8}")
    folders = shards(tmp, variant, variant, engine=TWO_DEPARTURES)
    variant.unlink()
    outcome = merge(tmp, *folders)
    report = json.loads((tmp / "merged" / "report.json").read_text(encoding="utf-8"))
    assert report["findings"] and all(finding["oracle"].startswith("unavailable") for finding in report["findings"]), report["findings"]
    return outcome


@fault("campaigns", 2, "--report-dir", "is not a folder")
def report_folder_under_a_file(tmp: Path) -> Outcome:
    write(tmp / "file", "mine\n")
    return campaign(tmp / "file" / "c")


@fault("campaigns", 2, "--report-dir", "is not writable")
def report_folder_read_only(tmp: Path) -> Outcome:
    with read_only(tmp / "locked") as locked:
        return campaign(locked / "c")


@fault("campaigns", 2, "--report-dir", "findings'", "is a file")
def findings_folder_is_a_file(tmp: Path) -> Outcome:
    write(tmp / "c" / "findings", "mine\n")
    outcome = campaign(tmp / "c", engine=TWO_DEPARTURES)
    assert not (tmp / "c" / "progress.json").exists(), "refused before the first hand"
    return outcome


@fault("campaigns", 2, "fuzz merge --report-dir", "findings'", "is a file")
def merged_findings_folder_is_a_file(tmp: Path) -> Outcome:
    folders = shards(tmp)
    write(tmp / "merged" / "findings", "mine\n")
    return merge(tmp, *folders)


WRONG_TYPES = """
import json, subprocess, sys
inner = subprocess.Popen([sys.executable, "-m", "ginspec.serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    inner.stdin.write(line)
    inner.stdin.flush()
    if json.loads(line).get("type") == "stop":
        break
    reply = json.loads(inner.stdout.readline())
    answer = reply.get("answer")
    if reply.get("type") == "answer" and isinstance(answer, dict):
        for key in ("points", "knocker_deadwood", "defender_deadwood"):
            if key in answer:
                answer[key] = str(answer[key])
        for state in answer.get("checkpoints", {}).values():
            state["to_play"] = 1
    sys.stdout.write(json.dumps(reply) + "\\n")
    sys.stdout.flush()
"""


@fault("campaigns", 1, "20 disagree (20 of them engine errors", "The engine's answer breaks the protocol", "not of a rule")
def answers_of_the_wrong_types_are_engine_errors(tmp: Path) -> Outcome:
    engine = engine_script(tmp, WRONG_TYPES)
    outcome = run("fuzz", "--engine", engine, "--hands", "20", "--report-dir", str(tmp / "c"))
    report = json.loads((tmp / "c" / "report.json").read_text(encoding="utf-8"))
    assert report["engine_errors"] == report["disagreements"] == 20, report
    assert [(finding["grouped_by"], finding["rules"], finding["vector"]) for finding in report["findings"]] == [("engine error", [], None)]
    assert not list((tmp / "c").glob("findings/*/*.yaml")), "no vector is written for an engine error"
    return outcome


NO_STATES = WRONG_TYPES.replace('for key in ("points", "knocker_deadwood", "defender_deadwood"):', 'for key in ():').replace(
    'answer.get("checkpoints", {}).values()', '[answer.pop("checkpoints", {})]')


@fault("campaigns", 1, "after deal: the engine reported no state")
def finding_titled_from_the_judges_words(tmp: Path) -> Outcome:
    engine = engine_script(tmp, NO_STATES)
    outcome = run("fuzz", "--engine", engine, "--hands", "10", "--report-dir", str(tmp / "c"))
    titles = [finding["title"] for finding in json.loads((tmp / "c" / "report.json").read_text(encoding="utf-8"))["findings"]]
    assert titles and not any(title.endswith(": the") for title in titles), titles
    return outcome


@fault("campaigns", 2, "FailsInWorkers", "no licence for a second process")
def worker_that_cannot_start_its_engine(tmp: Path) -> Outcome:
    command = [sys.executable, "-m", "ginspec", "fuzz", "--engine", "tests.engines.faulty:FailsInWorkers", "--hands", "400", "--jobs", "2",
               "--report-dir", str(tmp / "c")]
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(command, cwd=REPO, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        process.communicate()
        raise AssertionError("the campaign went on without an engine") from None
    return Outcome(process.returncode, out, err)


# ----------------------------------------------------------------------------- the battery


@pytest.mark.parametrize("case", FAULTS, ids=lambda case: f"{case.category}-{case.name}")
def test_fault(case: Fault, tmp_path: Path) -> None:
    judged(case, tmp_path)


# ----------------------------------------------------------------------------- answers the judge cannot read


def test_an_answer_the_judge_cannot_read_is_an_engine_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer of the protocol's shapes that is still malformed inside (the judge raises on it) is
    an engine error, as ``check`` counts it (``judge_answer``: status ``error``), never a rule's
    departure; for a hand and for a game's score sheet alike."""
    from ginspec.adapters.reference import ReferenceAdapter
    from ginspec.detection.campaign import compare
    from ginspec.detection.campaign.compare import check_hand, is_engine_error
    from ginspec.detection.campaign.games import SCORE_PART, check_game, play_game
    from ginspec.detection.campaign.hands import play_hand
    from ginspec.judging import runner
    from reference_impl.rules import RoundRules

    from tests.engines.two_departures import TwoDepartures

    parameters = dict(variants.get_variant("standard").parameters)
    hand = play_hand(RoundRules.for_two_players(parameters), 3, 2)  # a hand TwoDepartures departs in

    def unreadable(*_: object) -> object:
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(compare, "judge_round", unreadable)
    outcome = check_hand(TwoDepartures(), frozenset(), parameters, hand)
    assert outcome.status == "disagree" and is_engine_error(outcome.signature), outcome
    assert outcome.problem.startswith("the answer cannot be judged: TypeError"), outcome.problem
    monkeypatch.undo()

    monkeypatch.setattr(runner, "judge_answer", lambda *_: ("error", "the answer cannot be judged: KeyError: 'p1'"))
    engine = ReferenceAdapter()
    game = play_game(parameters, 0, 0)
    outcome = check_game(engine, engine.capabilities(), parameters, game)
    assert outcome.status == "disagree" and outcome.part == SCORE_PART and is_engine_error(outcome.signature), outcome
