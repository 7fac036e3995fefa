"""Cards, card lists and their canonical notation (``spec/notation.md``).

A card is a small immutable value with a rank (1 = ace .. 13 = king) and a suit letter. Each of the
52 cards exists once (:data:`DECK`); parsing returns those instances, so cards compare by identity
as well as by value.

For the hand evaluator a set of cards is also a *mask*: an int with one bit per card, laid out
suit-major with a 16-bit lane per suit (bit ``16 * suit_index + rank - 1``). A run is then a block of
adjacent bits inside one lane, and a suit's cards are ``(mask >> 16 * s) & 0x1FFF``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from reference_impl.errors import DuplicateCard, NotationError

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "cdhs"
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
LANE_BITS = 16
LANE_MASK = 0x1FFF


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One playing card.

    ``rank`` is 1 (ace) to 13 (king); ace is low (rule CARD-RANK-ACE-LOW).
    ``suit`` is one of ``c d h s``.

    ``value``, ``suit_index`` and ``bit`` are worked out once, when the card is made, because the
    engine reads them on every move; they follow from rank and suit and take no part in equality.
    """

    rank: int
    suit: str
    value: int = field(init=False, compare=False, repr=False)
    """Deadwood value: ace 1, two to nine their pips, ten and pictures 10 (rule CARD-VALUES)."""
    suit_index: int = field(init=False, compare=False, repr=False)
    """The suit's place in the order c d h s."""
    bit: int = field(init=False, compare=False, repr=False)
    """This card's bit in a card mask."""

    def __post_init__(self) -> None:
        suit_index = SUIT_LETTERS.index(self.suit)
        object.__setattr__(self, "value", 10 if self.rank >= 10 else self.rank)
        object.__setattr__(self, "suit_index", suit_index)
        object.__setattr__(self, "bit", 1 << (LANE_BITS * suit_index + self.rank - 1))

    def __eq__(self, other: object) -> bool:
        """Same rank and same suit, which is the same bit; a card equals no other thing."""
        return other.__class__ is Card and self.bit == other.bit  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        """A card's bit identifies it: comparing and hashing cards, which the state machines do on
        every move, builds no tuple."""
        return self.bit

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical order for printing hands: suit (c d h s), then rank."""
        return (self.suit_index, self.rank)

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + self.suit


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUIT_LETTERS for rank in range(1, 14))
_BY_NAME: dict[str, Card] = {str(card): card for card in DECK}
_BY_BIT: dict[int, Card] = {card.bit: card for card in DECK}


def parse_card(token: str) -> Card:
    """Parse one card in canonical notation, e.g. ``'As'`` or ``'Td'``.

    Raises :class:`NotationError` quoting the token for anything else (``'10h' is not a card``).
    Hints for a person typing cards are the commands' business (``ginspec.notation``).
    """
    card = _BY_NAME.get(token)
    if card is None:
        raise NotationError(f"{token!r} is not a card")
    return card


_CARD_NAMED = _BY_NAME.__getitem__
_NAME_OF: dict[Card, str] = {card: name for name, card in _BY_NAME.items()}


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a space-separated card list, keeping its order. A repeated card is an error.

    The engine parses card lists on every move and every answer: the tokens are looked up in one
    pass."""
    try:
        cards = tuple(map(_CARD_NAMED, text.split()))
    except KeyError as exc:
        raise NotationError(f"{exc.args[0]!r} is not a card") from None
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCard(f"{str(card)!r} appears twice")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Print a card list in the order given."""
    return " ".join([_NAME_OF[card] for card in cards])


def _bit_of(card: Card) -> int:
    return card.bit


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in canonical order: by suit (c d h s), then by rank (which is the order of their bits)."""
    return sorted(cards, key=_bit_of)


def format_hand(cards: Iterable[Card]) -> str:
    """Print a hand canonically (sorted), so the same hand always prints the same text."""
    return format_cards(sort_cards(cards))


def mask_of(cards: Iterable[Card]) -> int:
    """The card mask holding exactly these cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in canonical order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(_BY_BIT[low])
        mask ^= low
    return cards
