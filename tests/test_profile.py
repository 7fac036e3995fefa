"""One judging profile per run (:mod:`ginspec.adapters.profile`): contradictions in an engine's
capabilities refused in one line before anything is asked, for Python adapters and ``exec:``
engines alike, and parameters taken with the suite version that added them."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from ginspec.adapters.base import Capabilities
from ginspec.adapters.profile import added_after, engine_profile, resolve_profile
from ginspec.errors import UnknownEngine
from tests.in_process import ginspec

ENGINES = "tests.engines.profiles"


@pytest.mark.parametrize(
    ("engine", "words"),
    [
        ("BadReadingLetter", "the reading 'z' of Q2, which has the readings"),
        ("UnknownQuestion", "'Q999', which is no open question"),
        ("LimitAgainstHome", "home variant oklahoma, which has oklahoma: true, but plays oklahoma only at false"),
    ],
)
def test_a_python_adapter_contradicting_the_suite_is_refused_in_one_line_before_any_case(engine: str, words: str, tmp_path: Path) -> None:
    result = ginspec("check", "--engine", f"{ENGINES}:{engine}", "--area", "melds", "--report", str(tmp_path / "r.json"), cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert words in result.stderr and "Traceback" not in result.stderr and "StopIteration" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not (tmp_path / "r.json").exists(), "nothing ran"


def _exec_engine(tmp_path: Path, **fields: object) -> str:
    capabilities = {"type": "capabilities", "protocol": 1, "engine": "e", "version": "1", "kinds": ["meld"], **fields}
    script = tmp_path / "engine.py"
    script.write_text(f"import sys, json\nsys.stdin.readline()\nprint(json.dumps({capabilities!r}), flush=True)\nsys.stdin.readline()\n", encoding="utf-8")
    return f"exec:{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


def test_an_exec_engine_whose_limit_contradicts_its_home_variant_is_refused_in_one_line(tmp_path: Path) -> None:
    engine = _exec_engine(tmp_path, home_variant="openspiel", parameters={"knock_limit": [7]})
    result = ginspec("check", "--engine", engine, "--area", "melds", cwd=tmp_path)
    assert result.returncode == 2
    assert "home variant openspiel, which has knock_limit: 10, but plays knock_limit only at 7" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_limit_on_no_parameter_is_refused_with_the_fix() -> None:
    with pytest.raises(UnknownEngine, match="unknown parameter 'knock_limt'.*knock_limit"):
        engine_profile(Capabilities(engine="e", version="1", parameters={"knock_limt": (10,)}))


def test_the_profile_names_every_override_of_the_run() -> None:
    profile = resolve_profile(Capabilities(engine="e", version="1"), "oklahoma", {"gin_bonus": 20, "big_gin": False})
    assert profile.label() == "oklahoma with big_gin=false, gin_bonus=20"
    assert profile.parameters["gin_bonus"] == 20 and profile.parameters["oklahoma"] is True


def test_a_parameter_added_after_the_engine_s_suite_version_is_taken_at_its_standard_value() -> None:
    assert added_after("0.1") == ["ace_in_runs"] and added_after("0.2.0") == []
    older = engine_profile(Capabilities(engine="e", version="1", suite_version="0.1"))
    assert older.parameters == {"ace_in_runs": ("low",)}
    declared = engine_profile(Capabilities(engine="e", version="1", suite_version="0.1", parameters={"ace_in_runs": ("low", "low_or_high")}))
    assert declared.parameters == {"ace_in_runs": ("low", "low_or_high")}, "a declared parameter is the engine's own word"
    with pytest.raises(UnknownEngine, match="suite_version 'one', which is not a version number"):
        engine_profile(Capabilities(engine="e", version="1", suite_version="one"))


def _ace_case_statuses(tmp_path: Path, engine: str) -> tuple[dict[str, str], str]:
    report = tmp_path / f"{engine}.json"
    result = ginspec("check", "--engine", f"{ENGINES}:{engine}", "--only", "vectors", "--area", "melds", "--area", "deadwood",
                     "--report", str(report), "--quiet", cwd=tmp_path)
    records = json.loads(report.read_text(encoding="utf-8"))["records"]
    return {record["id"]: record["status"] for record in records}, result.stderr


def test_an_older_wrapper_that_never_declared_ace_in_runs_has_no_failure(tmp_path: Path) -> None:
    statuses, _ = _ace_case_statuses(tmp_path, "OlderWrapper")
    assert "fail" not in statuses.values(), sorted(case for case, status in statuses.items() if status == "fail")
    assert statuses["melds-0077"] == "unsupported"  # Q-K-A under low_or_high: a rule it was never told of
    assert list(statuses.values()).count("pass") > 100


def test_an_engine_stating_no_suite_version_is_told_once_which_parameters_it_leaves_free(tmp_path: Path) -> None:
    statuses, stderr = _ace_case_statuses(tmp_path, "UnversionedWrapper")
    assert stderr.count("states no suite_version") == 1 and "ace_in_runs" in stderr
    assert statuses["melds-0077"] == "fail"  # taken as setting it freely, it is asked and answers wrongly


@pytest.fixture
def _own_house_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    from ginspec.suite.house_variants import FILES_VARIABLE, FOLDER_VARIABLE

    for variable in (FILES_VARIABLE, FOLDER_VARIABLE):  # set first, so that the end of the test unsets it again
        monkeypatch.setenv(variable, "")
        monkeypatch.delenv(variable)


@pytest.mark.usefixtures("_own_house_variables")
@pytest.mark.parametrize("engine", ["HouseHome", "FolderHome"])
def test_a_house_variant_is_an_engine_s_home(engine: str, tmp_path: Path) -> None:
    """Named as a file beside the adapter's module, or by its name in the project's variants
    folder (``--variants``): the engine is judged under it, and passes."""
    folder = Path(__file__).parent / "engines"
    report = tmp_path / "report.json"
    where = ["--variants", str(folder)] if engine == "FolderHome" else []
    result = ginspec("check", "--engine", f"{ENGINES}:{engine}", "--only", "vectors", "--area", "knock", *where, "--report", str(report), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    derived = [record["id"] for record in data["records"] if record["id"].endswith("@low-knock")]
    assert derived and all(record["status"] != "fail" for record in data["records"])


@pytest.mark.usefixtures("_own_house_variables")
def test_a_home_variant_file_that_is_not_there_is_refused_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.engines import profiles

    monkeypatch.setattr(profiles.HouseHome, "home", "no-such-house.yaml")
    result = ginspec("check", "--engine", f"{ENGINES}:HouseHome", "--area", "knock", cwd=tmp_path)
    assert result.returncode == 2 and "no-such-house.yaml" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.usefixtures("_own_house_variables")
def test_an_exec_engine_names_its_home_variant_file_relative_to_its_program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ginspec.adapters.jsonl import JsonLinesAdapter
    from ginspec.suite.variants import get_variant

    (tmp_path / "my-rules.yaml").write_text("extends: standard\ngin_bonus: 30\n", encoding="utf-8")
    engine = _exec_engine(tmp_path, home_variant="my-rules.yaml")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    adapter = JsonLinesAdapter(engine[len("exec:"):])
    try:
        home = adapter.capabilities().home_variant
    finally:
        adapter.close()
    assert home == "my-rules" and get_variant(home).parameters["gin_bonus"] == 30


def test_each_parameter_version_names_a_parameter_and_a_version_up_to_the_package_s() -> None:
    from importlib.metadata import version

    from ginspec.adapters.profile import current_suite_version, parameter_versions, version_key
    from ginspec.suite.variants import parameter_schemas

    assert parameter_versions(), "spec/parameter-versions.yaml lists the parameters added since 0.1"
    assert set(parameter_versions()) <= set(parameter_schemas())
    assert all(version_key(added) is not None for added in parameter_versions().values())
    assert version_key(current_suite_version()) <= version_key(version("ginspec"))  # type: ignore[operator]
