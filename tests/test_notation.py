"""The suite's own reader of the card and action notation (spec/notation.md, spec/actions.md), and
the judge reading engines' actions with it (spec/protocol.md)."""

from __future__ import annotations

import pytest

from ginspec.judging.judge import judge_round
from ginspec.suite.notation import NotationProblem, read_action, read_cards


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("p1 pass", "p1 pass"),
        ("p2 draw stock", "p2 draw stock"),
        ("p3 discard Kh", "p3 discard Kh"),
        ("p2 layoff 8s onto 7s", "p2 layoff 8s onto 7s"),
        ("p1 knock Kh with 4s 5s 6s | 7h 7c 7d", "p1 knock Kh with 4s 5s 6s | 7c 7d 7h"),
        ("p1 knock Kh with 7c 7d 7h | 4s 5s 6s", "p1 knock Kh with 4s 5s 6s | 7c 7d 7h"),
    ],
)
def test_an_action_reads_as_its_canonical_text(text: str, canonical: str) -> None:
    assert read_action(text) == canonical


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("p1 discrad 5h", "expected pass, done"),
        ("p5 pass", "it must start with the player"),
        ("p1", "it must start with the player"),
        ("p1  pass", "expected pass, done"),
        ("p1 draw", "expected pass, done"),
        ("p2 discard 10h", "'10h' is not a card (ten is written T"),
        ("p1 knock Kh with 7c 7d 7h | | 4s 5s 6s", "an empty meld in the spread"),
        ("p1 knock Kh with 7c 7c 7d", "'7c' appears twice"),
        ("p2 layoff 8s onto", "expected pass, done"),
    ],
)
def test_a_text_that_is_no_action_is_quoted_with_its_problem(text: str, problem: str) -> None:
    with pytest.raises(NotationProblem) as error:
        read_action(text)
    assert str(error.value).startswith(f"{text!r} is not an action: ") and problem in str(error.value)


def test_card_lists_keep_their_order_and_refuse_repeats() -> None:
    assert read_cards("Kd Ac 7h") == ("Kd", "Ac", "7h")
    with pytest.raises(NotationProblem, match="'7h' appears twice"):
        read_cards("7h 8h 7h")


def _checkpoint(legal: list[str]) -> dict:
    return {"finished": False, "checkpoints": {"2": {"legal": legal}}}


def test_legal_actions_are_read_by_the_suite_not_the_engine() -> None:
    expected = {"finished": False, "checkpoints": [{"after": 2, "legal": ["p2 layoff 8s onto 7s", "p2 layoff 8s onto 8h", "p2 done"]}]}
    assert judge_round(expected, _checkpoint(["p2 done", "p2 layoff 8s onto 8h", "p2 layoff 8s onto 7s"])).passed
    dropped = judge_round(expected, _checkpoint(["p2 layoff 8s", "p2 layoff 8s", "p2 done"]))
    assert not dropped.passed and "missing [p2 layoff 8s onto 7s, p2 layoff 8s onto 8h]" in dropped.mismatches[0]
    garbled = judge_round(expected, _checkpoint(["p2 layoff 8s onto", "p2 done"]))
    assert not garbled.passed and "not valid notation" in garbled.mismatches[0]


def test_a_refused_action_the_engine_names_must_be_the_one_at_its_index() -> None:
    actions = ["p1 draw discard", "p1 knock Kd with 2c 3c 4c 5d"]
    expected = {"illegal": {"index": 1, "reason": "invalid_spread"}}

    def refused(named: str | None) -> dict:
        illegal = {"index": 1, "reason": "invalid_spread"}
        return {"illegal": illegal if named is None else {**illegal, "action": named}, "checkpoints": {}}

    assert judge_round(expected, refused(None), actions=actions).passed
    assert judge_round(expected, refused("p1 knock Kd with 2c 3c 4c 5d"), actions=actions).passed
    assert judge_round(expected, refused("p1 knock Kd with 5d 4c 3c 2c"), actions=actions).passed
    misread = judge_round(expected, refused("p1 knock Kd"), actions=actions)
    assert not misread.passed and "the engine read 'p1 knock Kd'" in misread.mismatches[0]
    garbled = judge_round(expected, refused("p1 knock"), actions=actions)
    assert not garbled.passed and "no valid notation" in garbled.mismatches[0]
