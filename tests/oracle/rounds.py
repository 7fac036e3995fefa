"""An independent simulator of one two-player hand, replayed from an explicit deal and a list of
actions, following spec/actions.md literally.

Everything about the course of a hand lives here: a strict parser and printer of the action
notation, the state of the hand, ``legal_actions(state)`` (the exact sets of spec/actions.md, as
canonical strings), ``apply(state, action)`` (a new state, or ``IllegalAction`` with its reason
code) and the result at the end of the hand.

An action is legal exactly when its canonical form (without an explicit ``with`` spread, and
with an ``onto`` target only where the card fits several melds) is a member of
``legal_actions(state)``; the reason code of a refused action is worked out afterwards, only to
name the refusal. So the legal sets and the legality of actions can never disagree.

Meld questions use a small exhaustive search of its own (``least_deadwood``,
``_best_arrangements``, ``defender_best``), checked against the brute-force ``tests.oracle.melds``
and ``tests.oracle.layoffs`` in tests/test_round_oracle.py.

Points that spec/actions.md leaves open are read as follows:

* Reason codes are tried in this order: ``hand_over``; ``not_your_turn``; ``wrong_phase`` (the verb
  does not exist in the phase); then the card (``card_not_held``, ``taken_card``); then the action
  itself (``upcard_closed``, ``over_knock_limit``, ``not_big_gin``, ``cannot_lay_off``,
  ``ambiguous_layoff``); ``gin_required`` last, for an action refused only because gin is there.
* ``draw stock`` while the upcard is still on offer, ``pass`` after both passes and ``pass`` in an
  ordinary turn are ``wrong_phase``. At the wall, ``draw stock`` is ``wrong_phase`` and
  ``draw discard`` that would allow no knock is ``over_knock_limit``; after the wall draw an
  ordinary ``discard`` is ``wrong_phase``. ``layoff`` with ``layoffs: false`` is ``cannot_lay_off``.
* With ``gin_mandatory``, gin is "available" only through a knock discard that is itself allowed
  (never the card just taken from the discard pile, unless ``discard_taken_card``).
* ``onto X`` names the target by any card of the meld as it stands, lay-offs included; listed
  targets use the lowest card (canonical order) of the meld as it stands. Without chaining the fit
  is tested against the meld as spread. A target named for a card that fits one meld only is
  accepted and means the same as the plain lay-off.
* An explicit spread must be disjoint valid melds of the ten kept cards (the knock discard is not
  one of them), else ``invalid_spread``; its deadwood over the limit is ``over_knock_limit``.
  Touching runs of one suit in it are merged (spec/notation.md). When the ten kept cards can all
  be melded the hand is gin whatever valid spread is shown (GIN-DEFINITION).
* SCORE-AUTO-SPREAD ties (several arrangements leaving the defender the same most deadwood) go to
  the first spread in canonical printing; the vectors never depend on that choice.
* After ``done`` the defender's deadwood is the least deadwood of the cards he still holds: the
  lay-offs are exactly those the actions made.
* Oklahoma needs a first upcard: with the eleven-card start it is not played here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Any, Mapping

from .cards import RANKS, SUITS, all_cards, format_hand, rank, sort_key, suit, total_value, value
from .layoffs import accepts, layable_groups
from .melds import format_arrangement, meld_order, meld_type, normalise
from .aces import aces_high, under_ace_rule
from .hands import held_within_limit, reading
from .params import variant_parameters

PLAYERS = ("p1", "p2")
PHASES = ("first_turn", "draw", "discard", "wall", "layoff", "over")
REASONS = (
    "not_your_turn",
    "wrong_phase",
    "card_not_held",
    "taken_card",
    "upcard_closed",
    "over_knock_limit",
    "gin_required",
    "not_big_gin",
    "invalid_spread",
    "cannot_lay_off",
    "ambiguous_layoff",
    "hand_over",
)
VERBS = ("pass", "draw", "discard", "knock", "big-gin", "layoff", "done")

# The verbs that exist in each phase; any other verb is refused with ``wrong_phase``.
PHASE_VERBS = {
    "first_turn": {"pass", "draw"},
    "draw": {"draw"},
    "discard": {"discard", "knock", "big-gin"},
    "wall": {"pass", "draw"},
    "layoff": {"layoff", "done"},
}


def other(player: str) -> str:
    return "p2" if player == "p1" else "p1"


# --------------------------------------------------------------------------- parameters


@lru_cache(maxsize=None)
def _variant_file(name: str) -> tuple[tuple[str, Any], ...]:
    return tuple(variant_parameters(name).items())


def load_variant(name: str = "standard", overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every parameter of ``spec/variants/<name>.yaml`` (following ``extends``), with
    ``overrides`` on top; overriding a parameter the variant does not define is an error."""
    params = dict(_variant_file(name))
    for key, val in (overrides or {}).items():
        if key not in params:
            raise ValueError(f"unknown parameter {key!r}")
        params[key] = val
    return params


