"""Findings (ginspec/judging/diagnosis/): failing cases grouped into defects by testing the known defects as
hypotheses, on engines with one defect and with several at once, with part of the dictionary held
out; and the report, the commands and the miniature machinery they rest on."""

from __future__ import annotations

import json
import random
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ginspec.adapters.base import Question
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.commands.main import main
from ginspec.judging.diagnosis import findings_for
from ginspec.judging.diagnosis.dictionary import known_defects, parameter_defects
from ginspec.adapters.miniatures import MINIATURES, CombinedAdapter, MiniatureAdapter
from ginspec.judging.report import build_report
from ginspec.judging.runner import run_cases
from tests.multi_defect import cases_for, cases_of, combinations_of, separate

ROOT = Path(__file__).resolve().parents[1]

SIZES = (2, 3, 5)
PER_SIZE = 10
SEED = 31


def test_engines_with_two_three_and_five_defects_have_each_defect_as_a_finding_of_its_own() -> None:
    """In at least 90 % of seeded random combinations every defect is its own finding and the
    first finding names a broken rule; in half of them one defect is held out of the dictionary
    and must still be found, as an unexplained finding (or under a like defect) of its rule."""
    combinations = combinations_of(SIZES, PER_SIZE, SEED)
    chooser = random.Random(SEED)
    shared: dict = {}
    outcomes = []
    for combination in combinations:
        held_out = (chooser.choice(combination).name,) if chooser.random() < 0.5 else ()
        outcomes.append(separate(combination, held_out, shared))
    separated = [outcome for outcome in outcomes if outcome.separated]
    failed = [(outcome.combination, outcome.held_out, outcome.missing, [finding.rules[:1] for finding in outcome.findings[:4]]) for outcome in outcomes if not outcome.separated]
    assert len(separated) >= 0.9 * len(outcomes), failed
    held = [outcome for outcome in outcomes if outcome.held_out]
    assert len(held) >= len(outcomes) // 4
    found_held = [outcome for outcome in held if not set(outcome.held_out) & set(outcome.missing)]
    assert len(found_held) >= 0.8 * len(held), failed


def test_a_defect_seen_only_beside_another_is_found_in_a_pair() -> None:
    """Big gin scored with the gin bonus *and* with lay-offs: no big gin case shows either defect
    alone, yet both are findings."""
    combination = (MINIATURES["big-gin-bonus-as-gin"], MINIATURES["lay-off-against-big-gin"])
    outcome = separate(combination, (), {})
    assert not outcome.missing, [(finding.defect, finding.rules, finding.count) for finding in outcome.findings]


def test_the_dictionary_holds_the_defects_real_engines_have() -> None:
    names = {defect.name for defect in known_defects()}
    for wanted in ("ace-high-run", "melds-never-split", "greedy-lay-offs", "lay-offs-in-meld-order", "knock-counts-eleven-cards",
                   "lay-off-against-gin", "dealer-draws-after-passes"):
        assert wanted in names
    assert set(MINIATURES) <= names
    assert any(defect.name == "parameter:layoff_chaining=False" for defect in parameter_defects())
    assert "parameter:gin_bonus=20" in names and "ace-high-run" not in {defect.name for defect in known_defects(leave_out=["ace-high-run"])}


@pytest.mark.parametrize(
    ("name", "question", "right", "wrong"),
    [
        ("melds-never-split", Question("deadwood", {"hand": "7c 7d 7h 7s 5h 6h 8h 2d 3c Kc"}, {}), 15, 34),
        ("lay-offs-in-meld-order", Question("layoff", {"knocker_melds": ["5h 6h 7h", "8s 8d 8c"], "defender": "8h 9h Th Ac 2d 3s 4c Kd Kc Ks"}, {}), None, None),
        ("knock-counts-eleven-cards", Question("knock", {"hand": "2c 3c 4c 5d 6d 7d 9h 9s 9c Kd Qh", "discard": "Kd"}, {}), True, False),
    ],
)
def test_the_new_miniatures_play_their_defect(name: str, question: Question, right, wrong) -> None:
    from ginspec.suite.variants import get_variant

    question = Question(question.kind, question.input, dict(get_variant("standard").parameters))
    reference = ReferenceAdapter().ask(question)
    defective = MiniatureAdapter(MINIATURES[name]).ask(question)
    assert reference != defective
    field = {"deadwood": "deadwood", "knock": "legal"}.get(question.kind)
    if field:
        assert (reference[field], defective[field]) == (right, wrong)


