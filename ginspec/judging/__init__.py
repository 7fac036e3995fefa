"""Putting cases to an engine and judging its answers: the runner (one result per case), the
judge, what a case's answer depends on and the cases derived for a variant, known departures of an
engine, the report in all its forms (JSON, terminal, Markdown, JUnit XML), fault localisation
(``blame``) and the findings of a failing engine (``diagnosis/``).

May import: ``ginspec.errors``, ``ginspec.suite.loaded``, ``ginspec.adapters``.
"""
