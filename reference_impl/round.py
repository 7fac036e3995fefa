"""One hand of two-player gin, move by move, from an explicit deal (``spec/actions.md``).

A :class:`RoundState` is an immutable value: :func:`apply` returns the next state and never changes
the one it is given. :func:`legal_actions` lists exactly the actions :func:`apply` accepts (without
the optional explicit spreads and lay-off targets), and an illegal action raises
:class:`IllegalAction` with a reason code, the action and the state.

Phases: ``first_turn`` (the upcard offer), ``draw``, ``discard``, ``wall`` (the fifty-card wall
under the tournament rule), ``layoff`` (the defender after a knock that is not gin), ``over``.

How it stays fast enough to play millions of hands: each state also keeps each hand as a card mask
(the bit layout of :mod:`reference_impl.cards`), updated card by card as the hand changes, so
no move re-reads a hand; whether any discard allows a knock is one look-up over the per-suit tables
of :mod:`reference_impl.deadwood` (:func:`~reference_impl.deadwood.least_deadwood_after_discard`),
and the discards are examined one by one only when it does; and every action a player can take is
made once (:data:`_MOVES`), so listing the legal actions builds no new actions (save a lay-off
that must name its meld).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from reference_impl.actions import PLAYERS, Action, format_action, parse_action
from reference_impl.cards import Card, DECK, format_cards, format_hand, mask_of, parse_card, parse_cards
from reference_impl.deadwood import ace_may_be_high, least_deadwood, least_deadwood_after_discard, optimal_arrangements
from reference_impl.errors import (
    DuplicateCard,
    GinError,
    IllegalKnock,
    InvalidDeal,
    InvalidDealer,
    InvalidMelds,
    MissingUpcard,
    UnexpectedUpcard,
    WrongHandSize,
)
from reference_impl.evolve import evolve as _evolve
from reference_impl.melds import MeldType, meld_type, sort_cards
from reference_impl.rules import HandRules, RoundRules
from reference_impl.scoring import knocker_spread, outcome_of_knock

PHASES = ("first_turn", "draw", "discard", "wall", "layoff", "over")


class IllegalAction(GinError):
    """An action the rules do not allow now. ``reason`` is a code from ``spec/actions.md``.

    ``forfeits`` says whether, under the variant, the offence costs the offender the game
    (IRREG-ILLEGAL-ACTION-FORFEIT, and IRREG-ILLEGAL-KNOCK for a knock over the limit); otherwise the
    action is simply refused and play goes on from the same state.
    """

    def __init__(self, reason: str, action: str, explanation: str, state: "RoundState") -> None:
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


def other(player: str) -> str:
    return "p2" if player == "p1" else "p1"


def seat_index(player: str) -> int:
    """The place of a player's hand in :attr:`RoundState.hands`: p1 first, then p2."""
    return 0 if player == "p1" else 1


@dataclass(frozen=True, slots=True)
class _Moves:
    """Every action one player can take, each made once: legal-action lists hand out these values
    (actions are immutable), keyed by card bit for the moves that name a card."""

    draw_stock: Action
    draw_discard: Action
    pass_: Action
    big_gin: Action
    done: Action
    discard: Mapping[int, Action]
    knock: Mapping[int, Action]
    layoff: Mapping[int, Action]


_MOVES = {
    player: _Moves(
        draw_stock=Action(player, "draw", source="stock"),
        draw_discard=Action(player, "draw", source="discard"),
        pass_=Action(player, "pass"),
        big_gin=Action(player, "big-gin"),
        done=Action(player, "done"),
        discard={card.bit: Action(player, "discard", card=card) for card in DECK},
        knock={card.bit: Action(player, "knock", card=card) for card in DECK},
        layoff={card.bit: Action(player, "layoff", card=card) for card in DECK},
    )
    for player in PLAYERS
}


