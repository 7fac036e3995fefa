"""The hands of a campaign. Hand ``index`` of the campaign with seed ``seed`` is a pure function of
the two: its pack is shuffled, its dealer chosen and every move picked among the legal ones by one
generator seeded with both, so any hand can be played again alone from its number, and every
machine plays the same hands: ``random.Random`` seeded with a string is seeded the same way on every
platform, and ``shuffle``, ``randrange`` and ``random`` draw the same numbers from it on every
version of Python 3 since 3.2 (Python promises this for ``random`` and the seeding only; a change to
the others would change the hands of a seed, never make a campaign's hands differ between machines
running the same Python). A move is drawn with ``_randbelow(n)``, the number ``randrange(n)``
returns, without the checks of its arguments that cost more than the draw itself (about 1 % of a
campaign hand's instructions).

The reference engine plays the moves (TURN-DRAW-SOURCE, TURN-DISCARD, KNOCK-LIMIT and the rest of
``reference_impl.round``) and records, after every action, the state a round checkpoint asserts
(``spec/vectors.md``): the expected answer to the ``round`` question asked of the other engine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Mapping

from reference_impl.actions import Action
from reference_impl.cards import DECK, LANE_MASK, Card, format_cards, format_hand, sort_cards
from reference_impl.deadwood import RUN_DEADWOOD, RUN_DEADWOOD_AFTER_DISCARD, set_choices_by_suit
from reference_impl.round import RoundResult, RoundState, apply, deal_in_order, legal_actions
from reference_impl.rules import RoundRules

from ginspec.adapters.reference import action_texts
from ginspec.detection.campaign.shards import Shard

__all__ = ["END_FIELDS", "Hand", "PlayedHand", "Shard", "hand_generator", "play_dealt", "play_dealt_moves", "play_hand", "play_moves"]

END_FIELDS = ("outcome", "winner", "points", "finished")
"""The fields of a hand's end that a campaign judges (those every engine that plays a hand reports)."""

MAX_ACTIONS = 2000
"""A hand longer than this is a loop in the engine that plays it, never a hand of gin."""


@dataclass(frozen=True)
class Hand:
    """One hand: the deal and actions (the ``round`` question's input) and the rules' answer."""

    seed: int
    index: int
    deal: dict[str, Any]
    actions: list[str]
    checkpoints: list[dict[str, Any]]
    end: dict[str, Any]
    result: dict[str, Any] | None = None
    """The whole result the rules give for the finished hand (what a transcript records), beyond
    the fields of :attr:`end` a campaign judges."""
    full: Hand | None = None
    """For a hand posed without its lay-offs (:meth:`without_layoffs`), the hand as played, lay-offs
    and all: what its vector and transcript write."""

    def without_layoffs(self) -> Hand:
        """The hand as an engine that lays off for the defender (``layoff_style: automatic``) is
        asked it: the defender's lay-off actions left out, the checkpoints after them moved back,
        and the lay-offs left out of every checkpoint's legal moves
        (:func:`ginspec.judging.automatic.strip_layoffs`). The hand must have been played with the
        defender's best lay-offs (LAYOFF-OPTIMAL; :func:`play_moves` with ``automatic``), so that
        its end is the one such an engine reaches."""
        from ginspec.judging.automatic import strip_layoffs

        kept, posed = strip_layoffs(self.actions, self.expected())
        points = [{key: value for key, value in point.items() if key != "after"} for point in posed["checkpoints"]]
        return Hand(self.seed, self.index, self.deal, kept, points, self.end, self.result, self)

    def explicit_cut(self, cut: int) -> int:
        """For a hand posed without its lay-offs, the number of actions of :attr:`full` that its
        first ``cut`` actions stand for (the lay-offs among them included); else ``cut``."""
        if self.full is None:
            return cut
        seen = 0
        for position, text in enumerate(self.full.actions):
            if seen == cut:
                return position
            if " layoff " not in f" {text} ":
                seen += 1
        return len(self.full.actions)

    def question_input(self, length: int | None = None) -> dict[str, Any]:
        """The input of a ``round`` question replaying the first ``length`` actions (all by
        default), with a checkpoint after every one."""
        actions = self.actions if length is None else self.actions[:length]
        return {"deal": self.deal, "actions": actions, "observe_after": list(range(len(actions) + 1))}

    def expected(self, length: int | None = None) -> dict[str, Any]:
        """The rules' answer to :meth:`question_input`: the end (``finished: false`` for a hand
        cut short) and every checkpoint, each with its ``after``."""
        if length is None or length >= len(self.actions):
            answer = dict(self.end)
            points = self.checkpoints
        else:
            answer = {"finished": False}
            points = self.checkpoints[: length + 1]
        answer["checkpoints"] = [{"after": after, **point} for after, point in enumerate(points)]
        return answer

    def transcript(self, variant: str, overrides: Mapping[str, Any]) -> dict[str, Any]:
        """The hand as a transcript ``ginspec replay`` reads (``ginspec/play/transcripts.py``):
        as played, its lay-offs included."""
        if self.full is not None:
            return self.full.transcript(variant, overrides)
        data: dict[str, Any] = {"variant": variant}
        if overrides:
            data["overrides"] = dict(overrides)
        if not self.end.get("finished"):
            result: dict[str, Any] = {"finished": False}
        else:
            result = {k: v for k, v in (self.result or self.end).items() if k != "finished"}
        data.update({"deal": self.deal, "actions": list(self.actions), "result": result})
        return data


