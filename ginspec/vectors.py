"""Loading test vectors (``vectors/<area>/*.yaml``, format in ``spec/vectors.md``).

A vector file is checked against ``spec/schema/vector-file.schema.json``, then beyond what a schema
can say: every card list parses, hands have no repeated card and no card held twice, every rule ID
is registered, the variant exists and the overrides are valid parameters, and IDs are unique. Every
problem is reported as ``file: vector-id: problem``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from ginspec import schema_checks
from ginspec.errors import InvalidVariant, InvalidVector, located
from ginspec.paths import display, schema_path, vectors_dir
from ginspec.registry import rules_by_id
from ginspec.variants import resolve_parameters
from ginspec.yamlio import load_yaml
from reference_impl.actions import parse_action
from reference_impl.cards import parse_card, parse_cards
from reference_impl.errors import NotationError

CARD_LIST_FIELDS = ("cards", "hand", "knocker", "defender")


@dataclass(frozen=True)
class Vector:
    """One test vector, with its variant parameters resolved."""

    id: str
    area: str
    file: str
    rules: tuple[str, ...]
    kind: str
    description: str
    variant: str
    overrides: Mapping[str, Any]
    parameters: Mapping[str, Any]
    input: Mapping[str, Any]
    expected: Mapping[str, Any]
    provenance: str | None


@lru_cache(maxsize=None)
def _schema_text() -> str:
    return schema_path("vector-file.schema.json").read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def vector_schema() -> dict[str, Any]:
    return json.loads(_schema_text())


def _schema_problem(document: Any) -> tuple[str | None, str] | None:
    """The first schema violation as (vector id or None, message)."""
    import jsonschema  # only for a file whose check is not remembered (ginspec.schema_checks)

    validator = jsonschema.Draft202012Validator(vector_schema())
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    if not errors:
        return None
    error = min(errors, key=lambda error: -len(error.absolute_path))
    path = list(error.absolute_path)
    vector_id = None
    if len(path) >= 2 and path[0] == "vectors" and isinstance(path[1], int):
        entry = document["vectors"][path[1]]
        vector_id = entry.get("id", f"vector #{path[1] + 1}") if isinstance(entry, dict) else f"vector #{path[1] + 1}"
        path = path[2:]
    where = ".".join(str(part) for part in path)
    if error.validator == "pattern" and isinstance(error.instance, str):
        message = _card_problem(error.instance) or f"{error.instance!r} is not valid here"
    elif error.validator == "additionalProperties":
        unknown = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        message = f"unknown key {', '.join(map(repr, unknown))}"
    else:
        message = error.message
    return vector_id, f"{where}: {message}" if where else message


def _card_problem(text: str) -> str | None:
    try:
        parse_cards(text)
    except NotationError as exc:
        return str(exc)
    return None


def _check_deal(entry: Mapping[str, Any]) -> None:
    """A round's deal uses each of the 52 cards once, and every action is well-formed notation."""
    dealt = entry["input"]["deal"]
    cards = list(parse_cards(dealt["hands"]["p1"])) + list(parse_cards(dealt["hands"]["p2"]))
    if dealt.get("upcard"):
        cards.append(parse_card(dealt["upcard"]))
    cards += parse_cards(dealt["stock"])
    seen: set[Any] = set()
    for card in cards:
        if card in seen:
            raise NotationError(f"input.deal: {str(card)!r} is dealt twice")
        seen.add(card)
    if len(cards) != 52:
        raise NotationError(f"input.deal: {len(cards)} cards are dealt, not 52")
    for number, text in enumerate(entry["input"]["actions"]):
        try:
            parse_action(text)
        except NotationError as exc:
            raise NotationError(f"input.actions[{number}]: {exc}") from None
    for point in entry["expected"].get("checkpoints", ()):
        for text in point.get("legal", ()):
            parse_action(text)


