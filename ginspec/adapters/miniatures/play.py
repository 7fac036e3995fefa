"""Miniatures whose defect is in the course of a hand: the first turn, the turn, the end of the
stock, Oklahoma and straight gin."""

from __future__ import annotations

from typing import Any, Callable

from ginspec.adapters.miniatures.defects import Miniature, Replace, setting


def _first_discard_of_hand(state: Any) -> bool:
    """No card has been discarded yet in this hand (the pile holds at most the upcard)."""
    return state.discard_pile in ((), (state.upcard,))


def _no_first_turn_going_out(original: Callable[..., Any]) -> Callable[..., Any]:
    def _going_out(state: Any, held: int, discardable: int) -> tuple[list[int], list[int], bool]:
        knocks, gins, big_gin = original(state, held, discardable)
        return ([], [], big_gin) if _first_discard_of_hand(state) else (knocks, gins, big_gin)

    return _going_out


def _no_first_turn_knock(original: Callable[..., Any]) -> Callable[..., Any]:
    def _knock(state: Any, action: Any, refuse: Any) -> Any:
        if _first_discard_of_hand(state):
            raise refuse("over_knock_limit", "no knock on the first turn")
        return original(state, action, refuse)

    return _knock


def _dealer_only_passes(original: Callable[..., Any]) -> Callable[..., Any]:
    def _legal_first_turn(state: Any, player: str) -> list[Any]:
        """The dealer is never offered the upcard the non-dealer passed."""
        from reference_impl.round import _MOVES

        if state.passes == 1:
            return [_MOVES[player].pass_]
        return original(state, player)

    return _legal_first_turn


def _one_card_pile_closed(original: Callable[..., Any]) -> Callable[..., Any]:
    def _legal_draw(state: Any, player: str) -> list[Any]:
        """Off by one: the discard pile may be drawn from only when it holds two cards or more."""
        from reference_impl.round import _MOVES

        if len(state.discard_pile) <= 1:
            return [_MOVES[player].draw_stock]
        return original(state, player)

    return _legal_draw


def _knock_card_by_rank(original: property) -> property:
    def knock_limit(state: Any) -> int:
        """The first upcard's rank, not its value, sets the Oklahoma limit: a king allows 13."""
        if state.rules.oklahoma and state.upcard is not None and state.upcard.rank > 1:
            return state.upcard.rank
        return original.fget(state)  # type: ignore[misc]

    return property(knock_limit)


def _zero_limit_means_ten(parameters: dict[str, Any]) -> dict[str, Any]:
    """``limit = parameters["knock_limit"] or 10``: a limit of 0 reads as the default."""
    parameters["knock_limit"] = parameters.get("knock_limit") or 10
    return parameters


MINIATURES = (
    # the stock
    Miniature("stock-played-out", "STOCK-WALL-TWO", "stock", "The stock is drawn down to its last card; the hand is void only when it is empty.",
              parameters=setting(stock_dead_cards=0)),
    Miniature("void-hand-passes-deal", "STOCK-VOID-DEALER", "stock", "After a void hand the deal passes, as after any other.",
              parameters=setting(void_hand_dealer="next")),
    Miniature("fiftieth-card-ignored", "STOCK-FIFTIETH-CARD", "stock", "The last discard before the wall can never be taken to go out.",
              parameters=setting(fiftieth_card_rule=False)),
    # the first turn
    Miniature("upcard-after-two-passes", "FIRST-UPCARD-OFFER", "first turn", "After both players pass the upcard, the non-dealer may still take it.",
              parameters=setting(upcard_after_passes=True)),
    Miniature("dealer-never-offered-upcard", "FIRST-DEALER-TAKES-UPCARD", "first turn", "When the non-dealer passes the upcard, the dealer may only pass too.",
              patches=(Replace("reference_impl.round:_legal_first_turn", _dealer_only_passes),)),
    Miniature("no-knock-on-first-turn", "FIRST-TURN-KNOCK", "first turn", "Nobody may knock or go gin before the first discard of the hand.",
              patches=(Replace("reference_impl.round:_going_out", _no_first_turn_going_out),
                       Replace("reference_impl.round:_knock", _no_first_turn_knock))),
    # the turn
    Miniature("taken-card-thrown-back", "TURN-NO-DISCARD-TAKEN-CARD", "turn", "The card just taken from the discard pile may be discarded again at once.",
              parameters=setting(discard_taken_card=True)),
    Miniature("one-card-pile-closed", "TURN-DRAW-SOURCE", "turn", "A discard pile of one card cannot be drawn from (an off-by-one in the draw).",
              patches=(Replace("reference_impl.round:_legal_draw", _one_card_pile_closed),)),
    # Oklahoma
    Miniature("oklahoma-ace-knocks-at-one", "OKLA-ACE", "oklahoma", "An ace as first upcard allows a knock with one point, whatever the variant says.",
              parameters=setting(oklahoma_ace="one")),
    Miniature("oklahoma-spades-single", "OKLA-SPADE-DOUBLE", "oklahoma", "A spade as first upcard does not double the deal.",
              parameters=setting(spade_double=False)),
    Miniature("oklahoma-limit-by-rank", "OKLA-KNOCK-CARD", "oklahoma", "The first upcard's rank sets the knock limit: a picture card allows 11 to 13.",
              patches=(Replace("reference_impl.round:RoundState.knock_limit", _knock_card_by_rank),)),
    # straight gin
    Miniature("zero-limit-reads-ten", "STRAIGHT-NO-KNOCK", "straight", "A knock limit of 0 is read as unset and replaced by 10, so straight gin allows knocks.",
              parameters=_zero_limit_means_ten),
)
