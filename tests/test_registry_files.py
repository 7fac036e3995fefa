"""Consistency checks for the rule registry and the files that refer to it.

Covers spec/rules/*.yaml, spec/sources.yaml, spec/seed-map.yaml, spec/conflicts.yaml,
spec/ambiguities.yaml and spec/retired-ids.yaml: each file against its JSON Schema, then the
cross-references between them (rule IDs, source codes, seed statements, conflicts, questions,
variant parameters, retired IDs).
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import jsonschema
import pytest

from tests.oracle.yamlfile import read_document

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec"
SCHEMA = SPEC / "schema"
RULES_DIR = SPEC / "rules"

ID_PATTERN = re.compile(r"^[A-Z0-9]+(-[A-Z0-9]+)*$")
SEED_STATEMENT = re.compile(r"^(S000|S002|S003)-([a-z]{1,2})$")

# Rule areas and the ID prefixes each one may use.
AREAS = {
    "equipment": ("EQUIP", "CARD"),
    "melds": ("MELD", "DEADWOOD"),
    "deal": ("DEAL",),
    "first-turn": ("FIRST",),
    "turn": ("TURN",),
    "knock": ("KNOCK",),
    "gin": ("GIN", "BIGGIN"),
    "layoff": ("LAYOFF",),
    "scoring": ("SCORE",),
    "stock": ("STOCK",),
    "game": ("GAME",),
    "oklahoma": ("OKLA",),
    "hollywood": ("HOLLY",),
    "straight": ("STRAIGHT",),
    "three-player": ("MP3",),
    "partnership": ("MP4",),
    "multiplayer-house": ("MPN",),
    "irregularities": ("IRREG",),
    "engine-conventions": ("IMPL",),
}
RULE_PREFIXES = tuple(p for prefixes in AREAS.values() for p in prefixes)

# The YAML keys of spec/variants/*.yaml that a rule, conflict or question may name.
PARAMETERS = set(
    json.loads((ROOT / "spec" / "schema" / "variant.schema.json").read_text(encoding="utf-8"))["$defs"]["parameters"]["properties"]
)

VARIANTS = {path.stem for path in (ROOT / "spec" / "variants").glob("*.yaml")}


def _letters(count: int) -> list[str]:
    """Statement letters a, b, ..., z, aa, ab, ... as the seed map uses them."""
    alphabet = string.ascii_lowercase
    return [alphabet[i] if i < 26 else alphabet[i // 26 - 1] + alphabet[i % 26] for i in range(count)]


# Statements extracted from each seed document: S000 a..ab, S002 a..u, S003 a..r.
SEED_STATEMENTS = (
    [f"S000-{x}" for x in _letters(28)]
    + [f"S002-{x}" for x in _letters(21)]
    + [f"S003-{x}" for x in _letters(18)]
)

# Every ID registered so far. IDs are permanent: each must stay registered or be retired.
BASELINE_RULE_IDS = {
    "EQUIP-DECK-52", "EQUIP-PLAYERS-TWO", "CARD-RANK-ACE-LOW", "CARD-VALUES",
    "MELD-SET", "MELD-RUN", "MELD-RUN-ACE-LOW", "MELD-RUN-NO-WRAP", "MELD-DISJOINT",
    "MELD-ARRANGEMENT-CHOICE", "DEADWOOD-COUNT", "MELD-CONCEALED",
    "DEAL-FIRST-DEALER", "DEAL-ROTATION", "DEAL-HAND-SIZE-10", "DEAL-UPCARD-STOCK",
    "DEAL-ELEVEN-CARD-START", "DEAL-SHUFFLE-CUT",
    "FIRST-UPCARD-OFFER", "FIRST-DEALER-TAKES-UPCARD", "FIRST-TURN-KNOCK",
    "TURN-DRAW-SOURCE", "TURN-DISCARD", "TURN-NO-DISCARD-TAKEN-CARD", "TURN-DISCARD-TOP-ONLY",
    "TURN-STOCK-COUNT", "TURN-ALTERNATION",
    "KNOCK-LIMIT", "KNOCK-COUNT-AFTER-DISCARD", "KNOCK-TIMING", "KNOCK-DISCARD-FACE-DOWN",
    "KNOCK-DECLARATION", "KNOCK-SPREAD-FIXED", "KNOCK-OPTIONAL", "KNOCK-ENDS-PLAY",
    "GIN-DEFINITION", "GIN-NO-LAYOFF", "GIN-DEFENDER-MELDS", "GIN-CANNOT-BE-UNDERCUT", "GIN-BONUS",
    "BIGGIN-DEFINITION", "BIGGIN-NO-LAYOFF", "BIGGIN-BONUS",
    "LAYOFF-DEFENDER-ONLY", "LAYOFF-TARGET-KNOCKER-MELDS", "LAYOFF-EXTEND-SET", "LAYOFF-EXTEND-RUN",
    "LAYOFF-CHAIN", "LAYOFF-DEFENDER-MELDS", "LAYOFF-OPTIONAL", "LAYOFF-OPTIMAL",
    "SCORE-HAND-OUTCOMES", "SCORE-KNOCK-WIN", "SCORE-UNDERCUT", "SCORE-UNDERCUT-TIE", "SCORE-GIN",
    "SCORE-BIGGIN", "SCORE-WINNER-ONLY", "SCORE-ACCUMULATE", "SCORE-AUTO-SPREAD",
    "STOCK-WALL-TWO", "STOCK-VOID-NO-SCORE", "STOCK-VOID-DEALER", "STOCK-FIFTIETH-CARD",
    "STOCK-NO-RESHUFFLE",
    "GAME-TARGET", "GAME-BONUS", "GAME-BOX-BONUS", "GAME-SHUTOUT", "GAME-WINNER", "GAME-EXTRA-BOXES",
    "OKLA-KNOCK-CARD", "OKLA-ACE", "OKLA-SPADE-DOUBLE", "OKLA-TARGET", "OKLA-UPCARD-REFERENCE",
    "OKLA-SECOND-DECK",
    "HOLLY-THREE-GAMES", "HOLLY-GAME-CLOSE", "HOLLY-SHUTOUT-ENTRY", "HOLLY-TARGET", "HOLLY-ROLLING",
    "HOLLY-BOX-PER-GAME",
    "STRAIGHT-NO-KNOCK", "STRAIGHT-SCARNE",
    "MP3-DEALER-SITS-OUT", "MP3-CUTTHROAT", "MP3-CAPTAIN-BOX",
    "MP4-PARTNERSHIP", "MP4-NET-RESULT", "MP4-TARGET", "MP4-CONSULT", "MP4-DRAWN-HAND", "MP4-DEAL",
    "MPN-SEED003", "MPN-SEED003-DEAL", "MPN-SEED003-SCORING",
    "IRREG-WRONG-DEALER", "IRREG-EXPOSED-CARD-DEAL", "IRREG-WRONG-HAND-SIZE", "IRREG-ILLEGAL-KNOCK",
    "IRREG-KNOCK-DISCARD-ON-PILE", "IRREG-FORGOT-TO-KNOCK", "IRREG-ILLEGAL-ACTION-FORFEIT",
    "IRREG-PARTNERSHIP-COUNT",
    "IMPL-REPEATED-UPCARD-DRAW", "IMPL-SINGLE-HAND-RETURNS", "IMPL-MELD-SEARCH",
}

RETIRED_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["retired"],
    "properties": {
        "retired": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "retired", "reason"],
                "properties": {
                    "id": {"type": "string", "pattern": ID_PATTERN.pattern},
                    "retired": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"},
                    "reason": {"type": "string", "minLength": 1},
                    "replaced_by": {
                        "type": "array",
                        "items": {"type": "string", "pattern": ID_PATTERN.pattern},
                    },
                },
            },
        }
    },
}


def _load_schema(name: str) -> dict:
    with (SCHEMA / name).open(encoding="utf-8") as handle:
        return json.load(handle)


def _validate(instance, schema: dict, label: str) -> None:
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
    messages = [f"{label}: {'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message}" for e in errors]
    assert not messages, "\n".join(messages)


RULE_FILES = sorted(RULES_DIR.glob("*.yaml"))


@pytest.fixture(scope="module")
def areas() -> dict[str, dict]:
    return {path.stem: read_document(path) for path in RULE_FILES}


@pytest.fixture(scope="module")
def rules(areas) -> dict[str, dict]:
    return {rule["id"]: rule for data in areas.values() for rule in data["rules"]}


@pytest.fixture(scope="module")
def sources() -> dict:
    return read_document(SPEC / "sources.yaml")


@pytest.fixture(scope="module")
def seed_map() -> dict:
    return read_document(SPEC / "seed-map.yaml")


@pytest.fixture(scope="module")
def conflicts() -> dict:
    return read_document(SPEC / "conflicts.yaml")


@pytest.fixture(scope="module")
def questions() -> dict:
    return read_document(SPEC / "ambiguities.yaml")


@pytest.fixture(scope="module")
def retired() -> dict:
    return read_document(SPEC / "retired-ids.yaml")


@pytest.fixture(scope="module")
def source_codes(sources) -> set[str]:
    return {entry["code"] for entry in sources["sources"]}


# --- schemas -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "rules.schema.json",
        "sources.schema.json",
        "seed-map.schema.json",
        "conflicts.schema.json",
        "ambiguities.schema.json",
    ],
)
def test_schema_is_valid_json_schema(name):
    jsonschema.Draft202012Validator.check_schema(_load_schema(name))


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.name)
def test_rule_file_matches_schema(path):
    _validate(read_document(path), _load_schema("rules.schema.json"), str(path.relative_to(ROOT)))


@pytest.mark.parametrize(
    ("filename", "schema"),
    [
        ("sources.yaml", "sources.schema.json"),
        ("seed-map.yaml", "seed-map.schema.json"),
        ("conflicts.yaml", "conflicts.schema.json"),
        ("ambiguities.yaml", "ambiguities.schema.json"),
    ],
)
def test_registry_file_matches_schema(filename, schema):
    _validate(read_document(SPEC / filename), _load_schema(schema), f"spec/{filename}")


def test_retired_file_is_well_formed(retired):
    _validate(retired, RETIRED_SCHEMA, "spec/retired-ids.yaml")


# --- rule files ----------------------------------------------------------------------------------


def test_every_area_has_its_file(areas):
    assert set(areas) == set(AREAS)


def test_area_field_matches_file_name(areas):
    wrong = {stem: data["area"] for stem, data in areas.items() if data["area"] != stem}
    assert not wrong


def test_rule_ids_use_their_area_prefixes(areas):
    wrong = [
        f"{stem}: {rule['id']}"
        for stem, data in areas.items()
        for rule in data["rules"]
        if not rule["id"].startswith(tuple(p + "-" for p in AREAS[stem]))
    ]
    assert not wrong


def test_rule_ids_are_unique_across_areas(areas):
    seen: dict[str, str] = {}
    duplicates = []
    for stem, data in areas.items():
        for rule in data["rules"]:
            if rule["id"] in seen:
                duplicates.append(f"{rule['id']} in {seen[rule['id']]} and {stem}")
            seen[rule["id"]] = stem
    assert not duplicates


def test_unverifiable_rules_give_a_reason(rules):
    missing = [rid for rid, rule in rules.items() if not rule["verifiable"] and not rule.get("unverifiable_reason")]
    assert not missing


def test_rule_parameters_are_known(rules):
    unknown = {rid: sorted(set(rule["parameters"]) - PARAMETERS) for rid, rule in rules.items()}
    assert not {rid: names for rid, names in unknown.items() if names}


def test_baseline_ids_are_registered_or_retired(rules, retired):
    retired_ids = {entry["id"] for entry in retired["retired"]}
    assert not BASELINE_RULE_IDS - set(rules) - retired_ids


def test_no_retired_id_is_registered(rules, retired):
    retired_ids = {entry["id"] for entry in retired["retired"]}
    assert not retired_ids & set(rules)


def test_rule_ids_named_in_rule_texts_exist(rules):
    token = re.compile(r"\b(?:%s)(?:-[A-Z0-9]+)+\b" % "|".join(RULE_PREFIXES))
    dangling = []
    for rid, rule in rules.items():
        for field in ("statement", "notes", "unverifiable_reason"):
            for name in token.findall(rule.get(field, "") or ""):
                if name not in rules:
                    dangling.append(f"{rid}.{field}: {name}")
    assert not dangling


def test_conflicts_and_questions_named_in_rule_texts_exist(rules, conflicts, questions):
    known = {c["id"] for c in conflicts["conflicts"]} | {q["id"] for q in questions["questions"]}
    token = re.compile(r"\b([CRQ][0-9]{1,2})\b")
    dangling = [
        f"{rid}: {name}"
        for rid, rule in rules.items()
        for name in token.findall(rule.get("notes", "") or "")
        if name not in known
    ]
    assert not dangling


# --- sources -------------------------------------------------------------------------------------


def test_source_codes_are_unique(sources):
    codes = [entry["code"] for entry in sources["sources"]]
    assert len(codes) == len(set(codes))


def test_seed_documents_are_listed(sources):
    seeds = {entry["code"] for entry in sources["sources"] if entry["kind"] == "seed"}
    assert seeds == {"S000", "S002", "S003"}


def _check_source_refs(refs, source_codes, statement_ids) -> list[str]:
    bad = []
    for ref in refs:
        match = SEED_STATEMENT.match(ref)
        if match:
            if ref not in statement_ids:
                bad.append(ref)
        elif ref not in source_codes:
            bad.append(ref)
    return bad


def test_rule_sources_exist(rules, source_codes, seed_map):
    statement_ids = {s["id"] for s in seed_map["statements"]}
    bad = {
        rid: _check_source_refs(rule["sources"], source_codes, statement_ids)
        for rid, rule in rules.items()
    }
    assert not {rid: refs for rid, refs in bad.items() if refs}


def test_question_sources_exist(questions, source_codes, seed_map):
    statement_ids = {s["id"] for s in seed_map["statements"]}
    bad = [
        f"{q['id']}{r['id']}: {ref}"
        for q in questions["questions"]
        for r in q["readings"]
        for ref in _check_source_refs(r["sources"], source_codes, statement_ids)
    ]
    assert not bad


# --- seed map ------------------------------------------------------------------------------------


def test_seed_map_covers_every_seed_statement_in_order(seed_map):
    assert [s["id"] for s in seed_map["statements"]] == SEED_STATEMENTS


def test_every_seed_statement_maps_to_rules_or_a_conflict(seed_map):
    unmapped = [s["id"] for s in seed_map["statements"] if not s.get("rules") and not s.get("conflict")]
    assert not unmapped


def test_seed_map_rule_ids_exist(seed_map, rules):
    dangling = [f"{s['id']}: {r}" for s in seed_map["statements"] for r in s.get("rules", []) if r not in rules]
    assert not dangling


def test_seed_map_conflicts_exist(seed_map, conflicts):
    known = {c["id"] for c in conflicts["conflicts"]}
    dangling = []
    for statement in seed_map["statements"]:
        named = statement.get("conflict", [])
        for cid in [named] if isinstance(named, str) else named:
            if cid not in known:
                dangling.append(f"{statement['id']}: {cid}")
    assert not dangling


# --- conflicts -----------------------------------------------------------------------------------


def test_conflict_ids_are_unique(conflicts):
    ids = [c["id"] for c in conflicts["conflicts"]]
    assert len(ids) == len(set(ids))


def test_conflict_rule_ids_exist(conflicts, rules):
    dangling = [f"{c['id']}: {r}" for c in conflicts["conflicts"] for r in c["rules"] if r not in rules]
    assert not dangling


def test_conflict_statements_exist(conflicts, seed_map):
    statement_ids = {s["id"] for s in seed_map["statements"]}
    dangling = [f"{c['id']}: {s}" for c in conflicts["conflicts"] for s in c["statements"] if s not in statement_ids]
    assert not dangling


def test_seed_conflicts_name_seed_statements(conflicts):
    empty = [c["id"] for c in conflicts["conflicts"] if c["id"].startswith("C") and not c["statements"]]
    assert not empty


def test_conflict_readings_use_known_parameters_and_variants(conflicts):
    bad = []
    for conflict in conflicts["conflicts"]:
        for reading in conflict["readings"]:
            bad += [f"{conflict['id']}: parameter {p}" for p in set(reading["parameters"]) - PARAMETERS]
            bad += [f"{conflict['id']}: variant {v}" for v in set(reading["variants"]) - VARIANTS]
    assert not bad


# --- questions -----------------------------------------------------------------------------------


def test_question_ids_are_unique(questions):
    ids = [q["id"] for q in questions["questions"]]
    assert len(ids) == len(set(ids))


def test_question_rule_ids_exist(questions, rules):
    dangling = [f"{q['id']}: {r}" for q in questions["questions"] for r in q["rules"] if r not in rules]
    assert not dangling


def test_question_readings_are_distinct_and_default_exists(questions):
    bad = []
    for question in questions["questions"]:
        reading_ids = [r["id"] for r in question["readings"]]
        if len(reading_ids) != len(set(reading_ids)):
            bad.append(f"{question['id']}: repeated reading id")
        if question["default"] not in reading_ids:
            bad.append(f"{question['id']}: default {question['default']} is not a reading")
    assert not bad


def test_question_parameters_are_known(questions):
    bad = [
        f"{q['id']}{r['id']}: {p}"
        for q in questions["questions"]
        for r in q["readings"]
        for p in set(r["parameters"]) - PARAMETERS
    ]
    assert not bad


def test_ids_referenced_anywhere_are_not_retired(seed_map, conflicts, questions, retired):
    retired_ids = {entry["id"] for entry in retired["retired"]}
    referenced = {r for s in seed_map["statements"] for r in s.get("rules", [])}
    referenced |= {r for c in conflicts["conflicts"] for r in c["rules"]}
    referenced |= {r for q in questions["questions"] for r in q["rules"]}
    assert not referenced & retired_ids
