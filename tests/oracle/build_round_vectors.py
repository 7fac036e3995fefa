"""Write the round vectors (vectors/round/*.yaml) from the round simulator in tests/oracle/rounds.py.

Run from the repository root:

    python -m tests.oracle.build_round_vectors

Every deal in the files is explicit: both hands, the upcard and the whole stock, top card first.
Hand-designed deals name the cards that matter and fill the rest of the stock from a seeded
``random.Random``; random deals are shuffled the same way and played to the end by a simple
deterministic policy. Vectors marked ``provenance: hand`` carry values worked out by hand, which
are asserted here against the simulator before anything is written; the others are
``provenance: oracle``.
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path
from typing import Any

import yaml

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.oracle import rounds  # noqa: E402
    from tests.oracle.cards import all_cards, format_hand, sort_key, value  # noqa: E402
    from tests.oracle.layoffs import defender_after_layoffs  # noqa: E402
else:
    from . import rounds
    from .cards import all_cards, format_hand, sort_key, value
    from .layoffs import defender_after_layoffs

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "vectors" / "round"

FILES = {
    "first-turn": "The first turn: the upcard offered to the non-dealer and then the dealer, passes, "
    "the card taken from the discard pile, knocks on the first turn, no offer and the eleven-card start.",
    "knock-gin": "Knocking within the limit, gin, big gin, mandatory gin and the knocker's explicit spread, "
    "played from the deal.",
    "oklahoma": "Oklahoma: the first upcard sets the knock limit for the whole hand, an ace allows only gin "
    "or one point, a spade upcard doubles the hand.",
    "layoffs": "The lay-off phase: single lay-offs, chains on one end and on both ends, a card that fits "
    "two melds, refused lay-offs, no chaining and no lay-offs.",
    "undercut-tie": "Undercuts and ties after a knock, under each reading of a tie.",
    "wall": "The two-card wall: a void hand, a knock on the draw of the fiftieth card, and the "
    "fiftieth-card rule.",
    "illegal": "Illegal actions in every phase, each refused with its reason code.",
    "random-hands": "Whole hands from seeded random deals, played to the end by a simple deterministic "
    "policy: knocks, gin, undercuts and void hands.",
}


def registered_rules() -> set[str]:
    found = set()
    for path in sorted((ROOT / "spec" / "rules").glob("*.yaml")):
        with open(path, encoding="utf-8") as f:
            found |= {rule["id"] for rule in yaml.safe_load(f)["rules"]}
    return found


# --------------------------------------------------------------------------- deals


def make_deal(dealer, p1, p2, upcard, top="", bottom="", seed=0) -> dict[str, Any]:
    """An explicit deal: the named hands and upcard, the stock starting with ``top`` and ending with
    ``bottom``, the other cards between them in a seeded random order."""
    p1, p2, top, bottom = (c.split() if isinstance(c, str) else list(c) for c in (p1, p2, top, bottom))
    named = p1 + p2 + ([upcard] if upcard else []) + top + bottom
    if len(set(named)) != len(named):
        raise ValueError(f"a card is named twice: {sorted(c for c in named if named.count(c) > 1)}")
    rest = [c for c in all_cards() if c not in named]
    random.Random(seed).shuffle(rest)
    return {
        "dealer": dealer,
        "hands": {"p1": format_hand(p1), "p2": format_hand(p2)},
        "upcard": upcard,
        "stock": " ".join(top + rest + bottom),
    }


def random_deal(rng: random.Random, dealer: str, eleven: bool = False) -> dict[str, Any]:
    pack = all_cards()
    rng.shuffle(pack)
    non_dealer = rounds.other(dealer)
    sizes = {dealer: 10, non_dealer: 11 if eleven else 10}
    hands = {}
    for p in ("p1", "p2"):
        hands[p], pack = pack[: sizes[p]], pack[sizes[p]:]
    upcard = None if eleven else pack.pop(0)
    return {
        "dealer": dealer,
        "hands": {p: format_hand(hands[p]) for p in ("p1", "p2")},
        "upcard": upcard,
        "stock": " ".join(pack),
    }


def stock_of(deal) -> list[str]:
    return deal["stock"].split()


# --------------------------------------------------------------------------- the book of vectors


class _Flow(list):
    """A list printed on one line (rule IDs)."""


class _Dumper(yaml.SafeDumper):
    """Block style everywhere except rule lists; no anchors or aliases."""

    def ignore_aliases(self, data):
        return True


_Dumper.add_representer(_Flow, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))


class Book:
    def __init__(self) -> None:
        self.files: dict[str, list[dict[str, Any]]] = {name: [] for name in FILES}
        self.count = 0
        self.rules = registered_rules()
        self.tags: dict[str, int] = {}

    def add(
        self,
        file: str,
        rules: list[str],
        description: str,
        deal: dict[str, Any],
        actions: list[str],
        overrides: dict[str, Any] | None = None,
        checkpoints=(),
        expect: dict[str, Any] | None = None,
        legal: dict[int, list[str]] | None = None,
        limit: bool | None = None,
        tag: str = "",
    ) -> dict[str, Any]:
        """Add one vector; ``expect`` (end fields, or ``illegal: (index, reason)``) and ``legal``
        (checkpoint index: legal set) are hand-worked values checked against the simulator, and make
        the vector's provenance ``hand``."""
        unknown = [r for r in rules if r not in self.rules]
        if unknown:
            raise ValueError(f"{description}: unregistered rules {unknown}")
        params = rounds.load_variant("standard", overrides)
        states, outcome = rounds.replay(deal, actions, params)
        if "illegal" in outcome:
            expected: dict[str, Any] = {"illegal": {key: value for key, value in outcome["illegal"].items() if key != "forfeits"}}
        elif outcome.get("finished") is False:
            expected = {"finished": False}
        elif outcome["outcome"] == "void":
            expected = {k: outcome[k] for k in ("outcome", "winner", "points")}
        else:
            expected = dict(outcome)
        if expect:
            for key, want in expect.items():
                if key == "illegal":
                    got = outcome.get("illegal")
                    assert got == {"index": want[0], "reason": want[1]}, (description, got, want)
                elif key == "layoffs":
                    assert set(outcome.get(key).split()) == set(want.split()), (description, outcome.get(key), want)
                else:
                    assert outcome.get(key) == want, (description, key, outcome.get(key), want)
        if limit is None:
            limit = bool(overrides) and any(k in overrides for k in ("oklahoma", "knock_limit"))
        points = []
        for after in checkpoints:
            if after == "end":
                after = len(states) - 1
            if after < 0:
                after += len(states)
            view = rounds.checkpoint(states[after])
            if not limit:
                del view["knock_limit"]
            points.append({"after": after, **view})
        for after, want in (legal or {}).items():
            got = rounds.sorted_actions(rounds.legal_actions(states[after]))
            assert sorted(got) == sorted(want), (description, after, got, want)
        if points:
            expected["checkpoints"] = points
        self.count += 1
        vector: dict[str, Any] = {
            "id": f"round-{self.count:04d}",
            "rules": _Flow(rules),
            "variant": "standard",
        }
        if overrides:
            vector["overrides"] = dict(overrides)
        vector.update(
            {
                "description": description,
                "kind": "round",
                "input": {"deal": copy.deepcopy(deal), "actions": list(actions)},
                "expected": expected,
                "provenance": "hand" if (expect or legal) else "oracle",
            }
        )
        self.files[file].append(vector)
        if tag:
            self.tags[tag] = self.tags.get(tag, 0) + 1
        return vector

    def write(self) -> None:
        OUT.mkdir(parents=True, exist_ok=True)
        for name, vectors in self.files.items():
            if not vectors:
                continue
            document = {"area": "round", "description": FILES[name], "vectors": vectors}
            text = yaml.dump(document, Dumper=_Dumper, sort_keys=False, width=120, allow_unicode=True)
            (OUT / f"{name}.yaml").write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- a simple policy


def _kept_deadwood(state, card):
    return rounds.least_deadwood(state.hand() - {card})


def _best(state, verb: str, legal) -> str | None:
    """The legal ``verb`` action (discard or knock) whose card leaves the least deadwood; ties go to
    the highest card value, then the last card in canonical order."""
    options = [a for a in legal if rounds.parse_action(a).verb == verb]
    if not options:
        return None

    def key(text):
        card = rounds.parse_action(text).card
        return (_kept_deadwood(state, card), -value(card), tuple(-k for k in sort_key(card)))

    return min(options, key=key)


def _improves(state, player) -> bool:
    """Would taking the top discard lower the player's deadwood (keeping the taken card)?"""
    hand = state.hands[player]
    top = state.pile[-1]
    grown = hand | {top}
    after = min(rounds.least_deadwood(grown - {c}) for c in hand)
    return after < rounds.least_deadwood(hand)


def policy(state, knock: bool = True, take: bool = True) -> list[str]:
    """The next action(s) of the simple policy; lay-offs come as a whole sequence ending in done.
    With ``take`` false the player never takes a discard (a stock-only player)."""
    legal = rounds.legal_actions(state)
    p = state.to_play
    if state.phase == "first_turn":
        if state.passes < 2:
            return [f"{p} draw discard" if take and _improves(state, p) else f"{p} pass"]
        if f"{p} draw discard" in legal and take and _improves(state, p):
            return [f"{p} draw discard"]
        return [f"{p} draw stock"]
    if state.phase == "draw":
        return [f"{p} draw discard" if take and _improves(state, p) else f"{p} draw stock"]
    if state.phase == "wall":
        return [f"{p} draw discard" if f"{p} draw discard" in legal else f"{p} pass"]
    if state.phase == "discard":
        if f"{p} big-gin" in legal:
            return [f"{p} big-gin"]
        chosen = _best(state, "knock", legal) if knock or state.wall_draw else None
        if chosen is None:
            chosen = _best(state, "discard", legal)
        if chosen is None:
            chosen = _best(state, "knock", legal)
        if rounds.parse_action(chosen).verb == "knock":
            kept = state.hand() - {rounds.parse_action(chosen).card}
            defender = state.hands[rounds.other(p)]
            if rounds.least_deadwood(kept) > 0:
                spreads = rounds.auto_spread(kept, defender, state.params)
                if len(spreads) > 1:  # state the spread rather than rely on a tie-break
                    chosen += " with " + rounds.format_spread(spreads[0])
        return [chosen]
    if state.phase == "layoff":
        return lay_off_best(state)
    raise AssertionError(state.phase)


