"""The miniatures (ginspec/adapters/miniatures/): deliberately wrong engines, each caught by the suite with
its broken rule blamed first; their defects never leak into the reference engine."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ginspec.adapters import open_engine
from ginspec.adapters.base import Question
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.judging.blame import rank_rules
from ginspec.commands.main import main
from ginspec.adapters.miniatures import AREAS, MINIATURES, MiniatureAdapter
from ginspec.suite.paths import ROOT_VARIABLE
from ginspec.suite.registry import rules_by_id
from ginspec.judging.runner import run_vectors
from ginspec.suite.vectors import load_vectors

ROOT = Path(__file__).resolve().parents[1]

def test_at_least_forty_miniatures_cover_every_rule_area_and_name_registered_rules() -> None:
    assert len(MINIATURES) >= 40
    assert {miniature.area for miniature in MINIATURES.values()} == set(AREAS)
    registered = rules_by_id()
    for miniature in MINIATURES.values():
        assert miniature.rule in registered, miniature.name
        assert miniature.parameters or miniature.patches, miniature.name


def test_every_patched_function_exists_in_the_reference_engine() -> None:
    for miniature in MINIATURES.values():
        for patch in miniature.patches:
            patch.check()


def test_a_miniature_is_selected_by_name_and_an_unknown_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert isinstance(open_engine("miniature:ace-counts-eleven"), MiniatureAdapter)
    assert main(["check", "--engine", "miniature:no-such-thing", "--id", "deadwood-0001"]) == 2
    assert "no miniature 'no-such-thing'" in capsys.readouterr().err


def ask_deadwood(adapter, hand: str) -> int:
    standard = next(vector for vector in load_vectors() if vector.variant == "standard").parameters
    return adapter.ask(Question("deadwood", {"hand": hand}, standard))["deadwood"]


def test_the_defect_is_in_force_only_while_the_miniature_answers() -> None:
    hand = "Ac 5d 9h Ks 2c 3d 4h 6s 8c Td"
    reference = ReferenceAdapter()
    right = ask_deadwood(reference, hand)
    wrong = ask_deadwood(MiniatureAdapter(MINIATURES["ace-counts-eleven"]), hand)
    assert wrong == right + 10
    assert ask_deadwood(reference, hand) == right
    assert ask_deadwood(MiniatureAdapter(MINIATURES["pictures-count-rank"]), hand) == right + 3


@pytest.mark.parametrize(("name", "area"), [("tie-is-a-draw", "scoring"), ("run-round-the-corner", "melds")])
def test_a_miniature_is_caught_with_its_rule_blamed_first(name: str, area: str) -> None:
    miniature = MINIATURES[name]
    _, results = run_vectors(MiniatureAdapter(miniature), [vector for vector in load_vectors() if vector.area == area])
    assert any(result.status == "fail" for result in results)
    ranking = rank_rules(results)
    assert ranking[0].rule == miniature.rule and not ranking[0].tied


def oklahoma_suite(folder: Path) -> Path:
    """A suite of the rules, the Oklahoma round vectors and the scenarios of the Oklahoma upcard:
    the cases of the rule that ``oklahoma-limit-by-rank`` breaks, with others that it keeps."""
    root = folder / "suite"
    (root / "vectors" / "round").mkdir(parents=True)
    (root / "features" / "oklahoma").mkdir(parents=True)
    (root / "spec").symlink_to(ROOT / "spec")
    shutil.copy(ROOT / "vectors" / "round" / "oklahoma.yaml", root / "vectors" / "round")
    shutil.copy(ROOT / "features" / "oklahoma" / "upcard-knock-limit.feature", root / "features" / "oklahoma")
    return root


def test_selftest_lists_checks_one_miniature_and_records_it(tmp_path, monkeypatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The self-test checks a miniature as ``ginspec check`` does, in a process of its own, here on
    a suite of one rule area (the whole suite is for ``ginspec selftest`` itself)."""
    assert main(["selftest", "--list"]) == 0
    assert "ace-counts-eleven" in capsys.readouterr().out
    monkeypatch.setenv(ROOT_VARIABLE, str(oklahoma_suite(tmp_path)))
    record = tmp_path / "record.json"
    status = main(["selftest", "--miniature", "oklahoma-limit-by-rank", "--record", str(record), "--json"])
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data == json.loads(capsys.readouterr().out) or data["miniatures"]
    (entry,) = data["miniatures"]
    assert entry["name"] == "oklahoma-limit-by-rank" and entry["failing"] > 0
    assert status == (0 if entry["verdict"] == "blamed first" else 1)
    assert main(["selftest", "--miniature", "nope"]) == 2


