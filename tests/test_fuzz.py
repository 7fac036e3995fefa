"""Differential fuzzing finds a planted bug, shrinks it, and writes a vector the suite can load;
against the reference engine itself it finds nothing."""

from __future__ import annotations

import io
from contextlib import redirect_stderr
from pathlib import Path

import pytest
import yaml

from ginspec.adapters.reference import ReferenceAdapter
from ginspec.commands.main import main
from ginspec.detection.fuzz import fuzz_kind
from ginspec.suite.variants import get_variant
from ginspec.suite.vectors import load_vector_file
from tests.oracle import melds as oracle_melds
from ginspec.suite.yamlio import SAFE_LOADER

STANDARD = dict(get_variant("standard").parameters)


def test_a_planted_bug_is_found_shrunk_and_written(tmp_path: Path) -> None:
    """``ginspec fuzz``, run in this process as the command line runs it. The planted bug is
    common: with the seeds 0 to 19 a search met it within 15 cases, or within 32 where a case the
    fuzzing could not pin on a rule came first; 50 cases find it with room to spare (and the
    search for a further rule after it ends after 50 cases, not 100)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        status = main(["fuzz", "--engine", "tests.engines.wrong:AceCountsEleven", "--kind", "deadwood", "--examples", "50", "--out", str(tmp_path)], out)
    assert status == 1, out.getvalue() + err.getvalue()
    [path] = list((tmp_path / "deadwood").glob("*.yaml"))
    [vector] = load_vector_file(path)
    hand = vector.input["hand"].split()
    assert any(card.startswith("A") for card in hand), "the disagreement needs an unmelded ace"
    assert vector.expected["deadwood"] == oracle_melds.least_deadwood(hand)
    assert yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)["vectors"][0]["provenance"] == "fuzz"


def test_the_reference_engine_agrees_with_itself() -> None:
    for kind in ("deadwood", "discard", "knock", "layoff", "score", "round"):
        assert fuzz_kind(kind, ReferenceAdapter(), STANDARD, examples=15, seed=1) is None


DEFECTS = {
    "deadwood": ({"CARD-VALUES", "MELD-RUN-NO-WRAP"}, 200),
    "knock": ({"KNOCK-LIMIT"}, 200),
    "layoff": ({"LAYOFF-EXTEND-RUN"}, 40),
    "score": ({"SCORE-UNDERCUT", "GIN-BONUS", "SCORE-UNDERCUT-TIE"}, 75),
}
"""The rules tests/engines/many_defects.py breaks, by kind of question, and how many cases each
search of that kind may try."""


@pytest.mark.parametrize("kind", sorted(DEFECTS))
def test_each_defect_of_an_engine_is_found_with_its_own_minimal_case_and_rule(kind: str) -> None:
    """tests/engines/many_defects.py breaks seven rules; fuzzing keeps going after the first
    disagreement of a kind and names the rule each minimal case turns on; a finding that another
    finding's explanation also covers (the Q-K-A hand of an engine whose runs go round the corner,
    explained as well by an ace that may be high) is folded into it."""
    from tests.engines.many_defects import ManyDefects

    from ginspec.detection.fuzz import fuzz_findings

    rules, examples = DEFECTS[kind]
    # a case where two defects act at once matches no single rule: reported, never written
    findings = [finding for finding in fuzz_findings(kind, ManyDefects(), STANDARD, examples, seed=0) if finding.how != "unattributed"]
    assert {finding.rule for finding in findings} == rules, (kind, [(f.rule, f.how, f.input) for f in findings])
    assert len({str(finding.input) for finding in findings}) == len(findings), "each rule has its own minimal case"
    assert all(finding.writable for finding in findings)


def test_a_crash_is_reported_but_never_written_as_a_vector() -> None:
    from ginspec.detection.fuzz import Finding

    crash = Finding("deadwood", {"hand": "Ac"}, {"deadwood": 1}, None, ("RuntimeError: boom",), "DEADWOOD-COUNT", "unattributed")
    refusal = Finding("deadwood", {"hand": "Ac"}, {"deadwood": 1}, {"unsupported": "no"}, ("",), "CARD-VALUES", "definition ace-eleven")
    assert not crash.writable and not refusal.writable


@pytest.mark.parametrize(
    ("engine", "kind", "rule"),
    [("WholeMeldsOnly", "deadwood", "DEADWOOD-COUNT"), ("ElevenCardKnock", "knock", "KNOCK-COUNT-AFTER-DISCARD"), ("LayOffInMeldOrder", "layoff", "LAYOFF-OPTIMAL")],
)
def test_fuzzing_files_a_shortcut_under_the_rule_it_breaks(engine: str, kind: str, rule: str) -> None:
    """Engines written from scratch (tests/engines/shortcuts.py) with a meld search that never
    splits a meld, a knock judged on eleven cards, lay-offs in meld order: the known defect that
    explains each disagreement names the rule, not a rule the engine keeps (CARD-VALUES,
    KNOCK-LIMIT, LAYOFF-CHAIN were named before), and each defect is one finding."""
    import tests.engines.shortcuts as shortcuts
    from ginspec.detection.fuzz import fuzz_findings

    findings = fuzz_findings(kind, getattr(shortcuts, engine)(), STANDARD, 60, seed=0)
    assert [finding.rule for finding in findings] == [rule], [(finding.rule, finding.how, finding.input) for finding in findings]
    assert findings[0].how.startswith("known defect ") and findings[0].writable
