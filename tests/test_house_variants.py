"""House rules in a project of one's own: a variant file outside the suite, played by every command.

Each test runs ``python -m ginspec`` as a program in an empty folder, so that the suite is read as
an installed package reads it. By default the interpreter is this one (the checkout's, installed
editable); ``.ci/package`` runs the same tests with ``GINSPEC_HOUSE_PYTHON`` naming the interpreter
of a fresh virtual environment with the wheel installed, and then ``check`` plays every case
instead of three areas (``GINSPEC_HOUSE_FULL``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PYTHON = os.environ.get("GINSPEC_HOUSE_PYTHON", sys.executable)
INSTALLED = "GINSPEC_HOUSE_PYTHON" in os.environ
"""Whether the interpreter is a wheel's: then reports go to ./reports of the folder the command runs
in; an editable install would write them into the checkout, so they are sent there by --report."""
FULL = bool(os.environ.get("GINSPEC_HOUSE_FULL"))
SOME_AREAS = ("--only", "vectors", "--area", "melds", "--area", "deadwood", "--area", "layoff")

MY_HOUSE = "extends: standard\nace_in_runs: low_or_high\nknock_limit: 5\n"
BROKEN = "extends: standard\nknock_limt: 5\n"
HAND = "Qh Kh Ah 2c 3c 4c 7d 8d 9d 5s"
FIRST_MOVES = "1\n" * 200


def ginspec(folder: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m ginspec ARGS`` in ``folder``, reading the suite the interpreter has installed."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("GINSPEC_")}
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    return subprocess.run(
        [PYTHON, "-m", "ginspec", *args], cwd=folder, input=stdin, capture_output=True, text=True, timeout=900, env=environment
    )


def check_arguments(folder: Path, *variant: str) -> tuple[str, ...]:
    (folder / "reports").mkdir(exist_ok=True)
    report = () if INSTALLED else ("--report", str(folder / "reports" / f"reference{'@my-house' if variant else ''}.json"))
    return ("check", *variant, "--quiet", *report) if FULL else ("check", *variant, "--quiet", *report, *SOME_AREAS)


def report_of(folder: Path, name: str) -> dict:
    """A JSON report under ``reports/`` of ``folder``."""
    return json.loads((folder / "reports" / name).read_text(encoding="utf-8"))


def plays_the_house_rules(folder: Path, variant: str) -> None:
    """The done-when walk: check passes with derived cases, hand counts Q-K-A, score, play and
    replay answer under the variant."""
    checked = ginspec(folder, *check_arguments(folder, "--variant", variant))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert re.match(r"\d+ passed, 0 failed", checked.stdout.strip().splitlines()[-1]), checked.stdout
    if INSTALLED:  # named after engine and variant; the plain run's reports/reference.json is left alone
        assert sorted(path.name for path in (folder / "reports").iterdir()) == ["reference@my-house.json"]
    report = report_of(folder, "reference@my-house.json")
    assert report["header"]["variant"] == "my-house" and report["header"]["house_variant"] is True
    derived = report["footer"]["by_origin"]["derived"]
    assert derived["pass"] > 0, derived  # some the variant cannot pose are unsupported, none fails
    assert all(derived[status] == 0 for status in ("fail", "error", "timeout", "suite-error")), derived
    assert any(record["id"] == "deadwood-0049@my-house" and record["expected"]["deadwood"] == 24 for record in report["records"])

    hand = ginspec(folder, "hand", HAND, "--variant", variant)
    assert hand.returncode == 0, hand.stderr
    assert "deadwood:  5" in hand.stdout  # Q-K-A, 2-3-4 and 7-8-9 melded; the 5s left

    score = ginspec(folder, "score", "--knocker", HAND, "--defender", "Jh 5c 6c Kc Kd 8s 8h 2d 6d Qs", "--variant", variant, "--json")
    assert score.returncode == 0, score.stderr
    answer = json.loads(score.stdout)
    assert (answer["outcome"], answer["points"], answer["knocker_deadwood"], answer["defender_deadwood"]) == ("knock", 43, 5, 48)

    played = ginspec(folder, "play", "--variant", variant, "--seed", "4", "--save", "hand.yaml", stdin=FIRST_MOVES)
    assert played.returncode == 0, played.stderr
    assert "hand over" in played.stdout
    replayed = ginspec(folder, "replay", "hand.yaml", "--variant", variant, "--json")
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert json.loads(replayed.stdout)["counts"] == {"ok": 1}


def test_a_house_variant_file_in_an_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "my-house.yaml").write_text(MY_HOUSE, encoding="utf-8")
    plays_the_house_rules(tmp_path, "my-house.yaml")


def test_a_house_variant_in_the_folder_named_by_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "my-engine"\n\n[tool.ginspec]\nvariants = "gin-rules"\n', encoding="utf-8")
    (tmp_path / "gin-rules").mkdir()
    (tmp_path / "gin-rules" / "my-house.yaml").write_text(MY_HOUSE, encoding="utf-8")
    below = tmp_path / "src" / "engine"
    below.mkdir(parents=True)  # looked up from the current folder upwards
    plays_the_house_rules(below, "my-house")
    listed = ginspec(below, "variants")
    assert listed.returncode == 0
    assert any(line.startswith("my-house (house) ") for line in listed.stdout.splitlines())


def test_a_broken_variant_file_next_to_a_good_one(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.ginspec]\nvariants = "variants"\n', encoding="utf-8")
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "my-house.yaml").write_text(MY_HOUSE, encoding="utf-8")
    (tmp_path / "variants" / "broken.yaml").write_text(BROKEN, encoding="utf-8")

    checked = ginspec(tmp_path, *check_arguments(tmp_path))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    [note] = checked.stderr.strip().splitlines()
    assert "broken.yaml" in note and "left out" in note and "knock_limt" in note

    linted = ginspec(tmp_path, "variants", "check")
    assert linted.returncode == 1
    assert "broken.yaml: unknown key 'knock_limt' (did you mean `knock_limit`?)" in linted.stdout
    assert "my-house.yaml: ok" in linted.stdout

    used = ginspec(tmp_path, "hand", HAND, "--variant", "broken")
    assert used.returncode == 2
    assert used.stderr.count("\n") == 1, "one line"
    assert "broken.yaml" in used.stderr and "did you mean `knock_limit`?" in used.stderr and "unknown variant" not in used.stderr

    run = ginspec(tmp_path, "check", "--variant", "broken", "--quiet", *SOME_AREAS)
    assert run.returncode == 2
    assert run.stderr.strip().splitlines()[-1].endswith("broken.yaml: unknown key 'knock_limt' (did you mean `knock_limit`?)")
    assert "unknown variant" not in run.stderr

    good = ginspec(tmp_path, "hand", HAND, "--variant", "my-house")
    assert good.returncode == 0 and "deadwood:  5" in good.stdout
    assert "broken" in good.stderr and "left out" in good.stderr


@pytest.mark.parametrize("name", ["standard", "oklahoma"])
def test_a_house_variant_may_not_take_a_shipped_name(tmp_path: Path, name: str) -> None:
    (tmp_path / f"{name}.yaml").write_text(MY_HOUSE, encoding="utf-8")
    refused = ginspec(tmp_path, "hand", HAND, "--variant", f"{name}.yaml")
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1
    assert f"may not take the name of the shipped variant {name!r}" in refused.stderr