# --------------------------------------------------------------------------- melds


def _melds_in(hand: frozenset) -> list[frozenset]:
    """Every meld contained in ``hand``: each three- or four-card set (MELD-SET) and each run of
    three or more consecutive cards of one suit, the ace low, no wrap (MELD-RUN,
    MELD-RUN-ACE-LOW, MELD-RUN-NO-WRAP); where aces may be high (MELD-RUN-ACE-HIGH) the ace
    also stands as rank 14, after the king."""
    by_rank: dict[str, list[str]] = {}
    by_suit: dict[str, set[int]] = {}
    for c in hand:
        by_rank.setdefault(c[0], []).append(c)
        by_suit.setdefault(suit(c), set()).add(rank(c))
    melds = []
    for r in RANKS:
        if len(by_rank.get(r, ())) < 3:
            continue  # too few cards of the rank for a set
        same = sorted(by_rank[r], key=sort_key)
        for size in (3, 4):
            melds.extend(frozenset(g) for g in combinations(same, size))
    for s in SUITS:
        ranks = set(by_suit.get(s, set()))
        if aces_high() and 1 in ranks:
            ranks.add(14)
        for low in sorted(ranks):
            high = low
            while high + 1 in ranks:
                high += 1
                if high - low >= 2:
                    melds.append(frozenset(RANKS[(k - 1) % 13] + s for k in range(low, high + 1)))
    return melds


_LEAST: dict[tuple[frozenset, bool], int] = {}
"""The least deadwood of each hand weighed so far, by hand and ace rule."""


def _least(hand: frozenset, melds: list[frozenset] | None = None) -> int:
    """Least deadwood of ``hand``, remembered per hand; ``melds`` are every meld in ``hand`` when
    the caller has them already (otherwise they are sought)."""
    key = (hand, aces_high())
    known = _LEAST.get(key)
    if known is None:
        known = _LEAST[key] = _search(hand, _melds_in(hand) if melds is None else melds)
    return known


def _least_of_each_kept(hand: frozenset, cards) -> dict[str, int]:
    """Least deadwood of ``hand`` without each of ``cards`` in turn. The melds of ``hand`` are
    sought at most once, for the hands not weighed before: the melds of a smaller hand are exactly
    those of ``hand`` that do not hold the card left out, in the same order."""
    melds: list[frozenset] | None = None
    kept: dict[str, int] = {}
    for card in cards:
        rest = hand - {card}
        known = _LEAST.get((rest, aces_high()))
        if known is None:
            if melds is None:
                melds = _melds_in(hand)
            known = _least(rest, [meld for meld in melds if card not in meld])
        kept[card] = known
    return kept


def _search(hand: frozenset, melds: list[frozenset]) -> int:
    """The exhaustive search behind :func:`_least`: the most value ``melds`` cover disjointly."""
    worth = [total_value(meld) for meld in melds]
    best = 0

    def walk(start: int, used: frozenset, covered: int) -> None:
        nonlocal best
        best = max(best, covered)
        for i in range(start, len(melds)):
            if not (melds[i] & used):
                walk(i + 1, used | melds[i], covered + worth[i])

    walk(0, frozenset(), 0)
    return total_value(hand) - best


def _best_arrangements(hand: frozenset) -> frozenset:
    """Every least-deadwood arrangement of ``hand``, normalised as in spec/notation.md (adjacent run
    cards of a suit form one run)."""
    return _best_arrangements_under(hand, aces_high())


