"""Unit tests of the brute-force oracle on examples worked out by hand.

Each expected value below was computed on paper; the working is in the comment
next to it. Card values: A=1, 2-9 pips, T J Q K = 10.
"""

import time

import pytest

from tests.oracle import (
    after_discard,
    defender_after_layoffs,
    knock,
    least_deadwood,
    load_params,
    meld_type,
    optimal_arrangements,
    parse_card,
    parse_cards,
    parse_hand,
    score,
)

STD = load_params()


def P(**overrides):
    return load_params(overrides=overrides)


def arrangement(*melds):
    """An arrangement written as meld strings."""
    return frozenset(frozenset(m.split()) for m in melds)


# --------------------------------------------------------------------------- cards


@pytest.mark.parametrize("token", ["Zs", "10h", "as", "AS", "A\u2660", "Asx", "", "1c", "Tx"])
def test_parser_rejects_non_cards_and_quotes_the_token(token):
    with pytest.raises(ValueError) as err:
        parse_card(token)
    assert repr(token) in str(err.value)


def test_parser_reads_lists_and_rejects_repeats_in_a_hand():
    assert parse_cards("As Td 2c") == ["As", "Td", "2c"]
    assert parse_cards("") == []
    assert parse_cards("7h 7h") == ["7h", "7h"]  # a list may repeat, a hand may not
    with pytest.raises(ValueError, match="'7h' appears twice"):
        parse_hand("7h 2c 7h")
    with pytest.raises(ValueError, match="'Zs' is not a card"):
        parse_hand("As Zs")
    with pytest.raises(ValueError):
        parse_hand("As  Td")  # two spaces: an empty token


# --------------------------------------------------------------------------- melds


@pytest.mark.parametrize(
    "cards, expected",
    [
        ("7c 7d 7h", "set"),  # three of a rank
        ("7c 7d 7h 7s", "set"),  # four of a rank
        ("Ah 2h 3h", "run"),  # the ace starts a run: 1, 2, 3
        ("3h Ah 2h", "run"),  # order of listing does not matter
        ("Jh Qh Kh", "run"),  # 11, 12, 13
        ("Qh Kh Ah", None),  # ace is 1, not 14: ranks 1, 12, 13 have gaps
        ("Kh Ah 2h", None),  # no wrap: 13 and 1 are not neighbours
        ("Jh Qh Kh Ah", None),  # same reason with a longer run
        ("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc", "run"),  # all thirteen clubs
        ("5d 6d 8d", None),  # gap at 7
        ("5d 6d 7h", None),  # two suits
        ("8h 9h", None),  # two cards are never a meld
        ("7c 7d 7h 7s 8c", None),  # four sevens and an eight: mixed ranks
        ("7c 7d 8c", None),  # neither one rank nor one suit
    ],
)
def test_meld_type(cards, expected):
    assert meld_type(cards) == expected


def test_five_of_a_rank_cannot_be_written():
    # A pack holds four cards of a rank, so a fifth can only be a repeat.
    with pytest.raises(ValueError, match="appears twice"):
        meld_type("7c 7d 7h 7s 7c")


# --------------------------------------------------------------------------- deadwood


def test_set_and_run_compete_and_the_run_wins():
    # 8h can go in 8c 8d 8h or in 8h 9h Th, not both.
    # set: 9h Th 2c 3d 4s 5s Kc left = 9+10+2+3+4+5+10 = 43
    # run: 8c 8d 2c 3d 4s 5s Kc left = 16+2+3+4+5+10 = 40  -> 40
    hand = "8c 8d 8h 9h Th 2c 3d 4s 5s Kc"
    assert least_deadwood(hand) == 40
    assert optimal_arrangements(hand) == {arrangement("8h 9h Th")}


def test_set_and_run_compete_and_tie():
    # set 5c 5d 5h leaves 4h 6h = 10; run 4h 5h 6h leaves 5c 5d = 10.
    # The rest (Kc Qd 9s 2s Jc) melds nothing: 41. Both give 51.
    hand = "5c 5d 4h 5h 6h Kc Qd 9s 2s Jc"
    assert least_deadwood(hand) == 51
    assert optimal_arrangements(hand) == {arrangement("5c 5d 5h"), arrangement("4h 5h 6h")}


