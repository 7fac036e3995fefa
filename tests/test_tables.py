"""The games for three and four players (spec/tables.md): the reference engine on hand-worked
cases, every vector of vectors/game/tables.yaml and vectors/scoring/tables.yaml against the plain
second working in tests/oracle/tables.py, and the two against each other on seeded random games."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from ginspec.adapters.reference_tables import answer_table_question
from ginspec.errors import InvalidVariant
from ginspec.suite.variants import get_variant, resolve_parameters
from ginspec.suite.vectors import Vector, load_vector_file
from reference_impl.cards import parse_cards
from reference_impl.errors import IllegalKnock, InvalidHand, InvalidRules
from reference_impl.tables import (
    GameAlreadyOver,
    GameNotOver,
    InvalidHandRecord,
    SeatHand,
    TableRules,
    net_result,
    next_line_up,
    partnership_tables,
    play_partnership,
    play_table_hand,
    play_three_player,
    stock_after_deal,
    turn_order_after,
)
from tests.oracle import tables as oracle

ROOT = Path(__file__).resolve().parent.parent
VECTOR_FILES = (ROOT / "vectors" / "game" / "tables.yaml", ROOT / "vectors" / "scoring" / "tables.yaml")
VECTORS: list[Vector] = [vector for path in VECTOR_FILES for vector in load_vector_file(path)]


def rules_of(variant: str, **overrides: Any) -> TableRules:
    return TableRules.from_parameters(resolve_parameters(variant, overrides or None, "overrides"))


def hands_of(**hands: str) -> dict[str, tuple]:
    return {seat: parse_cards(cards) for seat, cards in hands.items()}


# ----------------------------------------------------------------------------- parameters


def test_rules_are_read_from_the_variants() -> None:
    house = rules_of("house-s003")
    assert (house.players, house.table_format, house.scoring_model, house.knock_bonus) == (4, "one_table", "penalty_points", 10)
    assert (house.hand.hand_size, house.hand.undercut_bonus, house.hand.gin_bonus, house.gin_defender_deadwood_multiplier) == (7, 20, 25, 2)
    assert house.hand.layoff_chaining is False
    assert rules_of("house-s003-three").players == 3
    partnership = rules_of("partnership")
    assert (partnership.players, partnership.table_format, partnership.game.game_target) == (4, "partnership", 125)
    assert (partnership.game.dealer_rotation, partnership.game.void_hand_dealer) == ("winner", "next")
    three = rules_of("three-player")
    assert (three.players, three.table_format, three.game.dealer_rotation) == (3, "sit_out", "loser")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"table_format": "round_table"}, "table_format='round_table' must be one of"),
        ({"players": 5}, "players=5 must be 2, 3 or 4"),
        ({"knock_bonus": -1}, "knock_bonus=-1 must be 0 or more"),
        ({"gin_defender_deadwood_multiplier": 0}, "must be 1 or more"),
        ({"scoring_model": True}, "scoring_model=True must be one of"),
    ],
)
def test_bad_parameters_are_refused(change: dict[str, Any], message: str) -> None:
    parameters = {**resolve_parameters("house-s003", None, "test"), **change}
    with pytest.raises(InvalidRules, match=message):
        TableRules.from_parameters(parameters)


def test_a_missing_parameter_is_named() -> None:
    parameters = dict(resolve_parameters("house-s003", None, "test"))
    del parameters["knock_bonus"]
    with pytest.raises(InvalidRules, match="'knock_bonus' is missing"):
        TableRules.from_parameters(parameters)


def test_each_question_needs_its_own_table_format() -> None:
    with pytest.raises(InvalidRules, match="one_table"):
        play_table_hand("p1", {}, rules_of("partnership"))
    with pytest.raises(InvalidRules, match="partnership"):
        play_partnership([], rules_of("three-player"))
    with pytest.raises(InvalidRules, match="sit_out or cutthroat or captain_box"):
        play_three_player("p1", ["p2", "p3"], [], rules_of("house-s003-three"))


def test_a_table_hand_is_scored_with_penalty_points_only() -> None:
    parameters = {**get_variant("house-s003").parameters, "scoring_model": "winner_only"}
    with pytest.raises(InvalidRules, match="penalty_points"):
        play_table_hand("p1", {}, TableRules.from_parameters(parameters))
    with pytest.raises(InvalidVariant, match="scoring_model='winner_only' cannot be played with table_format='one_table'"):
        rules_of("house-s003", scoring_model="winner_only")


# ----------------------------------------------------------------------------- one hand at a table


def test_turn_order_wraps_round_the_table() -> None:
    assert turn_order_after("p3", ("p1", "p2", "p3", "p4")) == ["p4", "p1", "p2"]
    assert turn_order_after("p3", ("p1", "p2", "p3")) == ["p1", "p2"]


def test_the_stock_after_the_seven_card_deal() -> None:
    assert stock_after_deal(rules_of("house-s003")) == 23
    assert stock_after_deal(rules_of("house-s003-three")) == 30


def test_a_knock_worked_by_hand() -> None:
    # p1 keeps 3c; p2 lays off 4h and 8h and keeps 37; p3 lays off Kh, not 9h beyond p2's 8h, and keeps 12;
    # p4 keeps 36. The knocker earns 10; the others take 34, 9 and 33.
    result = play_table_hand(
        "p1",
        hands_of(p1="5h 6h 7h Kc Kd Ks 3c", p2="4h 8h Qd Jd 9c 2s 6c", p3="Kh 9h Ts Js Qs 2d Ad", p4="4c 4d 4s 8c 8d Tc Jh"),
        rules_of("house-s003"),
    )
    assert (result.outcome, result.winner, result.knocker_deadwood) == ("knock", "p1", 3)
    assert result.deadwood == {"p1": 3, "p2": 37, "p3": 12, "p4": 36}
    assert result.points == {"p1": 10, "p2": -34, "p3": -9, "p4": -33}
    assert {str(layoff.card) for layoff in result.defences["p2"].layoffs} == {"4h", "8h"}


def test_an_undercut_charges_the_knocker_too() -> None:
    result = play_table_hand(
        "p2",
        hands_of(p1="Kc Kd Qc Jd 7c 6h 4s", p2="9c 9d 9h Ac 2c 3c 8s", p3="4c 5d 5h 5s 2d 3d Ah", p4="9s Ts Js Qh Kh 7d 6c"),
        rules_of("house-s003"),
    )
    assert (result.outcome, result.winner) == ("undercut", "p3")
    assert result.points == {"p1": -51, "p2": -2, "p3": 20, "p4": -27}


def test_gin_doubles_the_others_deadwood_without_layoffs() -> None:
    result = play_table_hand(
        "p4",
        hands_of(p1="6h Ah As 7c 8c 9c Td", p2="Qh Kh Jc Tc 3s 4s 5d", p3="2c 2d 2s Kd Ks 6s 3d", p4="2h 3h 4h 5h Qc Qd Qs"),
        rules_of("house-s003"),
    )
    assert (result.outcome, result.winner) == ("gin", "p4")
    assert result.points == {"p1": -36, "p2": -104, "p3": -58, "p4": 25}
    assert all(not defence.layoffs for defence in result.defences.values())


@pytest.mark.parametrize(
    ("tie_outcome", "outcome", "winner", "points"),
    [
        ("undercut", "undercut", "p2", {"p1": 0, "p2": 20, "p3": -36}),
        ("undercut_without_bonus", "undercut", "p2", {"p1": 0, "p2": 0, "p3": -36}),
        ("knocker_wins", "knock", "p1", {"p1": 10, "p2": 0, "p3": -36}),
        ("draw", "draw", "none", {"p1": 0, "p2": 0, "p3": 0}),
    ],
)
def test_a_count_equal_to_the_knockers(tie_outcome: str, outcome: str, winner: str, points: dict[str, int]) -> None:
    result = play_table_hand(
        "p1",
        hands_of(p1="7s 8s 9s Jc Jd Jh 4d", p2="Ts 5h 6h 7h Ac Ad 2c", p3="Js Qd Kd 9d 6c 3s 2s"),
        rules_of("house-s003-three", tie_outcome=tie_outcome),
    )
    assert (result.outcome, result.winner, result.points) == (outcome, winner, points)


def test_of_equal_undercutters_the_first_after_the_knocker_wins() -> None:
    result = play_table_hand(
        "p3",
        hands_of(p1="As 2s 3s Th Jh Qh 3d", p2="5h 6h 7h Kc Kd Kh 3h", p3="4c 5c 6c 8d 8h 8s 5s", p4="Qc Jc Td 9s 7d 2d Ah"),
        rules_of("house-s003"),
    )
    assert result.winner == "p1"
    assert result.points == {"p1": 20, "p2": 0, "p3": -2, "p4": -46}


def test_the_knocker_chooses_the_spread_that_leaves_the_highest_lowest_count() -> None:
    hands = hands_of(p1="Ah 2h 3h 2c 2d As 3c", p2="4h Kc Kd Ks 9d 8d 6s", p3="2s Qc Qd Qs 7c 6c 5d", p4="Tc Jc Td Jd 9s 8s 7s")
    rules = rules_of("house-s003")
    chosen = play_table_hand("p1", hands, rules)
    assert {str(card) for meld in chosen.knocker_spread.melds for card in meld} == {"Ah", "2h", "3h"}
    assert chosen.deadwood == {"p1": 8, "p2": 23, "p3": 20, "p4": 40}
    given = play_table_hand("p1", hands, rules, [parse_cards("2c 2d 2h")])
    assert given.deadwood == {"p1": 8, "p2": 27, "p3": 18, "p4": 40}


def test_refused_hands() -> None:
    rules = rules_of("house-s003")
    good = hands_of(p1="5h 6h 7h Kc Kd Ks 3c", p2="4h 8h Qd Jd 9c 2s 6c", p3="Kh 9h Ts Js Qs 2d Ad", p4="4c 4d 4s 8c 8d Tc Jh")
    with pytest.raises(InvalidHand, match="hands of p1, p2, p3, p4"):
        play_table_hand("p1", {seat: good[seat] for seat in ("p1", "p2", "p3")}, rules)
    with pytest.raises(InvalidHand, match="not at the table"):
        play_table_hand("p5", good, rules)
    with pytest.raises(InvalidHand, match="held by p1 and p2"):
        play_table_hand("p1", {**good, "p2": parse_cards("5h 8h Qd Jd 9c 2s 6c")}, rules)
    with pytest.raises(InvalidHand, match="expected 7"):
        play_table_hand("p1", {**good, "p2": parse_cards("4h 8h Qd Jd 9c 2s")}, rules)
    with pytest.raises(IllegalKnock):
        play_table_hand("p1", {**good, "p1": parse_cards("5h 6h 7h Kc Kd Jc 9s")}, rules)


# ----------------------------------------------------------------------------- partnership


def test_partners_change_opponents() -> None:
    assert partnership_tables(1) == (("p1", "p2"), ("p3", "p4"))
    assert partnership_tables(2) == (("p1", "p4"), ("p3", "p2"))
    assert partnership_tables(3) == partnership_tables(1)


@pytest.mark.parametrize(
    ("hands", "winner", "points"),
    [
        ([("p1", 12), ("p4", 10)], "A", 2),  # the example of MP4-NET-RESULT
        ([("p1", 12), ("p3", 10)], "A", 22),
        ([("p2", 30), ("p3", 5)], "B", 25),
        ([("p2", 20), ("p3", 20)], "none", 0),
        ([("p4", 9), ("none", 0)], "B", 9),
        ([("none", 0), ("none", 0)], "none", 0),
    ],
)
def test_the_net_result_of_a_deal(hands: list[tuple[str, int]], winner: str, points: int) -> None:
    records = [SeatHand(seat, "knock" if seat != "none" else "void", score) for seat, score in hands]
    result = net_result(records)
    assert (result.winner, result.points) == (winner, points)


def test_a_partnership_game_worked_by_hand() -> None:
    result = play_partnership(
        [
            [{"winner": "p1", "points": 12}, {"winner": "p4", "points": 10}],
            [{"winner": "p1", "outcome": "gin", "points": 45}, {"winner": "p3", "outcome": "undercut", "points": 30}],
            [{"winner": "p1", "points": 30}, {"winner": "none"}],
            [{"winner": "p4", "points": 15}, {"winner": "p2", "points": 25}],
            [{"winner": "p2", "points": 8}, {"winner": "p3", "points": 26}],
        ],
        rules_of("partnership"),
    )
    answer = result.to_expected()
    assert answer["totals"] == [[2, 0], [77, 0], [107, 0], [107, 40], [125, 40]]
    assert answer["dealers"] == ["A", "A", "A", "A", "B"]
    assert (answer["over_after"], answer["winner"], answer["margin"]) == (5, "A", 260)
    assert answer["final"]["A"]["total"] == 125 + 4 * 25 + 100


def test_a_partnership_hand_won_at_the_wrong_table_is_refused() -> None:
    with pytest.raises(InvalidHandRecord, match="table 1 of deal 2"):
        play_partnership([[{"winner": "p1"}, {"winner": "p3"}], [{"winner": "p2"}, {"winner": "p3"}]], rules_of("partnership"))


def test_a_partnership_game_must_reach_125() -> None:
    with pytest.raises(GameNotOver):
        play_partnership([[{"winner": "p1", "points": 60}, {"winner": "p3", "points": 50}]], rules_of("partnership"))


# ----------------------------------------------------------------------------- three players


def hand(winner: str, points: int = 10) -> SeatHand:
    return SeatHand(winner, "knock" if winner != "none" else "void", points if winner != "none" else 0)


def record(winner: str, points: int = 10) -> dict[str, object]:
    """A hand result as a vector or a score sheet writes it."""
    return {"winner": winner, "points": points}


def test_the_dealer_sits_out_and_the_loser_deals_next() -> None:
    rules = rules_of("three-player")
    assert next_line_up("sit_out", "p3", ("p1", "p2"), hand("p1"), rules) == ("p2", ("p1", "p3"))
    assert next_line_up("sit_out", "p3", ("p1", "p2"), hand("none"), rules) == ("p3", ("p1", "p2"))
    passing = rules_of("three-player", void_hand_dealer="next")
    assert next_line_up("sit_out", "p3", ("p1", "p2"), hand("none"), passing) == ("p1", ("p2", "p3"))
    winner_deals = rules_of("three-player", dealer_rotation="winner")
    assert next_line_up("sit_out", "p3", ("p1", "p2"), hand("p1"), winner_deals) == ("p1", ("p2", "p3"))


def test_in_cutthroat_the_player_who_sat_out_deals_to_the_winner() -> None:
    rules = rules_of("three-player", table_format="cutthroat")
    assert next_line_up("cutthroat", "p2", ("p2", "p3"), hand("p3"), rules) == ("p1", ("p1", "p3"))
    assert next_line_up("cutthroat", "p2", ("p2", "p3"), hand("none"), rules) == ("p2", ("p2", "p3"))


def test_the_box_player_keeps_the_box_while_he_wins() -> None:
    rules = rules_of("three-player", table_format="captain_box")
    assert next_line_up("captain_box", "p1", ("p1", "p2"), hand("p1"), rules) == ("p1", ("p1", "p3"))
    assert next_line_up("captain_box", "p1", ("p1", "p2"), hand("p2"), rules) == ("p2", ("p2", "p3"))
    assert next_line_up("captain_box", "p1", ("p1", "p2"), hand("none"), rules) == ("p1", ("p1", "p2"))


def test_with_three_players_the_deal_cannot_simply_alternate() -> None:
    parameters = {**get_variant("three-player").parameters, "dealer_rotation": "alternate"}
    with pytest.raises(InvalidRules, match="who leaves the table"):
        play_three_player("p3", ["p1", "p2"], [{"winner": "p1", "points": 10}], TableRules.from_parameters(parameters))
    with pytest.raises(InvalidVariant, match="dealer_rotation='alternate' cannot be played with table_format='sit_out'"):
        rules_of("three-player", dealer_rotation="alternate")


def test_a_three_player_game_worked_by_hand() -> None:
    result = play_three_player(
        "p3",
        ["p1", "p2"],
        [
            {"winner": "p1", "points": 20},
            {"winner": "p3", "outcome": "gin", "points": 45},
            {"winner": "none"},
            {"winner": "p2", "outcome": "undercut", "points": 30},
            {"winner": "p1", "points": 35},
            {"winner": "p3", "points": 60},
        ],
        rules_of("three-player"),
    )
    assert result.dealers == ("p3", "p2", "p1", "p1", "p3", "p2")
    assert result.over_after == 6 and result.winner == "p3"
    assert result.finals is not None
    assert {seat: final.total for seat, final in result.finals.items()} == {"p1": 105, "p2": 55, "p3": 255}
    assert {seat: final.net for seat, final in result.finals.items()} == {"p1": -100, "p2": -250, "p3": 350}


def test_the_line_up_must_suit_the_form() -> None:
    with pytest.raises(InvalidHandRecord, match="sits out"):
        play_three_player("p1", ["p1", "p2"], [], rules_of("three-player"))
    with pytest.raises(InvalidHandRecord, match="plays"):
        play_three_player("p1", ["p2", "p3"], [], rules_of("three-player", table_format="cutthroat"))


def test_three_player_errors() -> None:
    rules = rules_of("three-player")
    with pytest.raises(GameAlreadyOver):
        play_three_player("p2", ["p1", "p3"], [record("p1", 60), record("p1", 45), record("p2", 10)], rules)
    with pytest.raises(GameNotOver):
        play_three_player("p2", ["p1", "p3"], [record("p1", 60)], rules)
    with pytest.raises(InvalidHandRecord):
        play_three_player("p2", ["p1", "p3"], [record("p2", 60)], rules)


def test_the_settlement_with_each_opponent_adds_up_to_nothing() -> None:
    rng = random.Random(3)
    for _ in range(200):
        shutout = rng.choice(["double_total", "double_game_bonus", "double_net", "double_hand_points", "flat_100", "none"])
        rules = rules_of("three-player", table_format=rng.choice(["sit_out", "cutthroat"]), shutout=shutout)
        answer = random_three_player_game(rng, rules.table_format, {"shutout": shutout})
        if "final" in answer:
            assert sum(final["net"] for final in answer["final"].values()) == 0


# ----------------------------------------------------------------------------- the vectors


def test_there_are_enough_vectors() -> None:
    assert len(VECTORS) >= 25
    assert sum(vector.provenance == "hand" for vector in VECTORS) >= 10
    assert {vector.kind for vector in VECTORS} == {"table_hand", "partnership", "three_player"}


@pytest.mark.parametrize("vector", VECTORS, ids=[vector.id for vector in VECTORS])
def test_the_oracle_agrees_with_each_vector(vector: Vector) -> None:
    answer = oracle.expected(vector.kind, dict(vector.input), dict(vector.parameters))
    assert {name: answer.get(name) for name in vector.expected} == dict(vector.expected)


@pytest.mark.parametrize("vector", VECTORS, ids=[vector.id for vector in VECTORS])
def test_the_engine_agrees_with_each_vector(vector: Vector) -> None:
    answer = answer_table_question(vector.kind, vector.input, vector.parameters)
    assert {name: answer.get(name) for name in vector.expected} == dict(vector.expected)


def test_the_variant_named_by_each_vector_fits_its_kind() -> None:
    fitting = {
        "table_hand": {"house-s003", "house-s003-three"},
        "partnership": {"partnership"},
        "three_player": {"three-player"},
    }
    assert all(vector.variant in fitting[vector.kind] for vector in VECTORS)


# ----------------------------------------------------------------------------- engine against oracle


RANKS = "A23456789TJQK"
SUITS = "cdhs"


def _strip(answer: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in answer.items() if name != "message"}


def random_three_player_game(rng: random.Random, form: str, overrides: dict[str, Any]) -> dict[str, Any]:
    parameters = resolve_parameters("three-player", {"table_format": form, **overrides}, "overrides")
    rules = TableRules.from_parameters(parameters)
    dealer = rng.choice(["p1", "p2", "p3"])
    others = [seat for seat in ("p1", "p2", "p3") if seat != dealer]
    first = others if form == "sit_out" else [dealer, rng.choice(others)]
    line_up = (dealer, tuple(sorted(first)))
    hands = []
    for _ in range(rng.randint(1, 16)):
        if rng.random() < 0.15:
            result = {"winner": "none", "outcome": rng.choice(["void", "draw"])}
        else:
            result = {"winner": rng.choice(line_up[1]), "outcome": rng.choice(["knock", "undercut", "gin", "big_gin"]), "points": rng.choice([0, 7, 18, 25, 41, 63])}
        hands.append(result)
        line_up = next_line_up(form, line_up[0], line_up[1], SeatHand.from_mapping(result), rules)
    data = {"first_dealer": dealer, "first_players": first, "hands": hands}
    answer = _strip(answer_table_question("three_player", data, parameters))
    assert answer == oracle.expected("three_player", data, dict(parameters)), data
    return answer


@pytest.mark.parametrize("seed", range(4))
def test_engine_and_oracle_agree_on_random_three_player_games(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        overrides = {
            "dealer_rotation": rng.choice(["loser", "winner"]),
            "void_hand_dealer": rng.choice(["same", "next"]),
            "box_timing": rng.choice(["game_end", "immediate"]),
            "extra_boxes": rng.random() < 0.3,
            "shutout": rng.choice(["double_total", "double_game_bonus", "double_net", "double_hand_points", "flat_100", "none"]),
            "game_winner": rng.choice(["first_to_target", "highest_total"]),
        }
        random_three_player_game(rng, rng.choice(["sit_out", "cutthroat", "captain_box"]), overrides)


@pytest.mark.parametrize("seed", range(4))
def test_engine_and_oracle_agree_on_random_partnership_games(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(60):
        overrides = {
            "dealer_rotation": rng.choice(["alternate", "winner", "loser"]),
            "void_hand_dealer": rng.choice(["same", "next"]),
            "box_timing": rng.choice(["game_end", "immediate"]),
            "shutout": rng.choice(["double_total", "double_game_bonus", "double_net", "double_hand_points", "flat_100", "none"]),
            "game_winner": rng.choice(["first_to_target", "highest_total"]),
        }
        parameters = resolve_parameters("partnership", overrides, "overrides")
        deals = []
        for number in range(1, rng.randint(2, 14)):
            deal = []
            for pair in partnership_tables(number):
                if rng.random() < 0.12:
                    deal.append({"winner": "none", "outcome": "void"})
                else:
                    winner = rng.choice(pair) if rng.random() > 0.02 else rng.choice(["p1", "p2", "p3", "p4"])
                    deal.append({"winner": winner, "outcome": rng.choice(["knock", "gin", "undercut"]), "points": rng.choice([0, 6, 12, 20, 33, 47])})
            deals.append(deal)
        data: dict[str, Any] = {"deals": deals, "first_dealers": rng.choice("AB")}
        assert _strip(answer_table_question("partnership", data, parameters)) == oracle.expected("partnership", data, dict(parameters)), data


def _melded_hand(rng: random.Random, free: list[str]) -> list[str]:
    """Seven cards from ``free`` with a three-card run, a set and one low card, when they can be found."""
    for _ in range(200):
        suit, low = rng.choice(SUITS), rng.randrange(0, 11)
        run = [RANKS[low + step] + suit for step in range(3)]
        rank = rng.choice(RANKS)
        group = [rank + other for other in rng.sample(SUITS, 3)]
        cards = list(dict.fromkeys(run + group))
        spare = [card for card in free if card not in cards and card[0] in "A234"]
        if len(cards) == 6 and all(card in free for card in cards) and spare:
            return cards + [rng.choice(spare)]
    return free[:7]


@pytest.mark.parametrize("variant", ["house-s003", "house-s003-three"])
@pytest.mark.parametrize("seed", range(3))
def test_engine_and_oracle_agree_on_random_table_hands(variant: str, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        overrides = {
            "layoff_chaining": rng.random() < 0.3,
            "tie_outcome": rng.choice(["undercut", "undercut_without_bonus", "knocker_wins", "draw"]),
        }
        parameters = resolve_parameters(variant, overrides, "overrides")
        seats = ["p1", "p2", "p3", "p4"][: parameters["players"]]
        free = [rank + suit for suit in SUITS for rank in RANKS]
        rng.shuffle(free)
        hands = {}
        for seat in seats:
            cards = _melded_hand(rng, free) if rng.random() < 0.7 else free[:7]
            hands[seat] = " ".join(cards)
            free = [card for card in free if card not in cards]
        data = {"knocked_by": rng.choice(seats), "hands": hands}
        assert _strip(answer_table_question("table_hand", data, parameters)) == oracle.expected("table_hand", data, dict(parameters)), data
