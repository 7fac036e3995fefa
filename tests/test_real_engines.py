"""The whole suite against the real engines, OpenSpiel and RLCard, through their adapters: every
departure must be one listed in expectations/ENGINE.yaml, and every listed one must still happen.

``ginspec check`` runs in the test process (:mod:`tests.in_process`): what is checked is the
verdict of the command, its exit status and closing line, not the starting of a program."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from tests.in_process import ginspec

ENGINES = {"openspiel": "pyspiel", "rlcard": "rlcard"}


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_the_suite_agrees_with_the_expectation_file(engine: str, tmp_path: Path) -> None:
    if importlib.util.find_spec(ENGINES[engine]) is None:
        pytest.skip(f"{engine} is not installed: pip install -e \".[{engine}]\"")
    result = ginspec("check", "--engine", engine, "--report", str(tmp_path / f"{engine}.json"))
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert re.fullmatch(r"\d+ passed, 0 failed, \d+ expected failures?, \d+ unsupported", result.stdout.strip().splitlines()[-1])
