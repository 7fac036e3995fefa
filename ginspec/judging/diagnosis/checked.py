"""The rules checked where an engine departs (:mod:`ginspec.judging.diagnosis.departures`), the
most specific first: the rules that decide the move, the count or the score at that point of the
hand, whatever rules its case happens to be tagged with.

A finding of an unexplained departure names these first, then the rules its cases are tagged
with (:mod:`ginspec.judging.diagnosis.unexplained`).
"""

from __future__ import annotations

from typing import Any, Sequence

MOVE_RULES = {
    ("first_turn:none", "draw stock"): ("FIRST-UPCARD-OFFER",),
    ("first_turn:none", "draw discard"): ("FIRST-UPCARD-OFFER",),
    ("first_turn:none", "pass"): ("FIRST-UPCARD-OFFER",),
    ("first_turn:some", "draw discard"): ("FIRST-DEALER-TAKES-UPCARD", "FIRST-UPCARD-OFFER"),
    ("first_turn:some", "pass"): ("FIRST-DEALER-TAKES-UPCARD", "FIRST-UPCARD-OFFER"),
    ("first_turn:some", "draw stock"): ("FIRST-UPCARD-OFFER", "FIRST-DEALER-TAKES-UPCARD"),
    ("first_turn:all", "draw stock"): ("FIRST-UPCARD-OFFER",),
    ("first_turn:all", "draw discard"): ("FIRST-UPCARD-OFFER",),
    ("draw", "draw stock"): ("TURN-DRAW-SOURCE", "STOCK-WALL-TWO"),
    ("draw", "draw discard"): ("TURN-DRAW-SOURCE", "TURN-DISCARD-TOP-ONLY"),
    ("wall", "draw discard"): ("STOCK-FIFTIETH-CARD",),
    ("wall", "pass"): ("STOCK-FIFTIETH-CARD", "STOCK-WALL-TWO"),
    ("discard", "discard"): ("TURN-DISCARD", "TURN-NO-DISCARD-TAKEN-CARD"),
    ("discard", "knock"): ("KNOCK-LIMIT", "KNOCK-COUNT-AFTER-DISCARD", "KNOCK-OPTIONAL", "DEADWOOD-COUNT", "CARD-VALUES"),
    ("discard", "big-gin"): ("BIGGIN-DEFINITION",),
    ("layoff", "layoff"): ("LAYOFF-EXTEND-RUN", "LAYOFF-EXTEND-SET", "LAYOFF-CHAIN", "LAYOFF-DEFENDER-ONLY"),
    ("layoff", "done"): ("LAYOFF-OPTIONAL",),
}
"""(situation, kind of move) to the rules that allow or forbid that move there."""

POINTS_RULES = {
    "gin": ("SCORE-GIN", "GIN-BONUS", "GIN-DEFENDER-MELDS"),
    "big gin": ("SCORE-BIGGIN", "BIGGIN-BONUS"),
    "undercut": ("SCORE-UNDERCUT",),
    "knock": ("SCORE-KNOCK-WIN",),
    "draw": ("SCORE-UNDERCUT-TIE",),
    "void": ("STOCK-VOID-NO-SCORE",),
}
"""The outcome of a hand to the rules that score it."""