def lay_off_best(state) -> list[str]:
    """Lay off one best group of cards (LAYOFF-OPTIMAL) in an order the rules allow, then done."""
    p = state.to_play
    melds = [format_hand(m) for m in state.spread]
    _, groups = defender_after_layoffs(melds, sorted(state.hand()), state.params)
    group = min(groups, key=lambda g: (len(g), format_hand(g)))

    def search(s, left):
        if not left:
            return []
        for action in rounds.sorted_actions(rounds.legal_actions(s)):
            a = rounds.parse_action(action)
            if a.verb == "layoff" and a.card in left:
                rest = search(rounds.apply(s, action), left - {a.card})
                if rest is not None:
                    return [action] + rest
        return None

    order = search(state, frozenset(group))
    assert order is not None
    return order + [f"{p} done"]


def play_out(deal, params, knock=True, take=True, limit_actions=400) -> list[str]:
    state = rounds.new_hand(deal, params)
    actions: list[str] = []
    while state.phase != "over":
        for action in policy(state, knock, take):
            state = rounds.apply(state, action)
            actions.append(action)
        if len(actions) > limit_actions:
            raise RuntimeError("the hand does not end")
    return actions


def throw_back(deal, params, prefix: list[str], turns: int, first: str) -> list[str]:
    """``prefix``, then ``turns`` turns each drawing from the stock and discarding the drawn card."""
    state = rounds.new_hand(deal, params)
    for action in prefix:
        state = rounds.apply(state, action)
    actions = list(prefix)
    player = first
    for _ in range(turns):
        card = state.stock[0]
        for action in (f"{player} draw stock", f"{player} discard {card}"):
            state = rounds.apply(state, action)
            actions.append(action)
        player = rounds.other(player)
    return actions


STD = rounds.load_variant()


def finish(deal, params, actions: list[str]) -> list[str]:
    """``actions``, then the policy's actions until the hand ends (lay-offs and done included)."""
    state = rounds.new_hand(deal, params)
    for action in actions:
        state = rounds.apply(state, action)
    out = list(actions)
    while state.phase != "over":
        for action in policy(state):
            state = rounds.apply(state, action)
            out.append(action)
    return out


# Hands used by several scenarios.
JUNK1 = "Kc Qc 4c 3d 9d Jd 2h 5h 8h 7s"  # no meld: 4+10+10+3+9+10+2+5+8+7 = 68
JUNK2 = "Ac 6c 8c Td 2d 7d 3h 4s 6s 8s"  # no meld: 1+6+8+10+2+7+3+4+6+8 = 55; Ac fits below 2c 3c 4c
READY = "2c 3c 4c 5d 5h 5s 9h Th Jh Kd"  # 2c-4c, three fives, 9h-Jh: Kd alone, 10 points
GINNED = "2c 3c 4c 5d 5h 5s 9h Th Jh Qh"  # every card melded
NEAR = "2c 3c 4c 5d 5h 5s 9h Th Kd Qs"  # Jh or 8h makes a run of the hearts; Kd and Qs loose