def _each(actions: Mapping[int, Action], mask: int) -> list[Action]:
    """The actions for each card of ``mask``, in canonical card order (the order of the bits)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(actions[low])
        mask ^= low
    return found


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How the hand ended (SCORE-HAND-OUTCOMES); ``points`` go to ``winner`` (SCORE-WINNER-ONLY)."""

    outcome: str  # knock, undercut, gin, big_gin, draw, void
    winner: str  # p1, p2, none
    points: int
    knocker: str | None = None
    knocker_deadwood: int | None = None
    defender_deadwood: int | None = None
    layoffs: tuple[Card, ...] = ()  # the cards laid off, in canonical order (a set of cards)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"outcome": self.outcome, "winner": self.winner, "points": self.points}
        if self.knocker is not None:
            data.update(
                knocker=self.knocker,
                knocker_deadwood=self.knocker_deadwood,
                defender_deadwood=self.defender_deadwood,
                layoffs=format_hand(self.layoffs),
            )
        return data


@dataclass(frozen=True, slots=True)
class RoundState:
    """Everything about a hand in progress. Hands are ordered p1, p2; the stock top card first and
    the discard pile bottom card first.

    ``hand_masks`` holds the same two hands as card masks. It follows from ``hands`` (leave it out
    and it is worked out), takes no part in equality, and is kept up to date move by move.
    """

    rules: RoundRules
    dealer: str
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    upcard: Card | None
    phase: str
    to_play: str | None
    passes: int = 0
    taken: Card | None = None
    wall_draw: bool = False
    knocker: str | None = None
    knock_discard: Card | None = None
    spread: tuple[tuple[Card, ...], ...] = ()
    original_spread: tuple[tuple[Card, ...], ...] = ()
    layoffs: tuple[tuple[Card, int], ...] = ()
    result: RoundResult | None = None
    throwbacks: int = 0
    hand_masks: tuple[int, int] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.hand_masks is None:
            object.__setattr__(self, "hand_masks", (mask_of(self.hands[0]), mask_of(self.hands[1])))

    # ------------------------------------------------------------------ views

    def hand(self, player: str) -> tuple[Card, ...]:
        return self.hands[seat_index(player)]

    def hand_mask(self, player: str) -> int:
        """A player's hand as a card mask."""
        return self.hand_masks[seat_index(player)]  # type: ignore[index]

    @property
    def round_rules(self) -> RoundRules:
        return self.rules

    @property
    def knock_limit(self) -> int:
        """KNOCK-LIMIT, or with Oklahoma the first upcard's value (OKLA-KNOCK-CARD, OKLA-ACE)."""
        if self.rules.oklahoma and self.upcard is not None:
            if self.upcard.rank == 1:
                return 0 if self.rules.oklahoma_ace == "gin_only" else 1
            return self.upcard.value
        return self.rules.hand.knock_limit

    @property
    def hand_rules(self) -> HandRules:
        """The hand rules with the knock limit in force."""
        return self.rules.hand.replace(knock_limit=self.knock_limit)

    def describe(self) -> str:
        """A one-line summary used in error messages."""
        top = str(self.discard_pile[-1]) if self.discard_pile else "none"
        return (
            f"state: phase {self.phase}, {self.to_play or 'nobody'} to play, "
            f"p1 holds {format_hand(self.hands[0])}, p2 holds {format_hand(self.hands[1])}, "
            f"stock {len(self.stock)}, discard top {top}"
        )

    # ------------------------------------------------------------------ plain data

    def to_data(self) -> dict[str, Any]:
        """Plain data (cards in canonical notation); :func:`state_from_data` reverses it."""
        return {
            "dealer": self.dealer,
            "hands": {"p1": format_cards(self.hands[0]), "p2": format_cards(self.hands[1])},
            "stock": format_cards(self.stock),
            "discard_pile": format_cards(self.discard_pile),
            "upcard": str(self.upcard) if self.upcard else None,
            "phase": self.phase,
            "to_play": self.to_play,
            "passes": self.passes,
            "taken": str(self.taken) if self.taken else None,
            "wall_draw": self.wall_draw,
            "knocker": self.knocker,
            "knock_discard": str(self.knock_discard) if self.knock_discard else None,
            "spread": [format_cards(meld) for meld in self.spread],
            "original_spread": [format_cards(meld) for meld in self.original_spread],
            "layoffs": [[str(card), meld] for card, meld in self.layoffs],
            "result": self.result.to_data() if self.result else None,
            "throwbacks": self.throwbacks,
        }


