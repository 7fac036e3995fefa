"""Step definitions for the feature files. They reach the engine only through the adapter
interface (the ``engine`` fixture of :mod:`ginspec.pytest_plugin.engine_option`), so the same scenarios run
against any engine; a scenario needing what the engine cannot do is skipped as unsupported.

The step phrases are listed in ``features/README.md``.
"""

from __future__ import annotations

import copy
import os
from functools import lru_cache
from typing import Any

import pytest
import yaml
from pytest_bdd import given, parsers, when

from ginspec.adapters.base import Adapter
from ginspec.bdd.judging import NotReported, then
from ginspec.judging.judge import action_set, arrangement_set, card_set
from ginspec.suite.registry import rules_by_id
from ginspec.suite.paths import variants_dir
from ginspec.suite.variants import check_parameters
from ginspec.bdd.asking import (  # noqa: F401 - also the names the other step modules and the scenario run use
    EngineProblem,
    Mismatch,
    Table,
    TrackedAnswer,
    _rows,
    _spread,
    ask,
    expect,
    field_of,
    state_field,
    table,
)


# ----------------------------------------------------------------------------- rules in force


@given("standard rules")
def standard_rules(table: Table) -> None:
    table.variant = "standard"


@given(parsers.re(r'the (?P<name>[a-z0-9-]+) variant'))
def a_variant(table: Table, name: str) -> None:
    # the variant's file, looked up by its name (variant_files() lists the folder, for every step)
    if not os.path.lexists(variants_dir() / f"{name}.yaml"):
        pytest.fail(f"unknown variant {name!r}")
    table.variant = name


@lru_cache(maxsize=256)
def _yaml_scalar(text: str) -> Any:
    """The value a rule's word stands for, read as YAML once per word."""
    return yaml.safe_load(text)


@given(parsers.re(r"the rule (?P<name>[a-z_]+) is (?P<value>\S+)"))
def a_rule(table: Table, name: str, value: str) -> None:
    override = {name: copy.deepcopy(_yaml_scalar(value))}
    check_parameters(override, "scenario")
    table.overrides.update(override)


# ----------------------------------------------------------------------------- one hand


@when(parsers.parse('the cards "{cards}" are checked as a meld'))
def check_meld(engine: Adapter, table: Table, cards: str) -> None:
    ask(engine, table, "meld", {"cards": cards})


@then(parsers.re(r"they (?P<verdict>are a set|are a run|are not a meld)"))
def meld_verdict(table: Table, verdict: str) -> None:
    expected = {"are a set": (True, "set"), "are a run": (True, "run"), "are not a meld": (False, None)}[verdict]
    expect("valid and type", expected, (field_of(table, "valid"), field_of(table, "type")))


@when(parsers.parse('the hand "{cards}" is counted'))
def count_hand(engine: Adapter, table: Table, cards: str) -> None:
    ask(engine, table, "deadwood", {"hand": cards})


@then(parsers.parse("the least deadwood is {value:d}"))
def least_deadwood(table: Table, value: int) -> None:
    expect("deadwood", value, field_of(table, "deadwood"))


@then(parsers.parse('the best melds are "{spread}"'))
def best_melds(table: Table, spread: str) -> None:
    wanted = arrangement_set([_spread(spread)])
    found = arrangement_set(field_of(table, "arrangements"))
    if found != wanted:
        raise Mismatch("arrangements", [_spread(spread)], field_of(table, "arrangements"))


@then(parsers.parse('the melds may be "{spread}"'))
def one_of_the_best(table: Table, spread: str) -> None:
    wanted = next(iter(arrangement_set([_spread(spread)])))
    if wanted not in arrangement_set(field_of(table, "arrangements")):
        raise Mismatch("arrangements", f"among them {_spread(spread)}", field_of(table, "arrangements"))


@then("nothing can be melded")
def nothing_melded(table: Table) -> None:
    expect("arrangements", arrangement_set([[]]), arrangement_set(field_of(table, "arrangements")))


@when(parsers.parse('the player holding "{cards}" has drawn'))
def after_the_draw(engine: Adapter, table: Table, cards: str) -> None:
    ask(engine, table, "discard", {"hand": cards})


