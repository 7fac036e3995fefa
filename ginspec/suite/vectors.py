"""Loading test vectors (``vectors/<area>/*.yaml``, format in ``spec/vectors.md``).

A vector file is checked against ``spec/schema/vector-file.schema.json``, then beyond what a schema
can say: every card list parses, hands have no repeated card and no card held twice, every rule ID
is registered, the variant exists and the overrides are valid parameters, and IDs are unique. Every
problem is reported as ``file: vector-id: problem``.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from ginspec.suite import schema_checks
from ginspec.suite.schema_verdict import Check, compile_schema
from ginspec.errors import InvalidVariant, InvalidVector, located, quote
from ginspec.suite.notation import NotationProblem, read_action, read_cards
from ginspec.suite.paths import display, schema_path, spec_dir, vectors_dir
from ginspec.suite.registry import rules_by_id
from ginspec.suite.variants import BrokenVariantFile, parameter_schemas, resolve_parameters
from ginspec.suite.yamlio import load_yaml
from reference_impl.cards import parse_card, parse_cards
from reference_impl.errors import NotationError

CARD_LIST_FIELDS = ("cards", "hand", "knocker", "defender")
MALFORMED_AREA = "malformed"
"""The area of the malformed questions: vectors that expect a refusal (``spec/vectors.md``)."""


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
    depends_on: tuple[str, ...] | None = None
    """The parameters whose value changes the expected answer (``None``: not recorded)."""
    missing_parameters: tuple[str, ...] = ()
    """Parameters a malformed question is sent without (``spec/vectors.md``)."""
    malformed_parameters: Mapping[str, Any] = field(default_factory=dict)
    """Parameter values outside their allowed values that a malformed question is sent with (they
    are also in ``parameters``)."""
    open_questions: tuple[str, ...] = ()
    """The open questions of ``spec/ambiguities.yaml`` (``Q27``) whose reading changes the expected
    answer; the answer is the one their default readings give (:mod:`ginspec.suite.readings`)."""
    broken_variant: str | None = None
    """Set (to the variant file's error) when the vector's variant file is broken; such a vector is
    loaded only by :func:`load_vectors` with ``tolerate_broken_variants``, and is refused if selected."""


@lru_cache(maxsize=None)
def _schema_text() -> str:
    return schema_path("vector-file.schema.json").read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def vector_schema() -> dict[str, Any]:
    return json.loads(_schema_text())


@lru_cache(maxsize=None)
def _quick_check() -> Check:
    return compile_schema(vector_schema())


def _schema_problem(document: Any) -> tuple[str | None, str] | None:
    """The first schema violation as (vector id or None, message). A document the schema's compiled
    check passes beyond doubt fits (:mod:`ginspec.suite.schema_verdict`); any other is judged, and
    its problem worded, by ``jsonschema``."""
    if _quick_check()(document) is True:
        return None
    import jsonschema  # only for a file whose check is not remembered (ginspec.suite.schema_checks)

    validator = jsonschema.Draft202012Validator(vector_schema())
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    if not errors:
        return None
    error = min(errors, key=lambda error: -len(error.absolute_path))
    path = list(error.absolute_path)
    vector_id = None
    if len(path) >= 2 and path[0] == "vectors" and isinstance(path[1], int):
        entry = document["vectors"][path[1]]
        vector_id = entry.get("id") if isinstance(entry, dict) and isinstance(entry.get("id"), str) and len(entry["id"]) <= 60 else f"vector #{path[1] + 1}"
        path = path[2:]
    where = ".".join(str(part) for part in path)
    if error.validator == "pattern" and isinstance(error.instance, str):
        message = _card_problem(error.instance) or f"{quote(error.instance)} is not valid here"
    elif error.validator == "additionalProperties":
        unknown = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        message = f"unknown key {', '.join(map(repr, unknown))}"
    else:
        message = error.message if len(error.message) <= 300 else error.message[:300] + "..."
    return vector_id, f"{where}: {message}" if where else message


def without(parameters: Mapping[str, Any], missing: Any) -> dict[str, Any]:
    """The parameters but those a malformed question leaves out."""
    return {name: value for name, value in parameters.items() if name not in missing}


def _card_problem(text: str) -> str | None:
    try:
        read_cards(text)
    except NotationProblem as exc:
        return str(exc)
    return None


def _check_deal(entry: Mapping[str, Any]) -> None:
    """A round's deal uses each of the 52 cards once, and every action is well-formed notation."""
    dealt = entry["input"]["deal"]
    cards = [card for seat in sorted(dealt["hands"]) for card in parse_cards(dealt["hands"][seat])]
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
            read_action(text)
        except NotationProblem as exc:
            raise NotationError(f"input.actions[{number}]: {exc}") from None
    for point in entry["expected"].get("checkpoints", ()):
        for text in point.get("legal", ()):
            try:
                read_action(text)
            except NotationProblem as exc:
                raise NotationError(f"expected.checkpoints: legal: {exc}") from None


def _check_cards(entry: Mapping[str, Any]) -> None:
    """Raise NotationError for a bad token, a repeated card, or a card held by two hands."""
    if entry["kind"] in ("round", "table_round"):
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


@dataclass(frozen=True)
class VectorFile:
    """One vector file: its path as shown, its description and its vectors."""

    file: str
    area: str
    description: str
    vectors: tuple[Vector, ...]


def _size_problem(entry: Mapping[str, Any], parameters: Mapping[str, Any]) -> str | None:
    """A hand of a size the spec does not allow for this kind of question (``spec/vectors.md``,
    DEAL-HAND-SIZE-10): such a vector asks something outside the rules and is refused here rather
    than counted against an engine."""
    size = parameters.get("hand_size", 10)
    data = entry["input"]
    allowed: dict[str, tuple[int, ...]] = {
        "meld": {"cards": tuple(range(1, 14))},
        "deadwood": {"hand": tuple(range(0, size + 1))},
        "discard": {"hand": (size + 1,)},
        "knock": {"hand": (size + 1,)},
        "layoff": {"defender": (size,)},
        "score": {"knocker": (size, size + 1), "defender": (size,)},
    }.get(entry["kind"], {})
    for name, sizes in allowed.items():
        if name in data and isinstance(data[name], str):
            count = len(data[name].split())
            if count not in sizes:
                wanted = f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 2 else " or ".join(map(str, sizes))
                return f"input.{name}: {count} cards, a {entry['kind']} question takes {wanted} (hand_size {size})"
    return None


def load_vector_file(path: Path, known_rules: Iterable[str] | None = None, tolerate_broken_variants: bool = False) -> list[Vector]:
    """Load and check one vector file."""
    return list(read_vector_file(path, known_rules, tolerate_broken_variants).vectors)


def read_vector_file(path: Path, known_rules: Iterable[str] | None = None, tolerate_broken_variants: bool = False) -> VectorFile:
    """Load and check one vector file, keeping the file's own description."""
    shown = display(path)
    document = load_yaml(path, InvalidVector)
    key = schema_checks.file_digest(_schema_text(), path)
    if key is None or not schema_checks.passed_before(key):
        problem = _schema_problem(document)
        if problem is not None:
            vector_id, message = problem
            raise InvalidVector(located(shown, vector_id, message))
        if key is not None:
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
        malformed = "refused" in entry["expected"]
        if malformed and document["area"] != MALFORMED_AREA:
            raise InvalidVector(located(shown, vector_id, f"a vector that expects a refusal belongs in vectors/{MALFORMED_AREA}/"))
        if not malformed and document["area"] == MALFORMED_AREA:
            raise InvalidVector(located(shown, vector_id, f"a vector in vectors/{MALFORMED_AREA}/ expects a refusal (expected: {{refused: CODE}})"))
        if "malformed_parameters" in entry and not malformed:
            raise InvalidVector(located(shown, vector_id, "malformed_parameters: only a vector that expects a refusal sends parameters outside their values"))
        if "missing_parameters" in entry and not malformed:
            raise InvalidVector(located(shown, vector_id, "missing_parameters: only a vector that expects a refusal leaves parameters out"))
        if not malformed:  # a malformed question is deliberately outside these checks
            try:
                _check_cards(entry)
            except NotationError as exc:
                raise InvalidVector(located(shown, vector_id, str(exc))) from None
        variant = entry.get("variant", "standard")
        depends_on = entry.get("depends_on")
        if depends_on is not None:
            known = parameter_schemas()
            stray = [name for name in depends_on if name not in known]
            if stray:
                raise InvalidVector(located(shown, vector_id, f"depends_on: unknown parameter {quote(stray[0])}"))
        open_questions = entry.get("open_questions") or ()
        if open_questions:
            from ginspec.suite.readings import questions as open_question_register

            stray = [name for name in open_questions if name not in open_question_register()]
            if stray:
                raise InvalidVector(located(shown, vector_id, f"open_questions: {quote(stray[0])} is no question of spec/ambiguities.yaml"))
        broken = None
        try:
            parameters = resolve_parameters(variant, entry.get("overrides"), "overrides")
        except BrokenVariantFile as exc:
            if not tolerate_broken_variants:
                raise  # the variant file is at fault, not this vector: its error names that file
            parameters, broken = {}, str(exc)
        except InvalidVariant as exc:
            raise InvalidVector(located(shown, vector_id, str(exc))) from None
        if malformed and broken is None:
            parameters = without({**parameters, **(entry.get("malformed_parameters") or {})}, entry.get("missing_parameters") or ())
        size_problem = _size_problem(entry, parameters) if broken is None and not malformed else None
        if size_problem is not None:
            raise InvalidVector(located(shown, vector_id, size_problem))
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
                depends_on=tuple(depends_on) if depends_on is not None else None,
                malformed_parameters=dict(entry.get("malformed_parameters") or {}),
                missing_parameters=tuple(entry.get("missing_parameters") or ()),
                open_questions=tuple(open_questions),
                broken_variant=broken,
            )
        )
    return VectorFile(shown, document["area"], str(document.get("description", "")), tuple(vectors))


