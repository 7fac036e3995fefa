"""Miniatures whose defect is in the rules of one hand: melds, deadwood, knocking, gin and big gin,
lay-offs and the score of a hand."""

from __future__ import annotations

from itertools import product
from typing import Any, Callable, Sequence

from ginspec.adapters.miniatures.defects import CardValues, Miniature, Replace, setting
from ginspec.adapters.miniatures.going_out import (
    _round_finish,
    _table_gin_with_layoffs,
    _table_round_gin_with_layoffs,
    _own_melds,
    _with_layoffs_against,
    _unmelded,
    _gin_result,
    _unmelded_defender,
    _big_gin_after_discard,
    _big_gin_open_after_discard,
    _big_gin_with_layoffs,
)


# ----------------------------------------------------------------------------- melds


def _wrapping_run(_original: Callable[..., bool]) -> Callable[..., bool]:
    def is_run(cards: Sequence[Any]) -> bool:
        """Consecutive ranks counted round the corner: K-A-2 passes."""
        ranks = {card.rank for card in cards}
        if len(cards) < 3 or len({card.suit for card in cards}) != 1 or len(ranks) != len(cards):
            return False
        return any(all((start + step - 1) % 13 + 1 in ranks for step in range(len(cards))) for start in ranks)

    return is_run


def _ace_high_run(original: Callable[..., bool]) -> Callable[..., bool]:
    def is_run(cards: Sequence[Any]) -> bool:
        """The ace may also follow the king: Q-K-A passes."""
        if original(cards):
            return True
        if len(cards) < 3 or len({card.suit for card in cards}) != 1:
            return False
        ranks = sorted(14 if card.rank == 1 else card.rank for card in cards)
        return all(higher == lower + 1 for lower, higher in zip(ranks, ranks[1:]))

    return is_run


def _run_any_suit(_original: Callable[..., bool]) -> Callable[..., bool]:
    def is_run(cards: Sequence[Any]) -> bool:
        """Consecutive ranks, but the suit is never looked at."""
        ranks = sorted(card.rank for card in cards)
        return len(cards) >= 3 and all(higher == lower + 1 for lower, higher in zip(ranks, ranks[1:]))

    return is_run


def _set_of_first_two(_original: Callable[..., bool]) -> Callable[..., bool]:
    def is_set(cards: Sequence[Any]) -> bool:
        """Only the first two cards' ranks are compared."""
        return 3 <= len(cards) <= 4 and cards[0].rank == cards[1].rank and len(set(cards)) == len(cards)

    return is_set


def _spread_may_share(_original: Callable[..., None]) -> Callable[..., None]:
    def check_spread(melds: Sequence[Sequence[Any]], hand: Any, ace_high: bool = False) -> None:
        """Each meld is checked on its own; a card in two melds is never noticed."""
        from reference_impl.cards import format_cards
        from reference_impl.errors import InvalidMelds
        from reference_impl.melds import meld_type

        held = set(hand)
        for meld in melds:
            if meld_type(meld, ace_high) is None:
                raise InvalidMelds(f"{format_cards(meld)!r} is not a meld")
            for card in meld:
                if card not in held:
                    raise InvalidMelds(f"{str(card)!r} in meld {format_cards(meld)!r} is not in the hand")

    return check_spread


# ----------------------------------------------------------------------------- deadwood


def _ace_eleven(rank: int) -> int:
    return 11 if rank == 1 else min(rank, 10)


def _pictures_by_rank(rank: int) -> int:
    return rank


def _all_sets(mask: int) -> int:
    """Every card of every rank held three or four times."""
    chosen = 0
    for rank in range(13):
        cards = mask & (0x0001_0001_0001_0001 << rank)
        if cards.bit_count() >= 3:
            chosen |= cards
    return chosen


def _greedy_least(original: Callable[..., int]) -> Callable[..., int]:
    def least_deadwood(mask: int, *_: Any, **__: Any) -> int:
        """Sets first, then runs of what is left: the first arrangement, not the best."""
        return original(mask ^ _all_sets(mask))

    return least_deadwood


