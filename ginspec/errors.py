"""Errors of the conformance suite, by kind. Each names the file, the case and the problem."""

from __future__ import annotations


class SuiteError(Exception):
    """Base class of every error the suite reports to a user (one line, no traceback)."""


class UsageError(SuiteError):
    """A command line that cannot be acted on (bad cards, unknown option value)."""


class InvalidVariant(SuiteError):
    """A variant file or parameter override that is malformed, unknown or of the wrong type."""


class InvalidVector(SuiteError):
    """A vector file that does not follow ``spec/vectors.md``."""


class InvalidRegistry(SuiteError):
    """A rule registry file in ``spec/rules/`` that is malformed."""


class UnknownEngine(SuiteError):
    """An ``--engine`` name that names no adapter."""


def located(path: str, case: str | None, problem: str) -> str:
    """The standard message shape: ``file: case: problem``."""
    return f"{path}: {case}: {problem}" if case else f"{path}: {problem}"