def first_turn(book: Book) -> None:
    f = "first-turn"
    g = make_deal("p2", READY, JUNK2, "Qh", seed=101)
    book.add(f, ["FIRST-UPCARD-OFFER", "TURN-DRAW-SOURCE", "TURN-DISCARD", "KNOCK-OPTIONAL", "TURN-ALTERNATION"],
             "The non-dealer takes the upcard and, though Kd would give him gin, discards it; the dealer "
             "then takes that discard in an ordinary turn.",
             g, ["p1 draw discard", "p1 discard Kd", "p2 draw discard", "p2 discard 8s"],
             checkpoints=[0, 1, 2, 3, 4], expect={"finished": False},
             legal={0: ["p1 draw discard", "p1 pass"], 2: ["p2 draw stock", "p2 draw discard"]}, tag="first turn")
    book.add(f, ["FIRST-UPCARD-OFFER", "FIRST-DEALER-TAKES-UPCARD", "TURN-NO-DISCARD-TAKEN-CARD"],
             "The non-dealer passes, the dealer takes the upcard and discards another card; the non-dealer "
             "then draws from either pile and takes the dealer's discard.",
             g, ["p1 pass", "p2 draw discard", "p2 discard 8s", "p1 draw discard", "p1 discard Kd"],
             checkpoints=[0, 1, 2, 3, 4, 5], expect={"finished": False},
             legal={1: ["p2 draw discard", "p2 pass"], 3: ["p1 draw stock", "p1 draw discard"]}, tag="first turn")
    book.add(f, ["FIRST-UPCARD-OFFER", "TURN-DRAW-SOURCE"],
             "Both players pass the upcard: the non-dealer must draw from the stock, and the game goes on.",
             g, ["p1 pass", "p2 pass", "p1 draw stock", f"p1 discard {stock_of(g)[0]}", "p2 draw stock"],
             checkpoints=[1, 2, 3, 4, 5], expect={"finished": False},
             legal={2: ["p1 draw stock"], 4: ["p2 draw stock", "p2 draw discard"]}, tag="first turn")
    book.add(f, ["FIRST-UPCARD-OFFER"],
             "After both players passed, taking the upcard is refused: upcard_closed.",
             g, ["p1 pass", "p2 pass", "p1 draw discard"], checkpoints=[2],
             expect={"illegal": (2, "upcard_closed")}, tag="first turn")
    book.add(f, ["FIRST-UPCARD-OFFER", "FIRST-TURN-KNOCK", "GIN-DEFINITION", "SCORE-GIN"],
             "With upcard_after_passes the non-dealer may still take the upcard after both passed; it gives "
             "him gin (25 + 55 = 80).",
             g, ["p1 pass", "p2 pass", "p1 draw discard", "p1 knock Kd"], overrides={"upcard_after_passes": True},
             checkpoints=[2, 4], expect={"outcome": "gin", "winner": "p1", "points": 80},
             legal={2: ["p1 draw stock", "p1 draw discard"]}, tag="first turn")
    book.add(f, ["FIRST-UPCARD-OFFER"],
             "The non-dealer may not draw from the stock before the upcard was offered to both players.",
             g, ["p1 draw stock"], checkpoints=[0], expect={"illegal": (0, "wrong_phase")}, tag="first turn")
    book.add(f, ["FIRST-UPCARD-OFFER", "TURN-ALTERNATION"],
             "The dealer may not answer the offer before the non-dealer.",
             g, ["p2 draw discard"], expect={"illegal": (0, "not_your_turn")}, tag="first turn")
    book.add(f, ["FIRST-UPCARD-OFFER", "TURN-ALTERNATION"],
             "After the non-dealer passed, the offer is the dealer's: the non-dealer may not take the upcard.",
             g, ["p1 pass", "p1 draw discard"], expect={"illegal": (1, "not_your_turn")}, tag="first turn")
    book.add(f, ["FIRST-UPCARD-OFFER"],
             "After both passed there is nothing more to pass: the non-dealer must draw.",
             g, ["p1 pass", "p2 pass", "p1 pass"], expect={"illegal": (2, "wrong_phase")}, tag="first turn")
    book.add(f, ["TURN-NO-DISCARD-TAKEN-CARD"],
             "The non-dealer takes the upcard and tries to throw it straight back: taken_card.",
             g, ["p1 draw discard", "p1 discard Qh"], checkpoints=[1], expect={"illegal": (1, "taken_card")},
             tag="taken card")
    book.add(f, ["TURN-NO-DISCARD-TAKEN-CARD", "KNOCK-DISCARD-FACE-DOWN"],
             "Nor may the taken upcard be the knock discard, though keeping the rest would be within the limit.",
             g, ["p1 draw discard", "p1 knock Qh"], expect={"illegal": (1, "taken_card")}, tag="taken card")
    book.add(f, ["TURN-NO-DISCARD-TAKEN-CARD", "FIRST-DEALER-TAKES-UPCARD"],
             "The dealer takes the passed upcard and tries to discard it: taken_card.",
             g, ["p1 pass", "p2 draw discard", "p2 discard Qh"], expect={"illegal": (2, "taken_card")},
             tag="taken card")
    s = stock_of(g)
    book.add(f, ["TURN-NO-DISCARD-TAKEN-CARD"],
             "Later in the hand too: the dealer takes the non-dealer's discard and may not throw it back, "
             "though a card drawn from the stock may be discarded at once.",
             g, ["p1 pass", "p2 pass", "p1 draw stock", f"p1 discard {s[0]}", "p2 draw discard", f"p2 discard {s[0]}"],
             checkpoints=[5], expect={"illegal": (5, "taken_card")}, tag="taken card")
    book.add(f, ["TURN-NO-DISCARD-TAKEN-CARD", "IMPL-REPEATED-UPCARD-DRAW"],
             "With discard_taken_card the upcard may be thrown straight back, and the dealer may take it and "
             "throw it back again.",
             g, ["p1 draw discard", "p1 discard Qh", "p2 draw discard", "p2 discard Qh"],
             overrides={"discard_taken_card": True}, checkpoints=[1, 3, 4], expect={"finished": False},
             tag="taken card")
    book.add(f, ["TURN-NO-DISCARD-TAKEN-CARD"],
             "With discard_taken_card the taken upcard may even be the knock discard (kept: Kd, 10 points).",
             g, finish(g, rounds.load_variant(overrides={"discard_taken_card": True}),
                       ["p1 draw discard", "p1 knock Qh"]),
             overrides={"discard_taken_card": True}, checkpoints=[2],
             expect={"outcome": "knock", "knocker_deadwood": 10},
             tag="taken card")

    near = make_deal("p2", NEAR, JUNK2, "Jh", seed=102)
    book.add(f, ["FIRST-TURN-KNOCK", "KNOCK-LIMIT", "LAYOFF-EXTEND-RUN", "SCORE-KNOCK-WIN"],
             "The non-dealer takes the upcard Jh and knocks at once, discarding Qs and keeping Kd (10); the "
             "defender lays Ac off below 2c 3c 4c and keeps 54: the knocker scores 44.",
             near, ["p1 draw discard", "p1 knock Qs", "p2 layoff Ac", "p2 done"], checkpoints=[1, 2, 4],
             expect={"outcome": "knock", "winner": "p1", "points": 44, "knocker_deadwood": 10,
                     "defender_deadwood": 54, "layoffs": "Ac"},
             legal={2: ["p2 layoff Ac", "p2 done"]}, tag="first-turn knock")
    near2 = make_deal("p2", JUNK2, NEAR, "Jh", seed=103)
    book.add(f, ["FIRST-TURN-KNOCK", "FIRST-DEALER-TAKES-UPCARD", "SCORE-KNOCK-WIN"],
             "The dealer takes the upcard the non-dealer passed and knocks at once: 54 - 10 = 44 to the dealer.",
             near2, ["p1 pass", "p2 draw discard", "p2 knock Qs", "p1 layoff Ac", "p1 done"], checkpoints=[2, 3],
             expect={"outcome": "knock", "winner": "p2", "points": 44, "knocker": "p2"}, tag="first-turn knock")
    near3 = make_deal("p2", NEAR, JUNK2, "9c", top="Jh", seed=104)
    book.add(f, ["FIRST-TURN-KNOCK", "FIRST-UPCARD-OFFER", "SCORE-KNOCK-WIN"],
             "Both pass; the non-dealer draws Jh from the stock and knocks on that first turn.",
             near3, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock Qs", "p2 layoff Ac", "p2 done"],
             checkpoints=[3], expect={"outcome": "knock", "winner": "p1", "points": 44}, tag="first-turn knock")
    book.add(f, ["FIRST-TURN-KNOCK", "GIN-DEFINITION", "SCORE-GIN", "GIN-NO-LAYOFF"],
             "The non-dealer takes the upcard Qh and goes gin at once: 25 + 55 = 80, and the defender's Ac, "
             "which would fit 2c 3c 4c, is not laid off.",
             g, ["p1 draw discard", "p1 knock Kd"], checkpoints=[2],
             expect={"outcome": "gin", "winner": "p1", "points": 80, "defender_deadwood": 55, "layoffs": ""},
             tag="first-turn knock")
    dg = make_deal("p1", JUNK2, READY, "Qh", seed=105)
    book.add(f, ["FIRST-TURN-KNOCK", "FIRST-DEALER-TAKES-UPCARD", "SCORE-GIN"],
             "Dealer p1: the non-dealer p2 passes the upcard he could go gin with; the dealer passes too, "
             "and p2 draws from the stock.",
             dg, finish(dg, STD, ["p2 pass", "p1 pass", "p2 draw stock"]), checkpoints=[0, 1, 2, 3, "end"],
             tag="first turn")

    # no offer
    no = {"first_turn": "no_offer"}
    book.add(f, ["FIRST-UPCARD-OFFER", "TURN-DRAW-SOURCE", "SCORE-GIN"],
             "With first_turn no_offer the non-dealer starts by drawing from either pile; he takes the "
             "upcard and goes gin.",
             g, ["p1 draw discard", "p1 knock Kd"], overrides=no, checkpoints=[0, 1],
             expect={"outcome": "gin", "points": 80}, legal={0: ["p1 draw stock", "p1 draw discard"]},
             tag="no offer")
    book.add(f, ["FIRST-UPCARD-OFFER"],
             "With first_turn no_offer there is no offer to pass.",
             g, ["p1 pass"], overrides=no, checkpoints=[0], expect={"illegal": (0, "wrong_phase")}, tag="no offer")
    book.add(f, ["FIRST-UPCARD-OFFER", "TURN-DRAW-SOURCE", "TURN-ALTERNATION"],
             "With first_turn no_offer the non-dealer draws from the stock at once, then the dealer plays.",
             g, ["p1 draw stock", f"p1 discard {s[0]}", "p2 draw discard", "p2 discard 8s"], overrides=no,
             checkpoints=[1, 2, 4], expect={"finished": False}, tag="no offer")

    # eleven-card start
    eleven = {"first_turn": "eleven_card_start"}
    e1 = make_deal("p2", NEAR + " Jh", JUNK2, None, seed=106)
    book.add(f, ["DEAL-ELEVEN-CARD-START", "FIRST-TURN-KNOCK", "SCORE-KNOCK-WIN"],
             "Eleven-card start: the non-dealer opens without drawing and knocks at once, discarding Qs and "
             "keeping Kd (10).",
             e1, ["p1 knock Qs", "p2 layoff Ac", "p2 done"], overrides=eleven, checkpoints=[0, 1],
             expect={"outcome": "knock", "winner": "p1", "points": 44}, tag="eleven-card start")
    book.add(f, ["DEAL-ELEVEN-CARD-START", "TURN-DRAW-SOURCE", "DEAL-UPCARD-STOCK"],
             "Eleven-card start: the non-dealer opens with a discard, which the dealer may take; the stock "
             "holds 31 cards throughout.",
             e1, ["p1 discard Qs", "p2 draw discard", "p2 discard 8s", "p1 draw stock"], overrides=eleven,
             checkpoints=[0, 1, 2, 3, 4], expect={"finished": False},
             legal={1: ["p2 draw stock", "p2 draw discard"]}, tag="eleven-card start")
    book.add(f, ["DEAL-ELEVEN-CARD-START", "FIRST-UPCARD-OFFER"],
             "Eleven-card start: there is no upcard to draw or pass, and the non-dealer may not draw.",
             e1, ["p1 draw stock"], overrides=eleven, expect={"illegal": (0, "wrong_phase")}, tag="eleven-card start")
    book.add(f, ["DEAL-ELEVEN-CARD-START", "TURN-ALTERNATION"],
             "Eleven-card start: the dealer does not open.",
             e1, ["p2 discard 8s"], overrides=eleven, expect={"illegal": (0, "not_your_turn")}, tag="eleven-card start")
    e2 = make_deal("p1", JUNK2, GINNED + " Kd", None, seed=107)
    book.add(f, ["DEAL-ELEVEN-CARD-START", "GIN-DEFINITION", "SCORE-GIN"],
             "Eleven-card start with p1 dealing: the non-dealer p2 goes gin with his opening discard.",
             e2, ["p2 knock Kd"], overrides=eleven, checkpoints=[0],
             expect={"outcome": "gin", "winner": "p2", "points": 80}, tag="eleven-card start")


