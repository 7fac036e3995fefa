"""pytest options for the conformance suite (``--engine``)."""

pytest_plugins = ["ginspec.pytest_plugin"]
