"""Variants as data: ``spec/variants/*.yaml``, each a set of named parameters, optionally extending
another variant. Loading validates every file against ``spec/schema/variant.schema.json`` and
resolves ``extends`` chains into complete parameter sets. House variants of the user's own project
(:mod:`ginspec.suite.house_variants`) join the shipped ones wherever a variant is looked up by name."""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ginspec.suite import house_variants, schema_checks
from ginspec.errors import InvalidVariant, quote
from ginspec.suite.paths import display, schema_path, variants_dir
from ginspec.suite.yamlio import load_yaml

if TYPE_CHECKING:
    import jsonschema


@lru_cache(maxsize=None)
def _schema_text() -> str:
    return schema_path("variant.schema.json").read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def variant_schema() -> dict[str, Any]:
    return json.loads(_schema_text())


def parameter_schemas() -> dict[str, Any]:
    """The schema of every known parameter, by name."""
    return variant_schema()["$defs"]["parameters"]["properties"]


@dataclass(frozen=True)
class Variant:
    """A resolved variant: its own fields and the complete parameters after ``extends``."""

    name: str
    title: str
    description: str
    sources: tuple[str, ...]
    extends: str | None
    own_parameters: Mapping[str, Any]
    parameters: Mapping[str, Any] = field(default_factory=dict)
    path: str = ""
    authoritative: bool = True  # published rules, not those of one house, site or program
    house: bool = False  # a variant of the user's own project, not shipped with the suite

    @property
    def label(self) -> str:
        """The name as shown: a house variant is marked as one."""
        return f"{self.name} (house)" if self.house else self.name


def _first_schema_error(document: Any, schema: Mapping[str, Any]) -> jsonschema.ValidationError | None:
    import jsonschema  # only when a check is not remembered (ginspec.suite.schema_checks): it is slow to import

    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    return errors[0] if errors else None


_PLAIN_KEYWORDS = frozenset({"type", "enum", "minimum", "maximum", "description", "title", "default", "$comment"})
_PLAIN_TYPES = {"integer": int, "boolean": bool, "string": str}


def _plainly_valid(value: Any, schema: Mapping[str, Any]) -> bool:
    """Whether ``value`` certainly meets a parameter's schema, decided without the validator when
    the schema uses only a type, an enum, a minimum and a maximum (as every parameter's does).
    False means "ask the validator", which also words the error: so a plain value is checked
    without importing the validation library, and a wrong one is refused in its words."""
    if not _PLAIN_KEYWORDS.issuperset(schema):
        return False
    kind = schema.get("type")
    if kind is not None and (kind not in _PLAIN_TYPES or type(value) is not _PLAIN_TYPES[kind]):
        return False
    if "enum" in schema and not any(type(value) is type(option) and value == option for option in schema["enum"]):
        return False
    for bound, within in (("minimum", lambda low: value >= low), ("maximum", lambda high: value <= high)):
        if bound in schema and not (type(value) is int and type(schema[bound]) is int and within(schema[bound])):
            return False
    return True


