"""An independent brute-force oracle for the single-hand rules of gin rummy.

It shares no code with the engines it checks and uses only the standard library
and PyYAML. Each function searches exhaustively and is written to be read and
believed rather than to be fast.
"""

from .cards import format_hand, parse_card, parse_cards, parse_hand, rank, suit, value
from .hands import after_discard, knock
from .layoffs import accepts, defender_after_layoffs, layable_groups
from .melds import (
    all_melds,
    format_arrangement,
    format_meld,
    least_deadwood,
    meld_type,
    normalise,
    optimal_arrangements,
)
from .params import load_params
from .scoring import score

__all__ = [
    "accepts",
    "after_discard",
    "all_melds",
    "defender_after_layoffs",
    "format_arrangement",
    "format_hand",
    "format_meld",
    "knock",
    "layable_groups",
    "least_deadwood",
    "load_params",
    "meld_type",
    "normalise",
    "optimal_arrangements",
    "parse_card",
    "parse_cards",
    "parse_hand",
    "rank",
    "score",
    "suit",
    "value",
]
