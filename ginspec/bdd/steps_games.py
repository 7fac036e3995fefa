"""More step definitions for the feature files (games, variants and irregularities).

They only read what the engine answered to the questions asked by the steps of
:mod:`ginspec.bdd.steps`; the phrases are listed in ``features/README.md``.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_bdd import parsers

from ginspec.bdd.judging import then
from ginspec.bdd.steps import Table, _rows, _state_after, expect, field_of, state_field

# ----------------------------------------------------------------------------- whole hands


@then(parsers.parse("after {count:d} actions the knock limit is {limit:d}"))
def knock_limit_after(table: Table, count: int, limit: int) -> None:
    state = _state_after(table, count)
    expect(f"after {count} actions: knock_limit", limit, state_field(table, state, "knock_limit", count))


@then(parsers.re(r"(?P<who>p1|p2) scores (?P<points>\d+) points?"))
def seat_scores(table: Table, who: str, points: str) -> None:
    """``p1 scores 12 points``, as the README writes it (``the p1 scores`` is also accepted)."""
    expect("winner and points", (who, int(points)), (field_of(table, "winner"), field_of(table, "points")))


# ----------------------------------------------------------------------------- games

ACCOUNT_COLUMNS = {
    "points": "points",
    "boxes": "boxes",
    "box bonus": "box_bonus",
    "game bonus": "game_bonus",
    "shutout bonus": "shutout_bonus",
    "total": "total",
}


def _check_accounts(final: dict[str, Any], datatable: list[list[str]]) -> None:
    """A table with a ``player`` column and any of the columns of ACCOUNT_COLUMNS."""
    for row in _rows(datatable):
        player = row.pop("player")
        if player not in final:
            pytest.fail(f"the engine gave no account for {player}: {final}")
        for column, value in row.items():
            if column not in ACCOUNT_COLUMNS:
                pytest.fail(f"unknown column {column!r} (known: {', '.join(ACCOUNT_COLUMNS)})")
            got = final[player].get(ACCOUNT_COLUMNS[column])
            expect(f"final.{player}.{column}", int(value), got)


@then("the game is settled as:")
def game_settled(table: Table, datatable: list[list[str]]) -> None:
    _check_accounts(field_of(table, "final"), datatable)


@then(parsers.parse('the running totals are "{totals}"'))
def running_totals(table: Table, totals: str) -> None:
    wanted = [[int(score) for score in pair.split("-")] for pair in totals.split()]
    got = [list(pair) for pair in field_of(table, "totals")]
    expect("running totals", wanted, got)


# ----------------------------------------------------------------------------- Hollywood


def _column(table: Table, number: str) -> dict[str, Any]:
    columns = field_of(table, "columns")
    if len(columns) != 3:
        pytest.fail(f"a Hollywood sheet has three columns, the engine gave {len(columns)}")
    return columns[int(number) - 1]


@then(parsers.re(r"column (?P<number>[123]) closes after hand (?P<hand>\d+)"))
def column_closes(table: Table, number: str, hand: str) -> None:
    column = _column(table, number)
    expect("closed_after", int(hand), column.get("closed_after"))


@then(parsers.re(r"column (?P<number>[123]) is still open"))
def column_open(table: Table, number: str) -> None:
    column = _column(table, number)
    expect("closed_after", None, column.get("closed_after"))


@then(parsers.re(r"column (?P<number>[123]) stands at (?P<p1>\d+) to (?P<p2>\d+)"))
def column_totals(table: Table, number: str, p1: str, p2: str) -> None:
    column = _column(table, number)
    expect("totals", {"p1": int(p1), "p2": int(p2)}, column.get("totals"))


@then(parsers.re(r"column (?P<number>[123]) is settled as:"))
def column_settled(table: Table, number: str, datatable: list[list[str]]) -> None:
    column = _column(table, number)
    if not column.get("final"):
        pytest.fail(f"column {number} was not settled: {column}")
    _check_accounts(column["final"], datatable)


@then(parsers.parse("the session is over after hand {number:d}"))
def session_over(table: Table, number: int) -> None:
    expect("over_after", number, field_of(table, "over_after"))


@then("the session is not over")
def session_not_over(table: Table) -> None:
    expect("over_after", None, field_of(table, "over_after"))