def _greedy_after_discard(_original: Callable[..., int]) -> Callable[..., int]:
    def least_deadwood_after_discard(mask: int, *_: Any, **__: Any) -> int:
        from reference_impl import deadwood

        return min(deadwood.least_deadwood(mask ^ card.bit) for card in deadwood.cards_of(mask))

    return least_deadwood_after_discard


def _greedy_arrangements(_original: Callable[..., list[Any]]) -> Callable[..., list[Any]]:
    def optimal_arrangements(mask: int, *_: Any, **__: Any) -> list[Any]:
        from reference_impl import deadwood

        return [deadwood._arrangement(mask, _all_sets(mask))]

    return optimal_arrangements


def _drop_highest_after_melding_eleven(_original: Callable[..., int]) -> Callable[..., int]:
    def least_deadwood_after_discard(mask: int, *_: Any, **__: Any) -> int:
        """All eleven cards melded first, then the highest card left over dropped."""
        return _drop_highest(mask)[0]

    return least_deadwood_after_discard


def _drop_highest(mask: int) -> tuple[int, list[Any]]:
    from reference_impl import deadwood

    left = deadwood.optimal_arrangements(mask)[0].deadwood_cards
    if not left:
        return 0, [card for card in deadwood.cards_of(mask) if deadwood.least_deadwood(mask ^ card.bit) == 0]
    highest = max(card.value for card in left)
    return sum(card.value for card in left) - highest, [card for card in left if card.value == highest]


def _best_discards_dropping_highest(_original: Callable[..., Any]) -> Callable[..., Any]:
    def best_discards(mask: int, *_: Any, **__: Any) -> tuple[int, list[Any]]:
        return _drop_highest(mask)

    return best_discards


# ----------------------------------------------------------------------------- knocking


def _knock_below_limit(_original: Callable[..., bool]) -> Callable[..., bool]:
    def can_knock_with(deadwood: int, rules: Any) -> bool:
        return deadwood < rules.knock_limit

    return can_knock_with


def _going_out_below_limit(_original: Callable[..., Any]) -> Callable[..., Any]:
    def _going_out(state: Any, held: int, discardable: int) -> tuple[list[int], list[int], bool]:
        from reference_impl import round as play

        knocks: list[int] = []
        gins: list[int] = []
        rest = discardable
        while rest:
            bit = rest & -rest
            rest ^= bit
            deadwood = play.least_deadwood(held ^ bit)
            if deadwood < state.knock_limit:
                knocks.append(bit)
                if deadwood == 0:
                    gins.append(bit)
        return knocks, gins, play._big_gin_open(state, held)

    return _going_out


def _spread_ignored(original: Callable[..., Any]) -> Callable[..., Any]:
    def knocker_spread(knocker: Any, defender: Any, rules: Any, knocker_melds: Any = None) -> Any:
        """The knocker's own melds are thrown away: the engine always spreads its best."""
        return original(knocker, defender, rules, None)

    return knocker_spread


# ----------------------------------------------------------------------------- lay-offs


def _no_layoff_onto(kind: str) -> tuple[Replace, Replace]:
    """Melds of ``kind`` (``set`` or ``run``) take no lay-off, in the score and in play."""

    def choices(original: Callable[..., Any]) -> Callable[..., Any]:
        def layoff_choices_for_meld(meld: Any, held: Any, rules: Any) -> Any:
            from reference_impl.melds import meld_type

            found = meld_type(meld)
            return [()] if found is not None and found.value == kind else original(meld, held, rules)

        return layoff_choices_for_meld

    def takes(original: Callable[..., bool]) -> Callable[..., bool]:
        def meld_takes(meld: Any, base: Any, card: Any, chaining: bool, ace_high: bool = False) -> bool:
            from reference_impl.melds import meld_type

            found = meld_type(base, ace_high)
            return False if found is not None and found.value == kind else original(meld, base, card, chaining, ace_high)

        return meld_takes

    return Replace("reference_impl.layoff:layoff_choices_for_meld", choices), Replace("reference_impl.round:meld_takes", takes)


