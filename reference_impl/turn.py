"""The rules of a turn, written once for a hand of two, three or four players (``spec/actions.md``).

A hand in play is an immutable state (:class:`~reference_impl.round.RoundState` for two players,
:class:`~reference_impl.table_round.TableState` at a table of three or four). Every rule of the
course of a hand is applied here: the first-upcard offer, the draw, the discard, the knock, gin
and big gin, the lay-offs, the end of the stock and the wall. Both states have the same fields for
the course of the hand (``hands``, ``stock``, ``discard_pile``, ``upcard``, ``phase``, ``to_play``,
``passes``, ``taken``, ``wall_draw``, ``throwbacks``, ``knocker``, ``knock_discard``, ``spread``,
``result``), and each says only what differs with the number of players, through its
``handlers`` (the moves of each phase), two refusal texts and a few methods
(:class:`~reference_impl.legal.HandInPlay`):

- ``next_seat(seat)``: who plays after ``seat`` (MPN-SEED003; with two players, the opponent);
- ``first_player``: the player after the dealer, who plays first;
- ``hand(seat)``, ``hand_mask(seat)`` and ``with_hand(seat, cards, mask)`` (the changes that give a
  seat a new hand);
- ``round_rules`` (:class:`~reference_impl.rules.RoundRules`) and ``knock_limit``;
- ``meld_as_seen(seat, index)`` and ``meld_as_spread(index)``: a knocker's meld as ``seat`` may build
  on it now and as it was spread (LAYOFF-TARGET-KNOCKER-MELDS, LAYOFF-CHAIN);
- ``spread_for_knock``, ``with_layoff``, ``score_gin``, ``score_knock`` and ``void_result``: the
  knocker's spread and the score, which depend on how many players there are to defend.

What is legal now, and the rules of going out and laying off, are :mod:`reference_impl.legal`.
"""

from __future__ import annotations

from typing import Any, Sequence, TypeVar

from reference_impl.actions import Action, format_action, parse_action
from reference_impl.cards import Card
from reference_impl.deadwood import ace_may_be_high, least_deadwood, optimal_arrangements
from reference_impl.errors import GinError, IllegalKnock, InvalidMelds
from reference_impl.evolve import evolve as _evolve
from reference_impl.legal import HandInPlay, _big_gin_open, _discardable, _gin_open, _layoff_targets, legal_actions
from reference_impl.rules import RoundRules

PHASES = ("first_turn", "draw", "discard", "wall", "layoff", "over")

State = TypeVar("State", bound=HandInPlay)
"""A hand in play of either kind: each rule returns a state of the kind it is given."""



class Refused(Exception):
    """A rule's refusal of the action being applied: a reason code of ``spec/actions.md`` and why.
    :func:`apply` turns it into the :class:`IllegalAction` naming the action and the state."""

    def __init__(self, reason: str, explanation: str) -> None:
        super().__init__(reason, explanation)
        self.reason = reason
        self.explanation = explanation


class IllegalAction(GinError):
    """An action the rules do not allow now. ``reason`` is a code from ``spec/actions.md``.

    ``forfeits`` says whether, under the variant, the offence costs the offender the game
    (IRREG-ILLEGAL-ACTION-FORFEIT, and IRREG-ILLEGAL-KNOCK for a knock over the limit); otherwise the
    action is simply refused and play goes on from the same state.
    """

    def __init__(self, reason: str, action: str, explanation: str, state: Any) -> None:
        self.reason = reason
        self.action = action
        self.forfeits = forfeits_game(reason, state.round_rules)
        penalty = "; the offender forfeits the game" if self.forfeits else ""
        super().__init__(f"{action!r} is illegal ({reason}): {explanation}{penalty}; {state.describe()}")


def forfeits_game(reason: str, rules: RoundRules) -> bool:
    """IRREG-ILLEGAL-KNOCK, IRREG-ILLEGAL-ACTION-FORFEIT: which penalty the variant attaches to
    this offence. Acting after the hand is over is no offence in the hand."""
    if reason == "hand_over":
        return False
    penalty = rules.illegal_knock_penalty if reason == "over_knock_limit" else rules.illegal_action_penalty
    return penalty == "forfeit_game"


# ---------------------------------------------------------------------- applying actions


def apply(state: State, action: Action | str) -> State:
    """The state after ``action``; raises :class:`IllegalAction` if the rules forbid it now.
    Which moves each phase has is the state's ``handlers`` (:data:`HANDLERS`, :data:`TABLE_HANDLERS`)."""
    if isinstance(action, str):
        action = parse_action(action)
    try:
        if state.phase == "over":
            raise Refused("hand_over", "the hand is over")
        if action.player != state.to_play:
            raise Refused("not_your_turn", f"it is {state.to_play}'s turn")
        handler = state.handlers.get((state.phase, action.verb))
        if handler is None:
            raise Refused("wrong_phase", f"{action.verb!r} is not a move in the {state.phase} phase")
        return handler(state, action)
    except Refused as refused:
        raise IllegalAction(refused.reason, format_action(action), refused.explanation, state) from None


