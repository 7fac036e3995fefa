"""Variant parameters, read from spec/variants/<name>.yaml."""

from pathlib import Path

import yaml

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
    """The hand-level parameters of a variant with ``overrides`` applied on top.
    An override of a parameter the oracle does not know is an error."""
    with open(VARIANTS / f"{variant}.yaml", encoding="utf-8") as f:
        document = yaml.safe_load(f)
    params = {key: document["parameters"][key] for key in KEYS}
    for key, val in (overrides or {}).items():
        if key not in params:
            raise ValueError(f"unknown parameter {key!r}")
        params[key] = val
    if params["tie_outcome"] not in TIE_OUTCOMES:
        raise ValueError(f"unknown tie_outcome {params['tie_outcome']!r}")
    return params
