"""The variant parameters the single-hand rules read.

The engine never hard-codes a value that differs between rule books: it is given a mapping of
variant parameters (the resolved ``parameters`` of a file in ``spec/variants/``) and reads them
through :class:`HandRules`. Parameters that only matter to whole games are ignored here.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

from reference_impl.errors import InvalidRules

TIE_OUTCOMES = ("undercut", "undercut_without_bonus", "knocker_wins", "draw")


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRules:
    """Parameters of one hand.

    - ``hand_size``: cards each player keeps (DEAL-HAND-SIZE-10).
    - ``knock_limit``: most deadwood a knocker may keep (KNOCK-LIMIT).
    - ``gin_bonus``: bonus for gin (GIN-BONUS).
    - ``big_gin`` / ``big_gin_bonus``: whether big gin exists, and its bonus (BIGGIN-DEFINITION, BIGGIN-BONUS).
    - ``undercut_bonus``: bonus for an undercut (SCORE-UNDERCUT).
    - ``tie_outcome``: what equal counts after a knock mean (SCORE-UNDERCUT-TIE).
    - ``layoffs`` / ``layoff_chaining``: whether the defender may lay off, and onto his own
      earlier lay-offs (LAYOFF-DEFENDER-ONLY, LAYOFF-CHAIN).
    """

    hand_size: int
    knock_limit: int
    gin_bonus: int
    big_gin: bool
    big_gin_bonus: int
    undercut_bonus: int
    tie_outcome: str
    layoffs: bool
    layoff_chaining: bool

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> "HandRules":
        """Read the hand parameters from a resolved variant; other keys are ignored."""
        values: dict[str, Any] = {}
        for field in fields(cls):
            if field.name not in parameters:
                raise InvalidRules(f"variant parameter {field.name!r} is missing")
            value = parameters[field.name]
            expected = bool if field.type in ("bool", bool) else int if field.type in ("int", int) else str
            if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise InvalidRules(f"variant parameter {field.name}={value!r} must be an integer")
            if expected is bool and not isinstance(value, bool):
                raise InvalidRules(f"variant parameter {field.name}={value!r} must be true or false")
            values[field.name] = value
        if values["tie_outcome"] not in TIE_OUTCOMES:
            raise InvalidRules(
                f"variant parameter tie_outcome={values['tie_outcome']!r} must be one of {', '.join(TIE_OUTCOMES)}"
            )
        if values["knock_limit"] < 0:
            raise InvalidRules(f"variant parameter knock_limit={values['knock_limit']!r} must be 0 or more")
        return cls(**values)

