"""``ginspec variants``: the list, ``show`` and ``diff``, called through a parser built here."""

from __future__ import annotations

import argparse
import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from ginspec.errors import InvalidVariant, SuiteError, UsageError
from ginspec.suite.variants import load_variants, parameter_schemas
from ginspec.commands.variants import add_variant_commands
from ginspec.suite.yamlio import SAFE_LOADER

ROOT = Path(__file__).resolve().parent.parent


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="ginspec")
    commands = main.add_subparsers(dest="command", required=True)
    add_variant_commands(commands)
    return main


def run(*argv: str) -> tuple[int, str]:
    args = parser().parse_args(list(argv))
    out = io.StringIO()
    status = args.handler(args, out)
    return status, out.getvalue()


def run_json(*argv: str) -> Any:
    status, text = run(*argv, "--json")
    assert status == 0
    return json.loads(text)


# ----------------------------------------------------------------------------- list


def test_list_names_every_variant_with_its_parent_and_authority() -> None:
    status, text = run("variants")
    assert status == 0
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["name", "extends", "authoritative"]
    rows = {line.split()[0]: line.split() for line in lines[1:]}
    assert set(rows) == set(load_variants())
    assert rows["standard"][1:3] == ["-", "yes"]
    assert rows["oklahoma-ace-one"][1:3] == ["oklahoma", "yes"]
    assert rows["house-s002"][1:3] == ["standard", "no"]
    assert "Oklahoma gin" in next(line for line in lines if line.startswith("oklahoma "))


def test_list_in_json() -> None:
    rows = {row["name"]: row for row in run_json("variants")}
    assert rows["standard"] == {
        "name": "standard",
        "title": load_variants()["standard"].title,
        "extends": None,
        "authoritative": True,
        "house": False,
        "path": "spec/variants/standard.yaml",
    }
    assert rows["house-s003-three"]["extends"] == "house-s003"
    assert rows["house-s003"]["authoritative"] is False


# ----------------------------------------------------------------------------- show


def test_show_marks_what_the_variant_sets_and_where_the_rest_comes_from() -> None:
    status, text = run("variants", "show", "oklahoma-ace-one")
    assert status == 0
    assert text.startswith("oklahoma-ace-one: Oklahoma gin")
    assert "extends:        oklahoma -> standard" in text
    lines = {line[2:].split()[0]: line for line in text.splitlines() if line[:2] in ("* ", "  ") and line[2:3].isalpha()}
    assert lines["oklahoma_ace"].startswith("* ")
    assert lines["oklahoma_ace"].split()[1:4] == ["oklahoma_ace", "one", "oklahoma-ace-one"]
    assert lines["spade_double"].split()[:3] == ["spade_double", "true", "oklahoma"]
    assert lines["gin_bonus"].split()[:3] == ["gin_bonus", "25", "standard"]
    assert "(OKLA-ACE)" in lines["oklahoma_ace"], "the schema's description of the parameter is shown"
    assert f"1 of {len(parameter_schemas())} parameters" in text


def test_show_lists_every_parameter_of_the_schema() -> None:
    _, text = run("variants", "show", "standard")
    for name in parameter_schemas():
        assert f" {name} " in text
    assert "authoritative:  yes" in text


def test_show_says_when_a_variant_is_not_authoritative() -> None:
    _, text = run("variants", "show", "house-s002")
    assert "authoritative:  no" in text
    assert "sources:        S002, RT-KNOCK" in text


def test_show_in_json() -> None:
    answer = run_json("variants", "show", "house-s003-three")
    assert answer["chain"] == ["house-s003-three", "house-s003", "standard"]
    assert answer["authoritative"] is False
    assert set(answer["parameters"]) == set(parameter_schemas())
    assert answer["parameters"]["players"] == {
        "value": 3,
        "own": True,
        "set_by": "house-s003-three",
        "description": parameter_schemas()["players"]["description"],
    }
    assert answer["parameters"]["hand_size"]["value"] == 7
    assert answer["parameters"]["hand_size"]["set_by"] == "house-s003"
    assert answer["parameters"]["knock_limit"]["set_by"] == "standard"
    assert answer["parameters"]["knock_limit"]["own"] is False


