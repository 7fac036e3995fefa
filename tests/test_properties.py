"""The reference engine against the independent brute-force oracle (tests/oracle) on random hands.

The oracle shares no code with the engine: it enumerates every meld and every collection of
disjoint melds. Hands are drawn uniformly and from a few adjacent ranks (meld-dense), where sets
and runs fight over cards."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ginspec.detection.campaign.hands import best_discards_of_suit, least_deadwood_discards
from ginspec.suite.variants import get_variant
from reference_impl import best_defence, evaluate_drawn_hand, evaluate_resting_hand, parse_cards, score_hand
from reference_impl.cards import DECK, LANE_MASK, cards_of, mask_of
from reference_impl.deadwood import RUN_DEADWOOD, RUN_DEADWOOD_AFTER_DISCARD
from reference_impl.legal import _going_out
from reference_impl.round import deal_in_order
from reference_impl.rules import RoundRules
from tests.oracle import hands as oracle_hands
from tests.oracle import layoffs as oracle_layoffs
from tests.oracle import melds as oracle_melds
from tests.oracle import scoring as oracle_scoring
from tests.oracle.params import load_params
from tests.rules_fixture import standard_rules

STANDARD = standard_rules()
PARAMS = load_params()
NAMES = [str(card) for card in DECK]
PROPERTY_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dense_pool(low: int, width: int) -> list[str]:
    return [name for name in NAMES if low <= "A23456789TJQK".index(name[0]) + 1 < low + width]


def hands(size: int) -> st.SearchStrategy[list[str]]:
    uniform = st.permutations(NAMES).map(lambda cards: cards[:size])
    dense = st.tuples(st.integers(1, 9), st.integers(4, 5)).flatmap(
        lambda shape: st.permutations(dense_pool(*shape)).map(lambda cards: cards[:size])
    )
    return st.one_of(uniform, dense)


def as_text(cards: list[str]) -> str:
    return " ".join(cards)


@PROPERTY_SETTINGS
@given(hands(10))
def test_least_deadwood_of_ten_cards_matches_the_oracle(cards: list[str]) -> None:
    engine = evaluate_resting_hand(parse_cards(as_text(cards)), STANDARD)
    assert engine.deadwood == oracle_melds.least_deadwood(cards)
    engine_arrangements = {frozenset(frozenset(map(str, meld)) for meld in a.melds) for a in engine.arrangements}
    assert engine_arrangements == oracle_melds.optimal_arrangements(cards)


@PROPERTY_SETTINGS
@given(hands(11))
def test_least_deadwood_after_the_draw_matches_the_oracle(cards: list[str]) -> None:
    engine = evaluate_drawn_hand(parse_cards(as_text(cards)), STANDARD)
    expected = oracle_hands.after_discard(cards, PARAMS)
    assert engine.deadwood == expected["deadwood"]
    assert {str(card) for card in engine.discards} == set(expected["discards"])
    assert (engine.can_knock, engine.can_gin, engine.can_big_gin) == (
        expected["can_knock"],
        expected["can_gin"],
        expected["can_big_gin"],
    )



@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(11), st.data())
def test_the_discards_leaving_the_least_deadwood_match_the_oracle(cards: list[str], data: st.DataObject) -> None:
    """KNOCK-COUNT-AFTER-DISCARD: of the cards the campaign's player may throw (some of the eleven
    held after the draw), the least deadwood of the ten kept and the cards that leave it, worked
    out together, are those the oracle counts card by card."""
    allowed = data.draw(st.lists(st.sampled_from(cards), min_size=1, unique=True))
    least, thrown = least_deadwood_discards(mask_of(parse_cards(as_text(cards))), mask_of(parse_cards(as_text(allowed))))
    counts = {card: oracle_melds.least_deadwood([kept for kept in cards if kept != card]) for card in allowed}
    assert least == min(counts.values())
    assert {str(card) for card in cards_of(thrown)} == {card for card, count in counts.items() if count == least}


def test_the_discards_leaving_the_least_deadwood_in_one_suit_are_tabulated_right() -> None:
    """The table of the best discards of each suit mask agrees with the count of each discard."""
    table = best_discards_of_suit()
    for lane in range(1, LANE_MASK + 1):
        counts = {bit: RUN_DEADWOOD[lane ^ bit] for bit in (1 << rank for rank in range(13)) if lane & bit}
        least = min(counts.values())
        assert RUN_DEADWOOD_AFTER_DISCARD[lane] == least
        assert table[lane] == sum(bit for bit, count in counts.items() if count == least)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 14).flatmap(hands))
@example("As Ad Ah 2s 2d 2h 3s 3d 3h".split())  # all melded, yet every discard leaves deadwood
@example("4c 4d 4h 7c 7d 7h Tc Td Th Ks Kd Kh".split())
@example("As 2s 3s 4s 9d 9h 9c Jc Qc Kc 5h".split())
def test_the_moves_going_out_match_the_oracle_for_any_number_of_cards(cards: list[str]) -> None:
    """KNOCK-LIMIT, GIN-DEFINITION, BIGGIN-DEFINITION for a player holding any number of cards (a
    table's smaller hands, a house hand size, twelve or nine cards where every meld may be a set of
    three): the discards that allow a knock or make gin, and whether big gin is open, are those
    the oracle counts card by card."""
    rules = RoundRules.for_two_players(get_variant("standard").parameters)
    state = deal_in_order(rules, "p1", list(DECK))
    held = mask_of(parse_cards(as_text(cards)))
    knocks, gins, big_gin = _going_out(state, held, held)
    counts = {card: oracle_melds.least_deadwood([kept for kept in cards if kept != card]) for card in cards}
    limit = state.knock_limit
    assert {str(card) for card in cards_of(sum(knocks))} == {card for card, count in counts.items() if count <= limit}
    assert {str(card) for card in cards_of(sum(gins))} == {card for card, count in counts.items() if count == 0}
    assert big_gin == (oracle_melds.least_deadwood(cards) == 0)


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A knocker holding a spread-worthy hand and a defender, from one shuffled pack."""
    pool = draw(st.one_of(st.just(NAMES), st.integers(1, 8).map(lambda low: dense_pool(low, 6))))
    cards = draw(st.permutations(pool))
    return list(cards[:10]), list(cards[10:20])


