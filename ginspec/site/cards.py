"""Cards drawn as HTML: a card, a hand, a meld, a hand divided into melds and deadwood, and cards
named in running text. Cards are read with :mod:`reference_impl.cards` (the notation of
``spec/notation.md``); the markup is in ``templates/cards.html``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from markupsafe import Markup, escape

from ginspec.site.markdown import md_text, outside_code
from ginspec.site.templating import RENDERED, macros
from ginspec.suite.notation import is_card
from reference_impl.cards import RANK_LETTERS, SUIT_SYMBOLS, Card, parse_card, parse_cards, sort_cards

RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king")
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
MARKS = {"deadwood": "deadwood", "discard": "the discard", "layoff": "laid off", "upcard": "the upcard"}
TOKEN = re.compile(r"\b\w\w\b")

Cards = str | Sequence[str]


@dataclass(frozen=True)
class CardFace:
    """What a drawing shows of a card: the rank as printed (10 for the ten), the suit symbol, the
    colour and the spoken name."""

    rank: str
    symbol: str
    colour: str
    name: str


@lru_cache(maxsize=None)
def face(card: Card) -> CardFace:
    letter = RANK_LETTERS[card.rank - 1]
    return CardFace(
        rank="10" if letter == "T" else letter,
        symbol=SUIT_SYMBOLS[card.suit],
        colour="gs-red" if card.suit in "dh" else "gs-black",
        name=f"{RANK_NAMES[card.rank - 1]} of {SUIT_NAMES[card.suit]}",
    )


def card_list(value: Any) -> list[str] | None:
    """The cards of ``value`` if it is a non-empty card list in canonical notation, else ``None``."""
    tokens = value.split() if isinstance(value, str) else []
    return tokens if tokens and all(is_card(token) for token in tokens) else None


def _cards(cards: Cards) -> list[Card]:
    return list(parse_cards(cards)) if isinstance(cards, str) else [parse_card(card) for card in cards]


@lru_cache(maxsize=None)
def _card(card: Card, mark: str | None) -> Markup:
    return macros("cards.html").card(face(card), mark, MARKS.get(mark, mark) if mark else None)


def card_html(card: str | Card, mark: str | None = None) -> Markup:
    """One playing card: rank and suit symbol, red for hearts and diamonds, black otherwise."""
    return _card(card if isinstance(card, Card) else parse_card(card), mark)


@lru_cache(maxsize=None)
def card_text_html(card: Card) -> Markup:
    """A card inside running text: rank and coloured suit symbol, no card face."""
    return macros("cards.html").card_text(face(card))


def hand_html(cards: Cards, marks: Mapping[str, str] | None = None, sort: bool = False) -> Markup:
    """A row of cards that wraps on a narrow screen; ``marks`` maps a card to a mark class."""
    listed = _cards(cards)
    if sort:
        listed = sort_cards(listed)
    marks = marks or {}
    return macros("cards.html").hand([_card(card, marks.get(str(card))) for card in listed])


def meld_kind(cards: Sequence[Card]) -> str | None:
    if len(cards) >= 3 and len({card.rank for card in cards}) == 1:
        return "set"
    if len(cards) >= 3 and len({card.suit for card in cards}) == 1:
        return "run"
    return None


def meld_html(meld: Cards, marks: Mapping[str, str] | None = None) -> Markup:
    cards = _cards(meld)
    marks = marks or {}
    return macros("cards.html").meld([_card(card, marks.get(str(card))) for card in cards], meld_kind(cards))


def melds_html(melds: Sequence[Cards]) -> Markup:
    """Melds side by side, no deadwood."""
    return macros("cards.html").arrangement([meld_html(meld) for meld in melds])


def arrangement_html(hand: Cards, melds: Sequence[Cards], marks: Mapping[str, str] | None = None) -> Markup:
    """A hand divided into melds, each drawn as a group, and its deadwood cards marked."""
    melded = {card for meld in melds for card in _cards(meld)}
    deadwood = sort_cards(card for card in _cards(hand) if card not in melded)
    marks = marks or {}
    dead = [_card(card, marks.get(str(card), "deadwood")) for card in deadwood]
    count = sum(card.value for card in deadwood)
    return macros("cards.html").arrangement([meld_html(meld, marks) for meld in melds], dead, count)


def row_html(label: str, content: Markup) -> Markup:
    """One labelled row of a drawn example."""
    if 'class="gs-card' in content:
        kind = "gs-row gs-row-cards"
    elif content.startswith(("<ol", "<table")):
        kind = "gs-row gs-row-top"
    else:
        kind = "gs-row"
    return macros("cards.html").row(label, content, kind)


RENDERED.extend([_card, card_text_html])


def cards_in_text(text: str) -> Markup:
    """``text`` escaped, with every card named in it drawn with its suit symbol."""
    escaped = str(escape(text))
    return Markup(TOKEN.sub(lambda match: card_text_html(parse_card(match.group(0))) if is_card(match.group(0)) else match.group(0), escaped))


def md_cards(text: str, place: Callable[[str], str] = str) -> str:
    """Like :func:`ginspec.site.markdown.md_text`, with the cards named in the text drawn with
    their suit symbols (outside code spans). ``As`` is taken for the ace of spades only beside
    another card. Each drawn name goes through ``place`` (:meth:`ginspec.site.family.Context.inline`)."""
    return outside_code(md_text(text), lambda plain: _cards_in_plain(plain, place))


def _cards_in_plain(text: str, place: Callable[[str], str]) -> str:
    tokens = re.split(r"(\s+)", text)
    words = [token.strip(".,;:()[]") for token in tokens]

    def beside_card(index: int) -> bool:
        return any(0 <= other < len(words) and is_card(words[other]) for other in (index - 2, index + 2))

    out = []
    for index, token in enumerate(tokens):
        word = words[index]
        if is_card(word) and (word not in ("As", "Ad") or beside_card(index)):
            token = token.replace(word, place(str(card_text_html(parse_card(word)))), 1)
        out.append(token)
    return "".join(out)