@lru_cache(maxsize=None)
def _best_arrangements_under(hand: frozenset, _aces_high: bool) -> frozenset:
    melds = _melds_in(hand)
    found: dict[int, set] = {}

    def walk(start: int, used: frozenset, chosen: tuple) -> None:
        found.setdefault(total_value(hand - used), set()).add(normalise(chosen))
        for i in range(start, len(melds)):
            if not (melds[i] & used):
                walk(i + 1, used | melds[i], chosen + (melds[i],))

    walk(0, frozenset(), ())
    return frozenset(found[min(found)])


def least_deadwood(cards) -> int:
    """Least deadwood of a group of cards (DEADWOOD-COUNT, MELD-DISJOINT): the value of the cards
    in no meld, minimised over every choice of pairwise-disjoint melds."""
    return _least(frozenset(cards))


# --------------------------------------------------------------------------- actions


class ActionSyntaxError(ValueError):
    """Text that is not an action in the notation of spec/actions.md."""


class IllegalAction(Exception):
    """An action that is not legal in the state it is applied to; ``reason`` is its code."""

    def __init__(self, reason: str, action: str, detail: str = "") -> None:
        assert reason in REASONS, reason
        self.reason = reason
        self.action = action
        super().__init__(f"{action!r}: {reason}" + (f" ({detail})" if detail else ""))


@dataclass(frozen=True)
class Action:
    player: str
    verb: str
    source: str | None = None  # draw: "stock" or "discard"
    card: str | None = None  # discard, knock, layoff
    spread: tuple[tuple[str, ...], ...] | None = None  # knock ... with
    onto: str | None = None  # layoff ... onto

    def __str__(self) -> str:
        return format_action(self)


def _card(token: str, text: str) -> str:
    if len(token) != 2 or token[0] not in RANKS or token[1] not in SUITS:
        raise ActionSyntaxError(f"{text!r}: {token!r} is not a card")
    return token


