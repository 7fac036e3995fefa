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