GO_OUT = frozenset(("knock", "big-gin"))
GIN_CHANCE = 0.9
"""How often a player who may go gin (or big gin) does (one of those moves, at random)."""
GO_OUT_CHANCE = 0.3
"""How often a player who may knock, and has not gone gin, does (any knock or gin, at random);
otherwise he plays on for a lower count, as players do, and the opponent may undercut him."""
KEEP_MELDS_CHANCE = 0.9
"""How often a discard is one that leaves the least deadwood (else any legal move)."""


def least_deadwood_discards(held: int, allowed: int) -> tuple[int, int]:
    """Of the cards of the card mask ``allowed`` (some of those of ``held``), the least deadwood
    the others leave when one is thrown, as :func:`~reference_impl.deadwood.least_deadwood`
    counts it (the ace low), and the mask of the cards that leave it.

    Worked out for all the discards together. The sets of the kept cards are some of the sets the
    held cards allow that leave the discard out (a set of four less one card is the set of the
    other three, a choice of its own), so for each choice of sets (MELD-SET) every card outside
    them is a discard it serves, and the deadwood is the sum of each suit's run deadwood
    (:data:`~reference_impl.deadwood.RUN_DEADWOOD`) of the cards left, where the discard changes
    only its own suit's: the least over a suit's cards, and which cards reach it, are tabulated
    by suit mask (:data:`~reference_impl.deadwood.RUN_DEADWOOD_AFTER_DISCARD`,
    :func:`best_discards_of_suit`)."""
    run, least_after, best_cards = RUN_DEADWOOD, RUN_DEADWOOD_AFTER_DISCARD, best_discards_of_suit()
    best, found = _MORE_THAN_ANY, 0
    suits = held & LANE_MASK, (held >> 16) & LANE_MASK, (held >> 32) & LANE_MASK, held >> 48
    opens = allowed & LANE_MASK, (allowed >> 16) & LANE_MASK, (allowed >> 32) & LANE_MASK, allowed >> 48
    for in_sets in set_choices_by_suit(held):
        left = suits[0] ^ in_sets[0], suits[1] ^ in_sets[1], suits[2] ^ in_sets[2], suits[3] ^ in_sets[3]
        total = run[left[0]] + run[left[1]] + run[left[2]] + run[left[3]]
        for suit in _ALL_SUITS:
            lane = left[suit]
            open_cards = lane & opens[suit]
            if not open_cards:
                continue
            if open_cards == lane:
                deadwood, cards = total - run[lane] + least_after[lane], best_cards[lane]
            else:
                after, cards = _best_of(lane, open_cards)
                deadwood = total - run[lane] + after
            if deadwood < best:
                best, found = deadwood, cards << _SUIT_SHIFTS[suit]
            elif deadwood == best:
                found |= cards << _SUIT_SHIFTS[suit]
    return best, found


_SUIT_SHIFTS = (0, 16, 32, 48)
_ALL_SUITS = range(4)
_MORE_THAN_ANY = 1 << 20


def _best_of(lane: int, open_cards: int) -> tuple[int, int]:
    """The least run deadwood of the suit mask ``lane`` less one of ``open_cards``, and which of
    them leave it."""
    best, cards = _MORE_THAN_ANY, 0
    rest = open_cards
    while rest:
        low = rest & -rest
        rest ^= low
        after = RUN_DEADWOOD[lane ^ low]
        if after < best:
            best, cards = after, low
        elif after == best:
            cards |= low
    return best, cards


@cache
def best_discards_of_suit() -> tuple[int, ...]:
    """For every suit mask, the cards whose discard leaves the least run deadwood in the suit
    (:data:`~reference_impl.deadwood.RUN_DEADWOOD_AFTER_DISCARD`), as a mask; built once."""
    return tuple(_best_of(lane, lane)[1] for lane in range(LANE_MASK + 1))