def knock_and_gin(book: Book) -> None:
    f = "knock-gin"
    lim = make_deal("p2", "2c 3c 4c 5c 9c 9d 9h 9s 4d 6h", JUNK2, "Kh", top="7s", seed=201)
    book.add(f, ["KNOCK-LIMIT", "KNOCK-COUNT-AFTER-DISCARD", "LAYOFF-EXTEND-RUN", "SCORE-KNOCK-WIN"],
             "A knock with exactly 10: after drawing 7s the knocker keeps 4d 6h beside 2c-5c and four nines; "
             "the defender lays Ac and 6c off on the clubs and keeps 48: 38 to the knocker.",
             lim, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock 7s", "p2 layoff Ac", "p2 layoff 6c", "p2 done"],
             checkpoints=[3, 4, 6],
             expect={"outcome": "knock", "winner": "p1", "points": 38, "knocker_deadwood": 10,
                     "defender_deadwood": 48, "layoffs": "Ac 6c"},
             legal={4: ["p2 layoff Ac", "p2 layoff 6c", "p2 done"]}, tag="knock limit")
    book.add(f, ["KNOCK-LIMIT", "KNOCK-COUNT-AFTER-DISCARD"],
             "Knocking with 6h instead keeps 4d 7s, 11 points: over_knock_limit.",
             lim, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock 6h"], checkpoints=[3],
             expect={"illegal": (3, "over_knock_limit")}, tag="knock limit")
    book.add(f, ["KNOCK-LIMIT", "SCORE-KNOCK-WIN"],
             "With knock_limit 11 the same knock with 11 points is legal; the defender lays nothing off: "
             "55 - 11 = 44.",
             lim, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock 6h", "p2 done"], overrides={"knock_limit": 11},
             checkpoints=[3], expect={"outcome": "knock", "points": 44, "knocker_deadwood": 11}, tag="knock limit")
    book.add(f, ["KNOCK-LIMIT", "STRAIGHT-NO-KNOCK"],
             "With knock_limit 0 only gin may be knocked: the 10-point knock is refused.",
             lim, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock 7s"], overrides={"knock_limit": 0},
             checkpoints=[0, 3], expect={"illegal": (3, "over_knock_limit")}, tag="knock limit")
    book.add(f, ["KNOCK-OPTIONAL", "TURN-DISCARD"],
             "A player who may knock may discard instead; the hand goes on.",
             lim, ["p1 pass", "p2 pass", "p1 draw stock", "p1 discard 7s"], checkpoints=[4],
             expect={"finished": False}, tag="knock limit")

    stock_gin = make_deal("p2", READY, JUNK2, "As", top="8h", seed=202)
    book.add(f, ["GIN-DEFINITION", "GIN-NO-LAYOFF", "GIN-DEFENDER-MELDS", "SCORE-GIN", "KNOCK-ENDS-PLAY"],
             "Gin from the stock: 8h makes 8h-Jh, the knocker discards Kd. The hand ends at once with no "
             "lay-off phase: 25 + 55 = 80.",
             stock_gin, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock Kd"], checkpoints=[3, 4],
             expect={"outcome": "gin", "winner": "p1", "points": 80, "knocker_deadwood": 0,
                     "defender_deadwood": 55, "layoffs": ""}, tag="gin")
    melded = make_deal("p2", READY, "6c 7c 8c 9c Td Jd Qd 3h 3s 3d", "Qh", seed=203)
    book.add(f, ["GIN-CANNOT-BE-UNDERCUT", "SCORE-GIN", "GIN-BONUS"],
             "Gin against a defender whose ten cards are all melded scores the bonus alone: 25.",
             melded, ["p1 draw discard", "p1 knock Kd"],
             expect={"outcome": "gin", "winner": "p1", "points": 25, "defender_deadwood": 0}, tag="gin")
    g = make_deal("p2", READY, JUNK2, "Qh", seed=204)
    book.add(f, ["GIN-DEFINITION", "MELD-ARRANGEMENT-CHOICE", "SCORE-GIN"],
             "A knocker whose ten kept cards can all be melded scores gin even when he spreads only two "
             "melds: 80.",
             g, ["p1 draw discard", "p1 knock Kd with 2c 3c 4c | 5d 5h 5s"], checkpoints=[2],
             expect={"outcome": "gin", "points": 80, "knocker_deadwood": 0}, tag="explicit spread")
    book.add(f, ["GIN-DEFINITION", "MELD-ARRANGEMENT-CHOICE"],
             "Gin with the whole spread given.",
             g, ["p1 draw discard", "p1 knock Kd with 5d 5h 5s | 2c 3c 4c | 9h Th Jh Qh"],
             expect={"outcome": "gin", "points": 80}, tag="explicit spread")
    book.add(f, ["GIN-DEFINITION", "MELD-ARRANGEMENT-CHOICE"],
             "Even a gin knock's spread must be made of valid melds: invalid_spread.",
             g, ["p1 draw discard", "p1 knock Kd with 2c 3c 4c 5d"], expect={"illegal": (1, "invalid_spread")},
             tag="explicit spread")

    big = make_deal("p2", GINNED, JUNK2, "Kh", seed=205)
    book.add(f, ["BIGGIN-DEFINITION", "BIGGIN-NO-LAYOFF", "SCORE-BIGGIN", "BIGGIN-BONUS"],
             "Big gin: the upcard Kh melds all eleven cards; 31 + 55 = 86.",
             big, ["p1 draw discard", "p1 big-gin"], checkpoints=[1, 2],
             expect={"outcome": "big_gin", "winner": "p1", "points": 86, "knocker_deadwood": 0}, tag="big gin")
    book.add(f, ["BIGGIN-DEFINITION"],
             "With big_gin false the declaration is refused: not_big_gin.",
             big, ["p1 draw discard", "p1 big-gin"], overrides={"big_gin": False}, checkpoints=[1],
             expect={"illegal": (1, "not_big_gin")}, tag="big gin")
    book.add(f, ["BIGGIN-DEFINITION", "GIN-DEFINITION", "SCORE-GIN"],
             "With big_gin false the same player goes gin by discarding 9h: 80.",
             big, ["p1 draw discard", "p1 knock 9h"], overrides={"big_gin": False},
             expect={"outcome": "gin", "points": 80}, tag="big gin")
    book.add(f, ["BIGGIN-DEFINITION"],
             "Big gin declared with a card outside the melds (Kd) is refused: not_big_gin.",
             g, ["p1 draw discard", "p1 big-gin"], expect={"illegal": (1, "not_big_gin")}, tag="big gin")
    book.add(f, ["BIGGIN-DEFINITION", "SCORE-BIGGIN", "FIRST-UPCARD-OFFER"],
             "Big gin with a card drawn from the stock after both passed.",
             make_deal("p2", GINNED, JUNK2, "As", top="8h", seed=206),
             ["p1 pass", "p2 pass", "p1 draw stock", "p1 big-gin"],
             checkpoints=[3], expect={"outcome": "big_gin", "points": 86}, tag="big gin")

    mand = {"gin_mandatory": True}
    book.add(f, ["KNOCK-OPTIONAL", "GIN-DEFINITION"],
             "With gin_mandatory, a player who can go gin has only the gin knock: discarding is refused.",
             g, ["p1 draw discard", "p1 discard Kd"], overrides=mand, checkpoints=[1],
             expect={"illegal": (1, "gin_required")}, legal={1: ["p1 knock Kd"]}, tag="gin mandatory")
    book.add(f, ["KNOCK-OPTIONAL", "GIN-DEFINITION"],
             "With gin_mandatory a plain knock is refused when gin is there.",
             g, ["p1 draw discard", "p1 knock 9h"], overrides=mand, expect={"illegal": (1, "gin_required")},
             tag="gin mandatory")
    book.add(f, ["KNOCK-OPTIONAL", "SCORE-GIN"],
             "With gin_mandatory the gin knock itself is legal.",
             g, ["p1 draw discard", "p1 knock Kd"], overrides=mand, expect={"outcome": "gin", "points": 80},
             tag="gin mandatory")
    book.add(f, ["KNOCK-OPTIONAL", "BIGGIN-DEFINITION", "SCORE-BIGGIN"],
             "With gin_mandatory and big gin open, only big gin and the gin knock (9h) are legal.",
             big, ["p1 draw discard", "p1 big-gin"], overrides=mand, checkpoints=[1],
             expect={"outcome": "big_gin", "points": 86}, legal={1: ["p1 big-gin", "p1 knock 9h"]},
             tag="gin mandatory")
    near = make_deal("p2", NEAR, JUNK2, "Jh", seed=207)
    book.add(f, ["KNOCK-OPTIONAL"],
             "With gin_mandatory but no gin in reach, every discard and knock stays legal.",
             near, ["p1 draw discard", "p1 discard Kd"], overrides=mand, checkpoints=[1],
             expect={"finished": False}, tag="gin mandatory")

    # explicit spreads: 3h serves 3c 3d 3h or 2h 3h 4h, both leaving 7
    e = make_deal("p2", "3c 3d 3h 2h 4h Tc Jc Qc As 9d", "3s 5h 6h 8c 8d Ks Qd 7s 9s 4c", "Kc", seed=208)
    book.add(f, ["SCORE-AUTO-SPREAD", "LAYOFF-EXTEND-SET", "SCORE-KNOCK-WIN"],
             "Two spreads leave the knocker 7; by SCORE-AUTO-SPREAD he shows 3c 3d 3h, which takes only the "
             "defender's 3s (the run would take 5h and 6h): 67 - 7 = 60.",
             e, ["p1 draw discard", "p1 knock 9d", "p2 layoff 3s", "p2 done"], checkpoints=[2],
             expect={"outcome": "knock", "points": 60, "defender_deadwood": 67, "layoffs": "3s"},
             legal={2: ["p2 layoff 3s", "p2 done"]}, tag="explicit spread")
    book.add(f, ["MELD-ARRANGEMENT-CHOICE", "LAYOFF-CHAIN", "SCORE-KNOCK-WIN"],
             "The same knocker spreads 2h 3h 4h explicitly: now 5h and then 6h are laid off and 3s is not: "
             "59 - 7 = 52.",
             e, ["p1 draw discard", "p1 knock 9d with 2h 3h 4h | Tc Jc Qc Kc", "p2 layoff 5h", "p2 layoff 6h",
                 "p2 done"],
             checkpoints=[2, 3],
             expect={"outcome": "knock", "points": 52, "knocker_deadwood": 7, "defender_deadwood": 59,
                     "layoffs": "5h 6h"},
             legal={2: ["p2 layoff 5h", "p2 done"], 3: ["p2 layoff 6h", "p2 done"]}, tag="explicit spread")
    book.add(f, ["KNOCK-SPREAD-FIXED", "SCORE-AUTO-SPREAD"],
             "Against the automatic spread 3c 3d 3h, the 5h fits no meld: cannot_lay_off.",
             e, ["p1 draw discard", "p1 knock 9d", "p2 layoff 5h"], expect={"illegal": (2, "cannot_lay_off")},
             tag="explicit spread")
    book.add(f, ["MELD-DISJOINT", "MELD-ARRANGEMENT-CHOICE"],
             "A spread using 3h twice is refused: invalid_spread.",
             e, ["p1 draw discard", "p1 knock 9d with 3c 3d 3h | 2h 3h 4h | Tc Jc Qc Kc"],
             expect={"illegal": (1, "invalid_spread")}, tag="explicit spread")
    book.add(f, ["MELD-SET", "MELD-ARRANGEMENT-CHOICE"],
             "A spread with 3c 3d 4h, which is no meld, is refused: invalid_spread.",
             e, ["p1 draw discard", "p1 knock 9d with 3c 3d 4h | Tc Jc Qc Kc"],
             expect={"illegal": (1, "invalid_spread")}, tag="explicit spread")
    book.add(f, ["MELD-ARRANGEMENT-CHOICE", "KNOCK-DECLARATION"],
             "A spread holding 3s, the defender's card, is refused: invalid_spread.",
             e, ["p1 draw discard", "p1 knock 9d with 3c 3d 3h 3s | Tc Jc Qc Kc"],
             expect={"illegal": (1, "invalid_spread")}, tag="explicit spread")
    book.add(f, ["MELD-ARRANGEMENT-CHOICE", "KNOCK-DISCARD-FACE-DOWN"],
             "A spread holding the knock discard 9d is refused: invalid_spread.",
             e, ["p1 draw discard", "p1 knock 9d with 9d Tc Jc Qc Kc"],
             expect={"illegal": (1, "invalid_spread")}, tag="explicit spread")
    book.add(f, ["KNOCK-LIMIT", "MELD-ARRANGEMENT-CHOICE"],
             "Spreading only Tc Jc Qc Kc shows 16 points of deadwood, over the limit: over_knock_limit.",
             e, ["p1 draw discard", "p1 knock 9d with Tc Jc Qc Kc"], expect={"illegal": (1, "over_knock_limit")},
             tag="explicit spread")
    book.add(f, ["MELD-ARRANGEMENT-CHOICE", "KNOCK-LIMIT", "SCORE-KNOCK-WIN"],
             "With knock_limit 16 that thin spread is legal; the defender lays nothing off: 70 - 16 = 54.",
             e, ["p1 draw discard", "p1 knock 9d with Tc Jc Qc Kc", "p2 done"], overrides={"knock_limit": 16},
             checkpoints=[2], expect={"outcome": "knock", "points": 54, "knocker_deadwood": 16},
             legal={2: ["p2 done"]}, tag="explicit spread")