@then(parsers.parse('the best discards are "{cards}"'))
def best_discards(table: Table, cards: str) -> None:
    expect("discards", card_set(cards), card_set(field_of(table, "discards")))


@then(parsers.re(r"he (?P<may>may|may not) (?P<what>knock|go gin|declare big gin)"))
def may_go_out(table: Table, may: str, what: str) -> None:
    name = {"knock": "can_knock", "go gin": "can_gin", "declare big gin": "can_big_gin"}[what]
    expect(name, may == "may", field_of(table, name))


@when(parsers.parse('the player holding "{cards}" knocks with "{card}"'))
def knock_with(engine: Adapter, table: Table, cards: str, card: str) -> None:
    ask(engine, table, "knock", {"hand": cards, "discard": card})


@then(parsers.re(r"the knock is (?P<verdict>legal|not legal)"))
def knock_verdict(table: Table, verdict: str) -> None:
    expect("legal", verdict == "legal", field_of(table, "legal"))


@then(parsers.parse("he keeps {value:d} deadwood"))
def kept_deadwood(table: Table, value: int) -> None:
    expect("deadwood", value, field_of(table, "deadwood"))


@then(parsers.re(r"the knock (?P<verdict>is|is not) gin"))
def knock_is_gin(table: Table, verdict: str) -> None:
    expect("gin", verdict == "is", field_of(table, "gin"))


@when(parsers.parse('the knocker spreads "{spread}" and the defender holds "{cards}"'))
def lay_off_against(engine: Adapter, table: Table, spread: str, cards: str) -> None:
    ask(engine, table, "layoff", {"knocker_melds": _spread(spread), "defender": cards})


@then(parsers.parse("the defender's deadwood is {value:d}"))
def defender_deadwood(table: Table, value: int) -> None:
    name = "defender_deadwood" if "defender_deadwood" in table.answer else "deadwood"
    expect(name, value, field_of(table, name))


@then(parsers.parse('the defender lays off "{cards}"'))
def defender_lays_off(table: Table, cards: str) -> None:
    expect("layoffs", card_set(cards), card_set(field_of(table, "layoffs")))


@then("the defender lays off nothing")
def defender_lays_off_nothing(table: Table) -> None:
    expect("layoffs", frozenset(), card_set(field_of(table, "layoffs")))


@when(parsers.parse('the hand is scored with knocker "{knocker}" and defender "{defender}"'))
def score(engine: Adapter, table: Table, knocker: str, defender: str) -> None:
    ask(engine, table, "score", {"knocker": knocker, "defender": defender})


@when(parsers.parse('the hand is scored with knocker "{knocker}" spreading "{spread}" and defender "{defender}"'))
def score_with_spread(engine: Adapter, table: Table, knocker: str, spread: str, defender: str) -> None:
    ask(engine, table, "score", {"knocker": knocker, "defender": defender, "knocker_melds": _spread(spread)})


@then(parsers.re(r"the outcome is (?P<outcome>knock|undercut|gin|big_gin|draw|void)"))
def outcome(table: Table, outcome: str) -> None:
    expect("outcome", outcome, field_of(table, "outcome"))


@then(parsers.re(r"the (?P<who>knocker|defender|p1|p2) scores (?P<points>\d+) points?"))
def winner_scores(table: Table, who: str, points: str) -> None:
    expect("winner and points", (who, int(points)), (field_of(table, "winner"), field_of(table, "points")))


@then("nobody scores")
def nobody_scores(table: Table) -> None:
    expect("winner and points", ("none", 0), (field_of(table, "winner"), field_of(table, "points")))


@then(parsers.parse("the knocker's deadwood is {value:d}"))
def knocker_deadwood(table: Table, value: int) -> None:
    expect("knocker_deadwood", value, field_of(table, "knocker_deadwood"))


@then(parsers.re(r"the hand cannot be scored: (?P<error>illegal_knock|invalid_melds|not_big_gin)"))
def cannot_score(table: Table, error: str) -> None:
    expect("error", error, table.answer.get("error"))


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
    expect("outcome", outcome.replace(" ", "_"), field_of(table, "outcome"))


@then("the hand is not over")
def hand_not_over(table: Table) -> None:
    expect("finished", False, table.answer.get("finished"))


