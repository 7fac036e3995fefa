"""Every scenario in ``features/`` as a test, against ``--engine`` (default: the reference engine)."""

from pytest_bdd import scenarios

from ginspec.suite.paths import suite_root

scenarios(str(suite_root() / "features"))
