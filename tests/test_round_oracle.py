"""Unit tests of the round simulator (tests/oracle/rounds.py) on hands worked out by hand.

Card values: A=1, 2-9 pips, T J Q K = 10. The deals below name the cards that matter; the rest of
the stock follows in canonical order (clubs, diamonds, hearts, spades, each ace to king) unless a
top of the stock is given.
"""

from __future__ import annotations

import random
from contextlib import contextmanager

import pytest

from tests.oracle import layoffs as oracle_layoffs
from tests.oracle import melds as oracle_melds
from tests.oracle import rounds
from tests.oracle.cards import all_cards, format_hand
from tests.oracle.rounds import IllegalAction, apply, legal_actions, new_hand, parse_action

STD = rounds.load_variant()

READY = "2c 3c 4c 5d 5h 5s 9h Th Jh Kd"  # 2c-4c, three fives, 9h-Jh; Kd alone (10)
JUNK = "Ac 6c 8c Td 2d 7d 3h 4s 6s 8s"  # no meld, 55; Ac fits below 2c 3c 4c


def P(**overrides):
    return rounds.load_variant(overrides=overrides)


def deal(p1, p2, upcard, dealer="p2", top=""):
    named = p1.split() + p2.split() + ([upcard] if upcard else []) + top.split()
    rest = [c for c in all_cards() if c not in named]
    return {
        "dealer": dealer,
        "hands": {"p1": p1, "p2": p2},
        "upcard": upcard,
        "stock": " ".join(top.split() + rest),
    }


def play(d, actions, params=STD):
    state = new_hand(d, params)
    for action in actions:
        state = apply(state, action)
    return state


def refused(d, actions, params=STD):
    """The reason code of the last action, which must be refused."""
    state = play(d, actions[:-1], params)
    with pytest.raises(IllegalAction) as err:
        apply(state, actions[-1])
    return err.value.reason


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "text",
    [
        "p1 pass",
        "p2 draw discard",
        "p1 draw stock",
        "p2 discard Kh",
        "p1 knock Kh",
        "p1 knock Kh with 7c 7d 7h | 4s 5s 6s",
        "p2 big-gin",
        "p2 layoff 4h",
        "p2 layoff 8s onto 7s",
        "p1 done",
    ],
)
def test_printing_a_parsed_action_gives_the_same_text(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        "p1  pass",
        " p1 pass",
        "p1 pass ",
        "p3 pass",
        "P1 pass",
        "p1",
        "p1 draw",
        "p1 draw pile",
        "p1 draw stock now",
        "p1 discard 10h",
        "p1 discard kh",
        "p1 discard",
        "p1 discard Kh Qh",
        "p1 knock Kh with",
        "p1 knock Kh with 7c 7d 7h |",
        "p1 knock Kh with 7c 7d 7h | | 4s 5s 6s",
        "p1 knock Kh and 7c 7d 7h",
        "p1 layoff 4h onto",
        "p1 layoff 4h on 5h",
        "p1 jump",
        "p1 big-gin now",
        "p1 pass\n",
    ],
)
def test_the_parser_is_strict(text):
    with pytest.raises(rounds.ActionSyntaxError):
        parse_action(text)


# --------------------------------------------------------------------------- meld search


def _dense_hands(seed, count, size):
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        suits = rng.sample("cdhs", 2)
        low = rng.randint(1, 6)
        pool = [c for c in all_cards() if c[1] in suits or "A23456789TJQK".index(c[0]) in range(low, low + 5)]
        hands.append(frozenset(rng.sample(pool, size)))
    return hands


def test_least_deadwood_and_arrangements_agree_with_the_brute_force_oracle():
    for hand in _dense_hands(1, 40, 10) + _dense_hands(2, 20, 11):
        assert rounds.least_deadwood(hand) == oracle_melds.least_deadwood(sorted(hand)), format_hand(hand)
    for hand in _dense_hands(3, 25, 10):
        assert rounds._best_arrangements(hand) == frozenset(oracle_melds.optimal_arrangements(sorted(hand)))


def test_defender_best_agrees_with_the_oracle_lay_offs():
    rng = random.Random(4)
    for params in (STD, P(layoff_chaining=False), P(layoffs=False)):
        for knocker in _dense_hands(5, 12, 10):
            rest = [c for c in all_cards() if c not in knocker]
            defender = frozenset(rng.sample(rest, 10))
            for arrangement in rounds._best_arrangements(knocker):
                melds = [oracle_melds.format_meld(m) for m in arrangement]
                want, _ = oracle_layoffs.defender_after_layoffs(melds, sorted(defender), params)
                assert rounds.defender_best(arrangement, defender, params) == want


