"""Variant files: schema, resolution of ``extends``, and errors that name the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from ginspec.errors import InvalidVariant
from ginspec.variants import check_parameters, load_variants, parameter_schemas, variant_files
from reference_impl.rules import HandRules


def test_every_shipped_variant_loads_and_the_engine_accepts_it() -> None:
    variants = load_variants()
    assert "standard" in variants
    for variant in variants.values():
        HandRules.from_parameters(variant.parameters)


def test_standard_sets_every_parameter_the_schema_knows() -> None:
    standard = load_variants()["standard"]
    assert set(standard.own_parameters) == set(parameter_schemas())


def write(folder: Path, name: str, text: str) -> None:
    (folder / f"{name}.yaml").write_text(text, encoding="utf-8")


def base(folder: Path) -> None:
    source = variant_files()["standard"].read_text(encoding="utf-8")
    write(folder, "standard", source)


def test_extends_overrides_only_what_it_names(tmp_path: Path) -> None:
    base(tmp_path)
    write(tmp_path, "low-knock", "name: low-knock\ntitle: Low\ndescription: d\nsources: [S002]\nextends: standard\nparameters:\n  knock_limit: 5\n")
    variants = load_variants(tmp_path)
    assert variants["low-knock"].parameters["knock_limit"] == 5
    assert variants["low-knock"].parameters["gin_bonus"] == variants["standard"].parameters["gin_bonus"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("parameters:\n  knock_limt: 5\n", "bad.yaml: parameters: unknown key 'knock_limt'"),
        ("parameters:\n  knock_limit: ten\n", "bad.yaml: parameters.knock_limit: 'ten' is not of type 'integer'"),
        ("parameters:\n  tie_outcome: coin\n", "bad.yaml: parameters.tie_outcome: 'coin' is not one of"),
        ("extends: nowhere\nparameters: {}\n", "bad.yaml: extends unknown variant 'nowhere'"),
    ],
)
def test_a_bad_variant_names_the_file_and_the_key(tmp_path: Path, body: str, message: str) -> None:
    base(tmp_path)
    header = "name: bad\ntitle: Bad\ndescription: d\nsources: [S000]\n"
    if "extends" not in body:
        header += "extends: standard\n"
    write(tmp_path, "bad", header + body)
    with pytest.raises(InvalidVariant) as error:
        load_variants(tmp_path)
    assert message in str(error.value)


def test_yaml_tags_are_not_executed(tmp_path: Path) -> None:
    base(tmp_path)
    write(tmp_path, "evil", "!!python/object/apply:os.system ['true']\n")
    with pytest.raises(InvalidVariant, match="evil.yaml: not valid YAML"):
        load_variants(tmp_path)


def test_overrides_are_checked() -> None:
    with pytest.raises(InvalidVariant, match="here: unknown parameter 'gin'"):
        check_parameters({"gin": 20}, "here")
    with pytest.raises(InvalidVariant, match="here: parameter big_gin='yes'"):
        check_parameters({"big_gin": "yes"}, "here")
