"""Variant parameters, read from spec/variants/<name>.yaml."""

from pathlib import Path

from .yamlfile import read_document

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "spec" / "variants"

KEYS = (
    "hand_size",
    "knock_limit",
    "gin_bonus",
    "big_gin",
    "big_gin_bonus",
    "undercut_bonus",
    "tie_outcome",
    "layoffs",
    "layoff_chaining",
)

TIE_OUTCOMES = ("undercut", "undercut_without_bonus", "knocker_wins", "draw")


OWN_FIELDS = ("name", "title", "description", "extends", "sources", "authoritative", "parameters")
"""The fields of a variant file besides its parameters; a house variant may write its parameters
at the top of the file instead of under ``parameters``."""


def _variant_path(name, folder):
    """The file of variant ``name``: a path (``house.yaml``, ``dir/house.yaml``) as it is, else the
    file of that name in ``folder`` (a house variant extending another of its folder), else the
    one in ``spec/variants/``."""
    text = str(name)
    if text.endswith((".yaml", ".yml")) or "/" in text:
        return Path(text)
    if folder is not None:
        for suffix in (".yaml", ".yml"):
            if (folder / f"{text}{suffix}").is_file():
                return folder / f"{text}{suffix}"
    return VARIANTS / f"{text}.yaml"


def variant_parameters(name, chain=(), folder=None):
    """Every parameter of ``spec/variants/<name>.yaml``, or of the house variant file ``name``
    (a path), following ``extends`` (a variant's own value over the one it extends); a chain that
    comes back to a variant is an error."""
    path = _variant_path(name, folder)
    if path.resolve() in chain:
        raise ValueError(f"variant {name!r} extends itself")
    document = read_document(path) or {}
    parameters = {}
    if document.get("extends"):
        parameters.update(variant_parameters(document["extends"], chain + (path.resolve(),), path.parent if path.parent != VARIANTS else None))
    parameters.update({key: value for key, value in document.items() if key not in OWN_FIELDS})
    parameters.update(document.get("parameters") or {})
    return parameters


def load_params(variant="standard", overrides=None):
    """The parameters of a variant with ``overrides`` applied on top. The oracle
    reads only the hand-level ones in KEYS; overriding a parameter the variant
    does not define is an error."""
    params = dict(read_document(VARIANTS / f"{variant}.yaml")["parameters"])
    for key in KEYS:
        if key not in params:
            raise ValueError(f"variant {variant!r} does not set {key!r}")
    for key, val in (overrides or {}).items():
        if key not in params:
            raise ValueError(f"unknown parameter {key!r}")
        params[key] = val
    if params["tie_outcome"] not in TIE_OUTCOMES:
        raise ValueError(f"unknown tie_outcome {params['tie_outcome']!r}")
    return params
