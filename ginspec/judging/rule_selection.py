"""``--rule ID``: each value is one rule ID of the registry, never an expression.

The scenarios are selected by pytest's marker expressions, where ``MELD-SET or MELD-RUN`` or
``not MELD-SET`` would select more than the vectors do, and an unknown ID selects nothing; so a
value that is not exactly a rule ID is refused in one line before anything runs.
"""

from __future__ import annotations

import difflib
from typing import Sequence

from ginspec.errors import UsageError, quote


def check_rule_ids(rules: Sequence[str], option: str = "--rule") -> None:
    """Refuse the first value of ``rules`` that is not a rule ID of ``spec/rules/``."""
    from ginspec.suite.registry import rules_by_id

    known = rules_by_id()
    for rule in rules:
        if rule in known:
            continue
        close = difflib.get_close_matches(rule.upper(), list(known), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        words = " (give one rule ID per --rule, not an expression)" if any(ch.isspace() for ch in rule) else ""
        raise UsageError(f"{option} {quote(rule)}: no such rule ID{words}{hint}")
