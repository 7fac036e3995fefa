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


QUOTE_LIMIT = 60
"""Characters of a token quoted in an error message; a longer token is cut and marked."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of a token, cut to ``limit`` characters so that a huge token never floods a message."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= limit:
        return repr(text) if isinstance(value, str) else text
    cut = text[:limit]
    shown = repr(cut) if isinstance(value, str) else cut
    return f"{shown}... ({len(text)} characters)"


class InvalidExpectations(SuiteError):
    """An expectation file (``expectations/ENGINE.yaml``) that is malformed."""


class InvalidTranscript(SuiteError):
    """A transcript file that is malformed, or names cards or actions that are not valid."""


class Interrupted(BaseException):
    """The run was stopped by a signal (SIGTERM, SIGHUP); engines are stopped on the way out."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number


def located(path: str, case: str | None, problem: str) -> str:
    """The standard message shape: ``file: case: problem``."""
    return f"{path}: {case}: {problem}" if case else f"{path}: {problem}"
