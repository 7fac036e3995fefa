"""Differential fuzzing finds a planted bug, shrinks it, and writes a vector the suite can load;
against the reference engine itself it finds nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

from ginspec.adapters.reference import ReferenceAdapter
from ginspec.fuzz import fuzz_kind
from ginspec.variants import get_variant
from ginspec.vectors import load_vector_file
from tests.oracle import melds as oracle_melds

STANDARD = dict(get_variant("standard").parameters)


def test_a_planted_bug_is_found_shrunk_and_written(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ginspec", "fuzz", "--engine", "tests.engines.wrong:AceCountsEleven", "--kind", "deadwood", "--examples", "300", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    [path] = list((tmp_path / "deadwood").glob("*.yaml"))
    [vector] = load_vector_file(path)
    hand = vector.input["hand"].split()
    assert any(card.startswith("A") for card in hand), "the disagreement needs an unmelded ace"
    assert vector.expected["deadwood"] == oracle_melds.least_deadwood(hand)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["vectors"][0]["provenance"] == "fuzz"


def test_the_reference_engine_agrees_with_itself() -> None:
    for kind in ("deadwood", "discard", "knock", "layoff", "score", "round"):
        assert fuzz_kind(kind, ReferenceAdapter(), STANDARD, examples=15, seed=1) is None
