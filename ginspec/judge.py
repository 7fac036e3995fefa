"""Judging an engine's answer against a vector's expected answer.

Only the fields a vector asserts are judged. Card lists that stand for sets (``discards``,
``layoffs``) are compared without regard to order; ``arrangements`` is compared as a set of
arrangements, each a set of melds; everything else must be equal, with booleans kept apart from
numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from reference_impl.cards import parse_cards
from reference_impl.errors import NotationError

CARD_SET_FIELDS = frozenset({"discards", "layoffs"})


@dataclass(frozen=True)
class Verdict:
    passed: bool
    mismatches: tuple[str, ...]


def _cards(value: Any) -> frozenset[str]:
    if not isinstance(value, str):
        raise NotationError(f"{value!r} is not a card list")
    return frozenset(str(card) for card in parse_cards(value))


def _arrangements(value: Any) -> frozenset[frozenset[frozenset[str]]]:
    if not isinstance(value, list) or not all(isinstance(arrangement, list) for arrangement in value):
        raise NotationError(f"{value!r} is not a list of arrangements")
    return frozenset(frozenset(_cards(meld) for meld in arrangement) for arrangement in value)


def _same(name: str, expected: Any, observed: Any) -> bool:
    if name in CARD_SET_FIELDS:
        return _cards(expected) == _cards(observed)
    if name == "arrangements":
        return _arrangements(expected) == _arrangements(observed)
    if isinstance(expected, bool) or isinstance(observed, bool):
        return type(expected) is type(observed) and expected == observed
    return expected == observed


def judge(expected: Mapping[str, Any], observed: Mapping[str, Any], omitted: frozenset[str] = frozenset()) -> Verdict:
    """Compare the asserted fields; ``omitted`` fields are ones the engine declared it cannot report."""
    if not isinstance(observed, Mapping):
        return Verdict(False, (f"the answer is not an object: {observed!r}",))
    mismatches: list[str] = []
    if "error" in expected or "error" in observed:
        if expected.get("error") != observed.get("error"):
            mismatches.append(f"error: expected {expected.get('error')!r}, observed {observed.get('error')!r}")
        return Verdict(not mismatches, tuple(mismatches))
    for name, value in expected.items():
        if name in omitted:
            continue
        if name not in observed:
            mismatches.append(f"{name}: expected {value!r}, the engine gave no {name!r}")
            continue
        try:
            if not _same(name, value, observed[name]):
                mismatches.append(f"{name}: expected {value!r}, observed {observed[name]!r}")
        except NotationError as exc:
            mismatches.append(f"{name}: the engine's answer is not valid notation: {exc}")
    return Verdict(not mismatches, tuple(mismatches))
