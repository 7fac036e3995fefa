"""Variant parameters for unit tests, read from the variant files as the engine would be given them."""

from __future__ import annotations

from typing import Any

from ginspec.suite.variants import get_variant
from reference_impl.rules import HandRules


def standard_rules(**overrides: Any) -> HandRules:
    parameters = dict(get_variant("standard").parameters)
    parameters.update(overrides)
    return HandRules.from_parameters(parameters)
