"""OpenSpiel's gin rummy in numbers, as the OpenSpiel adapter (:mod:`ginspec.adapters.openspiel`)
reads and writes them: a card is 0..51 (rank-major in each suit, ``cdhs``), 52..55 are drawing the
upcard, drawing from the stock, passing and knocking, and a meld is its own action from 56 on; the
card notation of ``spec/notation.md`` sorted and printed as the suite writes it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pyspiel

RANKS = "A23456789TJQK"
SUITS = "cdhs"

DRAW_UPCARD = 52
DRAW_STOCK = 53
PASS = 54
KNOCK = 55
MELD_BASE = 56

_PHASE = pyspiel.gin_rummy.Phase


def _key(card: str) -> tuple[int, int]:
    return SUITS.index(card[1]), RANKS.index(card[0])


def _sorted(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=_key)


def _text(cards: Iterable[str]) -> str:
    return " ".join(_sorted(cards))


def _is_run(meld: Sequence[str]) -> bool:
    return len({card[1] for card in meld}) == 1


def _pieces(meld: list[int]) -> list[list[int]]:
    """A run longer than five cards as OpenSpiel lays it: pieces of three to five cards."""
    meld = sorted(meld)
    pieces = []
    while len(meld) > 5:
        size = min(5, len(meld) - 3)
        pieces.append(meld[:size])
        meld = meld[size:]
    pieces.append(meld)
    return pieces




# ---------------------------------------------------------------------------------- the adapter



def _printed_spread(melds: Sequence[Sequence[str]]) -> str:
    """A spread's canonical printing (``spec/notation.md``): each meld by suit then rank, sets
    before runs, sets by rank, runs by suit then lowest rank."""
    ranks, suits = "A23456789TJQK", "cdhs"

    def card_key(card: str) -> tuple[int, int]:
        return suits.index(card[1]), ranks.index(card[0])

    def meld_key(meld: list[str]) -> tuple[int, int, int]:
        is_set = len({card[0] for card in meld}) == 1
        return (0, ranks.index(meld[0][0]), 0) if is_set else (1, *card_key(meld[0]))

    ordered = [sorted(meld, key=card_key) for meld in melds]
    return " | ".join(" ".join(meld) for meld in sorted(ordered, key=meld_key))
