"""A second, plain working of play at a table of three or four (spec/actions.md, "A hand at a
table of three or four"; spec/tables.md), and of a whole game at that table.

- ``replay(deal, actions, params)``: the states after each action and the end of the hand, or the
  index and reason of the first refused action, exactly as a ``table_round`` vector states them;
- ``table_game(data, params)``: the ``expected`` of a ``table_game`` vector.

Like tests/oracle/rounds.py, an action is legal exactly when its canonical text is in
``legal_actions(state)`` (a discard or a knock is looked up by its own card); the reason of a
refusal is named afterwards. The knocker's spread and the scoring of the hand are those of the
brute-force tests/oracle/tables.py (every arrangement of the knocker's cards tried, every group of
each player's cards tried as lay-offs). Cards are the two-letter tokens of spec/notation.md. Nothing here comes from the reference engine.

Readings of points the text leaves to the reader:

* The offer of the upcard goes round the table from the player after the dealer; after every
  player passed, that first player draws from the stock.
* A refusal's reason is tried in the order of the two-player simulator: ``hand_over``,
  ``not_your_turn``, ``wrong_phase``, the card, then the action itself, ``gin_required`` last.
* When the knocker's least-deadwood arrangements that suit him equally well are not the same
  melds, which one is spread is not defined; ``replay`` reports it (``spread_choice: open``) and
  vectors never use such a knock without an explicit spread.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from . import tables
from .cards import all_cards, format_hand, sort_key
from .layoffs import accepts
from .aces import under_ace_rule
from .melds import normalise
from .rounds import least_deadwood
from .hands import held_within_limit, reading

SEATS = ("p1", "p2", "p3", "p4")
VERBS = {"first_turn": {"pass", "draw"}, "draw": {"draw"}, "discard": {"discard", "knock"}, "layoff": {"layoff", "done"}}


class Illegal(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Table:
    params: Mapping[str, Any]
    seats: tuple[str, ...]
    dealer: str
    hands: Mapping[str, frozenset]
    stock: tuple[str, ...]
    pile: tuple[str, ...]
    phase: str
    to_play: str | None
    passes: int = 0
    taken: str | None = None
    knocker: str | None = None
    spread: tuple[frozenset, ...] = ()
    kcount: int = 0
    laid: tuple[tuple[str, str, int], ...] = ()  # (seat, card, meld index)
    result: Mapping[str, Any] | None = None
    open_choice: bool = field(default=False)

    def after(self, seat: str) -> str:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]


def new_table(deal: Mapping[str, Any], params: Mapping[str, Any]) -> Table:
    n = params["players"]
    seats = SEATS[:n]
    hands = {seat: frozenset(deal["hands"][seat].split()) for seat in seats}
    stock = tuple(deal["stock"].split())
    every = [c for seat in seats for c in hands[seat]] + [deal["upcard"]] + list(stock)
    assert sorted(every) == sorted(all_cards()), "the deal is not the 52-card pack"
    assert all(len(deal["hands"][seat].split()) == params["hand_size"] for seat in seats)
    first = seats[(seats.index(deal["dealer"]) + 1) % n]
    return Table(
        params=dict(params),
        seats=seats,
        dealer=deal["dealer"],
        hands=hands,
        stock=stock,
        pile=(deal["upcard"],),
        phase="first_turn" if params["first_turn"] == "upcard_offer" else "draw",
        to_play=first,
    )


# ------------------------------------------------------------------ legal actions


def _seen(state: Table, seat: str, i: int) -> frozenset:
    return state.spread[i] | {c for who, c, j in state.laid if who == seat and j == i}


def _homes(state: Table, seat: str, card: str) -> list[int]:
    if not state.params["layoffs"]:
        return []
    chaining = state.params["layoff_chaining"]
    return [i for i in range(len(state.spread)) if accepts(_seen(state, seat, i) if chaining else state.spread[i], card)]


@under_ace_rule(lambda state: state.params)
def legal_actions(state: Table) -> frozenset[str]:
    p = state.to_play
    params = state.params
    if state.phase == "over":
        return frozenset()
    if state.phase == "first_turn":
        if state.passes < len(state.seats):
            return frozenset({f"{p} draw discard", f"{p} pass"})
        return frozenset({f"{p} draw stock"} | ({f"{p} draw discard"} if params["upcard_after_passes"] else set()))
    if state.phase == "draw":
        return frozenset({f"{p} draw stock", f"{p} draw discard"})
    hand = state.hands[p]
    if state.phase == "discard":
        allowed = [c for c in hand if c != state.taken or params["discard_taken_card"]]
        if reading(params, "Q12") == "c" and len(state.stock) <= params["stock_dead_cards"]:
            return frozenset({f"{p} discard {c}" for c in allowed})  # Q12 c: not with the fiftieth card
        kept = {c: least_deadwood(hand - {c}) for c in allowed}
        knocks = {f"{p} knock {c}" for c in allowed if kept[c] <= params["knock_limit"]} if held_within_limit(hand, params) else set()
        gins = {f"{p} knock {c}" for c in allowed if kept[c] == 0}
        if params["gin_mandatory"] and gins:
            return frozenset(gins)
        return frozenset({f"{p} discard {c}" for c in allowed} | knocks)
    found = {f"{p} done"}
    for card in hand:
        homes = _homes(state, p, card)
        if len(homes) == 1:
            found.add(f"{p} layoff {card}")
        elif len(homes) > 1:
            found |= {f"{p} layoff {card} onto {min(_seen(state, p, i), key=sort_key)}" for i in homes}
    return frozenset(found)


def _is_legal(state: Table, canon: str) -> bool:
    """Whether ``canon`` is in ``legal_actions(state)``. A discard or a knock of the player to play,
    when gin is not mandatory, is legal by its own card alone (a card he may discard; for a knock,
    what he keeps within the knock limit), so the knock of every other card is not worked out."""
    words = canon.split(" ")
    if state.phase == "discard" and not state.params["gin_mandatory"] and len(words) == 3:
        p, verb, card = words
        if p == state.to_play and verb in ("discard", "knock"):
            hand = state.hands[p]
            if card not in hand or (card == state.taken and not state.params["discard_taken_card"]):
                return False
            if verb == "knock" and reading(state.params, "Q12") == "c" and len(state.stock) <= state.params["stock_dead_cards"]:
                return False  # Q12 c
            return verb == "discard" or (least_deadwood(hand - {card}) <= state.params["knock_limit"] and held_within_limit(hand, state.params))
    return canon in legal_actions(state)


# ------------------------------------------------------------------ applying actions


def _reason(state: Table, words: list[str]) -> str:
    if state.phase == "over":
        return "hand_over"
    if words[0] != state.to_play:
        return "not_your_turn"
    verb = words[1]
    if verb not in VERBS[state.phase]:
        return "wrong_phase"
    if state.phase == "discard" and verb == "knock" and reading(state.params, "Q12") == "c" and len(state.stock) <= state.params["stock_dead_cards"]:
        return "wrong_phase"  # Q12 c
    hand = state.hands[words[0]]
    if state.phase == "first_turn":
        return "wrong_phase" if verb == "pass" or words[2] == "stock" else "upcard_closed"
    if state.phase == "draw":
        return "wrong_phase"
    card = words[2]
    order = reading(state.params, "Q27")
    if order == "b" and verb == "knock" and card in hand and least_deadwood(hand - {card}) > state.params["knock_limit"]:
        return "over_knock_limit"  # Q27 b: the count before anything else
    if card not in hand:
        return "card_not_held"
    if state.phase == "discard":
        if card == state.taken and not state.params["discard_taken_card"]:
            return "taken_card"
        if order == "c" and verb == "knock" and len(words) > 3 and not _spread_valid(hand - {card}, words):
            return "invalid_spread"  # Q27 c: the spread as shown before the count
        if verb == "knock" and (least_deadwood(hand - {card}) > state.params["knock_limit"] or not held_within_limit(hand, state.params)):
            return "over_knock_limit"  # the cards held before the discard count too under Q2 b
        return "gin_required"
    homes = _homes(state, words[0], card)
    if not homes or len(words) > 3:
        return "cannot_lay_off"
    return "ambiguous_layoff"


def _canonical(state: Table, words: list[str]) -> str | None:
    if words[1] == "knock":
        return " ".join(words[:3])
    if words[1] == "layoff" and state.phase == "layoff" and len(words) == 5:
        seat, card, onto = words[0], words[2], words[4]
        named = [i for i in range(len(state.spread)) if onto in _seen(state, seat, i)]
        homes = _homes(state, seat, card)
        if not named or named[0] not in homes:
            return None
        if len(homes) == 1:
            return f"{seat} layoff {card}"
        return f"{seat} layoff {card} onto {min(_seen(state, seat, named[0]), key=sort_key)}"
    return " ".join(words)


@under_ace_rule(lambda state, text: state.params)
def apply(state: Table, text: str) -> Table:
    words = text.split(" ")
    canon = None if state.phase == "over" else _canonical(state, words)
    if canon is None or not _is_legal(state, canon):
        raise Illegal(_reason(state, words))
    p, verb = words[0], words[1]
    hands = dict(state.hands)
    if verb == "pass":
        passes = state.passes + 1
        first = state.after(state.dealer)
        return replace(state, passes=passes, to_play=first if passes == len(state.seats) else state.after(p))
    if verb == "draw":
        if words[2] == "stock":
            hands[p] = hands[p] | {state.stock[0]}
            return replace(state, hands=hands, stock=state.stock[1:], phase="discard", taken=None)
        hands[p] = hands[p] | {state.pile[-1]}
        return replace(state, hands=hands, pile=state.pile[:-1], phase="discard", taken=state.pile[-1])
    if verb == "discard":
        hands[p] = hands[p] - {words[2]}
        after = replace(state, hands=hands, pile=state.pile + (words[2],), phase="draw", to_play=state.after(p), taken=None)
        if len(after.stock) <= state.params["stock_dead_cards"]:
            return replace(after, phase="over", to_play=None,
                           result={"outcome": "void", "winner": "none", "points": {s: 0 for s in state.seats}})
        return after
    if verb == "knock":
        return _knock(state, p, words)
    if verb == "layoff":
        card = words[2]
        homes = _homes(state, p, card)
        if len(words) == 5:
            homes = [i for i in homes if words[4] in _seen(state, p, i)]
        hands[p] = hands[p] - {card}
        return replace(state, hands=hands, laid=state.laid + ((p, card, homes[0]),))
    # done
    following = state.after(p)
    if following == state.knocker:
        return _end(state)
    return replace(state, to_play=following)


def _tuple(token: str):
    return tables.card(token)


def _token(card) -> str:
    return tables.RANKS[card[0] - 1] + card[1]


def _spread_valid(kept, words: list[str]) -> bool:
    """Whether the spread a knock names (``... with M | M``) is disjoint melds of the cards kept."""
    own = [_tuple(c) for c in kept]
    melds = [frozenset(_tuple(c) for c in part.split()) for part in " ".join(words[4:]).split("|")]
    used = [c for m in melds for c in m]
    return len(used) == len(set(used)) and set(used) <= set(own) and all(tables.is_meld(list(m)) for m in melds)


def _knock(state: Table, p: str, words: list[str]) -> Table:
    params = state.params
    kept = state.hands[p] - {words[2]}
    others = [state.seats[(state.seats.index(p) + i) % len(state.seats)] for i in range(1, len(state.seats))]
    own = [_tuple(c) for c in kept]
    best = tables.least(own)
    if len(words) > 3 and (best > 0 or reading(params, "Q30") == "b"):  # Q30 b: as shown
        melds = [frozenset(_tuple(c) for c in part.split()) for part in " ".join(words[4:]).split("|")]
        used = [c for m in melds for c in m]
        if len(used) != len(set(used)) or not set(used) <= set(own) or not all(tables.is_meld(list(m)) for m in melds):
            raise Illegal("invalid_spread")
        if reading(params, "Q19") == "b" and tables.leftover(own, melds) > best:
            raise Illegal("invalid_spread")  # Q19 b: only a least-deadwood spread
        if tables.leftover(own, melds) > params["knock_limit"]:
            raise Illegal("over_knock_limit")
        choices = [melds]
    else:
        if len(words) > 3:
            melds = [frozenset(_tuple(c) for c in part.split()) for part in " ".join(words[4:]).split("|")]
            used = [c for m in melds for c in m]
            if len(used) != len(set(used)) or not set(used) <= set(own) or not all(tables.is_meld(list(m)) for m in melds):
                raise Illegal("invalid_spread")
            if reading(params, "Q19") == "b" and tables.leftover(own, melds) > best:
                raise Illegal("invalid_spread")  # Q19 b: a gin hand shown with cards unmelded
        choices = [m for m in tables.arrangements(own) if tables.leftover(own, m) == best]
    count = tables.leftover(own, choices[0])
    hands = dict(state.hands)
    hands[p] = kept
    pile = state.pile + ((words[2],) if params["knock_discard_location"] == "pile" else ())
    after = replace(state, hands=hands, pile=pile, knocker=p, kcount=count, taken=None)
    if count == 0:
        return _end(after)
    # the table convention: the highest lowest count left to the others, then their total, then
    # their counts in turn order; the others' counts by the brute-force defence of tables.py
    keyed = []
    for melds in choices:
        row = [tables.defence([_tuple(c) for c in state.hands[s]], melds, params, False) for s in others]
        keyed.append(([min(row), sum(row)] + row, melds))
    top = max(key for key, _ in keyed)
    spreads = {normalise(frozenset(frozenset(_token(c) for c in m) for m in melds)) for key, melds in keyed if key == top}
    chosen = sorted(spreads, key=lambda s: sorted(format_hand(m) for m in s))[0]
    ordered = tuple(sorted(chosen, key=lambda m: min(sort_key(c) for c in m)))
    return replace(after, phase="layoff", to_play=others[0], spread=ordered, open_choice=len(spreads) > 1)


def _end(state: Table) -> Table:
    """Every other player's count is the least deadwood of what he still holds; then the scoring
    table of spec/tables.md, worked out here on its own."""
    params = state.params
    k = state.knocker
    counts = {s: (state.kcount if s == k else least_deadwood(state.hands[s])) for s in state.seats}
    others = [state.seats[(state.seats.index(k) + i) % len(state.seats)] for i in range(1, len(state.seats))]
    points = {s: 0 for s in state.seats}
    kc = state.kcount
    tied = reading(params, "Q7") == "b" and 0 in [counts[s] for s in others]  # Q7 b: the tie rule for knocks
    if kc == 0 and not tied:
        outcome, winner = "gin", k
        for s in others:
            points[s] = -params["gin_defender_deadwood_multiplier"] * counts[s]
        points[k] = params["gin_bonus"]
    else:
        low = min(counts[s] for s in others)
        first_low = next(s for s in others if counts[s] == low)
        tie = params["tie_outcome"]
        if low < kc or (low == kc and tie in ("undercut", "undercut_without_bonus")):
            outcome, winner = "undercut", first_low
            for s in state.seats:
                points[s] = low - counts[s]
            points[winner] = 0 if (low == kc and tie == "undercut_without_bonus") else params["undercut_bonus"]
        elif low > kc or tie == "knocker_wins":
            outcome, winner = "knock", k
            for s in others:
                points[s] = kc - counts[s]
            points[k] = params["knock_bonus"]
        else:
            outcome, winner = "draw", "none"
    result = {
        "outcome": outcome,
        "winner": winner,
        "points": {s: v + 0 for s, v in points.items()},
        "knocker": k,
        "knocker_deadwood": kc,
        "deadwood": counts,
        "layoffs": format_hand([c for _, c, _ in state.laid]),
    }
    return replace(state, phase="over", to_play=None, result=result)


# ------------------------------------------------------------------ replay


def checkpoint(state: Table) -> dict[str, Any]:
    return {
        "to_play": state.to_play,
        "phase": state.phase,
        "legal": sorted(legal_actions(state)),
        "stock": len(state.stock),
        "knock_limit": state.params["knock_limit"],
    }


def replay(deal: Mapping[str, Any], actions, params: Mapping[str, Any]):
    """``(states, outcome)``: the states after 0, 1, ... actions, and the end of the hand, or
    ``{"finished": False}``, or ``{"illegal": {"index": i, "reason": code}}``. A knock whose spread
    the convention leaves open adds ``"spread_choice": "open"``."""
    state = new_table(deal, params)
    states = [state]
    for i, text in enumerate(actions):
        try:
            state = apply(state, text)
        except Illegal as refused:
            return states, {"illegal": {"index": i, "reason": refused.reason}}
        states.append(state)
    if state.result is None:
        outcome: dict[str, Any] = {"finished": False}
    else:
        outcome = dict(state.result)
    if any(s.open_choice for s in states):
        outcome["spread_choice"] = "open"
    return states, outcome


# ------------------------------------------------------------------ a game at the table


def _amounts_are_bonuses(hands, params: Mapping[str, Any]) -> bool:
    """Q28 b: every recorded winner scores exactly the bonus of his outcome (an undercut may be
    worth 0 where a tie is an undercut without bonus)."""
    for hand in hands:
        winner, points = hand.get("winner"), hand.get("points")
        if winner in (None, "none") or not isinstance(points, Mapping):
            continue
        outcome = hand.get("outcome", "knock")
        allowed = {"knock": [params.get("knock_bonus")], "gin": [params.get("gin_bonus")], "big_gin": [params.get("big_gin_bonus")],
                   "undercut": [params.get("undercut_bonus")] + ([0] if params.get("tie_outcome") == "undercut_without_bonus" else [])}
        if outcome in allowed and points.get(winner) not in allowed[outcome]:
            return False
    return True


def table_game(data: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
    """The ``expected`` of a ``table_game`` vector, walking through the hands one at a time."""
    seats = list(SEATS[: params["players"]])
    dealer = data["first_dealer"]
    if dealer not in seats:
        return {"refused": "invalid_dealer"}  # the first dealer is not at the table: malformed
    if reading(params, "Q28") == "b" and not _amounts_are_bonuses(data["hands"], params):
        return {"error": "invalid_hand_record"}
    hands = []
    for hand in data["hands"]:
        winner = hand.get("winner")
        outcome = hand.get("outcome", "void" if winner == "none" else "knock")
        pts = hand.get("points") or {s: 0 for s in seats}
        if winner is None or sorted(pts) != seats or any(type(v) is not int for v in pts.values()):
            return {"error": "invalid_hand_record"}  # scores are whole numbers of points
        if winner == "none":
            if outcome not in ("draw", "void") or any(pts.values()):
                return {"error": "invalid_hand_record"}
        elif winner not in seats or outcome not in ("knock", "undercut", "gin") or pts[winner] < 0 or any(
            pts[s] > 0 for s in seats if s != winner
        ):
            return {"error": "invalid_hand_record"}
        hands.append((winner, outcome, pts))
    score = {s: 0 for s in seats}
    pen = {s: 0 for s in seats}
    boxes = {s: 0 for s in seats}
    dealers, totals = [], []
    over, leader = None, None
    for number, (winner, outcome, pts) in enumerate(hands, start=1):
        if over is not None:
            return {"error": "game_already_over"}
        dealers.append(dealer)
        for s in seats:
            if pts[s] < 0:
                pen[s] += -pts[s]
                if params["penalty_totals"] == "subtract":
                    score[s] += pts[s]
            else:
                score[s] += pts[s]
        if winner != "none":
            won = {"gin": 3, "undercut": 2}.get(outcome, 1) if params["extra_boxes"] else 1
            boxes[winner] += won
            if params["box_timing"] == "immediate":
                score[winner] += won * params["box_bonus"]
        totals.append(dict(score))
        reached = [s for s in seats if score[s] >= params["game_target"]]
        if reached:
            over = number
            top = max(score[s] for s in reached)
            leader = [s for s in reached if score[s] == top][0]
        following = seats[(seats.index(dealer) + 1) % len(seats)]
        if winner == "none":
            dealer = dealer if params["void_hand_dealer"] == "same" else following
        else:
            dealer = winner if params["dealer_rotation"] == "winner" else following
    if over is None:
        return {"error": "game_not_over"}
    final = {}
    for s in seats:
        box_bonus = boxes[s] * params["box_bonus"] if params["box_timing"] == "game_end" else 0
        game_bonus = params["game_bonus"] if s == leader else 0
        final[s] = {
            "points": score[s],
            "penalties": pen[s],
            "boxes": boxes[s],
            "box_bonus": box_bonus,
            "game_bonus": game_bonus,
            "total": score[s] + box_bonus + game_bonus - (pen[s] if params["penalty_totals"] == "separate" else 0),
        }
    if params["game_winner"] == "first_to_target":
        champion = leader
    else:
        ranked = sorted(seats, key=lambda s: (-final[s]["total"], final[s]["penalties"], s != leader, seats.index(s)))
        champion = ranked[0]
    return {"dealers": dealers, "totals": totals, "over_after": over, "final": final, "winner": champion}