def oklahoma(book: Book) -> None:
    f = "oklahoma"
    okla = {"oklahoma": True}
    ace = make_deal("p2", "2c 3c 4c 5d 5h 5s 9h Th Jh Ad", JUNK2, "Ah", seed=301)
    book.add(f, ["OKLA-ACE", "OKLA-KNOCK-CARD", "KNOCK-LIMIT"],
             "Oklahoma with an ace upcard (gin_only): the limit is 0. Holding the taken Ah, the best the "
             "non-dealer can keep is 1 point, and his knock is refused.",
             ace, ["p1 draw discard", "p1 knock Ad"], overrides=okla, checkpoints=[0, 1],
             expect={"illegal": (1, "over_knock_limit")}, tag="oklahoma")
    book.add(f, ["OKLA-ACE", "OKLA-KNOCK-CARD", "SCORE-KNOCK-WIN"],
             "With oklahoma_ace one the ace upcard allows a knock with 1 point: 54 - 1 = 53.",
             ace, ["p1 draw discard", "p1 knock Ad", "p2 layoff Ac", "p2 done"],
             overrides={"oklahoma": True, "oklahoma_ace": "one"}, checkpoints=[0, 1, 2],
             expect={"outcome": "knock", "points": 53, "knocker_deadwood": 1, "defender_deadwood": 54},
             tag="oklahoma")
    ace_gin = make_deal("p2", GINNED, JUNK2, "Ad", seed=302)
    book.add(f, ["OKLA-ACE", "GIN-DEFINITION", "SCORE-GIN"],
             "Under an ace upcard gin is still open: after both pass the non-dealer draws and goes gin.",
             ace_gin, finish(ace_gin, rounds.load_variant(overrides=okla), ["p1 pass", "p2 pass", "p1 draw stock"]),
             overrides=okla, checkpoints=[0, 3], expect={"outcome": "gin", "points": 80}, tag="oklahoma")
    spade = make_deal("p2", "2c 3c 4c 5d 5h 5s 9s Ts Js Kd", JUNK2, "Qs", seed=303)
    sd = {"oklahoma": True, "spade_double": True}
    book.add(f, ["OKLA-SPADE-DOUBLE", "SCORE-GIN", "OKLA-KNOCK-CARD"],
             "Oklahoma with spade_double and the upcard Qs: the gin is doubled, bonus included: "
             "2 x (25 + 55) = 160.",
             spade, ["p1 draw discard", "p1 knock Kd"], overrides=sd, checkpoints=[0],
             expect={"outcome": "gin", "points": 160}, tag="oklahoma")
    book.add(f, ["OKLA-SPADE-DOUBLE", "SCORE-GIN"],
             "The same gin without spade_double: 80.",
             spade, ["p1 draw discard", "p1 knock Kd"], overrides=okla, expect={"outcome": "gin", "points": 80},
             tag="oklahoma")
    book.add(f, ["OKLA-SPADE-DOUBLE", "SCORE-GIN"],
             "spade_double without oklahoma doubles nothing: 80.",
             spade, ["p1 draw discard", "p1 knock Kd"], overrides={"spade_double": True},
             expect={"outcome": "gin", "points": 80}, tag="oklahoma")
    nine = make_deal("p2", "2c 3c 4c 5d 5h 5s 9h Th Jh 7c", JUNK2, "9s", top="Ad", seed=304)
    book.add(f, ["OKLA-SPADE-DOUBLE", "OKLA-KNOCK-CARD", "SCORE-KNOCK-WIN"],
             "Upcard 9s: limit 9 and a doubled hand. Both pass, the non-dealer draws Ad and knocks keeping 1 "
             "point; the "
             "defender lays Ac off and keeps 54: 2 x 53 = 106.",
             nine, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock 7c", "p2 layoff Ac", "p2 done"],
             overrides=sd, checkpoints=[3, 4],
             expect={"outcome": "knock", "points": 106, "knocker_deadwood": 1}, tag="oklahoma")
    undercut = make_deal("p2", "2c 3c 4c 5d 5h 5s 9h Th Jh 7c", "Ac Ah As 6d 7d 8d 9d Kc Kh Ks", "8s", top="Ad",
                         seed=305)
    book.add(f, ["OKLA-SPADE-DOUBLE", "SCORE-UNDERCUT"],
             "Upcard 8s: the knocker keeps 1 (Ad) but the defender has every card melded: the undercut "
             "bonus is doubled too, 2 x (1 + 25) = 52.",
             undercut, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock 7c", "p2 done"], overrides=sd,
             checkpoints=[4],
             expect={"outcome": "undercut", "winner": "p2", "points": 52, "knocker_deadwood": 1,
                     "defender_deadwood": 0}, tag="oklahoma")
    seven = make_deal("p2", "2c 3c 4c 5d 5h 5s 9h Th Jh 8d", JUNK2, "7h", top="7c", seed=306)
    book.add(f, ["OKLA-KNOCK-CARD", "OKLA-UPCARD-REFERENCE", "SCORE-KNOCK-WIN"],
             "Upcard 7h: limit 7, kept after the upcard is taken. The non-dealer takes it and knocks with "
             "exactly 7: 54 - 7 = 47.",
             seven, ["p1 draw discard", "p1 knock 8d", "p2 layoff Ac", "p2 done"], overrides=okla,
             checkpoints=[0, 1, 2], expect={"outcome": "knock", "points": 47, "knocker_deadwood": 7}, tag="oklahoma")
    book.add(f, ["OKLA-KNOCK-CARD", "KNOCK-LIMIT"],
             "Upcard 7h: after both pass and the draw of 7c, a knock keeping 8d (8 points, under 10) is over "
             "the limit of 7.",
             seven, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock 7c"], overrides=okla, checkpoints=[3],
             expect={"illegal": (3, "over_knock_limit")}, tag="oklahoma")
    book.add(f, ["OKLA-KNOCK-CARD", "KNOCK-LIMIT"],
             "Without Oklahoma the same knock with 8 is within the standard limit of 10.",
             seven, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock 7c", "p2 layoff Ac", "p2 done"],
             checkpoints=[3], limit=True, expect={"outcome": "knock", "knocker_deadwood": 8}, tag="oklahoma")
    king = make_deal("p1", JUNK2, "2c 3c 4c 5d 5h 5s 9h Th Jh 8d", "Kd", top="As", seed=307)
    book.add(f, ["OKLA-KNOCK-CARD", "KNOCK-LIMIT"],
             "Upcard Kd: a picture card allows 10. Dealer p1; the non-dealer p2 draws As and knocks keeping 1 point.",
             king, finish(king, rounds.load_variant(overrides=okla),
                          ["p2 pass", "p1 pass", "p2 draw stock", "p2 knock 8d"]),
             overrides=okla, checkpoints=[0, 3, 4], expect={"outcome": "knock", "knocker": "p2"}, tag="oklahoma")
    five = make_deal("p2", "2c 3c 4c 5d 5h 5s 9h Th Jh 8d", JUNK2, "5c", top="6d", seed=308)
    book.add(f, ["OKLA-KNOCK-CARD", "KNOCK-LIMIT"],
             "Upcard 5c: limit 5; keeping 6d (6 points) is over it.",
             five, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock 8d"], overrides=okla, checkpoints=[3],
             expect={"illegal": (3, "over_knock_limit")}, tag="oklahoma")


