"""Putting cases to an engine and judging its answers (layer 4): the question a vector puts
(``questions``), the runner (one result per case, ``runner``), the judge, the answers the rules
admit where they leave a player a choice (``admissible``), what a case's answer
depends on (``dependence``, ``open_questions``) and the cases derived for a variant (``derive``,
``automatic``), an engine's known departures (``expectations``), the report in all its forms (JSON
and terminal ``report``, ``report_findings``, ``junit``, ``partial_report``, ``again``), fault
localisation (``blame``) and the findings of a failing engine (``diagnosis/``).

The judge is pure: expected answer and observed answer in, mismatches out.

May import: ``errors``, ``suite``, ``adapters`` (and ``reference_impl``).
"""