def parse_action(text: str) -> Action:
    """Parse one action strictly: a player, a verb and its words, separated by single spaces, cards
    in canonical notation. Raises ActionSyntaxError for anything else."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"{text!r} is not an action")
    words = text.split(" ")
    if "" in words:
        raise ActionSyntaxError(f"{text!r}: words are separated by single spaces")
    if len(words) < 2 or words[0] not in PLAYERS:
        raise ActionSyntaxError(f"{text!r}: an action starts with p1 or p2 and a verb")
    player, verb, rest = words[0], words[1], words[2:]
    if verb in ("pass", "done", "big-gin"):
        if rest:
            raise ActionSyntaxError(f"{text!r}: {verb} takes nothing after it")
        return Action(player, verb)
    if verb == "draw":
        if rest not in (["stock"], ["discard"]):
            raise ActionSyntaxError(f"{text!r}: draw stock or draw discard")
        return Action(player, verb, source=rest[0])
    if verb == "discard":
        if len(rest) != 1:
            raise ActionSyntaxError(f"{text!r}: discard takes one card")
        return Action(player, verb, card=_card(rest[0], text))
    if verb == "knock":
        if len(rest) == 1:
            return Action(player, verb, card=_card(rest[0], text))
        if len(rest) >= 3 and rest[1] == "with":
            melds: list[tuple[str, ...]] = [()]
            for token in rest[2:]:
                if token == "|":
                    melds.append(())
                else:
                    melds[-1] = melds[-1] + (_card(token, text),)
            if any(len(m) == 0 for m in melds):
                raise ActionSyntaxError(f"{text!r}: an empty meld in the spread")
            return Action(player, verb, card=_card(rest[0], text), spread=tuple(melds))
        raise ActionSyntaxError(f"{text!r}: knock C or knock C with <melds>")
    if verb == "layoff":
        if len(rest) == 1:
            return Action(player, verb, card=_card(rest[0], text))
        if len(rest) == 3 and rest[1] == "onto":
            return Action(player, verb, card=_card(rest[0], text), onto=_card(rest[2], text))
        raise ActionSyntaxError(f"{text!r}: layoff C or layoff C onto X")
    raise ActionSyntaxError(f"{text!r}: unknown verb {verb!r}")


def format_action(action: Action) -> str:
    """The text of an action; ``format_action(parse_action(t)) == t`` for every action text."""
    words = [action.player, action.verb]
    if action.verb == "draw":
        words.append(action.source)
    if action.card is not None:
        words.append(action.card)
    if action.spread is not None:
        words.append("with")
        words.append(" | ".join(" ".join(m) for m in action.spread))
    if action.onto is not None:
        words += ["onto", action.onto]
    return " ".join(words)


def format_spread(melds) -> str:
    """Canonical text of a spread: sets before runs, each meld in canonical order."""
    return " | ".join(format_arrangement(frozenset(frozenset(m) for m in melds)))


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class State:
    params: Mapping[str, Any]
    dealer: str
    hands: Mapping[str, frozenset]
    stock: tuple[str, ...]  # top card first
    pile: tuple[str, ...]  # bottom card first; the top is pile[-1]
    upcard: str | None  # the first upcard of the deal
    knock_limit: int
    phase: str
    to_play: str | None
    passes: int = 0  # passes of the first-turn offer
    taken: str | None = None  # the card taken from the discard pile this turn
    wall_draw: bool = False  # the discard was taken at the wall: only a knock or big gin may follow
    knocker: str | None = None
    kept: frozenset = frozenset()  # the knocker's kept cards
    spread: tuple[frozenset, ...] = ()  # the knocker's melds as spread
    melds_now: tuple[frozenset, ...] = ()  # the same melds with the lay-offs made so far
    knocker_deadwood: int | None = None
    layoffs: tuple[str, ...] = ()
    result: Mapping[str, Any] | None = None
    thrown_back: tuple[str, ...] = ()  # players who, in the turns just played, took the discard and threw it back

    @property
    def non_dealer(self) -> str:
        return other(self.dealer)

    def hand(self, player: str | None = None) -> frozenset:
        return self.hands[player or self.to_play]


def new_hand(deal: Mapping[str, Any], params: Mapping[str, Any]) -> State:
    """The state straight after the deal. ``deal`` is the ``input.deal`` of a round vector."""
    for key, val in (
        ("players", 2),
        ("scoring_model", "winner_only"),
        ("knock_bonus", 0),
        ("gin_defender_deadwood_multiplier", 1),
    ):
        if params.get(key, val) != val:
            raise NotImplementedError(f"the round simulator plays {key}: {val!r} only")
    dealer = deal["dealer"]
    if dealer not in PLAYERS:
        raise ValueError(f"dealer {dealer!r} is not p1 or p2")
    hands = {p: _cards(deal["hands"][p]) for p in PLAYERS}
    stock = _cards(deal["stock"])
    upcard = deal.get("upcard")
    size = params["hand_size"]
    first_turn = params["first_turn"]
    sizes = {dealer: size, other(dealer): size + (1 if first_turn == "eleven_card_start" else 0)}
    for p in PLAYERS:
        if len(hands[p]) != sizes[p]:
            raise ValueError(f"{p} is dealt {len(hands[p])} cards, not {sizes[p]}")
    if first_turn == "eleven_card_start":
        if upcard is not None:
            raise ValueError("an eleven-card start has no upcard")
    else:
        upcard = _cards(upcard)[0] if upcard is not None else None
        if upcard is None:
            raise ValueError("the deal needs an upcard")
    every = hands["p1"] + hands["p2"] + ([upcard] if upcard else []) + stock
    if sorted(every) != sorted(all_cards()):
        raise ValueError("the deal does not hold each of the 52 cards exactly once")

    if params["oklahoma"]:
        if upcard is None:
            raise NotImplementedError("Oklahoma needs a first upcard")
        if upcard[0] == "A":
            limit = 0 if params["oklahoma_ace"] == "gin_only" else 1
        else:
            limit = value(upcard)
    else:
        limit = params["knock_limit"]

    phase = {"upcard_offer": "first_turn", "no_offer": "draw", "eleven_card_start": "discard"}[first_turn]
    return State(
        params=dict(params),
        dealer=dealer,
        hands={p: frozenset(hands[p]) for p in PLAYERS},
        stock=tuple(stock),
        pile=(upcard,) if upcard else (),
        upcard=upcard,
        knock_limit=limit,
        phase=phase,
        to_play=other(dealer),
    )


def _cards(text) -> list[str]:
    if text == "" or text is None:
        return []
    return [_card(t, str(text)) for t in str(text).split(" ")]


# --------------------------------------------------------------------------- legal actions


def _discard_choices(state: State, hand: frozenset, taken: str | None, wall_draw: bool) -> set[str]:
    """The legal set of the discard phase (spec/actions.md) for ``hand`` (one card more than kept)."""
    p = state.to_play
    params = state.params
    allowed = sorted((c for c in hand if c != taken or params["discard_taken_card"]), key=sort_key)
    if not wall_draw and _fiftieth_card_kept(state):
        return {f"{p} discard {c}" for c in allowed}  # Q12 c: no going out with the fiftieth card
    kept = _least_of_each_kept(hand, allowed)
    discards = {f"{p} discard {c}" for c in allowed}
    # Q2 reading b: the cards held before the discard are counted as well
    knocks = {f"{p} knock {c}" for c in allowed if kept[c] <= state.knock_limit} if held_within_limit(hand, params, state.knock_limit) else set()
    big = {f"{p} big-gin"} if params["big_gin"] and least_deadwood(hand) == 0 else set()
    if params["gin_mandatory"]:
        gins = {f"{p} knock {c}" for c in allowed if kept[c] == 0}
        if gins or big:
            return gins | big
    if wall_draw:
        return knocks | big
    return discards | knocks | big


def _fiftieth_card_kept(state: State) -> bool:
    """Q12 reading ``c``: the player to discard drew the fiftieth card (the stock is down to the
    wall), and may not knock, go gin or declare big gin with it."""
    return reading(state.params, "Q12") == "c" and state.phase == "discard" and len(state.stock) <= state.params["stock_dead_cards"]


def _targets(state: State, card: str) -> list[int]:
    """Indices of the knocker's melds that take ``card`` now: as they stand with the earlier
    lay-offs (LAYOFF-CHAIN), or as spread when chaining is off."""
    chaining = state.params["layoff_chaining"]
    return [
        i
        for i, meld in enumerate(state.melds_now)
        if accepts(meld if chaining else state.spread[i], card)
    ]


def _lowest(meld) -> str:
    return min(meld, key=sort_key)


@under_ace_rule(lambda state: state.params)
def legal_actions(state: State) -> frozenset[str]:
    """The exact set of legal actions of spec/actions.md, as canonical action strings."""
    p = state.to_play
    phase = state.phase
    params = state.params
    if phase == "over":
        return frozenset()
    if phase == "first_turn":
        if state.passes < 2:
            return frozenset({f"{p} draw discard", f"{p} pass"})
        return frozenset({f"{p} draw stock"} | ({f"{p} draw discard"} if params["upcard_after_passes"] else set()))
    if phase == "draw":
        return frozenset({f"{p} draw stock", f"{p} draw discard"})
    if phase == "discard":
        return frozenset(_discard_choices(state, state.hand(), state.taken, state.wall_draw))
    if phase == "wall":
        top = state.pile[-1]
        opens = _discard_choices(state, state.hand() | {top}, top, True)
        return frozenset({f"{p} pass"} | ({f"{p} draw discard"} if opens else set()))
    if phase == "layoff":
        found = {f"{p} done"}
        if params["layoffs"]:
            for card in state.hand():
                targets = _targets(state, card)
                if len(targets) == 1:
                    found.add(f"{p} layoff {card}")
                elif len(targets) > 1:
                    found |= {f"{p} layoff {card} onto {_lowest(state.melds_now[i])}" for i in targets}
        return frozenset(found)
    raise AssertionError(phase)


def sorted_actions(actions) -> list[str]:
    """Actions in a stable order for printing."""
    order = {v: i for i, v in enumerate(VERBS)}

    def key(text: str):
        a = parse_action(text)
        return (a.player, order[a.verb], a.source or "", sort_key(a.card) if a.card else (0, 0),
                sort_key(a.onto) if a.onto else (0, 0))

    return sorted(actions, key=key)


# --------------------------------------------------------------------------- applying actions


def _canonical(state: State, action: Action) -> str | None:
    """The form of ``action`` that legal_actions lists, or None for a lay-off onto a meld that does
    not take the card."""
    if action.verb == "knock":
        return f"{action.player} knock {action.card}"
    if action.verb == "layoff" and state.phase == "layoff" and action.onto is not None:
        named = [i for i, meld in enumerate(state.melds_now) if action.onto in meld]
        targets = _targets(state, action.card)
        if not named or named[0] not in targets:
            return None
        if len(targets) == 1:
            return f"{action.player} layoff {action.card}"
        return f"{action.player} layoff {action.card} onto {_lowest(state.melds_now[named[0]])}"
    return format_action(action)


def _reason(state: State, action: Action) -> str:
    """Name the refusal of an action that is not legal in ``state``."""
    phase = state.phase
    params = state.params
    if phase == "over":
        return "hand_over"
    if action.player != state.to_play:
        return "not_your_turn"
    verbs = PHASE_VERBS[phase]
    if phase == "discard" and state.wall_draw:
        verbs = {"knock", "big-gin"}
    if action.verb not in verbs:
        return "wrong_phase"
    if phase == "discard" and action.verb in ("knock", "big-gin") and not state.wall_draw and _fiftieth_card_kept(state):
        return "wrong_phase"  # Q12 c
    hand = state.hand()
    if phase == "first_turn":
        if action.verb == "pass" or action.source == "stock":
            return "wrong_phase"  # a pass after both passed; the stock before the offer is over
        return "upcard_closed"
    if phase == "wall":
        if action.source == "stock":
            return "wrong_phase"  # no card is drawn from the last stock cards
        return "over_knock_limit"  # the discard is taken only to knock or go gin with it
    if phase == "discard":
        if action.verb == "big-gin":
            return "not_big_gin"
        card = action.card
        over = action.verb == "knock" and least_deadwood(hand - {card}) > state.knock_limit
        if over and card in hand and reading(params, "Q27") == "b":
            return "over_knock_limit"  # Q27 b: the count before anything else
        if card not in hand:
            return "card_not_held"
        if card == state.taken and not params["discard_taken_card"]:
            return "taken_card"
        if action.verb == "knock" and action.spread is not None and reading(params, "Q27") == "c" and not _valid_spread(action.spread, hand - {card}):
            return "invalid_spread"  # Q27 c: the spread as shown before the count
        if over or (action.verb == "knock" and not held_within_limit(hand, params, state.knock_limit)):
            return "over_knock_limit"
        if params["gin_mandatory"]:
            return "gin_required"
    if phase == "layoff":
        card = action.card
        if card not in hand:
            return "card_not_held"
        if not params["layoffs"]:
            return "cannot_lay_off"
        targets = _targets(state, card)
        if not targets or action.onto is not None:
            return "cannot_lay_off"
        return "ambiguous_layoff"
    raise AssertionError(f"no reason found for refusing {format_action(action)!r}")


@under_ace_rule(lambda state, text: state.params)
def apply(state: State, text: str) -> State:
    """The state after the action ``text``; raises IllegalAction (with its reason code) when the
    action is not legal, and ActionSyntaxError when the text is not an action."""
    action = parse_action(text)
    canon = None if state.phase == "over" else _canonical(state, action)
    if canon is None or canon not in legal_actions(state):
        raise IllegalAction(_reason(state, action), text)
    p = action.player
    verb = action.verb
    if verb == "pass":
        if state.phase == "wall":
            return _over(state, _void())
        passes = state.passes + 1
        return replace(state, passes=passes, to_play=state.dealer if passes == 1 else state.non_dealer)
    if verb == "draw":
        hands = dict(state.hands)
        if action.source == "stock":
            hands[p] = hands[p] | {state.stock[0]}
            return replace(state, hands=hands, stock=state.stock[1:], phase="discard", taken=None)
        top = state.pile[-1]
        hands[p] = hands[p] | {top}
        return replace(state, hands=hands, pile=state.pile[:-1], phase="discard", taken=top,
                       wall_draw=state.phase == "wall")
    if verb == "discard":
        hands = dict(state.hands)
        hands[p] = hands[p] - {action.card}
        streak = state.thrown_back + (p,) if action.card == state.taken else ()
        after = replace(state, hands=hands, pile=state.pile + (action.card,), taken=None,
                        phase="draw", to_play=other(p), thrown_back=streak)
        # IMPL-REPEATED-UPCARD-DRAW: both players in turn took the discard and threw it straight back.
        if len(streak) >= 2 and state.params.get("repeated_upcard_draw", "continue") == "void":
            return _over(after, _void())
        if len(after.stock) <= state.params["stock_dead_cards"]:
            if state.params["fiftieth_card_rule"]:
                return replace(after, phase="wall")
            return _over(after, _void())
        return after
    if verb == "knock":
        return _knock(state, action, text)
    if verb == "big-gin":
        return _gin_end(state, p, state.hand(), "big_gin", state.params["big_gin_bonus"])
    if verb == "layoff":
        card = action.card
        targets = _targets(state, card)
        if action.onto is not None:
            targets = [i for i in targets if action.onto in state.melds_now[i]]
        [i] = targets
        hands = dict(state.hands)
        hands[p] = hands[p] - {card}
        melds = list(state.melds_now)
        melds[i] = melds[i] | {card}
        return replace(state, hands=hands, melds_now=tuple(melds), layoffs=state.layoffs + (card,))
    if verb == "done":
        return _over(state, _knock_result(state))
    raise AssertionError(verb)


def _valid_spread(spread, kept: frozenset) -> bool:
    """Whether a spread given is disjoint valid melds of the cards kept."""
    used: set[str] = set()
    for given in spread:
        meld = frozenset(given)
        if len(meld) != len(given) or meld_type(sorted(meld)) is None or meld & used or not meld <= kept:
            return False
        used |= meld
    return True


def _knock(state: State, action: Action, text: str) -> State:
    p = action.player
    kept = state.hand() - {action.card}
    defender = state.hands[other(p)]
    gin = least_deadwood(kept) == 0  # GIN-DEFINITION: whatever spread is shown
    if action.spread is not None:
        melds = [frozenset(m) for m in action.spread]
        used: set[str] = set()
        for meld, given in zip(melds, action.spread):
            if len(meld) != len(given) or meld_type(sorted(meld)) is None or meld & used or not meld <= kept:
                raise IllegalAction("invalid_spread", text)
            used |= meld
        deadwood = total_value(kept - used)
        if reading(state.params, "Q30") == "b":
            gin = deadwood == 0  # Q30 b: the spread is scored as shown, gin or not
        if reading(state.params, "Q19") == "b" and deadwood > least_deadwood(kept):
            raise IllegalAction("invalid_spread", text, "not a least-deadwood spread")  # Q19 b
        if not gin and deadwood > state.knock_limit:
            raise IllegalAction("over_knock_limit", text, f"the spread leaves {deadwood}")
    hands = dict(state.hands)
    hands[p] = kept
    after = replace(state, hands=hands, knocker=p, kept=kept, taken=None, wall_draw=False)
    if gin:
        return _gin_end(after, p, kept, "gin", state.params["gin_bonus"])
    if action.spread is not None:
        spread = tuple(sorted(normalise(melds), key=meld_order))
    else:
        spread = auto_spread(kept, defender, state.params)[0]
        deadwood = least_deadwood(kept)
    return replace(after, phase="layoff", to_play=other(p), spread=spread, melds_now=spread,
                   knocker_deadwood=deadwood)


def auto_spread(kept: frozenset, defender: frozenset, params: Mapping[str, Any]) -> list[tuple[frozenset, ...]]:
    """SCORE-AUTO-SPREAD: among the least-deadwood arrangements of the knocker's kept cards, those
    that leave the defender the most deadwood after his best melds and lay-offs. Several may tie;
    the first (by the canonical printing of the spread) is the one spread."""
    scored = []
    for arrangement in _best_arrangements(frozenset(kept)):
        d = defender_best(arrangement, defender, params)
        scored.append((d, format_spread(arrangement), arrangement))
    top = max(d for d, _, _ in scored)
    best = sorted((text, a) for d, text, a in scored if d == top)
    return [tuple(sorted(a, key=meld_order)) for _, a in best]


def defender_best(spread, defender, params: Mapping[str, Any]) -> int:
    """LAYOFF-OPTIMAL: the defender's least deadwood against a fixed spread, minimised jointly over
    every group of his cards that can be laid off and the melds of the cards he keeps."""
    defender = frozenset(defender)
    if not params["layoffs"]:
        return least_deadwood(defender)
    groups = layable_groups([frozenset(m) for m in spread], defender, chaining=bool(params["layoff_chaining"]))
    return min(least_deadwood(defender - group) for group in groups)


def _void() -> dict[str, Any]:
    return {"outcome": "void", "winner": "none", "points": 0}


def _double(state: State, points: int) -> int:
    params = state.params
    if params["oklahoma"] and params["spade_double"] and state.upcard and suit(state.upcard) == "s":
        return 2 * points
    return points


def _gin_end(state: State, knocker: str, held: frozenset, outcome: str, bonus: int) -> State:
    defender = least_deadwood(state.hands[other(knocker)])
    winner, points = knocker, bonus + defender
    if defender == 0 and reading(state.params, "Q7") == "b":  # Q7 b: a tie, by the tie rule for knocks
        tie = state.params["tie_outcome"]
        outcome = {"undercut": "undercut", "undercut_without_bonus": "undercut", "knocker_wins": "knock", "draw": "draw"}[tie]
        winner = {"undercut": other(knocker), "knock": knocker, "draw": "none"}[outcome]
        points = state.params["undercut_bonus"] if tie == "undercut" else 0
    result = {
        "outcome": outcome,
        "winner": winner,
        "points": _double(state, points),
        "knocker": knocker,
        "knocker_deadwood": 0,
        "defender_deadwood": defender,
        "layoffs": "",
    }
    return _over(replace(state, knocker=knocker), result)


def _knock_result(state: State) -> dict[str, Any]:
    """SCORE-KNOCK-WIN, SCORE-UNDERCUT, SCORE-UNDERCUT-TIE after the defender's ``done``."""
    params = state.params
    knocker, defender = state.knocker, other(state.knocker)
    k = state.knocker_deadwood
    d = least_deadwood(state.hands[defender])
    if d > k:
        outcome, winner, points = "knock", knocker, d - k
    elif d < k:
        outcome, winner, points = "undercut", defender, k - d + params["undercut_bonus"]
    else:
        outcome, winner, points = {
            "undercut": ("undercut", defender, params["undercut_bonus"]),
            "undercut_without_bonus": ("undercut", defender, 0),
            "knocker_wins": ("knock", knocker, 0),
            "draw": ("draw", "none", 0),
        }[params["tie_outcome"]]
    return {
        "outcome": outcome,
        "winner": winner,
        "points": _double(state, points),
        "knocker": knocker,
        "knocker_deadwood": k,
        "defender_deadwood": d,
        "layoffs": format_hand(state.layoffs),
    }


