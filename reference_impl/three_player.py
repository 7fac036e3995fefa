"""Gin for three people sharing a two-player game, two of them playing each hand
(``table_format`` ``sit_out``, ``cutthroat`` or ``captain_box``: MP3-DEALER-SITS-OUT,
MP3-CUTTHROAT, MP3-CAPTAIN-BOX). ``spec/tables.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from reference_impl.errors import InvalidDealer, InvalidRules
from reference_impl.game import (
    GameAlreadyOver,
    GameNotOver,
    InvalidHandRecord,
    PlayerFinal,
    boxes_won,
    credit,
    shutout_bonus,
)
from reference_impl.table_rules import SEATS, THREE_PLAYER_FORMATS, SeatHand, TableRules, _require_at_table

THREE = SEATS[:3]


@dataclass(frozen=True, slots=True)
class ThreeFinal(PlayerFinal):
    """One player's settlement of a three-player game.

    ``points``, ``boxes``, ``box_bonus`` and ``game_bonus`` are as in a two-player game
    (:class:`~reference_impl.game.PlayerFinal`); ``shutout_bonus`` is what he receives for the
    opponents he shut out; ``total`` their sum; ``net`` what he wins (or, below 0, pays) when he
    settles with each opponent separately.
    """

    net: int = 0

    def to_expected(self) -> dict[str, int]:
        return {**PlayerFinal.to_expected(self), "net": self.net}


def settle_three(
    points: Mapping[str, int], hand_points: Mapping[str, int], boxes: Mapping[str, int], reached: str, rules: TableRules
) -> tuple[dict[str, ThreeFinal], str]:
    """Settle a three-player game that ``reached`` ended (MP3-DEALER-SITS-OUT, MP3-CUTTHROAT,
    with GAME-BONUS, GAME-BOX-BONUS, GAME-SHUTOUT and GAME-WINNER).

    Each player's account before any shutout is his points, his box bonus (with boxes counted at
    the end) and, for the player who reached the target, the game bonus. Every player then settles
    with each opponent separately: he receives the difference between the two accounts, and when
    the opponent's hand points are 0 and his own are not, he also receives the shutout bonus of
    ``rules.game.shutout`` for that opponent (:func:`~reference_impl.game.shutout_bonus`, computed
    from the two accounts). The winner is the player who reached the target, or under
    ``highest_total`` the highest total, a tie going to the player who reached the target and
    then to the earlier seat.
    """
    game = rules.game
    end_boxes = game.box_timing == "game_end"
    before = {
        seat: points[seat] + (game.box_bonus * boxes[seat] if end_boxes else 0) + (game.game_bonus if seat == reached else 0)
        for seat in THREE
    }

    def bonus(seat: str, opponent: str) -> int:
        if hand_points[opponent] != 0 or hand_points[seat] == 0:
            return 0
        own_game_bonus = game.game_bonus if seat == reached else 0
        return shutout_bonus(game.shutout, hand_points[seat], before[seat], before[opponent], own_game_bonus)

    finals = {}
    for seat in THREE:
        opponents = [other for other in THREE if other != seat]
        finals[seat] = ThreeFinal(
            points=points[seat],
            boxes=boxes[seat],
            box_bonus=game.box_bonus * boxes[seat] if end_boxes else 0,
            game_bonus=game.game_bonus if seat == reached else 0,
            shutout_bonus=sum(bonus(seat, other) for other in opponents),
            net=sum((before[seat] + bonus(seat, other)) - (before[other] + bonus(other, seat)) for other in opponents),
        )
    if game.game_winner == "first_to_target":
        winner = reached
    else:
        winner = max(THREE, key=lambda seat: (finals[seat].total, seat == reached, -THREE.index(seat)))
    return finals, winner


@dataclass(frozen=True, slots=True)
class ThreePlayerResult:
    """A three-player game: the dealer and the two players of each hand (the pair in seat order),
    and, except in ``captain_box`` where no score is defined, the running totals after each hand,
    the hand after which the game is over, each player's settlement and the winner."""

    table_format: str
    dealers: tuple[str, ...]
    players: tuple[tuple[str, str], ...]
    totals: tuple[dict[str, int], ...] | None
    over_after: int | None
    finals: dict[str, ThreeFinal] | None
    winner: str | None

    def to_expected(self) -> dict[str, Any]:
        """The result in the shape of a ``three_player`` vector's ``expected``."""
        answer: dict[str, Any] = {"dealers": list(self.dealers), "players": [list(pair) for pair in self.players]}
        if self.finals is not None:
            answer.update(
                totals=[dict(totals) for totals in self.totals or ()],
                over_after=self.over_after,
                final={seat: final.to_expected() for seat, final in self.finals.items()},
                winner=self.winner,
            )
        return answer


def _pair(first: str, second: str) -> tuple[str, str]:
    earlier, later = (seat for seat in THREE if seat in (first, second))
    return earlier, later


def _third(first: str, second: str) -> str:
    return next(seat for seat in THREE if seat not in (first, second))