def test_the_dealer_draws_first_after_both_pass_in_the_miniature() -> None:
    from ginspec.judging.runner import plan_case
    from ginspec.suite.vectors import load_vectors

    vector = next(vector for vector in load_vectors() if vector.id == "round-0004")
    adapter = MiniatureAdapter(MINIATURES["dealer-draws-after-passes"])
    (result,) = run_cases(adapter, adapter.capabilities(), [plan_case(vector)])
    assert result.status == "fail" and "FIRST-UPCARD-OFFER" in vector.rules


def _report(engine: str, rules: tuple[str, ...]) -> dict:
    adapter = MiniatureAdapter(MINIATURES[engine.removeprefix("miniature:")])
    capabilities = adapter.capabilities()
    cases = cases_for([MINIATURES[engine.removeprefix("miniature:")]])
    cases = [case for case in cases if set(case.vector.rules) & set(rules)] or cases
    return build_report(capabilities, None, run_cases(adapter, capabilities, cases), engine)


def test_the_report_carries_findings_in_the_documented_shape_and_the_again_command_works(capsys, tmp_path) -> None:
    report = _report("miniature:melds-never-split", ("DEADWOOD-COUNT", "MELD-DISJOINT"))
    first = report["findings"][0]
    assert set(first) == {"title", "rules", "cases", "count", "smallest", "again", "defect", "explained", "departure"}
    assert first["departure"] is None  # a known defect is named by its model, not by a departure
    assert first["defect"] == "melds-never-split" and first["rules"][0] == "DEADWOOD-COUNT" and first["explained"] is True
    assert first["count"] == len(first["cases"]) and first["smallest"] in first["cases"]
    failing = {record["id"] for record in report["records"] if record["status"] == "fail"}
    assert {case for finding in report["findings"] for case in finding["cases"]} == failing
    sizes = {record["id"]: len(json.dumps(record["input"])) for record in report["records"]}
    assert sizes[first["smallest"]] <= min(sizes[case] for case in first["cases"]) + 40
    command = shlex.split(first["again"])
    assert command[:2] == ["ginspec", "check"]
    capsys.readouterr()
    assert main([*command[1:], "--report", str(tmp_path / "again.json"), "--quiet"]) == 1
    assert capsys.readouterr().out.startswith("0 passed, 1 failed")


def test_a_derived_case_is_run_again_under_its_variant() -> None:
    from ginspec.judging.diagnosis.findings import again_command

    record = {"id": "deadwood-0001@oklahoma", "kind": "deadwood", "variant": "oklahoma", "origin": "derived"}
    assert again_command(record, "exec:./my engine") == "ginspec check --engine 'exec:./my engine' --id deadwood-0001 --variant oklahoma"


def test_a_defect_held_out_of_the_dictionary_is_an_unexplained_finding_of_its_rule() -> None:
    miniature = MINIATURES["melds-never-split"]
    adapter = MiniatureAdapter(miniature)
    capabilities = adapter.capabilities()
    results = run_cases(adapter, capabilities, cases_of("DEADWOOD-COUNT"))
    findings = findings_for(results, capabilities, None, "miniature:melds-never-split", defects=known_defects(leave_out=[miniature.name, "sets-before-runs"]))
    assert findings and not findings[0].explained and findings[0].defect is None
    assert miniature.rule in findings[0].rules[:3]