# --------------------------------------------------------------------------- the deal


def test_a_deal_must_be_the_whole_pack_exactly_once():
    good = deal(READY, JUNK, "Qh")
    assert len(new_hand(good, STD).stock) == 31
    short = dict(good, stock=" ".join(good["stock"].split()[:-1]))
    with pytest.raises(ValueError):
        new_hand(short, STD)
    twice = dict(good, stock=good["stock"].replace(good["stock"].split()[0], "Qh", 1))
    with pytest.raises(ValueError):
        new_hand(twice, STD)
    with pytest.raises(ValueError):
        new_hand(good, P(first_turn="eleven_card_start"))  # ten cards each and an upcard


# --------------------------------------------------------------------------- the first turn


def test_the_non_dealer_takes_the_upcard():
    d = deal(READY, JUNK, "Qh")
    s = new_hand(d, STD)
    assert (s.phase, s.to_play) == ("first_turn", "p1")
    assert legal_actions(s) == {"p1 draw discard", "p1 pass"}
    s = apply(s, "p1 draw discard")
    assert (s.phase, s.to_play, s.taken) == ("discard", "p1", "Qh")
    # every card but the taken Qh may be discarded; knocks keep 10 or less:
    # Kd -> gin (0), 9h -> Th Jh Qh stays a run, Kd kept (10)
    legal = legal_actions(s)
    assert {a for a in legal if " discard " in a} == {f"p1 discard {c}" for c in READY.split()}
    assert {a for a in legal if " knock " in a} == {"p1 knock Kd", "p1 knock 9h"}
    s = apply(s, "p1 discard Kd")
    assert (s.phase, s.to_play, s.pile[-1]) == ("draw", "p2", "Kd")
    assert legal_actions(s) == {"p2 draw stock", "p2 draw discard"}


def test_the_non_dealer_passes_and_the_dealer_takes():
    d = deal(READY, JUNK, "Qh")
    s = apply(new_hand(d, STD), "p1 pass")
    assert (s.phase, s.to_play) == ("first_turn", "p2")
    assert legal_actions(s) == {"p2 draw discard", "p2 pass"}
    s = apply(s, "p2 draw discard")
    assert "p2 discard Qh" not in legal_actions(s)
    s = apply(s, "p2 discard 8s")
    assert (s.phase, s.to_play) == ("draw", "p1")
    assert legal_actions(s) == {"p1 draw stock", "p1 draw discard"}


def test_both_pass_and_the_non_dealer_must_draw_from_the_stock():
    d = deal(READY, JUNK, "Qh", top="7s")
    s = play(d, ["p1 pass", "p2 pass"])
    assert (s.phase, s.to_play) == ("first_turn", "p1")
    assert legal_actions(s) == {"p1 draw stock"}
    assert refused(d, ["p1 pass", "p2 pass", "p1 draw discard"]) == "upcard_closed"
    assert refused(d, ["p1 pass", "p2 pass", "p1 pass"]) == "wrong_phase"
    s = apply(s, "p1 draw stock")
    assert s.hand() == frozenset(READY.split() + ["7s"]) and len(s.stock) == 30
    opened = play(d, ["p1 pass", "p2 pass"], P(upcard_after_passes=True))
    assert legal_actions(opened) == {"p1 draw stock", "p1 draw discard"}
    assert apply(opened, "p1 draw discard").taken == "Qh"


def test_the_stock_is_closed_until_the_offer_was_made_to_both():
    d = deal(READY, JUNK, "Qh")
    assert refused(d, ["p1 draw stock"]) == "wrong_phase"
    assert refused(d, ["p1 pass", "p2 draw stock"]) == "wrong_phase"
    assert refused(d, ["p2 pass"]) == "not_your_turn"


def test_the_taken_card_may_not_be_thrown_back():
    d = deal(READY, JUNK, "Qh")
    assert refused(d, ["p1 draw discard", "p1 discard Qh"]) == "taken_card"
    assert refused(d, ["p1 draw discard", "p1 knock Qh"]) == "taken_card"
    assert refused(d, ["p1 pass", "p2 draw discard", "p2 discard Qh"]) == "taken_card"
    free = P(discard_taken_card=True)
    s = play(d, ["p1 draw discard", "p1 discard Qh", "p2 draw discard", "p2 discard Qh"], free)
    assert (s.phase, s.to_play, s.pile[-1]) == ("draw", "p1", "Qh")


