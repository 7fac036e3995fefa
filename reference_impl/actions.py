"""The action notation of a replayed hand (``spec/actions.md``): a strict parser and its printer.

>>> format_action(parse_action("p1 knock Kh with 7c 7d 7h | 4s 5s 6s"))
'p1 knock Kh with 7c 7d 7h | 4s 5s 6s'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reference_impl.cards import Card, format_cards, parse_card, parse_cards
from reference_impl.errors import NotAnAction, NotationError

PLAYERS = ("p1", "p2")
SEATS = ("p1", "p2", "p3", "p4")
"""Two players play an ordinary hand; at a table of three or four the seats run to ``p4``
(``spec/tables.md``). Any seat parses; the state says who may act."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``verb`` is one of pass, draw, discard, knock, big-gin, layoff, done."""

    player: str
    verb: str
    source: str | None = None  # draw: "stock" or "discard"
    card: Card | None = None  # discard, knock, layoff
    spread: tuple[tuple[Card, ...], ...] | None = None  # knock ... with ...
    onto: Card | None = None  # layoff ... onto ...


_ONE_VALUE: dict[Action, Action] = {}
"""The one value kept of each move the engine makes once and lists among the legal moves (every
move but a knock with its spread and a lay-off onto a named card: ``reference_impl.legal``), by
the move. Reading a move's text gives this value, so the moves a hand plays are found in the
lists of legal moves by identity, without comparing their fields."""


def keep_value(action: Action) -> Action:
    """Keep ``action`` as the one value of its move (the first one kept stays)."""
    return _ONE_VALUE.setdefault(action, action)


def _usage(text: str, problem: str) -> NotAnAction:
    """The refusal of a text that is not an action (``not_an_action``), quoting it whole."""
    return NotAnAction(f"{text!r} is not an action: {problem}")


@lru_cache(maxsize=1 << 16)
def parse_action(text: str) -> Action:
    """Parse one action, e.g. ``p1 draw stock``; raise :class:`NotAnAction` quoting it otherwise.

    Actions are immutable, so the same text gives the same action: a replayed hand parses each
    text once (a refused text is not remembered and is refused again each time)."""
    words = text.split(" ")
    if len(words) < 2 or words[0] not in SEATS:
        raise _usage(text, "it must start with the player, p1 to p4, then a verb")
    try:
        action = _read(words[0], words[1], words[2:])
    except NotationError as exc:
        raise _usage(text, str(exc)) from None
    if action is None:
        raise _usage(text, ACTION_FORMS)
    return _ONE_VALUE.get(action, action)


ACTION_FORMS = "expected pass, done, big-gin, draw stock|discard, discard CARD, knock CARD [with MELDS], layoff CARD [onto CARD]"


def _read(player: str, verb: str, rest: list[str]) -> Action | None:
    """The action the words after the player make, or ``None`` if they are none of the forms of
    ``spec/actions.md``; :class:`NotationError` for a card that is not one."""
    match verb, rest:
        case ("pass" | "done" | "big-gin"), []:
            return Action(player, verb)
        case "draw", [("stock" | "discard") as source]:
            return Action(player, "draw", source=source)
        case "discard", [card]:
            return Action(player, "discard", card=parse_card(card))
        case "knock", [card]:
            return Action(player, "knock", card=parse_card(card))
        case "knock", [card, "with", *melds] if melds:
            spread = tuple(parse_cards(part.strip()) for part in " ".join(melds).split("|"))
            if any(not meld for meld in spread):
                raise NotationError("an empty meld in the spread")
            return Action(player, "knock", card=parse_card(card), spread=spread)
        case "layoff", [card]:
            return Action(player, "layoff", card=parse_card(card))
        case "layoff", [card, "onto", target]:
            return Action(player, "layoff", card=parse_card(card), onto=parse_card(target))
    return None


def format_action(action: Action) -> str:
    """The canonical text of an action; ``parse_action(format_action(a)) == a``."""
    words = [action.player, action.verb]
    if action.source is not None:
        words.append(action.source)
    if action.card is not None:
        words.append(str(action.card))
    if action.spread is not None:
        words.append("with " + " | ".join(format_cards(meld) for meld in action.spread))
    if action.onto is not None:
        words.append(f"onto {action.onto}")
    return " ".join(words)