def replay(start: State, actions: Sequence[Action | str]) -> State:
    """Apply actions in order; the first illegal one raises :class:`IllegalAction`."""
    state = start
    for action in actions:
        state = apply(state, action)
    return state


def _draw(state: State, action: Action) -> State:
    """TURN-DRAW-SOURCE, FIRST-UPCARD-OFFER, STOCK-FIFTIETH-CARD."""
    player = action.player
    if action not in legal_actions(state):
        if state.phase == "first_turn" and action.source == "discard":
            raise Refused("upcard_closed", state.UPCARD_CLOSED)
        if state.phase == "first_turn":
            raise Refused("wrong_phase", "on the first turn the upcard is offered: draw discard or pass")
        if state.phase == "wall" and action.source == "stock":
            raise Refused("wrong_phase", "the last stock cards are never drawn: pass, or take the discard to go out")
        raise Refused("over_knock_limit", "at the wall the last discard may be taken only to knock or go gin")
    if action.source == "stock":
        card, stock, pile, taken = state.stock[0], state.stock[1:], state.discard_pile, None
    else:
        card, stock, pile, taken = state.discard_pile[-1], state.stock, state.discard_pile[:-1], state.discard_pile[-1]
    return _evolve(
        state,
        **state.with_hand(player, state.hand(player) + (card,), state.hand_mask(player) | card.bit),
        stock=stock,
        discard_pile=pile,
        phase="discard",
        taken=taken,
        wall_draw=state.phase == "wall",
    )


def _pass(state: State, action: Action) -> State:
    """FIRST-UPCARD-OFFER (decline the upcard: it is offered to each player in turn from the player
    after the dealer, the dealer last; after everybody passed, the first player draws from the
    stock) and STOCK-FIFTIETH-CARD (decline the last discard)."""
    if state.phase == "wall":
        return _void(state)
    players = len(state.hands)
    if state.passes >= players:
        raise Refused("wrong_phase", state.ALL_PASSED)
    passes = state.passes + 1
    following = state.first_player if passes == players else state.next_seat(action.player)
    return _evolve(state, passes=passes, to_play=following)


def _void(state: State) -> State:
    """STOCK-WALL-TWO, STOCK-VOID-NO-SCORE: nobody scores."""
    return _evolve(state, phase="over", to_play=None, result=state.void_result())