def test_a_refused_action_leaves_the_state_as_it_was():
    d = deal(READY, JUNK, "Qh")
    s = apply(new_hand(d, STD), "p1 draw discard")
    with pytest.raises(IllegalAction):
        apply(s, "p1 discard Qh")
    assert s.hand() == frozenset(READY.split() + ["Qh"]) and s.phase == "discard"


def test_no_offer_and_the_eleven_card_start():
    d = deal(READY, JUNK, "Qh")
    s = new_hand(d, P(first_turn="no_offer"))
    assert (s.phase, legal_actions(s)) == ("draw", {"p1 draw stock", "p1 draw discard"})
    eleven = {"dealer": "p2", "hands": {"p1": READY + " Qh", "p2": JUNK}, "upcard": None,
              "stock": " ".join(c for c in all_cards() if c not in (READY + " Qh " + JUNK).split())}
    s = new_hand(eleven, P(first_turn="eleven_card_start"))
    assert (s.phase, s.to_play, len(s.stock), s.pile) == ("discard", "p1", 31, ())
    assert "p1 knock Kd" in legal_actions(s) and "p1 discard Qh" in legal_actions(s)
    s = apply(s, "p1 knock Kd")
    assert s.result["outcome"] == "gin" and s.result["points"] == 25 + 55


# --------------------------------------------------------------------------- knocking and scoring


LIMIT = deal("2c 3c 4c 5c 9c 9d 9h 9s 4d 6h", JUNK, "Kh", top="7s")  # with 7s: 4d 6h 7s loose


def test_the_knock_limit_counts_the_ten_cards_kept():
    drawn = ["p1 pass", "p2 pass", "p1 draw stock"]
    assert refused(LIMIT, drawn + ["p1 knock 6h"]) == "over_knock_limit"  # keeps 4d 7s = 11
    s = play(LIMIT, drawn + ["p1 knock 7s"])  # keeps 4d 6h = 10
    assert (s.phase, s.to_play, s.knocker_deadwood) == ("layoff", "p2", 10)
    # Ac goes below 2c-5c, 6c above it; the four nines take nothing
    assert legal_actions(s) == {"p2 layoff Ac", "p2 layoff 6c", "p2 done"}
    s = play(LIMIT, drawn + ["p1 knock 7s", "p2 layoff Ac", "p2 layoff 6c", "p2 done"])
    assert s.result == {"outcome": "knock", "winner": "p1", "points": 48 - 10, "knocker": "p1",
                        "knocker_deadwood": 10, "defender_deadwood": 48, "layoffs": "Ac 6c"}
    assert legal_actions(s) == frozenset() and s.to_play is None
    assert refused(LIMIT, drawn + ["p1 knock 7s", "p2 done", "p1 draw stock"]) == "hand_over"


def test_gin_scores_at_once_whatever_spread_is_shown():
    d = deal(READY, JUNK, "Qh")
    for knock in ("p1 knock Kd", "p1 knock Kd with 2c 3c 4c | 5d 5h 5s"):
        s = play(d, ["p1 draw discard", knock])
        assert s.phase == "over"
        assert s.result["outcome"] == "gin" and s.result["points"] == 25 + 55 and s.result["layoffs"] == ""
    assert refused(d, ["p1 draw discard", "p1 knock Kd with 2c 3c 4c 5c"]) == "invalid_spread"


def test_big_gin_and_its_refusals():
    d = deal("2c 3c 4c 5d 5h 5s 9h Th Jh Qh", JUNK, "Kh")
    s = play(d, ["p1 draw discard", "p1 big-gin"])
    assert (s.result["outcome"], s.result["points"]) == ("big_gin", 31 + 55)
    assert refused(d, ["p1 draw discard", "p1 big-gin"], P(big_gin=False)) == "not_big_gin"
    assert refused(deal(READY, JUNK, "Qh"), ["p1 draw discard", "p1 big-gin"]) == "not_big_gin"
    mandatory = play(d, ["p1 draw discard"], P(gin_mandatory=True))
    assert legal_actions(mandatory) == {"p1 big-gin", "p1 knock 9h"}


