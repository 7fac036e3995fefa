"""The variant parameters the single-hand rules read.

The engine never hard-codes a value that differs between rule books: it is given a mapping of
variant parameters (the resolved ``parameters`` of a file in ``spec/variants/``) and reads them
through :class:`HandRules`. Parameters that only matter to whole games are ignored here.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType, SimpleNamespace
from typing import Any, ClassVar, Self

from reference_impl.errors import InvalidParameter

TIE_OUTCOMES = ("undercut", "undercut_without_bonus", "knocker_wins", "draw")
ACES_IN_RUNS = ("low", "low_or_high")


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


class CheckedParameters(Mapping[str, Any]):
    """A mapping of variant parameters whose every value is already known to be allowed (each as
    :meth:`Parameter.check` checks it): rules made from it (:meth:`Rules.from_parameters`) read it
    without checking it again. Abstract: a subclass holds the values."""

    __slots__ = ()


@dataclass(frozen=True)
class Parameter:
    """One variant parameter of a set of rules, and its allowed values."""

    kind: type
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    allowed: str = ""
    """The allowed integers in words, when ``low`` (and ``high``) bound them."""

    def value(self, parameters: Mapping[str, Any], name: str) -> Any:
        """The parameter's value in the rules."""
        return parameters[name]

    def check(self, parameters: Mapping[str, Any], name: str) -> None:
        """Raise :class:`InvalidParameter` unless the parameter is present and one of its allowed values."""
        value = read_parameter(parameters, name, self.kind, self.choices)
        if self.low is not None and (value < self.low or (self.high is not None and value > self.high)):
            raise InvalidParameter(f"variant parameter {name}={value!r} must be {self.allowed}")


@dataclass(frozen=True)
class Part:
    """A set of rules within a set of rules (the hand within the course of a hand, say)."""

    rules: type["Rules"]

    def value(self, parameters: Mapping[str, Any], name: str) -> Any:
        """The part's rules, made from the same parameters."""
        return self.rules(parameters)


@dataclass(frozen=True, eq=False)
class Rules:
    """Rules read from a mapping of variant parameters.

    ``LISTED`` names what the rules hold: each :class:`Parameter` and :class:`Part`. Every
    parameter is checked when the rules are made (:meth:`from_parameters`; a question's parameters
    are read before anything else in it, ``spec/protocol.md``). Each value is then read from the
    mapping only when the rules first need it, and kept, so that an answer reads exactly the
    parameters it uses. The rules are fixed once made (each kind of rules is a frozen dataclass)."""

    parameters: Mapping[str, Any]
    LISTED: ClassVar[SimpleNamespace] = SimpleNamespace()

    def __getattr__(self, name: str) -> Any:
        """A parameter's value (or a part's rules), read when the rules first need it and kept."""
        return self.__dict__.setdefault(name, getattr(self.LISTED, name).value(self.parameters, name))

    def values(self) -> tuple[Any, ...]:
        """What the rules hold, in the order they list it (every parameter and part, read)."""
        return tuple(getattr(self, name) for name in vars(self.LISTED))

    def __eq__(self, other: object) -> bool:
        """Rules are equal when they hold the same values, whatever else their mappings hold."""
        if type(other) is not type(self):
            return NotImplemented
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    @classmethod
    def checked(cls) -> tuple[tuple[str, Parameter], ...]:
        """Every parameter the rules check, by name, in the order they list them: their own, and
        those of their parts in place of each part. The list is fixed with the class, so it is
        worked out once (every question checks its parameters)."""
        return _checked_by_rules(cls)

    @classmethod
    def check(cls, parameters: Mapping[str, Any]) -> None:
        """Raise :class:`InvalidParameter` for the first parameter of these rules that is missing
        or not allowed (:meth:`checked`)."""
        for name, parameter in cls.checked():
            parameter.check(parameters, name)

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> Self:
        """Check the parameters (unless they are :class:`CheckedParameters`) and make the rules
        from a copy of them; other keys are ignored."""
        if isinstance(parameters, CheckedParameters):
            return cls(parameters)
        cls.check(parameters)
        check_readings(parameters)
        # a copy: the caller's mapping may change later, the rules may not
        return cls(MappingProxyType(dict(parameters)))

    def reading(self, question: str) -> str:
        """The reading the engine plays of an open question of ``spec/ambiguities.yaml`` that no
        variant parameter settles (:data:`READINGS`): the one the parameters' ``readings`` name
        (``{"Q2": "b"}``), else the default ``a``. No variant sets ``readings``; the suite passes it
        to work out the answers of an engine that declares another reading."""
        readings = self.__dict__.get("_readings")
        if readings is None:  # read once, and kept as the parameters are (a hot path of play)
            given = self.parameters.get("readings")
            readings = self.__dict__.setdefault("_readings", dict(given) if isinstance(given, Mapping) else {})
        return str(readings.get(question, "a"))

    def replace(self, **values: Any) -> Self:
        """The same rules with some parameters set otherwise (the knock limit in force, say)."""
        return type(self)(ChainMap(values, self.parameters))