def _over(state: State, result: Mapping[str, Any]) -> State:
    return replace(state, phase="over", to_play=None, result=dict(result), taken=None, wall_draw=False)


# --------------------------------------------------------------------------- replay


def checkpoint(state: State) -> dict[str, Any]:
    """The fields a round vector's checkpoint can assert."""
    return {
        "to_play": state.to_play,
        "phase": state.phase,
        "legal": sorted_actions(legal_actions(state)),
        "stock": len(state.stock),
        "knock_limit": state.knock_limit,
    }


def forfeits(reason: str, params: Mapping[str, Any]) -> bool:
    """IRREG-ILLEGAL-KNOCK, IRREG-ILLEGAL-ACTION-FORFEIT: whether the refused action costs the
    offender the game. A knock over the limit takes ``illegal_knock_penalty``; every other
    offence ``illegal_action_penalty``; acting once the hand is over is no offence in it. The
    penalty follows the reason the action is refused for, so the order of the checks above
    decides it when a knock is wrong in more than one way."""
    if reason == "hand_over":
        return False
    penalty = params["illegal_knock_penalty"] if reason == "over_knock_limit" else params["illegal_action_penalty"]
    return penalty == "forfeit_game"


def replay(deal: Mapping[str, Any], actions, params: Mapping[str, Any]):
    """Play ``actions`` from ``deal``. Returns ``(states, outcome)``: the states after 0, 1, ...
    actions (up to the last legal one), and the end of the hand as in spec/vectors.md: the result,
    ``{"finished": False}``, or ``{"illegal": {"index": i, "reason": code, "forfeits": bool}}``."""
    state = new_hand(deal, params)
    states = [state]
    for i, text in enumerate(actions):
        try:
            state = apply(state, text)
        except IllegalAction as refused:
            return states, {"illegal": {"index": i, "reason": refused.reason, "forfeits": forfeits(refused.reason, params)}}
        states.append(state)
    if state.result is None:
        return states, {"finished": False}
    return states, dict(state.result)
