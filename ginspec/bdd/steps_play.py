"""More step definitions for the feature files (whole hands and turns).

Like :mod:`ginspec.bdd.steps`, they reach the engine only through :func:`ginspec.bdd.steps.ask`.

Phrases:

- ``When the upcard is passed twice and each player throws back the stock card he draws, for 29 turns``:
  both players pass the upcard, then the non-dealer and the dealer in turn draw the top card of
  the stock and discard that same card, for the number of turns given (two actions a turn).
- ``When the upcard is passed twice, each player throws back the stock card he draws for 28 turns,
  and then they play:`` (a one-column table of further actions): the same, then the actions listed.
  Action numbers in later steps count every action, the passes and the thrown-back turns included.
- ``Then after 60 actions the hand is over``: nobody is to play and no action is legal.
- ``Then the knocker is p1``.
- ``Then after hand 2 the running totals are p1 40 and p2 20`` (a game).
- ``Then p1 has won 2 hands for the box bonus`` (a game).
"""

from __future__ import annotations

from typing import Any

from pytest_bdd import parsers, when

from ginspec.adapters.base import Adapter
from ginspec.bdd.judging import then
from ginspec.bdd.steps import Table, _state_after, ask, expect, field_of, state_field


def _other(player: str) -> str:
    return "p2" if player == "p1" else "p1"


def _thrown_back(table: Table, turns: int) -> list[str]:
    """Two passes of the upcard, then ``turns`` turns each drawing the top stock card and
    discarding it."""
    dealer = table.deal["dealer"]
    player = _other(dealer)
    actions = [f"{player} pass", f"{dealer} pass"]
    stock = table.deal["stock"].split()
    for card in stock[:turns]:
        actions += [f"{player} draw stock", f"{player} discard {card}"]
        player = _other(player)
    return actions


def _play(engine: Adapter, table: Table, actions: list[str]) -> None:
    table.actions = actions
    observe = list(range(len(actions) + 1))
    ask(engine, table, "round", {"deal": table.deal, "actions": actions, "observe_after": observe})


@when(parsers.parse("the upcard is passed twice and each player throws back the stock card he draws, for {turns:d} turns"))
def throw_back(engine: Adapter, table: Table, turns: int) -> None:
    _play(engine, table, _thrown_back(table, turns))


@when(
    parsers.parse(
        "the upcard is passed twice, each player throws back the stock card he draws for {turns:d} turns, and then they play:"
    )
)
def throw_back_then_play(engine: Adapter, table: Table, turns: int, datatable: list[list[str]]) -> None:
    more = [row[0] for row in datatable if row and row[0] != "action"]
    _play(engine, table, _thrown_back(table, turns) + more)


@then(parsers.parse("after {count:d} actions the hand is over"))
def over_after(table: Table, count: int) -> None:
    state = _state_after(table, count)
    observed = (state_field(table, state, "to_play", count), list(state_field(table, state, "legal", count)))
    expect(f"after {count} actions: to_play and legal", (None, []), observed)


@then(parsers.re(r"the knocker is (?P<player>p1|p2)"))
def the_knocker(table: Table, player: str) -> None:
    expect("knocker", player, field_of(table, "knocker"))


@then(parsers.re(r"after hand (?P<number>\d+) the running totals are p1 (?P<p1>\d+) and p2 (?P<p2>\d+)"))
def running_totals(table: Table, number: str, p1: str, p2: str) -> None:
    totals: list[Any] = field_of(table, "totals")
    index = int(number) - 1
    assert index < len(totals), f"only {len(totals)} hands were scored: {totals}"
    expect(f"totals after hand {index + 1}", [int(p1), int(p2)], list(totals[index]))


@then(parsers.re(r"(?P<player>p1|p2) has won (?P<count>\d+) hands? for the box bonus"))
def hands_won(table: Table, player: str, count: str) -> None:
    expect(f"final.{player}.boxes", int(count), field_of(table, "final")[player]["boxes"])