def test_four_card_set_must_be_split():
    # 7c 7d 7h 7s, 5h 6h, 8s 9s, Kc Qd.
    #   all four sevens:       5+6+8+9+10+10 = 48
    #   5h6h7h + 7c7d7s:       8+9+10+10     = 37
    #   7c7d7h + 7s8s9s:       5+6+10+10     = 31  <- best
    #   5h6h7h + 7s8s9s:       7+7+10+10     = 34
    hand = "7c 7d 7h 7s 5h 6h 8s 9s Kc Qd"
    assert least_deadwood(hand) == 31
    assert optimal_arrangements(hand) == {arrangement("7c 7d 7h", "7s 8s 9s")}


def test_a_run_cut_in_two_is_one_arrangement():
    # 4s..9s can be cut 4s5s6s | 7s8s9s; the notation counts that as one
    # arrangement. Kc Kd Kh melds; 2d = 2 is left.
    hand = "4s 5s 6s 7s 8s 9s Kc Kd Kh 2d"
    assert least_deadwood(hand) == 2
    assert optimal_arrangements(hand) == {arrangement("Kc Kd Kh", "4s 5s 6s 7s 8s 9s")}


def test_run_broken_by_a_set():
    # Whole run 4h..Th leaves 7c 7d Ks = 24. Taking 7h into 7c 7d 7h
    # leaves 4h5h6h and 8h9hTh, both runs, and only Ks = 10.
    hand = "4h 5h 6h 7h 8h 9h Th 7c 7d Ks"
    assert least_deadwood(hand) == 10
    assert optimal_arrangements(hand) == {arrangement("7c 7d 7h", "4h 5h 6h", "8h 9h Th")}


def test_no_wrap_trap_melds_nothing():
    # Q K A of hearts and of diamonds are not runs; no rank appears three
    # times: 10+10+1+10+10+1+3+5+7+9 = 66, the empty arrangement.
    hand = "Qh Kh Ah Qd Kd Ad 3c 5s 7c 9s"
    assert least_deadwood(hand) == 66
    assert optimal_arrangements(hand) == {frozenset()}


def test_zero_deadwood_and_empty_hand():
    assert least_deadwood("Ac 2c 3c 4c 7d 7h 7s Ts Js Qs") == 0
    assert least_deadwood("") == 0
    assert optimal_arrangements("") == {frozenset()}
    assert least_deadwood("As") == 1


# --------------------------------------------------------------------------- discard and knock


def test_s000_example_knock_with_the_nine():
    # Kc Kd Kh set, 4s..8s run, deadwood 3h 5d 9c = 17 with eleven cards.
    # Knocking with 9c leaves 3 + 5 = 8 <= 10.
    hand = "Kc Kd Kh 4s 5s 6s 7s 8s 3h 5d 9c"
    assert knock(hand, "9c", STD) == {"legal": True, "deadwood": 8, "gin": False}
    # With 3h discarded 5 + 9 = 14 remain: too many.
    assert knock(hand, "3h", STD) == {"legal": False, "deadwood": 14, "gin": False}
    res = after_discard(hand, STD)
    assert res["deadwood"] == 8 and res["discards"] == {"9c"} and res["can_knock"]


def test_knock_limit_boundary():
    # Deadwood 4h 6d = 10 after discarding 9c: legal; 5h 6d = 11: not.
    assert knock("Kc Kd Kh 4s 5s 6s 7s 8s 4h 6d 9c", "9c", STD)["legal"] is True
    assert knock("Kc Kd Kh 4s 5s 6s 7s 8s 5h 6d 9c", "9c", STD)["legal"] is False
    # A limit of 7 (Oklahoma with a seven up): 3h 4d = 7 is legal, 8 is not.
    assert knock("Kc Kd Kh 4s 5s 6s 7s 8s 3h 4d 9c", "9c", P(knock_limit=7))["legal"] is True
    assert knock("Kc Kd Kh 4s 5s 6s 7s 8s 3h 5d 9c", "9c", P(knock_limit=7))["legal"] is False


