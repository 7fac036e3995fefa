"""The suite's own reader of the card notation (``spec/notation.md``) and of the action notation
(``spec/actions.md``).

The judge compares an engine's answers through it, and the loaders check vectors and transcripts
with it, so that nothing an engine answers is read back through the engine under test (the
reference engine included). It shares no code with :mod:`reference_impl`. It also words the hints
that the ``ginspec`` commands add to a bad card token (``'10h' is not a card (ten is written T,
e.g. 'Th')``): help for a person typing cards, which is no part of any engine's answer.
"""

from __future__ import annotations

from functools import lru_cache

from ginspec.errors import quote

RANKS = "A23456789TJQK"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
CARDS = frozenset(rank + suit for suit in SUITS for rank in RANKS)
"""The 52 card names: a rank letter, upper case, then a suit letter, lower case."""
SEATS = ("p1", "p2", "p3", "p4")
CARD_QUOTE = 40
"""Characters of a bad card token quoted in a message."""


class NotationProblem(ValueError):
    """Text that is not in the notation; the message quotes it."""


def is_card(token: str) -> bool:
    """Whether ``token`` is one card in canonical notation (``'Th'`` is, ``'10h'`` and ``'th'`` are not)."""
    return token in CARDS


def card_hint(token: str) -> str:
    """A short hint for the most common mistakes in card tokens, or ``""``."""
    if token[:2] == "10":
        return " (ten is written T, e.g. 'Th')"
    if len(token) == 2 and token[0].upper() + token[1].lower() in CARDS:
        return f" (write {token[0].upper() + token[1].lower()!r}: rank upper case, suit lower case)"
    if any(symbol in token for symbol in SUIT_SYMBOLS):
        return " (suits are written c d h s)"
    if "," in token:
        return " (separate cards with spaces, not commas)"
    return ""


def card_problem(token: str) -> str:
    """The message for a token that is not a card: quoted (cut when long), with a hint."""
    return f"{quote(token, CARD_QUOTE)} is not a card{card_hint(token[:CARD_QUOTE])}"


def read_card(token: str) -> str:
    """The card ``token`` names; :class:`NotationProblem` if it is not a card."""
    if token not in CARDS:
        raise NotationProblem(card_problem(token))
    return token


def read_cards(text: str) -> tuple[str, ...]:
    """A card list (cards separated by spaces), in its order; a card given twice is a problem."""
    cards = tuple(read_card(token) for token in text.split())
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            raise NotationProblem(f"{card!r} appears twice")
        seen.add(card)
    return cards


def card_order(card: str) -> tuple[int, int]:
    """Canonical order: suit (c d h s), then rank (A to K)."""
    return SUITS.index(card[1]), RANKS.index(card[0])


def canonical_cards(cards: tuple[str, ...] | list[str]) -> str:
    """A set of cards printed in canonical order."""
    return " ".join(sorted(cards, key=card_order))


ACTION_FORMS = "pass, done, big-gin, draw stock|discard, discard CARD, knock CARD [with MELDS], layoff CARD [onto CARD]"


def _action_words(player: str, verb: str, rest: list[str]) -> str | None:
    """The canonical text of the action, ``None`` if the words are no form of ``spec/actions.md``."""
    if verb in ("pass", "done", "big-gin") and not rest:
        return f"{player} {verb}"
    if verb == "draw" and rest in (["stock"], ["discard"]):
        return f"{player} draw {rest[0]}"
    if verb in ("discard", "knock", "layoff") and len(rest) == 1:
        return f"{player} {verb} {read_card(rest[0])}"
    if verb == "layoff" and len(rest) == 3 and rest[1] == "onto":
        return f"{player} layoff {read_card(rest[0])} onto {read_card(rest[2])}"
    if verb == "knock" and len(rest) > 2 and rest[1] == "with":
        melds = [read_cards(part) for part in " ".join(rest[2:]).split("|")]
        if any(not meld for meld in melds):
            raise NotationProblem("an empty meld in the spread")
        spread = " | ".join(sorted(canonical_cards(meld) for meld in melds))
        return f"{player} knock {read_card(rest[0])} with {spread}"
    return None


def read_action(text: str) -> str:
    """One action of ``spec/actions.md`` (``p1 draw stock``), as a canonical text: two texts give
    the same canonical text exactly when they are the same action (a spread is a set of melds,
    each a set of cards). :class:`NotationProblem` quoting the text for anything else."""
    if not isinstance(text, str):
        raise NotationProblem(f"{text!r} is not an action: an action is a text")
    return _canonical_action(text)


@lru_cache(maxsize=1 << 16)
def _canonical_action(text: str) -> str:
    """:func:`read_action` of a text, remembered: a judge reads the same few hundred actions of a
    hand again for every checkpoint and every run (a text that is no action is read every time)."""
    words = text.split(" ")
    if len(words) < 2 or words[0] not in SEATS:
        raise NotationProblem(f"{quote(text)} is not an action: it must start with the player, p1 to p4, then a verb")
    try:
        canonical = _action_words(words[0], words[1], words[2:])
    except NotationProblem as exc:
        raise NotationProblem(f"{quote(text)} is not an action: {exc}") from None
    if canonical is None:
        raise NotationProblem(f"{quote(text)} is not an action: expected {ACTION_FORMS}")
    return canonical
