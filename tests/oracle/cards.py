"""Cards for the oracle: a strict parser and printer of the canonical notation.

A card is kept as its two-character canonical string (``"As"``, ``"Td"``). Nothing
here is shared with the engines under test; this module is deliberately small so
that it can be checked by reading it.

Rules: CARD-VALUES, CARD-RANK-ACE-LOW (spec/notation.md).
"""

RANKS = "A23456789TJQK"
SUITS = "cdhs"

_RANK_NUMBERS = {letter: number for number, letter in enumerate(RANKS, start=1)}
"""The rank number of each rank letter, looked up rather than searched for: the oracle weighs
hundreds of thousands of cards in a run of the suite."""
_VALUES = {letter: min(number, 10) for letter, number in _RANK_NUMBERS.items()}
"""The deadwood value of each rank letter (CARD-VALUES): ace 1, two to nine their pips, T J Q K 10."""


def parse_card(token):
    """Return ``token`` if it is exactly one canonical card, else raise ValueError.

    The rank letter is one of ``A23456789TJQK`` (upper case) and the suit letter
    one of ``cdhs`` (lower case). The message quotes the token, e.g.
    ``'Zs' is not a card``.
    """
    if (
        not isinstance(token, str)
        or len(token) != 2
        or token[0] not in RANKS
        or token[1] not in SUITS
    ):
        raise ValueError(f"{token!r} is not a card")
    return token


def parse_cards(cards):
    """Parse a card list: a string of cards separated by single spaces, or an
    iterable of card strings. Order is kept and repeats are allowed (a list is
    not a hand). The empty string is the empty list."""
    if isinstance(cards, str):
        if cards == "":
            return []
        tokens = cards.split(" ")
    else:
        tokens = list(cards)
    return [parse_card(t) for t in tokens]


def parse_hand(cards):
    """Parse a hand: a card list without repeats (``'7h' appears twice``)."""
    parsed = parse_cards(cards)
    seen = set()
    for card in parsed:
        if card in seen:
            raise ValueError(f"{card!r} appears twice")
        seen.add(card)
    return parsed


def rank(card):
    """Rank number with the ace low: A=1, 2..9, T=10, J=11, Q=12, K=13
    (CARD-RANK-ACE-LOW)."""
    number = _RANK_NUMBERS.get(card[0])
    if number is None:
        raise ValueError(f"{card!r} has no rank")
    return number


def suit(card):
    """Suit letter of a card."""
    return card[1]


def value(card):
    """Deadwood value (CARD-VALUES): ace 1, two to nine their pips, T J Q K 10."""
    worth = _VALUES.get(card[0])
    if worth is None:
        raise ValueError(f"{card!r} has no rank")
    return worth


def total_value(cards):
    """Sum of the deadwood values of the cards (DEADWOOD-COUNT)."""
    return sum(map(value, cards))


def sort_key(card):
    """Canonical printing order: suit c, d, h, s, then rank with the ace low."""
    return (SUITS.index(card[1]), rank(card))


def format_hand(cards):
    """Canonical text of a hand: sorted by suit then rank, single spaces."""
    return " ".join(sorted(cards, key=sort_key))


def all_cards():
    """The 52 cards of the pack in canonical order."""
    return [r + s for s in SUITS for r in RANKS]
