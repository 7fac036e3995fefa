"""A step's data table rendered for a scenario without deep-copying it.

Before each scenario runs, pytest-bdd renders its steps with the scenario's example values
(``pytest_bdd.parser.Step.render_datatable``): it deep-copies the step's data table, then replaces
each ``<name>`` in its cells. The suite's scenarios carry their hands and lines of play in data
tables, and the deep copy of each (every row, cell and source location, through ``copy.deepcopy``)
was a tenth of the time the scenarios take in ``ginspec check``.

:func:`install` renders the table as a new table of new rows of new cells, the cells' text
rendered the same way, sharing only the source locations, which nothing changes. Where this
pytest-bdd's tables are not the dataclasses this expects (another version), nothing is changed.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any, Mapping

try:
    _parser: Any = importlib.import_module("pytest_bdd.parser")
except ImportError:  # pragma: no cover - pytest-bdd is a dependency of the suite
    _parser = None

_MARK = "__ginspec_table_render__"


def _is_table(datatable: Any) -> bool:
    """Whether ``datatable`` is the shape rendered here: a dataclass of rows of cells."""
    rows = getattr(datatable, "rows", None)
    return (
        dataclasses.is_dataclass(datatable)
        and isinstance(rows, list)
        and all(dataclasses.is_dataclass(row) and isinstance(getattr(row, "cells", None), list) for row in rows)
        and all(dataclasses.is_dataclass(cell) and isinstance(getattr(cell, "value", None), str) for row in rows for cell in row.cells)
    )


def render_table(datatable: Any, context: Mapping[str, object], render_string: Any) -> Any:
    """A new table like ``datatable``, each cell's text rendered with ``context``."""
    rows = [
        dataclasses.replace(row, cells=[dataclasses.replace(cell, value=render_string(cell.value, context)) for cell in row.cells])
        for row in datatable.rows
    ]
    return dataclasses.replace(datatable, rows=rows)


def _rendering(original: Any, render_string: Any) -> Any:
    def render_datatable(datatable: Any, context: Mapping[str, object]) -> Any:
        if not _is_table(datatable):
            return original(datatable, context)
        return render_table(datatable, context, render_string)

    setattr(render_datatable, _MARK, True)
    return staticmethod(render_datatable)


def install() -> bool:
    """Render data tables without deep copies (once per process); False where this pytest-bdd
    renders them some other way."""
    step = getattr(_parser, "Step", None)
    render_string = getattr(_parser, "render_string", None)
    original = getattr(step, "render_datatable", None)
    if step is None or render_string is None or original is None:
        return False
    if not getattr(original, _MARK, False):
        step.render_datatable = _rendering(original, render_string)
    return True
