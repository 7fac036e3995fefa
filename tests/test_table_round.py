"""Play at a table of three or four (reference_impl/table_round.py, reference_impl/table_game.py)
against the independent oracle in tests/oracle/table_rounds.py: every table vector, and seeded
random hands compared move by move, refusals included."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from reference_impl.actions import format_action
from reference_impl.cards import DECK, parse_card, parse_cards
from reference_impl.errors import InvalidDealer, InvalidHand, InvalidRules
from reference_impl.round import IllegalAction
from reference_impl.table_game import play_table_game
from reference_impl.table_round import apply_table, deal_table, format_deal, table_legal_actions, table_play_rules
from reference_impl.tables import TableRules
from ginspec.suite.variants import get_variant
from tests.oracle import rounds, table_rounds
from ginspec.suite.yamlio import SAFE_LOADER
from tests.oracle.yamlfile import read_document

ROOT = Path(__file__).resolve().parents[1]


def _load(path: Path, kind: str) -> list[dict]:
    return [vector for vector in read_document(path)["vectors"] if vector["kind"] == kind]


ROUNDS = [vector for path in sorted((ROOT / "vectors" / "round").glob("tables*.yaml")) for vector in _load(path, "table_round")]
GAMES = _load(ROOT / "vectors" / "game" / "table-games.yaml", "table_game")
END_FIELDS = ("outcome", "winner", "points", "knocker", "knocker_deadwood", "deadwood", "layoffs", "finished")


def _params(vector):
    return rounds.load_variant(vector["variant"], vector.get("overrides"))


def test_there_are_enough_table_vectors():
    assert len(ROUNDS) >= 60
    assert len(GAMES) >= 15
    outcomes = {vector["expected"].get("outcome") for vector in ROUNDS}
    assert {"knock", "undercut", "gin", "void", "draw"} <= outcomes
    reasons = {vector["expected"]["illegal"]["reason"] for vector in ROUNDS if "illegal" in vector["expected"]}
    assert {"not_your_turn", "wrong_phase", "card_not_held", "taken_card", "upcard_closed", "over_knock_limit",
            "gin_required", "invalid_spread", "cannot_lay_off", "ambiguous_layoff", "hand_over"} <= reasons
    assert {vector["variant"] for vector in ROUNDS} == {"house-s003", "house-s003-three"}
    assert any("error" in vector["expected"] for vector in GAMES)


@pytest.mark.parametrize("vector", ROUNDS, ids=[vector["id"] for vector in ROUNDS])
def test_table_round_vector_matches_the_oracle(vector):
    states, outcome = table_rounds.replay(vector["input"]["deal"], vector["input"]["actions"], _params(vector))
    expected = vector["expected"]
    assert "spread_choice" not in outcome
    if "illegal" in expected:
        assert outcome.get("illegal") == expected["illegal"], vector["id"]
    else:
        for key in END_FIELDS:
            if key in expected:
                assert outcome.get(key, True if key == "finished" else None) == expected[key], f"{vector['id']}: {key}"
    for point in expected.get("checkpoints", ()):
        seen = table_rounds.checkpoint(states[point["after"]])
        for key, value in point.items():
            if key != "after":
                assert (sorted(seen[key]) if key == "legal" else seen[key]) == (sorted(value) if key == "legal" else value)


@pytest.mark.parametrize("vector", GAMES, ids=[vector["id"] for vector in GAMES])
def test_table_game_vector_matches_the_oracle(vector):
    assert table_rounds.table_game(vector["input"], _params(vector)) == vector["expected"]


def _reference_deal(rules, deal):
    hands = {seat: parse_cards(cards) for seat, cards in deal["hands"].items()}
    return deal_table(rules, deal["dealer"], hands, parse_card(deal["upcard"]), parse_cards(deal["stock"]))


@pytest.mark.parametrize(
    ("variant", "overrides", "seed"),
    [("house-s003", {}, 1), ("house-s003-three", {}, 2), ("house-s003-three", {"layoff_chaining": True}, 3),
     ("house-s003", {"tie_outcome": "draw", "gin_mandatory": True}, 4), ("house-s003", {"discard_taken_card": True}, 5)],
)
def test_random_hands_agree_move_by_move(variant, overrides, seed):
    """Seeded random deals played by a policy that knocks whenever it can: at every step the two
    legal sets are equal, a random refused action gets the same reason, and the ends agree."""
    parameters = {**get_variant(variant).parameters, **overrides}
    rules = table_play_rules(parameters)
    oracle_params = rounds.load_variant(variant, overrides)
    rng = random.Random(seed)
    compared = 0
    for _ in range(6):
        pack = list(DECK)
        rng.shuffle(pack)
        from reference_impl.table_round import deal_table_in_order

        state = deal_table_in_order(rules, rng.choice(rules.seats), pack)
        oracle = table_rounds.new_table(format_deal(state), oracle_params)
        while state.phase != "over":
            legal = sorted(format_action(action) for action in table_legal_actions(state))
            assert legal == sorted(table_rounds.legal_actions(oracle))
            probe = f"{rng.choice(rules.seats)} {rng.choice(['discard', 'knock', 'layoff'])} {rng.choice(pack)}"
            if probe not in legal:
                with pytest.raises(IllegalAction) as refused:
                    apply_table(state, probe)
                with pytest.raises(table_rounds.Illegal) as oracle_refused:
                    table_rounds.apply(oracle, probe)
                assert refused.value.reason == oracle_refused.value.reason, probe
            knocks = [text for text in legal if " knock " in text]
            choice = knocks[0] if knocks else rng.choice(legal)
            state = apply_table(state, choice)
            oracle = table_rounds.apply(oracle, choice)
            compared += 1
        if oracle.open_choice:
            continue
        ours = state.result.to_data()
        theirs = dict(oracle.result)
        assert set(ours.pop("layoffs", "").split()) == set(theirs.pop("layoffs", "").split())
        assert ours == theirs
    assert compared > 0


def test_the_deal_must_be_the_whole_pack():
    rules = table_play_rules(get_variant("house-s003-three").parameters)
    pack = list(DECK)
    hands = {"p1": pack[0:7], "p2": pack[7:14], "p3": pack[14:21]}
    with pytest.raises(InvalidHand, match="dealt twice"):
        deal_table(rules, "p1", hands, pack[21], pack[21:])
    with pytest.raises(InvalidHand, match="expected 7"):
        deal_table(rules, "p1", {**hands, "p3": pack[14:20]}, pack[21], pack[22:])
    with pytest.raises(InvalidDealer, match="p4"):
        deal_table(rules, "p4", hands, pack[21], pack[22:])


@pytest.mark.parametrize(
    ("overrides", "named"),
    [({"oklahoma": True}, "oklahoma"), ({"big_gin": True}, "big_gin"), ({"fiftieth_card_rule": True}, "fiftieth_card_rule"),
     ({"first_turn": "eleven_card_start"}, "first_turn"), ({"scoring_model": "winner_only"}, "scoring_model"),
     ({"players": 2}, "players")],
)
def test_rules_the_table_does_not_play_are_refused_by_name(overrides, named):
    with pytest.raises(InvalidRules, match=named):
        table_play_rules({**get_variant("house-s003").parameters, **overrides})


def test_a_table_game_refuses_a_loser_rotation_and_a_shutout():
    base = get_variant("house-s003-three").parameters
    for overrides, named in (({"dealer_rotation": "loser"}, "dealer_rotation"), ({"shutout": "double_total"}, "shutout")):
        with pytest.raises(InvalidRules, match=named):
            play_table_game("p1", [], TableRules.from_parameters({**base, **overrides}))


@pytest.mark.parametrize(("variant", "you", "dealer"), [("house-s003-three", "p2", "p3"), ("house-s003", "p4", "p1")])
def test_a_hand_at_the_table_is_played_in_the_terminal_saved_and_replayed(variant, you, dealer, tmp_path, capsys, monkeypatch):
    """One person against the computer at the table: the saved transcript replays to the same
    end, and the oracle, replaying it on its own, agrees with what was printed."""
    import io

    from ginspec.commands.main import main

    saved = tmp_path / "table.yaml"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    out = io.StringIO()
    assert main(["play", "--variant", variant, "--you", you, "--dealer", dealer, "--seed", "11", "--save", str(saved)], out=out) == 0
    transcript = yaml.load(saved.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    assert set(transcript["deal"]["hands"]) == set(("p1", "p2", "p3", "p4")[: rounds.load_variant(variant)["players"]])
    _, expected = table_rounds.replay(transcript["deal"], transcript["actions"], rounds.load_variant(variant))
    assert transcript["result"]["outcome"] == expected["outcome"] and transcript["result"]["points"] == expected["points"]
    replayed = io.StringIO()
    assert main(["replay", str(saved)], out=replayed) == 0
    assert f"{expected['outcome']}, winner {expected['winner']}" in replayed.getvalue()
