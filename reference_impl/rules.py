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



FIRST_TURNS = ("upcard_offer", "no_offer", "eleven_card_start")
OKLAHOMA_ACES = ("gin_only", "one")
KNOCK_DISCARD_LOCATIONS = ("pile", "beside_hand")
REPEATED_UPCARD_DRAWS = ("continue", "void")
ILLEGAL_KNOCK_PENALTIES = ("expose_hand", "accept_or_refuse", "forfeit_game", "refused")
ILLEGAL_ACTION_PENALTIES = ("refused", "forfeit_game")


def _read(parameters: Mapping[str, Any], name: str, kind: type, choices: tuple[str, ...] = ()) -> Any:
    if name not in parameters:
        raise InvalidRules(f"variant parameter {name!r} is missing")
    value = parameters[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise InvalidRules(f"variant parameter {name}={value!r} must be an integer")
    if kind is bool and not isinstance(value, bool):
        raise InvalidRules(f"variant parameter {name}={value!r} must be true or false")
    if choices and value not in choices:
        raise InvalidRules(f"variant parameter {name}={value!r} must be one of {', '.join(choices)}")
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundRules:
    """Parameters of the course of one two-player hand, on top of :class:`HandRules`.

    - ``first_turn`` / ``upcard_after_passes``: FIRST-UPCARD-OFFER, DEAL-ELEVEN-CARD-START.
    - ``discard_taken_card``: TURN-NO-DISCARD-TAKEN-CARD.
    - ``gin_mandatory``: KNOCK-OPTIONAL.
    - ``knock_discard_location``: KNOCK-DISCARD-FACE-DOWN.
    - ``stock_dead_cards`` / ``fiftieth_card_rule``: STOCK-WALL-TWO, STOCK-FIFTIETH-CARD.
    - ``oklahoma`` / ``oklahoma_ace`` / ``spade_double``: OKLA-KNOCK-CARD, OKLA-ACE, OKLA-SPADE-DOUBLE.
    - ``repeated_upcard_draw``: IMPL-REPEATED-UPCARD-DRAW (only reachable with ``discard_taken_card``).
    - ``illegal_knock_penalty`` / ``illegal_action_penalty``: IRREG-ILLEGAL-KNOCK,
      IRREG-ILLEGAL-ACTION-FORFEIT. An engine refuses every illegal action; these say whether the
      offence also forfeits the game. Exposing the hand or letting the opponent accept the knock
      are choices made at the table, which a refusal leaves to the players.
    """

    hand: HandRules
    first_turn: str
    upcard_after_passes: bool
    discard_taken_card: bool
    gin_mandatory: bool
    knock_discard_location: str
    stock_dead_cards: int
    fiftieth_card_rule: bool
    oklahoma: bool
    oklahoma_ace: str
    spade_double: bool
    repeated_upcard_draw: str
    illegal_knock_penalty: str
    illegal_action_penalty: str

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> "RoundRules":
        return cls(
            hand=HandRules.from_parameters(parameters),
            first_turn=_read(parameters, "first_turn", str, FIRST_TURNS),
            upcard_after_passes=_read(parameters, "upcard_after_passes", bool),
            discard_taken_card=_read(parameters, "discard_taken_card", bool),
            gin_mandatory=_read(parameters, "gin_mandatory", bool),
            knock_discard_location=_read(parameters, "knock_discard_location", str, KNOCK_DISCARD_LOCATIONS),
            stock_dead_cards=_read(parameters, "stock_dead_cards", int),
            fiftieth_card_rule=_read(parameters, "fiftieth_card_rule", bool),
            oklahoma=_read(parameters, "oklahoma", bool),
            oklahoma_ace=_read(parameters, "oklahoma_ace", str, OKLAHOMA_ACES),
            spade_double=_read(parameters, "spade_double", bool),
            repeated_upcard_draw=_read(parameters, "repeated_upcard_draw", str, REPEATED_UPCARD_DRAWS),
            illegal_knock_penalty=_read(parameters, "illegal_knock_penalty", str, ILLEGAL_KNOCK_PENALTIES),
            illegal_action_penalty=_read(parameters, "illegal_action_penalty", str, ILLEGAL_ACTION_PENALTIES),
        )