def test_best_discard_breaks_a_meld():
    # Eleven cards: best melding is 3c4c5c, 3d3h3s, 5d5h5s with Ah 2h left (3);
    # the highest unmelded card is 2h and discarding it leaves 1. But
    # discarding 4c frees 3c and 5c: Ah2h3h, 3c3d3s, 5c5d5h5s = gin.
    # Any other discard leaves 4c needing 3c5c, then Ah needing 2h3h, and
    # one of 3d/3s dead, so 4c is the only discard to 0.
    res = after_discard("3c 4c 5c 3d 5d Ah 2h 3h 5h 3s 5s", STD)
    assert res == {
        "deadwood": 0,
        "discards": {"4c"},
        "can_knock": True,
        "can_gin": True,
        "can_big_gin": False,
    }


def test_best_discard_from_a_run_end():
    # 2d and 3d can only meld in a diamond run, 6s only in 4s5s6s, so with
    # eleven cards 4c and 4h cannot both meld. Throwing 6s frees 4s 5s:
    # 4c4h4s, 5c5h5s, 2d3d4d5d = gin. Every other discard leaves a dead card.
    res = after_discard("4c 5c 2d 3d 4d 5d 4h 5h 4s 5s 6s", STD)
    assert res["deadwood"] == 0 and res["discards"] == {"6s"}


def test_big_gin_and_its_discards():
    # Ac2c3c4c, 7d7h7s, TsJsQsKs: all eleven melded. A discard keeps gin only
    # from an end of a four-card run: Ac, 4c, Ts, Ks.
    hand = "Ac 2c 3c 4c 7d 7h 7s Ts Js Qs Ks"
    res = after_discard(hand, STD)
    assert res["can_big_gin"] is True
    assert res["discards"] == {"Ac", "4c", "Ts", "Ks"}
    assert after_discard(hand, P(big_gin=False))["can_big_gin"] is False


def test_two_equal_best_discards():
    # 9d and 9h are the only unmelded cards (no third nine, no 8d/Td/8h/Th):
    # either discard leaves 9.
    res = after_discard("Ac 2c 3c 7d 7h 7s Ts Js Qs 9d 9h", STD)
    assert res["deadwood"] == 9 and res["discards"] == {"9d", "9h"}


# --------------------------------------------------------------------------- lay-offs


# Ten defender cards of distinct ranks that meld nothing: 68 points in all.
S002_DEFENDER = "4h 5h Kc Qd Js 9c 8d 7s 2c 3s"


def test_s002_chain_onto_ace_two_three():
    # 4h goes on Ah 2h 3h, then 5h on the extended run: 68 - 9 = 59.
    d, groups = defender_after_layoffs(["Ah 2h 3h"], S002_DEFENDER, STD)
    assert d == 59 and groups == {frozenset({"4h", "5h"})}


def test_no_chaining_keeps_the_second_card():
    # Only 4h fits the run as spread: 68 - 4 = 64.
    d, groups = defender_after_layoffs(["Ah 2h 3h"], S002_DEFENDER, P(layoff_chaining=False))
    assert d == 64 and groups == {frozenset({"4h"})}


def test_layoffs_switched_off():
    d, groups = defender_after_layoffs(["Ah 2h 3h"], S002_DEFENDER, P(layoffs=False))
    assert d == 68 and groups == {frozenset()}


def test_card_that_fits_two_melds():
    # 7s fits 7c7d7h and 4s5s6s; only on the run can 8s follow it.
    # 7+8+10+10+10+9+2+3+1+5 = 65, minus 15 = 50.
    d, groups = defender_after_layoffs(["7c 7d 7h", "4s 5s 6s"], "7s 8s Kd Qh Jc 9d 2h 3c Ad 5c", STD)
    assert d == 50 and groups == {frozenset({"7s", "8s"})}