# ----------------------------------------------------------------------------- diff


def test_diff_shows_only_the_parameters_that_differ_side_by_side() -> None:
    status, text = run("variants", "diff", "standard", "classic")
    assert status == 0
    rows = [line.split() for line in text.splitlines()]
    assert rows[0] == ["parameter", "standard", "classic"]
    assert rows[1:] == [
        ["gin_bonus", "25", "20"],
        ["big_gin", "true", "false"],
        ["undercut_bonus", "25", "10"],
        ["box_bonus", "25", "20"],
        ["shutout", "double_total", "double_game_bonus"],
    ]


def test_diff_follows_extends_chains() -> None:
    answer = run_json("variants", "diff", "standard", "oklahoma-ace-one")
    assert {entry["parameter"]: (entry["a"], entry["b"]) for entry in answer["differences"]} == {
        "oklahoma": (False, True),
        "oklahoma_ace": ("gin_only", "one"),
        "spade_double": (False, True),
        "game_target": (100, 150),
    }
    assert (answer["a"], answer["b"]) == ("standard", "oklahoma-ace-one")


def test_diff_of_a_variant_with_itself() -> None:
    status, text = run("variants", "diff", "hollywood", "hollywood")
    assert status == 0
    assert text.startswith("no differences")
    assert run_json("variants", "diff", "hollywood", "hollywood")["differences"] == []


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "argv",
    [
        ("variants", "show", "okla"),
        ("variants", "diff", "standard", "okla"),
        ("variants", "diff", "okla", "standard"),
        ("variants", "show", "okla", "--json"),
    ],
)
def test_an_unknown_name_is_an_error_listing_the_known_names(argv: tuple[str, ...]) -> None:
    with pytest.raises(InvalidVariant) as error:
        run(*argv)
    message = str(error.value)
    assert "unknown variant 'okla'" in message
    for name in load_variants():
        assert name in message
    assert "\n" not in message
    assert isinstance(error.value, SuiteError) and not isinstance(error.value, UsageError)


@pytest.mark.parametrize("argv", [("variants", "show"), ("variants", "diff", "standard"), ("variants", "drop")])
def test_a_malformed_command_line_is_refused_by_the_parser(argv: tuple[str, ...]) -> None:
    with pytest.raises(SystemExit) as stop:
        parser().parse_args(list(argv))
    assert stop.value.code == 2


def test_every_parser_added_has_a_handler() -> None:
    for argv in (["variants"], ["variants", "show", "standard"], ["variants", "diff", "standard", "classic"]):
        args = parser().parse_args(argv)
        assert callable(args.handler)


# ----------------------------------------------------------------------------- the worked example


def _blocks(text: str, language: str) -> list[str]:
    fence = "```"
    return re.findall(rf"{fence}{language}\n(.*?){fence}", text, flags=re.S)


def test_the_worked_example_in_variants_md_loads_and_diffs_as_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    guide = (ROOT / "spec" / "variants.md").read_text(encoding="utf-8")
    [example] = _blocks(guide, "yaml")
    [shown] = _blocks(guide, "text")
    shutil.copytree(ROOT / "spec" / "variants", tmp_path / "spec" / "variants")
    shutil.copytree(ROOT / "spec" / "schema", tmp_path / "spec" / "schema")
    name = yaml.load(example, Loader=SAFE_LOADER)["name"]
    (tmp_path / "spec" / "variants" / f"{name}.yaml").write_text(example, encoding="utf-8")
    monkeypatch.setenv("GINSPEC_ROOT", str(tmp_path))
    variants = load_variants()
    assert variants[name].extends == "classic"
    status, text = run("variants", "diff", "classic", name)
    assert status == 0
    assert text == shown