def choose(state: Any, legal: list[Any], rng: random.Random) -> Any:
    """A legal move, chosen by the hand's generator for a hand of two, three or four players.
    Every legal move can be chosen, but the player plays as players do, so that the campaign's
    hands reach every way a hand ends: he mostly goes gin when he can (:data:`GIN_CHANCE`),
    sometimes knocks as soon as he can (:data:`GO_OUT_CHANCE`) and otherwise plays on, and mostly
    throws a card that leaves the least deadwood (:data:`KEEP_MELDS_CHANCE`), other than the card
    he has just taken where any other may go (else a player who takes the
    discard and throws it back ends many hands at once where IMPL-REPEATED-UPCARD-DRAW voids
    them). Uniformly random moves almost never knock: two hands in five went to the wall, and
    gin and undercuts came in fewer than one hand in two hundred; with these chances, under the
    standard rules, about 7 % of hands end in gin, 8 % in an undercut, 77 % in another knock and
    8 % at the wall, and a quarter have lay-offs. Going out and discarding are moves of the
    discard phase only (``spec/actions.md``): in any other phase the move is drawn among all the
    legal ones at once."""
    if state.phase != "discard":
        return legal[rng._randbelow(len(legal))]
    discards: list[Any] = []
    going_out: list[Any] = []
    allowed = knocking = 0
    for action in legal:
        if action.verb == "discard":
            discards.append(action)
            allowed |= action.card.bit
        elif action.verb in GO_OUT:
            going_out.append(action)
            if action.card is not None:
                knocking |= action.card.bit
    held = state.hand_mask(state.to_play)
    if going_out:
        gins = [action for action in going_out if action.verb == "big-gin"]
        if knocking:
            least, cards = least_deadwood_discards(held, knocking)
            if least == 0:
                gins += [action for action in going_out if action.card is not None and action.card.bit & cards]
        if gins and rng.random() < GIN_CHANCE:
            return gins[rng._randbelow(len(gins))]
        if rng.random() < GO_OUT_CHANCE:
            return going_out[rng._randbelow(len(going_out))]
    if len(discards) > 1 and rng.random() < KEEP_MELDS_CHANCE:
        taken = state.taken
        if taken is not None and allowed & taken.bit and allowed != taken.bit:
            allowed ^= taken.bit  # the card just taken is thrown back only when nothing else may go
        _, cards = least_deadwood_discards(held, allowed)
        kept = [action for action in discards if action.card.bit & cards]
        return kept[rng._randbelow(len(kept))]
    return legal[rng._randbelow(len(legal))]


def hand_generator(seed: int, index: int) -> random.Random:
    """The one generator of hand ``index``: the same numbers on every machine."""
    return random.Random(f"ginspec-campaign:{seed}:{index}")


@dataclass(frozen=True)
class PlayedHand:
    """One hand as the reference engine played it, in the engine's own representation: the
    dealt state, the moves (:class:`~reference_impl.actions.Action` values) and after every one a
    checkpoint ``(to_play, phase, legal moves, stock size, knock limit)``, and the result. Nothing
    is written in the notation until it is needed (the question for an engine that reads it,
    :attr:`hand` for the judge and the report): a campaign compares these values as they are
    wherever it can (``ginspec/detection/campaign/compare.py``)."""

    seed: int
    index: int
    start: RoundState
    moves: tuple[Action, ...]
    points: tuple[tuple[Any, ...], ...]
    result: RoundResult | None

    @property
    def deal(self) -> tuple[str, tuple[Card, ...], tuple[Card, ...], Card | None, tuple[Card, ...]]:
        """The deal as the ``round`` question gives it: dealer, the two hands in canonical order
        (as :func:`~reference_impl.cards.format_hand` writes them), upcard, stock."""
        start = self.start
        return start.dealer, tuple(sort_cards(start.hands[0])), tuple(sort_cards(start.hands[1])), start.upcard, start.stock

    @cached_property
    def hand(self) -> Hand:
        """The same hand in the notation: the ``round`` question and the rules' answer."""
        checkpoints = [
            {"to_play": to_play, "phase": phase, "legal": action_texts(legal), "stock": stock, "knock_limit": limit}
            for to_play, phase, legal, stock, limit in self.points
        ]
        return Hand(self.seed, self.index, self.written_deal, self.written_actions, checkpoints, self.end,
                    self.result.to_data() if self.result else None)

    @cached_property
    def written_deal(self) -> dict[str, Any]:
        """The deal of the ``round`` question."""
        start = self.start
        return {
            "dealer": start.dealer,
            "hands": {"p1": format_hand(start.hands[0]), "p2": format_hand(start.hands[1])},
            "upcard": str(start.upcard) if start.upcard else None,
            "stock": format_cards(start.stock),
        }

    @cached_property
    def written_actions(self) -> list[str]:
        """The moves in the notation (``spec/actions.md``)."""
        return action_texts(self.moves)

    @property
    def end(self) -> dict[str, Any]:
        """The fields of the end a campaign judges (:data:`END_FIELDS`)."""
        end = {**self.result.to_data(), "finished": True} if self.result else {"finished": False}
        return {key: end[key] for key in END_FIELDS if key in end}

    def question_input(self) -> dict[str, Any]:
        """:meth:`Hand.question_input` of the whole hand, written without its checkpoints."""
        return {"deal": self.written_deal, "actions": self.written_actions, "observe_after": list(range(len(self.moves) + 1))}


