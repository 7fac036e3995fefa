"""A hand of a campaign goes on past a move the engine refuses and the rules allow: the same hand is
played again, deal and moves alike, up to that move, where another legal move is chosen by the
hand's generator, and the rest drawn as usual (``play_moves`` with ``detour``). The hand played so
is asked of the engine too, and each departure it shows at a place of play the first hand did not
reach is the hand's as well, recorded with the number of the move played otherwise, so that the
report plays it again (:func:`ginspec.detection.campaign.units.play_part`). One refused move then
hides no other defect: an engine that refuses a move at the start of every hand still shows what
else it does wrong. A hand goes round one refused move only (its detour refused again is the same
place of play, no new finding).
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from ginspec.detection.campaign.compare import Outcome, place_of
from ginspec.detection.campaign.hands import Hand

REFUSED = "refused "
"""How the place of a refused move begins (``round: refused knock in phase discard (...)``)."""


def refused_move(outcome: Outcome, hand: Hand) -> int | None:
    """The index, among the moves the hand played (its lay-offs included), of the move the engine
    refused, where one of the hand's departures is a refusal (the last it can show); else ``None``."""
    if outcome.status != "disagree":
        return None
    cuts = [cut for signature, cut, *_ in [(outcome.signature, outcome.cut), *outcome.also] if place_of(signature).startswith(REFUSED)]
    if not cuts or cuts[0] < 1:
        return None
    return hand.explicit_cut(cuts[0]) - 1 if hand.full is not None else cuts[0] - 1


def past_refusal(outcome: Outcome, hand: Hand, replay: Callable[[int], Outcome]) -> Outcome:
    """``outcome`` with the departures of the hand played otherwise at its refused move
    (``replay(move)``: that hand's outcome) at places of play it has not shown."""
    move = refused_move(outcome, hand)
    if move is None:
        return outcome
    other = replay(move)
    if other.status != "disagree":
        return outcome
    shown = {place_of(outcome.signature), *(place_of(entry[0]) for entry in outcome.also)}
    found = []
    for signature, cut, problem, _ in [(other.signature, other.cut, other.problem, 0), *other.also]:
        if place_of(signature) not in shown:
            shown.add(place_of(signature))
            found.append((signature, cut, problem, move + 1))
    return dataclasses.replace(outcome, also=outcome.also + tuple(found)) if found else outcome
