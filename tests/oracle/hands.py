"""Questions about one player's hand: the best discard and the knock."""

from .cards import parse_card, parse_hand
from .melds import least_deadwood


def reading(params, question):
    """The reading of an open question of spec/ambiguities.yaml that ``params`` asks for
    (``readings: {"Q2": "b"}``, passed by the suite for an engine that declares it), else ``a``."""
    return (params.get("readings") or {}).get(question, "a")


def held_within_limit(hand, params, limit=None):
    """Q2 reading ``b``: the eleven cards held before the knock discard must be within the limit
    too (under reading ``a``, always true: only the cards kept count)."""
    if reading(params, "Q2") != "b":
        return True
    return least_deadwood(list(hand)) <= (params["knock_limit"] if limit is None else limit)


def after_discard(hand11, params):
    """The eleven-card hand of a player who has drawn.

    Each of the eleven cards is tried as the discard, and the least deadwood of the
    ten cards kept is found; the discard itself is never counted
    (KNOCK-COUNT-AFTER-DISCARD). Returns a dict:

    * ``deadwood``: the smallest of those eleven values;
    * ``discards``: frozenset of every card whose discard reaches it;
    * ``can_knock``: that deadwood is within ``knock_limit`` (KNOCK-LIMIT);
    * ``can_gin``: that deadwood is 0 (GIN-DEFINITION);
    * ``can_big_gin``: all eleven cards are melded and ``big_gin`` is allowed
      (BIGGIN-DEFINITION).
    """
    hand = parse_hand(hand11)
    if len(hand) != params["hand_size"] + 1:
        raise ValueError(f"a hand after the draw has {params['hand_size'] + 1} cards, not {len(hand)}")
    kept = {card: least_deadwood([c for c in hand if c != card]) for card in hand}
    best = min(kept.values())
    return {
        "deadwood": best,
        "discards": frozenset(c for c, d in kept.items() if d == best),
        "can_knock": best <= params["knock_limit"] and held_within_limit(hand, params),
        "can_gin": best == 0,
        "can_big_gin": least_deadwood(hand) == 0 and bool(params["big_gin"]),
    }


def knock(hand11, discard, params):
    """May the player holding ``hand11`` knock by discarding ``discard``?

    The limit applies to the ten cards kept (KNOCK-COUNT-AFTER-DISCARD,
    KNOCK-LIMIT); a knock with nothing left unmelded is gin (GIN-DEFINITION).
    Returns a dict with ``legal``, ``deadwood`` and ``gin``.
    """
    hand = parse_hand(hand11)
    discard = parse_card(discard)
    if discard not in hand:
        raise ValueError(f"{discard!r} is not in the hand")
    if len(hand) != params["hand_size"] + 1:
        raise ValueError(f"a hand after the draw has {params['hand_size'] + 1} cards, not {len(hand)}")
    deadwood = least_deadwood([c for c in hand if c != discard])
    return {
        "legal": deadwood <= params["knock_limit"] and held_within_limit(hand, params),
        "deadwood": deadwood,
        "gin": deadwood == 0,
    }
