"""Gherkin scenarios (``features/``) run through pytest-bdd against any adapter-wrapped engine
(layer 5 of ARCHITECTURE.md): the step phrases (``steps``, ``steps_play``, ``steps_games``,
``steps_tables``, ``steps_table_play``, loaded as pytest plugins), how a step asks the engine and
compares (``asking``, ``judging``; the other answers the rules admit, ``admitted``), the scenario run of ``ginspec check`` (``features``), the
scenario records kept for a diagnosis (``scenario_answers``, ``scenario_faults``, ``scenario_ids``),
what each scenario's answers depend on (``dependence_file``, ``scenario_dependence``), and how a
pytest run against an engine ends when it is stopped (``pytest_stops``).

May import: ``errors``, ``suite``, ``adapters``, ``judging`` (and ``reference_impl``).
"""
