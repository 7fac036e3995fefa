"""Runs under a variant kept apart, and the options every command takes: reports named after engine
and variant, the variant and the written and derived cases in the heads, ``check --set``,
``check``/``replay``/``play --json``, ``ginspec cases``, and "did you mean" for a misspelt
parameter (README, "Run the suite" and "Ask about a hand")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ginspec.judging.report import markdown_report, report_stem
from tests.in_process import ginspec

MY_HOUSE = "extends: standard\nace_in_runs: low_or_high\nknock_limit: 5\n"


def test_reports_are_named_after_engine_and_variant() -> None:
    assert report_stem("reference", None) == "reference"
    assert report_stem("reference", "my-house") == "reference@my-house"
    assert report_stem("exec:./engine --fast", "oklahoma") == "exec_._engine_--fast@oklahoma"


def test_check_set_plays_the_variant_with_a_parameter_changed(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    done = ginspec("check", "--set", "knock_limit=5", "--only", "vectors", "--area", "knock", "--report", str(report), "--markdown", str(tmp_path / "r.md"))
    assert done.returncode == 0, done.stdout + done.stderr
    header = json.loads(report.read_text(encoding="utf-8"))["header"]
    assert header["variant"] == "standard-with-knock-limit-5" and header["house_variant"] is True
    head = done.stdout.splitlines()[:3]
    assert head[1] == "variant: standard-with-knock-limit-5 (house variant)"
    written, derived = (int(word) for word in head[2].replace(",", "").split() if word.isdigit())
    assert derived > 0 and written > 0  # a knock limit of 5 changes some knock answers, not all
    markdown = (tmp_path / "r.md").read_text(encoding="utf-8")
    assert f"Variant: **standard-with-knock-limit-5** (a house variant). Cases: {written} as written, {derived} derived" in markdown


def test_check_set_names_a_misspelt_parameter() -> None:
    done = ginspec("check", "--set", "knock_limt=5", "--only", "vectors")
    assert done.returncode == 2
    assert done.stderr == "ginspec: error: --set: unknown parameter 'knock_limt' (did you mean `knock_limit`?)\n"


def test_hand_set_names_a_misspelt_parameter() -> None:
    done = ginspec("hand", "Ac 2c 3c", "--set", "ace_in_run=low_or_high")
    assert done.returncode == 2
    assert "did you mean `ace_in_runs`?" in done.stderr


def test_check_json_is_the_report(tmp_path: Path) -> None:
    done = ginspec("check", "--only", "vectors", "--area", "melds", "--json", "--report", str(tmp_path / "r.json"))
    assert done.returncode == 0
    answer = json.loads(done.stdout)
    assert answer == json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert answer["footer"]["fail"] == 0 and answer["footer"]["total"] > 70


def test_play_and_replay_in_json(tmp_path: Path) -> None:
    played = ginspec("play", "--seed", "4", "--json", "--save", str(tmp_path / "hand.yaml"), stdin="1\n" * 200)
    assert played.returncode == 0, played.stderr
    transcript = json.loads(played.stdout)
    assert transcript["variant"] == "standard" and transcript["result"]["outcome"]
    assert "hand over" in played.stderr  # the game itself, away from the JSON
    replayed = ginspec("replay", str(tmp_path / "hand.yaml"), "--json")
    assert replayed.returncode == 0
    assert json.loads(replayed.stdout)["counts"] == {"ok": 1}


def test_cases_lists_each_derived_case_with_its_answer(tmp_path: Path) -> None:
    (tmp_path / "my-house.yaml").write_text(MY_HOUSE, encoding="utf-8")
    done = ginspec("cases", "--variant", "my-house.yaml", "--derived", "--area", "melds", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    cases = {case["id"]: case for case in json.loads(done.stdout)}
    assert all(case["origin"] == "derived" for case in cases.values())
    # Ad Jd Kd Qd: no run with the ace low only (melds-0063), J-Q-K-A with the ace high
    assert cases["melds-0063@my-house"]["expected"] == {"valid": True, "type": "run"}
    text = ginspec("cases", "--variant", "my-house.yaml", "--area", "melds", cwd=tmp_path)
    assert text.returncode == 0
    assert "melds-0063@my-house  meld  derived  " in text.stdout
    assert text.stdout.splitlines()[-1].startswith(f"{len(text.stdout.splitlines()) - 1} cases under my-house (house): ")


def test_markdown_head_of_a_plain_run() -> None:
    report = {
        "header": {"engine": "e", "engine_version": "1", "suite_version": "0", "created": "now", "capabilities": {"kinds": ["meld"]}, "variant": "as each case says"},
        "records": [],
        "footer": {"by_origin": {"written": {"total": 3}, "derived": {"total": 0}}},
    }
    assert "Variant: **as each case says**. Cases: 3 as written, 0 derived for the variant." in markdown_report(report, {})


PLAYING = ("check", "cases", "hand", "score", "play", "game", "replay", "fuzz")


def _options(command: str) -> set[str]:
    import argparse

    from ginspec.commands.main import _command_line

    for action in _command_line()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {option for item in action.choices[command]._actions for option in item.option_strings}
    raise AssertionError("no commands")


@pytest.mark.parametrize("command", PLAYING + ("variants", "coverage", "selftest"))
def test_the_options_the_readme_names(command: str) -> None:
    """README, "Ask about a hand": which command takes --variant, --variants, --set and --json."""
    options = _options(command)
    if command in PLAYING:
        assert {"--variant", "--variants"} <= options
        assert ("--set" in options) == (command not in ("cases", "replay"))
    assert ("--json" in options) == (command != "fuzz")


def test_the_readme_says_which_command_takes_which_option() -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    said = " ".join(readme.split())
    assert (
        "Every command that plays or checks a hand (`check`, `cases`, `hand`, `score`, `play`, `game`, `replay`, `fuzz`) "
        "takes `--variant NAME` or `--variant PATH.yaml` (a house variant of your own) and `--variants DIR`; all of them "
        "but `cases` and `replay` take `--set KEY=VALUE` to change one parameter, and all but `fuzz` take `--json`, as do "
        "`variants`, `coverage` and `selftest`."
    ) in said
