"""Wrong rules of going out, gin and big gin (GIN-*, BIGGIN-*), as the miniatures of
:mod:`ginspec.adapters.miniatures.hands` put them in force: each a replacement for a function of
the reference engine, for two players and at a table of three or four."""

from __future__ import annotations

from typing import Any, Callable, Sequence



def _round_finish(defender_count: Callable[[Any, str, str], int], outcome_of_tie: bool = False, count_deadwood: bool = True) -> Callable[[Any], Any]:
    """A wrong :func:`reference_impl.round._finish_gin`: ``defender_count(state, defender,
    outcome)`` is the defender's deadwood; with ``outcome_of_tie`` a defender with 0 ties the
    gin as a knock would; without ``count_deadwood`` gin scores its bonus alone."""

    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def _finish_gin(state: Any, outcome: str, bonus: int) -> Any:
            from reference_impl import round as play
            from reference_impl.scoring import outcome_of_knock

            defender = play.other(state.knocker)
            deadwood = defender_count(state, defender, outcome)
            winner, points = state.knocker, bonus + (deadwood if count_deadwood or outcome != "gin" else 0)
            if outcome_of_tie and outcome == "gin" and deadwood == 0:
                outcome, side, points = outcome_of_knock(0, 0, state.hand_rules)
                winner = {"knocker": state.knocker, "defender": defender, "none": "none"}[side]
            result = play.RoundResult(outcome, winner, play._doubled(state, points), state.knocker, 0, deadwood)
            return play._evolve(state, phase="over", to_play=None, result=result)

        return _finish_gin

    return make


def _table_gin_with_layoffs(original: Callable[..., Any]) -> Callable[..., Any]:
    def knocker_table_spread(knocker: Any, others: Any, order: Any, rules: Any, knocker_melds: Any = None) -> Any:
        """At a table too, every other player lays off against gin."""
        from reference_impl.tables import best_defence

        spread, defences = original(knocker, others, order, rules, knocker_melds)
        if spread.deadwood == 0:
            defences = {seat: best_defence(spread.melds, others[seat], rules.hand) for seat in order}
        return spread, defences

    return knocker_table_spread


def _table_round_gin_with_layoffs(original: Callable[..., Any]) -> Callable[..., Any]:
    def _score(state: Any) -> Any:
        from reference_impl import table_round as table
        from reference_impl.layoff import best_defence

        if state.knocker_deadwood != 0:
            return original(state)
        deadwood = {
            seat: 0 if seat == state.knocker else best_defence(state.spread, state.hand(seat), state.rules.table.hand).deadwood
            for seat in state.seats
        }
        outcome, winner, points = table.score_table(state.knocker, deadwood, state.rules.table)
        result = table.TableRoundResult(outcome, winner, points, state.knocker, 0, deadwood, tuple(card for _, card, _ in state.layoffs))
        return table._evolve(state, phase="over", to_play=None, result=result)

    return _score


def _own_melds(state: Any, defender: str, _outcome: str) -> int:
    from reference_impl import round as play

    return play.least_deadwood(state.hand_mask(defender))


def _with_layoffs_against(outcomes: tuple[str, ...]) -> Callable[[Any, str, str], int]:
    def count(state: Any, defender: str, outcome: str) -> int:
        from reference_impl.layoff import best_defence

        if outcome in outcomes:
            return best_defence(state.spread, state.hand(defender), state.hand_rules).deadwood
        return _own_melds(state, defender, outcome)

    return count


def _unmelded(state: Any, defender: str, _outcome: str) -> int:
    return sum(card.value for card in state.hand(defender))


def _gin_result(layoffs: bool = False, undercut: bool = False, count_deadwood: bool = True) -> Callable[[Any], Any]:
    """A wrong :func:`reference_impl.scoring._result_against` for gin (other knocks unchanged)."""

    def make(original: Callable[..., Any]) -> Callable[..., Any]:
        def _result_against(spread: Any, defender: Any, rules: Any) -> Any:
            from reference_impl import scoring

            if spread.deadwood != 0:
                return original(spread, defender, rules)
            defence = scoring.best_defence(spread.melds, defender, rules) if layoffs else scoring.defender_without_layoffs(defender)
            if undercut and defence.deadwood == 0:
                outcome, winner, points = scoring.outcome_of_knock(0, 0, rules)
                return scoring.HandResult(outcome, winner, points, spread, defence)
            points = rules.gin_bonus + (defence.deadwood if count_deadwood else 0)
            return scoring.HandResult("gin", "knocker", points, spread, defence)

        return _result_against

    return make


def _unmelded_defender(_original: Callable[..., Any]) -> Callable[..., Any]:
    def defender_without_layoffs(defender: Sequence[Any], rules: Any = None) -> Any:
        """The defender's cards are all counted: he is never let meld them."""
        from reference_impl.deadwood import Arrangement
        from reference_impl.layoff import DefenderResult

        return DefenderResult(sum(card.value for card in defender), (), Arrangement((), tuple(defender)), frozenset({frozenset()}))

    return defender_without_layoffs


def _big_gin_after_discard(_original: Callable[..., bool]) -> Callable[..., bool]:
    def is_big_gin(cards_after_draw: Sequence[Any], rules: Any) -> bool:
        """Big gin whenever ten of the eleven cards meld (gin is taken for big gin)."""
        from reference_impl.hand import least_deadwood_after_discard, mask_of

        return rules.big_gin and least_deadwood_after_discard(mask_of(cards_after_draw)) == 0

    return is_big_gin


def _big_gin_open_after_discard(_original: Callable[..., bool]) -> Callable[..., bool]:
    def _big_gin_open(state: Any, held: int) -> bool:
        from reference_impl import round as play

        return state.rules.hand.big_gin and play.least_deadwood_after_discard(held) == 0

    return _big_gin_open


def _big_gin_with_layoffs(original: Callable[..., Any]) -> Callable[..., Any]:
    def score_big_gin(knocker: Any, defender: Any, rules: Any) -> Any:
        from reference_impl import scoring

        result = original(knocker, defender, rules)
        defence = scoring.best_defence(result.knocker_spread.melds, defender, rules)
        return scoring.HandResult("big_gin", "knocker", rules.big_gin_bonus + defence.deadwood, result.knocker_spread, defence)

    return score_big_gin
