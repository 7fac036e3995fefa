"""Which suite a run used (``ginspec --version``, report headers), where its data is read from,
and that a run which checks nothing is not a pass.

Commands run in this process (:mod:`tests.in_process`). This process remembers the hash of each
folder it has read, so a suite whose file is edited is a copy edited before anything reads it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.in_process import ginspec as ginspec_here

ROOT = Path(__file__).resolve().parent.parent
VERSION_LINE = re.compile(r"^ginspec (\S+), suite content (sha256:[0-9a-f]{16}), data in (.+)$")


def copy_of_suite(tmp_path: Path) -> Path:
    root = tmp_path / "suite"
    for folder in ("spec", "vectors", "features"):
        shutil.copytree(ROOT / folder, root / folder)
    return root


def version_of(result: subprocess.CompletedProcess[str]) -> tuple[str, str, str]:
    assert result.returncode == 0, result.stderr
    match = VERSION_LINE.match(result.stdout.strip())
    assert match, result.stdout
    return match.group(1), match.group(2), match.group(3)


def test_version_names_the_suite_and_the_hash_follows_the_vectors(tmp_path: Path) -> None:
    version, digest, where = version_of(ginspec_here("--version"))
    assert version != "unknown" and "checkout" in where
    root = copy_of_suite(tmp_path / "same")
    assert version_of(ginspec_here("--version", root=root))[1] == digest, "the same files give the same hash"
    edited_root = copy_of_suite(tmp_path / "edited")
    melds = edited_root / "vectors" / "melds" / "sets.yaml"
    melds.write_text(melds.read_text(encoding="utf-8").replace("description:", "description: (edited)", 1), encoding="utf-8")
    _, edited, where = version_of(ginspec_here("--version", root=edited_root))
    assert edited != digest and "GINSPEC_ROOT" in where
    assert version_of(ginspec_here("--suite-root", str(edited_root), "--version"))[1] == edited


def test_a_folder_without_the_suite_is_refused_by_suite_root(tmp_path: Path) -> None:
    result = ginspec_here("--suite-root", str(tmp_path), "check")
    assert result.returncode == 2
    assert "no spec/ or vectors/ there" in result.stderr and "Traceback" not in result.stderr


def test_every_report_header_carries_the_version_and_the_hash(tmp_path: Path) -> None:
    _, digest, _ = version_of(ginspec_here("--version"))
    report, markdown = tmp_path / "r.json", tmp_path / "r.md"
    result = ginspec_here("check", "--area", "melds", "--only", "vectors", "--quiet", "--report", str(report), "--markdown", str(markdown))
    assert result.returncode == 0, result.stderr
    header = json.loads(report.read_text(encoding="utf-8"))["header"]
    assert header["suite_content"] == digest and header["suite_version"]
    assert digest in markdown.read_text(encoding="utf-8")


def test_an_unknown_case_id_exits_non_zero() -> None:
    result = ginspec_here("check", "--id", "no-such-case")
    assert result.returncode != 0
    assert "no-such-case" in result.stderr


def test_a_selection_that_matches_nothing_exits_non_zero_and_says_why(tmp_path: Path) -> None:
    # a rule of the registry that no case checks (shuffling is not machine-checkable)
    result = ginspec_here("check", "--rule", "DEAL-SHUFFLE-CUT", "--quiet", "--report", str(tmp_path / "r.json"))
    assert result.returncode == 1
    assert "nothing was checked: no case matches the selection (--rule DEAL-SHUFFLE-CUT)" in result.stderr


def test_a_suite_without_vectors_exits_non_zero_and_says_why(tmp_path: Path) -> None:
    root = tmp_path / "suite"
    (root / "vectors").mkdir(parents=True)
    (root / "features").mkdir()
    (root / "spec").symlink_to(ROOT / "spec")
    result = ginspec_here("check", "--quiet", "--report", str(tmp_path / "r.json"), root=root)
    assert result.returncode == 1
    assert "no vectors found" in result.stderr


def test_an_engine_that_answers_nothing_checks_nothing(tmp_path: Path) -> None:
    # the tie-scoring engine answers only score questions: the meld vectors are all unsupported
    result = ginspec_here("check", "--engine", "tests.engines.wrong:TieIsADraw", "--area", "melds", "--only", "vectors", "--quiet", "--report", str(tmp_path / "r.json"))
    assert result.returncode == 1
    assert "all 76 selected cases are unsupported" in result.stderr or "selected cases are unsupported" in result.stderr


def test_suite_root_holds_for_one_command_in_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``main(["--suite-root", PATH, ...])`` reads the suite at PATH for that command only: the
    caller's environment is as it was afterwards, so a later command (and the ``again`` it prints)
    does not inherit the root."""
    from ginspec.commands.main import main
    from ginspec.suite.paths import ROOT_VARIABLE

    monkeypatch.delenv(ROOT_VARIABLE, raising=False)
    assert main(["--suite-root", str(ROOT), "variants"]) == 0
    assert ROOT_VARIABLE not in os.environ
    monkeypatch.setenv(ROOT_VARIABLE, str(ROOT))
    assert main(["--suite-root", str(ROOT), "variants"]) == 0
    assert os.environ[ROOT_VARIABLE] == str(ROOT)
    capsys.readouterr()
