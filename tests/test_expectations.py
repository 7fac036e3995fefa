"""Expectation files: known departures become expected-fail, a listed case that passes fails the run,
and --write-expectations drafts the file from the failures."""

from __future__ import annotations

import subprocess
from pathlib import Path

import yaml

from ginspec.suite.yamlio import SAFE_LOADER
from tests.in_process import ginspec


ENGINE = "tests.engines.wrong:TieIsADraw"
ROOT = Path(__file__).resolve().parent.parent

# Hand-worked: the knocker keeps Ac 2c 3c, 7d 7h 7s, Ts Js Qs and 6d (6). The defender melds
# 4h 5h 6h, 8c 8d 8s and 9c Tc Jc; his last card cannot go onto the knocker's melds.
KNOCKER = "Ac 2c 3c 7d 7h 7s Ts Js Qs 6d"
CASES = {
    "scoring-0901": ("6c", {"outcome": "undercut", "winner": "defender", "points": 25}),  # tie: 0 + 25
    "scoring-0902": ("Kd", {"outcome": "knock", "winner": "knocker", "points": 4}),  # 10 - 6
    "scoring-0903": ("Ad", {"outcome": "undercut", "winner": "defender", "points": 30}),  # 6 - 1 + 25
}


def suite(tmp_path: Path) -> Path:
    """A suite root with the real specification and three scoring vectors of its own."""
    root = tmp_path / "suite"
    (root / "vectors" / "scoring").mkdir(parents=True)
    (root / "features").mkdir()
    (root / "spec").symlink_to(ROOT / "spec")
    vectors = [
        {
            "id": case,
            "rules": ["SCORE-UNDERCUT-TIE"],
            "description": f"defender's last card {last}",
            "kind": "score",
            "input": {"knocker": KNOCKER, "defender": f"4h 5h 6h 8c 8d 8s 9c Tc Jc {last}"},
            "expected": expected,
        }
        for case, (last, expected) in CASES.items()
    ]
    document = {"area": "scoring", "description": "Ties.", "vectors": vectors}
    (root / "vectors" / "scoring" / "ties.yaml").write_text(yaml.safe_dump(document), encoding="utf-8")
    return root


def check(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``ginspec check --engine ENGINE ARGS`` on the suite at ``root``, run in this process."""
    return ginspec("check", "--engine", ENGINE, *args, root=root, cwd=ROOT)


def test_the_wrong_engine_fails_on_the_tie_and_drafts_its_expectations(tmp_path: Path) -> None:
    root = suite(tmp_path)
    draft = tmp_path / "expectations.yaml"
    result = check(root, "--expectations", str(draft), "--write-expectations", "--report", str(tmp_path / "r.json"))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "2 passed, 1 failed" in result.stdout
    drafted = yaml.load(draft.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    assert [entry["id"] for entry in drafted["departures"]] == ["scoring-0901"]
    assert drafted["departures"][0]["reason"].startswith("to classify")


def test_known_departures_pass_and_a_stale_entry_fails(tmp_path: Path) -> None:
    root = suite(tmp_path)
    path = tmp_path / "expectations.yaml"
    departures = [{"id": "scoring-0901", "kind": "rule-difference", "reason": "this engine scores a tie as a draw"}]
    path.write_text(yaml.safe_dump({"engine": "tie-is-a-draw", "departures": departures}), encoding="utf-8")
    clean = check(root, "--expectations", str(path), "--report", str(tmp_path / "r.json"))
    assert clean.returncode == 0, clean.stdout
    assert clean.stdout.strip().splitlines()[-1] == "2 passed, 0 failed, 1 expected failure, 0 unsupported"
    departures.append({"id": "scoring-0902", "kind": "bug", "reason": "listed by mistake"})
    path.write_text(yaml.safe_dump({"engine": "tie-is-a-draw", "departures": departures}), encoding="utf-8")
    stale = check(root, "--expectations", str(path), "--report", str(tmp_path / "r.json"))
    assert stale.returncode == 1
    assert "UNEXPECTED-PASS scoring-0902" in stale.stdout
    assert stale.stdout.strip().splitlines()[-1] == "1 passed, 0 failed, 1 expected failure, 0 unsupported, 1 unexpected pass"
    assert "now passes: remove it from the expectation file" in stale.stdout
