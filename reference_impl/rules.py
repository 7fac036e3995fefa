"""The variant parameters the single-hand rules read.

The engine never hard-codes a value that differs between rule books: it is given a mapping of
variant parameters (the resolved ``parameters`` of a file in ``spec/variants/``) and reads them
through :class:`HandRules`. Parameters that only matter to whole games are ignored here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from reference_impl.errors import InvalidParameter

TIE_OUTCOMES = ("undercut", "undercut_without_bonus", "knocker_wins", "draw")


def read_parameter(parameters: Mapping[str, Any], name: str, kind: type, choices: tuple[str, ...] = ()) -> Any:
    """One variant parameter, checked for presence, type and allowed values (InvalidParameter otherwise)."""
    if name not in parameters:
        raise InvalidParameter(f"variant parameter {name!r} is missing")
    value = parameters[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise InvalidParameter(f"variant parameter {name}={value!r} must be an integer")
    if kind is bool and not isinstance(value, bool):
        raise InvalidParameter(f"variant parameter {name}={value!r} must be true or false")
    if kind is str and not isinstance(value, str):
        allowed = f" ({name}={value!r} must be one of {', '.join(choices)})" if choices else ""
        raise InvalidParameter(f"variant parameter {name}={value!r} must be a string{allowed}")
    if choices and value not in choices:
        raise InvalidParameter(f"variant parameter {name}={value!r} must be one of {', '.join(choices)}")
    return value


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
        rules = cls(
            hand_size=read_parameter(parameters, "hand_size", int),
            knock_limit=read_parameter(parameters, "knock_limit", int),
            gin_bonus=read_parameter(parameters, "gin_bonus", int),
            big_gin=read_parameter(parameters, "big_gin", bool),
            big_gin_bonus=read_parameter(parameters, "big_gin_bonus", int),
            undercut_bonus=read_parameter(parameters, "undercut_bonus", int),
            tie_outcome=read_parameter(parameters, "tie_outcome", str, TIE_OUTCOMES),
            layoffs=read_parameter(parameters, "layoffs", bool),
            layoff_chaining=read_parameter(parameters, "layoff_chaining", bool),
        )
        for name, (low, high, allowed) in HAND_BOUNDS.items():
            value = getattr(rules, name)
            if value < low or (high is not None and value > high):
                raise InvalidParameter(f"variant parameter {name}={value!r} must be {allowed}")
        return rules


HAND_BOUNDS: dict[str, tuple[int, int | None, str]] = {
    "hand_size": (1, 10, "from 1 to 10"),
    "knock_limit": (0, 100, "from 0 to 100"),
    "gin_bonus": (0, None, "0 or more"),
    "big_gin_bonus": (0, None, "0 or more"),
    "undercut_bonus": (0, None, "0 or more"),
}
"""The allowed values of the integer hand parameters (DEAL-HAND-SIZE-10, KNOCK-LIMIT, GIN-BONUS,
BIGGIN-BONUS, SCORE-UNDERCUT), lowest and highest (``None``: no highest), and in words: a value
outside them is an invalid parameter."""



FIRST_TURNS = ("upcard_offer", "no_offer", "eleven_card_start")
OKLAHOMA_ACES = ("gin_only", "one")
KNOCK_DISCARD_LOCATIONS = ("pile", "beside_hand")
REPEATED_UPCARD_DRAWS = ("continue", "void")
ILLEGAL_KNOCK_PENALTIES = ("expose_hand", "accept_or_refuse", "forfeit_game", "refused")
ILLEGAL_ACTION_PENALTIES = ("refused", "forfeit_game")


TWO_PLAYER_HAND: tuple[tuple[str, type, Any], ...] = (
    ("scoring_model", str, "winner_only"),
    ("knock_bonus", int, 0),
    ("gin_defender_deadwood_multiplier", int, 1),
)
"""The parameters of the hand at one table of three or four, at the values a two-player hand has.
(Three or four who take turns at two-player hands, as in cutthroat, captain or partnership games,
play ordinary two-player hands.)"""


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
    def for_two_players(cls, parameters: Mapping[str, Any]) -> "RoundRules":
        """Read the parameters of a two-player hand. The hand at one table of three or four, scored
        in penalty points (``spec/tables.md``), is refused as an invalid parameter: those are not
        the rules of this hand (SCORE-WINNER-ONLY, ``spec/protocol.md``)."""
        table_format = read_parameter(parameters, "table_format", str)
        if table_format == "one_table":
            raise InvalidParameter("variant parameter table_format='one_table': a hand at one table of three or four is not a two-player hand")
        for name, kind, two_player in TWO_PLAYER_HAND:
            value = read_parameter(parameters, name, kind)
            if value != two_player:
                raise InvalidParameter(f"variant parameter {name}={value!r}: a two-player hand is played with {name}={two_player!r}")
        return cls.from_parameters(parameters)

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> "RoundRules":
        """Read the parameters of the course of a hand, shared by two players and the tables."""
        return cls(
            hand=HandRules.from_parameters(parameters),
            first_turn=read_parameter(parameters, "first_turn", str, FIRST_TURNS),
            upcard_after_passes=read_parameter(parameters, "upcard_after_passes", bool),
            discard_taken_card=read_parameter(parameters, "discard_taken_card", bool),
            gin_mandatory=read_parameter(parameters, "gin_mandatory", bool),
            knock_discard_location=read_parameter(parameters, "knock_discard_location", str, KNOCK_DISCARD_LOCATIONS),
            stock_dead_cards=read_parameter(parameters, "stock_dead_cards", int),
            fiftieth_card_rule=read_parameter(parameters, "fiftieth_card_rule", bool),
            oklahoma=read_parameter(parameters, "oklahoma", bool),
            oklahoma_ace=read_parameter(parameters, "oklahoma_ace", str, OKLAHOMA_ACES),
            spade_double=read_parameter(parameters, "spade_double", bool),
            repeated_upcard_draw=read_parameter(parameters, "repeated_upcard_draw", str, REPEATED_UPCARD_DRAWS),
            illegal_knock_penalty=read_parameter(parameters, "illegal_knock_penalty", str, ILLEGAL_KNOCK_PENALTIES),
            illegal_action_penalty=read_parameter(parameters, "illegal_action_penalty", str, ILLEGAL_ACTION_PENALTIES),
        )
