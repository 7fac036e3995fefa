"""A game of gin: hand results in, the game's dealers, running totals and settlement out.

Rules: DEAL-ROTATION and STOCK-VOID-DEALER (who deals each hand), GAME-TARGET (when the game is
over), GAME-BOX-BONUS and GAME-EXTRA-BOXES (boxes), GAME-BONUS, GAME-SHUTOUT and GAME-WINNER (the
settlement). The full text, with every choice the rule book leaves open, is ``spec/games.md``.

The engine is given the results of hands, not cards: who won each hand (``p1``, ``p2`` or
``none``), how (``knock``, ``undercut``, ``gin``, ``big_gin``, ``draw``, ``void``) and the points
the winner scored. Only the winner of a hand scores (SCORE-WINNER-ONLY); a hand without a winner
scores nothing and wins no box (STOCK-VOID-NO-SCORE).

>>> rules = GameRules.from_parameters({
...     "game_target": 100, "game_bonus": 100, "box_bonus": 25, "box_timing": "game_end",
...     "extra_boxes": False, "shutout": "double_total", "game_winner": "first_to_target",
...     "dealer_rotation": "alternate", "void_hand_dealer": "same", "hollywood": False})
>>> result = play_game("p1", [HandRecord("p1", "gin", 60), HandRecord("p2", "knock", 12),
...                           HandRecord("p1", "knock", 40)], rules)
>>> result.dealers, result.over_after, result.winner, result.margin
(('p1', 'p2', 'p1'), 3, 'p1', 213)
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Mapping, Sequence

from reference_impl.rules import Parameter, Rules
from reference_impl.errors import GinError, InvalidDealer

PLAYERS = ("p1", "p2")
WINNING_OUTCOMES = ("knock", "undercut", "gin", "big_gin")
NO_WINNER_OUTCOMES = ("draw", "void")
BOX_TIMINGS = ("game_end", "immediate")
SHUTOUTS = ("double_total", "double_game_bonus", "double_net", "double_hand_points", "flat_100", "none")
GAME_WINNERS = ("first_to_target", "highest_total")
DEALER_ROTATIONS = ("alternate", "winner", "loser")
VOID_HAND_DEALERS = ("same", "next")


# --------------------------------------------------------------------------- errors


class GameError(GinError):
    """A list of hand results that does not make the game asked for. ``code`` is the name of the
    error in the vector format (``spec/vectors.md``)."""

    code = "invalid_game"


class GameAlreadyOver(GameError):
    """A hand is listed after the hand that ended the game (GAME-TARGET), or, in Hollywood, after
    the hand that closed the last of the three games (HOLLY-GAME-CLOSE)."""

    code = "game_already_over"


class GameNotOver(GameError):
    """The hands end before any player's total has reached the target (GAME-TARGET)."""

    code = "game_not_over"


class InvalidHandRecord(GameError):
    """A hand result or first dealer the game cannot take: an unknown player or outcome, negative
    points, a winner with a ``draw`` or ``void`` outcome, or points scored by nobody."""

    code = "invalid_hand_record"


# --------------------------------------------------------------------------- parameters


@dataclass(frozen=True, eq=False)
class GameRules(Rules):
    """Parameters of a game and of a Hollywood session.

    - ``game_target``: the total that ends a game (GAME-TARGET, HOLLY-TARGET).
    - ``game_bonus``: bonus of the player who reaches the target (GAME-BONUS).
    - ``box_bonus`` / ``box_timing``: value of a box, and whether boxes are added when the game ends
      (``game_end``) or credited with each hand won, toward the target (``immediate``)
      (GAME-BOX-BONUS).
    - ``extra_boxes``: whether gin and big gin earn two extra boxes and an undercut one
      (GAME-EXTRA-BOXES).
    - ``shutout``: what a shutout does (GAME-SHUTOUT).
    - ``game_winner``: ``first_to_target`` or ``highest_total`` (GAME-WINNER).
    - ``dealer_rotation`` / ``void_hand_dealer``: who deals next after a hand with a winner and
      after one without (DEAL-ROTATION, STOCK-VOID-DEALER).
    - ``hollywood``: whether the variant keeps three games at once (HOLLY-THREE-GAMES). The
      question asked (a game or a Hollywood session) decides which function is called; this flag
      is read and checked but does not change either.
    """

    LISTED = SimpleNamespace(
        game_target=Parameter(int, low=1, allowed="1 or more"),
        game_bonus=Parameter(int, low=0, allowed="0 or more"),
        box_bonus=Parameter(int, low=0, allowed="0 or more"),
        box_timing=Parameter(str, BOX_TIMINGS),
        extra_boxes=Parameter(bool),
        shutout=Parameter(str, SHUTOUTS),
        game_winner=Parameter(str, GAME_WINNERS),
        dealer_rotation=Parameter(str, DEALER_ROTATIONS),
        void_hand_dealer=Parameter(str, VOID_HAND_DEALERS),
        hollywood=Parameter(bool),
    )


