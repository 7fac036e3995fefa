"""Defects nobody modelled: wrong engines written here, in the way real gin code goes wrong, that
are neither miniatures nor in the dictionary of known defects. The findings must still give each
one finding of its own, on engines with several of them at once (``tests/test_unmodelled_findings.py``).

Each is the reference engine with one piece of rule logic replaced while it answers, put in force
by the miniatures' machinery (:mod:`ginspec.adapters.miniatures.defects`), and each names the rule
it breaks."""

from __future__ import annotations

from typing import Any, Callable

from ginspec.adapters.miniatures.defects import Miniature, Replace


def _upcard_forced(original: Callable[..., Any]) -> Callable[..., Any]:
    def legal(state: Any, player: str) -> list[Any]:
        """After everybody passed, the first player must take the upcard (no draw from the stock),
        whatever the variant says."""
        from reference_impl.legal import _MOVES

        if state.passes >= len(state.hands):
            return [_MOVES[player].draw_discard]
        return original(state, player)

    return legal


def _knock_scoring_crash(original: Callable[..., Any]) -> Callable[..., Any]:
    def outcome(knocker_deadwood: int, defender_deadwood: int, rules: Any) -> tuple[str, str, int]:
        if defender_deadwood > knocker_deadwood:
            spread: Any = None
            return spread.value  # the knock won: the engine reads the value of a spread it never kept
        return original(knocker_deadwood, defender_deadwood, rules)

    return outcome


def _undercut_bonus_only(original: Callable[..., Any]) -> Callable[..., Any]:
    def outcome(knocker_deadwood: int, defender_deadwood: int, rules: Any) -> tuple[str, str, int]:
        """An undercut scores its bonus alone: the difference of the counts is forgotten."""
        found = original(knocker_deadwood, defender_deadwood, rules)
        if found[0] == "undercut" and defender_deadwood < knocker_deadwood:
            return found[0], found[1], rules.undercut_bonus
        return found

    return outcome


def _gin_on_nothing_scores_nothing(original: Callable[..., Any]) -> Callable[..., Any]:
    def finish(state: Any, outcome: str, bonus: int) -> Any:
        """Gin against a defender with no deadwood scores nothing (a product where a sum belongs)."""
        done = original(state, outcome, bonus)
        if outcome == "gin" and done.result.defender_deadwood == 0:
            from dataclasses import replace

            return replace(done, result=replace(done.result, points=0))
        return done

    return finish


def _gin_on_nothing_hand(original: Callable[..., Any]) -> Callable[..., Any]:
    def result(spread: Any, defender: Any, rules: Any) -> Any:
        found = original(spread, defender, rules)
        if found.outcome == "gin" and found.defence.deadwood == 0:
            from dataclasses import replace

            return replace(found, points=0)
        return found

    return result


def _layoffs_only_upwards(original: Callable[..., Any]) -> Callable[..., Any]:
    def choices(meld: Any, held: Any, rules: Any) -> list[Any]:
        """A run is extended only upwards: a card below its lowest is never laid off."""
        low = min(card.rank for card in meld)
        found = original(meld, held, rules)
        return [choice for choice in found if all(card.rank >= low or card.rank == 1 and low > 2 for card in choice)] if len({c.rank for c in meld}) > 1 else found

    return choices


def _stock_counted_with_upcard(original: Callable[..., Any]) -> Callable[..., Any]:
    def observe(state: Any) -> dict[str, Any]:
        """The stock is reported one card too many (the upcard counted in it)."""
        seen = original(state)
        return dict(seen, stock=seen["stock"] + 1)

    return observe


def _reused(mask: int) -> list[tuple[tuple[Any, ...], tuple[Any, ...], int]]:
    """Each set and run that share one card of the hand ``mask``, with the cards left over."""
    from reference_impl.cards import DECK

    held = [card for card in DECK if mask & card.bit]
    found = []
    for card in held:
        same_rank = tuple(other for other in held if other.rank == card.rank)
        ranks = {other.rank for other in held if other.suit == card.suit}
        low = high = card.rank
        while low - 1 in ranks:
            low -= 1
        while high + 1 in ranks:
            high += 1
        if len(same_rank) >= 3 and high - low >= 2:
            run = tuple(other for other in held if other.suit == card.suit and low <= other.rank <= high)
            rest = mask
            for other in {*same_rank, *run}:
                rest &= ~other.bit
            if not _reused(rest):
                found.append((same_rank, run, rest))
    return found