@then(parsers.re(r"action (?P<number>\d+) is refused as (?P<reason>[a-z_]+)"))
def action_refused(table: Table, number: str, reason: str) -> None:
    refused = table.answer.get("illegal")
    if not refused:
        raise Mismatch("illegal", f"action {number} refused as {reason}", "every action accepted")
    expect("refused action and reason", (int(number), reason), (refused.get("index", -1) + 1, refused.get("reason")))


@then(parsers.re(r"the offender (?P<penalty>forfeits the game|plays on)"))
def offender_penalty(table: Table, penalty: str) -> None:
    refused = table.answer.get("illegal")
    if not refused:
        raise Mismatch("illegal", "a refused action", "every action accepted")
    if "forfeits" in table.omits and "forfeits" not in refused:
        raise NotReported("the engine does not report the penalty of an illegal action")
    expect("forfeits", penalty == "forfeits the game", refused.get("forfeits"))


def _state_after(table: Table, count: int) -> dict[str, Any]:
    states = table.answer.get("checkpoints") or {}
    if str(count) not in states and "checkpoints" in table.omits:
        raise NotReported("the engine does not report the states of a hand (it omits 'checkpoints')")
    if str(count) not in states:
        raise Mismatch(f"the state after {count} actions", "a reported state", "none reported")
    return states[str(count)]


@then(parsers.parse("after {count:d} actions the legal actions are:"))
def legal_after(table: Table, count: int, datatable: list[list[str]]) -> None:
    wanted = [row[0] for row in datatable if row and row[0] != "action"]
    got = state_field(table, _state_after(table, count), "legal", count)
    expect(f"after {count} actions: legal", sorted(action_set(wanted)), sorted(action_set(got)))


@then(parsers.parse("after {count:d} actions it is {player}'s turn with {stock:d} cards in the stock"))
def turn_after(table: Table, count: int, player: str, stock: int) -> None:
    state = _state_after(table, count)
    observed = (state_field(table, state, "to_play", count), state_field(table, state, "stock", count))
    expect(f"after {count} actions: to_play and stock", (player, stock), observed)


@then(parsers.parse("the knock limit is {limit:d}"))
def knock_limit_now(table: Table, limit: int) -> None:
    expect("knock_limit", limit, state_field(table, _state_after(table, 0), "knock_limit", 0))


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
    expect("dealers", dealers.split(), field_of(table, "dealers"))


@then(parsers.parse("the game is over after hand {number:d}"))
def over_after(table: Table, number: int) -> None:
    expect("over_after", number, field_of(table, "over_after"))


@then(parsers.re(r"(?P<player>p1|p2) has a grand total of (?P<total>-?\d+)"))
def grand_total(table: Table, player: str, total: str) -> None:
    expect(f"final.{player}.total", int(total), field_of(table, "final")[player]["total"])


@then(parsers.re(r"(?P<player>p1|p2) wins the game by (?P<margin>-?\d+)"))
def game_winner(table: Table, player: str, margin: str) -> None:
    expect("winner and margin", (player, int(margin)), (field_of(table, "winner"), field_of(table, "margin")))


@then(parsers.re(r"column (?P<number>[123]) is won by (?P<player>p1|p2) by (?P<margin>-?\d+)"))
def column_winner(table: Table, number: str, player: str, margin: str) -> None:
    column = field_of(table, "columns")[int(number) - 1]
    expect(f"column {number}: winner and margin", (player, int(margin)), (column["winner"], column["margin"]))


@then(parsers.re(r"the scores cannot be settled: (?P<error>game_already_over|game_not_over)"))
def game_error(table: Table, error: str) -> None:
    expect("error", error, table.answer.get("error"))


@then(parsers.re(r"the question is refused as (?P<reason>[a-z_]+)"))
def question_refused(table: Table, reason: str) -> None:
    """A question that cannot be asked (spec/protocol.md, "Refusing a malformed question"): the
    engine answers with the reason code alone, never a score made up for it."""
    expect("refused", reason, table.answer.get("refused"))


def registered_tags() -> list[str]:
    """Every rule ID, for registering scenario tags as pytest markers."""
    return sorted(rules_by_id())