def did_you_mean(word: Any, choices: Any) -> str:
    """`` (did you mean `knock_limit`?)`` for a word close to one of ``choices``, else ``""``."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, sorted(choices), n=1, cutoff=0.6)
    return f" (did you mean `{close[0]}`?)" if close else ""


def _describe(error: jsonschema.ValidationError, house: bool = False) -> str:
    where = ".".join(str(part) for part in error.absolute_path)
    if error.validator == "additionalProperties":
        allowed = set(error.schema.get("properties", {}))
        unknown = sorted(set(error.instance) - allowed)
        if house and not where:
            allowed |= set(parameter_schemas())  # a house file may give parameters at its top
        hint = did_you_mean(unknown[0], allowed) if len(unknown) == 1 else ""
        return f"{where + ': ' if where else ''}unknown key {', '.join(repr(key) for key in unknown)}{hint}"
    return f"{where + ': ' if where else ''}{error.message}"


class BrokenVariantFile(InvalidVariant):
    """A variant file that cannot be used (bad YAML, a bad key or value, a broken ``extends``); the
    message names the file and the key. Only commands that need this variant stop on it."""


def _read_variant(path: Path, house: bool = False) -> dict[str, Any]:
    """One variant file, checked against the schema unless the same bytes passed it before
    (:mod:`ginspec.suite.schema_checks`); a new pass is remembered. A house variant's file is first
    completed (:func:`ginspec.suite.house_variants.house_document`) and may cite no source."""
    document = load_yaml(path, BrokenVariantFile)
    if house:
        try:
            document = house_variants.house_document(document, path, parameter_schemas())
        except InvalidVariant as exc:
            raise BrokenVariantFile(str(exc)) from None
        error = _first_schema_error(document, house_variants.house_schema(variant_schema()))
        if error is not None:
            raise BrokenVariantFile(f"{display(path)}: {_describe(error, house=True)}")
    else:
        key = schema_checks.file_digest(_schema_text(), path)
        if key is None or not schema_checks.passed_before(key):
            error = _first_schema_error(document, variant_schema())
            if error is not None:
                raise BrokenVariantFile(f"{display(path)}: {_describe(error)}")
            if key is not None:
                schema_checks.remember_passes([key])
    if document["name"] != path.stem:
        raise BrokenVariantFile(f"{display(path)}: name {quote(document['name'])} does not match the file name {path.stem!r}")
    return document


def variant_files(directory: Path | None = None) -> dict[str, Path]:
    folder = directory or variants_dir()
    return {path.stem: path for path in sorted(folder.glob("*.yaml"))}


def check_parameters(overrides: Mapping[str, Any], where: str) -> None:
    """Raise :class:`InvalidVariant` naming ``where`` and the key for an unknown or ill-typed parameter."""
    if not isinstance(overrides, Mapping):
        raise InvalidVariant(f"{where}: parameters are KEY: VALUE pairs, not {type(overrides).__name__} {quote(overrides)}")
    schemas = parameter_schemas()
    for key, value in overrides.items():
        if key not in schemas:
            raise InvalidVariant(f"{where}: unknown parameter {quote(key)}{did_you_mean(key, schemas)}")
        if _plainly_valid(value, schemas[key]):
            continue
        error = _first_schema_error(value, schemas[key])
        if error is not None:
            raise InvalidVariant(f"{where}: parameter {key}={quote(value)}: {error.message[:200]}")


class _Catalogue:
    """The variant files of one folder, read and resolved on demand: a broken file stops only the
    commands that use that variant (or one extending it), and names the file and the key. With
    ``house``, the house variants in force (:mod:`ginspec.suite.house_variants`) join the folder's;
    those that take a shipped variant's name are in ``refused``."""

    def __init__(self, directory: Path | None = None, house: bool = False) -> None:
        self.files = variant_files(directory)
        self.house: set[str] = set()
        self.refused: dict[str, str] = {}
        if house:
            found, self.refused = house_variants.house_files(self.files)
            self.files.update(found)
            self.house = set(found)
        self.documents: dict[str, dict[str, Any]] = {}
        self.resolved: dict[str, Variant] = {}

    def document(self, name: str) -> dict[str, Any]:
        if name not in self.documents:
            self.documents[name] = _read_variant(self.files[name], house=name in self.house)
        return self.documents[name]

    def variant(self, name: str) -> Variant:
        """Resolve ``name`` and its ``extends`` chain, without recursion (a chain may be long)."""
        if name in self.resolved:
            return self.resolved[name]
        chain = [name]
        while True:
            parent = self.document(chain[-1]).get("extends")
            if parent is None or parent in self.resolved:
                break
            if parent in chain:
                cycle = " -> ".join(chain[chain.index(parent):] + [parent])
                raise BrokenVariantFile(f"{display(self.files[chain[-1]])}: extends {quote(parent)} in a cycle ({cycle})")
            if parent not in self.files:
                raise BrokenVariantFile(f"{display(self.files[chain[-1]])}: extends unknown variant {quote(parent)}")
            chain.append(parent)
        for own in reversed(chain):
            document = self.document(own)
            parent_name = document.get("extends")
            parameters: dict[str, Any] = dict(self.resolved[parent_name].parameters) if parent_name else {}
            parameters.update(document["parameters"])
            missing = sorted(set(parameter_schemas()) - set(parameters))
            if missing:
                raise BrokenVariantFile(f"{display(self.files[own])}: parameters not set: {', '.join(missing)}")
            try:
                check_consistency(parameters, display(self.files[own]))
            except InvalidVariant as exc:
                raise BrokenVariantFile(str(exc)) from None
            if own not in self.house and source_codes() is not None:
                unknown = [code for code in document["sources"] if code not in source_codes()]  # type: ignore[operator]
                if unknown:
                    raise BrokenVariantFile(f"{display(self.files[own])}: sources: {', '.join(map(quote, unknown))} not in spec/sources.yaml")
            self.resolved[own] = Variant(
                name=own,
                title=document["title"],
                description=document["description"].strip(),
                sources=tuple(document["sources"]),
                extends=parent_name,
                own_parameters=dict(document["parameters"]),
                parameters=parameters,
                path=display(self.files[own]),
                authoritative=bool(document.get("authoritative", True)),
                house=own in self.house,
            )
        return self.resolved[name]