def vector_files(directory: Path | None = None) -> list[Path]:
    """Every ``vectors/AREA/NAME.yaml``. Any other file under ``vectors/`` (a ``.yml`` file, a file
    in a sub-folder of an area, a file beside the areas) is refused with an error naming it, never
    silently skipped: a vector that is not loaded would never fail. An area folder that is a
    symbolic link is read like any other; no link is followed deeper, so a link loop cannot hang
    the walk. Dot files are ignored."""
    root = directory or vectors_dir()
    found: list[Path] = []
    for folder, subfolders, names in os.walk(root, followlinks=False):
        subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
        here = Path(folder)
        depth = len(here.relative_to(root).parts)
        for name in sorted(names):
            if name.startswith("."):
                continue
            path = here / name
            if depth == 1 and name.endswith(".yaml"):
                found.append(path)
            elif depth == 1 and name.endswith(".yml"):
                raise InvalidVector(f"{display(path)}: vector files end in .yaml; rename it to {path.stem + '.yaml'!r}")
            elif depth == 0:
                raise InvalidVector(f"{display(path)}: a vector file belongs in a rule area folder, vectors/AREA/{name}")
            elif depth > 1:
                raise InvalidVector(f"{display(path)}: vector files sit directly in vectors/AREA/, not in a sub-folder")
            else:
                raise InvalidVector(f"{display(path)}: not a vector file (vector files are YAML named *.yaml)")
        for name in subfolders:
            if (here / name).is_symlink() and depth >= 1:
                raise InvalidVector(f"{display(here / name)}: vector files sit directly in vectors/AREA/, not in a sub-folder")
            if (here / name).is_symlink() and depth == 0:
                found += _linked_area(here / name)  # an area folder that is a link is read, never skipped
    return sorted(found)