def state_from_data(data: Mapping[str, Any], rules: RoundRules) -> RoundState:
    """Rebuild a state from :meth:`RoundState.to_data`."""
    result = data.get("result")
    card = lambda text: parse_card(text) if text else None  # noqa: E731
    return RoundState(
        rules=rules,
        dealer=data["dealer"],
        hands=(parse_cards(data["hands"]["p1"]), parse_cards(data["hands"]["p2"])),
        stock=parse_cards(data["stock"]),
        discard_pile=parse_cards(data["discard_pile"]),
        upcard=card(data["upcard"]),
        phase=data["phase"],
        to_play=data["to_play"],
        passes=data["passes"],
        taken=card(data["taken"]),
        wall_draw=data["wall_draw"],
        knocker=data["knocker"],
        knock_discard=card(data["knock_discard"]),
        spread=tuple(parse_cards(meld) for meld in data["spread"]),
        original_spread=tuple(parse_cards(meld) for meld in data["original_spread"]),
        layoffs=tuple((parse_card(text), meld) for text, meld in data["layoffs"]),
        result=None
        if result is None
        else RoundResult(
            outcome=result["outcome"],
            winner=result["winner"],
            points=result["points"],
            knocker=result.get("knocker"),
            knocker_deadwood=result.get("knocker_deadwood"),
            defender_deadwood=result.get("defender_deadwood"),
            layoffs=parse_cards(result.get("layoffs", "")),
        ),
        throwbacks=data.get("throwbacks", 0),
    )


# ---------------------------------------------------------------------- the deal


def deal(
    rules: RoundRules,
    dealer: str,
    p1: Sequence[Card],
    p2: Sequence[Card],
    upcard: Card | None,
    stock: Sequence[Card],
) -> RoundState:
    """The state after an explicit deal (EQUIP-DECK-52, DEAL-HAND-SIZE-10, DEAL-UPCARD-STOCK,
    DEAL-ELEVEN-CARD-START). The 52 cards must be split exactly between hands, upcard and stock."""
    every = list(p1) + list(p2) + ([upcard] if upcard else []) + list(stock)
    if mask_of(every).bit_count() != len(every):  # a card dealt twice sets its bit once
        seen: set[Card] = set()
        twice = [card for card in every if card in seen or seen.add(card)]  # type: ignore[func-returns-value]
        raise DuplicateCard(f"{str(twice[0])!r} is dealt twice")
    if dealer not in PLAYERS:
        raise InvalidDealer(f"the dealer must be p1 or p2, not {dealer!r}")
    hands = {"p1": tuple(p1), "p2": tuple(p2)}
    size = rules.hand.hand_size
    eleven = rules.first_turn == "eleven_card_start"
    for player, cards in hands.items():
        wanted = size + 1 if eleven and player == other(dealer) else size
        if len(cards) != wanted:
            raise WrongHandSize(f"{player} is dealt {len(cards)} cards, expected {wanted}")
    if eleven and upcard is not None:
        raise UnexpectedUpcard("an eleven-card start has no upcard")
    if not eleven and upcard is None:
        raise MissingUpcard("the deal needs an upcard")
    if len(every) != len(DECK):
        missing = format_hand(set(DECK) - set(every))
        raise InvalidDeal(f"the deal has {len(every)} cards, not 52 (missing {missing})")
    if eleven:
        phase = "discard"
    elif rules.first_turn == "upcard_offer":
        phase = "first_turn"
    else:
        phase = "draw"
    return RoundState(
        rules=rules,
        dealer=dealer,
        hands=(hands["p1"], hands["p2"]),
        stock=tuple(stock),
        discard_pile=(upcard,) if upcard else (),
        upcard=upcard,
        phase=phase,
        to_play=other(dealer),
    )