def test_gin_mandatory_refuses_other_plays_only_when_gin_is_there():
    d = deal(READY, JUNK, "Qh")
    params = P(gin_mandatory=True)
    assert legal_actions(play(d, ["p1 draw discard"], params)) == {"p1 knock Kd"}
    assert refused(d, ["p1 draw discard", "p1 discard Kd"], params) == "gin_required"
    assert refused(d, ["p1 draw discard", "p1 knock 9h"], params) == "gin_required"
    no_gin = deal(READY, JUNK, "Qh", top="7s")  # 7s and Kd loose: no gin, so everything stays open
    s = play(no_gin, ["p1 pass", "p2 pass", "p1 draw stock"], params)
    assert {"p1 discard Kd", "p1 discard 7s", "p1 knock Kd", "p1 knock 7s"} <= legal_actions(s)


def test_the_automatic_spread_leaves_the_defender_the_most():
    # 3h serves 3c 3d 3h or 2h 3h 4h (both leave 7 with As); the set takes only 3s, the run 5h then 6h
    d = deal("3c 3d 3h 2h 4h Tc Jc Qc As 9d", "3s 5h 6h 8c 8d Ks Qd 7s 9s 4c", "Kc")
    s = play(d, ["p1 draw discard", "p1 knock 9d"])
    assert legal_actions(s) == {"p2 layoff 3s", "p2 done"}
    assert refused(d, ["p1 draw discard", "p1 knock 9d", "p2 layoff 5h"]) == "cannot_lay_off"
    s = play(d, ["p1 draw discard", "p1 knock 9d with 2h 3h 4h | Tc Jc Qc Kc", "p2 layoff 5h", "p2 layoff 6h",
                 "p2 done"])
    assert s.result["defender_deadwood"] == 70 - 11 and s.result["points"] == 59 - 7
    assert refused(d, ["p1 draw discard", "p1 knock 9d with Tc Jc Qc Kc"]) == "over_knock_limit"


def test_chains_and_ambiguous_lay_offs():
    d = deal("3h 4h 5h 9c 9d 9s Jd Qd 2c Ks", "2h 6h 7h 8h 9h Td 5c 6c 7c Ac", "Kd")
    knock = ["p1 draw discard", "p1 knock Ks"]
    s = play(d, knock + ["p2 layoff 6h", "p2 layoff 7h", "p2 layoff 8h"])
    assert legal_actions(s) == {"p2 layoff 2h", "p2 layoff 9h onto 3h", "p2 layoff 9h onto 9c", "p2 layoff Td",
                                "p2 done"}
    assert refused(d, knock + ["p2 layoff 6h", "p2 layoff 7h", "p2 layoff 8h", "p2 layoff 9h"]) == "ambiguous_layoff"
    s = apply(apply(s, "p2 layoff 2h"), "p2 layoff 9h onto 7h")  # any card of the run names it
    assert s.melds_now[[i for i, m in enumerate(s.melds_now) if "3h" in m][0]] >= {"2h", "9h"}
    assert refused(d, knock + ["p2 layoff 7h"]) == "cannot_lay_off"
    assert refused(d, knock + ["p2 layoff 6h", "p2 layoff 7h"], P(layoff_chaining=False)) == "cannot_lay_off"
    assert legal_actions(play(d, knock, P(layoffs=False))) == {"p2 done"}
    assert refused(d, knock + ["p2 layoff Kc"]) == "card_not_held"


@pytest.mark.parametrize(
    ("tie", "outcome", "winner", "points"),
    [("undercut", "undercut", "p2", 25), ("undercut_without_bonus", "undercut", "p2", 0),
     ("knocker_wins", "knock", "p1", 0), ("draw", "draw", "none", 0)],
)
def test_a_tie_under_each_reading(tie, outcome, winner, points):
    d = deal("Ac 2c 3c 8d 8h 8s Jh Qh 7c Td", "4d 5d 6d 2h 2s 2d 9c 9d 9s 7s", "Kh")
    s = play(d, ["p1 draw discard", "p1 knock Td", "p2 done"], P(tie_outcome=tie))
    assert (s.result["outcome"], s.result["winner"], s.result["points"]) == (outcome, winner, points)
    assert s.result["knocker_deadwood"] == s.result["defender_deadwood"] == 7


