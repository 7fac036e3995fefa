"""Write the vectors of play at a table of three or four: ``vectors/round/tables.yaml`` (kind
``table_round``) and ``vectors/game/table-games.yaml`` (kind ``table_game``), every expected value
from tests/oracle/table_rounds.py. Run from the repository root:

    python -m tests.oracle.build_table_vectors

Deals are explicit: every hand, the upcard and the whole stock. Random deals come from a seeded
``random.Random`` and are played by a simple deterministic policy; designed deals name the cards
that matter and fill the rest from the same generator. Values worked by hand are asserted against
the oracle before anything is written (``provenance: hand``).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import yaml

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.oracle import rounds, table_rounds  # noqa: E402
    from tests.oracle.cards import all_cards, sort_key, value  # noqa: E402
    from tests.oracle.build_round_vectors import _Dumper, _Flow, registered_rules  # noqa: E402
else:
    from . import rounds, table_rounds
    from .build_round_vectors import _Dumper, _Flow, registered_rules
    from .cards import all_cards, sort_key, value

ROOT = Path(__file__).resolve().parents[2]
ROUND_FILE = ROOT / "vectors" / "round" / "tables.yaml"
GAME_FILE = ROOT / "vectors" / "game" / "table-games.yaml"
SEATS = ("p1", "p2", "p3", "p4")


# --------------------------------------------------------------------------- deals


def random_deal(rng: random.Random, players: int, dealer: str) -> dict[str, Any]:
    pack = list(all_cards())
    rng.shuffle(pack)
    return deal_from(pack, players, dealer)


def deal_from(pack: list[str], players: int, dealer: str, size: int = 7) -> dict[str, Any]:
    hands = {SEATS[i]: " ".join(pack[i * size : (i + 1) * size]) for i in range(players)}
    rest = pack[players * size :]
    return {"dealer": dealer, "hands": hands, "upcard": rest[0], "stock": " ".join(rest[1:])}


def designed_deal(rng: random.Random, dealer: str, hands: dict[str, str], upcard: str, top: str = "") -> dict[str, Any]:
    """Named hands and upcard, the named top of the stock, the rest shuffled below it."""
    used = set(" ".join(list(hands.values()) + [upcard, top]).split())
    rest = [c for c in all_cards() if c not in used]
    rng.shuffle(rest)
    return {"dealer": dealer, "hands": dict(hands), "upcard": upcard, "stock": " ".join(top.split() + rest)}


# --------------------------------------------------------------------------- a simple policy


def _least(cards) -> int:
    return rounds.least_deadwood(frozenset(cards))


def _best_kept(hand) -> int:
    return min(_least(hand - {c}) for c in hand)


def choose(state: table_rounds.Table, patience: dict[str, int], lay_off: bool = True) -> str:
    """A deterministic player: take the discard when it lowers his best count, discard to keep the
    least deadwood (the highest card among equals), knock once within his own patience, lay off
    so as to keep the least deadwood."""
    p = state.to_play
    legal = table_rounds.legal_actions(state)
    hand = state.hands[p]
    if state.phase in ("first_turn", "draw"):
        top = state.pile[-1] if state.pile else None
        if f"{p} draw discard" in legal and top is not None:
            if _best_kept(hand | {top}) < _least(hand) - 1:
                return f"{p} draw discard"
        if f"{p} draw stock" in legal:
            return f"{p} draw stock"
        return f"{p} pass"
    if state.phase == "discard":
        knocks = sorted(a for a in legal if " knock " in a)
        for action in knocks:
            if _least(hand - {action.split()[-1]}) <= patience[p]:
                return action
        discards = [a for a in legal if " discard " in a]
        return min(discards, key=lambda a: (_least(hand - {a.split()[-1]}), -value(a.split()[-1]), sort_key(a.split()[-1])))
    if not lay_off:
        return f"{p} done"
    best = _least(hand)
    for action in sorted(a for a in legal if " layoff " in a):
        after = table_rounds.apply(state, action)
        if _lay_off_value(after, p) < best or _least(after.hands[p]) < best:
            return action
    return f"{p} done"


def _lay_off_value(state, p) -> int:
    legal = [a for a in table_rounds.legal_actions(state) if " layoff " in a]
    best = _least(state.hands[p])
    for action in legal:
        best = min(best, _lay_off_value(table_rounds.apply(state, action), p))
    return best


def play(deal, params, patience, lay_off=True, limit=400) -> list[str]:
    state = table_rounds.new_table(deal, params)
    actions = []
    while state.phase != "over" and len(actions) < limit:
        action = choose(state, patience, lay_off)
        actions.append(action)
        state = table_rounds.apply(state, action)
    return actions


# --------------------------------------------------------------------------- the book


class Book:
    def __init__(self) -> None:
        self.rounds: list[dict[str, Any]] = []
        self.games: list[dict[str, Any]] = []
        self.rules = registered_rules()

    def _check_rules(self, rules, description):
        unknown = [r for r in rules if r not in self.rules]
        if unknown:
            raise ValueError(f"{description}: unregistered rules {unknown}")

    def add_round(self, variant, rules, description, deal, actions, overrides=None, checkpoints=(), expect=None, legal=None):
        self._check_rules(rules, description)
        params = rounds.load_variant(variant, overrides)
        states, outcome = table_rounds.replay(deal, actions, params)
        assert "spread_choice" not in outcome, description
        if "illegal" in outcome:
            expected: dict[str, Any] = {"illegal": dict(outcome["illegal"])}
        elif outcome.get("finished") is False:
            expected = {"finished": False}
        elif outcome["outcome"] == "void":
            expected = {k: outcome[k] for k in ("outcome", "winner", "points")}
        else:
            expected = dict(outcome)
        for key, want in (expect or {}).items():
            if key == "illegal":
                assert outcome.get("illegal") == {"index": want[0], "reason": want[1]}, (description, outcome)
            else:
                assert outcome.get(key) == want, (description, key, outcome.get(key), want)
        for after, want in (legal or {}).items():
            assert sorted(table_rounds.legal_actions(states[after])) == sorted(want), (description, after)
        points = []
        for after in checkpoints:
            after = after if after >= 0 else len(states) + after
            view = table_rounds.checkpoint(states[after])
            del view["knock_limit"]
            points.append({"after": after, **view})
        if points:
            expected["checkpoints"] = points
        vector: dict[str, Any] = {"id": f"round-{3001 + len(self.rounds)}", "rules": _Flow(rules), "variant": variant}
        if overrides:
            vector["overrides"] = dict(overrides)
        vector.update(
            description=description,
            kind="table_round",
            input={"deal": deal, "actions": list(actions)},
            expected=expected,
            provenance="hand" if (expect or legal) else "oracle",
        )
        self.rounds.append(vector)
        return outcome

    def add_game(self, variant, rules, description, first_dealer, hands, overrides=None, expect=None):
        self._check_rules(rules, description)
        params = rounds.load_variant(variant, overrides)
        expected = table_rounds.table_game({"first_dealer": first_dealer, "hands": hands}, params)
        for key, want in (expect or {}).items():
            assert expected.get(key) == want, (description, key, expected.get(key), want)
        vector: dict[str, Any] = {"id": f"game-{3001 + len(self.games)}", "rules": _Flow(rules), "variant": variant}
        if overrides:
            vector["overrides"] = dict(overrides)
        vector.update(
            description=description,
            kind="table_game",
            input={"first_dealer": first_dealer, "hands": hands},
            expected=expected,
            provenance="hand" if expect else "oracle",
        )
        self.games.append(vector)
        return expected

    def write(self) -> None:
        for path, area, description, vectors in (
            (ROUND_FILE, "round", "Hands at a table of three or four (house-s003), dealt from an explicit pack and "
             "played move by move: the upcard offered round the table, turns, the end of the stock, knocks, gin, "
             "undercuts, lay-offs onto the knocker's melds only, penalty points for every player, refusals.", self.rounds),
            (GAME_FILE, "game", "Whole games at a table of three or four (house-s003): hands in sequence, the deal "
             "going round, running totals with penalty points, the end and the winner.", self.games),
        ):
            document = {"area": area, "description": description, "vectors": vectors}
            text = yaml.dump(document, Dumper=_Dumper, sort_keys=False, width=120, allow_unicode=True)
            path.write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- designed hands

HAND_RULES = ["MPN-SEED003", "MPN-SEED003-DEAL", "MPN-SEED003-SCORING"]


def designed(book: Book, rng: random.Random) -> None:
    # 1. The deal and the offer of the upcard round the table of three.
    deal = designed_deal(rng, "p3", {"p1": "2c 3c 4c 9d Td Jd Kh", "p2": "5h 5d 5s 8c 8h Qs Ks", "p3": "Ac Ad 7s 7h 6d 2s 3s"},
                         "4s", top="Kc")
    book.add_round("house-s003-three", ["MPN-SEED003-DEAL", "FIRST-UPCARD-OFFER", "TURN-DRAW-SOURCE", "EQUIP-DECK-52"],
                   "Three at the table, p3 deals: the stock holds 30 cards, p1 is offered the upcard first, then p2, then "
                   "the dealer; after three passes p1 must draw from the stock.",
                   deal, ["p1 pass", "p2 pass", "p3 pass", "p1 draw stock"], checkpoints=(0, 1, 2, 3, 4),
                   legal={0: ["p1 draw discard", "p1 pass"], 3: ["p1 draw stock"]})
    deal4 = designed_deal(rng, "p2", {"p1": "2c 3c 4c 9d Td Jd Kh", "p2": "5h 5d 5s 8c 8h Qs Ks", "p3": "Ac Ad 7s 7h 6d 2s 3s",
                                      "p4": "9c 9h 9s Tc Jc Qc 4d"}, "Kd", top="Qh")
    book.add_round("house-s003", ["MPN-SEED003-DEAL", "FIRST-UPCARD-OFFER", "EQUIP-DECK-52"],
                   "Four at the table, p2 deals: 23 cards in the stock; the offer goes p3, p4, p1 and the dealer p2 last, "
                   "and the dealer takes it.", deal4, ["p3 pass", "p4 pass", "p1 pass", "p2 draw discard"],
                   checkpoints=(0, 3, 4), expect={"finished": False})
    # 2. Turn order: after the dealer took the upcard and discarded, the player after him plays.
    book.add_round("house-s003", ["TURN-DISCARD", "TURN-NO-DISCARD-TAKEN-CARD", "MPN-SEED003"],
                   "The dealer p2 takes the upcard Kd, may not throw it back, and discards Qs; p3, the player after him, "
                   "draws next.", deal4, ["p3 pass", "p4 pass", "p1 pass", "p2 draw discard", "p2 discard Qs"],
                   checkpoints=(4, 5))
    # 3. Knock, lay-offs onto the original melds only (the seat example of spec/tables.md, played).
    hands = {"p1": "5h 6h 7h Kc Kd Ks 3c", "p2": "4h 8h Qd Jd 9c 2s 6c", "p3": "Kh 9h Ts Js Qs 2d Ad", "p4": "4c 4d 4s 8c 8d Tc Jh"}
    deal = designed_deal(rng, "p4", {**hands, "p1": "5h 6h 7h Kc Kd Ks 3c"}, "Qc", top="Ac")
    book.add_round("house-s003", HAND_RULES + ["LAYOFF-TARGET-KNOCKER-MELDS", "LAYOFF-CHAIN", "LAYOFF-EXTEND-RUN", "LAYOFF-EXTEND-SET"],
                   "The worked hand of spec/tables.md played: p1 draws Ac and knocks discarding 3c, keeping 1; "
                   "p2 lays off 4h and 8h at the two ends of the run, p3 lays off Kh but cannot follow p2's 8h with 9h "
                   "(original melds only), p4 lays off nothing. Knock: p1 scores 10.",
                   deal, ["p1 pass", "p2 pass", "p3 pass", "p4 pass", "p1 draw stock", "p1 knock 3c", "p2 layoff 4h",
                          "p2 layoff 8h", "p2 done", "p3 layoff Kh", "p3 done", "p4 done"],
                   checkpoints=(6, 8, 9, 11, 12),
                   expect={"outcome": "knock", "winner": "p1", "knocker_deadwood": 1,
                           "points": {"p1": 10, "p2": -36, "p3": -11, "p4": -35}})
    book.add_round("house-s003", ["LAYOFF-TARGET-KNOCKER-MELDS", "LAYOFF-CHAIN"],
                   "Original melds only: p3 may not lay 9h on the 8h that p2 laid off.",
                   deal, ["p1 pass", "p2 pass", "p3 pass", "p4 pass", "p1 draw stock", "p1 knock 3c", "p2 layoff 4h",
                          "p2 layoff 8h", "p2 done", "p3 layoff 9h"], expect={"illegal": (9, "cannot_lay_off")})
    book.add_round("house-s003", ["LAYOFF-CHAIN", "LAYOFF-TARGET-KNOCKER-MELDS"],
                   "With layoff_chaining p3 still may not build on p2's 8h: a player goes on only from his own lay-offs.",
                   deal, ["p1 pass", "p2 pass", "p3 pass", "p4 pass", "p1 draw stock", "p1 knock 3c", "p2 layoff 8h",
                          "p2 done", "p3 layoff 9h"], overrides={"layoff_chaining": True}, expect={"illegal": (8, "cannot_lay_off")})
    # chaining from one's own lay-off
    hands = {"p1": "5h 6h 7h Kc Kd Ks 3c", "p2": "8h 9h Qd Jd 9c 2s 6c", "p3": "Kh 4h Ts Js Qs 2d Ad", "p4": "4c 4d 4s 8c 8d Tc Jh"}
    deal = designed_deal(rng, "p4", hands, "Qc", top="Ac")
    prefix = ["p1 pass", "p2 pass", "p3 pass", "p4 pass", "p1 draw stock", "p1 knock 3c"]
    book.add_round("house-s003", ["LAYOFF-CHAIN", "LAYOFF-EXTEND-RUN"],
                   "house-s003 reads the seed as no chaining: p2 lays off 8h but 9h may not follow it.",
                   deal, prefix + ["p2 layoff 8h", "p2 layoff 9h"], checkpoints=(7,), expect={"illegal": (7, "cannot_lay_off")})
    book.add_round("house-s003", ["LAYOFF-CHAIN", "LAYOFF-EXTEND-RUN", "MPN-SEED003-SCORING"],
                   "With layoff_chaining p2 goes on from his own 8h with 9h.", deal,
                   prefix + ["p2 layoff 8h", "p2 layoff 9h", "p2 done", "p3 layoff Kh", "p3 layoff 4h", "p3 done", "p4 done"],
                   overrides={"layoff_chaining": True}, checkpoints=(7, 8))
    book.add_round("house-s003", ["LAYOFF-OPTIONAL", "LAYOFF-DEFENDER-MELDS", "MPN-SEED003-SCORING"],
                   "Lay-offs are the player's choice: p2 says done at once and keeps 8h and 9h as deadwood.", deal,
                   prefix + ["p2 done", "p3 done", "p4 done"])
    book.add_round("house-s003", ["LAYOFF-DEFENDER-ONLY", "MPN-SEED003-SCORING"],
                   "With layoffs: false nobody lays off: each player may only say done.", deal,
                   prefix + ["p2 done", "p3 done", "p4 done"], overrides={"layoffs": False}, checkpoints=(6,))
    book.add_round("house-s003", ["LAYOFF-DEFENDER-ONLY"], "With layoffs: false a lay-off is refused.", deal,
                   prefix + ["p2 layoff 8h"], overrides={"layoffs": False}, expect={"illegal": (6, "cannot_lay_off")})
    book.add_round("house-s003", ["TURN-ALTERNATION"], "Lay-offs go round in turn order: p3 may not lay off before p2 is done.",
                   deal, prefix + ["p3 layoff Kh"], expect={"illegal": (6, "not_your_turn")})
    # 4. A card that fits two melds must name one.
    hands = {"p1": "7c 7d 7s 8h 9h Th Kc", "p2": "7h 2d 3d Qs Js 5c 4s", "p3": "As 2s 6d 6c Kd Qd Jd"}
    deal = designed_deal(rng, "p3", hands, "Tc", top="Ac")
    prefix = ["p1 pass", "p2 pass", "p3 pass", "p1 draw stock", "p1 knock Kc"]
    book.add_round("house-s003-three", ["LAYOFF-EXTEND-SET", "LAYOFF-EXTEND-RUN", "LAYOFF-TARGET-KNOCKER-MELDS"],
                   "7h fits both the sevens and 8h 9h Th: p2 must name the meld.", deal, prefix + ["p2 layoff 7h"],
                   checkpoints=(5,), expect={"illegal": (5, "ambiguous_layoff")},
                   legal={5: ["p2 done", "p2 layoff 7h onto 7c", "p2 layoff 7h onto 8h"]})
    book.add_round("house-s003-three", ["LAYOFF-EXTEND-SET", "MPN-SEED003-SCORING"],
                   "p2 lays 7h onto the sevens and p3 has nothing to lay off.", deal,
                   prefix + ["p2 layoff 7h onto 7d", "p2 done", "p3 done"], checkpoints=(6, 7))
    book.add_round("house-s003-three", ["LAYOFF-EXTEND-RUN"], "A target that does not take the card is refused.", deal,
                   prefix + ["p2 layoff 7h onto As"], expect={"illegal": (5, "cannot_lay_off")})
    book.add_round("house-s003-three", ["LAYOFF-TARGET-KNOCKER-MELDS"], "A card not held cannot be laid off.", deal,
                   prefix + ["p2 layoff 6h"], expect={"illegal": (5, "card_not_held")})
    # 5. Gin at the table: no lay-offs, double penalties.
    hands = {"p1": "2c 3c 4c 9d 9h 9s Kh", "p2": "5c 6d 7d 8d Qs Js 4h", "p3": "Ah Ad Td Kd 2s 3h 6s", "p4": "Tc Jc Qc Kc 5h 5s 7h"}
    deal = designed_deal(rng, "p4", hands, "3d", top="9c")
    book.add_round("house-s003", ["GIN-DEFINITION", "GIN-NO-LAYOFF", "GIN-DEFENDER-MELDS", "GIN-BONUS", "MPN-SEED003-SCORING"],
                   "p1 draws 9c and goes gin discarding Kh: 25 for him; nobody lays off (p2's 5c would fit), everyone else "
                   "pays twice his own deadwood.",
                   deal, ["p1 pass", "p2 pass", "p3 pass", "p4 pass", "p1 draw stock", "p1 knock Kh"], checkpoints=(6,),
                   expect={"outcome": "gin", "winner": "p1",
                           "points": {"p1": 25, "p2": -2 * 29, "p3": -2 * 33, "p4": -2 * 17}})
    book.add_round("house-s003", ["GIN-DEFINITION", "KNOCK-SPREAD-FIXED"],
                   "Seven cards that can all be melded are gin whatever spread is shown.", deal,
                   ["p1 pass", "p2 pass", "p3 pass", "p4 pass", "p1 draw stock", "p1 knock Kh with 2c 3c 4c | 9c 9d 9h"],
                   expect={"outcome": "gin"})
    book.add_round("house-s003", ["GIN-NO-LAYOFF"], "After gin the hand is over: a lay-off is refused (hand_over).", deal,
                   ["p1 pass", "p2 pass", "p3 pass", "p4 pass", "p1 draw stock", "p1 knock Kh", "p2 layoff 5c"],
                   expect={"illegal": (6, "hand_over")})
    book.add_round("house-s003", ["KNOCK-OPTIONAL"],
                   "With gin_mandatory, p1 holding gin may only knock for gin: a discard is refused.", deal,
                   ["p1 pass", "p2 pass", "p3 pass", "p4 pass", "p1 draw stock", "p1 discard 9s"],
                   overrides={"gin_mandatory": True}, checkpoints=(5,), expect={"illegal": (5, "gin_required")})
    # 6. Undercuts and ties.
    hands = {"p1": "4c 5c 6c Tc Jc Qc 8d", "p2": "Ah Ad 2h 3h 4h 5s 5d", "p3": "As 2s 3s 7h 7s 7c 6d", "p4": "Kh Ks Kd 9s 9h 8h 2c"}
    deal = designed_deal(rng, "p4", hands, "Js", top="Qh")
    prefix = ["p1 pass", "p2 pass", "p3 pass", "p4 pass", "p1 draw stock", "p1 knock Qh"]
    book.add_round("house-s003", ["SCORE-UNDERCUT", "MPN-SEED003-SCORING"],
                   "p1 knocks with 8; p2 keeps Ad 5s 5d = 11 but lays off nothing, p3 lays off nothing and keeps 6d: "
                   "6 is below 8, so p3 undercuts and scores 20; the knocker pays 8 - 6 = 2.",
                   deal, prefix + ["p2 done", "p3 done", "p4 done"],
                   expect={"outcome": "undercut", "winner": "p3", "knocker_deadwood": 8})
    for tie, outcome in (("knocker_wins", "knock"), ("draw", "draw"), ("undercut_without_bonus", "undercut"), ("undercut", "undercut")):
        hands_t = {"p1": "4c 5c 6c Tc Jc Qc 6h", "p2": "Ah Ad 2h 3h 4h 5s 5d", "p3": "As 2s 3s 7h 7s 7c 6d", "p4": "Kh Ks Kd 9s 9h 8h 2c"}
        deal_t = designed_deal(rng, "p4", hands_t, "Js", top="Qh")
        book.add_round("house-s003", ["SCORE-UNDERCUT-TIE", "MPN-SEED003-SCORING"],
                       f"p1 knocks with 6h (6) and p3 keeps 6d (6): with tie_outcome {tie} the hand is {outcome}.",
                       deal_t, prefix + ["p2 done", "p3 done", "p4 done"], overrides={"tie_outcome": tie},
                       expect={"outcome": outcome})
    # 7. Refusals in each phase.
    deal = designed_deal(rng, "p3", {"p1": "2c 3c 4c 9d Td Jd Kh", "p2": "5h 5d 5s 8c 8h Qs Ks", "p3": "Ac Ad 7s 7h 6d 2s 3s"},
                         "4s", top="Kc 6c")
    for actions, reason, rule, text in (
        (["p2 pass"], "not_your_turn", "TURN-ALTERNATION", "p2 acts before p1, the player after the dealer."),
        (["p1 draw stock"], "wrong_phase", "FIRST-UPCARD-OFFER", "The stock is closed while the upcard is on offer."),
        (["p1 discard Kh"], "wrong_phase", "TURN-DISCARD", "No discard before the draw."),
        (["p1 pass", "p2 pass", "p3 pass", "p1 draw discard"], "upcard_closed", "FIRST-UPCARD-OFFER",
         "After all three passed, the upcard is closed."),
        (["p1 pass", "p2 pass", "p3 pass", "p1 pass"], "wrong_phase", "FIRST-UPCARD-OFFER", "A fourth pass does not exist."),
        (["p1 draw discard", "p1 discard 4s"], "taken_card", "TURN-NO-DISCARD-TAKEN-CARD", "The upcard taken may not be thrown back."),
        (["p1 draw discard", "p1 discard As"], "card_not_held", "TURN-DISCARD", "A card not held cannot be discarded."),
        (["p1 draw discard", "p1 knock 2c"], "over_knock_limit", "KNOCK-LIMIT",
         "Knocking with 2c would keep 3c 4c 4s Kh = 21, over the limit of 10."),
        (["p1 draw discard", "p1 knock Kh with 2c 3c 4c 4s | 9d Td Jd"], "invalid_spread", "KNOCK-SPREAD-FIXED",
         "A spread naming a meld that is not one is refused."),
        (["p1 pass", "p2 pass", "p3 pass", "p1 draw stock", "p1 discard Kh", "p2 draw discard", "p2 done"], "wrong_phase",
         "TURN-DISCARD", "done exists only in the lay-off phase."),
        (["p1 pass", "p2 pass", "p3 pass", "p1 draw stock", "p1 discard Kh", "p3 draw stock"], "not_your_turn",
         "TURN-ALTERNATION", "After p1, p2 plays, not p3."),
    ):
        book.add_round("house-s003-three", [rule], text, deal, actions, expect={"illegal": (len(actions) - 1, reason)})
    book.add_round("house-s003-three", ["TURN-NO-DISCARD-TAKEN-CARD"],
                   "With discard_taken_card the upcard may be thrown straight back.", deal,
                   ["p1 draw discard", "p1 discard 4s"], overrides={"discard_taken_card": True}, checkpoints=(1, 2))
    book.add_round("house-s003-three", ["FIRST-UPCARD-OFFER"],
                   "With upcard_after_passes, p1 may still take the upcard after all three passed.", deal,
                   ["p1 pass", "p2 pass", "p3 pass"], overrides={"upcard_after_passes": True}, checkpoints=(3,))
    book.add_round("house-s003-three", ["FIRST-UPCARD-OFFER", "TURN-DRAW-SOURCE"],
                   "With first_turn: no_offer, p1 starts by drawing from either pile.", deal, ["p1 draw stock"],
                   overrides={"first_turn": "no_offer"}, checkpoints=(0, 1))


# --------------------------------------------------------------------------- random hands


def random_hands(book: Book, rng: random.Random, wanted: int) -> None:
    plans = [
        ("house-s003", None, 4), ("house-s003-three", None, 3), ("house-s003", {"layoff_chaining": True}, 4),
        ("house-s003-three", {"tie_outcome": "knocker_wins"}, 3), ("house-s003", {"first_turn": "no_offer"}, 4),
        ("house-s003-three", {"knock_limit": 5}, 3),
    ]
    seen_outcomes: dict[str, int] = {}
    quota = {"knock": 10, "undercut": 8, "gin": 6, "void": 4, "draw": 1}
    tries = 0
    while sum(min(seen_outcomes.get(k, 0), v) for k, v in quota.items()) < sum(quota.values()) and tries < 4000:
        tries += 1
        variant, overrides, players = plans[tries % len(plans)]
        dealer = SEATS[rng.randrange(players)]
        deal = random_deal(rng, players, dealer)
        patience = {seat: rng.choice((0, 0, 2, 5, 10)) for seat in SEATS[:players]}
        params = rounds.load_variant(variant, overrides)
        actions = play(deal, params, patience, lay_off=rng.random() < 0.85)
        states, outcome = table_rounds.replay(deal, actions, params)
        if "spread_choice" in outcome:
            continue
        kind = outcome["outcome"]
        if seen_outcomes.get(kind, 0) >= quota.get(kind, 0):
            continue
        seen_outcomes[kind] = seen_outcomes.get(kind, 0) + 1
        laid = outcome.get("layoffs") or "none"
        knock_at = next((i for i, a in enumerate(actions) if " knock " in a), len(actions) - 1)
        rules = HAND_RULES + {"knock": ["SCORE-KNOCK-WIN"], "undercut": ["SCORE-UNDERCUT"], "gin": ["GIN-DEFINITION", "GIN-NO-LAYOFF"],
                              "void": ["STOCK-WALL-TWO", "STOCK-VOID-NO-SCORE"], "draw": ["SCORE-UNDERCUT-TIE"]}[kind]
        description = (f"A random deal at a table of {players}, dealer {dealer}, played to the end ({len(actions)} actions): "
                       f"{kind}" + (f", won by {outcome['winner']}" if outcome["winner"] != "none" else "")
                       + (f"; laid off: {laid}" if kind in ("knock", "undercut", "draw") else "") + ".")
        book.add_round(variant, rules, description, deal, actions, overrides=overrides,
                       checkpoints=(0, knock_at, knock_at + 1) if kind != "void" else (0, len(actions) - 1, len(actions)))
        if len(book.rounds) >= wanted + 60:
            break


# --------------------------------------------------------------------------- games


def hand_result(rng: random.Random, players: int, params) -> dict[str, Any]:
    """A finished hand at the table as a score sheet records it: a winner with the bonus of his
    outcome and penalty points for the others (twice a deadwood count after gin), or a void hand."""
    seats = SEATS[:players]
    if rng.random() < 0.1:
        return {"winner": "none", "outcome": "void", "points": {s: 0 for s in seats}}
    winner = rng.choice(seats)
    outcome = rng.choice(("knock", "knock", "knock", "undercut", "gin"))
    bonus = {"knock": params["knock_bonus"], "undercut": params["undercut_bonus"], "gin": params["gin_bonus"]}[outcome]
    factor = params["gin_defender_deadwood_multiplier"] if outcome == "gin" else 1
    most = 45 if params["penalty_totals"] == "separate" else 8
    points = {s: (bonus if s == winner else -factor * rng.randrange(0, most)) for s in seats}
    return {"winner": winner, "outcome": outcome, "points": points}


def games(book: Book, rng: random.Random) -> None:
    plans = [
        ("house-s003", None, "Four at the table: bonuses to 100, penalties taken off at the end, the deal passing to the left."),
        ("house-s003", {"penalty_totals": "subtract", "game_target": 40}, "Penalties taken off the running totals, to 40."),
        ("house-s003-three", None, "Three at the table: bonuses to 100, penalties taken off at the end."),
        ("house-s003-three", {"penalty_totals": "subtract", "game_target": 30}, "Three players, penalties off the running totals, to 30."),
        
        ("house-s003", {"dealer_rotation": "winner"}, "The winner of each hand deals the next."),
        ("house-s003-three", {"void_hand_dealer": "next"}, "After a void hand the deal passes on."),
        ("house-s003", {"game_winner": "first_to_target"}, "The first to reach the target wins."),
        ("house-s003-three", {"game_target": 50, "game_bonus": 100, "box_bonus": 25}, "To 50 with a game bonus and boxes."),
        ("house-s003", {"game_target": 60, "box_bonus": 10, "box_timing": "immediate"}, "Boxes of 10 credited at once, to 60."),
        ("house-s003-three", {"game_target": 40, "extra_boxes": True, "box_bonus": 20}, "Extra boxes for gin and undercuts."),
        ("house-s003", {"game_target": 30}, "A short game to 30."),
        ("house-s003-three", {"game_target": 45, "game_winner": "first_to_target"}, "First to 45 in bonuses wins."),
    ]
    for variant, overrides, text in plans:
        params = rounds.load_variant(variant, overrides)
        players = params["players"]
        hands = []
        for _ in range(80):
            hands.append(hand_result(rng, players, params))
            answer = table_rounds.table_game({"first_dealer": "p1", "hands": hands}, params)
            if "error" not in answer:
                break
        first = SEATS[rng.randrange(players)]
        if first != "p1" and "error" in table_rounds.table_game({"first_dealer": first, "hands": hands}, params):
            first = "p1"
        answer = book.add_game(variant, ["MPN-SEED003", "MPN-SEED003-SCORING", "GAME-TARGET", "GAME-WINNER", "DEAL-ROTATION"],
                               f"{text} {len(hands)} hands, first dealer {first}.", first, hands, overrides)
        assert "error" not in answer, (text, answer)
    # the errors
    params = rounds.load_variant("house-s003-three")
    hands = [hand_result(rng, 3, params) for _ in range(3)]
    book.add_game("house-s003-three", ["GAME-TARGET"], "Three hands leave everyone short of 100: the game is not over.",
                  "p2", hands, expect={"error": "game_not_over"})
    short = {"game_target": 20, "penalty_totals": "subtract"}
    hands = [{"winner": "p1", "outcome": "gin", "points": {"p1": 25, "p2": -10, "p3": -4}},
             {"winner": "p2", "outcome": "knock", "points": {"p1": -3, "p2": 10, "p3": -6}}]
    book.add_game("house-s003-three", ["GAME-TARGET"], "A hand listed after p1's gin took him to 25 of 20 is refused.",
                  "p3", hands, overrides=short, expect={"error": "game_already_over"})
    book.add_game("house-s003-three", ["MPN-SEED003-SCORING"], "A winner who takes penalty points is no hand result.",
                  "p1", [{"winner": "p1", "outcome": "knock", "points": {"p1": -5, "p2": 10, "p3": 0}}], overrides=short,
                  expect={"error": "invalid_hand_record"})
    book.add_game("house-s003", ["MPN-SEED003-SCORING"], "A hand at a table of four needs points for all four seats.",
                  "p1", [{"winner": "p1", "outcome": "gin", "points": {"p1": 25, "p2": -10, "p3": -4}}],
                  expect={"error": "invalid_hand_record"})
    # worked by hand
    hands = [
        {"winner": "p2", "outcome": "gin", "points": {"p1": -20, "p2": 25, "p3": -8}},
        {"winner": "none", "outcome": "void", "points": {"p1": 0, "p2": 0, "p3": 0}},
        {"winner": "p3", "outcome": "undercut", "points": {"p1": -7, "p2": -2, "p3": 20}},
        {"winner": "p2", "outcome": "knock", "points": {"p1": -3, "p2": 10, "p3": -30}},
    ]
    book.add_game("house-s003-three", ["MPN-SEED003-SCORING", "GAME-TARGET", "GAME-WINNER", "DEAL-ROTATION", "STOCK-VOID-DEALER"],
                  "To 30, penalties taken off the totals: p1 deals and p2 goes gin; p2 deals a void hand and deals "
                  "again; p3 undercuts; p3 deals and p2 knocks, reaching 25 - 2 + 10 = 33: he wins, p1 ends at -30 and "
                  "p3 at -18.",
                  "p1", hands, overrides={"game_target": 30, "penalty_totals": "subtract"},
                  expect={"dealers": ["p1", "p2", "p2", "p3"], "over_after": 4, "winner": "p2",
                          "totals": [{"p1": -20, "p2": 25, "p3": -8}, {"p1": -20, "p2": 25, "p3": -8},
                                     {"p1": -27, "p2": 23, "p3": 12}, {"p1": -30, "p2": 33, "p3": -18}]})


def main() -> None:
    rng = random.Random(20031)
    book = Book()
    designed(book, rng)
    random_hands(book, rng, 30)
    games(book, rng)
    book.write()
    outcomes: dict[str, int] = {}
    for vector in book.rounds:
        key = vector["expected"].get("outcome") or ("illegal" if "illegal" in vector["expected"] else "unfinished")
        outcomes[key] = outcomes.get(key, 0) + 1
    print(f"{len(book.rounds)} table round vectors {outcomes}, {len(book.games)} table game vectors")


if __name__ == "__main__":
    main()
