"""One hand of two-player gin, move by move, from an explicit deal (``spec/actions.md``).

A :class:`RoundState` is an immutable value: :func:`apply` returns the next state and never changes
the one it is given. :func:`legal_actions` lists exactly the actions :func:`apply` accepts (without
the optional explicit spreads and lay-off targets), and an illegal action raises
:class:`IllegalAction` with a reason code, the action and the state.

Phases: ``first_turn`` (the upcard offer), ``draw``, ``discard``, ``wall`` (the fifty-card wall
under the tournament rule), ``layoff`` (the defender after a knock that is not gin), ``over``.

The rules of the turn are written once for two, three and four players, in
:mod:`reference_impl.legal` (:func:`legal_actions`) and :mod:`reference_impl.turn` (:func:`apply`,
:func:`replay`). This module holds what is proper to two players: the state, with each hand also
kept as a card mask, the deal, the Oklahoma knock card and the score of a hand against one
defender.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, ClassVar, Mapping, Sequence

from reference_impl.actions import PLAYERS, Action, format_action, parse_action  # noqa: F401 - re-exported
from reference_impl.cards import Card, DECK, format_cards, format_hand, mask_of, parse_card, parse_cards
from reference_impl.deadwood import ace_may_be_high, least_deadwood, least_deadwood_after_discard, optimal_arrangements  # noqa: F401
from reference_impl.errors import (  # noqa: F401 - GinError, IllegalKnock and InvalidMelds re-exported
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
from reference_impl.legal import legal_actions, meld_takes  # noqa: F401 - re-exported
from reference_impl.melds import MeldType, meld_type, sort_cards  # noqa: F401 - re-exported
from reference_impl.rules import HandRules, RoundRules
from reference_impl.scoring import knocker_spread, outcome_of_knock
from reference_impl.turn import HANDLERS, PHASES, IllegalAction, apply, forfeits_game, replay  # noqa: F401 - re-exported

# The rules of the turn that the self-test's miniatures (ginspec/miniatures) break by name, as
# ``reference_impl.round:NAME``: bound here too, so that a defect put in here reaches every caller.
from reference_impl.legal import _MOVES, _big_gin_open, _going_out, _legal_draw, _legal_first_turn  # noqa: E402,F401
from reference_impl.turn import _knock, _pass  # noqa: E402,F401


def other(player: str) -> str:
    """The opponent of a player in a two-player hand."""
    return "p2" if player == "p1" else "p1"


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

    handlers: ClassVar[Mapping[tuple[str, str], Any]] = HANDLERS
    """The moves of each phase (:mod:`reference_impl.turn`)."""
    UPCARD_CLOSED: ClassVar[str] = "both players passed the upcard, so the non-dealer draws from the stock"
    ALL_PASSED: ClassVar[str] = "both players have passed; the non-dealer must draw from the stock"

    def hand(self, player: str) -> tuple[Card, ...]:
        """The cards ``player`` holds, in the order he came by them (:attr:`hands` holds p1's
        first, then p2's)."""
        return self.hands[0 if player == "p1" else 1]

    def next_seat(self, player: str) -> str:
        """The players take turns: the opponent plays next."""
        return "p2" if player == "p1" else "p1"

    @property
    def first_player(self) -> str:
        """The non-dealer plays first (FIRST-UPCARD-OFFER)."""
        return other(self.dealer)

    def with_hand(self, player: str, hand: tuple[Card, ...], mask: int) -> dict[str, Any]:
        """The changes that give ``player`` the hand ``hand`` (whose card mask is ``mask``)."""
        masks = self.hand_masks
        assert masks is not None
        if player == "p1":
            return {"hands": (hand, self.hands[1]), "hand_masks": (mask, masks[1])}
        return {"hands": (self.hands[0], hand), "hand_masks": (masks[0], mask)}

    def meld_as_seen(self, player: str, index: int) -> tuple[Card, ...]:
        """The knocker's meld as the defender may build on it: with the cards he laid off on it."""
        return self.spread[index]

    def meld_as_spread(self, index: int) -> tuple[Card, ...]:
        """The knocker's meld as he spread it."""
        return self.original_spread[index]

    def spread_for_knock(
        self, knocker: str, kept: tuple[Card, ...], requested: Sequence[Sequence[Card]] | None
    ) -> tuple[tuple[tuple[Card, ...], ...], int, dict[str, Any]]:
        """SCORE-AUTO-SPREAD or the spread given (KNOCK-SPREAD-FIXED): the knocker's melds, his
        deadwood and the changes that record them."""
        spread = knocker_spread(kept, self.hand(other(knocker)), self.hand_rules, requested)
        return spread.melds, spread.deadwood, {"original_spread": spread.melds}

    def with_layoff(self, player: str, card: Card, target: int) -> dict[str, Any]:
        """The changes that put ``card`` onto the knocker's meld ``target`` (LAYOFF-CHAIN: the
        defender may go on building on it)."""
        spread = list(self.spread)
        spread[target] = tuple(sort_cards(spread[target] + (card,)))
        return {"spread": tuple(spread), "layoffs": self.layoffs + ((card, target),)}

    def score_gin(self, outcome: str) -> "RoundState":
        """The hand ends in gin or big gin (:func:`_finish_gin`)."""
        bonus = self.rules.hand.gin_bonus if outcome == "gin" else self.rules.hand.big_gin_bonus
        return _finish_gin(self, outcome, bonus)

    def score_knock(self) -> "RoundState":
        """The defender has laid off: the hand is scored (:func:`_score_knock`)."""
        return _score_knock(self)

    def void_result(self) -> "RoundResult":
        """STOCK-VOID-NO-SCORE: nobody scores."""
        return RoundResult("void", "none", 0)

    def hand_mask(self, player: str) -> int:
        """A player's hand as a card mask (p1's first, as in :meth:`hand`)."""
        return self.hand_masks[0 if player == "p1" else 1]  # type: ignore[index]

    round_rules = property(attrgetter("rules"), doc="The rules of the course of the hand (:mod:`reference_impl.turn` reads them here): :attr:`rules`, read without a call in Python.")

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




# ---------------------------------------------------------------------- the score of the hand


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
    if defender_deadwood == 0 and state.rules.reading("Q7") == "b":  # Q7 b: the tie rule for knocks
        tied, winner, points = outcome_of_knock(0, 0, state.hand_rules)
        seat = {"knocker": state.knocker, "defender": other(state.knocker), "none": "none"}[winner]
        result = RoundResult(tied, seat, _doubled(state, points), state.knocker, 0, 0)
    return _evolve(state, phase="over", to_play=None, result=result)


def _score_knock(state: RoundState) -> RoundState:
    """LAYOFF-DEFENDER-MELDS, then SCORE-KNOCK-WIN / SCORE-UNDERCUT / SCORE-UNDERCUT-TIE."""
    assert state.knocker is not None
    defender = other(state.knocker)
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
