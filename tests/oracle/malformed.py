"""Which malformed question is which: the reason code with which a question is refused
(spec/protocol.md, "Refusing a malformed question"), worked out from the rules alone.

Nothing here is shared with the engines under test. Parameters are checked against the variant
schema (spec/schema/variant.schema.json), cards with the oracle's own notation (tests/oracle/cards.py),
melds with its own meld test (tests/oracle/melds.py), actions with the round oracle's own parser
(tests/oracle/rounds.py). The checks follow the order of precedence of the protocol: parameters,
card names, cards given twice, the dealer, sizes, the upcard, the stock, the discard, the spread,
and last the actions of a replayed hand. ``refusal`` returns ``None`` for a question that is not
malformed.
"""

import json
from functools import lru_cache
from pathlib import Path

import jsonschema

from tests.oracle.cards import parse_card
from tests.oracle.melds import meld_type
from tests.oracle.rounds import ActionSyntaxError, parse_action

ROOT = Path(__file__).resolve().parents[2]
PACK = 52
TWO = ("p1", "p2")


@lru_cache(maxsize=1)
def _validators():
    """A validator for each parameter of the variant schema, made once (as the variant files are
    read once by name, tests/oracle/rounds.py)."""
    schema = json.loads((ROOT / "spec" / "schema" / "variant.schema.json").read_text(encoding="utf-8"))
    reference = schema["properties"]["parameters"]["$ref"].split("/")[-1]
    properties = schema["$defs"][reference]["properties"]
    return tuple((name, jsonschema.Draft202012Validator(properties[name])) for name in sorted(properties))


def bad_parameter(parameters):
    """The first parameter whose value is not one of its allowed values, or None."""
    for name, validator in _validators():
        if name not in parameters:
            return name
        if list(validator.iter_errors(parameters[name])):
            return name
    return None


def _two_player_hand(params):
    """A two-player hand is scored by its winner alone (SCORE-WINNER-ONLY); the hand at one table
    of three or four, with its penalty points, is another game (spec/tables.md)."""
    return (params["table_format"] != "one_table" and params["scoring_model"] == "winner_only"
            and params["knock_bonus"] == 0 and params["gin_defender_deadwood_multiplier"] == 1)


class Refusal(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def _cards(text):
    """A card list; a token that is not a card is refused."""
    try:
        return [parse_card(token) for token in str(text).split()]
    except ValueError:
        raise Refusal("not_a_card") from None


def _no_repeats(cards):
    if len(set(cards)) != len(cards):
        raise Refusal("duplicate_card")


def _size(cards, sizes):
    if len(cards) not in sizes:
        raise Refusal("wrong_hand_size")


def _hand_question(kind, data, params):
    size = params["hand_size"]
    if kind == "meld":
        _no_repeats(_cards(data["cards"]))
        return
    if kind in ("deadwood", "discard", "knock"):
        hand = _cards(data["hand"])
        discard = _cards(data["discard"]) if kind == "knock" else []
        _no_repeats(hand)
        _size(hand, range(0, size + 1) if kind == "deadwood" else (size + 1,))
        if kind == "knock" and discard[0] not in hand:
            raise Refusal("card_not_held")
        return
    if kind == "layoff":
        melds = [_cards(meld) for meld in data["knocker_melds"]]
        defender = _cards(data["defender"])
        _no_repeats([card for meld in melds for card in meld] + defender)
        if any(meld_type(" ".join(meld)) is None for meld in melds):
            raise Refusal("invalid_spread")
        return
    if kind == "score":
        knocker, defender = _cards(data["knocker"]), _cards(data["defender"])
        _no_repeats(knocker + defender)
        _size(knocker, (size, size + 1))
        _size(defender, (size,))
        return
    raise ValueError(f"no malformed form of {kind!r} questions is known to the oracle")


def _deal(data, params, seats):
    dealt = data["deal"]
    hands = {seat: _cards(text) for seat, text in dealt["hands"].items()}
    upcard = _cards(dealt["upcard"]) if dealt.get("upcard") else []
    stock = _cards(dealt["stock"])
    _no_repeats([card for seat in sorted(hands) for card in hands[seat]] + upcard + stock)
    if dealt["dealer"] not in seats:
        raise Refusal("invalid_dealer")
    eleven = params["first_turn"] == "eleven_card_start"
    non_dealer = seats[(seats.index(dealt["dealer"]) + 1) % len(seats)]
    if set(hands) != set(seats):
        raise Refusal("wrong_hand_size")
    for seat in seats:
        _size(hands[seat], (params["hand_size"] + (1 if eleven and seat == non_dealer else 0),))
    if eleven and upcard:
        raise Refusal("unexpected_upcard")
    if not eleven and not upcard:
        raise Refusal("missing_upcard")
    if sum(len(cards) for cards in hands.values()) + len(upcard) + len(stock) != PACK:
        raise Refusal("wrong_stock_size")


SEATS = ("p1", "p2", "p3", "p4")


def _actions(data):
    """Every move of a replayed hand must be an action of spec/actions.md, wherever it stands; a
    seat p1 to p4 is in the notation (the state says who may act), so it is read as p1 here. A card
    given twice in one meld of a spread is no card list."""
    for text in data["actions"]:
        words = text.split(" ") if isinstance(text, str) else []
        if words and words[0] in SEATS:
            text = " ".join(["p1"] + words[1:])
        try:
            action = parse_action(text)
        except ActionSyntaxError:
            raise Refusal("not_an_action") from None
        if any(len(set(meld)) != len(meld) for meld in action.spread or ()):
            raise Refusal("not_an_action")


def _game(kind, data, params):
    if kind == "game" and data["first_dealer"] not in TWO:
        raise Refusal("invalid_dealer")
    if kind == "three_player" and data["first_dealer"] not in ("p1", "p2", "p3"):
        raise Refusal("invalid_dealer")
    if kind == "table_game" and data["first_dealer"] not in tuple(f"p{n}" for n in range(1, params["players"] + 1)):
        raise Refusal("invalid_dealer")
    if kind == "partnership" and data.get("first_dealers", "A") not in ("A", "B"):
        raise Refusal("invalid_dealer")


def refusal(kind, data, params):
    """The reason code with which the question is refused, or None if it is well formed."""
    try:
        if bad_parameter(params) is not None:
            raise Refusal("invalid_parameter")
        if kind == "round" and not _two_player_hand(params):
            raise Refusal("invalid_parameter")
        if kind in ("meld", "deadwood", "discard", "knock", "layoff", "score"):
            _hand_question(kind, data, params)
        elif kind == "round":
            _deal(data, params, TWO)
            _actions(data)
        elif kind == "table_round":
            _deal(data, params, tuple(f"p{n}" for n in range(1, params["players"] + 1)))
            _actions(data)
        elif kind in ("game", "three_player", "table_game", "partnership", "hollywood"):
            _game(kind, data, params)
        elif kind == "table_hand":
            pass  # a seat missing, a hand of the wrong size or a card held twice is answered invalid_hand
        else:
            raise ValueError(f"no malformed form of {kind!r} questions is known to the oracle")
    except Refusal as refused:
        return refused.code
    return None