# --------------------------------------------------------------------------- hand results


def other(player: str) -> str:
    """The opponent of ``p1`` or ``p2``."""
    return "p2" if player == "p1" else "p1"


def check_hand_result(winner: str, outcome: str, points: int, seats: Sequence[str]) -> None:
    """SCORE-HAND-OUTCOMES, SCORE-WINNER-ONLY: a hand won by a seat ends by knock, undercut, gin or
    big gin and scores 0 or more; a hand without a winner is a draw or void and scores nothing."""
    if winner not in tuple(seats) + ("none",):
        raise InvalidHandRecord(f"hand winner {winner!r} must be one of {', '.join(seats)} or none")
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise InvalidHandRecord(f"hand points {points!r} must be an integer, 0 or more")
    if winner == "none":
        if outcome not in NO_WINNER_OUTCOMES:
            raise InvalidHandRecord(f"a hand without a winner ends by draw or void, not {outcome!r}")
        if points:
            raise InvalidHandRecord(f"a hand without a winner scores nothing, not {points} points")
    elif outcome not in WINNING_OUTCOMES:
        raise InvalidHandRecord(f"a hand won by {winner} ends by {', '.join(WINNING_OUTCOMES)}, not {outcome!r}")


@dataclass(frozen=True, slots=True)
class HandRecord:
    """The result of one hand: its ``winner`` (``p1``, ``p2`` or ``none``), its ``outcome`` and the
    ``points`` the winner scored. A hand with a winner ends by ``knock``, ``undercut``, ``gin`` or
    ``big_gin``; a hand without one is a ``draw`` or ``void`` and scores 0."""

    winner: str
    outcome: str
    points: int = 0

    def __post_init__(self) -> None:
        check_hand_result(self.winner, self.outcome, self.points, PLAYERS)

    @property
    def has_winner(self) -> bool:
        return self.winner != "none"

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> "HandRecord":
        """A hand result as written in a vector: ``winner`` is required; ``outcome`` defaults to
        ``knock`` for a hand with a winner and ``void`` for one without; ``points`` defaults to 0."""
        if "winner" not in data:
            raise InvalidHandRecord("a hand result needs a winner")
        winner = data["winner"]
        outcome = data.get("outcome", "void" if winner == "none" else "knock")
        return cls(winner, outcome, data.get("points", 0))


def as_hand_record(hand: HandRecord | Mapping[str, Any]) -> HandRecord:
    return hand if isinstance(hand, HandRecord) else HandRecord.from_mapping(hand)


def boxes_won(hand: HandRecord, rules: GameRules) -> int:
    """GAME-BOX-BONUS and GAME-EXTRA-BOXES: the boxes a hand earns its winner.

    Every hand won is one box. With ``extra_boxes``, gin and big gin earn two more (three in all)
    and an undercut one more (two in all). A hand without a winner earns no box, and is never
    counted: only hands won are asked about.
    """
    if rules.extra_boxes:
        return {"gin": 3, "big_gin": 3, "undercut": 2}.get(hand.outcome, 1)
    return 1


def credit(hand: HandRecord, rules: GameRules) -> int:
    """What a hand adds to its winner's running total (GAME-TARGET, GAME-BOX-BONUS): its points,
    and with ``box_timing: immediate`` the value of its boxes as well."""
    if rules.box_timing == "immediate":
        return hand.points + rules.box_bonus * boxes_won(hand, rules)
    return hand.points


def next_dealer(dealer: str, hand: HandRecord, rules: GameRules) -> str:
    """Who deals after ``hand``, dealt by ``dealer``.

    DEAL-ROTATION, after a hand with a winner: ``alternate`` passes the deal to the other player,
    ``winner`` gives it to the hand's winner, ``loser`` to the hand's loser.
    STOCK-VOID-DEALER, after a hand without a winner (void or draw): ``same`` keeps the dealer,
    ``next`` passes the deal to the other player.
    """
    if not hand.has_winner:
        return dealer if rules.void_hand_dealer == "same" else other(dealer)
    if rules.dealer_rotation == "alternate":
        return other(dealer)
    if rules.dealer_rotation == "winner":
        return hand.winner
    return other(hand.winner)


