"""The result of one hand, computed from first principles."""

from .cards import parse_hand, total_value
from .hands import reading
from .layoffs import check_spread, defender_after_layoffs
from .melds import least_deadwood, optimal_arrangements


def _result(outcome, winner, points, knocker_deadwood, defender_deadwood, groups):
    layoffs = next(iter(groups)) if len(groups) == 1 else None
    return {
        "outcome": outcome,
        "winner": winner,
        "points": points,
        "knocker_deadwood": knocker_deadwood,
        "defender_deadwood": defender_deadwood,
        "layoffs": layoffs,
    }


def score(knocker, defender, params, knocker_melds=None):
    """Score a hand ended by a knock, gin or big gin (SCORE-HAND-OUTCOMES).

    ``knocker`` holds the ten cards kept after the knock discard, or eleven for
    big gin; ``defender`` holds ten. Returns a dict with ``outcome``, ``winner``,
    ``points``, ``knocker_deadwood``, ``defender_deadwood`` and ``layoffs`` (the
    laid-off cards as a frozenset when only one group of them is optimal, else
    None), or ``{"error": ...}``:

    * Eleven cards: big gin if all are melded and the variant allows it
      (BIGGIN-DEFINITION), else ``not_big_gin``. The defender melds his own cards
      but lays off nothing (BIGGIN-NO-LAYOFF); the knocker scores
      ``big_gin_bonus`` plus the defender's deadwood (SCORE-BIGGIN, BIGGIN-BONUS).
    * Ten cards with ``knocker_melds``: they must be valid, pairwise-disjoint melds
      of the knocker's cards, else ``invalid_melds``; his deadwood is every other
      card (MELD-ARRANGEMENT-CHOICE, KNOCK-SPREAD-FIXED). Without them the
      knocker spreads one of his least-deadwood arrangements, the one that leaves
      the defender the most deadwood after lay-offs (SCORE-AUTO-SPREAD).
    * Deadwood over ``knock_limit``: ``illegal_knock`` (KNOCK-LIMIT).
    * Deadwood 0 is gin: no lay-offs (GIN-NO-LAYOFF), the defender keeps his own
      melds (GIN-DEFENDER-MELDS), the knocker scores ``gin_bonus`` plus the
      defender's deadwood (SCORE-GIN, GIN-BONUS) even if that is 0
      (GIN-CANNOT-BE-UNDERCUT).
    * Otherwise the defender lays off optimally (LAYOFF-OPTIMAL). Less deadwood
      for the knocker wins the difference (SCORE-KNOCK-WIN); less for the
      defender wins the difference plus ``undercut_bonus`` (SCORE-UNDERCUT); a tie
      goes by ``tie_outcome`` (SCORE-UNDERCUT-TIE). Only the winner scores
      (SCORE-WINNER-ONLY).
    """
    knocker = parse_hand(knocker)
    defender = parse_hand(defender)
    if set(knocker) & set(defender):
        raise ValueError("a card is in both hands")
    if len(defender) != params["hand_size"]:
        raise ValueError(f"the defender holds {len(defender)} cards")

    if len(knocker) == params["hand_size"] + 1:
        if least_deadwood(knocker) != 0 or not params["big_gin"]:
            return {"error": "not_big_gin"}
        d_def = least_deadwood(defender)
        if d_def == 0 and reading(params, "Q7") == "b":
            return _tie(params, 0, 0, {frozenset()})  # Q7 b: the tie rule for knocks applies to big gin
        return _result("big_gin", "knocker", params["big_gin_bonus"] + d_def, 0, d_def, {frozenset()})
    if len(knocker) != params["hand_size"]:
        raise ValueError(f"the knocker holds {len(knocker)} cards")

    if knocker_melds is not None:
        spread = [frozenset(parse_hand(m)) for m in knocker_melds]
        try:
            check_spread(spread, knocker)
        except ValueError:
            return {"error": "invalid_melds"}
        melded = frozenset().union(*spread)
        d_knock = total_value(set(knocker) - melded)
        spreads = [spread]
        least = least_deadwood(knocker)
        if reading(params, "Q19") == "b" and d_knock > least <= params["knock_limit"]:
            return {"error": "illegal_knock"}  # Q19 b: only a least-deadwood spread may be shown
        if least_deadwood(knocker) == 0 and reading(params, "Q30") != "b":  # Q30 b: scored as shown
            d_knock = 0  # GIN-DEFINITION: ten cards that can all be melded are gin, whatever spread is shown
    else:
        d_knock = least_deadwood(knocker)
        spreads = [list(a) for a in optimal_arrangements(knocker)]

    if d_knock > params["knock_limit"]:
        return {"error": "illegal_knock"}

    if d_knock == 0:
        d_def = least_deadwood(defender)
        if d_def == 0 and reading(params, "Q7") == "b":
            return _tie(params, 0, 0, {frozenset()})  # Q7 b: the tie rule for knocks applies to gin
        return _result("gin", "knocker", params["gin_bonus"] + d_def, 0, d_def, {frozenset()})

    outcomes = [defender_after_layoffs(s, defender, params) for s in spreads]
    d_def = max(d for d, _ in outcomes)
    groups = frozenset().union(*(g for d, g in outcomes if d == d_def))

    if d_def > d_knock:
        return _result("knock", "knocker", d_def - d_knock, d_knock, d_def, groups)
    if d_def < d_knock:
        return _result("undercut", "defender", d_knock - d_def + params["undercut_bonus"], d_knock, d_def, groups)
    return _tie(params, d_knock, d_def, groups)


def _tie(params, d_knock, d_def, groups):
    """SCORE-UNDERCUT-TIE: equal counts after a knock, by ``tie_outcome``."""
    tie = params["tie_outcome"]
    if tie == "undercut":
        return _result("undercut", "defender", params["undercut_bonus"], d_knock, d_def, groups)
    if tie == "undercut_without_bonus":
        return _result("undercut", "defender", 0, d_knock, d_def, groups)
    if tie == "knocker_wins":
        return _result("knock", "knocker", 0, d_knock, d_def, groups)
    if tie == "draw":
        return _result("draw", "none", 0, d_knock, d_def, groups)
    raise ValueError(f"unknown tie_outcome {tie!r}")