def test_a_passing_run_has_no_findings() -> None:
    adapter = ReferenceAdapter()
    capabilities = adapter.capabilities()
    assert findings_for(run_cases(adapter, capabilities, cases_of("CARD-VALUES")), capabilities, None, "reference") == []


DIAGNOSE_HUNDREDS = """
import json, time
from ginspec.judging.diagnosis import findings_for
from ginspec.adapters.miniatures import MINIATURES, CombinedAdapter
from ginspec.judging.runner import run_cases
from tests.multi_defect import all_cases

names = ("pictures-count-rank", "knock-counts-eleven-cards", "dealer-draws-after-passes")
adapter = CombinedAdapter([MINIATURES[name] for name in names])
capabilities = adapter.capabilities()
results = run_cases(adapter, capabilities, all_cases())
started = time.process_time()
findings = findings_for(results, capabilities, None, capabilities.engine)
print(json.dumps({"failing": sum(result.status == "fail" for result in results), "seconds": time.process_time() - started,
                  "defects": [finding.defect for finding in findings[:3]]}))
"""


def test_a_report_of_hundreds_of_failures_is_diagnosed_in_seconds() -> None:
    """Three defects at once, over every case of the suite, in an interpreter of its own (the
    engine and the diagnosis start from nothing remembered)."""
    done = subprocess.run([sys.executable, "-c", DIAGNOSE_HUNDREDS], capture_output=True, text=True, cwd=ROOT, check=True)
    outcome = json.loads(done.stdout.strip().splitlines()[-1])
    assert outcome["failing"] >= 300
    assert outcome["seconds"] < 30, outcome
    assert set(outcome["defects"]) == {"pictures-count-rank", "knock-counts-eleven-cards", "dealer-draws-after-passes"}, outcome


# ----------------------------------------------------------------------------- the machinery


def test_arrangements_found_under_a_defect_are_never_handed_to_the_reference_engine() -> None:
    """The reference engine remembers each hand's arrangements: those found while aces counted 11
    must not come back once the defect is gone."""
    from ginspec.suite.variants import get_variant

    question = Question("deadwood", {"hand": "Ac 2c 3c Ad Ah 5s 7d 9h Jc Kd"}, dict(get_variant("standard").parameters))
    assert MiniatureAdapter(MINIATURES["ace-counts-eleven"]).ask(question)["arrangements"] == [["Ac Ad Ah"]]
    assert ReferenceAdapter().ask(question) == {"deadwood": 43, "arrangements": [["Ac 2c 3c"]]}


