"""Option values that several commands and the pytest plugin read alike: ``--set KEY=VALUE``
parameter overrides (checked against the variant schema), ``--timeout SECONDS`` and
``--examples N``. Each bad value is one line naming the option and the token."""

from __future__ import annotations

import argparse
import math
from typing import Any, Sequence

from ginspec.errors import UsageError, quote

MAX_TIMEOUT = 3600.0
TIMEOUT_HELP = "seconds the engine may take to start and to answer each case, more than 0 and at most 3600 (default: 10; 30 to start an exec: engine)"


def parse_overrides(items: Sequence[str]) -> dict[str, Any]:
    """``--set KEY=VALUE`` (repeatable): each value read as YAML, the whole checked as parameters."""
    from ginspec.suite.variants import check_parameters  # not at the top: the parser imports this module
    from ginspec.suite.yamlio import load_yaml_text

    overrides: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--set {item!r}: write KEY=VALUE, e.g. --set knock_limit=7")
        overrides[key] = load_yaml_text(raw, f"--set {quote(item)}", UsageError)
    check_parameters(overrides, "--set")
    return overrides


def timeout_seconds(text: str) -> float:
    """``--timeout``: a finite number of seconds, more than 0 and at most :data:`MAX_TIMEOUT`."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"{quote(text)}: give seconds more than 0 and at most {MAX_TIMEOUT:g}")
    return value


def example_count(text: str) -> int:
    """``--examples``: a whole number from 1 to 100000."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
    if not 1 <= value <= 100_000:
        raise argparse.ArgumentTypeError(f"{quote(text)}: give 1 to 100000 cases")
    return value
