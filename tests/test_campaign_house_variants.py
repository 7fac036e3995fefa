"""A campaign under a house variant (``--variant PATH.yaml``, ``--variants DIR``) writes its report,
each finding's vector confirmed by the oracle, which reads the house variant's file on its own
(``tests/oracle/params.py``), never only the suite's ``spec/variants/``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ginspec.suite.house_variants import FILES_VARIABLE, FOLDER_VARIABLE
from tests.oracle.params import variant_parameters
from tests.test_campaign import run


@pytest.fixture(autouse=True)
def _own_house_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands name their house variants in the environment: kept to each test."""
    for variable in (FILES_VARIABLE, FOLDER_VARIABLE):  # set first, so that the end of the test unsets it again
        monkeypatch.setenv(variable, "")
        monkeypatch.delenv(variable)



def _house_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / "base8.yaml").write_text("extends: standard\nknock_limit: 8\n", encoding="utf-8")
    (folder / "mine.yaml").write_text("extends: base8\ngin_bonus: 30\n", encoding="utf-8")
    return folder


def test_the_oracle_reads_a_house_variant_file_and_the_house_variant_it_extends(tmp_path: Path) -> None:
    folder = _house_folder(tmp_path)
    parameters = variant_parameters(str(folder / "mine.yaml"))
    assert (parameters["gin_bonus"], parameters["knock_limit"], parameters["big_gin_bonus"]) == (30, 8, 31)


@pytest.mark.parametrize("how", ["folder", "file"])
def test_a_campaign_under_a_house_variant_reports_its_findings_confirmed(tmp_path: Path, how: str) -> None:
    folder = _house_folder(tmp_path)
    where = ["--variants", str(folder), "--variant", "mine"] if how == "folder" else ["--variant", str(folder / "base8.yaml")]
    report_dir = tmp_path / "campaign"
    status, out, err = run("fuzz", "--engine", "miniature:gin-bonus-twenty", "--hands", "200", *where, "--report-dir", str(report_dir))
    assert status == 1, err
    report = json.loads((report_dir / "report.json").read_text(encoding="utf-8"))
    [finding] = report["findings"]
    assert finding["defect"] == "gin-bonus-twenty"
    assert finding["oracle"] == "confirmed"
    assert "GIN-BONUS" in out