def layoffs(book: Book) -> None:
    f = "layoffs"
    # The knocker keeps 3h 4h 5h | 9c 9d 9s | Jd Qd Kd and 2c (2 points).
    deal = make_deal("p2", "3h 4h 5h 9c 9d 9s Jd Qd 2c Ks", "2h 6h 7h 8h 9h Td 5c 6c 7c Ac", "Kd", seed=401)
    knock = ["p1 draw discard", "p1 knock Ks"]
    start = ["p2 layoff 2h", "p2 layoff 6h", "p2 layoff 9h", "p2 layoff Td", "p2 done"]
    book.add(f, ["LAYOFF-CHAIN", "LAYOFF-EXTEND-RUN", "LAYOFF-EXTEND-SET", "LAYOFF-TARGET-KNOCKER-MELDS",
                 "LAYOFF-DEFENDER-MELDS", "SCORE-UNDERCUT"],
             "Three cards chained on one end (6h 7h 8h onto 3h 4h 5h), 2h on the other end, 9h named onto "
             "the nines once it fits both, Td below Jd: the defender keeps Ac beside 5c 6c 7c and undercuts, "
             "(2 - 1) + 25 = 26.",
             deal, knock + ["p2 layoff 6h", "p2 layoff 7h", "p2 layoff 8h", "p2 layoff 2h", "p2 layoff 9h onto 9c",
                            "p2 layoff Td", "p2 done"],
             checkpoints=[2, 3, 5, 6, 7, 9],
             expect={"outcome": "undercut", "winner": "p2", "points": 26, "knocker_deadwood": 2,
                     "defender_deadwood": 1, "layoffs": "2h 6h 7h 8h 9h Td"},
             legal={2: start,
                    5: ["p2 layoff 2h", "p2 layoff 9h onto 3h", "p2 layoff 9h onto 9c", "p2 layoff Td", "p2 done"],
                    6: ["p2 layoff 9h onto 2h", "p2 layoff 9h onto 9c", "p2 layoff Td", "p2 done"]},
             tag="lay-off chain")
    book.add(f, ["LAYOFF-CHAIN"],
             "Once 6h 7h 8h extend the run, 9h fits the run and the nines: without a target it is refused, "
             "ambiguous_layoff.",
             deal, knock + ["p2 layoff 6h", "p2 layoff 7h", "p2 layoff 8h", "p2 layoff 9h"], checkpoints=[5],
             expect={"illegal": (5, "ambiguous_layoff")}, tag="ambiguous lay-off")
    book.add(f, ["LAYOFF-CHAIN", "LAYOFF-OPTIONAL", "SCORE-KNOCK-WIN"],
             "The 9h named onto the run (any card of it may be named: 4h), then done: the defender keeps "
             "2h Td Ac beside 5c 6c 7c, 13: 13 - 2 = 11 to the knocker.",
             deal, knock + ["p2 layoff 6h", "p2 layoff 7h", "p2 layoff 8h", "p2 layoff 9h onto 4h", "p2 done"],
             checkpoints=[6],
             expect={"outcome": "knock", "winner": "p1", "points": 11, "defender_deadwood": 13,
                     "layoffs": "6h 7h 8h 9h"}, legal={6: ["p2 layoff 2h", "p2 layoff Td", "p2 done"]},
             tag="ambiguous lay-off")
    book.add(f, ["LAYOFF-TARGET-KNOCKER-MELDS"],
             "5c fits none of the knocker's melds: cannot_lay_off.",
             deal, knock + ["p2 layoff 5c"], expect={"illegal": (2, "cannot_lay_off")}, tag="lay-off error")
    book.add(f, ["LAYOFF-CHAIN", "LAYOFF-EXTEND-RUN"],
             "7h fits 3h 4h 5h only after 6h: laid first it is refused, cannot_lay_off.",
             deal, knock + ["p2 layoff 7h"], expect={"illegal": (2, "cannot_lay_off")}, tag="lay-off error")
    book.add(f, ["LAYOFF-TARGET-KNOCKER-MELDS"],
             "A target that is not a card of the knocker's melds (5c) is refused: cannot_lay_off.",
             deal, knock + ["p2 layoff 9h onto 5c"], expect={"illegal": (2, "cannot_lay_off")}, tag="lay-off error")
    book.add(f, ["LAYOFF-EXTEND-RUN"],
             "A target meld that does not take the card (Td onto the nines) is refused: cannot_lay_off.",
             deal, knock + ["p2 layoff Td onto 9c"], expect={"illegal": (2, "cannot_lay_off")}, tag="lay-off error")
    book.add(f, ["LAYOFF-EXTEND-RUN", "LAYOFF-OPTIONAL", "SCORE-KNOCK-WIN"],
             "A target named when it is not needed is accepted (Td onto Qd).",
             deal, knock + ["p2 layoff Td onto Qd", "p2 done"], checkpoints=[3],
             expect={"outcome": "knock", "layoffs": "Td", "defender_deadwood": 3}, tag="lay-off chain")
    book.add(f, ["LAYOFF-DEFENDER-ONLY"],
             "The defender cannot lay off a card he does not hold: card_not_held.",
             deal, knock + ["p2 layoff Kc"], expect={"illegal": (2, "card_not_held")}, tag="lay-off error")
    nochain = {"layoff_chaining": False}
    book.add(f, ["LAYOFF-CHAIN"],
             "Without chaining 6h may go on 3h 4h 5h, but 7h after it is refused: cannot_lay_off.",
             deal, knock + ["p2 layoff 6h", "p2 layoff 7h"], overrides=nochain, checkpoints=[3],
             expect={"illegal": (3, "cannot_lay_off")},
             legal={3: ["p2 layoff 2h", "p2 layoff 9h", "p2 layoff Td", "p2 done"]}, tag="no chaining")
    book.add(f, ["LAYOFF-CHAIN", "LAYOFF-EXTEND-RUN", "SCORE-KNOCK-WIN"],
             "Without chaining both ends of the spread run still take a card each (2h, 6h), and 9h goes on "
             "the nines: 7h 8h Ac stay, 16 - 2 = 14.",
             deal, knock + ["p2 layoff 6h", "p2 layoff 2h", "p2 layoff 9h", "p2 layoff Td", "p2 done"],
             overrides=nochain, checkpoints=[2, 6],
             expect={"outcome": "knock", "points": 14, "defender_deadwood": 16, "layoffs": "2h 6h 9h Td"},
             tag="no chaining")
    book.add(f, ["LAYOFF-DEFENDER-ONLY"],
             "With layoffs false the lay-off phase offers only done; a lay-off is refused.",
             deal, knock + ["p2 layoff Td"], overrides={"layoffs": False}, checkpoints=[2],
             expect={"illegal": (2, "cannot_lay_off")}, legal={2: ["p2 done"]}, tag="no lay-offs")
    book.add(f, ["LAYOFF-DEFENDER-ONLY", "LAYOFF-DEFENDER-MELDS", "SCORE-KNOCK-WIN"],
             "With layoffs false the defender melds his own 6h-9h and 5c-7c and keeps 2h Td Ac: 13 - 2 = 11.",
             deal, knock + ["p2 done"], overrides={"layoffs": False},
             expect={"outcome": "knock", "points": 11, "defender_deadwood": 13, "layoffs": ""}, tag="no lay-offs")
    book.add(f, ["LAYOFF-OPTIONAL", "LAYOFF-DEFENDER-MELDS", "SCORE-KNOCK-WIN"],
             "A defender who says done at once lays nothing off, whatever he could have: 13 - 2 = 11.",
             deal, knock + ["p2 done"], checkpoints=[2, 3],
             expect={"outcome": "knock", "points": 11, "defender_deadwood": 13, "layoffs": ""}, tag="lay-off chain")

    # Two spade runs with a gap: 5s fits both.
    gap = make_deal("p2", "2s 3s 4s 6s 7s 8s Kc Kd Kh Qd", "5s 9s As Ks Qh Jh Th 2d 3d 4d", "Ac", seed=402)
    gknock = ["p1 draw discard", "p1 knock Qd"]
    book.add(f, ["LAYOFF-EXTEND-RUN", "LAYOFF-EXTEND-SET"],
             "5s fits 2s 3s 4s and 6s 7s 8s: both targets are listed, each named by its lowest card.",
             gap, gknock + ["p2 layoff 5s"], checkpoints=[2], expect={"illegal": (2, "ambiguous_layoff")},
             legal={2: ["p2 layoff 5s onto 2s", "p2 layoff 5s onto 6s", "p2 layoff 9s", "p2 layoff As",
                        "p2 layoff Ks", "p2 done"]}, tag="ambiguous lay-off")
    book.add(f, ["LAYOFF-EXTEND-RUN", "LAYOFF-EXTEND-SET", "LAYOFF-CHAIN", "SCORE-UNDERCUT"],
             "5s onto the upper run (named by 7s), then 9s, As and Ks: the defender is left with nothing "
             "outside his melds and undercuts, 1 + 25 = 26.",
             gap, gknock + ["p2 layoff 5s onto 7s", "p2 layoff 9s", "p2 layoff As", "p2 layoff Ks", "p2 done"],
             checkpoints=[3, 7],
             expect={"outcome": "undercut", "winner": "p2", "points": 26, "defender_deadwood": 0,
                     "layoffs": "5s 9s As Ks"},
             legal={3: ["p2 layoff 9s", "p2 layoff As", "p2 layoff Ks", "p2 done"]}, tag="ambiguous lay-off")
    book.add(f, ["LAYOFF-EXTEND-RUN", "LAYOFF-CHAIN"],
             "After As goes below 2s 3s 4s, that run's lowest card is As: an ambiguous 5s is then named "
             "onto As.",
             gap, gknock + ["p2 layoff As", "p2 layoff 5s onto As", "p2 done"], checkpoints=[3],
             legal={3: ["p2 layoff 5s onto As", "p2 layoff 5s onto 6s", "p2 layoff 9s", "p2 layoff Ks", "p2 done"]},
             expect={"outcome": "knock", "points": 18, "layoffs": "As 5s", "defender_deadwood": 19},
             tag="ambiguous lay-off")
    book.add(f, ["LAYOFF-EXTEND-SET"],
             "The fourth king goes on the knocker's three kings; a set of four takes nothing more.",
             gap, gknock + ["p2 layoff Ks", "p2 done"], checkpoints=[3],
             expect={"outcome": "knock", "points": 14, "defender_deadwood": 15, "layoffs": "Ks"}, tag="lay-off chain")


