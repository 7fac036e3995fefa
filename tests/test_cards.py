"""Card notation (spec/notation.md) and card values (CARD-VALUES, CARD-RANK-ACE-LOW)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference_impl.cards import (
    DECK,
    Card,
    cards_of,
    format_cards,
    format_hand,
    mask_of,
    parse_card,
    parse_cards,
)
from ginspec.suite.notation import NotationProblem, is_card, read_card
from reference_impl.errors import NotationError


def test_every_card_round_trips() -> None:
    names = {str(card) for card in DECK}
    assert len(names) == 52
    for card in DECK:
        assert parse_card(str(card)) is card
        assert Card(card.rank, card.suit) == card and hash(Card(card.rank, card.suit)) == hash(card)


def test_a_card_equals_only_the_same_card() -> None:
    ace = parse_card("As")
    assert ace == parse_card("As") and ace != parse_card("Ah") and ace != parse_card("2s")
    assert (ace == "As") is False and ace != "As" and ace != ace.bit


@pytest.mark.parametrize(
    ("token", "value"),
    [("As", 1), ("2c", 2), ("9d", 9), ("Th", 10), ("Jc", 10), ("Qd", 10), ("Ks", 10)],
)
def test_card_values(token: str, value: int) -> None:
    assert parse_card(token).value == value


def test_ace_is_rank_one_and_king_thirteen() -> None:
    assert parse_card("Ah").rank == 1
    assert parse_card("Kh").rank == 13


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("Zs", "'Zs' is not a card"),
        ("10h", "'10h' is not a card (ten is written T"),
        ("as", "'as' is not a card (write 'As'"),
        ("AS", "'AS' is not a card (write 'As'"),
        ("A♠", "'A♠' is not a card (suits are written c d h s)"),
        ("Asx", "'Asx' is not a card"),
        ("As,", "'As,' is not a card (separate cards with spaces"),
        ("", "'' is not a card"),
    ],
)
def test_bad_tokens_are_quoted(token: str, message: str) -> None:
    """The engine quotes the token; the commands' reader of the notation adds a hint for the
    usual mistakes (spec/notation.md)."""
    with pytest.raises(NotationError) as error:
        parse_card(token)
    assert str(error.value) == f"{token!r} is not a card"
    with pytest.raises(NotationProblem) as problem:
        read_card(token)
    assert str(problem.value).startswith(message)
    assert not is_card(token)


def test_a_long_bad_token_is_cut_when_quoted_with_its_length() -> None:
    with pytest.raises(NotationProblem) as problem:
        read_card("Z" * 1000)
    assert str(problem.value) == f"{'Z' * 40!r}... (1000 characters) is not a card"
    assert read_card("Th") == "Th" and is_card("Th")


def test_a_repeated_card_is_an_error() -> None:
    with pytest.raises(NotationError, match="'7h' appears twice"):
        parse_cards("7h 8h 7h")


def test_lists_keep_their_order_and_hands_print_canonically() -> None:
    cards = parse_cards("Kd Ac 7h 2c")
    assert format_cards(cards) == "Kd Ac 7h 2c"
    assert format_hand(cards) == "Ac 2c Kd 7h"
    assert parse_cards("") == ()


@given(st.lists(st.sampled_from(DECK), unique=True, max_size=52))
def test_hands_round_trip_through_text_and_masks(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert set(cards_of(mask_of(cards))) == set(cards)
    assert format_hand(parse_cards(format_hand(cards))) == format_hand(cards)
