"""The feature files as pytest-bdd tests; ``ginspec check`` runs this module through pytest."""

from pytest_bdd import scenarios

from ginspec.suite.paths import suite_root

scenarios(str(suite_root() / "features"))
