"""Variant files: schema, resolution of ``extends``, and errors that name the file and the key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ginspec.errors import InvalidVariant
from ginspec.suite.variants import check_parameters, load_variants, parameter_schemas, variant_files
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


def test_a_remembered_pass_never_hides_a_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that passed the schema check is remembered by its bytes; the same file with a bad value
    is checked again and reported."""
    monkeypatch.setenv("GINSPEC_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "variants"
    folder.mkdir()
    base(folder)
    header = "name: house\ntitle: House\ndescription: d\nsources: [S002]\nextends: standard\nparameters:\n"
    write(folder, "house", header + "  knock_limit: 5\n")
    assert load_variants(folder)["house"].parameters["knock_limit"] == 5
    remembered = json.loads((tmp_path / "cache" / "schema-checks.json").read_text(encoding="utf-8"))
    assert len(remembered) == 2
    write(folder, "house", header + "  knock_limit: five\n")
    with pytest.raises(InvalidVariant, match=r"house\.yaml: .*knock_limit"):
        load_variants(folder)
    assert len(json.loads((tmp_path / "cache" / "schema-checks.json").read_text(encoding="utf-8"))) == 2


def test_schema_checks_can_be_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GINSPEC_CACHE_DIR", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert "standard" in load_variants()
    assert list(tmp_path.iterdir()) == []