# --------------------------------------------------------------------------- settlement


@dataclass(frozen=True, slots=True)
class PlayerFinal:
    """One player's settlement of a game.

    ``points`` is his running total (with immediate boxes, their value is in it); ``boxes`` the
    boxes he won; ``box_bonus`` their value added at the end (0 with immediate boxes, which are
    already in ``points``); ``game_bonus`` and ``shutout_bonus`` his bonuses; ``total`` the sum of
    ``points``, ``box_bonus``, ``game_bonus`` and ``shutout_bonus``.
    """

    points: int
    boxes: int
    box_bonus: int
    game_bonus: int
    shutout_bonus: int

    @property
    def total(self) -> int:
        return self.points + self.box_bonus + self.game_bonus + self.shutout_bonus

    def to_expected(self) -> dict[str, int]:
        return {
            "points": self.points,
            "boxes": self.boxes,
            "box_bonus": self.box_bonus,
            "game_bonus": self.game_bonus,
            "shutout_bonus": self.shutout_bonus,
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class Settlement:
    """The settlement of a finished game: each player's final account, the player who reached the
    target, whether the game was a shutout, the winner and the margin."""

    p1: PlayerFinal
    p2: PlayerFinal
    reached_target: str
    shutout: bool
    winner: str
    margin: int

    def final_expected(self) -> dict[str, dict[str, int]]:
        return {"p1": self.p1.to_expected(), "p2": self.p2.to_expected()}


def shutout_bonus(form: str, hand_points: int, before: int, opponent: int, game_bonus: int) -> int:
    """GAME-SHUTOUT: what the shutout adds to the total of the player who reached the target.

    ``before`` is his total before the shutout (points, box bonus, game bonus), ``hand_points`` the
    points of the hands he won (without immediate boxes), ``opponent`` his opponent's total.

    - ``double_total``: his total is doubled, so the bonus is that total again.
    - ``double_game_bonus``: the game bonus counts twice.
    - ``double_hand_points``: his hand points count twice.
    - ``double_net``: the difference between the totals is doubled, so the bonus is that
      difference again; a shutout never lowers a total, so a difference below 0 adds 0.
    - ``flat_100``: 100 points.
    - ``none``: nothing.
    """
    if form == "double_total":
        return before
    if form == "double_game_bonus":
        return game_bonus
    if form == "double_hand_points":
        return hand_points
    if form == "double_net":
        return max(0, before - opponent)
    if form == "flat_100":
        return 100
    return 0


def settle(
    points: Mapping[str, int],
    hand_points: Mapping[str, int],
    boxes: Mapping[str, int],
    reached_target: str,
    rules: GameRules,
) -> Settlement:
    """Settle a game that ``reached_target`` ended (GAME-BONUS, GAME-BOX-BONUS, GAME-SHUTOUT,
    GAME-WINNER).

    - The player who reached the target receives the game bonus.
    - With ``box_timing: game_end`` each player adds the box bonus for each of his boxes; with
      ``immediate`` the boxes are already in his points.
    - The game is a shutout when his opponent's hand points are 0; the shutout bonus then goes to
      the player who reached the target, in the form of ``rules.shutout``.
    - The winner is the player who reached the target (``first_to_target``), or the higher grand
      total (``highest_total``, equal totals going to the player who reached the target). The
      margin is the winner's total minus the loser's, and can be below 0 under ``first_to_target``.
    """
    loser = other(reached_target)
    end_boxes = rules.box_timing == "game_end"
    accounts = {
        player: PlayerFinal(
            points=points[player],
            boxes=boxes[player],
            box_bonus=rules.box_bonus * boxes[player] if end_boxes else 0,
            game_bonus=rules.game_bonus if player == reached_target else 0,
            shutout_bonus=0,
        )
        for player in PLAYERS
    }
    shut_out = hand_points[loser] == 0
    if shut_out:
        leader = accounts[reached_target]
        bonus = shutout_bonus(
            rules.shutout, hand_points[reached_target], leader.total, accounts[loser].total, rules.game_bonus
        )
        accounts[reached_target] = PlayerFinal(leader.points, leader.boxes, leader.box_bonus, leader.game_bonus, bonus)
    if rules.game_winner == "first_to_target":
        winner = reached_target
    else:
        winner = loser if accounts[loser].total > accounts[reached_target].total else reached_target
    margin = accounts[winner].total - accounts[other(winner)].total
    return Settlement(accounts["p1"], accounts["p2"], reached_target, shut_out, winner, margin)


# --------------------------------------------------------------------------- a game


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game: the dealer of each hand, the running totals after each hand as
    ``(p1, p2)``, the number of the hand after which the game is over, and its settlement."""

    dealers: tuple[str, ...]
    totals: tuple[tuple[int, int], ...]
    over_after: int
    settlement: Settlement

    @property
    def winner(self) -> str:
        return self.settlement.winner

    @property
    def margin(self) -> int:
        return self.settlement.margin

    def to_expected(self) -> dict[str, Any]:
        """The result in the shape of a ``game`` vector's ``expected`` (``spec/vectors.md``)."""
        return {
            "dealers": list(self.dealers),
            "totals": [list(pair) for pair in self.totals],
            "over_after": self.over_after,
            "final": self.settlement.final_expected(),
            "winner": self.winner,
            "margin": self.margin,
        }


@dataclass(frozen=True, slots=True)
class GameStanding:
    """A game as it stands after the hands played so far: the dealer of each hand, the running
    totals after each as ``(p1, p2)``, who deals next, and, once a total has reached the target,
    the hand after which the game is over and the player who reached it."""

    dealers: tuple[str, ...]
    totals: tuple[tuple[int, int], ...]
    next_dealer: str
    over_after: int | None
    reached_target: str
    points: Mapping[str, int]
    hand_points: Mapping[str, int]
    boxes: Mapping[str, int]


def game_standing(
    first_dealer: str, hands: Sequence[HandRecord | Mapping[str, Any]], rules: GameRules
) -> GameStanding:
    """Follow a game through the hands played so far.

    The first hand is dealt by ``first_dealer`` and later deals follow :func:`next_dealer`
    (DEAL-ROTATION, STOCK-VOID-DEALER). Each hand won adds its points to the winner's running total,
    with its boxes' value too under immediate boxes (GAME-BOX-BONUS, GAME-EXTRA-BOXES). The game is
    over after the first hand that brings a running total to the target or above (GAME-TARGET).

    Raises :class:`GameAlreadyOver` for a hand listed after the game is over.
    """
    if first_dealer not in PLAYERS:
        raise InvalidDealer(f"first dealer {first_dealer!r} must be p1 or p2")
    records = [as_hand_record(hand) for hand in hands]
    points = dict.fromkeys(PLAYERS, 0)
    hand_points = dict.fromkeys(PLAYERS, 0)
    boxes = dict.fromkeys(PLAYERS, 0)
    dealers: list[str] = []
    totals: list[tuple[int, int]] = []
    dealer = first_dealer
    over_after: int | None = None
    reached_target = ""
    for number, hand in enumerate(records, start=1):
        if over_after is not None:
            raise GameAlreadyOver(f"hand {number} is listed after the game ended with hand {over_after}")
        dealers.append(dealer)
        if hand.has_winner:
            points[hand.winner] += credit(hand, rules)
            hand_points[hand.winner] += hand.points
            boxes[hand.winner] += boxes_won(hand, rules)
            if points[hand.winner] >= rules.game_target:
                over_after, reached_target = number, hand.winner
        totals.append((points["p1"], points["p2"]))
        dealer = next_dealer(dealer, hand, rules)
    return GameStanding(tuple(dealers), tuple(totals), dealer, over_after, reached_target, points, hand_points, boxes)


def play_game(
    first_dealer: str, hands: Sequence[HandRecord | Mapping[str, Any]], rules: GameRules
) -> GameResult:
    """Play out a game from its hand results: :func:`game_standing`, then, once the game is over
    (GAME-TARGET), its settlement by :func:`settle`.

    Raises :class:`GameAlreadyOver` for a hand listed after the game is over and
    :class:`GameNotOver` when the hands end before anyone has reached the target.
    """
    standing = game_standing(first_dealer, hands, rules)
    if standing.over_after is None:
        raise GameNotOver(
            f"after {len(standing.dealers)} hands the totals are {standing.points['p1']} to {standing.points['p2']}, "
            f"short of the target {rules.game_target}"
        )
    settlement = settle(standing.points, standing.hand_points, standing.boxes, standing.reached_target, rules)
    return GameResult(standing.dealers, standing.totals, standing.over_after, settlement)