def deal_in_order(rules: RoundRules, dealer: str, order: Sequence[Card]) -> RoundState:
    """Deal a whole pack in the given order (DEAL-HAND-SIZE-10, DEAL-UPCARD-STOCK,
    DEAL-ELEVEN-CARD-START): the non-dealer's hand first, then the dealer's, then the upcard (none
    with an eleven-card start), and the rest is the stock, top card first."""
    size = rules.hand.hand_size
    first = size + 1 if rules.first_turn == "eleven_card_start" else size
    hands = {other(dealer): tuple(order[:first]), dealer: tuple(order[first : first + size])}
    rest = list(order[first + size :])
    upcard = None if rules.first_turn == "eleven_card_start" else rest.pop(0)
    return deal(rules, dealer, hands["p1"], hands["p2"], upcard, rest)


def deal_checked(
    rules: RoundRules,
    dealer: str,
    p1: Sequence[Card],
    p2: Sequence[Card],
    upcard: Card | None,
    stock: Sequence[Card],
) -> RoundState:
    """An explicit deal (:func:`deal`, which refuses a malformed one), made again by dealing the
    pack in the order its cards come off (:func:`deal_in_order`, the deal of play and fuzzing):
    the two must give the same state, so every question about a dealt hand checks both."""
    explicit = deal(rules, dealer, p1, p2, upcard, stock)
    first, second = (p2, p1) if dealer == "p1" else (p1, p2)
    dealt = deal_in_order(rules, dealer, [*first, *second, *([upcard] if upcard else []), *stock])
    if dealt != explicit:
        raise AssertionError("dealing the pack in order does not give the deal asked for")
    return dealt


def _new_hand(state: RoundState, player: str, hand: tuple[Card, ...], mask: int) -> dict[str, Any]:
    """The changes that give ``player`` the hand ``hand`` (whose card mask is ``mask``)."""
    index = seat_index(player)
    hands = (hand, state.hands[1]) if index == 0 else (state.hands[0], hand)
    masks = state.hand_masks
    assert masks is not None
    return {"hands": hands, "hand_masks": (mask, masks[1]) if index == 0 else (masks[0], mask)}


# ---------------------------------------------------------------------- legality


def _discardable(state: RoundState, held: int, taken: Card | None) -> int:
    """TURN-NO-DISCARD-TAKEN-CARD: of the cards held (a mask), those that may be discarded now;
    the card taken from the discard pile stays this turn unless the variant allows it back."""
    if taken is None or state.rules.discard_taken_card:
        return held
    return held & ~taken.bit


def _big_gin_open(state: RoundState, held: int) -> bool:
    """BIGGIN-DEFINITION: every card held after the draw is melded, and the variant has big gin."""
    return state.rules.hand.big_gin and least_deadwood(held, ace_high=ace_may_be_high(held, state.rules.hand)) == 0


def _going_out(state: RoundState, held: int, discardable: int) -> tuple[list[int], list[int], bool]:
    """Discards (card bits, in canonical order) that allow a knock, those that make gin, and
    whether big gin is open: KNOCK-LIMIT, KNOCK-COUNT-AFTER-DISCARD, GIN-DEFINITION,
    BIGGIN-DEFINITION.

    The least deadwood after the best of all discards comes first, from the per-suit tables in one
    pass. It is a lower bound for every single discard, so when it is over the knock limit no
    discard allows a knock, and the discards are examined one by one only when it is not.
    """
    limit = state.knock_limit
    big_gin = _big_gin_open(state, held)
    knocks: list[int] = []
    gins: list[int] = []
    high = ace_may_be_high(held, state.rules.hand)
    if least_deadwood_after_discard(held, ace_high=high) > limit:
        return knocks, gins, big_gin
    rest = discardable
    while rest:
        bit = rest & -rest
        rest ^= bit
        deadwood = least_deadwood(held ^ bit, ace_high=high)  # KNOCK-COUNT-AFTER-DISCARD: the discard is not counted
        if deadwood <= limit:
            knocks.append(bit)
            if deadwood == 0:
                gins.append(bit)
    return knocks, gins, big_gin