def _linked_area(folder: Path) -> list[Path]:
    """The vector files of ``vectors/AREA`` when AREA is a symbolic link to a folder, under the
    same rules as any area (one level, no further links followed)."""
    found: list[Path] = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue
        if path.is_dir():
            raise InvalidVector(f"{display(path)}: vector files sit directly in vectors/AREA/, not in a sub-folder")
        if path.name.endswith(".yaml"):
            found.append(path)
        elif path.name.endswith(".yml"):
            raise InvalidVector(f"{display(path)}: vector files end in .yaml; rename it to {path.stem + '.yaml'!r}")
        else:
            raise InvalidVector(f"{display(path)}: not a vector file (vector files are YAML named *.yaml)")
    return found


_LOADED: dict[tuple[Any, ...], VectorFile] = {}


def _spec_fingerprint() -> tuple[Any, ...]:
    """Path, size and modification time of every variant and rule file a vector depends on."""
    marks: list[Any] = [str(vectors_dir().absolute())]
    for folder in (spec_dir() / "variants", spec_dir() / "rules"):
        for child in sorted(folder.glob("*.yaml")) if folder.is_dir() else ():
            try:
                status = child.stat()
            except OSError:
                continue
            marks.append((child.name, status.st_mtime_ns, status.st_size))
    return tuple(marks)


