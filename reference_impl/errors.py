"""Errors raised by the reference engine, by kind.

Every error is also a :class:`ValueError`, and its message quotes the offending input.
"""


class GinError(ValueError):
    """Base class of every error the reference engine raises."""


class NotationError(GinError):
    """Text that is not valid card notation, e.g. ``'Zs' is not a card``."""


class InvalidHand(GinError):
    """Cards that do not make a hand of the size the question needs."""


class InvalidMelds(GinError):
    """A spread that is not a set of disjoint valid melds from the player's hand."""


class IllegalKnock(GinError):
    """A knock whose deadwood is over the knock limit (rule KNOCK-LIMIT)."""


class NotBigGin(GinError):
    """An 11-card hand claimed as big gin that is not all melded, or big gin is not allowed."""


class InvalidRules(GinError):
    """Variant parameters the engine cannot use (missing, unknown or of the wrong type)."""
