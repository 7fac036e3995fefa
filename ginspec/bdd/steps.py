"""Step definitions for the feature files. They reach the engine only through the adapter
interface (the ``engine`` fixture of :mod:`ginspec.pytest_plugin`), so the same scenarios run
against any engine; a scenario needing what the engine cannot do is skipped as unsupported.

The step phrases are listed in ``features/README.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
import yaml
from pytest_bdd import given, parsers, then, when

from ginspec.adapters.base import Adapter, Question
from ginspec.judge import action_set, arrangement_set, card_set
from ginspec.registry import rules_by_id
from ginspec.variants import check_parameters, get_variant, variant_files


@dataclass
class Table:
    """What a scenario has set up and what the engine answered."""

    variant: str = "standard"
    overrides: dict[str, Any] = field(default_factory=dict)
    deal: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    hands: list[dict[str, Any]] = field(default_factory=list)
    first_dealer: str = "p1"
    answer: dict[str, Any] = field(default_factory=dict)
    omits: frozenset[str] = frozenset()

    def parameters(self) -> dict[str, Any]:
        return {**get_variant(self.variant).parameters, **self.overrides}


@pytest.fixture
def table() -> Table:
    return Table()


def ask(engine: Adapter, table: Table, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    question = Question(kind, data, table.parameters())
    capabilities = engine.capabilities()
    reason = capabilities.unsupported_reason(question)
    if reason is not None:
        pytest.skip(f"unsupported: {reason}")
    table.omits = capabilities.omits
    table.answer = engine.ask(question)
    return table.answer


def _rows(datatable: list[list[str]]) -> list[dict[str, str]]:
    header, *rows = datatable
    return [dict(zip(header, row)) for row in rows]


def _spread(text: str) -> list[str]:
    return [part.strip() for part in text.split("|") if part.strip()]


def field_of(table: Table, name: str) -> Any:
    if name in table.omits and name not in table.answer:
        pytest.skip(f"unsupported: the engine does not report {name!r}")
    if name not in table.answer:
        pytest.fail(f"the engine gave no {name!r}: {table.answer}")
    return table.answer[name]


# ----------------------------------------------------------------------------- rules in force


@given("standard rules")
def standard_rules(table: Table) -> None:
    table.variant = "standard"


@given(parsers.re(r'the (?P<name>[a-z0-9-]+) variant'))
def a_variant(table: Table, name: str) -> None:
    if name not in variant_files():
        pytest.fail(f"unknown variant {name!r}")
    table.variant = name


@given(parsers.re(r"the rule (?P<name>[a-z_]+) is (?P<value>\S+)"))
def a_rule(table: Table, name: str, value: str) -> None:
    override = {name: yaml.safe_load(value)}
    check_parameters(override, "scenario")
    table.overrides.update(override)


# ----------------------------------------------------------------------------- one hand


@when(parsers.parse('the cards "{cards}" are checked as a meld'))
def check_meld(engine: Adapter, table: Table, cards: str) -> None:
    ask(engine, table, "meld", {"cards": cards})


@then(parsers.re(r"they (?P<verdict>are a set|are a run|are not a meld)"))
def meld_verdict(table: Table, verdict: str) -> None:
    expected = {"are a set": (True, "set"), "are a run": (True, "run"), "are not a meld": (False, None)}[verdict]
    assert (field_of(table, "valid"), field_of(table, "type")) == expected, table.answer


@when(parsers.parse('the hand "{cards}" is counted'))
def count_hand(engine: Adapter, table: Table, cards: str) -> None:
    ask(engine, table, "deadwood", {"hand": cards})


@then(parsers.parse("the least deadwood is {value:d}"))
def least_deadwood(table: Table, value: int) -> None:
    assert field_of(table, "deadwood") == value, table.answer


@then(parsers.parse('the best melds are "{spread}"'))
def best_melds(table: Table, spread: str) -> None:
    wanted = arrangement_set([_spread(spread)])
    found = arrangement_set(field_of(table, "arrangements"))
    assert found == wanted, f"optimal arrangements: {field_of(table, 'arrangements')}"


@then(parsers.parse('the melds may be "{spread}"'))
def one_of_the_best(table: Table, spread: str) -> None:
    wanted = next(iter(arrangement_set([_spread(spread)])))
    assert wanted in arrangement_set(field_of(table, "arrangements")), f"optimal arrangements: {field_of(table, 'arrangements')}"


@then("nothing can be melded")
def nothing_melded(table: Table) -> None:
    assert arrangement_set(field_of(table, "arrangements")) == arrangement_set([[]])


@when(parsers.parse('the player holding "{cards}" has drawn'))
def after_the_draw(engine: Adapter, table: Table, cards: str) -> None:
    ask(engine, table, "discard", {"hand": cards})


@then(parsers.parse('the best discards are "{cards}"'))
def best_discards(table: Table, cards: str) -> None:
    assert card_set(field_of(table, "discards")) == card_set(cards), table.answer


@then(parsers.re(r"he (?P<may>may|may not) (?P<what>knock|go gin|declare big gin)"))
def may_go_out(table: Table, may: str, what: str) -> None:
    name = {"knock": "can_knock", "go gin": "can_gin", "declare big gin": "can_big_gin"}[what]
    assert field_of(table, name) is (may == "may"), table.answer


@when(parsers.parse('the player holding "{cards}" knocks with "{card}"'))
def knock_with(engine: Adapter, table: Table, cards: str, card: str) -> None:
    ask(engine, table, "knock", {"hand": cards, "discard": card})


@then(parsers.re(r"the knock is (?P<verdict>legal|not legal)"))
def knock_verdict(table: Table, verdict: str) -> None:
    assert field_of(table, "legal") is (verdict == "legal"), table.answer


@then(parsers.parse("he keeps {value:d} deadwood"))
def kept_deadwood(table: Table, value: int) -> None:
    assert field_of(table, "deadwood") == value, table.answer


@then(parsers.re(r"the knock (?P<verdict>is|is not) gin"))
def knock_is_gin(table: Table, verdict: str) -> None:
    assert field_of(table, "gin") is (verdict == "is"), table.answer


@when(parsers.parse('the knocker spreads "{spread}" and the defender holds "{cards}"'))
def lay_off_against(engine: Adapter, table: Table, spread: str, cards: str) -> None:
    ask(engine, table, "layoff", {"knocker_melds": _spread(spread), "defender": cards})


@then(parsers.parse("the defender's deadwood is {value:d}"))
def defender_deadwood(table: Table, value: int) -> None:
    name = "defender_deadwood" if "defender_deadwood" in table.answer else "deadwood"
    assert field_of(table, name) == value, table.answer


@then(parsers.parse('the defender lays off "{cards}"'))
def defender_lays_off(table: Table, cards: str) -> None:
    assert card_set(field_of(table, "layoffs")) == card_set(cards), table.answer


@then("the defender lays off nothing")
def defender_lays_off_nothing(table: Table) -> None:
    assert card_set(field_of(table, "layoffs")) == frozenset(), table.answer


@when(parsers.parse('the hand is scored with knocker "{knocker}" and defender "{defender}"'))
def score(engine: Adapter, table: Table, knocker: str, defender: str) -> None:
    ask(engine, table, "score", {"knocker": knocker, "defender": defender})


@when(parsers.parse('the hand is scored with knocker "{knocker}" spreading "{spread}" and defender "{defender}"'))
def score_with_spread(engine: Adapter, table: Table, knocker: str, spread: str, defender: str) -> None:
    ask(engine, table, "score", {"knocker": knocker, "defender": defender, "knocker_melds": _spread(spread)})


@then(parsers.re(r"the outcome is (?P<outcome>knock|undercut|gin|big_gin|draw|void)"))
def outcome(table: Table, outcome: str) -> None:
    assert field_of(table, "outcome") == outcome, table.answer


@then(parsers.re(r"the (?P<who>knocker|defender|p1|p2) scores (?P<points>\d+) points?"))
def winner_scores(table: Table, who: str, points: str) -> None:
    assert (field_of(table, "winner"), field_of(table, "points")) == (who, int(points)), table.answer


@then("nobody scores")
def nobody_scores(table: Table) -> None:
    assert (field_of(table, "winner"), field_of(table, "points")) == ("none", 0), table.answer


@then(parsers.parse("the knocker's deadwood is {value:d}"))
def knocker_deadwood(table: Table, value: int) -> None:
    assert field_of(table, "knocker_deadwood") == value, table.answer


@then(parsers.re(r"the hand cannot be scored: (?P<error>illegal_knock|invalid_melds|not_big_gin)"))
def cannot_score(table: Table, error: str) -> None:
    assert table.answer.get("error") == error, table.answer


# ----------------------------------------------------------------------------- whole hands


@given(parsers.parse("the deal:"))
def the_deal(table: Table, datatable: list[list[str]]) -> None:
    values = {row[0]: row[1] for row in datatable}
    upcard = values.get("upcard", "")
    table.deal = {
        "dealer": values["dealer"],
        "hands": {"p1": values["p1"], "p2": values["p2"]},
        "upcard": upcard if upcard and upcard != "none" else None,
        "stock": values["stock"],
    }


@when(parsers.parse("the players play:"))
def play_actions(engine: Adapter, table: Table, datatable: list[list[str]]) -> None:
    table.actions = [row[0] for row in datatable if row and row[0] != "action"]
    observe = list(range(len(table.actions) + 1))
    ask(engine, table, "round", {"deal": table.deal, "actions": table.actions, "observe_after": observe})


@when("nobody has played yet")
def nobody_played(engine: Adapter, table: Table) -> None:
    table.actions = []
    ask(engine, table, "round", {"deal": table.deal, "actions": [], "observe_after": [0]})


@then(parsers.parse("the hand ends in {outcome}"))
def hand_ends(table: Table, outcome: str) -> None:
    assert field_of(table, "outcome") == outcome.replace(" ", "_"), table.answer


@then("the hand is not over")
def hand_not_over(table: Table) -> None:
    assert table.answer.get("finished") is False, table.answer


@then(parsers.re(r"action (?P<number>\d+) is refused as (?P<reason>[a-z_]+)"))
def action_refused(table: Table, number: str, reason: str) -> None:
    refused = table.answer.get("illegal")
    assert refused, f"every action was accepted: {table.answer}"
    assert (refused["index"] + 1, refused.get("reason")) == (int(number), reason), refused


@then(parsers.re(r"the offender (?P<penalty>forfeits the game|plays on)"))
def offender_penalty(table: Table, penalty: str) -> None:
    refused = table.answer.get("illegal")
    assert refused, f"every action was accepted: {table.answer}"
    if "forfeits" in table.omits and "forfeits" not in refused:
        pytest.skip("unsupported: the engine does not report the penalty of an illegal action")
    assert refused.get("forfeits") is (penalty == "forfeits the game"), refused


def _state_after(table: Table, count: int) -> dict[str, Any]:
    states = table.answer.get("checkpoints") or {}
    if str(count) not in states:
        pytest.fail(f"the engine reported no state after {count} actions")
    return states[str(count)]


@then(parsers.parse("after {count:d} actions the legal actions are:"))
def legal_after(table: Table, count: int, datatable: list[list[str]]) -> None:
    wanted = [row[0] for row in datatable if row and row[0] != "action"]
    got = _state_after(table, count)["legal"]
    assert action_set(got) == action_set(wanted), f"legal actions: {got}"


@then(parsers.parse("after {count:d} actions it is {player}'s turn with {stock:d} cards in the stock"))
def turn_after(table: Table, count: int, player: str, stock: int) -> None:
    state = _state_after(table, count)
    assert (state["to_play"], state["stock"]) == (player, stock), state


@then(parsers.parse("the knock limit is {limit:d}"))
def knock_limit_now(table: Table, limit: int) -> None:
    assert _state_after(table, 0)["knock_limit"] == limit


# ----------------------------------------------------------------------------- games


@given(parsers.parse("{player} deals the first hand"))
def first_dealer(table: Table, player: str) -> None:
    table.first_dealer = player


@when(parsers.re(r"these hands are played(?P<hollywood> as a Hollywood session)?:"))
def play_hands(engine: Adapter, table: Table, datatable: list[list[str]], hollywood: str | None) -> None:
    hands = [
        {"winner": row["winner"], "outcome": row["outcome"], "points": int(row["points"])} for row in _rows(datatable)
    ]
    if hollywood:
        ask(engine, table, "hollywood", {"hands": hands})
    else:
        ask(engine, table, "game", {"first_dealer": table.first_dealer, "hands": hands})


@then(parsers.parse('the dealers are "{dealers}"'))
def dealers(table: Table, dealers: str) -> None:
    assert field_of(table, "dealers") == dealers.split(), table.answer


@then(parsers.parse("the game is over after hand {number:d}"))
def over_after(table: Table, number: int) -> None:
    assert field_of(table, "over_after") == number, table.answer


@then(parsers.re(r"(?P<player>p1|p2) has a grand total of (?P<total>-?\d+)"))
def grand_total(table: Table, player: str, total: str) -> None:
    assert field_of(table, "final")[player]["total"] == int(total), table.answer["final"]


@then(parsers.re(r"(?P<player>p1|p2) wins the game by (?P<margin>-?\d+)"))
def game_winner(table: Table, player: str, margin: str) -> None:
    assert (field_of(table, "winner"), field_of(table, "margin")) == (player, int(margin)), table.answer


@then(parsers.re(r"column (?P<number>[123]) is won by (?P<player>p1|p2) by (?P<margin>-?\d+)"))
def column_winner(table: Table, number: str, player: str, margin: str) -> None:
    column = field_of(table, "columns")[int(number) - 1]
    assert (column["winner"], column["margin"]) == (player, int(margin)), column


@then(parsers.re(r"the scores cannot be settled: (?P<error>game_already_over|game_not_over)"))
def game_error(table: Table, error: str) -> None:
    assert table.answer.get("error") == error, table.answer


def registered_tags() -> list[str]:
    """Every rule ID, for registering scenario tags as pytest markers."""
    return sorted(rules_by_id())
