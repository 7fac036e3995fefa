"""Which open questions of ``spec/ambiguities.yaml`` a case's answer depends on.

A question that a variant parameter settles is part of a case's ``depends_on``; one that no
parameter settles is recorded as the case's ``open_questions`` (``spec/vectors.md``), found here
from the rules of the question:

- Q27 (IRREG-ILLEGAL-KNOCK): a knock refused for its count (KNOCK-LIMIT) that is also a discard
  that may not be made (TURN-NO-DISCARD-TAKEN-CARD) or shows an invalid spread
  (MELD-ARRANGEMENT-CHOICE): which offence it is decides the reason and the penalty;
- Q30 (GIN-DEFINITION): a knock whose kept cards can all be melded, shown with a spread that
  leaves some of them unmelded (a replayed ``knock C with ...``, or a ``score`` question with the
  knocker's melds given).

``tests/test_open_questions.py`` checks that every vector records exactly what is found here.
"""

from __future__ import annotations

from typing import Any, Mapping

DETECTED = ("Q27", "Q30")
"""The open questions whose dependence is found here; no vector depends on the others."""


def _spread_leaves_cards(melds: Any, kept: Any) -> bool:
    melded = {card for meld in melds for card in meld}
    return any(card not in melded for card in kept)


def _round_questions(data: Mapping[str, Any], parameters: Mapping[str, Any]) -> set[str]:
    from ginspec.adapters.reference import start_of_round
    from reference_impl.actions import parse_action
    from reference_impl.cards import mask_of
    from reference_impl.deadwood import least_deadwood
    from reference_impl.errors import InvalidMelds
    from reference_impl.round import IllegalAction, apply
    from reference_impl.scoring import spread_from_melds

    found: set[str] = set()
    state = start_of_round({**data, "parameters": parameters})
    for text in data.get("actions") or ():
        action = parse_action(text)
        if action.verb == "knock" and state.phase == "discard" and action.player == state.to_play and action.card in state.hand(action.player):
            kept = tuple(card for card in state.hand(action.player) if card != action.card)
            over = least_deadwood(mask_of(kept)) > state.knock_limit
            taken = action.card == state.taken and not state.rules.discard_taken_card
            invalid = False
            if action.spread is not None:
                try:
                    spread_from_melds(action.spread, kept)
                except InvalidMelds:
                    invalid = True
                else:
                    if least_deadwood(mask_of(kept)) == 0 and _spread_leaves_cards(action.spread, kept):
                        found.add("Q30")
            if over and (taken or invalid):
                found.add("Q27")
        try:
            state = apply(state, action)
        except IllegalAction:
            break
    return found


def _score_questions(data: Mapping[str, Any]) -> set[str]:
    from reference_impl.cards import mask_of, parse_cards
    from reference_impl.deadwood import least_deadwood

    melds = data.get("knocker_melds")
    if melds is None:
        return set()
    knocker = parse_cards(data["knocker"])
    spread = [parse_cards(meld) for meld in melds]
    if least_deadwood(mask_of(knocker)) == 0 and _spread_leaves_cards(spread, knocker):
        return {"Q30"}
    return set()


def open_questions_of(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> tuple[str, ...]:
    """The open questions (no parameter settles them) the answer to this question depends on,
    sorted. A question the reference engine cannot pose depends on none."""
    try:
        if kind == "round":
            return tuple(sorted(_round_questions(data, parameters)))
        if kind == "score":
            return tuple(sorted(_score_questions(data)))
    except Exception:  # noqa: BLE001 - a malformed question is refused before any rule applies
        return ()
    return ()
