"""Errors raised by the reference engine, by kind.

Every error is also a :class:`ValueError`, and its message quotes the offending input.

An error that shows the question itself to be malformed (a hand of the wrong size, a card that is
not in the pack or is given twice, a deal that does not share out the pack, a parameter outside its
values) carries ``refusal``: the reason code with which an engine refuses such a question
(``spec/protocol.md``, "Refusing a malformed question"). Errors that are answers of the rules
(``IllegalKnock``, ``NotBigGin``) carry none.
"""


class GinError(ValueError):
    """Base class of every error the reference engine raises."""

    refusal: str | None = None
    """The reason code of a refused malformed question, or ``None``."""


class NotationError(GinError):
    """Text that is not valid card notation, e.g. ``'Zs' is not a card``."""

    refusal = "not_a_card"


class NotAnAction(NotationError):
    """Text that is not an action in the notation of ``spec/actions.md`` (``p1 discrad 5h``)."""

    refusal = "not_an_action"


class InvalidHand(GinError):
    """Cards that do not make the hands the question needs."""


class WrongHandSize(InvalidHand):
    """A hand of a size the question does not take under ``hand_size`` (DEAL-HAND-SIZE-10)."""

    refusal = "wrong_hand_size"


class DuplicateCard(NotationError, InvalidHand):
    """A card given twice: twice in one list, held by two players, or dealt twice (EQUIP-DECK-52)."""

    refusal = "duplicate_card"


class CardNotHeld(InvalidHand):
    """A discard that is not among the cards of the hand it is discarded from (TURN-DISCARD)."""

    refusal = "card_not_held"


class InvalidDeal(InvalidHand):
    """A deal that does not share out the pack as the rules deal it (DEAL-UPCARD-STOCK)."""

    refusal = "wrong_stock_size"


class MissingUpcard(InvalidDeal):
    """A deal without the upcard the variant turns (DEAL-UPCARD-STOCK)."""

    refusal = "missing_upcard"


class UnexpectedUpcard(InvalidDeal):
    """A deal with an upcard where the eleven-card start turns none (DEAL-ELEVEN-CARD-START)."""

    refusal = "unexpected_upcard"


class InvalidDealer(GinError):
    """A dealer, or a game's first dealer, who is not one of the players (DEAL-FIRST-DEALER)."""

    refusal = "invalid_dealer"


class InvalidMelds(GinError):
    """A spread that is not a set of disjoint valid melds from the player's hand."""

    refusal = "invalid_spread"


class IllegalKnock(GinError):
    """A knock whose deadwood is over the knock limit (rule KNOCK-LIMIT)."""


class NotBigGin(GinError):
    """An 11-card hand claimed as big gin that is not all melded, or big gin is not allowed."""


class InvalidRules(GinError):
    """Variant parameters the engine cannot use (missing, unknown or of the wrong type)."""


class InvalidParameter(InvalidRules):
    """A variant parameter that is missing, or whose value is not one of its allowed values
    (``spec/schema/variant.schema.json``)."""

    refusal = "invalid_parameter"
