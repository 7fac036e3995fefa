"""Step definitions for three and four players: a hand at one table (house-s003), partnership
games and three-player games (``spec/tables.md``). Like every step, they reach the engine only
through :func:`ginspec.bdd.steps.ask`. The phrases are listed at the end of ``spec/tables.md``.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_bdd import given, parsers, when

from ginspec.adapters.base import Adapter
from ginspec.bdd.judging import then
from ginspec.bdd.steps import Table, ask, expect, field_of


def _rows(datatable: list[list[str]]) -> list[dict[str, str]]:
    header, *rows = datatable
    return [dict(zip((name.strip() for name in header), (cell.strip() for cell in row))) for row in rows]


def _hand_result(text: str) -> dict[str, Any]:
    """A hand result written in a table cell: ``p1 knock 12``, ``p4 gin 37``, ``void`` or ``draw``."""
    words = text.split()
    if words in (["void"], ["draw"]):
        return {"winner": "none", "outcome": words[0]}
    if len(words) != 3 or not words[2].isdigit():
        pytest.fail(f"a hand result is written 'p1 knock 12', 'void' or 'draw', not {text!r}")
    return {"winner": words[0], "outcome": words[1], "points": int(words[2])}


def _spread(text: str) -> list[str]:
    return [part.strip() for part in text.split("|") if part.strip()]


# ----------------------------------------------------------------------------- one hand at a table


def _table_hand(engine: Adapter, table: Table, knocker: str, datatable: list[list[str]], spread: str | None) -> None:
    hands = {row["player"]: row["cards"] for row in _rows(datatable)}
    data: dict[str, Any] = {"knocked_by": knocker, "hands": hands}
    if spread is not None:
        data["knocker_melds"] = _spread(spread)
    ask(engine, table, "table_hand", data)


@when(parsers.re(r"(?P<knocker>p[1-4]) knocks at the table:"))
def knocks_at_the_table(engine: Adapter, table: Table, knocker: str, datatable: list[list[str]]) -> None:
    _table_hand(engine, table, knocker, datatable, None)


@when(parsers.re(r'(?P<knocker>p[1-4]) knocks at the table spreading "(?P<spread>[^"]+)":'))
def knocks_at_the_table_spreading(engine: Adapter, table: Table, knocker: str, spread: str, datatable: list[list[str]]) -> None:
    _table_hand(engine, table, knocker, datatable, spread)


@then(parsers.re(r"(?P<player>p[1-4]) wins the hand"))
def wins_the_hand(table: Table, player: str) -> None:
    expect("winner", player, field_of(table, "winner"))


@then("nobody wins the hand")
def nobody_wins_the_hand(table: Table) -> None:
    expect("winner", "none", field_of(table, "winner"))


@then("the table scores are:")
def table_scores(table: Table, datatable: list[list[str]]) -> None:
    wanted = {row["player"]: int(row["points"]) for row in _rows(datatable)}
    expect("points", wanted, field_of(table, "points"))


@then(parsers.re(r"(?P<player>p[1-4]) counts (?P<count>\d+) deadwood"))
def counts_deadwood(table: Table, player: str, count: str) -> None:
    expect(f"deadwood.{player}", int(count), field_of(table, "deadwood").get(player))


@then(parsers.re(r"the stock held (?P<count>\d+) cards after the deal"))
def stock_after_deal(table: Table, count: str) -> None:
    expect("stock", int(count), field_of(table, "stock"))


@then(parsers.re(r"the (?:deal|results) (?:is|are) refused: (?P<error>[a-z_]+)"))
def refused(table: Table, error: str) -> None:
    expect("error", error, table.answer.get("error"))


# ----------------------------------------------------------------------------- three players


@given(parsers.re(r"(?P<dealer>p[1-3]) deals the first hand to (?P<first>p[1-3]) and (?P<second>p[1-3])"))
def deals_to_two(table: Table, dealer: str, first: str, second: str) -> None:
    table.first_dealer = dealer
    table.deal = {"first_players": [first, second]}


@given(parsers.re(r"(?P<dealer>p[1-3]) deals the first hand and plays (?P<opponent>p[1-3])"))
def deals_and_plays(table: Table, dealer: str, opponent: str) -> None:
    table.first_dealer = dealer
    table.deal = {"first_players": [dealer, opponent]}


@given(parsers.re(r"(?P<box>p[1-3]) is in the box against (?P<captain>p[1-3]) as captain"))
def in_the_box(table: Table, box: str, captain: str) -> None:
    table.first_dealer = box
    table.deal = {"first_players": [box, captain]}


@when("the three play these hands:")
def three_play(engine: Adapter, table: Table, datatable: list[list[str]]) -> None:
    hands = []
    for row in _rows(datatable):
        hand: dict[str, Any] = {"winner": row["winner"], "outcome": row["outcome"]}
        if row.get("points"):
            hand["points"] = int(row["points"])
        hands.append(hand)
    if "first_players" not in table.deal:
        pytest.fail("say first who deals the first hand and who plays it")
    data = {"first_dealer": table.first_dealer, "first_players": table.deal["first_players"], "hands": hands}
    ask(engine, table, "three_player", data)


@then(parsers.parse('the hands are played by "{pairs}"'))
def played_by(table: Table, pairs: str) -> None:
    wanted = [sorted(pair.split("-")) for pair in pairs.split()]
    found = [sorted(pair) for pair in field_of(table, "players")]
    expect("the pairs playing each hand", wanted, found)


@then(parsers.re(r"after hand (?P<number>\d+) the three stand at p1 (?P<p1>-?\d+), p2 (?P<p2>-?\d+) and p3 (?P<p3>-?\d+)"))
def three_totals(table: Table, number: str, p1: str, p2: str, p3: str) -> None:
    totals = field_of(table, "totals")
    expect(f"totals after hand {number}", {"p1": int(p1), "p2": int(p2), "p3": int(p3)}, totals[int(number) - 1])


@then(parsers.re(r"(?P<player>p[1-3]) ends with (?P<total>-?\d+) in all"))
def ends_with(table: Table, player: str, total: str) -> None:
    expect(f"final.{player}.total", int(total), field_of(table, "final")[player]["total"])


@then(parsers.re(r"(?P<player>p[1-3]) (?P<way>collects|pays) (?P<amount>\d+) when everyone settles"))
def settles(table: Table, player: str, way: str, amount: str) -> None:
    net = field_of(table, "final")[player]["net"]
    expect(f"{player} net", int(amount) if way == "collects" else -int(amount), net)


@then(parsers.re(r"(?P<player>p[1-3]) wins the three-player game"))
def wins_three_player(table: Table, player: str) -> None:
    expect("winner", player, field_of(table, "winner"))


# ----------------------------------------------------------------------------- partnership


@given(parsers.re(r"team (?P<team>[AB]) deals first"))
def team_deals_first(table: Table, team: str) -> None:
    table.first_dealer = team


@when("the partners play these deals:")
def partners_play(engine: Adapter, table: Table, datatable: list[list[str]]) -> None:
    deals = [[_hand_result(row["table 1"]), _hand_result(row["table 2"])] for row in _rows(datatable)]
    data: dict[str, Any] = {"deals": deals}
    if table.first_dealer in ("A", "B"):
        data["first_dealers"] = table.first_dealer
    ask(engine, table, "partnership", data)


@then(parsers.re(r"deal (?P<number>\d+) is won by team (?P<team>[AB]) by (?P<points>\d+)"))
def deal_won(table: Table, number: str, team: str, points: str) -> None:
    result = field_of(table, "deal_results")[int(number) - 1]
    expect("result", {"winner": team, "points": int(points)}, result)


@then(parsers.re(r"nobody wins deal (?P<number>\d+)"))
def deal_not_won(table: Table, number: str) -> None:
    result = field_of(table, "deal_results")[int(number) - 1]
    expect("result", {"winner": "none", "points": 0}, result)


@then(parsers.re(r"in deal (?P<number>\d+) (?P<a>p[1-4]) plays (?P<b>p[1-4]) and (?P<c>p[1-4]) plays (?P<d>p[1-4])"))
def who_plays_whom(table: Table, number: str, a: str, b: str, c: str, d: str) -> None:
    found = {frozenset(pair) for pair in field_of(table, "tables")[int(number) - 1]}
    expect("partners", {frozenset((a, b)), frozenset((c, d))}, found)


@then(parsers.parse('the teams deal in the order "{teams}"'))
def dealing_teams(table: Table, teams: str) -> None:
    expect("dealers", teams.split(), field_of(table, "dealers"))


@then(parsers.re(r"after deal (?P<number>\d+) the teams stand at (?P<a>\d+) to (?P<b>\d+)"))
def team_totals(table: Table, number: str, a: str, b: str) -> None:
    totals = field_of(table, "totals")
    expect(f"totals after hand {number}", [int(a), int(b)], totals[int(number) - 1])


@then(parsers.parse("the partnership game is over after deal {number:d}"))
def over_after_deal(table: Table, number: int) -> None:
    expect("over_after", number, field_of(table, "over_after"))


@then(parsers.re(r"team (?P<team>[AB]) ends with (?P<total>-?\d+) in all"))
def team_ends_with(table: Table, team: str, total: str) -> None:
    expect(f"final.{team}.total", int(total), field_of(table, "final")[team]["total"])


@then(parsers.re(r"team (?P<team>[AB]) wins the partnership game by (?P<margin>-?\d+)"))
def team_wins(table: Table, team: str, margin: str) -> None:
    expect("winner and margin", (team, int(margin)), (field_of(table, "winner"), field_of(table, "margin")))