READINGS: Mapping[str, tuple[str, ...]] = MappingProxyType({"Q2": ("a", "b"), "Q7": ("a", "b"), "Q12": ("a", "b", "c"), "Q19": ("a", "b"), "Q20": ("a", "b"), "Q27": ("a", "b", "c"), "Q28": ("a", "b"), "Q30": ("a", "b")})
"""The open questions whose readings the engine plays (:meth:`Rules.reading`), with their readings:

- Q2 (KNOCK-COUNT-AFTER-DISCARD): ``a`` the ten cards kept are counted; ``b`` the eleven cards
  before the discard must be within the limit as well;
- Q7 (GIN-CANNOT-BE-UNDERCUT): ``a`` gin (or big gin) scores its bonus even against a defender
  with no deadwood; ``b`` against him the tie rule for knocks applies (SCORE-UNDERCUT-TIE);
- Q12 (STOCK-FIFTIETH-CARD): ``a`` and ``b`` the player who draws the fiftieth card may knock
  with it; ``c`` he may not (no knock, gin or big gin while the stock is down to the wall);
- Q19 (MELD-ARRANGEMENT-CHOICE): ``a`` any valid spread within the limit may be shown; ``b`` only
  a least-deadwood spread (another is an invalid spread, or for a scored hand an illegal knock);
- Q20 (HOLLY-BOX-PER-GAME): ``a`` a Hollywood win's boxes count in every column it enters; ``b``
  in the first of them only;
- Q27 (IRREG-ILLEGAL-KNOCK), a knock wrong in two ways: ``a`` the discard, then the count, then
  the spread; ``b`` the count first, whatever else is wrong; ``c`` the discard, then the spread,
  then the count;
- Q28 (MPN-SEED003-SCORING): ``a`` a recorded table result is checked for its signs; ``b`` its
  winner must score the bonus of its outcome as well;
- Q30 (GIN-DEFINITION): ``a`` cards kept that can all be melded are gin whatever spread is shown;
  ``b`` a spread shown is scored as shown, gin or not."""


def check_readings(parameters: Mapping[str, Any]) -> None:
    """Raise :class:`InvalidParameter` unless the parameters' ``readings``, when given, name only
    questions of :data:`READINGS` and readings they have."""
    readings = parameters.get("readings")
    if readings is None:
        return
    if not isinstance(readings, Mapping):
        raise InvalidParameter(f"readings={readings!r} must map open questions to readings")
    for question, reading in readings.items():
        if reading not in READINGS.get(question, ()):
            raise InvalidParameter(f"readings: {question}={reading!r} is no reading the engine plays ({', '.join(f'{name}: {chr(47).join(ids)}' for name, ids in READINGS.items())})")


@lru_cache(maxsize=None)
def _checked_by_rules(rules: type[Rules]) -> tuple[tuple[str, Parameter], ...]:
    """:meth:`Rules.checked` of one kind of rules."""
    return tuple(
        pair
        for name, item in vars(rules.LISTED).items()
        for pair in (((name, item),) if isinstance(item, Parameter) else item.rules.checked())
    )


@dataclass(frozen=True, eq=False)
class HandRules(Rules):
    """Parameters of one hand.

    - ``hand_size``: cards each player keeps (DEAL-HAND-SIZE-10).
    - ``knock_limit``: most deadwood a knocker may keep (KNOCK-LIMIT).
    - ``gin_bonus``: bonus for gin (GIN-BONUS).
    - ``big_gin`` / ``big_gin_bonus``: whether big gin exists, and its bonus (BIGGIN-DEFINITION, BIGGIN-BONUS).
    - ``undercut_bonus``: bonus for an undercut (SCORE-UNDERCUT).
    - ``tie_outcome``: what equal counts after a knock mean (SCORE-UNDERCUT-TIE).
    - ``layoffs`` / ``layoff_chaining``: whether the defender may lay off, and onto his own
      earlier lay-offs (LAYOFF-DEFENDER-ONLY, LAYOFF-CHAIN).
    - ``ace_in_runs``: the ace only low in runs (MELD-RUN-ACE-LOW), or low or high, never both at
      once (MELD-RUN-ACE-HIGH); read only for a suit holding its ace and its king
      (:func:`reference_impl.deadwood.ace_may_be_high`).

    The allowed values of the integers, outside which a value is an invalid parameter:
    DEAL-HAND-SIZE-10, KNOCK-LIMIT, GIN-BONUS, BIGGIN-BONUS, SCORE-UNDERCUT.
    """

    LISTED = SimpleNamespace(
        hand_size=Parameter(int, low=1, high=10, allowed="from 1 to 10"),
        knock_limit=Parameter(int, low=0, high=100, allowed="from 0 to 100"),
        gin_bonus=Parameter(int, low=0, allowed="0 or more"),
        big_gin=Parameter(bool),
        big_gin_bonus=Parameter(int, low=0, allowed="0 or more"),
        undercut_bonus=Parameter(int, low=0, allowed="0 or more"),
        tie_outcome=Parameter(str, TIE_OUTCOMES),
        layoffs=Parameter(bool),
        layoff_chaining=Parameter(bool),
        ace_in_runs=Parameter(str, ACES_IN_RUNS),
    )


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


@dataclass(frozen=True, eq=False)
class RoundRules(Rules):
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

    LISTED = SimpleNamespace(
        hand=Part(HandRules),
        first_turn=Parameter(str, FIRST_TURNS),
        upcard_after_passes=Parameter(bool),
        discard_taken_card=Parameter(bool),
        gin_mandatory=Parameter(bool),
        knock_discard_location=Parameter(str, KNOCK_DISCARD_LOCATIONS),
        stock_dead_cards=Parameter(int),
        fiftieth_card_rule=Parameter(bool),
        oklahoma=Parameter(bool),
        oklahoma_ace=Parameter(str, OKLAHOMA_ACES),
        spade_double=Parameter(bool),
        repeated_upcard_draw=Parameter(str, REPEATED_UPCARD_DRAWS),
        illegal_knock_penalty=Parameter(str, ILLEGAL_KNOCK_PENALTIES),
        illegal_action_penalty=Parameter(str, ILLEGAL_ACTION_PENALTIES),
    )

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
