"""Step definitions for play at a table of three or four, move by move, and for whole games at
that table (``spec/actions.md``, "A hand at a table of three or four"; ``spec/tables.md``, "A game
at one table"). Like every step they reach the engine only through :func:`ginspec.bdd.steps.ask`;
the outcome, refusals, legal actions, turns, scores and deadwood of a hand are checked with the
general phrases of ``features/README.md``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from pytest_bdd import given, parsers, when

from ginspec.adapters.base import Adapter
from ginspec.bdd.judging import then
from ginspec.bdd.steps import Table, ask, field_of

SEATS = ("p1", "p2", "p3", "p4")


def _rows(datatable: list[list[str]]) -> list[dict[str, str]]:
    header, *rows = datatable
    return [dict(zip((name.strip() for name in header), (cell.strip() for cell in row))) for row in rows]


@given("the table deal:")
def the_table_deal(table: Table, datatable: list[list[str]]) -> None:
    values = {row[0].strip(): row[1].strip() for row in datatable}
    table.deal = {
        "dealer": values["dealer"],
        "hands": {seat: values[seat] for seat in SEATS if seat in values},
        "upcard": values["upcard"],
        "stock": values["stock"],
    }


def _play(engine: Adapter, table: Table, actions: list[str]) -> None:
    table.actions = actions
    observe = list(range(len(actions) + 1))
    ask(engine, table, "table_round", {"deal": table.deal, "actions": actions, "observe_after": observe})


@when("the table plays:")
def the_table_plays(engine: Adapter, table: Table, datatable: list[list[str]]) -> None:
    _play(engine, table, [row[0].strip() for row in datatable if row and row[0].strip() != "action"])


@when("nobody at the table has played yet")
def nobody_at_the_table_played(engine: Adapter, table: Table) -> None:
    _play(engine, table, [])


@then(parsers.parse('the cards laid off are "{cards}"'))
def cards_laid_off(table: Table, cards: str) -> None:
    assert sorted(field_of(table, "layoffs").split()) == sorted(cards.split()), table.answer


@when("these hands are played at the table:")
def hands_at_the_table(engine: Adapter, table: Table, datatable: list[list[str]]) -> None:
    hands = []
    for row in _rows(datatable):
        points = {seat: int(row[seat]) for seat in SEATS if seat in row}
        hands.append({"winner": row["winner"], "outcome": row["outcome"], "points": points})
    ask(engine, table, "table_game", {"first_dealer": table.first_dealer, "hands": hands})


def _standing(text: str) -> dict[str, int]:
    pairs = re.findall(r"(p[1-4]) (-?\d+)", text)
    if not pairs:
        pytest.fail(f"write the standing as 'p1 -20, p2 25 and p3 -8', not {text!r}")
    return {seat: int(points) for seat, points in pairs}


@then(parsers.re(r"after hand (?P<number>\d+) the table stands at (?P<standing>.+)"))
def table_stands_at(table: Table, number: str, standing: str) -> None:
    totals = field_of(table, "totals")
    assert totals[int(number) - 1] == _standing(standing), totals


@then(parsers.re(r"(?P<player>p[1-4]) ends the table game with (?P<total>-?\d+) in all and (?P<penalties>\d+) penalty points"))
def ends_the_table_game(table: Table, player: str, total: str, penalties: str) -> None:
    final = field_of(table, "final")[player]
    assert (final["total"], final["penalties"]) == (int(total), int(penalties)), final


@then(parsers.re(r"(?P<player>p[1-4]) wins the table game"))
def wins_the_table_game(table: Table, player: str) -> None:
    assert field_of(table, "winner") == player, table.answer


@then(parsers.re(r"the table game cannot be settled: (?P<error>[a-z_]+)"))
def table_game_refused(table: Table, error: str) -> None:
    assert table.answer.get("error") == error, table.answer


def table_deal_rows(deal: dict[str, Any]) -> list[tuple[str, str]]:
    """The rows of a ``Given the table deal:`` table for a deal, in order (for writing scenarios)."""
    return [("dealer", deal["dealer"]), *((seat, deal["hands"][seat]) for seat in SEATS if seat in deal["hands"]),
            ("upcard", deal["upcard"]), ("stock", deal["stock"])]