def _knocker_lays_off(original: Callable[..., Any]) -> Callable[..., Any]:
    def _result_against(spread: Any, defender: Any, rules: Any) -> Any:
        """After the defender's lay-offs, the knocker lays his deadwood off on the defender's melds too."""
        from reference_impl import scoring
        from reference_impl.deadwood import Arrangement

        if spread.deadwood == 0:
            return original(spread, defender, rules)
        defence = scoring.best_defence(spread.melds, defender, rules)
        knocker_left = scoring.best_defence(defence.arrangement.melds, spread.deadwood_cards, rules)
        laid = {layoff.card for layoff in knocker_left.layoffs}
        kept = Arrangement(spread.melds, tuple(card for card in spread.deadwood_cards if card not in laid))
        outcome, winner, points = scoring.outcome_of_knock(kept.deadwood, defence.deadwood, rules)
        return scoring.HandResult(outcome, winner, points, kept, defence)

    return _result_against


def _defence_by(key: Callable[[int, int, int], tuple[int, ...]], count: Callable[[int], int] | None = None) -> Callable[[Any], Any]:
    """A wrong :func:`reference_impl.layoff.best_defence` choosing the combination of lay-offs
    with the least ``key(cards laid off, deadwood left)``, the deadwood left counted by ``count``
    (default: the defender's best melds)."""

    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def best_defence(knocker_melds: Any, defender: Any, rules: Any) -> Any:
            from reference_impl import layoff
            from reference_impl.cards import cards_of, mask_of
            from reference_impl.deadwood import Arrangement

            if not rules.layoffs:
                return original(knocker_melds, defender, rules)
            held = frozenset(defender)
            mask = mask_of(defender)
            counted = count or layoff.least_deadwood
            best: tuple[tuple[int, ...], tuple[Any, ...], int, frozenset[Any]] | None = None
            for combination in product(*(layoff.layoff_choices_for_meld(meld, held, rules) for meld in knocker_melds)):
                laid = tuple(layoff.LayOff(card, index) for index, cards in enumerate(combination) for card in cards)
                laid_cards = frozenset(item.card for item in laid)
                if len(laid_cards) != len(laid):
                    continue
                left = counted(mask ^ mask_of(laid_cards))
                rank = key(len(laid), left, 0)
                if best is None or rank < best[0]:
                    best = (rank, laid, left, laid_cards)
            assert best is not None
            _, laid, left, laid_cards = best
            rest = mask ^ mask_of(laid_cards)
            arrangement = layoff.optimal_arrangements(rest)[0] if count is None else Arrangement((), tuple(cards_of(rest)))
            return layoff.DefenderResult(left, laid, arrangement, frozenset({laid_cards}))

        return best_defence

    return make


def _value_of_mask(mask: int) -> int:
    from reference_impl.cards import cards_of

    return sum(card.value for card in cards_of(mask))


# ----------------------------------------------------------------------------- the score


def _knock_scores_full_count(original: Callable[..., Any]) -> Callable[..., Any]:
    def outcome_of_knock(knocker_deadwood: int, defender_deadwood: int, rules: Any) -> tuple[str, str, int]:
        """A won knock scores the defender's whole count, not the difference."""
        if defender_deadwood > knocker_deadwood:
            return "knock", "knocker", defender_deadwood
        return original(knocker_deadwood, defender_deadwood, rules)

    return outcome_of_knock


def _first_best_spread(original: Callable[..., Any]) -> Callable[..., Any]:
    def knocker_spread(knocker: Any, defender: Any, rules: Any, knocker_melds: Any = None) -> Any:
        """The first least-deadwood spread found, whatever it leaves the defender."""
        from reference_impl.cards import mask_of
        from reference_impl.scoring import optimal_arrangements

        chosen = original(knocker, defender, rules, knocker_melds)
        if knocker_melds is not None or chosen.deadwood == 0:
            return chosen
        return optimal_arrangements(mask_of(knocker))[0]

    return knocker_spread