@lru_cache(maxsize=None)
def _source_codes_in(path: Path) -> frozenset[str]:
    document = load_yaml(path, BrokenVariantFile)
    return frozenset(entry.get("code") for entry in (document or {}).get("sources") or () if isinstance(entry, dict))


def source_codes() -> frozenset[str] | None:
    """The codes of ``spec/sources.yaml``: a shipped variant cites only these (a house variant need
    cite none); ``None`` for a copy of the variants without the register, where nothing is checked."""
    path = schema_path("variant.schema.json").parent.parent / "sources.yaml"
    return _source_codes_in(path) if path.is_file() else None


PLAYERS_OF_FORMAT = {"heads_up": (2,), "one_table": (3, 4), "sit_out": (3,), "cutthroat": (3,), "captain_box": (3,), "partnership": (4,)}
"""How many players each ``table_format`` seats (``spec/tables.md``)."""


def consistency_problems(parameters: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """Pairs of parameters that cannot be played together, as (first key, second key, why).

    The one place where parameters are checked against each other: the number of players and the
    table form; Oklahoma, which needs an upcard and a two-player hand; penalty points, which belong
    to the table of three or four (MPN-SEED003-SCORING); what the table of three or four does not
    play (big gin, the eleven-card start); a deal that leaves no stock; and a three-player rotation
    that names nobody.
    """
    p = parameters
    form = p.get("table_format")
    found: list[tuple[str, str, str]] = []
    if form in PLAYERS_OF_FORMAT and p.get("players") not in PLAYERS_OF_FORMAT[form]:
        seats = " or ".join(map(str, PLAYERS_OF_FORMAT[form]))
        found.append(("players", "table_format", f"table_format {form} seats {seats} players, not {p.get('players')}"))
    if p.get("oklahoma") and p.get("first_turn") == "eleven_card_start":
        found.append(("oklahoma", "first_turn", "Oklahoma sets the knock limit from the upcard, and the eleven-card start deals none"))
    if p.get("oklahoma") and form == "one_table":
        found.append(("oklahoma", "table_format", "Oklahoma is a two-player game; the table of three or four has no knock card"))
    if (p.get("scoring_model") == "penalty_points") != (form == "one_table") and "scoring_model" in p:
        found.append(("scoring_model", "table_format", "penalty points are scored at one table of three or four, and only there"))
    if p.get("scoring_model") == "winner_only":
        for key, plain in (("knock_bonus", 0), ("gin_defender_deadwood_multiplier", 1)):
            if key in p and p[key] != plain:
                found.append((key, "scoring_model", f"{key} counts only with penalty points (MPN-SEED003-SCORING)"))
    if form == "one_table" and p.get("big_gin"):
        found.append(("big_gin", "table_format", "no source scores big gin at a table of three or four"))
    if form == "one_table" and p.get("first_turn") == "eleven_card_start":
        found.append(("first_turn", "table_format", "the eleven-card start is a two-player deal"))
    if isinstance(p.get("players"), int) and isinstance(p.get("hand_size"), int) and isinstance(p.get("stock_dead_cards"), int):
        if p["players"] * p["hand_size"] + 1 + p["stock_dead_cards"] >= 52:
            found.append(("players", "hand_size", f"{p['players']} hands of {p['hand_size']} cards leave no stock to draw from"))
    if form in ("sit_out", "cutthroat") and p.get("dealer_rotation") == "alternate":
        found.append(("dealer_rotation", "table_format", "with three players the rotation names who leaves the table: loser or winner"))
    return found


def check_consistency(parameters: Mapping[str, Any], where: str) -> None:
    """Raise :class:`InvalidVariant` naming ``where`` and both keys of the first pair of parameters
    that cannot be played together."""
    for first, second, why in consistency_problems(parameters):
        raise InvalidVariant(
            f"{where}: {first}={parameters.get(first)!r} cannot be played with {second}={parameters.get(second)!r}: {why}"
        )


def load_variants(directory: Path | None = None, broken: dict[str, str] | None = None) -> dict[str, Variant]:
    """Every variant in ``spec/variants``, resolved. Errors name the file and the key; with
    ``broken``, a broken file is left out instead and its error put there by name."""
    catalogue = _Catalogue(directory)
    found: dict[str, Variant] = {}
    with schema_checks.batch():
        for name in catalogue.files:
            try:
                found[name] = catalogue.variant(name)
            except BrokenVariantFile as exc:
                if broken is None:
                    raise
                broken[name] = str(exc)
    return found


def load_house_variants(folder: Path, shipped: Path | None = None) -> dict[str, Variant]:
    """The variant files of a project's own ``folder`` (house variants), resolved with the shipped
    variants of ``shipped`` (default: ``spec/variants``), which they may extend. A folder that is
    missing or holds no variant file, and a house variant named like a shipped one, are refused in
    one line."""
    if not folder.is_dir():
        raise InvalidVariant(f"{display(folder)}: no such folder of variant files")
    house = variant_files(folder)
    if not house:
        raise InvalidVariant(f"{display(folder)}: holds no variant file (NAME.yaml)")
    catalogue = _Catalogue(shipped)
    clash = sorted(set(house) & set(catalogue.files))
    if clash:
        raise InvalidVariant(f"{display(house[clash[0]])}: variant {quote(clash[0])} has the name of a shipped variant; give it another name")
    catalogue.files.update(house)
    catalogue.house.update(house)  # read as house variants: no sources needed, parameters at the top level allowed
    with schema_checks.batch():
        return {name: catalogue.variant(name) for name in house}


def _catalogue() -> _Catalogue:
    """The shipped variants and the house variants in force now."""
    return _catalogue_for((str(variants_dir()), *house_variants.sources_signature()))


@lru_cache(maxsize=8)
def _catalogue_for(signature: tuple[str | None, ...]) -> _Catalogue:
    return _Catalogue(house=True)


_catalogue.cache_clear = _catalogue_for.cache_clear  # type: ignore[attr-defined]  # forget every file read


def known_names() -> str:
    """The variants a name may be, for an error: house ones marked."""
    catalogue = _catalogue()
    return ", ".join(f"{name} (house)" if name in catalogue.house else name for name in sorted(catalogue.files))


def get_variant(name: str) -> Variant:
    """The variant of this name, shipped or house (:mod:`ginspec.suite.house_variants`). Raises
    :class:`BrokenVariantFile` naming the file and the key when its file (or one it extends) is
    broken, and :class:`InvalidVariant` for a name that is no variant."""
    catalogue = _catalogue()
    if isinstance(name, str) and name in catalogue.refused and name not in catalogue.files:
        raise InvalidVariant(catalogue.refused[name])
    if not isinstance(name, str) or name not in catalogue.files:
        raise InvalidVariant(
            f"unknown variant {quote(name)}{did_you_mean(name, catalogue.files)} (known: {known_names()}; "
            "a house variant of your own: --variant PATH.yaml or --variants DIR)"
        )
    return catalogue.variant(name)


def house_problems() -> dict[str, str]:
    """The house variants in force that cannot be used, by name: each one's one-line error."""
    catalogue = _catalogue()
    problems = dict(catalogue.refused)
    for name in sorted(catalogue.house):
        try:
            catalogue.variant(name)
        except BrokenVariantFile as exc:
            problems[name] = str(exc)
    return problems


def usable_variants(broken: dict[str, str] | None = None) -> dict[str, Variant]:
    """Every variant that can be used, shipped and house; a broken file is left out (its one-line
    error put in ``broken`` by name), so that the others can still be listed, shown and played."""
    catalogue = _catalogue()
    usable: dict[str, Variant] = {}
    if broken is not None:
        broken.update(catalogue.refused)
    with schema_checks.batch():
        for name in catalogue.files:
            try:
                usable[name] = catalogue.variant(name)
            except BrokenVariantFile as exc:
                if broken is not None:
                    broken[name] = str(exc)
    return usable


def resolve_parameters(variant: str, overrides: Mapping[str, Any] | None, where: str) -> dict[str, Any]:
    """A variant's parameters with overrides applied, checked against the schema."""
    parameters = dict(get_variant(variant).parameters)
    if overrides:
        check_parameters(overrides, where)
        parameters.update(overrides)
        check_consistency(parameters, where)
    return parameters


AS_WRITTEN = "own"
"""The ``--variant`` value that plays every case under its own variant, whatever the engine's home."""


def resolve_run_variant(requested: str | None, capabilities: Any) -> str | None:
    """The variant a run plays: the one asked for, else the engine's home variant (checked to
    exist); ``None`` to play each case under its own variant."""
    if requested == AS_WRITTEN:
        return None
    name = requested or getattr(capabilities, "home_variant", None)
    if name is None:
        return None
    try:
        get_variant(name)
    except BrokenVariantFile:
        raise  # the file is there but cannot be used: its own error names the file and the key
    except InvalidVariant as exc:
        origin = "--variant" if requested else f"the home variant of {capabilities.engine}"
        raise InvalidVariant(f"{origin}: {exc}") from None
    return name
