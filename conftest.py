"""pytest options for the conformance suite (``--engine``) and the feature step definitions."""

pytest_plugins = [
    "ginspec.pytest_plugin",
    "ginspec.bdd.steps",
    "ginspec.bdd.steps_play",
    "ginspec.bdd.steps_games",
    "ginspec.bdd.steps_tables",
]


import pytest  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def _schema_checks_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory):
    """Remembered schema checks (``ginspec.schema_checks``) go to a folder of this test run, never
    to the user's cache, and each test process has its own."""
    import os

    previous = os.environ.get("GINSPEC_CACHE_DIR")
    os.environ["GINSPEC_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if previous is None:
        os.environ.pop("GINSPEC_CACHE_DIR", None)
    else:
        os.environ["GINSPEC_CACHE_DIR"] = previous