def _remove(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The hand without ``card`` (which it holds), in the same order. The cards of a deal are the
    pack's own values, so the card is looked for by identity first, by equality only if that fails."""
    for index, held in enumerate(hand):
        if held is card:
            break
    else:
        index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _check_discardable(state: HandInPlay, player: str, card: Card) -> None:
    """The card must be held, and not be the one taken from the discard pile this turn
    (TURN-NO-DISCARD-TAKEN-CARD); a knock discard is a discard too."""
    held = state.hand_mask(player)
    if not held & card.bit:
        raise Refused("card_not_held", f"{player} does not hold {card}")
    if not _discardable(state, held, state.taken) & card.bit:
        raise Refused("taken_card", f"{card} was taken from the discard pile this turn")


def _discard(state: State, action: Action) -> State:
    """TURN-DISCARD; then IMPL-REPEATED-UPCARD-DRAW and the end of the stock (STOCK-WALL-TWO,
    STOCK-FIFTIETH-CARD, STOCK-VOID-NO-SCORE)."""
    player, card = action.player, action.card
    assert card is not None
    _check_discardable(state, player, card)
    if state.wall_draw:
        raise Refused("wrong_phase", "the last discard was taken to go out: knock or declare big gin")
    rules = state.round_rules
    if rules.gin_mandatory and _gin_open(state, player):
        raise Refused("gin_required", "gin is available and this variant requires it")
    thrown_back = card == state.taken
    after = _evolve(
        state,
        **state.with_hand(player, _remove(state.hand(player), card), state.hand_mask(player) ^ card.bit),
        discard_pile=state.discard_pile + (card,),
        phase="draw",
        to_play=state.next_seat(player),
        taken=None,
        throwbacks=state.throwbacks + 1 if thrown_back else 0,
    )
    if after.throwbacks >= 2 and rules.repeated_upcard_draw == "void":
        return _void(after)  # IMPL-REPEATED-UPCARD-DRAW: both took the discard and threw it back
    if len(after.stock) <= rules.stock_dead_cards:
        if rules.fiftieth_card_rule:
            return _evolve(after, phase="wall")
        return _void(after)
    return after


def _knock(state: State, action: Action) -> State:
    """KNOCK-LIMIT, KNOCK-COUNT-AFTER-DISCARD, KNOCK-DISCARD-FACE-DOWN, GIN-DEFINITION, then the
    spread (SCORE-AUTO-SPREAD or the one given) and, unless gin, the lay-off phase from the player
    after the knocker."""
    player, card = action.player, action.card
    assert card is not None
    _check_discardable(state, player, card)
    rules = state.round_rules
    kept_mask = state.hand_mask(player) ^ card.bit
    deadwood = least_deadwood(kept_mask, ace_high=ace_may_be_high(kept_mask, rules.hand))
    if deadwood > state.knock_limit:
        raise Refused("over_knock_limit", f"the deadwood kept would be {deadwood}, over the knock limit of {state.knock_limit}")
    if rules.gin_mandatory and deadwood > 0 and _gin_open(state, player):
        raise Refused("gin_required", "gin is available and this variant requires it")
    kept = _remove(state.hand(player), card)
    try:
        melds, spread_deadwood, spread_changes = state.spread_for_knock(player, kept, action.spread)
    except InvalidMelds as exc:
        raise Refused("invalid_spread", str(exc)) from None
    except IllegalKnock as exc:
        raise Refused("over_knock_limit", f"the spread given leaves too much: {exc}") from None
    pile = state.discard_pile + (card,) if rules.knock_discard_location == "pile" else state.discard_pile
    knocked = _evolve(
        state,
        **state.with_hand(player, kept, kept_mask),
        **spread_changes,
        discard_pile=pile,
        knocker=player,
        knock_discard=card,
        spread=melds,
        taken=None,
    )
    if spread_deadwood == 0:
        return knocked.score_gin("gin")
    return _evolve(knocked, phase="layoff", to_play=state.next_seat(player))


def _big_gin(state: State, action: Action) -> State:
    """BIGGIN-DEFINITION, BIGGIN-NO-LAYOFF, SCORE-BIGGIN: no discard, no lay-offs."""
    held = state.hand_mask(action.player)
    rules = state.round_rules.hand
    if not _big_gin_open(state, held):
        reason = "the variant has no big gin" if not rules.big_gin else "not every card held is melded"
        raise Refused("not_big_gin", reason)
    spread = optimal_arrangements(held, ace_high=ace_may_be_high(held, rules))[0]
    knocked = _evolve(state, knocker=action.player, spread=spread.melds, original_spread=spread.melds, taken=None)
    return knocked.score_gin("big_gin")


def _layoff(state: State, action: Action) -> State:
    """LAYOFF-DEFENDER-ONLY, LAYOFF-TARGET-KNOCKER-MELDS, LAYOFF-EXTEND-SET, LAYOFF-EXTEND-RUN,
    LAYOFF-CHAIN: one card onto the one meld of the knocker's it fits (or the one named)."""
    player, card = action.player, action.card
    assert card is not None
    if not state.hand_mask(player) & card.bit:
        raise Refused("card_not_held", f"{player} does not hold {card}")
    targets = _layoff_targets(state, player, card)
    if action.onto is not None:
        targets = [index for index in targets if action.onto in state.meld_as_seen(player, index)]
    if not targets:
        raise Refused("cannot_lay_off", f"{card} fits none of the knocker's melds it is offered to")
    if len(targets) > 1:
        raise Refused("ambiguous_layoff", f"{card} fits more than one meld: name one with 'onto'")
    return _evolve(
        state,
        **state.with_hand(player, _remove(state.hand(player), card), state.hand_mask(player) ^ card.bit),
        **state.with_layoff(player, card, targets[0]),
    )


def _done(state: State, action: Action) -> State:
    """The player has finished laying off; the next player in turn after him lays off, and after
    the last of them (with two players, the defender) the hand is scored (LAYOFF-DEFENDER-MELDS,
    SCORE-KNOCK-WIN, SCORE-UNDERCUT, SCORE-UNDERCUT-TIE, MPN-SEED003-SCORING)."""
    following = state.next_seat(action.player)
    if following == state.knocker:
        return state.score_knock()
    return _evolve(state, to_play=following)


HANDLERS = {
    ("first_turn", "draw"): _draw,
    ("first_turn", "pass"): _pass,
    ("draw", "draw"): _draw,
    ("wall", "draw"): _draw,
    ("wall", "pass"): _pass,
    ("discard", "discard"): _discard,
    ("discard", "knock"): _knock,
    ("discard", "big-gin"): _big_gin,
    ("layoff", "layoff"): _layoff,
    ("layoff", "done"): _done,
}
"""The moves of each phase of a two-player hand."""

TABLE_HANDLERS = {key: handler for key, handler in HANDLERS.items() if key[1] != "big-gin" and key[0] != "wall"}
"""The moves of each phase at a table of three or four: the same, without big gin and the wall,
which are two-player rules (``spec/tables.md``)."""
