"""A step's data table rendered for its scenario without a deep copy (ginspec.bdd.table_render):
the same table as pytest-bdd's own rendering, example values put in, the step's own table left as
it was."""

from __future__ import annotations

import copy
import importlib

from ginspec.bdd.table_render import install, render_table

_parser = importlib.import_module("pytest_bdd.parser")
_gherkin = importlib.import_module("pytest_bdd.gherkin_parser")


def _table() -> object:
    location = _gherkin.Location(column=7, line=12)
    cells = [[_gherkin.Cell(location=location, value=text) for text in row] for row in (["action"], ["p2 draw <source>"], ["p2 discard Kc"])]
    rows = [_gherkin.Row(id=str(number), location=location, cells=row) for number, row in enumerate(cells)]
    return _gherkin.DataTable(location=location, rows=rows)


def test_the_suites_runs_render_tables_without_deep_copies() -> None:
    assert install()
    assert getattr(_parser.Step.render_datatable, "__ginspec_table_render__", False)


def test_a_rendered_table_is_the_one_pytest_bdd_renders_and_the_step_keeps_its_own() -> None:
    table = _table()
    before = copy.deepcopy(table)
    context = {"source": "stock"}
    rendered = render_table(table, context, _parser.render_string)
    expected = copy.deepcopy(table)
    for row in expected.rows:
        for cell in row.cells:
            cell.value = _parser.render_string(cell.value, context)
    assert rendered == expected
    assert rendered.raw() == [["action"], ["p2 draw stock"], ["p2 discard Kc"]]
    assert table == before  # the step's table is not changed by rendering
    assert all(new is not old for new, old in zip(rendered.rows, table.rows))
    assert all(new is not old for row, old_row in zip(rendered.rows, table.rows) for new, old in zip(row.cells, old_row.cells))
