"""Every capability field works the same for a Python adapter and for an engine over JSON lines:
the same cases come out unsupported, for the same reasons, and the rest pass."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from ginspec.adapters import open_engine
from ginspec.judging.runner import CaseResult, plan_cases, run_cases
from ginspec.suite.variants import get_variant, resolve_run_variant
from ginspec.suite.vectors import Vector, load_vectors

ROOT = Path(__file__).resolve().parent.parent
PYTHON = "tests.engines.limited:LimitedEngine"
OVER_JSON_LINES = f"exec:{sys.executable} -m ginspec.serve --engine {PYTHON}"

VECTORS = {vector.id: vector for vector in load_vectors()}


def _pick(predicate: Any, count: int = 3) -> list[Vector]:
    """The first ``count`` well-formed vectors that ``predicate`` accepts (malformed questions,
    which expect a refusal, are tested apart)."""
    return [vector for vector in VECTORS.values() if "refused" not in vector.expected and predicate(vector)][:count]


def _run(
    engine: str, config: dict[str, Any], vectors: list[Vector], monkeypatch: pytest.MonkeyPatch, requested: str | None = None
) -> tuple[Any, list[CaseResult]]:
    monkeypatch.setenv("GINSPEC_LIMITED", json.dumps(config))
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    monkeypatch.chdir(ROOT)
    adapter = open_engine(engine, timeout=30)
    try:
        capabilities = adapter.capabilities()
        variant = resolve_run_variant(requested, capabilities)
        parameters = get_variant(variant).parameters if variant else None
        home = capabilities if variant and requested is None else None
        return capabilities, run_cases(adapter, capabilities, plan_cases(vectors, variant, parameters, home))
    finally:
        adapter.close()


def _both(config: dict[str, Any], vectors: list[Vector], monkeypatch: pytest.MonkeyPatch, requested: str | None = None) -> list[tuple[str, str, str]]:
    """(id, status, message) of each case, checked equal in Python and over JSON lines."""
    python_capabilities, in_python = _run(PYTHON, config, vectors, monkeypatch, requested)
    jsonl_capabilities, over_jsonl = _run(OVER_JSON_LINES, config, vectors, monkeypatch, requested)
    assert dataclasses.asdict(python_capabilities) == dataclasses.asdict(jsonl_capabilities)
    seen = [(result.id, result.status, result.message) for result in in_python]
    assert seen == [(result.id, result.status, result.message) for result in over_jsonl]
    return seen


def test_parameters_limit_only_cases_that_depend_on_them(monkeypatch: pytest.MonkeyPatch) -> None:
    depends = _pick(lambda v: "tie_outcome" in (v.depends_on or ()) and v.parameters["tie_outcome"] == "undercut")
    free = _pick(lambda v: v.kind == "score" and "tie_outcome" not in (v.depends_on or ()) and v.parameters["tie_outcome"] == "undercut")
    assert depends and free
    seen = _both({"parameters": {"tie_outcome": ["draw"]}}, depends + free, monkeypatch)
    assert [status for _, status, _ in seen[: len(depends)]] == ["unsupported"] * len(depends)
    assert all("tie_outcome" in message for _, _, message in seen[: len(depends)])
    assert [status for _, status, _ in seen[len(depends) :]] == ["pass"] * len(free)


def test_kinds_the_engine_does_not_answer_are_unsupported(monkeypatch: pytest.MonkeyPatch) -> None:
    vectors = _pick(lambda v: v.kind == "game", 2) + _pick(lambda v: v.kind == "meld", 2)
    seen = _both({"kinds": ["meld"]}, vectors, monkeypatch)
    assert [status for _, status, _ in seen] == ["unsupported", "unsupported", "pass", "pass"]
    assert "'game' questions" in seen[0][2]


def test_omitted_fields_are_not_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    only_arrangements = [dataclasses.replace(vector, expected={"arrangements": vector.expected["arrangements"]}) for vector in _pick(lambda v: "arrangements" in v.expected, 2)]
    with_deadwood = _pick(lambda v: "arrangements" in v.expected, 2)
    seen = _both({"omits": ["arrangements"]}, only_arrangements + with_deadwood, monkeypatch)
    assert [status for _, status, _ in seen] == ["unsupported", "unsupported", "pass", "pass"]


def test_scopes_limit_a_parameter_to_the_kinds_it_changes_in_derived_cases(monkeypatch: pytest.MonkeyPatch) -> None:
    """A derived case is asked under every parameter of the run's variant: a limit in scope for
    its kind applies only if its answer depends on the parameter there, and one out of scope never
    does: a tie rule the engine cannot play limits scores, not knocks."""
    knocks = _pick(lambda v: v.kind == "knock" and v.parameters["knock_limit"] != 10 and "knock_limit" in (v.depends_on or ()), 2)
    assert knocks
    limit = {"tie_outcome": ["draw"]}
    seen = _both({"parameters": limit, "scopes": {"tie_outcome": ["score", "round"]}}, knocks, monkeypatch, "standard")
    assert [(case_id.endswith("@standard"), status) for case_id, status, _ in seen] == [(True, "pass")] * len(knocks)
    # without scopes, what a derived case depends on under the variant is worked out from the
    # rules: a knock does not turn on the tie rule, so it is judged all the same
    seen = _both({"parameters": limit}, knocks, monkeypatch, "standard")
    assert [status for _, status, _ in seen] == ["pass"] * len(knocks)


def _refuses_a_layoff(vector: Vector) -> bool:
    refused = vector.expected.get("illegal")
    actions = vector.input.get("actions") or []
    return vector.kind == "round" and isinstance(refused, dict) and " layoff " in f" {actions[refused['index']]} "


def test_an_engine_that_lays_off_by_itself_skips_hands_about_a_layoff_action(monkeypatch: pytest.MonkeyPatch) -> None:
    laying_off = _pick(_refuses_a_layoff, 2)
    seen = _both({"layoff_style": "automatic"}, laying_off, monkeypatch)
    assert [status for _, status, _ in seen] == ["unsupported", "unsupported"]
    assert "lays off automatically" in seen[0][2]


def test_a_declared_reading_spares_the_cases_that_depend_on_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reading the reference engine does not play (Q21 b, at a table): the cases that turn on it
    are unsupported, naming the question."""
    tied_at_the_table = [VECTORS["scoring-9101"], VECTORS["scoring-9102"]]
    seen = _both({"readings": {"Q21": "b"}}, tied_at_the_table, monkeypatch)
    assert [status for _, status, _ in seen] == ["unsupported", "unsupported"]
    assert "open question Q21" in seen[0][2]