def undercut_tie(book: Book) -> None:
    f = "undercut-tie"
    base = "Ac 2c 3c 8d 8h 8s Jh Qh 7c Td"  # with Kh: A-3c, three eights, J-Kh and 7c
    knock = ["p1 draw discard", "p1 knock Td", "p2 done"]

    def defender(extra):
        return make_deal("p2", base, "4d 5d 6d 2h 2s 2d 9c 9d 9s " + extra, "Kh", seed=500)

    tie = defender("7s")
    for setting, outcome, winner, points, text in (
        ("undercut", "undercut", "p2", 25, "the defender scores the bonus, 25"),
        ("undercut_without_bonus", "undercut", "p2", 0, "the defender wins the tie for 0"),
        ("knocker_wins", "knock", "p1", 0, "the knocker wins the tie for 0"),
        ("draw", "draw", "none", 0, "nobody wins"),
    ):
        book.add(f, ["SCORE-UNDERCUT-TIE", "SCORE-HAND-OUTCOMES", "SCORE-WINNER-ONLY"],
                 f"Both keep 7 (the knocker 7c, the defender 7s), tie_outcome {setting}: {text}.",
                 tie, knock, overrides=None if setting == "undercut" else {"tie_outcome": setting},
                 checkpoints=[2] if setting == "undercut" else [],
                 expect={"outcome": outcome, "winner": winner, "points": points, "knocker_deadwood": 7,
                         "defender_deadwood": 7}, tag="tie")
    book.add(f, ["SCORE-UNDERCUT"],
             "The defender keeps 3s, less than the knocker's 7: undercut, (7 - 3) + 25 = 29.",
             defender("3s"), knock, expect={"outcome": "undercut", "winner": "p2", "points": 29}, tag="undercut")
    book.add(f, ["SCORE-UNDERCUT"],
             "With undercut_bonus 10 the same undercut scores 14.",
             defender("3s"), knock, overrides={"undercut_bonus": 10}, expect={"outcome": "undercut", "points": 14},
             tag="undercut")
    book.add(f, ["SCORE-KNOCK-WIN"],
             "The defender keeps Ks, more than 7: the knocker wins 3.",
             defender("Ks"), knock, expect={"outcome": "knock", "winner": "p1", "points": 3}, tag="undercut")
    th = defender("Th")
    book.add(f, ["SCORE-UNDERCUT", "LAYOFF-EXTEND-RUN"],
             "The defender lays Th off below Jh Qh Kh and has nothing left: undercut, 7 + 25 = 32.",
             th, ["p1 draw discard", "p1 knock Td", "p2 layoff Th", "p2 done"], checkpoints=[2],
             expect={"outcome": "undercut", "points": 32, "defender_deadwood": 0, "layoffs": "Th"},
             legal={2: ["p2 layoff Th", "p2 done"]}, tag="undercut")
    book.add(f, ["SCORE-KNOCK-WIN", "LAYOFF-OPTIONAL"],
             "The same defender says done without laying Th off: the knocker wins 10 - 7 = 3.",
             th, knock, expect={"outcome": "knock", "points": 3, "defender_deadwood": 10}, tag="undercut")
    via = make_deal("p2", base, "4d 5d 6d 9c 9d 9s Th 3s 2s 2h", "Kh", seed=501)
    for setting, outcome, points in (("draw", "draw", 0), ("undercut", "undercut", 25)):
        book.add(f, ["SCORE-UNDERCUT-TIE", "LAYOFF-EXTEND-RUN"],
                 f"A tie reached only through the lay-off of Th (3s 2s 2h left, 7), tie_outcome {setting}.",
                 via, ["p1 draw discard", "p1 knock Td", "p2 layoff Th", "p2 done"],
                 overrides={"tie_outcome": setting} if setting != "undercut" else None,
                 expect={"outcome": outcome, "points": points, "defender_deadwood": 7}, tag="tie")


def wall(book: Book) -> None:
    f = "wall"
    fifty = {"fiftieth_card_rule": True}
    fifty_params = rounds.load_variant(overrides=fifty)
    junk = make_deal("p2", JUNK1, JUNK2, "As", seed=601)
    passes = ["p1 pass", "p2 pass"]
    full = throw_back(junk, STD, passes, 29, "p1")  # 60 actions: the 29th stock card is the 50th card
    book.add(f, ["STOCK-WALL-TWO", "STOCK-VOID-NO-SCORE", "STOCK-NO-RESHUFFLE", "TURN-DISCARD"],
             "Nobody knocks: each player draws from the stock and throws the card back. When the non-dealer's "
             "discard after the 29th stock card leaves two cards, the hand is void.",
             junk, full, checkpoints=[2, 57, 58, 59, 60],
             expect={"outcome": "void", "winner": "none", "points": 0}, tag="wall")
    book.add(f, ["STOCK-WALL-TWO", "STOCK-NO-RESHUFFLE"],
             "After the void hand nothing more may be drawn: hand_over.",
             junk, full + ["p2 draw stock"], expect={"illegal": (60, "hand_over")}, tag="wall")
    book.add(f, ["STOCK-WALL-TWO", "STOCK-VOID-NO-SCORE"],
             "With stock_dead_cards 4 the hand is void when a discard leaves four cards: after 27 draws.",
             junk, throw_back(junk, STD, passes, 27, "p1"), overrides={"stock_dead_cards": 4},
             checkpoints=[55, 56], expect={"outcome": "void"}, tag="wall")
    book.add(f, ["STOCK-WALL-TWO", "FIRST-UPCARD-OFFER"],
             "With first_turn no_offer the non-dealer draws the first and the 29th stock card; his discard "
             "then ends the hand void.",
             junk, throw_back(junk, rounds.load_variant(overrides={"first_turn": "no_offer"}), [], 29, "p1"),
             overrides={"first_turn": "no_offer"},
             checkpoints=[57, 58], expect={"outcome": "void"}, tag="wall")

    # the 29th stock card (Jh) lets the non-dealer knock
    near = make_deal("p2", NEAR, JUNK2, "As", bottom="Jh 2s Ah", seed=602)
    to_50 = throw_back(near, STD, passes, 28, "p1") + ["p1 draw stock"]
    book.add(f, ["STOCK-WALL-TWO", "KNOCK-LIMIT", "SCORE-KNOCK-WIN"],
             "The non-dealer draws the 29th stock card, Jh, leaving two, and knocks, discarding Qs and keeping "
             "Kd (10): a knock on "
             "the draw of the 50th card is legal. 54 - 10 = 44.",
             near, to_50 + ["p1 knock Qs", "p2 layoff Ac", "p2 done"], checkpoints=[58, 59, 60],
             expect={"outcome": "knock", "winner": "p1", "points": 44}, tag="wall knock")
    book.add(f, ["STOCK-WALL-TWO", "KNOCK-OPTIONAL"],
             "The same player discards instead of knocking: the hand is void.",
             near, to_50 + ["p1 discard Qs"], checkpoints=[59, 60], expect={"outcome": "void"}, tag="wall knock")
    book.add(f, ["STOCK-WALL-TWO"],
             "At two stock cards there is no further draw: after the 29th stock card is taken, the draw of "
             "another is refused as a second draw.",
             near, to_50 + ["p1 draw stock"], expect={"illegal": (59, "wrong_phase")}, tag="wall knock")

    # fiftieth-card rule
    book.add(f, ["STOCK-FIFTIETH-CARD", "STOCK-VOID-NO-SCORE"],
             "fiftieth_card_rule: after the discard that leaves two cards the dealer may only pass (the "
             "discard gives him no knock), and the hand is void.",
             junk, full + ["p2 pass"], overrides=fifty, checkpoints=[59, 60, 61],
             expect={"outcome": "void", "winner": "none", "points": 0}, legal={60: ["p2 pass"]}, tag="fiftieth card")
    book.add(f, ["STOCK-FIFTIETH-CARD"],
             "fiftieth_card_rule: taking a discard that gives no knock is refused.",
             junk, full + ["p2 draw discard"], overrides=fifty, expect={"illegal": (60, "over_knock_limit")},
             tag="fiftieth card")
    book.add(f, ["STOCK-FIFTIETH-CARD", "STOCK-WALL-TWO"],
             "fiftieth_card_rule: no card is drawn from the two-card stock.",
             junk, full + ["p2 draw stock"], overrides=fifty, expect={"illegal": (60, "wrong_phase")},
             tag="fiftieth card")
    book.add(f, ["STOCK-FIFTIETH-CARD", "TURN-ALTERNATION"],
             "fiftieth_card_rule: the wall choice is the dealer's, not the non-dealer's.",
             junk, full + ["p1 pass"], overrides=fifty, expect={"illegal": (60, "not_your_turn")},
             tag="fiftieth card")
    ready = make_deal("p2", JUNK2, NEAR, "As", bottom="Jh 2s Ah", seed=603)
    last = throw_back(ready, fifty_params, passes, 29, "p1")
    book.add(f, ["STOCK-FIFTIETH-CARD", "KNOCK-LIMIT", "SCORE-KNOCK-WIN"],
             "fiftieth_card_rule: the non-dealer throws back the 29th stock card, Jh; the dealer takes it to "
             "run 9h Th Jh and must knock, keeping Kd: 54 - 10 = 44.",
             ready, last + ["p2 draw discard", "p2 knock Qs", "p1 layoff Ac", "p1 done"], overrides=fifty,
             checkpoints=[60, 61, 62],
             expect={"outcome": "knock", "winner": "p2", "points": 44, "knocker": "p2"},
             legal={60: ["p2 pass", "p2 draw discard"], 61: ["p2 knock Kd", "p2 knock Qs"]}, tag="fiftieth card")
    book.add(f, ["STOCK-FIFTIETH-CARD"],
             "fiftieth_card_rule: the card taken at the wall may not be followed by an ordinary discard.",
             ready, last + ["p2 draw discard", "p2 discard Qs"], overrides=fifty,
             expect={"illegal": (61, "wrong_phase")}, tag="fiftieth card")
    book.add(f, ["STOCK-FIFTIETH-CARD", "KNOCK-OPTIONAL"],
             "fiftieth_card_rule: the dealer may pass even when the discard would let him knock: void.",
             ready, last + ["p2 pass"], overrides=fifty, expect={"outcome": "void"}, tag="fiftieth card")
    book.add(f, ["STOCK-WALL-TWO", "STOCK-FIFTIETH-CARD"],
             "Without the fiftieth-card rule the same discard ends the hand at once: the dealer never gets Jh.",
             ready, last + ["p2 draw discard"], checkpoints=[60], expect={"illegal": (60, "hand_over")},
             tag="fiftieth card")

    # a long hand with draws from the discard pile, which leave the stock as it is
    long_deal = make_deal("p1", JUNK1, JUNK2, "As", seed=604)
    state = rounds.new_hand(long_deal, STD)
    actions = []
    turn = 0
    while state.phase != "over":
        p = state.to_play
        if state.phase == "first_turn":
            action = f"{p} pass" if state.passes < 2 else f"{p} draw stock"
            state = rounds.apply(state, action)
            actions.append(action)
            continue
        if state.phase == "draw" and turn % 4 == 3:
            state = rounds.apply(state, f"{p} draw discard")
            actions.append(f"{p} draw discard")
            keep = state.taken
            card = max((c for c in state.hand() if c != keep), key=lambda c: (value(c), sort_key(c)))
        else:
            if state.phase == "draw":
                state = rounds.apply(state, f"{p} draw stock")
                actions.append(f"{p} draw stock")
            card = max(state.hand(), key=lambda c: (value(c), sort_key(c)))
        state = rounds.apply(state, f"{p} discard {card}")
        actions.append(f"{p} discard {card}")
        turn += 1
    book.add(f, ["STOCK-WALL-TWO", "TURN-DRAW-SOURCE", "TURN-DISCARD-TOP-ONLY"],
             "A hand where every fourth turn takes the top discard: those turns leave the stock alone, and the "
             "hand is void only when a discard leaves two stock cards.",
             long_deal, actions, checkpoints=[3, 4, 5, len(actions) - 1, len(actions)],
             expect={"outcome": "void"}, tag="wall")