def meld_takes(meld: Sequence[Card], original: Sequence[Card], card: Card, chaining: bool, ace_high: bool = False) -> bool:
    """LAYOFF-EXTEND-SET, LAYOFF-EXTEND-RUN, LAYOFF-CHAIN: can ``card`` go onto this meld now?

    Without chaining a card must fit the meld as spread (``original``). A set of three takes its
    fourth card; once that is laid off, no card of the rank is left to lay off. With ``ace_high``
    (MELD-RUN-ACE-HIGH) a run reaching the king takes the ace above it."""
    base = meld if chaining else original
    kind = meld_type(base, ace_high)
    if kind is MeldType.SET:
        return len(base) == 3 and card.rank == base[0].rank
    if kind is MeldType.RUN and card.suit == base[0].suit:
        above_king = ace_high and meld_type(base) is None  # the run already ends in the ace above the king
        ranks = [14 if above_king and c.rank == 1 else c.rank for c in base]
        low, high = min(ranks), max(ranks)
        rank = 14 if ace_high and card.rank == 1 and high == 13 and low > 1 else card.rank
        if rank == low - 1 or rank == high + 1:
            return card not in meld
    return False


def _layoff_targets(state: RoundState, card: Card) -> list[int]:
    if not state.rules.hand.layoffs:
        return []
    chaining = state.rules.hand.layoff_chaining
    return [
        index
        for index, meld in enumerate(state.spread)
        if meld_takes(meld, state.original_spread[index], card, chaining, ace_may_be_high(mask_of(meld) | card.bit, state.rules.hand))
    ]


def _legal_first_turn(state: RoundState, player: str) -> list[Action]:
    """FIRST-UPCARD-OFFER: take the upcard or pass; after two passes the non-dealer draws from stock."""
    moves = _MOVES[player]
    if state.passes < 2:
        return [moves.draw_discard, moves.pass_]
    if state.rules.upcard_after_passes:
        return [moves.draw_stock, moves.draw_discard]
    return [moves.draw_stock]


def _legal_draw(state: RoundState, player: str) -> list[Action]:
    """TURN-DRAW-SOURCE: the top of the stock or of the discard pile. Neither is ever empty here:
    every turn ends with a discard, the deal turns an upcard (or the eleven-card start opens with a
    discard), and the stock is never drawn down past the wall (STOCK-WALL-TWO)."""
    moves = _MOVES[player]
    return [moves.draw_stock, moves.draw_discard]


def _legal_wall(state: RoundState, player: str) -> list[Action]:
    """STOCK-FIFTIETH-CARD: pass, or take the last discard if it lets the player go out."""
    moves = _MOVES[player]
    top = state.discard_pile[-1]
    holding = state.hand_mask(player) | top.bit
    knocks, _, big_gin = _going_out(state, holding, _discardable(state, holding, top))
    if knocks or big_gin:
        return [moves.draw_discard, moves.pass_]
    return [moves.pass_]


def _legal_discard(state: RoundState, player: str) -> list[Action]:
    """TURN-DISCARD, TURN-NO-DISCARD-TAKEN-CARD, KNOCK-LIMIT, BIGGIN-DEFINITION, KNOCK-OPTIONAL."""
    moves = _MOVES[player]
    held = state.hand_mask(player)
    discardable = _discardable(state, held, state.taken)
    knocks, gins, big_gin = _going_out(state, held, discardable)
    declare = [moves.big_gin] if big_gin else []
    if state.rules.gin_mandatory and (gins or big_gin):
        return [moves.knock[bit] for bit in gins] + declare
    discards = [] if state.wall_draw else _each(moves.discard, discardable)
    return discards + [moves.knock[bit] for bit in knocks] + declare