def test_joint_optimum_beats_own_melds_first():
    # Own melds first keeps 8c8d8h8s and leaves 9h, which cannot go on 5h6h7h
    # without 8h: 9+10+10+2+3+10 = 44. Jointly: 8c8d8s, lay off 8h then 9h: 35.
    d, groups = defender_after_layoffs(["5h 6h 7h"], "8c 8d 8h 8s 9h Kc Qd 2s 3c Jd", STD)
    assert d == 35 and groups == {frozenset({"8h", "9h"})}


def test_joint_optimum_beats_lay_off_first():
    # Laying 8s on 8c8d8h first strands 9s Ts. Keeping 8s9sTs leaves
    # Kc Qh 3c Jd 6c Ah 2h = 10+10+3+10+6+1+2 = 42, with nothing laid off.
    d, groups = defender_after_layoffs(["8c 8d 8h"], "8s 9s Ts Kc Qh 3c Jd 6c Ah 2h", STD)
    assert d == 42 and groups == {frozenset()}


def test_no_ace_on_a_king_run():
    # Ah does not extend Jh Qh Kh; nothing melds: 1+2+...+9+10 = 55.
    d, groups = defender_after_layoffs(["Jh Qh Kh"], "Ah 2c 3d 4s 5c 6d 7s 8c 9d Tc", STD)
    assert d == 55 and groups == {frozenset()}


# --------------------------------------------------------------------------- scoring

# Knocker: Ac2c3c, 4d4h4s, 7c8c9c and 7d: deadwood 7.
KNOCKER7 = "Ac 2c 3c 4d 4h 4s 7c 8c 9c 7d"
# Defender with three sets and 7h, which fits nothing: deadwood 7.
TIED = "5d 5h 5s Jd Jh Js Kd Kh Ks 7h"


@pytest.mark.parametrize(
    "tie_outcome, outcome, winner, points",
    [
        ("undercut", "undercut", "defender", 25),
        ("undercut_without_bonus", "undercut", "defender", 0),
        ("knocker_wins", "knock", "knocker", 0),
        ("draw", "draw", "none", 0),
    ],
)
def test_tie(tie_outcome, outcome, winner, points):
    res = score(KNOCKER7, TIED, P(tie_outcome=tie_outcome))
    assert (res["outcome"], res["winner"], res["points"]) == (outcome, winner, points)
    assert res["knocker_deadwood"] == 7 and res["defender_deadwood"] == 7
    assert res["layoffs"] == frozenset()


def test_knock_win_with_layoffs_at_both_ends():
    # 6c and Tc go on 7c8c9c; Kd Kh = 20 remain. 20 - 7 = 13.
    res = score(KNOCKER7, "5d 5h 5s Jd Jh Js Kd Kh 6c Tc", STD)
    assert res == {
        "outcome": "knock",
        "winner": "knocker",
        "points": 13,
        "knocker_deadwood": 7,
        "defender_deadwood": 20,
        "layoffs": frozenset({"6c", "Tc"}),
    }
    # Without lay-offs: 20 + 6 + 10 = 36, so 29.
    assert score(KNOCKER7, "5d 5h 5s Jd Jh Js Kd Kh 6c Tc", P(layoffs=False))["points"] == 29


def test_undercut():
    # Defender deadwood 2h = 2 < 7: 7 - 2 + 25 = 30 (or + 10 = 15).
    defender = "5d 5h 5s Jd Jh Js Kd Kh Ks 2h"
    res = score(KNOCKER7, defender, STD)
    assert (res["outcome"], res["winner"], res["points"]) == ("undercut", "defender", 30)
    assert score(KNOCKER7, defender, P(undercut_bonus=10))["points"] == 15


def test_gin_against_zero_deadwood_is_not_undercut():
    # Knocker Ac2c3c, 4d4h4s, 7c8c9cTc: gin. Defender all melded: 25 + 0.
    res = score("Ac 2c 3c 4d 4h 4s 7c 8c 9c Tc", "5c 5d 5h 5s Jd Jh Js Kd Kh Ks", STD)
    assert (res["outcome"], res["winner"], res["points"]) == ("gin", "knocker", 25)
    assert score("Ac 2c 3c 4d 4h 4s 7c 8c 9c Tc", "5c 5d 5h 5s Jd Jh Js Kd Kh Ks", P(gin_bonus=20))["points"] == 20


