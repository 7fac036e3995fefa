"""The command printed to run a failing case again (``again:``) reproduces it exactly, run as
printed (read by a POSIX shell's rules) from the folder the run was started in, outside the
checkout: a vector derived for the run's variant, a scenario, each finding's smallest case and a
campaign's finding, under a shipped variant with ``--set`` and under a house variant's file,
against a deliberately wrong engine (a miniature, also behind the protocol with spaces in its
command). The case fails again, with the same ID."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ginspec.commands.main import _command_line, main
from ginspec.judging.again import RunOptions, again_command, run_options, split_variant
from ginspec.suite.house_options import variant_options

MINIATURE = "miniature:ace-counts-eleven"
"""Counts an ace 11 points of deadwood (CARD-VALUES): it fails scoring vectors and scenarios."""
SERVED = f"exec:{sys.executable} -m ginspec.serve --engine {MINIATURE}"
"""The same miniature behind the JSON-lines protocol: an engine command with spaces in it."""
HOUSE = """\
name: house
title: A house game
description: The standard game with a gin bonus of 30.
extends: standard
sources: []
parameters:
  gin_bonus: 30
"""
RUNS = {
    "shipped": (MINIATURE, ["--variant", "classic", "--set", "undercut_bonus=20"]),
    "house-file": (SERVED, ["--variant", "rules/house.yaml"]),
}
HOUSE_FOLDER = (MINIATURE, ["--variants", "rules", "--variant", "house"])
"""A house variant named from the project's folder of variants (checked on a vector only: a
scenario and a campaign repeat the same options the same way)."""
VECTORS = ["--only", "vectors", "--rule", "SCORE-UNDERCUT-TIE"]
SCENARIOS = ["--only", "features", "--area", "scoring"]
CLOSING_ONE_FAILED = "0 passed, 1 failed, 0 expected failures, 0 unsupported"


def _environment() -> dict[str, str]:
    """A user's environment: no suite root and no house variants named by the test run."""
    return {name: value for name, value in os.environ.items() if not name.startswith(("GINSPEC_ROOT", "GINSPEC_VARIANT"))}


