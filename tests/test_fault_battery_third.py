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

from tests.test_fault_battery import REPO, Fault, Outcome, _restore_root, engine_script, run, suite_copy

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


# ----------------------------------------------------------------------------- the battery


@pytest.mark.parametrize("case", FAULTS, ids=lambda case: f"{case.category}-{case.name}")
def test_fault(case: Fault, tmp_path: Path) -> None:
    outcome = case.make(tmp_path)
    assert "Traceback" not in outcome.text, outcome.text[-3000:]
    assert outcome.status == case.status, f"exit status {outcome.status}, documented {case.status}:\n{outcome.text[-3000:]}"
    for word in case.expect:
        assert word in outcome.text, f"{word!r} not in:\n{outcome.text[-3000:]}"
    if case.status == 2:
        errors = [line for line in outcome.err.splitlines() if line.startswith("ginspec") and ": error: " in line]
        assert len(errors) == 1 and len(outcome.err.strip().splitlines()) == 1 and len(errors[0]) < 600, outcome.err[-2000:]
