"""Gherkin scenarios (``features/``) run through pytest-bdd against any adapter-wrapped engine."""