def _run(words: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    """``ginspec WORDS...`` in ``folder``, as the shell would start it."""
    assert words[0] == "ginspec", words
    return subprocess.run([sys.executable, "-m", "ginspec", *words[1:]], cwd=folder, env=_environment(), capture_output=True, text=True, timeout=600)


def _printed_agains(output: str) -> dict[str, str]:
    """Each failing case drawn in full in a terminal summary, and the ``again`` printed under it."""
    found: dict[str, str] = {}
    case = None
    for line in output.splitlines():
        if line.startswith("FAIL "):
            case = re.sub(r" \([^()]*\)$", "", line[len("FAIL "):])
        elif line.startswith("  again:") and case is not None:
            found[case] = line.partition("again:")[2].strip()
            case = None
    return found


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A project folder outside the checkout with a house variant's file in it."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "house.yaml").write_text(HOUSE, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("name", [*sorted(RUNS), "house-folder"])
def test_every_printed_again_of_check_fails_the_same_case_again(folder: Path, name: str) -> None:
    engine, variant = RUNS.get(name, HOUSE_FOLDER)
    selections = [VECTORS, SCENARIOS] if name in RUNS else [VECTORS]
    chosen: dict[str, str] = {}
    for selection in selections:
        first = _run(["ginspec", "check", "--engine", engine, *variant, *selection, "--markdown", "first.md", "--junit-xml", "first.xml"], folder)
        assert first.returncode == 1, first.stdout[-2000:] + first.stderr
        printed = _printed_agains(first.stdout)
        finding = re.search(r"^     again: (.*)$", first.stdout, re.M)
        assert finding is not None and finding.group(1) in printed.values(), first.stdout[:3000]
        derived = [case for case in printed if split_variant(case)[1]]
        assert derived, f"no case derived for the variant drawn in full: {sorted(printed)}"
        case = next((case for case in derived if printed[case] == finding.group(1)), derived[0])  # the finding's, where derived
        chosen[case] = printed[case]
        markdown = (folder / "first.md").read_text(encoding="utf-8")
        assert printed[case] in markdown and finding.group(1) in markdown
        assert finding.group(1).replace("&", "&amp;") in (folder / "first.xml").read_text(encoding="utf-8")
    assert [any(".feature: " in case for case in chosen), any(".feature: " not in case for case in chosen)] == [SCENARIOS in selections, True]
    for case, command in chosen.items():
        words = shlex.split(command)
        assert words[words.index("--engine") + 1] == engine
        again = _run(words, folder)
        assert again.returncode == 1, (command, again.stdout[-2000:], again.stderr)
        assert f"\nFAIL {case} (" in again.stdout, (command, again.stdout[-3000:])
        assert again.stdout.rstrip().endswith(CLOSING_ONE_FAILED), (command, again.stdout[-500:])


@pytest.mark.parametrize("name", sorted(RUNS))
def test_the_again_of_a_campaign_finding_plays_its_hand_and_departs_the_same_way(folder: Path, name: str) -> None:
    engine, variant = RUNS[name]
    campaign = _run(["ginspec", "fuzz", "--engine", engine, *variant, "--hands", "30", "--report-dir", "campaign"], folder)
    assert campaign.returncode == 1, campaign.stdout[-2000:] + campaign.stderr
    finding = json.loads((folder / "campaign" / "report.json").read_text(encoding="utf-8"))["findings"][0]
    assert f"again: {finding['again']}" in campaign.stdout
    words = shlex.split(finding["again"])
    assert words[words.index("--engine") + 1] == engine and words[words.index("--replay-index") + 1] == str(finding["shortest"]["index"])
    again = _run(words, folder)
    assert again.returncode == 1, (finding["again"], again.stdout[-2000:], again.stderr)
    departure = re.search(r"^# .* departs: (.*)$", again.stdout, re.M)
    assert departure is not None and departure.group(1) in finding["signatures"], again.stdout[-1500:]


def test_a_scenario_is_chosen_by_its_case_id_and_a_wrong_one_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--id", "game/no-such.feature: A game", "--quiet"]) == 2
    assert "--id 'game/no-such.feature: A game': no such scenario (no feature file 'game/no-such.feature'" in capsys.readouterr().err
    assert main(["check", "--id", "game/bonuses.feature: No such game", "--quiet"]) == 2
    assert "none named 'No such game' in game/bonuses.feature" in capsys.readouterr().err
    example = "game/bonuses.feature: Extra boxes for gin, big gin and the undercut [no-such-example]"
    assert main(["check", "--id", example, "--quiet"]) == 2
    assert f"--id {example!r}: no such scenario" in capsys.readouterr().err
    derived = "game/bonuses.feature: A worked game @hollywood"
    assert main(["check", "--id", derived, "--quiet"]) == 2
    assert "a case derived for hollywood: give --id 'game/bonuses.feature: A worked game' under that variant" in capsys.readouterr().err
    assert main(["check", "--id", "scoring-0031@house", "--quiet"]) == 2
    assert "--id 'scoring-0031@house': no such vector (a case derived for house: give --id 'scoring-0031' under that variant)" in capsys.readouterr().err
    assert main(["check", "--id", "game/bonuses.feature: A worked game", "--quiet", "--report", os.devnull, "--force"]) == 0
    assert capsys.readouterr().out.strip() == "1 passed, 0 failed, 0 expected failures, 0 unsupported"


def test_the_run_s_options_are_kept_as_typed(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)
    monkeypatch.delenv("GINSPEC_ROOT", raising=False)
    args = _command_line().parse_args(["check", "--engine", SERVED, "--variant", "rules/house.yaml", "--set", "knock_limit=5", "--timeout", "7.5"])
    with variant_options(args):
        assert args.variant == "house"  # the name the run plays: no command resolves it
        typed = run_options(args)
    assert typed == RunOptions(SERVED, "rules/house.yaml", None, ("knock_limit=5",), None, 7.5, None)
    command = again_command("scoring-0031@house", typed)
    assert shlex.split(command) == [
        "ginspec", "check", "--engine", SERVED, "--id", "scoring-0031", "--variant", "rules/house.yaml", "--set", "knock_limit=5", "--timeout", "7.5"
    ]
    monkeypatch.setenv("GINSPEC_ROOT", "../my checkout")
    args = _command_line().parse_args(["check", "--variants", "my variants", "--variant", "house", "--engine", "mod.adapter:Engine"])
    scenario = "melds/x.feature: Don't split [Ac 2c] @house"
    assert shlex.split(again_command(scenario, run_options(args))) == [
        "ginspec", "--suite-root", "../my checkout", "check", "--engine", "mod.adapter:Engine", "--id", scenario[: -len(" @house")],
        "--variant", "house", "--variants", "my variants",
    ]


def test_with_the_engine_alone_a_derived_case_is_run_under_the_variant_it_names() -> None:
    assert split_variant("DW-001@openspiel") == ("DW-001", "openspiel")
    assert split_variant("melds/x.feature: A run [Ac 2c] @rlcard") == ("melds/x.feature: A run [Ac 2c]", "rlcard")
    assert split_variant("DW-001") == ("DW-001", None)
    assert again_command("scoring-0051@oklahoma", "exec:./my engine") == "ginspec check --engine 'exec:./my engine' --id scoring-0051 --variant oklahoma"
