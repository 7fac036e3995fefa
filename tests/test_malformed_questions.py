"""Malformed questions (spec/protocol.md, "Refusing a malformed question"): every vector of
vectors/malformed/ is confirmed by the independent classifier of tests/oracle/malformed.py, the
vectors cover every reason code, and the judge passes only the expected refusal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ginspec.adapters.base import REFUSALS, Capabilities, Question
from ginspec.judging.judge import judge, judge_round
from tests.oracle.malformed import refusal
from tests.oracle.params import variant_parameters
from tests.oracle.yamlfile import load_yaml

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "vectors" / "malformed").glob("*.yaml"))
VECTORS = [vector for path in FILES for vector in load_yaml(path.read_text(encoding="utf-8"))["vectors"]]


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["id"] for vector in VECTORS])
def test_the_oracle_refuses_each_vector_for_its_reason(vector: dict) -> None:
    parameters = {**variant_parameters(vector.get("variant", "standard")), **(vector.get("overrides") or {})}
    parameters.update(vector.get("malformed_parameters") or {})
    for name in vector.get("missing_parameters") or ():
        parameters.pop(name)
    assert refusal(vector["kind"], vector["input"], parameters) == vector["expected"]["refused"]


PARAMETER_VECTORS = [vector for vector in VECTORS if vector.get("malformed_parameters") or vector.get("missing_parameters")]


@pytest.mark.parametrize("vector", PARAMETER_VECTORS, ids=[vector["id"] for vector in PARAMETER_VECTORS])
def test_without_its_values_outside_the_rules_the_question_is_not_refused_for_them(vector: dict) -> None:
    parameters = {**variant_parameters(vector.get("variant", "standard")), **(vector.get("overrides") or {})}
    assert refusal(vector["kind"], vector["input"], parameters) != "invalid_parameter"


def test_every_reason_code_has_a_vector_and_the_codes_match_the_schema() -> None:
    assert {vector["expected"]["refused"] for vector in VECTORS} == set(REFUSALS)
    schema = json.loads((ROOT / "spec" / "schema" / "protocol" / "refusal.schema.json").read_text(encoding="utf-8"))
    assert schema["properties"]["refused"]["enum"] == list(REFUSALS)
    assert all(vector.get("provenance") == "hand" and vector["rules"] for vector in VECTORS)


def test_a_well_formed_question_is_not_refused_by_the_oracle() -> None:
    standard = variant_parameters("standard")
    assert refusal("knock", {"hand": "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ks Qs", "discard": "Ks"}, standard) is None
    assert refusal("layoff", {"knocker_melds": ["6s 7s 8s"], "defender": "2c 3c 4d 5d 9h Th Jh Kc Qd 5s"}, standard) is None


@pytest.mark.parametrize("judged", [judge, judge_round])
def test_the_judge_passes_only_the_expected_refusal(judged) -> None:
    expected = {"refused": "wrong_hand_size"}
    assert judged(expected, {"refused": "wrong_hand_size", "message": "10 cards"}).passed
    other = judged(expected, {"refused": "duplicate_card"})
    assert not other.passed and "refused for 'duplicate_card'" in other.mismatches[0]
    answered = judged(expected, {"legal": True, "deadwood": 4, "gin": False, "finished": True})
    assert not answered.passed and "answered it" in answered.mismatches[0]
    well_formed = judged({"deadwood": 4}, {"refused": "wrong_hand_size"})
    assert not well_formed.passed and "refused a well-formed question" in well_formed.mismatches[0]


def test_an_undeclared_refusal_is_unsupported_with_its_reason() -> None:
    engine = Capabilities(engine="e", version="1", refuses={"knock": frozenset({"card_not_held"})})
    assert engine.refusal_unsupported("knock", "card_not_held") is None
    assert "does not declare the refusal 'wrong_hand_size'" in (engine.refusal_unsupported("knock", "wrong_hand_size") or "")
    assert "does not refuse malformed 'round' questions" in (engine.refusal_unsupported("round", "missing_upcard") or "")


def test_a_refusal_with_an_unknown_code_does_not_follow_the_protocol() -> None:
    from ginspec.adapters.answers import answer_problem

    assert answer_problem("knock", {"refused": "bad_hand"}) is not None
    assert answer_problem("round", {"refused": "missing_upcard", "message": "no upcard"}) is None


def test_the_reference_engine_and_its_jsonl_server_refuse_alike() -> None:
    from ginspec.adapters.reference import ReferenceAdapter
    from ginspec.suite.variants import resolve_parameters

    question = Question("knock", {"hand": "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ks", "discard": "Ks"}, resolve_parameters("standard", None, "overrides"))
    answer = ReferenceAdapter().ask(question)
    assert answer["refused"] == "wrong_hand_size"
    assert set(ReferenceAdapter().capabilities().refuses) >= {"meld", "deadwood", "discard", "knock", "layoff", "score", "round", "game"}


def test_the_runner_fails_an_engine_that_answers_and_skips_one_that_declares_nothing() -> None:
    import dataclasses

    from ginspec.adapters.reference import ReferenceAdapter
    from ginspec.judging.runner import plan_cases, run_cases
    from ginspec.suite.vectors import load_vector_file

    vectors = [vector for path in FILES for vector in load_vector_file(path)]
    reference = ReferenceAdapter()
    declared = reference.capabilities()
    assert {result.status for result in run_cases(reference, declared, plan_cases(vectors))} == {"pass"}

    class Answers(ReferenceAdapter):
        """Claims every refusal but answers a knock question whatever its hand."""

        def ask(self, question: Question) -> dict:
            if question.kind == "knock":
                return {"legal": False, "deadwood": 0, "gin": False}
            return super().ask(question)

    results = run_cases(Answers(), declared, plan_cases(vectors))
    assert {result.status for result in results if result.kind == "knock"} == {"fail"}
    silent = dataclasses.replace(declared, refuses={})
    results = run_cases(reference, silent, plan_cases(vectors))
    assert {result.status for result in results} == {"unsupported"}
    assert all("does not refuse malformed" in result.message for result in results)


FIRST_DEALERS = [vector for vector in VECTORS if vector["kind"] in ("game", "three_player", "table_game", "partnership")]


@pytest.mark.parametrize("vector", FIRST_DEALERS, ids=[vector["id"] for vector in FIRST_DEALERS])
def test_the_game_oracles_refuse_an_impossible_first_dealer(vector: dict) -> None:
    from tests.oracle import games, table_rounds, tables

    parameters = {**variant_parameters(vector.get("variant", "standard")), **(vector.get("overrides") or {})}
    parameters.update(vector.get("malformed_parameters") or {})
    if vector["expected"]["refused"] != "invalid_dealer":
        return
    if vector["kind"] == "game":
        answer = games.answer("game", vector["input"], parameters)
    elif vector["kind"] == "table_game":
        answer = table_rounds.table_game(vector["input"], parameters)
    else:
        answer = tables.expected(vector["kind"], vector["input"], parameters)
    assert answer == {"refused": "invalid_dealer"}


def test_over_json_lines_the_refusals_and_their_verdicts_are_the_same() -> None:
    import sys

    from ginspec.adapters import open_engine
    from ginspec.adapters.reference import ReferenceAdapter
    from ginspec.judging.runner import plan_cases, run_cases
    from ginspec.suite.vectors import load_vector_file

    vectors = [vector for path in FILES for vector in load_vector_file(path)]
    reference = ReferenceAdapter()
    in_python = run_cases(reference, reference.capabilities(), plan_cases(vectors))
    served = open_engine(f"exec:{sys.executable} -m ginspec.serve", timeout=30)
    try:
        capabilities = served.capabilities()
        assert capabilities.refuses == reference.capabilities().refuses
        over_jsonl = run_cases(served, capabilities, plan_cases(vectors))
    finally:
        served.close()
    assert [(result.id, result.status, result.observed) for result in over_jsonl] == [
        (result.id, result.status, result.observed) for result in in_python
    ]
