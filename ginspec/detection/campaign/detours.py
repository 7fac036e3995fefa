"""A hand of a campaign goes on past the moves the engine refuses and the rules allow: the same hand
is played again, deal and moves alike, up to the refused move, where another legal move is chosen
by the hand's generator, and the rest drawn as usual (``play_moves`` with ``detour``). The hand
played so is asked of the engine too, and each departure it shows at a place of play not shown
before is the hand's as well. When the engine refuses a later move of that hand too, it is played
otherwise there as well, and so on, up to :data:`MOST_DETOURS` moves a hand: several refused moves
hide no other defect, each shows as its own finding. A departure found on a hand played otherwise
is recorded with the moves played otherwise (:func:`part_of`, the occurrence's ``part``), so that
the report, the diagnosis and ``--replay-index`` play that hand again
(:func:`ginspec.detection.campaign.units.play_part`).
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from ginspec.detection.campaign.compare import Outcome, place_of
from ginspec.detection.campaign.hands import Hand

REFUSED = "refused "
"""How the place of a refused move begins (``round: refused knock in phase discard (...)``)."""

MOST_DETOURS = 6
"""The most moves a hand is played otherwise at; each costs the hand asked once more."""

MOVE_BITS = 12
"""Bits of each move played otherwise in an occurrence's ``part`` (a hand has at most 2,000 actions)."""


def part_of(moves: tuple[int, ...]) -> int:
    """The occurrence ``part`` of a hand played otherwise at ``moves`` (from 0, in the order
    played): for one move, the move's number from 1, as a campaign has always recorded it; for
    several, each number from 1 in :data:`MOVE_BITS` bits, the first lowest."""
    return sum((move + 1) << (MOVE_BITS * place) for place, move in enumerate(moves))


def moves_of(part: int) -> tuple[int, ...]:
    """The moves (from 0) a hand was played otherwise at, from its occurrence ``part`` (:func:`part_of`)."""
    moves = []
    while part > 0:
        moves.append((part & ((1 << MOVE_BITS) - 1)) - 1)
        part >>= MOVE_BITS
    return tuple(moves)


def refused_move(outcome: Outcome, hand: Hand) -> int | None:
    """The index, among the moves the hand played (its lay-offs included), of the move the engine
    refused, where one of the hand's departures is a refusal (the last it can show); else ``None``."""
    if outcome.status != "disagree":
        return None
    cuts = [cut for signature, cut, *_ in [(outcome.signature, outcome.cut), *outcome.also] if place_of(signature).startswith(REFUSED)]
    if not cuts or cuts[0] < 1:
        return None
    return hand.explicit_cut(cuts[0]) - 1 if hand.full is not None else cuts[0] - 1


def past_refusal(outcome: Outcome, hand: Hand, replay: Callable[[tuple[int, ...]], tuple[Outcome, Hand]]) -> Outcome:
    """``outcome`` with the departures of the hand played otherwise at its refused moves
    (``replay(moves)``: that hand's outcome and the hand) at places of play not shown before."""
    shown = {place_of(outcome.signature), *(place_of(entry[0]) for entry in outcome.also)} if outcome.status == "disagree" else set()
    found: list[tuple[str, int, str, int]] = []
    moves: tuple[int, ...] = ()
    current, played = outcome, hand
    while len(moves) < MOST_DETOURS:
        move = refused_move(current, played)
        if move is None or (moves and move <= moves[-1]):
            break
        moves += (move,)
        current, played = replay(moves)
        if current.status != "disagree":
            break
        for signature, cut, problem, _ in [(current.signature, current.cut, current.problem, 0), *current.also]:
            if place_of(signature) not in shown:
                shown.add(place_of(signature))
                found.append((signature, cut, problem, part_of(moves)))
    return dataclasses.replace(outcome, also=outcome.also + tuple(found)) if found else outcome
