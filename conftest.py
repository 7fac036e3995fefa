"""pytest options for the conformance suite (``--engine``) and the feature step definitions."""

pytest_plugins = [
    "ginspec.pytest_plugin",
    "ginspec.bdd.steps",
    "ginspec.bdd.steps_play",
    "ginspec.bdd.steps_games",
    "ginspec.bdd.steps_tables",
    "ginspec.bdd.steps_table_play",
]
