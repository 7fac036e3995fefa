"""What the single-hand commands (``ginspec hand``, ``ginspec score``) can honour of a variant.

A command answers under a variant's rules exactly, or refuses in one line naming the parameter it
cannot honour. Oklahoma's knock limit and spade doubling depend on the first upcard
(OKLA-KNOCK-CARD, OKLA-ACE, OKLA-SPADE-DOUBLE), which the command then needs (``--upcard``); a hand
at a table of three or four is scored with penalty points for every seat (MPN-SEED003-SCORING),
which the two-player ``score`` does not do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import reference_impl as ref
from reference_impl.cards import Card, parse_card

from ginspec.errors import UsageError


@dataclass(frozen=True)
class HandRulesInForce:
    """The hand rules with the knock limit in force, the factor on the points of the hand (2 when
    a spade upcard doubles it), and why a drawn hand cannot be answered (Oklahoma without its
    upcard), or None."""

    rules: ref.HandRules
    factor: int
    missing_upcard: str | None


def hand_rules_in_force(parameters: Mapping[str, Any], variant: str, upcard_text: str | None) -> HandRulesInForce:
    """Read the hand rules and apply the upcard (``--upcard``) where the variant makes it matter."""
    rules = ref.HandRules.from_parameters(parameters)
    upcard: Card | None = None
    if upcard_text is not None:
        try:
            upcard = parse_card(upcard_text)
        except ref.NotationError as exc:
            raise UsageError(f"--upcard: {exc}") from None
    if not parameters.get("oklahoma"):
        return HandRulesInForce(rules, 1, None)
    if upcard is None:
        what = "the knock limit and spade doubling depend" if parameters.get("spade_double") else "the knock limit depends"
        return HandRulesInForce(rules, 1, f"variant {variant!r} has oklahoma=true: {what} on the first upcard; give --upcard CARD")
    if upcard.rank == 1:
        limit = 0 if parameters.get("oklahoma_ace") == "gin_only" else 1
    else:
        limit = upcard.value
    factor = 2 if parameters.get("spade_double") and upcard.suit == "s" else 1
    return HandRulesInForce(rules.replace(knock_limit=limit), factor, None)


def require_two_player_scoring(parameters: Mapping[str, Any], variant: str) -> None:
    """``score`` scores a hand between a knocker and one defender, the winner alone scoring
    (SCORE-WINNER-ONLY); refuse a variant that scores a table of three or four."""
    if parameters.get("table_format") == "one_table" or parameters.get("scoring_model") != "winner_only":
        raise UsageError(
            f"variant {variant!r} has scoring_model={parameters.get('scoring_model')} at table_format="
            f"{parameters.get('table_format')}: score scores a hand between two players, the winner alone scoring"
        )
