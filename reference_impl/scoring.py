"""The result of a hand that ended by a knock, gin or big gin (rules SCORE-HAND-OUTCOMES,
SCORE-KNOCK-WIN, SCORE-UNDERCUT, SCORE-UNDERCUT-TIE, SCORE-GIN, SCORE-BIGGIN, SCORE-WINNER-ONLY,
GIN-CANNOT-BE-UNDERCUT, GIN-NO-LAYOFF, BIGGIN-NO-LAYOFF, SCORE-AUTO-SPREAD)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from reference_impl.cards import Card, format_cards, mask_of
from reference_impl.deadwood import Arrangement, ace_may_be_high, optimal_arrangements
from reference_impl.errors import DuplicateCard, IllegalKnock, NotBigGin
from reference_impl.hand import can_knock_with, is_big_gin, require_size
from reference_impl.layoff import DefenderResult, best_defence, defender_without_layoffs
from reference_impl.melds import check_spread, format_spread
from reference_impl.rules import HandRules


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and who scored what. Only the winner scores (SCORE-WINNER-ONLY)."""

    outcome: str  # knock, undercut, gin, big_gin, draw
    winner: str  # knocker, defender, none
    points: int
    knocker_spread: Arrangement
    defence: DefenderResult

    @property
    def knocker_deadwood(self) -> int:
        return self.knocker_spread.deadwood

    @property
    def defender_deadwood(self) -> int:
        return self.defence.deadwood


def spread_from_melds(melds: Sequence[Sequence[Card]], hand: Sequence[Card], ace_high: bool = False) -> Arrangement:
    """KNOCK-SPREAD-FIXED and MELD-ARRANGEMENT-CHOICE: the spread a knocker declares himself.

    Raises :class:`~reference_impl.errors.InvalidMelds` unless it is made of valid, disjoint melds
    of his own cards. The cards outside it are his deadwood, even if he could have melded more.
    ``ace_high``: runs may end in the ace above the king (MELD-RUN-ACE-HIGH).
    """
    check_spread(melds, hand, ace_high)
    melded = {card for meld in melds for card in meld}
    return Arrangement(tuple(tuple(meld) for meld in melds), tuple(card for card in hand if card not in melded))


def outcome_of_knock(knocker_deadwood: int, defender_deadwood: int, rules: HandRules) -> tuple[str, str, int]:
    """SCORE-KNOCK-WIN, SCORE-UNDERCUT and SCORE-UNDERCUT-TIE for a knock that is not gin."""
    difference = defender_deadwood - knocker_deadwood
    if difference > 0:
        return "knock", "knocker", difference
    if difference < 0:
        return "undercut", "defender", -difference + rules.undercut_bonus
    return {
        "undercut": ("undercut", "defender", rules.undercut_bonus),
        "undercut_without_bonus": ("undercut", "defender", 0),
        "knocker_wins": ("knock", "knocker", 0),
        "draw": ("draw", "none", 0),
    }[rules.tie_outcome]


def score_big_gin(knocker: Sequence[Card], defender: Sequence[Card], rules: HandRules) -> HandResult:
    """SCORE-BIGGIN: all the knocker's cards after the draw are melded; no discard, no lay-offs
    (BIGGIN-NO-LAYOFF); the knocker scores the big gin bonus plus the defender's deadwood."""
    if not is_big_gin(knocker, rules):
        reason = "the variant has no big gin" if not rules.big_gin else "not all of its cards are melded"
        raise NotBigGin(f"the knocker holds {len(knocker)} cards, which is only allowed for big gin, and {reason}")
    defence = defender_without_layoffs(defender, rules)
    mask = mask_of(knocker)
    spread = optimal_arrangements(mask, ace_high=ace_may_be_high(mask, rules))[0]
    return _gin_result("big_gin", rules.big_gin_bonus, spread, defence, rules)


def _gin_result(outcome: str, bonus: int, spread: Arrangement, defence: DefenderResult, rules: HandRules) -> HandResult:
    """SCORE-GIN or SCORE-BIGGIN: the bonus and the defender's deadwood, even when he has none
    (GIN-CANNOT-BE-UNDERCUT); under reading ``b`` of open question Q7 a defender with no deadwood
    ties the knocker, and the tie rule for knocks applies (SCORE-UNDERCUT-TIE)."""
    if defence.deadwood == 0 and rules.reading("Q7") == "b":
        tied, winner, points = outcome_of_knock(0, 0, rules)
        return HandResult(tied, winner, points, spread, defence)
    return HandResult(outcome, "knocker", bonus + defence.deadwood, spread, defence)


def _result_against(spread: Arrangement, defender: Sequence[Card], rules: HandRules) -> HandResult:
    if spread.deadwood == 0:
        # GIN-NO-LAYOFF, GIN-DEFENDER-MELDS, GIN-CANNOT-BE-UNDERCUT: SCORE-GIN
        return _gin_result("gin", rules.gin_bonus, spread, defender_without_layoffs(defender, rules), rules)
    defence = best_defence(spread.melds, defender, rules)
    outcome, winner, points = outcome_of_knock(spread.deadwood, defence.deadwood, rules)
    return HandResult(outcome, winner, points, spread, defence)