FIELD_RULES = {
    "stock": ("TURN-STOCK-COUNT", "STOCK-WALL-TWO"),
    "to_play": ("TURN-ALTERNATION", "FIRST-UPCARD-OFFER"),
    "phase": ("KNOCK-ENDS-PLAY", "STOCK-WALL-TWO"),
    "knock_limit": ("OKLA-KNOCK-CARD", "KNOCK-LIMIT"),
    "valid": ("MELD-SET", "MELD-RUN"),
    "type": ("MELD-SET", "MELD-RUN"),
    "deadwood:lower": ("DEADWOOD-COUNT", "CARD-VALUES", "MELD-DISJOINT"),
    "deadwood:higher": ("DEADWOOD-COUNT", "CARD-VALUES"),
    "arrangements": ("MELD-ARRANGEMENT-CHOICE", "DEADWOOD-COUNT"),
    "discards": ("KNOCK-COUNT-AFTER-DISCARD", "DEADWOOD-COUNT"),
    "can_knock": ("KNOCK-LIMIT", "KNOCK-COUNT-AFTER-DISCARD", "DEADWOOD-COUNT", "CARD-VALUES"),
    "legal": ("KNOCK-LIMIT", "KNOCK-COUNT-AFTER-DISCARD", "DEADWOOD-COUNT", "CARD-VALUES"),
    "can_gin": ("GIN-DEFINITION",),
    "gin": ("GIN-DEFINITION",),
    "can_big_gin": ("BIGGIN-DEFINITION",),
    "knocker": ("KNOCK-DECLARATION",),
    "knocker_deadwood": ("SCORE-AUTO-SPREAD", "KNOCK-SPREAD-FIXED", "DEADWOOD-COUNT"),
    "layoffs:fewer": ("LAYOFF-OPTIMAL", "LAYOFF-EXTEND-RUN", "LAYOFF-EXTEND-SET", "LAYOFF-CHAIN"),
    "layoffs:more": ("LAYOFF-EXTEND-RUN", "LAYOFF-EXTEND-SET", "LAYOFF-CHAIN", "GIN-NO-LAYOFF"),
    "layoffs": ("LAYOFF-OPTIMAL",),
    "defender_deadwood": ("LAYOFF-DEFENDER-MELDS", "GIN-DEFENDER-MELDS"),
    "outcome": ("SCORE-HAND-OUTCOMES", "GIN-CANNOT-BE-UNDERCUT", "SCORE-UNDERCUT-TIE"),
    "winner": ("SCORE-HAND-OUTCOMES", "SCORE-UNDERCUT-TIE"),
    "finished": ("KNOCK-ENDS-PLAY", "STOCK-WALL-TWO"),
    "dealers": ("DEAL-ROTATION", "STOCK-VOID-DEALER"),
    "players": ("MP3-DEALER-SITS-OUT", "MP3-CUTTHROAT"),
    "totals": ("SCORE-ACCUMULATE",),
    "columns": ("HOLLY-THREE-GAMES", "HOLLY-GAME-CLOSE"),
    "over_after": ("GAME-TARGET",),
    "final:game_bonus": ("GAME-BONUS",),
    "final:box_bonus": ("GAME-BOX-BONUS",),
    "final:boxes": ("GAME-EXTRA-BOXES", "GAME-BOX-BONUS"),
    "final:shutout_bonus": ("GAME-SHUTOUT",),
    "final:total": ("GAME-BONUS", "GAME-BOX-BONUS", "GAME-SHUTOUT"),
    "final:points": ("SCORE-ACCUMULATE",),
    "final": ("GAME-BONUS", "GAME-BOX-BONUS"),
    "margin": ("GAME-WINNER",),
    "error": ("IRREG-ILLEGAL-KNOCK", "KNOCK-LIMIT"),
}
"""A field that departs (``field:kind of difference`` where the kind decides) to the rules that
decide it."""


OUTCOME_RULES = {
    ("defender_deadwood", "gin", "lower"): ("GIN-NO-LAYOFF", "GIN-DEFENDER-MELDS"),
    ("defender_deadwood", "gin", "higher"): ("GIN-DEFENDER-MELDS",),
    ("defender_deadwood", "big_gin", "lower"): ("BIGGIN-NO-LAYOFF", "GIN-DEFENDER-MELDS"),
    ("defender_deadwood", "big_gin", "higher"): ("GIN-DEFENDER-MELDS",),
    ("defender_deadwood", "knock", "higher"): ("LAYOFF-DEFENDER-MELDS", "LAYOFF-OPTIMAL"),
    ("defender_deadwood", "knock", "lower"): ("LAYOFF-EXTEND-RUN", "LAYOFF-EXTEND-SET", "LAYOFF-CHAIN"),
    ("defender_deadwood", "undercut", "higher"): ("LAYOFF-DEFENDER-MELDS", "LAYOFF-OPTIMAL"),
    ("defender_deadwood", "undercut", "lower"): ("LAYOFF-EXTEND-RUN", "LAYOFF-EXTEND-SET", "LAYOFF-CHAIN"),
    ("layoffs", "gin", "more"): ("GIN-NO-LAYOFF",),
    ("layoffs", "big_gin", "more"): ("BIGGIN-NO-LAYOFF",),
}
"""(field, the hand's outcome by the rules, kind of difference) to the rules that decide it there:
against gin the defender may not lay off and melds only his own cards, against a knock he lays off."""