def illegal(book: Book) -> None:
    f = "illegal"
    g = make_deal("p2", READY, JUNK2, "Qh", seed=701)
    s = stock_of(g)
    cases = [
        ("first_turn", ["p1 discard Kd"], "wrong_phase", ["TURN-DRAW-SOURCE"],
         "Discarding before any draw, during the upcard offer"),
        ("first_turn", ["p1 knock Kd"], "wrong_phase", ["KNOCK-TIMING"],
         "Knocking before any draw, during the upcard offer"),
        ("first_turn", ["p1 done"], "wrong_phase", ["TURN-DRAW-SOURCE"], "Saying done during the upcard offer"),
        ("first_turn", ["p1 big-gin"], "wrong_phase", ["BIGGIN-DEFINITION"], "Big gin before any draw"),
        ("first_turn", ["p2 pass"], "not_your_turn", ["TURN-ALTERNATION", "FIRST-UPCARD-OFFER"],
         "The dealer passing first"),
        ("draw", ["p1 draw discard", "p1 discard Kd", "p1 draw stock"], "not_your_turn", ["TURN-ALTERNATION"],
         "The non-dealer drawing again after his own discard"),
        ("draw", ["p1 draw discard", "p1 discard Kd", "p1 knock 9h"], "not_your_turn", ["KNOCK-TIMING"],
         "Knocking after a face-up discard, before the opponent played"),
        ("draw", ["p1 draw discard", "p1 discard Kd", "p2 discard 8s"], "wrong_phase", ["TURN-DRAW-SOURCE"],
         "The dealer discarding without drawing"),
        ("draw", ["p1 draw discard", "p1 discard Kd", "p2 knock 8s"], "wrong_phase", ["KNOCK-TIMING"],
         "The dealer knocking without drawing"),
        ("draw", ["p1 draw discard", "p1 discard Kd", "p2 pass"], "wrong_phase", ["FIRST-UPCARD-OFFER"],
         "A pass in an ordinary turn"),
        ("draw", ["p1 draw discard", "p1 discard Kd", "p2 layoff 8s"], "wrong_phase", ["LAYOFF-DEFENDER-ONLY"],
         "A lay-off with no knock"),
        ("draw", ["p1 draw discard", "p1 discard Kd", "p2 done"], "wrong_phase", ["LAYOFF-DEFENDER-ONLY"],
         "Done with no knock"),
        ("discard", ["p1 draw discard", "p2 draw stock"], "not_your_turn", ["TURN-ALTERNATION"],
         "The dealer drawing while the non-dealer has still to discard"),
        ("discard", ["p1 draw discard", "p1 draw stock"], "wrong_phase", ["TURN-DRAW-SOURCE"],
         "Two draws in one turn"),
        ("discard", ["p1 pass", "p2 pass", "p1 draw stock", "p1 draw stock"], "wrong_phase", ["TURN-DRAW-SOURCE"],
         "Two stock draws in one turn"),
        ("discard", ["p1 draw discard", "p1 pass"], "wrong_phase", ["FIRST-UPCARD-OFFER"],
         "Passing after taking the upcard"),
        ("discard", ["p1 draw discard", "p1 discard 8s"], "card_not_held", ["TURN-DISCARD"],
         "Discarding the opponent's card"),
        ("discard", ["p1 draw discard", f"p1 discard {s[0]}"], "card_not_held", ["TURN-DISCARD"],
         "Discarding a card still in the stock"),
        ("discard", ["p1 draw discard", "p1 knock As"], "card_not_held", ["KNOCK-DISCARD-FACE-DOWN"],
         "Knocking with a card not held"),
        ("discard", ["p1 draw discard", "p1 layoff Kd"], "wrong_phase", ["LAYOFF-DEFENDER-ONLY"],
         "Laying off in one's own turn"),
        ("layoff", ["p1 draw discard", "p1 knock 9h", "p1 done"], "not_your_turn", ["LAYOFF-DEFENDER-ONLY"],
         "The knocker answering for the defender"),
        ("layoff", ["p1 draw discard", "p1 knock 9h", "p1 layoff Kd"], "not_your_turn", ["LAYOFF-DEFENDER-ONLY"],
         "The knocker laying off"),
        ("layoff", ["p1 draw discard", "p1 knock 9h", "p2 draw stock"], "wrong_phase", ["KNOCK-ENDS-PLAY"],
         "The defender drawing after a knock"),
        ("layoff", ["p1 draw discard", "p1 knock 9h", "p2 discard 8s"], "wrong_phase", ["KNOCK-ENDS-PLAY"],
         "The defender taking a last turn after a knock"),
        ("layoff", ["p1 draw discard", "p1 knock 9h", "p2 layoff 2c"], "card_not_held", ["LAYOFF-DEFENDER-ONLY"],
         "The defender laying off one of the knocker's cards"),
        ("over", ["p1 draw discard", "p1 knock Kd", "p2 draw stock"], "hand_over", ["KNOCK-ENDS-PLAY"],
         "Drawing after gin"),
        ("over", ["p1 draw discard", "p1 knock Kd", "p2 layoff Ac"], "hand_over", ["GIN-NO-LAYOFF"],
         "Laying off after gin"),
        ("over", ["p1 draw discard", "p1 knock 9h", "p2 done", "p2 done"], "hand_over", ["KNOCK-ENDS-PLAY"],
         "Done twice"),
        ("over", ["p1 draw discard", "p1 knock 9h", "p2 done", "p1 draw stock"], "hand_over", ["KNOCK-ENDS-PLAY"],
         "Drawing after the hand was scored"),
    ]
    for phase, actions, reason, rules, text in cases:
        book.add(f, rules, f"{text}: {reason} (phase {phase}).", g, actions,
                 checkpoints=[len(actions) - 1] if phase in ("layoff", "over", "discard") else [],
                 expect={"illegal": (len(actions) - 1, reason)}, tag="illegal")


def random_hands(book: Book) -> None:
    f = "random-hands"
    rng = random.Random(20261129)
    plans = (
        [(None, "standard", True)] * 34
        + [({"first_turn": "no_offer"}, "no offer", True)] * 4
        + [({"first_turn": "eleven_card_start"}, "eleven-card start", True)] * 4
        + [({"oklahoma": True, "spade_double": True}, "Oklahoma with spade doubling", True)] * 6
        + [({"fiftieth_card_rule": True}, "the fiftieth-card rule", True)] * 3
        + [({"gin_mandatory": True}, "mandatory gin", True)] * 3
        + [({"tie_outcome": "draw"}, "ties drawn", True)] * 2
        + [({"layoff_chaining": False}, "no chaining", True)] * 3
        + [({"knock_limit": 0}, "gin only", True)] * 3
        + [({"knock_limit": 0}, "gin only, players who never take a discard", False)] * 8
        + [({"knock_limit": 0, "fiftieth_card_rule": True},
            "gin only and the fiftieth-card rule, players who never take a discard", False)] * 4
    )
    made = 0
    voids = 0
    for overrides, label, take in plans:
        params = rounds.load_variant(overrides=overrides)
        dealer = "p1" if made % 2 == 0 else "p2"
        eleven = params["first_turn"] == "eleven_card_start"
        deal = random_deal(rng, dealer, eleven)
        actions = play_out(deal, params, take=take)
        states, outcome = rounds.replay(deal, actions, params)
        kinds = outcome["outcome"]
        voids += kinds == "void"
        marks = {0, 1, 2, 3}
        for i, state in enumerate(states):
            if state.phase == "layoff" and states[i - 1].phase != "layoff":
                marks.add(i)
            if state.phase == "wall":
                marks.add(i)
        marks.add(len(states) // 2)
        marks.add(len(states) - 2)
        marks.add(len(states) - 1)
        rules = ["TURN-DRAW-SOURCE", "TURN-DISCARD", "TURN-ALTERNATION"]
        rules += {
            "knock": ["SCORE-KNOCK-WIN", "LAYOFF-OPTIMAL"],
            "undercut": ["SCORE-UNDERCUT", "LAYOFF-OPTIMAL"],
            "gin": ["SCORE-GIN", "GIN-DEFINITION"],
            "big_gin": ["SCORE-BIGGIN"],
            "draw": ["SCORE-UNDERCUT-TIE"],
            "void": ["STOCK-WALL-TWO", "STOCK-VOID-NO-SCORE"],
        }[kinds]
        if overrides and "oklahoma" in overrides:
            rules.append("OKLA-KNOCK-CARD")
        if overrides and "fiftieth_card_rule" in overrides:
            rules.append("STOCK-FIFTIETH-CARD")
        if overrides and overrides.get("knock_limit") == 0:
            rules.append("STRAIGHT-NO-KNOCK")
        if eleven:
            rules.append("DEAL-ELEVEN-CARD-START")
        book.add(f, rules,
                 f"A seeded random deal ({label}, dealer {dealer}) played to the end by the simple policy: "
                 f"{kinds.replace('_', ' ')} after {len(actions)} actions.",
                 deal, actions, overrides=overrides, checkpoints=sorted(m for m in marks if 0 <= m < len(states)),
                 tag=f"random {kinds}")
        made += 1
    print(f"random hands: {made}, void: {voids}")


def main() -> None:
    book = Book()
    first_turn(book)
    knock_and_gin(book)
    oklahoma(book)
    layoffs(book)
    undercut_tie(book)
    wall(book)
    illegal(book)
    random_hands(book)
    book.write()
    for name, vectors in book.files.items():
        print(f"{name}: {len(vectors)}")
    for tag, n in sorted(book.tags.items()):
        print(f"  {tag}: {n}")
    print(f"total: {book.count}")


if __name__ == "__main__":
    main()
