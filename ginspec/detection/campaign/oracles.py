"""The independent oracles of ``tests/oracle/`` asked to confirm a campaign's vectors of a table's
hand (``tests/oracle/table_rounds.py``) and of a game's score sheet (``tests/oracle/games.py``,
``table_rounds.table_game``), as :func:`ginspec.detection.campaign.report.oracle_verdict` confirms a
two-player hand's. Available only in a checkout (an installed wheel carries no tests)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any, Mapping

from ginspec.suite.paths import checkout_root


def oracle_module(name: str) -> Any:
    """``tests/oracle/NAME.py`` of the checkout the suite runs from, or None."""
    root = checkout_root()
    if not (root / "tests" / "oracle" / f"{name}.py").is_file():
        return None
    if str(root) not in sys.path:
        sys.path.append(str(root))
    try:
        module = importlib.import_module(f"tests.oracle.{name}")
    except ImportError:
        return None
    return module if Path(module.__file__).resolve().is_relative_to(root) else None


def oracle_variant(variant: str) -> str:
    """The variant as the oracles read it themselves: a shipped variant by its name, a house
    variant (``--variant PATH.yaml``, ``--variants DIR``) by the path of its file, which the oracle
    reads on its own (``tests/oracle/params.py``)."""
    from ginspec.suite.variants import get_variant

    try:
        found = get_variant(variant)
    except Exception:  # noqa: BLE001 - a name the suite does not know: the oracle says so itself
        return variant
    return str(found.path) if found.house and found.path else variant


def _parameters(variant: str, overrides: Mapping[str, Any]) -> dict[str, Any] | None:
    params = oracle_module("params")
    if params is None:
        return None
    try:
        return {**params.variant_parameters(oracle_variant(variant)), **dict(overrides)}
    except (OSError, ValueError, KeyError):  # a variant file the oracle cannot read: no oracle reading
        return None


def table_hand_verdict(variant: str, overrides: Mapping[str, Any], vector_input: Mapping[str, Any], expected: Mapping[str, Any]) -> str:
    """``confirmed`` when the table oracle gives every expected field of a table hand's vector."""
    table_rounds, parameters = oracle_module("table_rounds"), _parameters(variant, overrides)
    if table_rounds is None or parameters is None:
        return "unavailable"
    states, outcome = table_rounds.replay(vector_input["deal"], vector_input["actions"], parameters)
    if "outcome" in outcome:
        outcome = {**outcome, "finished": True}
    for key, want in expected.items():
        if key != "checkpoints" and outcome.get(key) != want:
            return f"contradicted: {key} {outcome.get(key)!r}, not {want!r}"
    for point in expected.get("checkpoints", ()):
        view = table_rounds.checkpoint(states[point["after"]])
        for key, want in point.items():
            if key != "after" and (sorted(view[key]) != sorted(want) if key == "legal" else view.get(key) != want):
                return f"contradicted: after {point['after']} actions, {key}"
    return "confirmed"


def score_sheet_verdict(kind: str, variant: str, overrides: Mapping[str, Any], data: Mapping[str, Any], expected: Mapping[str, Any]) -> str:
    """``confirmed`` when the game oracle scores the game's hands as ``expected`` on every field."""
    parameters = _parameters(variant, overrides)
    module = oracle_module("table_rounds" if kind == "table_game" else "games")
    if module is None or parameters is None:
        return "unavailable"
    answer = module.table_game(data, parameters) if kind == "table_game" else module.answer(kind, data, parameters)
    wrong = [key for key, want in expected.items() if answer.get(key) != want]
    return f"contradicted: {wrong[0]} {answer.get(wrong[0])!r}, not {expected[wrong[0]]!r}" if wrong else "confirmed"