def test_a_declared_reading_the_reference_plays_derives_its_cases(monkeypatch: pytest.MonkeyPatch) -> None:
    """Q27 c, which the reference engine plays: the cases that turn on it are derived under it.
    This engine declares it but answers by the default reading, so it fails them, in Python and
    over JSON lines alike."""
    doubly_wrong = [VECTORS["round-6103"], VECTORS["round-6101"]]
    seen = _both({"readings": {"Q27": "c"}}, doubly_wrong, monkeypatch)
    # round-6103: over the limit with an invalid spread, which reading c refuses for its spread;
    # round-6101: the card just taken, refused as such under either reading
    assert [status for _, status, _ in seen] == ["fail", "pass"], seen
    assert "expected 'invalid_spread'" in seen[0][2]


def test_the_home_variant_is_played_by_default_and_derives_what_it_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    ties = _pick(lambda v: v.kind == "score" and "tie_outcome" in (v.depends_on or ()) and v.parameters["tie_outcome"] == "undercut", 2)
    config = {"home_variant": "openspiel", "parameters": {"tie_outcome": ["draw"], "big_gin": [False]}}
    seen = _both(config, ties, monkeypatch)
    assert [(case_id.endswith("@openspiel"), status) for case_id, status, _ in seen] == [(True, "pass"), (True, "pass")]


def test_an_engine_declines_one_case_with_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    vectors = _pick(lambda v: v.kind == "knock", 3)
    seen = _both({"decline": [vectors[1].id]}, vectors, monkeypatch)
    assert [status for _, status, _ in seen] == ["pass", "unsupported", "pass"]
    assert f"this engine does not take {vectors[1].id}" in seen[1][2]


def test_an_unknown_home_variant_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from ginspec.errors import InvalidVariant

    with pytest.raises(InvalidVariant, match="home variant of limited: unknown variant 'no-such'"):
        _run(PYTHON, {"home_variant": "no-such"}, _pick(lambda v: True, 1), monkeypatch)


def test_the_knocker_spread_an_engine_declares_crosses_json_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """``knocker_spread: best`` is read the same in Python and over JSON lines; the reference
    engine always lays down a spread best for the knocker, so it passes held to it."""
    python_capabilities, _ = _run(PYTHON, {"knocker_spread": "best"}, [], monkeypatch)
    assert python_capabilities.knocker_spread == "best"
    seen = _both({"knocker_spread": "best"}, [VECTORS["scoring-7005"], VECTORS["round-7101"]], monkeypatch)
    assert [status for _, status, _ in seen] == ["pass", "pass"]


def test_a_knocker_spread_that_is_neither_any_nor_best_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Refused when the engine starts, in Python and over JSON lines: one line naming the values,
    exit status 2."""
    from tests.in_process import ginspec

    monkeypatch.setenv("GINSPEC_LIMITED", json.dumps({"knocker_spread": "worst"}))
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for engine in (PYTHON, OVER_JSON_LINES):
        done = ginspec("check", "--engine", engine, "--id", "scoring-7005", "--report", str(tmp_path / "r.json"), "--force", cwd=ROOT)
        assert done.returncode == 2, done.stderr
        assert "knocker_spread" in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