def test_oklahoma_limits_and_the_spade_double():
    ace = deal("2c 3c 4c 5d 5h 5s 9h Th Jh Ad", JUNK, "Ah")
    assert new_hand(ace, P(oklahoma=True)).knock_limit == 0
    assert refused(ace, ["p1 draw discard", "p1 knock Ad"], P(oklahoma=True)) == "over_knock_limit"
    one = P(oklahoma=True, oklahoma_ace="one")
    assert play(ace, ["p1 draw discard", "p1 knock Ad"], one).knocker_deadwood == 1
    seven = deal("2c 3c 4c 5d 5h 5s 9h Th Jh 8d", JUNK, "7h", top="7c")
    okla = P(oklahoma=True)
    s = play(seven, ["p1 draw discard"], okla)
    assert s.knock_limit == 7 and "p1 knock 8d" in legal_actions(s)  # keeps 7h, the limit holds after the take
    assert refused(seven, ["p1 pass", "p2 pass", "p1 draw stock", "p1 knock 7c"], okla) == "over_knock_limit"
    spade = deal("2c 3c 4c 5d 5h 5s 9s Ts Js Kd", JUNK, "Qs")
    s = play(spade, ["p1 draw discard", "p1 knock Kd"], P(oklahoma=True, spade_double=True))
    assert s.result["points"] == 2 * (25 + 55)
    s = play(spade, ["p1 draw discard", "p1 knock Kd"], P(spade_double=True))
    assert s.result["points"] == 25 + 55


# --------------------------------------------------------------------------- the wall


def _throw_back(d, params, prefix, turns, first="p1"):
    """``prefix``, then ``turns`` turns of drawing from the stock and throwing that card back."""
    s = play(d, prefix, params)
    actions = list(prefix)
    player = first
    for _ in range(turns):
        card = s.stock[0]
        for action in (f"{player} draw stock", f"{player} discard {card}"):
            s = apply(s, action)
            actions.append(action)
        player = rounds.other(player)
    return s, actions


def test_the_discard_that_leaves_two_stock_cards_ends_the_hand_void():
    d = deal("Kc Qc 4c 3d 9d Jd 2h 5h 8h 7s", JUNK, "As")
    s, _ = _throw_back(d, STD, ["p1 pass", "p2 pass"], 28)
    assert (s.phase, s.to_play, len(s.stock)) == ("draw", "p1", 3)
    s = apply(s, "p1 draw stock")  # the 29th stock card: the 50th card in play
    assert (s.phase, len(s.stock)) == ("discard", 2)
    over = apply(s, f"p1 discard {sorted(s.hand())[0]}")
    assert (over.phase, over.to_play) == ("over", None)
    assert over.result == {"outcome": "void", "winner": "none", "points": 0}
    with pytest.raises(IllegalAction) as err:
        apply(over, "p2 draw discard")
    assert err.value.reason == "hand_over"


def test_a_knock_on_the_draw_of_the_fiftieth_card_is_legal():
    stock = [c for c in all_cards() if c not in ("2c 3c 4c 5d 5h 5s 9h Th Kd Qs " + JUNK + " As Jh 2s Ah").split()]
    d = {"dealer": "p2", "hands": {"p1": "2c 3c 4c 5d 5h 5s 9h Th Kd Qs", "p2": JUNK}, "upcard": "As",
         "stock": " ".join(stock + ["Jh", "2s", "Ah"])}
    s, _ = _throw_back(d, STD, ["p1 pass", "p2 pass"], 28)
    s = apply(s, "p1 draw stock")
    assert len(s.stock) == 2 and "p1 knock Qs" in legal_actions(s)
    s = apply(s, "p1 knock Qs")
    assert s.phase == "layoff"


def test_the_fiftieth_card_rule_gives_the_other_player_the_last_discard():
    stock = [c for c in all_cards() if c not in (JUNK + " 2c 3c 4c 5d 5h 5s 9h Th Kd Qs As Jh 2s Ah").split()]
    d = {"dealer": "p2", "hands": {"p1": JUNK, "p2": "2c 3c 4c 5d 5h 5s 9h Th Kd Qs"}, "upcard": "As",
         "stock": " ".join(stock + ["Jh", "2s", "Ah"])}
    fifty = P(fiftieth_card_rule=True)
    s, _ = _throw_back(d, fifty, ["p1 pass", "p2 pass"], 29)  # p1 throws back Jh, leaving two
    assert (s.phase, s.to_play, s.pile[-1]) == ("wall", "p2", "Jh")
    assert legal_actions(s) == {"p2 pass", "p2 draw discard"}
    assert apply(s, "p2 pass").result["outcome"] == "void"
    taken = apply(s, "p2 draw discard")
    assert (taken.phase, legal_actions(taken)) == ("discard", {"p2 knock Kd", "p2 knock Qs"})
    with pytest.raises(IllegalAction) as err:
        apply(taken, "p2 discard Qs")
    assert err.value.reason == "wrong_phase"
    assert apply(taken, "p2 knock Qs").phase == "layoff"
    # without the rule the same discard ends the hand at once
    s, _ = _throw_back(d, STD, ["p1 pass", "p2 pass"], 29)
    assert s.result["outcome"] == "void"