def next_line_up(form: str, dealer: str, pair: tuple[str, str], hand: SeatHand, rules: TableRules) -> tuple[str, tuple[str, str]]:
    """Who deals the next three-player hand, and which two play it.

    ``dealer_rotation`` names the player who leaves the table after a hand with a winner: the
    ``loser`` or the ``winner``.

    - ``sit_out`` (MP3-DEALER-SITS-OUT): the player who leaves deals the next hand and sits it
      out; it is played by the other player of the hand and the player who just dealt. After a
      hand without a winner, ``void_hand_dealer: same`` has the same dealer deal to the same
      two, and ``next`` passes the deal to the next seat, whose dealer sits out.
    - ``cutthroat`` (MP3-CUTTHROAT): the player who leaves sits out, and the player who sat out
      deals the next hand and plays it against the one who stayed. After a hand without a winner
      the same two play again, dealt by the same dealer (``same``) or by his opponent (``next``).
    - ``captain_box`` (MP3-CAPTAIN-BOX): the dealer is the player in the box and his opponent the
      captain. If the box wins he stays in the box and the captain and the third player change
      places; if the captain wins he goes into the box, the third player becomes captain and the
      box player sits out. A hand without a winner changes nothing.
    """
    if form == "captain_box":
        captain = pair[0] if pair[1] == dealer else pair[1]
        adviser = _third(*pair)
        if not hand.has_winner:
            return dealer, pair
        if hand.winner == dealer:
            return dealer, _pair(dealer, adviser)
        return captain, _pair(captain, adviser)
    if rules.game.dealer_rotation not in ("loser", "winner"):
        raise InvalidRules(
            f"with three players dealer_rotation names who leaves the table, loser or winner, "
            f"not {rules.game.dealer_rotation!r}"
        )
    if form == "sit_out":
        if not hand.has_winner:
            if rules.game.void_hand_dealer == "same":
                return dealer, pair
            following = THREE[(THREE.index(dealer) + 1) % 3]
            return following, _pair(*(seat for seat in THREE if seat != following))
        loser = pair[0] if pair[1] == hand.winner else pair[1]
        leaving = loser if rules.game.dealer_rotation == "loser" else hand.winner
        staying = hand.winner if leaving == loser else loser
        return leaving, _pair(staying, dealer)
    # cutthroat
    if not hand.has_winner:
        if rules.game.void_hand_dealer == "same":
            return dealer, pair
        return (pair[0] if pair[1] == dealer else pair[1]), pair
    loser = pair[0] if pair[1] == hand.winner else pair[1]
    leaving = loser if rules.game.dealer_rotation == "loser" else hand.winner
    staying = hand.winner if leaving == loser else loser
    waiting = _third(*pair)
    return waiting, _pair(waiting, staying)


def play_three_player(
    first_dealer: str,
    first_players: Sequence[str],
    hands: Sequence[Mapping[str, Any]],
    rules: TableRules,
) -> ThreePlayerResult:
    """Play out a three-player game from its hand results.

    The first hand is dealt by ``first_dealer`` to ``first_players``: two other players under
    ``sit_out``, the dealer and his opponent under ``cutthroat`` and ``captain_box`` (the dealer
    is then the player in the box). Later hands follow :func:`next_line_up`, and a hand can only
    be won by one of its two players. Each player keeps his own running total: a hand won adds its
    points (and its boxes' value with immediate boxes) to its winner's; the game is over after the
    first hand that brings a total to ``game_target`` or more (GAME-TARGET) and is settled by
    :func:`settle_three`. Under ``captain_box`` no score is defined, so only the dealers and
    players are worked out.

    Raises :class:`InvalidHandRecord` for an impossible line-up or a hand won by a player not in
    it, :class:`GameAlreadyOver` for a hand after the end and :class:`GameNotOver` when the hands
    end before anybody reached the target.
    """
    rules.require(THREE_PLAYER_FORMATS, (3,), "a three-player game")
    form = rules.table_format
    if first_dealer not in THREE:
        raise InvalidDealer(f"the first dealer {first_dealer!r} is not one of p1, p2, p3")
    if len(first_players) != 2 or len(set(first_players)) != 2 or any(seat not in THREE for seat in first_players):
        raise InvalidHandRecord(f"the first hand must be dealt by one of p1, p2, p3 to two of them, not {first_dealer!r} to {first_players!r}")
    if (first_dealer in first_players) != (form != "sit_out"):
        raise InvalidHandRecord(
            f"{first_dealer} cannot deal the first hand to {' and '.join(first_players)} under {form}: "
            "the dealer sits out under sit_out and plays under cutthroat and captain_box"
        )
    records = [SeatHand.from_mapping(hand) for hand in hands]
    scored = form != "captain_box"
    dealer, pair = first_dealer, _pair(*first_players)
    points = dict.fromkeys(THREE, 0)
    hand_points = dict.fromkeys(THREE, 0)
    boxes = dict.fromkeys(THREE, 0)
    dealers: list[str] = []
    players: list[tuple[str, str]] = []
    totals: list[dict[str, int]] = []
    over_after: int | None = None
    for number, hand in enumerate(records, start=1):
        if over_after is not None:
            raise GameAlreadyOver(f"hand {number} is listed after the game ended with hand {over_after}")
        _require_at_table(hand, pair, f"hand {number}")
        dealers.append(dealer)
        players.append(pair)
        if hand.has_winner:
            points[hand.winner] += credit(hand, rules.game)  # type: ignore[arg-type]
            hand_points[hand.winner] += hand.points
            boxes[hand.winner] += boxes_won(hand, rules.game)  # type: ignore[arg-type]
            if scored and points[hand.winner] >= rules.game.game_target:
                over_after = number
        totals.append(dict(points))
        dealer, pair = next_line_up(form, dealer, pair, hand, rules)
    if not scored:
        return ThreePlayerResult(form, tuple(dealers), tuple(players), None, None, None, None)
    if over_after is None:
        raise GameNotOver(
            f"after {len(records)} hands the totals are "
            f"{', '.join(f'{seat} {points[seat]}' for seat in THREE)}, short of the target {rules.game.game_target}"
        )
    reached = records[-1].winner  # the hand that ended the game is the last: no hand may follow it
    finals, winner = settle_three(points, hand_points, boxes, reached, rules)
    return ThreePlayerResult(form, tuple(dealers), tuple(players), tuple(totals), over_after, finals, winner)