def _load_unchanged(path: Path, tolerate_broken_variants: bool, fingerprint: tuple[Any, ...]) -> VectorFile:
    """:func:`read_vector_file`, remembered while the file (its path, size and modification time),
    the variant and rule files and the suite root are unchanged: a process that runs several
    checks reads each file once."""
    try:
        status = path.stat()
    except OSError:
        return read_vector_file(path, tolerate_broken_variants=tolerate_broken_variants)
    key = (str(path.absolute()), status.st_mtime_ns, status.st_size, fingerprint, tolerate_broken_variants)
    if key not in _LOADED:
        _LOADED[key] = read_vector_file(path, tolerate_broken_variants=tolerate_broken_variants)
    return _LOADED[key]


def parse_from_the_end(directory: Path | None = None) -> None:
    """Parse every vector file, the last first, each left in the memory of parsed documents
    (:mod:`ginspec.suite.parsed_cache`) and nothing checked: a process that loads the files from
    the first one on meanwhile recalls those already parsed when it gets to them, and parses the
    others itself. A file that cannot be read or parsed is left to that process, which reports it."""
    for path in reversed(sorted((directory or vectors_dir()).glob("*/*.yaml"))):
        try:
            load_yaml(path, InvalidVector)
        except InvalidVector:
            continue


def load_vectors(directory: Path | None = None, tolerate_broken_variants: bool = False) -> list[Vector]:
    """Every vector in the suite; duplicate IDs are an error naming both files. With
    ``tolerate_broken_variants``, a vector whose variant file is broken is kept, marked, so that a
    run selecting other vectors is not stopped by a file it does not use."""
    return [vector for loaded in load_vector_files(directory, tolerate_broken_variants) for vector in loaded.vectors]


def load_vector_files(directory: Path | None = None, tolerate_broken_variants: bool = False) -> list[VectorFile]:
    """Every vector file in the suite, checked; duplicate IDs are an error naming both files."""
    seen: dict[str, str] = {}
    files = []
    fingerprint = _spec_fingerprint()
    with schema_checks.batch():
        for path in vector_files(directory):
            loaded = _load_unchanged(path, tolerate_broken_variants, fingerprint)
            for vector in loaded.vectors:
                if vector.id in seen:
                    raise InvalidVector(located(vector.file, vector.id, f"ID already used in {seen[vector.id]}"))
                seen[vector.id] = vector.file
            files.append(loaded)
    return files