def knocker_spread(
    knocker: Sequence[Card],
    defender: Sequence[Card],
    rules: HandRules,
    knocker_melds: Sequence[Sequence[Card]] | None = None,
) -> Arrangement:
    """The spread the knocker lays down for his ``hand_size`` kept cards.

    Given melds are checked and kept (MELD-ARRANGEMENT-CHOICE, KNOCK-SPREAD-FIXED), except that cards
    that can all be melded are always gin (GIN-DEFINITION). Without them, SCORE-AUTO-SPREAD: one of
    his least-deadwood arrangements, and when several exist the one that leaves the defender the
    most deadwood after the defender's best lay-offs; if that still leaves a choice, the one whose
    canonical printing comes first. Raises IllegalKnock over the knock limit.
    """
    mask = mask_of(knocker)
    high = ace_may_be_high(mask, rules)
    best_spreads = optimal_arrangements(mask, ace_high=high)
    least = best_spreads[0].deadwood
    if knocker_melds is not None and rules.reading("Q19") == "b" and can_knock_with(least, rules):
        shown = spread_from_melds(knocker_melds, knocker, high).deadwood
        if shown > least:
            raise IllegalKnock(f"the spread shown leaves {shown}, not the least deadwood {least} (open question Q19, reading b)")
    if knocker_melds is not None and (least != 0 or rules.reading("Q30") == "b"):  # Q30 b: as shown
        candidates = [spread_from_melds(knocker_melds, knocker, high)]
    else:
        if knocker_melds is not None:
            check_spread(knocker_melds, knocker, high)
        candidates = best_spreads
    if not can_knock_with(candidates[0].deadwood, rules):
        raise IllegalKnock(
            f"the knocker's deadwood is {candidates[0].deadwood}, over the knock limit of {rules.knock_limit}"
        )
    if candidates[0].deadwood == 0 or len(candidates) == 1:
        return candidates[0]
    return min(_best_for_knocker(candidates, defender, rules), key=lambda spread: format_spread(spread.melds))


def _best_for_knocker(candidates: Sequence[Arrangement], defender: Sequence[Card], rules: HandRules) -> list[Arrangement]:
    """The spreads among ``candidates`` that leave the defender the most deadwood after his best
    melds and lay-offs (LAYOFF-OPTIMAL): the best for the knocker (SCORE-AUTO-SPREAD)."""
    left = [best_defence(spread.melds, defender, rules).deadwood for spread in candidates]
    return [spread for spread, count in zip(candidates, left) if count == max(left)]


def admissible_spreads(knocker: Sequence[Card], defender: Sequence[Card], rules: HandRules, best_only: bool = False) -> list[Arrangement]:
    """SCORE-AUTO-SPREAD: the spreads a knocker whose spread is not given may lay down, each as
    right as the others: every least-deadwood arrangement of his kept cards, or with
    ``best_only`` those of them best for him (:func:`_best_for_knocker`). Empty when the choice
    cannot change the result: one arrangement only, or gin (nothing is laid off). Whether the knock
    is within the limit is the caller's question (KNOCK-LIMIT)."""
    mask = mask_of(knocker)
    spreads = optimal_arrangements(mask, ace_high=ace_may_be_high(mask, rules))
    if len(spreads) < 2 or spreads[0].deadwood == 0:
        return []
    return _best_for_knocker(spreads, defender, rules) if best_only else list(spreads)


def score_hand(
    knocker: Sequence[Card],
    defender: Sequence[Card],
    rules: HandRules,
    knocker_melds: Sequence[Sequence[Card]] | None = None,
) -> HandResult:
    """Score a hand that a knock (``hand_size`` cards kept) or big gin (one card more) ended.

    The knocker's spread is :func:`knocker_spread`; then gin (SCORE-GIN), or the defender's best
    lay-offs and the comparison of counts (SCORE-KNOCK-WIN, SCORE-UNDERCUT, SCORE-UNDERCUT-TIE).
    """
    shared = set(knocker) & set(defender)
    if shared:
        raise DuplicateCard(f"{format_cards(sorted(shared, key=lambda c: c.sort_key))!r} held by both players")
    require_size(knocker, (rules.hand_size, rules.hand_size + 1), "the knocker's hand")
    require_size(defender, (rules.hand_size,), "the defender's hand")
    if len(knocker) == rules.hand_size + 1:
        if knocker_melds is not None:
            check_spread(knocker_melds, knocker, ace_may_be_high(mask_of(knocker), rules))
        return score_big_gin(knocker, defender, rules)
    return _result_against(knocker_spread(knocker, defender, rules, knocker_melds), defender, rules)
