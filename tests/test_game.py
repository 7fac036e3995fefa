"""The reference engine's game and Hollywood scoring, on examples worked by hand.

Each expected value is worked out in the comment beside it from spec/games.md, not taken from the
engine. Unless a test says otherwise the rules are the standard ones: target 100, game bonus 100,
box 25 at the end of the game, shutout doubling the total, first to the target wins, deals
alternate and a void hand is dealt again by the same player.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ginspec.suite.variants import get_variant
from reference_impl.errors import GinError, InvalidRules
from reference_impl.errors import InvalidDealer
from reference_impl.game import (
    GameAlreadyOver,
    GameError,
    GameNotOver,
    GameRules,
    HandRecord,
    InvalidHandRecord,
    boxes_won,
    game_standing,
    next_dealer,
    play_game,
    settle,
)
from reference_impl.hollywood import play_hollywood
from tests.oracle.yamlfile import read_document

ROOT = Path(__file__).resolve().parents[1]


def rules(**overrides: Any) -> GameRules:
    parameters = dict(get_variant("standard").parameters)
    parameters.update(overrides)
    return GameRules.from_parameters(parameters)


def hands(text: str) -> list[HandRecord]:
    """'p1 knock 20; none void' as hand records."""
    out = []
    for part in text.split(";"):
        words = part.split()
        out.append(HandRecord(words[0], words[1], int(words[2]) if len(words) > 2 else 0))
    return out


STANDARD = rules()


# --------------------------------------------------------------------------- parameters


def test_standard_parameters_are_read() -> None:
    assert STANDARD.game_target == 100
    assert STANDARD.game_bonus == 100
    assert STANDARD.box_bonus == 25
    assert STANDARD.box_timing == "game_end"
    assert STANDARD.extra_boxes is False
    assert STANDARD.shutout == "double_total"
    assert STANDARD.game_winner == "first_to_target"
    assert STANDARD.dealer_rotation == "alternate"
    assert STANDARD.void_hand_dealer == "same"


def test_rules_are_frozen() -> None:
    with pytest.raises(AttributeError):
        STANDARD.game_target = 150  # type: ignore[misc]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"game_target": "100"}, "game_target='100' must be an integer"),
        ({"game_bonus": True}, "game_bonus=True must be an integer"),
        ({"extra_boxes": 1}, "extra_boxes=1 must be true or false"),
        ({"shutout": 2}, "shutout=2 must be a string"),
        ({"game_target": 0}, "game_target=0 must be 1 or more"),
        ({"box_bonus": -5}, "box_bonus=-5 must be 0 or more"),
        ({"box_timing": "later"}, "box_timing='later' must be one of game_end, immediate"),
        ({"shutout": "triple"}, "shutout='triple' must be one of"),
        ({"game_winner": "last"}, "game_winner='last' must be one of first_to_target, highest_total"),
        ({"dealer_rotation": "random"}, "dealer_rotation='random' must be one of alternate, winner, loser"),
        ({"void_hand_dealer": "other"}, "void_hand_dealer='other' must be one of same, next"),
    ],
)
def test_bad_parameters_are_refused_with_the_offending_value(overrides: dict, message: str) -> None:
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        rules(**overrides)


def test_a_missing_parameter_is_named() -> None:
    parameters = dict(get_variant("standard").parameters)
    del parameters["box_timing"]
    with pytest.raises(InvalidRules, match="'box_timing' is missing"):
        GameRules.from_parameters(parameters)


# --------------------------------------------------------------------------- hand results


@pytest.mark.parametrize(
    ("winner", "outcome", "points", "message"),
    [
        ("p3", "knock", 10, "winner 'p3'"),
        ("p1", "void", 0, "not 'void'"),
        ("p2", "draw", 0, "not 'draw'"),
        ("none", "knock", 0, "draw or void, not 'knock'"),
        ("none", "void", 5, "not 5 points"),
        ("p1", "knock", -1, "points -1"),
        ("p1", "knock", True, "points True"),
    ],
)
def test_impossible_hand_results_are_refused(winner: str, outcome: str, points: Any, message: str) -> None:
    with pytest.raises(InvalidHandRecord, match=message):
        HandRecord(winner, outcome, points)


def test_hand_results_from_vector_mappings() -> None:
    assert HandRecord.from_mapping({"winner": "p1", "outcome": "gin", "points": 40}) == HandRecord("p1", "gin", 40)
    # Outcome and points may be left out: a win is then a knock, a hand without a winner void.
    assert HandRecord.from_mapping({"winner": "p2", "points": 12}) == HandRecord("p2", "knock", 12)
    assert HandRecord.from_mapping({"winner": "none"}) == HandRecord("none", "void", 0)
    with pytest.raises(InvalidHandRecord):
        HandRecord.from_mapping({"points": 3})


@pytest.mark.parametrize(
    ("outcome", "plain", "extra"),
    [("knock", 1, 1), ("undercut", 1, 2), ("gin", 1, 3), ("big_gin", 1, 3)],  # GAME-EXTRA-BOXES
)
def test_boxes_per_hand(outcome: str, plain: int, extra: int) -> None:
    hand = HandRecord("p1", outcome, 30)
    assert boxes_won(hand, STANDARD) == plain
    assert boxes_won(hand, rules(extra_boxes=True)) == extra
    standing = game_standing("p1", [HandRecord("none", "void")], rules(extra_boxes=True))
    assert standing.boxes == {"p1": 0, "p2": 0}  # a hand without a winner earns no box


@pytest.mark.parametrize(
    ("rotation", "void_dealer", "dealer", "winner", "expected"),
    [
        ("alternate", "same", "p1", "p1", "p2"),  # the other player deals
        ("alternate", "same", "p1", "p2", "p2"),
        ("winner", "same", "p1", "p1", "p1"),  # the winner deals
        ("winner", "same", "p2", "p1", "p1"),
        ("loser", "same", "p1", "p1", "p2"),  # the loser deals
        ("loser", "same", "p1", "p2", "p1"),
        ("alternate", "same", "p2", "none", "p2"),  # void: same dealer again
        ("winner", "same", "p2", "none", "p2"),
        ("alternate", "next", "p2", "none", "p1"),  # void: the deal passes
        ("loser", "next", "p1", "none", "p2"),
    ],
)
def test_next_dealer(rotation: str, void_dealer: str, dealer: str, winner: str, expected: str) -> None:
    hand = HandRecord(winner, "void" if winner == "none" else "knock", 0 if winner == "none" else 10)
    assert next_dealer(dealer, hand, rules(dealer_rotation=rotation, void_hand_dealer=void_dealer)) == expected


# --------------------------------------------------------------------------- games


def test_a_standard_game_to_exactly_100() -> None:
    result = play_game("p1", hands("p1 knock 22; p2 knock 15; p1 gin 41; p2 undercut 30; p1 knock 37"), STANDARD)
    assert result.dealers == ("p1", "p2", "p1", "p2", "p1")
    assert result.totals == ((22, 0), (22, 15), (63, 15), (63, 45), (100, 45))
    assert result.over_after == 5  # 22 + 41 + 37 = 100 reaches the target
    p1, p2 = result.settlement.p1, result.settlement.p2
    assert (p1.points, p1.boxes, p1.box_bonus, p1.game_bonus, p1.shutout_bonus, p1.total) == (100, 3, 75, 100, 0, 275)
    assert (p2.points, p2.boxes, p2.box_bonus, p2.game_bonus, p2.shutout_bonus, p2.total) == (45, 2, 50, 0, 0, 95)
    assert (result.winner, result.margin) == ("p1", 180)


def test_to_expected_has_the_vector_shape() -> None:
    result = play_game("p2", hands("p1 knock 30; p1 gin 45; p1 knock 30"), STANDARD)
    assert result.to_expected() == {
        "dealers": ["p2", "p1", "p2"],
        "totals": [[30, 0], [75, 0], [105, 0]],
        "over_after": 3,
        "final": {
            # 105 + 3 x 25 + 100 = 280, doubled by the shutout: 560
            "p1": {"points": 105, "boxes": 3, "box_bonus": 75, "game_bonus": 100, "shutout_bonus": 280, "total": 560},
            "p2": {"points": 0, "boxes": 0, "box_bonus": 0, "game_bonus": 0, "shutout_bonus": 0, "total": 0},
        },
        "winner": "p1",
        "margin": 560,
    }


def test_void_hands_are_dealt_again_and_score_nothing() -> None:
    result = play_game("p1", hands("p2 knock 20; none void; none void; p1 knock 55; p2 gin 85"), STANDARD)
    assert result.dealers == ("p1", "p2", "p2", "p2", "p1")
    assert result.totals[1] == result.totals[2] == (0, 20)
    assert result.settlement.p2.boxes == 2 and result.settlement.p1.boxes == 1


def test_99_is_not_the_end_but_100_is() -> None:
    with pytest.raises(GameNotOver, match="99 to 40"):
        play_game("p1", hands("p2 knock 40; p1 gin 60; p1 knock 39"), STANDARD)
    assert play_game("p1", hands("p2 knock 40; p1 gin 60; p1 knock 40"), STANDARD).over_after == 3


def test_a_hand_after_the_end_is_refused() -> None:
    with pytest.raises(GameAlreadyOver, match="hand 3 is listed after the game ended with hand 2") as caught:
        play_game("p2", hands("p1 gin 60; p1 knock 45; none void"), STANDARD)
    assert caught.value.code == "game_already_over"
    assert isinstance(caught.value, GinError) and isinstance(caught.value, ValueError)


def test_error_codes() -> None:
    assert GameNotOver.code == "game_not_over"
    assert issubclass(GameAlreadyOver, GameError) and issubclass(GameNotOver, GameError)
    with pytest.raises(InvalidDealer, match="first dealer 'p3'"):
        play_game("p3", hands("p1 knock 100"), STANDARD)


def test_the_target_reacher_can_have_the_lower_total() -> None:
    text = (
        "p2 knock 8; p2 knock 12; p1 gin 60; p2 knock 10; p2 knock 9; p2 knock 11; p2 knock 10; "
        "p2 knock 10; p2 knock 12; p2 knock 8; p1 knock 45"
    )
    # p1: 105 + 2 x 25 + 100 = 255. p2: 90 + 9 x 25 = 315.
    first = play_game("p1", hands(text), STANDARD)
    assert (first.winner, first.margin) == ("p1", -60)
    highest = play_game("p1", hands(text), rules(game_winner="highest_total"))
    assert (highest.winner, highest.margin) == ("p2", 60)


def test_highest_total_tie_goes_to_the_player_who_reached_the_target() -> None:
    # p1: 100 + 2 x 25 + 100 = 250; p2: 50 in eight wins, 50 + 200 = 250.
    text = (
        "p2 knock 5; p2 knock 6; p1 knock 50; p2 knock 7; p2 knock 8; p2 knock 4; p2 knock 6; "
        "p2 knock 9; p2 knock 5; p1 gin 50"
    )
    result = play_game("p2", hands(text), rules(game_winner="highest_total"))
    assert (result.settlement.p1.total, result.settlement.p2.total) == (250, 250)
    assert (result.winner, result.margin) == ("p1", 0)


@pytest.mark.parametrize(
    ("form", "bonus", "total"),
    [
        ("double_total", 280, 560),  # 105 + 75 + 100 = 280, again
        ("double_game_bonus", 100, 380),  # the game bonus twice
        ("double_hand_points", 105, 385),  # the hand points twice
        ("double_net", 280, 560),  # 280 - 0, again
        ("flat_100", 100, 380),
        ("none", 0, 280),
    ],
)
def test_shutout_forms(form: str, bonus: int, total: int) -> None:
    result = play_game("p1", hands("p1 knock 30; p1 gin 45; p1 knock 30"), rules(shutout=form))
    assert result.settlement.shutout
    assert (result.settlement.p1.shutout_bonus, result.settlement.p1.total) == (bonus, total)
    assert result.margin == total


def test_a_win_worth_0_points_leaves_a_shutout_with_a_box() -> None:
    # p2's hand points are 0: still a shutout. Net: 280 - 25 = 255 added to p1.
    result = play_game("p1", hands("p1 knock 30; p2 knock 0; p1 gin 45; p1 knock 30"), rules(shutout="double_net"))
    assert result.settlement.shutout
    assert result.settlement.p2.total == 25
    assert (result.settlement.p1.shutout_bonus, result.settlement.p1.total, result.margin) == (255, 535, 510)


def test_double_net_never_takes_points_away() -> None:
    # Contrived: p2 wins 20 hands worth 0, 20 x 25 = 500; p1 100 + 25 + 100 = 225. Net below 0 adds 0.
    points, boxes = {"p1": 100, "p2": 0}, {"p1": 1, "p2": 20}
    settlement = settle(points, points, boxes, "p1", rules(shutout="double_net"))
    assert settlement.shutout and settlement.p1.shutout_bonus == 0
    assert (settlement.winner, settlement.margin) == ("p1", 225 - 500)


def test_a_loser_with_points_is_no_shutout() -> None:
    result = play_game("p2", hands("p2 knock 15; p1 knock 33; p1 gin 36; p1 knock 31"), STANDARD)
    assert not result.settlement.shutout and result.settlement.p1.shutout_bonus == 0


def test_immediate_boxes_count_toward_the_target() -> None:
    # 30 + 25 = 55; p2 20 + 25 = 45; 55 + 22 + 25 = 102.
    result = play_game("p1", hands("p1 knock 30; p2 knock 20; p1 knock 22"), rules(box_timing="immediate"))
    assert result.totals == ((55, 0), (55, 45), (102, 45))
    assert (result.settlement.p1.box_bonus, result.settlement.p1.boxes, result.settlement.p1.total) == (0, 2, 202)
    with pytest.raises(GameNotOver):
        play_game("p1", hands("p1 knock 30; p2 knock 20; p1 knock 22"), STANDARD)


def test_immediate_boxes_and_double_hand_points() -> None:
    # 40, 90, 115; hand points 85 are doubled, the box credits are not.
    result = play_game(
        "p2", hands("p2 knock 30; p2 knock 40; p2 knock 15"),
        rules(box_timing="immediate", box_bonus=10, shutout="double_hand_points"),
    )
    assert result.settlement.p2.shutout_bonus == 85
    assert result.settlement.p2.total == 115 + 100 + 85


def test_extra_boxes() -> None:
    # p1: gin 3 + knock 1 + undercut 2 = 6 boxes; p2: undercut 2 + big gin 3 = 5.
    result = play_game(
        "p2", hands("p1 gin 40; p2 undercut 30; p1 knock 20; p2 big_gin 50; p1 undercut 45"), rules(extra_boxes=True)
    )
    assert (result.settlement.p1.boxes, result.settlement.p2.boxes) == (6, 5)
    assert (result.settlement.p1.total, result.settlement.p2.total) == (355, 205)


def test_hands_may_be_given_as_mappings() -> None:
    result = play_game("p1", [{"winner": "p1", "outcome": "gin", "points": 100}], STANDARD)
    assert result.over_after == 1 and result.dealers == ("p1",)


# --------------------------------------------------------------------------- Hollywood

HOLLYWOOD = rules(hollywood=True)


def test_wins_enter_one_then_two_then_three_columns() -> None:
    session = play_hollywood(hands("p1 knock 10; p1 knock 20; p1 knock 30; p1 knock 5"), HOLLYWOOD)
    # c1: 10 + 20 + 30 + 5; c2: 20 + 30 + 5; c3: 30 + 5
    assert [column.totals for column in session.columns] == [(65, 0), (55, 0), (35, 0)]
    assert [column.entries for column in session.columns] == [(4, 0), (3, 0), (2, 0)]
    assert session.over_after is None


def test_a_player_shut_out_of_column_1_starts_in_column_2() -> None:
    session = play_hollywood(hands("p1 gin 50; p1 knock 30; p1 knock 25; p2 knock 20; p2 knock 30"), HOLLYWOOD)
    c1, c2, c3 = session.columns
    assert c1.closed_after == 3 and c1.totals == (105, 0)
    assert c1.settlement is not None and c1.settlement.shutout and c1.settlement.p1.total == 560
    # p2's first win goes to column 2 only, his second to columns 2 and 3.
    assert c2.totals == (55, 50) and c3.totals == (25, 30)


def test_two_columns_close_on_the_same_hand() -> None:
    session = play_hollywood(hands("p1 knock 30; p1 knock 30; p1 gin 70"), HOLLYWOOD)
    assert [column.closed_after for column in session.columns] == [3, 3, None]
    c1, c2, c3 = (column.to_expected() for column in session.columns)
    assert c1["final"]["p1"]["total"] == 2 * (130 + 75 + 100)
    assert c2["final"]["p1"]["total"] == 2 * (100 + 50 + 100)
    assert c3 == {"closed_after": None, "totals": {"p1": 70, "p2": 0}, "winner": None}


def test_boxes_are_counted_per_column() -> None:
    text = (
        "p1 knock 20; p2 knock 15; p1 gin 45; p1 knock 30; p2 knock 25; p1 knock 10; p2 undercut 35; "
        "p1 knock 20; p2 gin 50; p2 knock 20"
    )
    session = play_hollywood(hands(text), HOLLYWOOD)
    assert [column.closed_after for column in session.columns] == [6, 8, 10]
    assert session.over_after == 10
    settlements = [column.settlement for column in session.columns]
    totals = [(s.p1.total, s.p2.total) for s in settlements if s is not None]
    # c1: 105 + 4 x 25 + 100 = 305 vs 40 + 50; c2: 305 vs 60 + 50; c3: p1 60 + 75, p2 105 + 75 + 100.
    assert totals == [(305, 90), (305, 110), (135, 280)]
    assert session.to_expected()["columns"][2]["winner"] == "p2"


def test_a_hand_after_the_last_column_closed_is_refused() -> None:
    with pytest.raises(GameAlreadyOver, match="after all three games closed with hand 5"):
        play_hollywood(hands("p1 knock 30; p1 knock 30; p1 gin 70; p2 knock 40; p1 knock 30; none void"), HOLLYWOOD)


def test_hands_without_a_winner_enter_nothing() -> None:
    session = play_hollywood(hands("none void; p2 knock 10; none draw; p2 knock 10"), HOLLYWOOD)
    assert [column.totals for column in session.columns] == [(0, 20), (0, 10), (0, 0)]


# --------------------------------------------------------------------------- the vectors


def _game_vectors() -> list[dict]:
    found = []
    for path in sorted((ROOT / "vectors" / "game").glob("*.yaml")):
        vectors = read_document(path)["vectors"]
        found.extend(vector for vector in vectors if vector["kind"] in ("game", "hollywood"))
    return found


GAME_VECTORS = _game_vectors()


@pytest.mark.parametrize("vector", GAME_VECTORS, ids=[vector["id"] for vector in GAME_VECTORS])
def test_the_engine_answers_every_game_vector(vector: dict) -> None:
    parameters = dict(get_variant(vector.get("variant", "standard")).parameters)
    parameters.update(vector.get("overrides") or {})
    game_rules = GameRules.from_parameters(parameters)
    try:
        if vector["kind"] == "game":
            got = play_game(vector["input"]["first_dealer"], vector["input"]["hands"], game_rules).to_expected()
        else:
            got = play_hollywood(vector["input"]["hands"], game_rules).to_expected()
    except GameError as exc:
        got = {"error": exc.code}
    for key, value in vector["expected"].items():
        assert got.get(key) == value, f"{vector['id']}: {key}"
