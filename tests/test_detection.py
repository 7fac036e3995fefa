"""The records of detection power the site reads (ginspec/detection/measures.py) and its page."""

from __future__ import annotations

from pathlib import Path

import pytest

from ginspec.detection.measures import InvalidDetectionRecord, load_mutation_scores, load_selftest
from ginspec.site import Site

ROOT = Path(__file__).resolve().parent.parent


def write(root: Path, name: str, text: str) -> None:
    (root / "detection").mkdir(exist_ok=True)
    (root / "detection" / name).write_text(text, encoding="utf-8")


def test_missing_records_are_none(tmp_path: Path) -> None:
    assert load_selftest(tmp_path) is None
    assert load_mutation_scores(tmp_path) is None


def test_mutation_scores_are_read_per_module(tmp_path: Path) -> None:
    write(tmp_path, "mutation-scores.yaml", "date: 2026-12-01\nmutants: 300\nsample: 220\nseed: 1\nmodules:\n"
          "  reference_impl/melds.py: {killed: 40, survived: 1, equivalent: 1, total: 42, score: 0.976}\n")
    scores = load_mutation_scores(tmp_path)
    assert scores is not None and scores.sample == 220 and scores.mutants == 300
    assert scores.modules["reference_impl/melds.py"]["killed"] == 40


def test_a_module_without_mutants_has_no_score(tmp_path: Path) -> None:
    write(tmp_path, "mutation-scores.yaml", "date: '2026-12-01T03:45:28Z'\nmutants: 10\nsample: null\nmodules:\n"
          "  reference_impl.errors: {killed: 0, survived: 0, equivalent: 0, total: 0, score: null}\n")
    scores = load_mutation_scores(tmp_path)
    assert scores is not None and scores.sample is None
    assert scores.modules["reference_impl.errors"]["score"] is None


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("modules: [a, b]\n", "expected a mapping with 'modules'"),
        ("modules:\n  m.py: {killed: 1, survived: 0, equivalent: 0, total: 1}\n", "modules.m.py.score: expected a number"),
        ("modules:\n  m.py: {killed: yes, survived: 0, equivalent: 0, total: 1, score: 1}\n", "modules.m.py.killed"),
    ],
)
def test_a_malformed_mutation_record_is_refused_by_name(tmp_path: Path, text: str, problem: str) -> None:
    write(tmp_path, "mutation-scores.yaml", text)
    with pytest.raises(InvalidDetectionRecord, match=problem):
        load_mutation_scores(tmp_path)


def test_a_malformed_selftest_record_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "selftest.json", '{"summary": {}, "miniatures": [{"name": "x"}]}')
    with pytest.raises(InvalidDetectionRecord, match=r"miniatures\[0\]: missing rule"):
        load_selftest(tmp_path)


def test_the_detection_page_shows_the_miniatures_and_the_mutation_scores_or_says_they_are_missing() -> None:
    page = Site(root=ROOT, reports=ROOT / "no-reports").builders["conformance/detection.md"]()
    selftest = load_selftest(ROOT)
    if selftest is None:
        assert "No record: `detection/selftest.json` is missing" in page
    else:
        assert f"{selftest['summary']['miniatures']} miniatures" in page
        assert all(f"`{entry['name']}`" in page for entry in selftest["miniatures"])
    mutation = load_mutation_scores(ROOT)
    if mutation is None:
        assert "No mutation run is recorded" in page
    else:
        assert all(f"`{module}`" in page for module in mutation.modules)
