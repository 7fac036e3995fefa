"""The ginspec reference engine: the rules of Gin Rummy, written to be checked against the rule book.

Each function cites the rule IDs (``spec/rules/``) it implements. The engine knows nothing of the
conformance harness; it is given variant parameters as a plain mapping (see :class:`HandRules`).

>>> from reference_impl import parse_cards, least_deadwood_of
>>> least_deadwood_of(parse_cards("Ac 2c 3c 7d 7h 7s Ts Js Qs Kd"))
10
"""

from typing import Sequence

from reference_impl.cards import Card, DECK, format_cards, format_hand, mask_of, parse_card, parse_cards
from reference_impl.deadwood import Arrangement, least_deadwood, least_deadwood_after_discard
from reference_impl.errors import (
    GinError,
    IllegalKnock,
    InvalidHand,
    InvalidMelds,
    InvalidRules,
    NotationError,
    NotBigGin,
)
from reference_impl.hand import check_knock, evaluate_drawn_hand, evaluate_resting_hand
from reference_impl.layoff import best_defence
from reference_impl.melds import format_spread, meld_type
from reference_impl.rules import HandRules
from reference_impl.scoring import HandResult, score_hand


def least_deadwood_of(cards: Sequence[Card]) -> int:
    """DEADWOOD-COUNT for a hand at rest, from a list of cards."""
    return least_deadwood(mask_of(cards))


__all__ = [
    "Arrangement",
    "Card",
    "DECK",
    "GinError",
    "HandResult",
    "HandRules",
    "IllegalKnock",
    "InvalidHand",
    "InvalidMelds",
    "InvalidRules",
    "NotBigGin",
    "NotationError",
    "best_defence",
    "check_knock",
    "evaluate_drawn_hand",
    "evaluate_resting_hand",
    "format_cards",
    "format_hand",
    "format_spread",
    "least_deadwood",
    "least_deadwood_after_discard",
    "least_deadwood_of",
    "mask_of",
    "meld_type",
    "parse_card",
    "parse_cards",
    "score_hand",
]