@PROPERTY_SETTINGS
@given(deals())
def test_layoffs_match_the_oracle(deal: tuple[list[str], list[str]]) -> None:
    knocker, defender = deal
    arrangements = sorted(oracle_melds.optimal_arrangements(knocker), key=repr)
    spread = [sorted(meld) for meld in arrangements[0]]
    engine = best_defence([parse_cards(as_text(meld)) for meld in spread], parse_cards(as_text(defender)), STANDARD)
    deadwood, groups = oracle_layoffs.defender_after_layoffs([as_text(meld) for meld in spread], defender, PARAMS)
    assert engine.deadwood == deadwood
    assert {frozenset(map(str, group)) for group in engine.layoff_sets} == {frozenset(group) for group in groups}


@PROPERTY_SETTINGS
@given(deals(), st.sampled_from(["undercut", "undercut_without_bonus", "knocker_wins", "draw"]))
def test_hand_scores_match_the_oracle(deal: tuple[list[str], list[str]], tie: str) -> None:
    knocker, defender = deal
    params = {**PARAMS, "tie_outcome": tie, "knock_limit": 100}
    expected = oracle_scoring.score(knocker, defender, params)
    engine = score_hand(parse_cards(as_text(knocker)), parse_cards(as_text(defender)), standard_rules(tie_outcome=tie, knock_limit=100))
    assert (engine.outcome, engine.winner, engine.points) == (expected["outcome"], expected["winner"], expected["points"])
    assert (engine.knocker_deadwood, engine.defender_deadwood) == (expected["knocker_deadwood"], expected["defender_deadwood"])