def _detour_moves(detour: int | tuple[int, ...] | None) -> frozenset[int]:
    """The moves (from 0) where a hand is played otherwise than its generator first played it:
    one, several, or none (:mod:`ginspec.detection.campaign.detours`)."""
    if detour is None:
        return frozenset()
    return frozenset((detour,)) if isinstance(detour, int) else frozenset(detour)


def play_moves(rules: RoundRules, seed: int, index: int, automatic: bool = False, detour: int | tuple[int, ...] | None = None) -> PlayedHand:
    """Deal hand ``index`` and play it to its end with moves chosen at random among the legal
    ones (:func:`choose`), recording the state after every action; with ``automatic``, the
    defender lays off as an engine laying off for him does (:func:`best_layoffs`); with
    ``detour``, another move is played where the hand played its move ``detour`` (from 0), or
    at each of its moves ``detour`` (:mod:`ginspec.detection.campaign.detours`)."""
    rng = hand_generator(seed, index)
    order = list(DECK)
    rng.shuffle(order)
    dealer = "p1" if rng.random() < 0.5 else "p2"
    return play_dealt_moves(rules, seed, index, rng, dealer, order, automatic, detour)


def play_dealt(rules: RoundRules, seed: int, index: int, rng: random.Random, dealer: str, order: list[Any], automatic: bool = False) -> Hand:
    """:func:`play_dealt_moves`, written in the notation: a game's hands are played by this with
    the dealer the game's rotation names (DEAL-ROTATION); with ``automatic``, posed without the
    defender's lay-offs (:meth:`Hand.without_layoffs`)."""
    hand = play_dealt_moves(rules, seed, index, rng, dealer, order, automatic).hand
    return hand.without_layoffs() if automatic else hand


def best_layoffs(state: RoundState) -> list[Action]:
    """The defender's best lay-offs (LAYOFF-OPTIMAL, chained where the variant chains), card by
    card, then his ``done``: what an engine that lays off for him plays at the start of the
    lay-off phase."""
    from reference_impl.layoff import best_defence

    defender = state.to_play
    best = best_defence(state.spread, state.hand(defender), state.hand_rules)
    moves = [Action(defender, "layoff", card=layoff.card, onto=sort_cards(state.spread[layoff.meld])[0]) for layoff in best.layoffs]
    return moves + [Action(defender, "done")]


def play_dealt_moves(
    rules: RoundRules, seed: int, index: int, rng: random.Random, dealer: str, order: list[Any], automatic: bool = False,
    detour: int | tuple[int, ...] | None = None,
) -> PlayedHand:
    """Deal the pack in ``order`` with ``dealer`` dealing (DEAL-HAND-SIZE-10, DEAL-UPCARD-STOCK) and
    play the hand to its end with moves drawn from ``rng`` (:func:`choose`), recording the state
    after every action. With ``automatic``, the defender's lay-off phase is his best lay-offs and
    ``done`` (:func:`best_layoffs`), no move drawn."""
    state = start = deal_in_order(rules, dealer, order)
    moves: list[Action] = []
    points: list[tuple[Any, ...]] = []
    queued: list[Action] = []
    detours = _detour_moves(detour)
    while True:
        legal = legal_actions(state)
        points.append((state.to_play, state.phase, legal, len(state.stock), state.knock_limit))
        if state.phase == "over" or not legal or len(moves) >= MAX_ACTIONS:
            break
        if automatic and state.phase == "layoff" and state.knocker is not None:
            queued = queued or best_layoffs(state)
            action = queued.pop(0)
        else:
            action = choose(state, legal, rng)
            if len(moves) in detours:  # the move the hand played here, once more, and then another
                others = [move for move in legal if move != action]
                action = others[rng._randbelow(len(others))] if others else action
        moves.append(action)
        state = apply(state, action)
    return PlayedHand(seed, index, start, tuple(moves), tuple(points), state.result)


def play_hand(rules: RoundRules, seed: int, index: int, automatic: bool = False, detour: int | tuple[int, ...] | None = None) -> Hand:
    """Hand ``index`` of the campaign with seed ``seed``, played (:func:`play_moves`) and written
    in the notation; with ``automatic``, posed as an engine that lays off for the defender is
    asked it (:meth:`Hand.without_layoffs`)."""
    hand = play_moves(rules, seed, index, automatic, detour).hand
    return hand.without_layoffs() if automatic else hand
