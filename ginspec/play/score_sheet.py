"""A game as a score sheet, and which form of the game a variant plays (``spec/rules/game.yaml``):
shared by ``ginspec game`` scoring a list of hands and by ``ginspec game --play`` after every
hand."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TextIO

KIND_OF_FORM = {"one_table": "table_game", "sit_out": "three_player", "cutthroat": "three_player",
                "captain_box": "three_player", "partnership": "partnership"}

def kind_for(parameters: Mapping[str, Any]) -> str:
    """The question a game under these parameters is: which form of the game they play."""
    form = parameters["table_format"]
    if form == "heads_up":
        return "hollywood" if parameters["hollywood"] else "game"
    return KIND_OF_FORM[form]


def _cell(value: Any) -> str:
    if isinstance(value, Mapping):
        return "  ".join(f"{seat} {points:>4}" for seat, points in value.items())
    if isinstance(value, list):
        return "  ".join(f"{points:>4}" for points in value)
    return str(value)


def _result_text(hand: Mapping[str, Any]) -> str:
    if isinstance(hand, list):
        return " / ".join(_result_text(part) for part in hand)
    if hand.get("winner", "none") == "none":
        return hand.get("outcome", "void")
    points = hand.get("points", 0)
    shown = points.get(hand["winner"]) if isinstance(points, Mapping) else points
    return f"{hand['winner']} {hand.get('outcome', 'knock')} {shown}"


def score_sheet(kind: str, data: Mapping[str, Any], answer: Mapping[str, Any], out: TextIO) -> None:
    """The game as a score sheet: one line a hand (or deal) with its dealer, its result and the
    running totals, then each player's final account and the winner."""
    if kind == "hollywood":
        for number, column in enumerate(answer["columns"], 1):
            closed = column["closed_after"]
            out.write(f"game {number}: {_cell(column['totals'])}   " + (f"closed after hand {closed}" if closed else "open") + "\n")
            if "final" in column:
                out.write(f"  final: {json.dumps(column['final'])}   winner {column.get('winner')} by {column.get('margin')}\n")
        return
    hands = data.get("hands") or data.get("deals") or []
    dealers = answer.get("dealers", [])
    totals = answer.get("totals") or []
    players = answer.get("players")
    width = 12 if players else 6
    out.write(f"{'hand':>4}  {'dealer':<{width}}  {'result':<28}  running totals\n")
    for index, hand in enumerate(hands):
        if index >= len(dealers):
            break
        who = f"{dealers[index]}" + (f" ({'-'.join(players[index])})" if players else "")
        running = _cell(totals[index]) if index < len(totals) else ""
        out.write(f"{index + 1:>4}  {who:<{width}}  {_result_text(hand):<28}  {running}\n")
    if "over_after" in answer:
        out.write(f"game over after hand {answer['over_after']}\n")
    for seat, final in (answer.get("final") or {}).items():
        parts = ", ".join(f"{name.replace('_', ' ')} {value}" for name, value in final.items() if name != "total")
        out.write(f"{seat}: {final['total']} in all ({parts})\n")
    if answer.get("winner"):
        margin = f" by {answer['margin']}" if "margin" in answer else ""
        out.write(f"winner: {answer['winner']}{margin}\n")
