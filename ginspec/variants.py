"""Variants as data: ``spec/variants/*.yaml``, each a set of named parameters, optionally extending
another variant. Loading validates every file against ``spec/schema/variant.schema.json`` and
resolves ``extends`` chains into complete parameter sets."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from ginspec import schema_checks
from ginspec.errors import InvalidVariant
from ginspec.paths import display, schema_path, variants_dir
from ginspec.yamlio import load_yaml

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


def _first_schema_error(document: Any, schema: Mapping[str, Any]) -> jsonschema.ValidationError | None:
    import jsonschema  # only when a check is not remembered (ginspec.schema_checks): it is slow to import

    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    return errors[0] if errors else None


def _describe(error: jsonschema.ValidationError) -> str:
    where = ".".join(str(part) for part in error.absolute_path)
    if error.validator == "additionalProperties":
        unknown = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        return f"{where + ': ' if where else ''}unknown key {', '.join(repr(key) for key in unknown)}"
    return f"{where + ': ' if where else ''}{error.message}"


def _read_variant(path: Path, passes: list[str]) -> dict[str, Any]:
    """One variant file, checked against the schema unless the same bytes passed before; the
    digest of a new pass is added to ``passes``."""
    document = load_yaml(path, InvalidVariant)
    key = schema_checks.file_digest(_schema_text(), path)
    if key is None or not schema_checks.passed_before(key):
        error = _first_schema_error(document, variant_schema())
        if error is not None:
            raise InvalidVariant(f"{display(path)}: {_describe(error)}")
        if key is not None:
            passes.append(key)
    if document["name"] != path.stem:
        raise InvalidVariant(f"{display(path)}: name {document['name']!r} does not match the file name {path.stem!r}")
    return document


def variant_files(directory: Path | None = None) -> dict[str, Path]:
    folder = directory or variants_dir()
    return {path.stem: path for path in sorted(folder.glob("*.yaml"))}


def check_parameters(overrides: Mapping[str, Any], where: str) -> None:
    """Raise :class:`InvalidVariant` naming ``where`` and the key for an unknown or ill-typed parameter."""
    schemas = parameter_schemas()
    for key, value in overrides.items():
        if key not in schemas:
            raise InvalidVariant(f"{where}: unknown parameter {key!r}")
        error = _first_schema_error(value, schemas[key])
        if error is not None:
            raise InvalidVariant(f"{where}: parameter {key}={value!r}: {error.message}")


def load_variants(directory: Path | None = None) -> dict[str, Variant]:
    """Every variant in ``spec/variants``, resolved. Errors name the file and the key."""
    files = variant_files(directory)
    passes: list[str] = []
    documents = {name: _read_variant(path, passes) for name, path in files.items()}
    schema_checks.remember_passes(passes)
    resolved: dict[str, Variant] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> Variant:
        if name in resolved:
            return resolved[name]
        document = documents[name]
        parent_name = document.get("extends")
        parameters: dict[str, Any] = {}
        if parent_name is not None:
            if parent_name not in documents:
                raise InvalidVariant(f"{display(files[name])}: extends unknown variant {parent_name!r}")
            if parent_name in chain:
                raise InvalidVariant(f"{display(files[name])}: extends {parent_name!r} in a cycle")
            parameters.update(resolve(parent_name, chain + (name,)).parameters)
        parameters.update(document["parameters"])
        missing = sorted(set(parameter_schemas()) - set(parameters))
        if missing:
            raise InvalidVariant(f"{display(files[name])}: parameters not set: {', '.join(missing)}")
        variant = Variant(
            name=name,
            title=document["title"],
            description=document["description"].strip(),
            sources=tuple(document["sources"]),
            extends=parent_name,
            own_parameters=dict(document["parameters"]),
            parameters=parameters,
            path=display(files[name]),
        )
        resolved[name] = variant
        return variant

    for name in documents:
        resolve(name, ())
    return resolved


@lru_cache(maxsize=None)
def _cached_variants() -> dict[str, Variant]:
    return load_variants()


def get_variant(name: str) -> Variant:
    variants = _cached_variants()
    if name not in variants:
        raise InvalidVariant(f"unknown variant {name!r} (known: {', '.join(sorted(variants))})")
    return variants[name]


def resolve_parameters(variant: str, overrides: Mapping[str, Any] | None, where: str) -> dict[str, Any]:
    """A variant's parameters with overrides applied, checked against the schema."""
    parameters = dict(get_variant(variant).parameters)
    if overrides:
        check_parameters(overrides, where)
        parameters.update(overrides)
    return parameters
