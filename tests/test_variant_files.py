"""The shipped variant files, and their agreement with the conflicts register and the open questions.

Each reading of ``spec/conflicts.yaml`` names the variants that follow it and the parameter values
that select it; every such variant must resolve to exactly those values. The default reading of
each question in ``spec/ambiguities.yaml`` must hold for the standard variant (or, for a question
about one module of the game, for that module's variant).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import jsonschema
import pytest
import yaml

from ginspec.suite.variants import Variant, load_variants, parameter_schemas, variant_files
from ginspec.suite.yamlio import SAFE_LOADER

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec"

# Variants the registers and other parts of the specification refer to by name.
REQUIRED = {
    "standard", "classic", "oklahoma", "hollywood", "straight", "tournament", "eleven-card-start",
    "eaai", "three-player", "partnership", "house-s000", "house-s002", "house-s003",
}

# A register entry found to be wrong is listed here, keyed by (entry id, reading number from 1,
# variant), with the reason; its check is then expected to fail until the register is corrected.
KNOWN_REGISTER_ERRORS: dict[tuple[str, int, str], str] = {}

# Register parameter values the variant schema cannot hold, keyed by (entry id, reading).
VALUES_THE_SCHEMA_LACKS: dict[tuple[str, str], str] = {}

# Questions about one module of the game: their default holds in that module's variant.
QUESTION_SCOPE = {"Q17": "oklahoma", "Q20": "hollywood", "Q23": "house-s003", "Q24": "house-s003", "Q25": "house-s003", "Q26": "house-s003"}


def _yaml(name: str) -> Any:
    return yaml.load((SPEC / name).read_text(encoding="utf-8"), Loader=SAFE_LOADER)


VARIANTS: dict[str, Variant] = load_variants()
CONFLICTS = _yaml("conflicts.yaml")["conflicts"]
QUESTIONS = _yaml("ambiguities.yaml")["questions"]
SOURCE_CODES = {entry["code"] for entry in _yaml("sources.yaml")["sources"]}


def _document(name: str) -> dict[str, Any]:
    return yaml.load(variant_files()[name].read_text(encoding="utf-8"), Loader=SAFE_LOADER)


def _authoritative(name: str) -> bool:
    return bool(_document(name).get("authoritative", True))


def _named_readings() -> Iterator[tuple[str, int, dict[str, Any]]]:
    """Every reading of either register that carries a ``variants`` list."""
    for entry in CONFLICTS:
        for number, reading in enumerate(entry["readings"], 1):
            if "variants" in reading:
                yield entry["id"], number, reading
    for question in QUESTIONS:
        for number, reading in enumerate(question["readings"], 1):
            if "variants" in reading:
                yield question["id"], number, reading


def _register_cases() -> list[Any]:
    cases = []
    for entry_id, number, reading in _named_readings():
        for variant in reading["variants"]:
            marks = []
            reason = KNOWN_REGISTER_ERRORS.get((entry_id, number, variant))
            if reason:
                marks.append(pytest.mark.xfail(strict=True, reason=reason))
            cases.append(
                pytest.param(variant, reading["parameters"], id=f"{entry_id}-{number}-{variant}", marks=marks)
            )
    return cases


# ----------------------------------------------------------------------------- the files


def test_every_variant_the_specification_names_is_shipped() -> None:
    assert REQUIRED <= set(VARIANTS)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_has_a_title_a_description_and_known_sources(name: str) -> None:
    variant = VARIANTS[name]
    assert variant.title.strip()
    assert variant.description.strip()
    assert variant.sources
    assert not set(variant.sources) - SOURCE_CODES, f"unknown source codes: {set(variant.sources) - SOURCE_CODES}"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_description_is_two_to_four_sentences(name: str) -> None:
    sentences = [part for part in re.split(r"(?<=[.!?])\s+", VARIANTS[name].description.strip()) if part]
    assert 2 <= len(sentences) <= 4, sentences


@pytest.mark.parametrize("name", sorted(set(VARIANTS) - {"standard"}))
def test_variant_extends_another_and_sets_only_what_differs(name: str) -> None:
    variant = VARIANTS[name]
    assert variant.extends is not None, "every variant but standard builds on another"
    parent = VARIANTS[variant.extends].parameters
    restated = sorted(key for key, value in variant.own_parameters.items() if parent[key] == value)
    assert not restated, f"repeats its parent's values: {restated}"
    assert variant.own_parameters, "a variant must change something"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_house_rules_are_not_authoritative(name: str) -> None:
    if name.startswith("house-"):
        assert not _authoritative(name)
    parent = VARIANTS[name].extends
    if parent is not None and not _authoritative(parent):
        assert not _authoritative(name), f"{name} builds on the non-authoritative {parent}"


def test_no_two_variants_resolve_to_the_same_parameters() -> None:
    seen: dict[tuple[Any, ...], str] = {}
    for name, variant in sorted(VARIANTS.items()):
        key = tuple(sorted(variant.parameters.items()))
        assert key not in seen, f"{name} and {seen.get(key)} are the same game"
        seen[key] = name


def test_single_table_variants_have_two_players_and_multi_player_variants_a_format() -> None:
    for name, variant in VARIANTS.items():
        players, table = variant.parameters["players"], variant.parameters["table_format"]
        assert (players == 2) == (table == "heads_up"), name
        if table == "partnership":
            assert players == 4, name
        if table == "sit_out":
            assert players == 3, name


# ----------------------------------------------------------------------------- the registers


def test_every_variant_named_in_the_registers_exists() -> None:
    named = {variant for _, _, reading in _named_readings() for variant in reading["variants"]}
    assert named, "the conflicts register names variants"
    assert not named - set(VARIANTS)


@pytest.mark.parametrize(("variant", "parameters"), _register_cases())
def test_register_reading_holds_for_each_variant_it_names(variant: str, parameters: dict[str, Any]) -> None:
    resolved = VARIANTS[variant].parameters
    wrong = {key: (value, resolved[key]) for key, value in parameters.items() if resolved[key] != value}
    assert not wrong, f"register value vs variant value: {wrong}"


def test_no_variant_follows_two_readings_of_one_entry() -> None:
    clashes = []
    for entry in CONFLICTS:
        seen: dict[str, int] = {}
        for number, reading in enumerate(entry["readings"], 1):
            for variant in reading["variants"]:
                if variant in seen:
                    clashes.append(f"{entry['id']}: {variant} in readings {seen[variant]} and {number}")
                seen[variant] = number
    assert not clashes


def _value_cases() -> list[Any]:
    cases = []
    readings = [(entry["id"], str(number), reading) for entry in CONFLICTS for number, reading in enumerate(entry["readings"], 1)]
    readings += [(question["id"], reading["id"], reading) for question in QUESTIONS for reading in question["readings"]]
    for entry_id, reading_id, reading in readings:
        if not reading["parameters"]:
            continue
        reason = VALUES_THE_SCHEMA_LACKS.get((entry_id, reading_id))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        cases.append(pytest.param(reading["parameters"], id=f"{entry_id}-{reading_id}", marks=marks))
    return cases


@pytest.mark.parametrize("parameters", _value_cases())
def test_register_values_are_values_a_variant_can_hold(parameters: dict[str, Any]) -> None:
    schemas = parameter_schemas()
    for key, value in parameters.items():
        jsonschema.Draft202012Validator(schemas[key]).validate(value)


@pytest.mark.parametrize("question", QUESTIONS, ids=[question["id"] for question in QUESTIONS])
def test_default_reading_of_each_question_is_what_the_variants_play(question: dict[str, Any]) -> None:
    default = next(reading for reading in question["readings"] if reading["id"] == question["default"])
    variant = QUESTION_SCOPE.get(question["id"], "standard")
    resolved = VARIANTS[variant].parameters
    wrong = {key: (value, resolved[key]) for key, value in default["parameters"].items() if resolved[key] != value}
    assert not wrong, f"{variant}: default reading vs variant value: {wrong}"