FIELD_RULES.update({
    "outcome:undercut-for-gin": ("GIN-CANNOT-BE-UNDERCUT",),
    "outcome:draw-for-gin": ("GIN-CANNOT-BE-UNDERCUT",),
    "outcome:draw-for-undercut": ("SCORE-UNDERCUT-TIE",),
    "outcome:undercut-for-draw": ("SCORE-UNDERCUT-TIE",),
    "outcome:knock-for-draw": ("SCORE-UNDERCUT-TIE",),
    "outcome:gin-for-big_gin": ("BIGGIN-DEFINITION",),
    "outcome:big_gin-for-gin": ("BIGGIN-DEFINITION",),
})


def _outcome(context: str) -> str:
    for outcome in sorted(POINTS_RULES, key=len, reverse=True):
        if context.endswith(f"ends in {outcome}"):
            return outcome
    return ""


def rules_checked(key: Sequence[Any], details: Sequence[tuple[str, str]] = ()) -> tuple[str, ...]:
    """The rules checked at a departure of signature ``key``, the most specific first; empty for
    an engine error (it breaks no rule of the game but the one its case asks about)."""
    if len(key) == 4 and key[2] == "moves":
        situation, move = str(key[1]), dict(details).get("move", str(key[3]))
        phase = situation.partition(":")[0] if situation.startswith("first_turn") else situation
        found = MOVE_RULES.get((situation, move)) or MOVE_RULES.get((phase, move), ())
        if move == "knock" and ("turn", "before the first discard of the hand") in details:
            found = ("FIRST-TURN-KNOCK", *found)
        if move == "discard" and ("drawn", "having taken the discard") in details:
            found = ("TURN-NO-DISCARD-TAKEN-CARD", *found)
        return tuple(dict.fromkeys(found))
    if len(key) == 3 and key[0] == "hand":
        return FIELD_RULES.get(str(key[1]), ())
    if len(key) == 4 and key[0] in ("answer", "game"):
        context, name, difference = str(key[1]), str(key[2]), str(key[3])
        if name == "points":
            return POINTS_RULES.get(_outcome(context), ()) + ("SCORE-HAND-OUTCOMES",)
        if name == "winner" and key[0] == "game":
            return ("GAME-WINNER",)
        sub = next((part for part in difference.split(":") if part not in ("seat", "item")), "")
        outcome = _outcome(dict(details).get("outcome", "")).replace(" ", "_")
        found = (
            OUTCOME_RULES.get((name, outcome, sub), ())
            + FIELD_RULES.get(f"{name}:{difference}", ())
            + (FIELD_RULES.get(f"{name}:{sub}") or FIELD_RULES.get(name, ()))
        )
        found = tuple(dict.fromkeys(found))
        if name == "deadwood":
            shown, count = dict(details).get("melds", ""), dict(details).get("count", "")
            first = ("MELD-DISJOINT",) if shown == "melding one card twice" else ("MELD-SET", "MELD-RUN") if shown else ()
            first += ("CARD-VALUES",) if count == "with the melds the rules form" else ()
            found = tuple(dict.fromkeys((*first, *found)))
        if name == "layoffs":
            onto = dict(details).get("onto", "")
            first = ("LAYOFF-EXTEND-RUN",) if onto == "onto a run" else ("LAYOFF-EXTEND-SET",) if onto == "onto a set" else ()
            found = tuple(dict.fromkeys((*first, *found)))
        return found
    return ()
