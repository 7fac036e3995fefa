"""The reference engine's answers to the questions about three and four players (kinds
``table_hand``, ``table_round``, ``table_game``, ``partnership`` and ``three_player``; ``spec/tables.md``, ``spec/vectors.md``)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from reference_impl.cards import parse_card, parse_cards
from reference_impl.table_game import play_table_game
from reference_impl.table_round import apply_table, deal_table_checked, table_play_rules, table_state_summary
from reference_impl.errors import IllegalKnock, InvalidHand, InvalidMelds, NotationError
from ginspec.adapters.reference_replay import answer_by_replay
from reference_impl.tables import (
    GameAlreadyOver,
    GameNotOver,
    InvalidHandRecord,
    TableRules,
    play_partnership,
    play_table_hand,
    play_three_player,
)

ERRORS: tuple[tuple[type[Exception], str], ...] = (
    (IllegalKnock, "illegal_knock"),
    (InvalidMelds, "invalid_melds"),
    (InvalidHand, "invalid_hand"),
    (NotationError, "invalid_hand"),
    (GameAlreadyOver, "game_already_over"),
    (GameNotOver, "game_not_over"),
    (InvalidHandRecord, "invalid_hand_record"),
)
"""How each refusal of the engine is named in an answer; the first match wins."""


def _table_hand(data: Mapping[str, Any], rules: TableRules) -> dict[str, Any]:
    hands = {seat: parse_cards(cards) for seat, cards in data["hands"].items()}
    melds = data.get("knocker_melds")
    spread = [parse_cards(meld) for meld in melds] if melds is not None else None
    return play_table_hand(data["knocked_by"], hands, rules, spread).to_expected()


def _partnership(data: Mapping[str, Any], rules: TableRules) -> dict[str, Any]:
    return play_partnership(data["deals"], rules, data.get("first_dealers", "A")).to_expected()


def _three_player(data: Mapping[str, Any], rules: TableRules) -> dict[str, Any]:
    return play_three_player(data["first_dealer"], data["first_players"], data["hands"], rules).to_expected()


def _table_game(data: Mapping[str, Any], rules: TableRules) -> dict[str, Any]:
    return play_table_game(data["first_dealer"], data["hands"], rules).to_expected()


HANDLERS: dict[str, Callable[[Mapping[str, Any], TableRules], dict[str, Any]]] = {
    "table_hand": _table_hand,
    "partnership": _partnership,
    "three_player": _three_player,
    "table_game": _table_game,
}


def play_table_round_question(data: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a deal at the table and its actions (kind ``table_round``); report the end, or the
    first refused action, and the states after the action counts in ``observe_after``."""
    rules = table_play_rules(data["parameters"])
    dealt = data["deal"]
    state = deal_table_checked(
        rules,
        dealt["dealer"],
        {seat: parse_cards(cards) for seat, cards in dealt["hands"].items()},
        parse_card(dealt["upcard"]) if dealt.get("upcard") else None,
        parse_cards(dealt["stock"]),
    )

    return answer_by_replay(state, apply_table, table_state_summary, data)


def answer_table_question(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one question of kind ``table_hand``, ``partnership`` or ``three_player``.

    A hand or game the engine refuses is answered ``{"error": CODE, "message": ...}``; variant
    parameters it cannot play with raise ``InvalidRules``, as for every other kind.
    """
    if kind not in HANDLERS:
        raise ValueError(f"{kind!r} is not a question about three or four players")
    rules = TableRules.from_parameters(parameters)
    try:
        return HANDLERS[kind](data, rules)
    except tuple(error for error, _ in ERRORS) as exc:
        code = next(code for error, code in ERRORS if isinstance(exc, error))
        return {"error": code, "message": str(exc)}