def _check_cards(entry: Mapping[str, Any]) -> None:
    """Raise NotationError for a bad token, a repeated card, or a card held by two hands."""
    if entry["kind"] == "round":
        _check_deal(entry)
        return
    data = entry["input"]
    for name in CARD_LIST_FIELDS:
        if name in data:
            parse_cards(data[name])
    for melds_field in ("knocker_melds",):
        for meld in data.get(melds_field, ()):
            parse_cards(meld)
    if "discard" in data:
        discard = parse_card(data["discard"])
        if discard not in parse_cards(data["hand"]):
            raise NotationError(f"input.discard {data['discard']!r} is not in the hand")
    if "knocker" in data and "defender" in data:
        shared = set(parse_cards(data["knocker"])) & set(parse_cards(data["defender"]))
        if shared:
            raise NotationError(f"{', '.join(sorted(map(str, shared)))} held by both knocker and defender")
    if "knocker_melds" in data and "defender" in data:
        melded = {card for meld in data["knocker_melds"] for card in parse_cards(meld)}
        shared = melded & set(parse_cards(data["defender"]))
        if shared:
            raise NotationError(f"{', '.join(sorted(map(str, shared)))} in a knocker meld and the defender's hand")
    for name in ("discards", "layoffs"):
        if name in entry["expected"]:
            parse_cards(entry["expected"][name])
    for arrangement in entry["expected"].get("arrangements", ()):
        for meld in arrangement:
            parse_cards(meld)


def load_vector_file(path: Path, known_rules: Iterable[str] | None = None, passes: list[str] | None = None) -> list[Vector]:
    """Load and check one vector file. The schema check is skipped when the same bytes passed it
    before (:mod:`ginspec.schema_checks`); a new pass is remembered at once, or added to ``passes``
    for the caller to remember."""
    shown = display(path)
    document = load_yaml(path, InvalidVector)
    key = schema_checks.file_digest(_schema_text(), path)
    if key is None or not schema_checks.passed_before(key):
        problem = _schema_problem(document)
        if problem is not None:
            vector_id, message = problem
            raise InvalidVector(located(shown, vector_id, message))
        if key is not None and passes is not None:
            passes.append(key)
        elif key is not None:
            schema_checks.remember_passes([key])
    if document["area"] != path.parent.name:
        raise InvalidVector(f"{shown}: area {document['area']!r} does not match its folder {path.parent.name!r}")
    registered = set(known_rules) if known_rules is not None else set(rules_by_id())
    vectors = []
    for entry in document["vectors"]:
        vector_id = entry["id"]
        if not vector_id.startswith(document["area"] + "-"):
            raise InvalidVector(located(shown, vector_id, f"IDs in this file start with {document['area'] + '-'!r}"))
        unknown = [rule for rule in entry["rules"] if rule not in registered]
        if unknown:
            raise InvalidVector(located(shown, vector_id, f"unknown rule ID {', '.join(map(repr, unknown))}"))
        try:
            _check_cards(entry)
        except NotationError as exc:
            raise InvalidVector(located(shown, vector_id, str(exc))) from None
        variant = entry.get("variant", "standard")
        try:
            parameters = resolve_parameters(variant, entry.get("overrides"), "overrides")
        except InvalidVariant as exc:
            raise InvalidVector(located(shown, vector_id, str(exc))) from None
        vectors.append(
            Vector(
                id=vector_id,
                area=document["area"],
                file=shown,
                rules=tuple(entry["rules"]),
                kind=entry["kind"],
                description=entry["description"],
                variant=variant,
                overrides=dict(entry.get("overrides") or {}),
                parameters=parameters,
                input=entry["input"],
                expected=entry["expected"],
                provenance=entry.get("provenance"),
            )
        )
    return vectors


def vector_files(directory: Path | None = None) -> list[Path]:
    return sorted((directory or vectors_dir()).glob("*/*.yaml"))


def load_vectors(directory: Path | None = None) -> list[Vector]:
    """Every vector in the suite; duplicate IDs are an error naming both files."""
    seen: dict[str, str] = {}
    vectors: list[Vector] = []
    passes: list[str] = []
    try:
        for path in vector_files(directory):
            for vector in load_vector_file(path, passes=passes):
                if vector.id in seen:
                    raise InvalidVector(located(vector.file, vector.id, f"ID already used in {seen[vector.id]}"))
                seen[vector.id] = vector.file
                vectors.append(vector)
    finally:
        schema_checks.remember_passes(passes)
    return vectors