def _legal_layoff(state: RoundState, player: str) -> list[Action]:
    """LAYOFF-*: each card that fits the spread (naming the meld when several fit), then done."""
    moves = _MOVES[player]
    actions = []
    for card in sort_cards(state.hand(player)):
        targets = _layoff_targets(state, card)
        if len(targets) == 1:
            actions.append(moves.layoff[card.bit])
        elif len(targets) > 1:
            actions += [Action(player, "layoff", card=card, onto=sort_cards(state.spread[index])[0]) for index in targets]
    return actions + [moves.done]


_LEGAL = {
    "first_turn": _legal_first_turn,
    "draw": _legal_draw,
    "wall": _legal_wall,
    "discard": _legal_discard,
    "layoff": _legal_layoff,
}


def legal_actions(state: RoundState) -> list[Action]:
    """Exactly the actions :func:`apply` accepts now, as ``spec/actions.md`` lists them."""
    if state.phase == "over" or state.to_play is None:
        return []
    return _LEGAL[state.phase](state, state.to_play)


# ---------------------------------------------------------------------- applying actions


def apply(state: RoundState, action: Action | str) -> RoundState:
    """The state after ``action``; raises :class:`IllegalAction` if the rules forbid it now."""
    if isinstance(action, str):
        action = parse_action(action)
    played = action

    def refuse(reason: str, explanation: str) -> IllegalAction:
        return IllegalAction(reason, format_action(played), explanation, state)

    if state.phase == "over":
        raise refuse("hand_over", "the hand is over")
    if action.player != state.to_play:
        raise refuse("not_your_turn", f"it is {state.to_play}'s turn")
    handler = _HANDLERS.get((state.phase, action.verb))
    if handler is None:
        raise refuse("wrong_phase", f"{action.verb!r} is not a move in the {state.phase} phase")
    return handler(state, action, refuse)


def _draw(state: RoundState, action: Action, refuse: Any) -> RoundState:
    """TURN-DRAW-SOURCE, FIRST-UPCARD-OFFER, STOCK-FIFTIETH-CARD."""
    player = action.player
    if action not in legal_actions(state):
        if state.phase == "first_turn" and action.source == "discard":
            raise refuse("upcard_closed", "both players passed the upcard, so the non-dealer draws from the stock")
        if state.phase == "first_turn":
            raise refuse("wrong_phase", "on the first turn the upcard is offered: draw discard or pass")
        if state.phase == "wall" and action.source == "stock":
            raise refuse("wrong_phase", "the last stock cards are never drawn: pass, or take the discard to go out")
        raise refuse("over_knock_limit", "at the wall the last discard may be taken only to knock or go gin")
    if action.source == "stock":
        card, stock, pile, taken = state.stock[0], state.stock[1:], state.discard_pile, None
    else:
        card, stock, pile, taken = state.discard_pile[-1], state.stock, state.discard_pile[:-1], state.discard_pile[-1]
    return _evolve(
        state,
        **_new_hand(state, player, state.hand(player) + (card,), state.hand_mask(player) | card.bit),
        stock=stock,
        discard_pile=pile,
        phase="discard",
        taken=taken,
        wall_draw=state.phase == "wall",
    )


def _pass(state: RoundState, action: Action, refuse: Any) -> RoundState:
    """FIRST-UPCARD-OFFER (decline the upcard) and STOCK-FIFTIETH-CARD (decline the last discard)."""
    if state.phase == "wall":
        return _void(state)
    if state.passes >= 2:
        raise refuse("wrong_phase", "both players have passed; the non-dealer must draw from the stock")
    return _evolve(state, passes=state.passes + 1, to_play=other(action.player))


def _void(state: RoundState) -> RoundState:
    """STOCK-WALL-TWO, STOCK-VOID-NO-SCORE: nobody scores."""
    return _evolve(state, phase="over", to_play=None, result=RoundResult("void", "none", 0))