def _outcome(name: str, first: bool, failing: int = 3):
    from ginspec.judging.blame import Suspect
    from ginspec.adapters.miniatures import MINIATURES
    from ginspec.detection.selftest import Outcome

    miniature = MINIATURES[name]
    ranking = (Suspect(1, miniature.rule if first else "SOME-OTHER-RULE", 0.9, failing, 0, 1.0),
               Suspect(2, "SOME-OTHER-RULE" if first else miniature.rule, 0.5, failing, 4, 1.0))
    findings = tuple({"rules": [rule], "title": rule, "count": failing, "smallest": "x", "defect": None, "explained": False}
                     for rule in (miniature.rule, "SOME-OTHER-RULE")[:: 1 if first else -1])
    return Outcome(miniature, 100, failing, ranking, findings=findings, held_out=findings)


@pytest.mark.parametrize(
    "outcomes, listed, status, said",
    [
        ([("card-in-two-melds", False)], ["card-in-two-melds"], 0, "1 caught but blamed later, as"),
        ([("card-in-two-melds", False)], [], 1, ""),
        ([("card-in-two-melds", True)], ["card-in-two-melds"], 1, "card-in-two-melds: now blamed first; take it off"),
        ([("card-in-two-melds", False, 0)], ["card-in-two-melds"], 1, ""),
    ],
)
def test_a_listed_miniature_blamed_later_does_not_fail_the_run_and_one_blamed_first_does(
    monkeypatch, tmp_path, capsys, outcomes, listed, status, said
) -> None:
    import ginspec.detection.selftest as selftest

    known = tmp_path / "known.yaml"
    known.write_text("miniatures:\n" + "".join(f"  - name: {name}\n    reason: a reason\n" for name in listed) if listed else "miniatures: []\n")
    monkeypatch.setattr(selftest, "run_selftest", lambda names, jobs, timeout=None, keep=None: [_outcome(*entry) for entry in outcomes])
    assert main(["selftest", "--miniature", "card-in-two-melds", "--no-record", "--known-blamed-later", str(known)]) == status
    assert said in capsys.readouterr().out


@pytest.mark.parametrize(
    "text, message",
    [
        ("miniatures:\n  - name: nope\n    reason: r\n", "'nope' is not a miniature"),
        ("miniatures:\n  - name: card-in-two-melds\n", "entry 1: give the miniature's name and a reason"),
        ("- card-in-two-melds\n", "a mapping with 'miniatures'"),
    ],
)
def test_a_bad_list_of_known_misblames_is_a_one_line_error(monkeypatch, tmp_path, capsys, text, message) -> None:
    import ginspec.detection.selftest as selftest

    known = tmp_path / "known.yaml"
    known.write_text(text)
    monkeypatch.setattr(selftest, "run_selftest", lambda names, jobs, timeout=None, keep=None: [_outcome("card-in-two-melds", False)])
    assert main(["selftest", "--miniature", "card-in-two-melds", "--no-record", "--known-blamed-later", str(known)]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1


def test_the_shipped_list_of_known_misblames_names_miniatures_with_reasons() -> None:
    """The list is valid; it is empty while every miniature's broken rule is blamed first."""
    from ginspec.commands.selftest import read_known_blamed_later

    known = read_known_blamed_later(ROOT / "detection" / "blamed-later.yaml", MINIATURES)
    assert all(reason.strip() for reason in known.values())
