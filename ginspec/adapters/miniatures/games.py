"""Miniatures whose defect is in whole games: targets, bonuses, boxes, shutouts and who deals,
Hollywood's three games, and the games for three and four players."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ginspec.adapters.miniatures.defects import Miniature, Replace, setting


def _target_passed(parameters: dict[str, Any]) -> dict[str, Any]:
    """``total > target`` instead of ``>=``: for whole points, the target plus one."""
    if isinstance(parameters.get("game_target"), int):
        parameters["game_target"] += 1
    return parameters


def _loser_boxes_lost(original: Callable[..., Any]) -> Callable[..., Any]:
    def settle(points: Mapping[str, int], hand_points: Mapping[str, int], boxes: Mapping[str, int], reached_target: str, rules: Any) -> Any:
        """Only the player who reached the target has his boxes counted."""
        return original(points, hand_points, {player: count if player == reached_target else 0 for player, count in boxes.items()}, reached_target, rules)

    return settle


def _every_open_column(_original: Callable[..., Any]) -> Callable[..., Any]:
    def columns_for(player: str, columns: Any) -> list[int]:
        """Every win is entered in every open game, from the first hand on."""
        return [index for index, column in enumerate(columns) if column.is_open]

    return columns_for


def _closed_columns_too(original: Callable[..., Any]) -> Callable[..., Any]:
    def columns_for(player: str, columns: Any) -> list[int]:
        """A game that has closed still takes the wins of a player who has entries in it."""
        closed = [index for index, column in enumerate(columns) if not column.is_open and column.entries[player]]
        return sorted(set(closed) | set(original(player, columns)))

    return columns_for


def _knock_costs_full_count(original: Callable[..., Any]) -> Callable[..., Any]:
    def score_table(knocked_by: str, deadwood: Mapping[str, int], rules: Any) -> tuple[str, str, dict[str, int]]:
        """A knock charges each other player his whole count, not his count minus the knocker's."""
        outcome, winner, points = original(knocked_by, deadwood, rules)
        if outcome == "knock":
            points = {seat: points[seat] if seat == knocked_by else -deadwood[seat] for seat in points}
        return outcome, winner, points

    return score_table


def _sit_out_rotation_swapped(original: Callable[..., Any]) -> Callable[..., Any]:
    def next_line_up(form: str, dealer: str, pair: Any, hand: Any, rules: Any) -> Any:
        """With the dealer sitting out, the winner of a hand leaves the table instead of the loser (and the other way round)."""
        if form == "sit_out" and hand.has_winner and rules.game.dealer_rotation in ("loser", "winner"):
            swapped = "winner" if rules.game.dealer_rotation == "loser" else "loser"
            rules = rules.replace(dealer_rotation=swapped)
        return original(form, dealer, pair, hand, rules)

    return next_line_up


def _cutthroat_stayer_deals(original: Callable[..., Any]) -> Callable[..., Any]:
    def next_line_up(form: str, dealer: str, pair: Any, hand: Any, rules: Any) -> Any:
        """In cutthroat the player who stays at the table deals the next hand, not the one who sat out."""
        following, players = original(form, dealer, pair, hand, rules)
        if form == "cutthroat" and hand.has_winner:
            following = next(seat for seat in players if seat != following)
        return following, players

    return next_line_up


def _two_player_stock(_original: Callable[..., int]) -> Callable[..., int]:
    def stock_after_deal(rules: Any) -> int:
        """The stock is counted as after a two-player deal: 52 - 2 hands - the upcard."""
        return 52 - 2 * rules.hand.hand_size - 1

    return stock_after_deal


MINIATURES = (
    Miniature("target-must-be-passed", "GAME-TARGET", "games", "A game ends only when a total passes the target (> instead of >=).",
              parameters=_target_passed),
    Miniature("no-game-bonus", "GAME-BONUS", "games", "The game bonus is never added.",
              parameters=setting(game_bonus=0)),
    Miniature("loser-boxes-lost", "GAME-BOX-BONUS", "games", "Only the player who reached the target is paid for his boxes.",
              patches=(Replace("reference_impl.game:settle", _loser_boxes_lost),)),
    Miniature("no-shutout", "GAME-SHUTOUT", "games", "A shutout earns nothing more, whatever the variant says.",
              parameters=setting(shutout="none")),
    Miniature("winner-deals-next", "DEAL-ROTATION", "games", "The winner of a hand deals the next one, instead of the deal alternating.",
              parameters=lambda parameters: {**parameters, "dealer_rotation": "winner"} if parameters.get("dealer_rotation") == "alternate" else parameters),
    Miniature("extra-boxes-ignored", "GAME-EXTRA-BOXES", "games", "Gin and undercuts earn no extra boxes, whatever the variant says.",
              parameters=setting(extra_boxes=False)),
    Miniature("highest-total-wins", "GAME-WINNER", "games", "The game goes to the higher grand total, not to the player who reached the target.",
              parameters=setting(game_winner="highest_total")),
    Miniature("hollywood-every-column", "HOLLY-THREE-GAMES", "hollywood", "Every win is entered in all three games from the first on, instead of game 1, then games 1 and 2, then all.",
              patches=(Replace("reference_impl.hollywood:columns_for", _every_open_column),)),
    Miniature("hollywood-closed-column-open", "HOLLY-GAME-CLOSE", "hollywood", "A game that has closed still takes entries.",
              patches=(Replace("reference_impl.hollywood:columns_for", _closed_columns_too),)),
    Miniature("table-knock-full-count", "MPN-SEED003-SCORING", "table", "At a table of three or four a knock charges each player his whole count.",
              patches=(Replace("reference_impl.tables:score_table", _knock_costs_full_count),)),
    Miniature("sit-out-winner-leaves", "MP3-DEALER-SITS-OUT", "table", "With three players the wrong player (winner for loser) deals the next hand and sits out.",
              patches=(Replace("reference_impl.tables:next_line_up", _sit_out_rotation_swapped),)),
    Miniature("cutthroat-stayer-deals", "MP3-CUTTHROAT", "table", "In cutthroat the player who stays deals, instead of the one who sat out.",
              patches=(Replace("reference_impl.tables:next_line_up", _cutthroat_stayer_deals),)),
    Miniature("table-stock-two-player", "MPN-SEED003-DEAL", "table", "The stock at a table of three or four is counted as after a two-player deal.",
              patches=(Replace("reference_impl.tables:stock_after_deal", _two_player_stock),)),
)