MINIATURES = (
    # melds
    Miniature("run-round-the-corner", "MELD-RUN-NO-WRAP", "melds", "A run may go on from king to ace: K-A-2 is taken for a run.",
              patches=(Replace("reference_impl.melds:is_run", _wrapping_run),)),
    Miniature("ace-high-run", "MELD-RUN-ACE-LOW", "melds", "The ace may also rank above the king: Q-K-A is taken for a run.",
              patches=(Replace("reference_impl.melds:is_run", _ace_high_run),)),
    Miniature("run-of-any-suits", "MELD-RUN", "melds", "A run's suits are never compared: 4c 5d 6h is taken for a run.",
              patches=(Replace("reference_impl.melds:is_run", _run_any_suit),)),
    Miniature("set-checks-two-cards", "MELD-SET", "melds", "A set is recognised by its first two cards' rank only: 7c 7d 8h is taken for a set.",
              patches=(Replace("reference_impl.melds:is_set", _set_of_first_two),)),
    Miniature("card-in-two-melds", "MELD-DISJOINT", "melds", "A declared spread may use one card in two melds.",
              patches=(Replace("reference_impl.melds:check_spread", _spread_may_share),)),
    # deadwood
    Miniature("ace-counts-eleven", "CARD-VALUES", "deadwood", "An ace counts 11 points of deadwood, as in blackjack.",
              patches=(CardValues(_ace_eleven),)),
    Miniature("pictures-count-rank", "CARD-VALUES", "deadwood", "Jack, queen and king count 11, 12 and 13 instead of 10.",
              patches=(CardValues(_pictures_by_rank),)),
    Miniature("sets-before-runs", "MELD-DISJOINT", "deadwood", "The meld search takes every set first and melds runs from what is left, instead of the best arrangement.",
              patches=(Replace("reference_impl.deadwood:least_deadwood", _greedy_least),
                       Replace("reference_impl.deadwood:least_deadwood_after_discard", _greedy_after_discard),
                       Replace("reference_impl.deadwood:optimal_arrangements", _greedy_arrangements))),
    Miniature("eleven-drop-highest", "KNOCK-COUNT-AFTER-DISCARD", "deadwood", "After the draw all eleven cards are melded first and the highest card left over is dropped, instead of trying every discard.",
              patches=(Replace("reference_impl.deadwood:least_deadwood_after_discard", _drop_highest_after_melding_eleven),
                       Replace("reference_impl.deadwood:best_discards", _best_discards_dropping_highest))),
    # knocking
    Miniature("knock-below-limit", "KNOCK-LIMIT", "knock", "A knock needs deadwood below the limit (< instead of <=).",
              patches=(Replace("reference_impl.hand:can_knock_with", _knock_below_limit),
                       Replace("reference_impl.round:_going_out", _going_out_below_limit))),
    Miniature("gin-forced", "KNOCK-OPTIONAL", "knock", "A player who can go gin must, even where the variant leaves it to him.",
              parameters=setting(gin_mandatory=True)),
    Miniature("declared-spread-ignored", "MELD-ARRANGEMENT-CHOICE", "knock", "The knocker's declared melds are ignored: the engine always spreads its own best arrangement.",
              patches=(Replace("reference_impl.scoring:knocker_spread", _spread_ignored),)),
    # gin and big gin
    Miniature("gin-bonus-twenty", "GIN-BONUS", "gin", "The gin bonus is hard-coded at 20, whatever the variant says.",
              parameters=setting(gin_bonus=20)),
    Miniature("lay-off-against-gin", "GIN-NO-LAYOFF", "gin", "Against gin the defender may still lay off.",
              patches=(Replace("reference_impl.scoring:_result_against", _gin_result(layoffs=True)),
                       Replace("reference_impl.round:_finish_gin", _round_finish(_with_layoffs_against(("gin",)))),
                       Replace("reference_impl.tables:knocker_table_spread", _table_gin_with_layoffs),
                       Replace("reference_impl.table_round:_score", _table_round_gin_with_layoffs))),
    Miniature("gin-can-be-undercut", "GIN-CANNOT-BE-UNDERCUT", "gin", "A defender with no deadwood ties the gin, which is then scored as a tied knock.",
              patches=(Replace("reference_impl.scoring:_result_against", _gin_result(undercut=True)),
                       Replace("reference_impl.round:_finish_gin", _round_finish(_own_melds, outcome_of_tie=True)))),
    Miniature("gin-defender-unmelded", "GIN-DEFENDER-MELDS", "gin", "Against gin (and without lay-offs) the defender's cards all count: he may not meld them.",
              patches=(Replace("reference_impl.layoff:defender_without_layoffs", _unmelded_defender),
                       Replace("reference_impl.round:_finish_gin", _round_finish(_unmelded)))),
    Miniature("big-gin-bonus-as-gin", "BIGGIN-BONUS", "gin", "Big gin scores the gin bonus instead of its own.",
              parameters=lambda parameters: {**parameters, "big_gin_bonus": parameters.get("gin_bonus", 25)}),
    Miniature("big-gin-after-discard", "BIGGIN-DEFINITION", "gin", "Big gin is offered whenever ten of the eleven cards meld (gin taken for big gin).",
              patches=(Replace("reference_impl.hand:is_big_gin", _big_gin_after_discard),
                       Replace("reference_impl.round:_big_gin_open", _big_gin_open_after_discard))),
    Miniature("lay-off-against-big-gin", "BIGGIN-NO-LAYOFF", "gin", "Against big gin the defender may still lay off.",
              patches=(Replace("reference_impl.scoring:score_big_gin", _big_gin_with_layoffs),
                       Replace("reference_impl.round:_finish_gin", _round_finish(_with_layoffs_against(("big_gin",)))))),
    # lay-offs
    Miniature("no-lay-off-chains", "LAYOFF-CHAIN", "layoff", "A card may not be laid off on a card the defender laid off before.",
              parameters=setting(layoff_chaining=False)),
    Miniature("runs-take-no-lay-off", "LAYOFF-EXTEND-RUN", "layoff", "Nothing may be laid off on the knocker's runs.",
              patches=_no_layoff_onto("run")),
    Miniature("sets-take-no-lay-off", "LAYOFF-EXTEND-SET", "layoff", "Nothing may be laid off on the knocker's sets.",
              patches=_no_layoff_onto("set")),
    Miniature("knocker-lays-off", "LAYOFF-DEFENDER-ONLY", "layoff", "The knocker also lays his deadwood off on the defender's melds.",
              patches=(Replace("reference_impl.scoring:_result_against", _knocker_lays_off),)),
    Miniature("greedy-lay-offs", "LAYOFF-OPTIMAL", "layoff", "The defender lays off as many cards as he can, instead of what leaves him least deadwood.",
              patches=(Replace("reference_impl.layoff:best_defence", _defence_by(lambda laid, left, _: (-laid, left))),)),
    Miniature("defender-melds-ignored", "LAYOFF-DEFENDER-MELDS", "layoff", "After his lay-offs the defender's remaining cards all count: his own melds are not formed.",
              patches=(Replace("reference_impl.layoff:best_defence", _defence_by(lambda laid, left, _: (left,), _value_of_mask)),)),
    # the score
    Miniature("undercut-bonus-twenty", "SCORE-UNDERCUT", "scoring", "The undercut bonus is hard-coded at 20 (an older rule), whatever the variant says.",
              parameters=setting(undercut_bonus=20)),
    Miniature("tie-is-a-draw", "SCORE-UNDERCUT-TIE", "scoring", "Equal counts after a knock are nobody's hand, whatever the variant says.",
              parameters=setting(tie_outcome="draw")),
    Miniature("knock-scores-full-count", "SCORE-KNOCK-WIN", "scoring", "A won knock scores the defender's whole count instead of the difference.",
              patches=(Replace("reference_impl.scoring:outcome_of_knock", _knock_scores_full_count),)),
    Miniature("gin-without-deadwood", "SCORE-GIN", "scoring", "Gin scores the bonus alone; the defender's deadwood is left out.",
              patches=(Replace("reference_impl.scoring:_result_against", _gin_result(count_deadwood=False)),
                       Replace("reference_impl.round:_finish_gin", _round_finish(_own_melds, count_deadwood=False)))),
    Miniature("first-best-spread", "SCORE-AUTO-SPREAD", "scoring",
              "The engine declares that the knocker lays down the spread best for him, yet of several least-deadwood spreads takes the first found, not the one worst for the defender.",
              patches=(Replace("reference_impl.scoring:knocker_spread", _first_best_spread),), knocker_spread="best"),
)