def _remove(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The hand without ``card`` (which it holds), in the same order."""
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _check_discardable(state: RoundState, player: str, card: Card, refuse: Any) -> None:
    """The card must be held, and not be the one taken from the discard pile this turn
    (TURN-NO-DISCARD-TAKEN-CARD); a knock discard is a discard too."""
    held = state.hand_mask(player)
    if not held & card.bit:
        raise refuse("card_not_held", f"{player} does not hold {card}")
    if not _discardable(state, held, state.taken) & card.bit:
        raise refuse("taken_card", f"{card} was taken from the discard pile this turn")


def _gin_open(state: RoundState, player: str) -> bool:
    """KNOCK-OPTIONAL: whether gin or big gin is open to the player about to discard."""
    held = state.hand_mask(player)
    _, gins, big_gin = _going_out(state, held, _discardable(state, held, state.taken))
    return bool(gins) or big_gin


def _discard(state: RoundState, action: Action, refuse: Any) -> RoundState:
    """TURN-DISCARD; then the wall check (STOCK-WALL-TWO)."""
    player, card = action.player, action.card
    assert card is not None
    _check_discardable(state, player, card, refuse)
    if state.wall_draw:
        raise refuse("wrong_phase", "the last discard was taken to go out: knock or declare big gin")
    if state.rules.gin_mandatory and _gin_open(state, player):
        raise refuse("gin_required", "gin is available and this variant requires it")
    thrown_back = card == state.taken
    after = _evolve(
        state,
        **_new_hand(state, player, _remove(state.hand(player), card), state.hand_mask(player) ^ card.bit),
        discard_pile=state.discard_pile + (card,),
        phase="draw",
        to_play=other(player),
        taken=None,
        throwbacks=state.throwbacks + 1 if thrown_back else 0,
    )
    if after.throwbacks >= 2 and state.rules.repeated_upcard_draw == "void":
        return _void(after)  # IMPL-REPEATED-UPCARD-DRAW: both took the discard and threw it back
    if len(after.stock) <= state.rules.stock_dead_cards:
        if state.rules.fiftieth_card_rule:
            return _evolve(after, phase="wall")
        return _void(after)
    return after


def _knock(state: RoundState, action: Action, refuse: Any) -> RoundState:
    """KNOCK-LIMIT, KNOCK-COUNT-AFTER-DISCARD, KNOCK-DISCARD-FACE-DOWN, GIN-DEFINITION, then the
    spread (SCORE-AUTO-SPREAD or the one given) and, unless gin, the lay-off phase."""
    player, card = action.player, action.card
    assert card is not None
    _check_discardable(state, player, card, refuse)
    kept_mask = state.hand_mask(player) ^ card.bit
    deadwood = least_deadwood(kept_mask, ace_high=ace_may_be_high(kept_mask, state.rules.hand))
    if deadwood > state.knock_limit:
        raise refuse("over_knock_limit", f"the deadwood kept would be {deadwood}, over the knock limit of {state.knock_limit}")
    if state.rules.gin_mandatory and deadwood > 0 and _gin_open(state, player):
        raise refuse("gin_required", "gin is available and this variant requires it")
    defender = other(player)
    rules = state.hand_rules
    kept = _remove(state.hand(player), card)
    try:
        spread = knocker_spread(kept, state.hand(defender), rules, action.spread)
    except InvalidMelds as exc:
        raise refuse("invalid_spread", str(exc)) from None
    except IllegalKnock as exc:
        raise refuse("over_knock_limit", f"the spread given leaves too much: {exc}") from None
    pile = state.discard_pile + (card,) if state.rules.knock_discard_location == "pile" else state.discard_pile
    knocked = _evolve(
        state,
        **_new_hand(state, player, kept, kept_mask),
        discard_pile=pile,
        knocker=player,
        knock_discard=card,
        spread=spread.melds,
        original_spread=spread.melds,
        taken=None,
    )
    if spread.deadwood == 0:
        return _finish_gin(knocked, "gin", rules.gin_bonus)
    return _evolve(knocked, phase="layoff", to_play=defender)


def _big_gin(state: RoundState, action: Action, refuse: Any) -> RoundState:
    """BIGGIN-DEFINITION, BIGGIN-NO-LAYOFF, SCORE-BIGGIN: no discard, no lay-offs."""
    held = state.hand_mask(action.player)
    if not _big_gin_open(state, held):
        reason = "the variant has no big gin" if not state.rules.hand.big_gin else "not every card held is melded"
        raise refuse("not_big_gin", reason)
    spread = optimal_arrangements(held, ace_high=ace_may_be_high(held, state.rules.hand))[0]
    knocked = _evolve(state, knocker=action.player, spread=spread.melds, original_spread=spread.melds, taken=None)
    return _finish_gin(knocked, "big_gin", state.rules.hand.big_gin_bonus)


def _doubled(state: RoundState, points: int) -> int:
    """OKLA-SPADE-DOUBLE: every score of a deal whose first upcard is a spade counts double."""
    if state.rules.oklahoma and state.rules.spade_double and state.upcard is not None and state.upcard.suit == "s":
        return 2 * points
    return points


def _finish_gin(state: RoundState, outcome: str, bonus: int) -> RoundState:
    """SCORE-GIN / SCORE-BIGGIN, GIN-DEFENDER-MELDS, GIN-CANNOT-BE-UNDERCUT."""
    assert state.knocker is not None
    defender_mask = state.hand_mask(other(state.knocker))
    defender_deadwood = least_deadwood(defender_mask, ace_high=ace_may_be_high(defender_mask, state.rules.hand))
    result = RoundResult(outcome, state.knocker, _doubled(state, bonus + defender_deadwood), state.knocker, 0, defender_deadwood)
    return _evolve(state, phase="over", to_play=None, result=result)


def _layoff(state: RoundState, action: Action, refuse: Any) -> RoundState:
    """LAYOFF-DEFENDER-ONLY, LAYOFF-TARGET-KNOCKER-MELDS, LAYOFF-EXTEND-SET, LAYOFF-EXTEND-RUN, LAYOFF-CHAIN."""
    player, card = action.player, action.card
    assert card is not None
    if not state.hand_mask(player) & card.bit:
        raise refuse("card_not_held", f"{player} does not hold {card}")
    targets = _layoff_targets(state, card)
    if action.onto is not None:
        targets = [index for index in targets if action.onto in state.spread[index]]
    if not targets:
        raise refuse("cannot_lay_off", f"{card} fits none of the knocker's melds it is offered to")
    if len(targets) > 1:
        raise refuse("ambiguous_layoff", f"{card} fits more than one meld: name one with 'onto'")
    target = targets[0]
    spread = list(state.spread)
    spread[target] = tuple(sort_cards(spread[target] + (card,)))
    return _evolve(
        state,
        **_new_hand(state, player, _remove(state.hand(player), card), state.hand_mask(player) ^ card.bit),
        spread=tuple(spread),
        layoffs=state.layoffs + ((card, target),),
    )


def _done(state: RoundState, action: Action, refuse: Any) -> RoundState:
    """LAYOFF-DEFENDER-MELDS, then SCORE-KNOCK-WIN / SCORE-UNDERCUT / SCORE-UNDERCUT-TIE."""
    assert state.knocker is not None
    defender = action.player
    defender_mask = state.hand_mask(defender)
    defender_deadwood = least_deadwood(defender_mask, ace_high=ace_may_be_high(defender_mask, state.rules.hand))
    melded = {card for meld in state.original_spread for card in meld}
    knocker_deadwood = sum(card.value for card in state.hand(state.knocker) if card not in melded)
    outcome, winner, points = outcome_of_knock(knocker_deadwood, defender_deadwood, state.hand_rules)
    winner_seat = {"knocker": state.knocker, "defender": defender, "none": "none"}[winner]
    result = RoundResult(
        outcome,
        winner_seat,
        _doubled(state, points),
        state.knocker,
        knocker_deadwood,
        defender_deadwood,
        tuple(sort_cards(card for card, _ in state.layoffs)),
    )
    return _evolve(state, phase="over", to_play=None, result=result)


_HANDLERS = {
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


def replay(start: RoundState, actions: Sequence[Action | str]) -> RoundState:
    """Apply actions in order; the first illegal one raises :class:`IllegalAction`."""
    state = start
    for action in actions:
        state = apply(state, action)
    return state