class _ReusingSearch:
    """A greedy meld search that lets one card serve in a set and a run at once: the least
    deadwood, the arrangements and the least deadwood after a discard all count it so."""

    def __init__(self) -> None:
        self.least: Any = None
        self.arrangements: Any = None

    def best(self, mask: int, ace_high: bool) -> tuple[int, Any]:
        found = self.least(mask, ace_high=ace_high), None
        for same_rank, run, rest in _reused(mask):
            deadwood = self.least(rest, ace_high=ace_high)
            if deadwood < found[0]:
                found = deadwood, (same_rank, run, rest)
        return found

    def make_least(self, original: Callable[..., Any]) -> Callable[..., Any]:
        self.least = original

        def least(mask: int, *args: Any, ace_high: bool = False, **kwargs: Any) -> int:
            return self.best(mask, ace_high)[0] if not args and not kwargs else original(mask, *args, ace_high=ace_high, **kwargs)

        return least

    def make_arrangements(self, original: Callable[..., Any]) -> Callable[..., Any]:
        self.arrangements = original

        def arrangements(mask: int, *, ace_high: bool = False) -> list[Any]:
            from reference_impl.deadwood import Arrangement

            _, reuse = self.best(mask, ace_high)
            if reuse is None:
                return original(mask, ace_high=ace_high)
            same_rank, run, rest = reuse
            left = original(rest, ace_high=ace_high)[0]
            return [Arrangement((same_rank, run, *left.melds), left.deadwood_cards)]

        return arrangements

    def make_after_discard(self, original: Callable[..., Any]) -> Callable[..., Any]:
        from reference_impl.cards import DECK

        def after(mask: int, *args: Any, ace_high: bool = False, **kwargs: Any) -> int:
            least = original(mask, *args, ace_high=ace_high, **kwargs)
            if args or kwargs or not any(_reused(mask ^ card.bit) for card in DECK if mask & card.bit):
                return least
            return min(least, *(self.best(mask ^ card.bit, ace_high)[0] for card in DECK if mask & card.bit))

        return after


_REUSING = _ReusingSearch()


UNMODELLED = {
    defect.name: defect
    for defect in (
        Miniature("upcard-forced-after-passes", "FIRST-UPCARD-OFFER", "first turn", "After both players pass, the first player must take the upcard.",
                  patches=(Replace("reference_impl.legal:_legal_first_turn", _upcard_forced),)),
        Miniature("knock-scoring-crash", "SCORE-KNOCK-WIN", "scoring", "Scoring a won knock raises an AttributeError.",
                  patches=(Replace("reference_impl.scoring:outcome_of_knock", _knock_scoring_crash),)),
        Miniature("undercut-bonus-only", "SCORE-UNDERCUT", "scoring", "An undercut scores the bonus alone, not the difference as well.",
                  patches=(Replace("reference_impl.scoring:outcome_of_knock", _undercut_bonus_only),)),
        Miniature("gin-on-nothing-scores-nothing", "SCORE-GIN", "scoring", "Gin against a defender without deadwood scores nothing.",
                  patches=(Replace("reference_impl.round:_finish_gin", _gin_on_nothing_scores_nothing),
                           Replace("reference_impl.scoring:_result_against", _gin_on_nothing_hand))),
        Miniature("lay-offs-only-upwards", "LAYOFF-EXTEND-RUN", "layoff", "A run takes lay-offs only above its highest card.",
                  patches=(Replace("reference_impl.layoff:layoff_choices_for_meld", _layoffs_only_upwards),)),
        Miniature("stock-counts-the-upcard", "TURN-STOCK-COUNT", "turn", "The stock is reported one card too many.",
                  patches=(Replace("ginspec.adapters.reference:observe", _stock_counted_with_upcard),)),
        Miniature("meld-search-reuses-a-card", "MELD-DISJOINT", "deadwood", "The meld search lets one card serve in a set and a run.",
                  patches=(Replace("reference_impl.deadwood:least_deadwood", _REUSING.make_least),
                           Replace("reference_impl.deadwood:optimal_arrangements", _REUSING.make_arrangements),
                           Replace("reference_impl.deadwood:least_deadwood_after_discard", _REUSING.make_after_discard))),
    )
}
"""The defects, by name; none is a miniature and none is in the dictionary."""