def test_gin_refuses_layoffs():
    # 4c and Jc would fit the knocker's melds but gin allows no lay-off.
    # 4+10+10+10+10+2+6+8+9+3 = 72; 25 + 72 = 97.
    res = score("Ac 2c 3c 4d 4h 4s 7c 8c 9c Tc", "4c Jc Kd Kh Qs 2d 6h 8s 9h 3s", STD)
    assert res["points"] == 97 and res["defender_deadwood"] == 72


def test_big_gin():
    # Defender: 8c8d8h set; 5+6+10+10+2+3+9 = 45 left. 31 + 45 = 76.
    knocker = "Ac 2c 3c 4c 7d 7h 7s Ts Js Qs Ks"
    defender = "5c 6c 8c 8d 8h Kd Qh 2d 3h 9c"
    res = score(knocker, defender, STD)
    assert (res["outcome"], res["points"], res["defender_deadwood"]) == ("big_gin", 76, 45)
    assert score(knocker, defender, P(big_gin_bonus=50))["points"] == 95
    assert score(knocker, defender, P(big_gin=False)) == {"error": "not_big_gin"}


def test_errors():
    # Ac2c3c, 4d4h4s and 7c 8c Qd Qh = 35: over the limit.
    assert score("Ac 2c 3c 4d 4h 4s 7c 8c Qd Qh", TIED, STD) == {"error": "illegal_knock"}
    # Ac 2c 3c 4d is not a meld.
    assert score(KNOCKER7, TIED, STD, knocker_melds=["Ac 2c 3c 4d"]) == {"error": "invalid_melds"}
    # Two melds sharing 4s.
    assert score(KNOCKER7, TIED, STD, knocker_melds=["4d 4h 4s", "4s 4d 4h"]) == {"error": "invalid_melds"}


def test_explicit_spread_changes_the_layoffs():
    # Knocker 4h..9h, Kc Kd Ks, 3c. Defender 3h Th + eight cards of distinct
    # ranks, no melds: 3+10+2+5+6+8+10+10+9+1 = 64.
    # Best spread (deadwood 3): 3h and Th go on 4h..9h: 51, knocker +48.
    # Spread 5h..9h, Kc Kd Ks (4h and 3c = 7 kept): only Th fits: 54, +47.
    knocker = "4h 5h 6h 7h 8h 9h Kc Kd Ks 3c"
    defender = "3h Th 2s 5c 6d 8c Jd Qs 9d Ac"
    res = score(knocker, defender, STD)
    assert (res["points"], res["defender_deadwood"], res["layoffs"]) == (48, 51, {"3h", "Th"})
    res = score(knocker, defender, STD, knocker_melds=["5h 6h 7h 8h 9h", "Kc Kd Ks"])
    assert (res["points"], res["knocker_deadwood"], res["defender_deadwood"], res["layoffs"]) == (
        47,
        7,
        54,
        {"Th"},
    )


def test_auto_spread_takes_the_arrangement_worst_for_the_defender():
    # Knocker 3c 3d 2h 3h 4h 9s Ts Js Qs Ad: 9s..Qs plus either 3c3d3h
    # (2h 4h Ad = 7) or 2h3h4h (3c 3d Ad = 7).
    # Defender (no melds) Ah 5h 6h 3s Kc 7d 8c Jd 2c Qh = 62.
    #   against 3c3d3h: only 3s lays off -> 59
    #   against 2h3h4h: Ah, 5h, 6h lay off -> 50
    # The convention spreads the first: 59 - 7 = 52.
    res = score("3c 3d 2h 3h 4h 9s Ts Js Qs Ad", "Ah 5h 6h 3s Kc 7d 8c Jd 2c Qh", STD)
    assert (res["points"], res["defender_deadwood"], res["layoffs"]) == (52, 59, {"3s"})


def test_speed_of_one_hand():
    start = time.perf_counter()
    least_deadwood("3c 4c 5c 6c 3d 4d 5d 3h 4h 5h")
    after_discard("3c 4c 5c 6c 3d 4d 5d 6d 3h 4h 5h", STD)
    assert time.perf_counter() - start < 2.0
