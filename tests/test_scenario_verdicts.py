"""A scenario gets the verdict a vector gets: an engine that raises is an ``error``, one that hangs
a ``timeout``, a question it cannot play ``unsupported``, and only a wrong answer a ``fail``, read
as expected against observed. Two identical runs give identical scenario records."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr
from pathlib import Path

from ginspec.commands.main import main
from ginspec.bdd.features import run_features

ROOT = Path(__file__).resolve().parent.parent


def test_an_engine_that_raises_is_an_error_in_every_scenario_it_is_asked() -> None:
    results = run_features("tests.engines.faulty:RaisesInAsk", areas=["melds"])
    asked = [result for result in results if result.status != "unsupported"]
    assert asked, "some scenario of the meld area asks a deadwood question"
    assert {result.status for result in asked} == {"error"}, [(r.id, r.status, r.message) for r in asked]
    assert all("ZeroDivisionError" in result.message for result in asked)


def test_an_engine_that_hangs_is_a_timeout_and_the_run_goes_on() -> None:
    from tests.engines.faulty import Hangs

    Hangs.asked = 0  # it hangs on the first two questions it gets in this process
    # the hang is real (an event never set), so half a second proves it; the questions it does
    # answer are answered in-process in about a millisecond
    results = run_features("tests.engines.faulty:Hangs", areas=["melds"], timeout=0.5)
    statuses = [result.status for result in results if result.status != "unsupported"]
    assert "timeout" in statuses and "fail" not in statuses, statuses


def test_a_wrong_engine_fails_with_expected_against_observed() -> None:
    results = run_features("tests.engines.wrong:AceCountsEleven", areas=["equipment"])
    failed = [result for result in results if result.status == "fail"]
    assert failed, "an ace counted as eleven is caught by a scenario on card values"
    case = failed[0]
    assert case.expected and case.observed and case.expected != case.observed
    assert "expected" in case.message and "observed" in case.message
    assert case.input, "the question asked is in the record"


def _check_in_this_process(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        status = main(argv, out)
    return status, out.getvalue() + err.getvalue()


def _check_in_a_new_process(argv: list[str]) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-m", "ginspec", *argv], capture_output=True, text=True, timeout=300, cwd=ROOT)
    return done.returncode, done.stdout + done.stderr


def test_two_runs_give_the_same_scenario_records(tmp_path: Path) -> None:
    """One run in this process, after whatever it ran before, and one in a new process (with
    another hash seed, so another order of its sets) write the same records."""
    texts = []
    for number, check in enumerate((_check_in_this_process, _check_in_a_new_process)):
        report = tmp_path / f"r{number}.json"
        status, output = check(["check", "--only", "features", "--area", "knock", "--report", str(report), "--quiet"])
        assert status == 0, output
        data = json.loads(report.read_text(encoding="utf-8"))
        data["header"].pop("created")
        for record in data["records"]:
            record.pop("seconds")
            assert record["variant"] in {path.stem for path in (ROOT / "spec" / "variants").glob("*.yaml")} | {"custom"}
            assert list(record["rules"]) == sorted(record["rules"])
        texts.append(json.dumps(data))
    assert texts[0] == texts[1]