def test_the_wall_discard_is_taken_only_to_knock():
    d = deal("Kc Qc 4c 3d 9d Jd 2h 5h 8h 7s", JUNK, "As")
    fifty = P(fiftieth_card_rule=True)
    s, _ = _throw_back(d, fifty, ["p1 pass", "p2 pass"], 29)
    assert (s.phase, legal_actions(s)) == ("wall", {"p2 pass"})
    for action, reason in (("p2 draw discard", "over_knock_limit"), ("p2 draw stock", "wrong_phase"),
                           ("p1 pass", "not_your_turn")):
        with pytest.raises(IllegalAction) as err:
            apply(s, action)
        assert err.value.reason == reason


# --------------------------------------------------------------------------- legal sets and legality agree


def _candidates(state):
    players = ("p1", "p2")
    found = set()
    for p in players:
        found |= {f"{p} pass", f"{p} draw stock", f"{p} draw discard", f"{p} big-gin", f"{p} done"}
        for c in all_cards():
            found |= {f"{p} discard {c}", f"{p} knock {c}", f"{p} layoff {c}"}
        if state.phase == "layoff":
            for meld in state.melds_now:
                for x in meld:
                    found |= {f"{p} layoff {c} onto {x}" for c in state.hands[p]}
    return found


def _canonical_form(state, text):
    action = parse_action(text)
    if action.verb == "layoff" and action.onto is not None:
        return rounds._canonical(state, action)
    return text


def _kept(s, text):
    card = parse_action(text).card
    return rounds.least_deadwood(s.hand() - {card}) if card else 0


@contextmanager
def _listed_once(state):
    """While the candidates of ``state`` are tried, ``apply`` reads its legal set worked out once:
    ``legal_actions`` depends on the state alone, and listing it again for each of the three
    hundred-odd candidates was most of this test's time. Any other state is listed as ever."""
    listed = rounds.legal_actions(state)
    original = rounds.legal_actions
    rounds.legal_actions = lambda other: listed if other is state else original(other)
    try:
        yield listed
    finally:
        rounds.legal_actions = original


def _check_state(s):
    with _listed_once(s) as legal:
        for text in _candidates(s):
            try:
                apply(s, text)
                accepted = True
            except IllegalAction as err:
                assert err.reason in rounds.REASONS
                accepted = False
            assert accepted == (_canonical_form(s, text) in legal), text


@pytest.mark.parametrize(
    ("seed", "overrides", "knock_from"),
    [(1, {}, 6), (2, {"layoff_chaining": False}, 4), (3, {"first_turn": "no_offer"}, 8),
     (4, {"fiftieth_card_rule": True, "knock_limit": 0}, 99),
     (5, {"gin_mandatory": True, "discard_taken_card": True}, 6)],
)
def test_an_action_is_accepted_exactly_when_its_canonical_form_is_listed(seed, overrides, knock_from):
    """Random walks through hands (knocking from turn ``knock_from`` on when it can): in every state
    checked, each candidate action is accepted exactly when its canonical form is a legal action."""
    rng = random.Random(seed)
    params = P(**overrides)
    pack = all_cards()
    rng.shuffle(pack)
    d = {"dealer": "p2", "hands": {"p1": " ".join(pack[:10]), "p2": " ".join(pack[10:20])},
         "upcard": pack[20], "stock": " ".join(pack[21:])}
    s = new_hand(d, params)
    steps = 0
    seen = set()
    while s.phase != "over":
        if s.phase != "draw" or steps % 4 == 0:
            _check_state(s)
            seen.add(s.phase)
        legal = sorted(legal_actions(s))
        knocks = [a for a in legal if " knock " in a or "big-gin" in a]
        lays = [a for a in legal if " layoff " in a]
        if knocks and steps >= knock_from:
            choice = knocks[rng.randrange(len(knocks))]
        elif lays and rng.random() < 0.8:
            choice = lays[rng.randrange(len(lays))]
        elif s.phase == "discard":  # the discard that keeps the least deadwood
            discards = [a for a in legal if " discard " in a] or legal
            choice = min(discards, key=lambda a: (_kept(s, a), rng.random()))
        else:
            choice = legal[rng.randrange(len(legal))]
        s = apply(s, choice)
        steps += 1
    _check_state(s)
    assert ("wall" if overrides.get("fiftieth_card_rule") else "layoff") in seen
