"""Seed statements traced to cases: ``ginspec coverage --seeds`` lists every statement, none that is
checkable lacks an executable case, and ``ginspec check --seed`` runs exactly the cases of a
statement."""

from __future__ import annotations

import io
import json
from pathlib import Path

import yaml

from ginspec.commands.main import main
from ginspec.suite.coverage import rule_coverage
from ginspec.suite.seeds import statement_coverage
from ginspec.suite.vectors import load_vectors
from ginspec.suite.yamlio import SAFE_LOADER

ROOT = Path(__file__).resolve().parents[1]
STATEMENTS = yaml.load((ROOT / "spec" / "seed-map.yaml").read_text(encoding="utf-8"), Loader=SAFE_LOADER)["statements"]


def test_every_checkable_statement_is_executable() -> None:
    rows = statement_coverage(rule_coverage())
    assert [row["id"] for row in rows] == [statement["id"] for statement in STATEMENTS]
    missing = [row["id"] for row in rows if row["checkable"] and not row["executable"]]
    assert not missing
    s003 = [row for row in rows if row["seed"] == "S003"]
    assert len(s003) == sum(1 for statement in STATEMENTS if statement["id"].startswith("S003-"))
    assert all(row["executable"] for row in s003 if row["checkable"])


def test_coverage_seeds_lists_every_statement(tmp_path: Path) -> None:
    out = io.StringIO()
    report = tmp_path / "seeds.json"
    assert main(["coverage", "--seeds", "--json", str(report)], out=out) == 0
    listed = {line.split()[0] for line in out.getvalue().splitlines() if line[:1] == "S"}
    assert listed == {statement["id"] for statement in STATEMENTS}
    assert len(json.loads(report.read_text(encoding="utf-8"))["statements"]) == len(STATEMENTS)


def test_check_seed_runs_exactly_the_cases_of_the_statement(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    status = main(["check", "--seed", "S003-m", "--only", "vectors", "--quiet", "--report", str(report)], out=io.StringIO())
    assert status == 0
    ran = {case["id"] for case in json.loads(report.read_text(encoding="utf-8"))["records"]}
    wanted = {vector.id for vector in load_vectors() if "MPN-SEED003-SCORING" in vector.rules}
    assert ran == wanted and wanted


def test_an_unknown_statement_is_refused(capsys) -> None:
    assert main(["check", "--seed", "S003-zz", "--quiet"], out=io.StringIO()) == 2
    assert "S003-zz" in capsys.readouterr().err
