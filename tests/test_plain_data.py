"""Copies of questions' plain data (ginspec.suite.plain_data): as deep as ``copy.deepcopy``'s."""

from __future__ import annotations

import datetime

from hypothesis import given
from hypothesis import strategies as st

from ginspec.suite.plain_data import plain_copy

PLAIN = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=5)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=3), inner, max_size=4)),
    max_leaves=30,
)


def _containers(value: object) -> list[object]:
    if isinstance(value, dict):
        return [value, *(found for item in value.values() for found in _containers(item))]
    if isinstance(value, list):
        return [value, *(found for item in value for found in _containers(item))]
    return []


@given(PLAIN)
def test_a_copy_is_equal_and_shares_no_mapping_or_list(value: object) -> None:
    copied = plain_copy(value)
    assert copied == value
    originals = {id(container) for container in _containers(value)}
    assert not originals & {id(container) for container in _containers(copied)}


def test_changing_a_copy_leaves_the_original_as_it_was() -> None:
    original = {"deal": {"p1": ["Ac", "2c"]}, "actions": ["p2 pass"], "nested": [[1, {"a": None}]]}
    copied = plain_copy(original)
    copied["deal"]["p1"].append("3c")
    copied["nested"][0][1]["a"] = 5
    copied["actions"].clear()
    assert original == {"deal": {"p1": ["Ac", "2c"]}, "actions": ["p2 pass"], "nested": [[1, {"a": None}]]}


def test_other_values_are_copied_deeply_too() -> None:
    held = {"set": {1, 2}, "pair": ([1], [2]), "when": datetime.date(2026, 1, 1)}
    copied = plain_copy(held)
    assert copied == held
    copied["set"].add(3)
    copied["pair"][0].append(9)
    assert held == {"set": {1, 2}, "pair": ([1], [2]), "when": datetime.date(2026, 1, 1)}