def test_a_module_first_imported_while_a_defect_is_in_force_does_not_keep_it() -> None:
    """A table question imports the table rules; under greedy lay-offs that import must not bind
    the greedy lay-offs into the table rules for good (a fresh interpreter shows it)."""
    script = (
        "from ginspec.adapters.miniatures import MINIATURES, MiniatureAdapter\n"
        "from ginspec.judging.runner import plan_cases, run_cases\n"
        "from ginspec.suite.vectors import load_vectors\n"
        "vectors = [v for v in load_vectors() if v.id == 'scoring-9002']\n"
        "adapter = MiniatureAdapter(MINIATURES['greedy-lay-offs'])\n"
        "run_cases(adapter, adapter.capabilities(), plan_cases(vectors))\n"
        "import reference_impl.layoff as layoff, reference_impl.tables as tables\n"
        "print(tables.best_defence is layoff.best_defence)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "True"


def test_a_defect_against_gin_plays_table_rounds_without_crashing() -> None:
    from ginspec.judging.runner import plan_case
    from ginspec.suite.vectors import load_vectors

    vector = next(vector for vector in load_vectors() if vector.id == "round-3017")
    adapter = MiniatureAdapter(MINIATURES["lay-off-against-gin"])
    (result,) = run_cases(adapter, adapter.capabilities(), [plan_case(vector)])
    assert result.status == "fail", result.message


def test_several_miniatures_are_one_engine_by_name() -> None:
    from ginspec.adapters import open_engine

    engine = open_engine("miniature:ace-counts-eleven+no-shutout")
    assert isinstance(engine, CombinedAdapter)
    assert engine.capabilities().engine == "miniature:ace-counts-eleven+no-shutout"


def test_the_diagnosis_reads_the_suite_in_use_each_time(tmp_path, monkeypatch) -> None:
    """A diagnosis of a run on a suite of one area must not leave that suite's vectors for the
    next diagnosis, on the whole suite, in the same process."""
    import shutil

    from ginspec.judging.diagnosis.hypotheses import vector_of
    from ginspec.suite.paths import ROOT_VARIABLE

    small = tmp_path / "suite"
    (small / "vectors" / "round").mkdir(parents=True)
    (small / "spec").symlink_to(ROOT / "spec")
    shutil.copy(ROOT / "vectors" / "round" / "oklahoma.yaml", small / "vectors" / "round")
    monkeypatch.setenv(ROOT_VARIABLE, str(small))
    assert vector_of({"id": "deadwood-0001"}) is None
    monkeypatch.delenv(ROOT_VARIABLE)
    assert vector_of({"id": "deadwood-0001"}) is not None


def test_a_check_without_diagnosis_leaves_the_findings_to_the_selftest_which_finds_the_same(capsys, tmp_path) -> None:
    from ginspec.detection.selftest import miniature_findings

    chosen = ["--engine", "miniature:melds-never-split", "--rule", "DEADWOOD-COUNT", "--rule", "MELD-DISJOINT", "--quiet"]
    assert main(["check", *chosen, "--report", str(tmp_path / "diagnosed.json")]) == 1
    assert main(["check", *chosen, "--report", str(tmp_path / "bare.json"), "--no-diagnosis"]) == 1
    capsys.readouterr()
    diagnosed = json.loads((tmp_path / "diagnosed.json").read_text(encoding="utf-8"))
    bare = json.loads((tmp_path / "bare.json").read_text(encoding="utf-8"))
    assert bare["findings"] is None and diagnosed["findings"]
    assert [record["status"] for record in bare["records"]] == [record["status"] for record in diagnosed["records"]]
    assert list(miniature_findings(MINIATURES["melds-never-split"], bare["records"])) == diagnosed["findings"]
    held_out = miniature_findings(MINIATURES["melds-never-split"], bare["records"], held_out=True)
    assert all(finding["defect"] != "melds-never-split" for finding in held_out)
    assert main(["check", "--engine", "miniature:melds-never-split", "--rule", "MELD-DISJOINT", "--no-diagnosis", "--report", str(tmp_path / "shown.json")]) == 1
    shown = capsys.readouterr().out
    assert "Failing cases in no finding" in shown and "findings not worked out (--no-diagnosis)" in shown


def test_cases_asking_one_question_are_touched_by_a_defect_each_by_its_own_dependence() -> None:
    """Two vectors may ask the same hand and expect the same answer while recording different
    dependences (one as written under a knock limit, one derived for another variant): whether a
    parameter's defect could change each is decided by that case's own ``depends_on``, not by the
    first case of the question asked."""
    from ginspec.judging.diagnosis.hypotheses import Posed, Predictions

    defect = next(defect for defect in known_defects() if defect.name == "tie-is-a-draw")
    question = Question("score", {"knocker": "Ac 2c 3c 7c 8c 9c 4d 7d 4h 4s", "defender": "5d Jd Kd 5h 7h Jh Kh 5s Js Ks"}, {"tie_outcome": "undercut"}, "q")
    expected = {"outcome": "undercut"}

    def posed(depends_on: list[str]) -> Posed:
        return Posed({"id": "q", "depends_on": depends_on}, question, expected, "the same question and answer")

    predictions = Predictions((defect,))
    assert predictions.touches(defect, posed(["hand_size", "knock_limit"])) is False
    assert predictions.touches(defect, posed(["hand_size", "knock_limit", "tie_outcome"])) is True
