"""``ginspec game --play``: a whole game against the computer, hand after hand.

Each hand is played as ``ginspec play`` plays one (two players, or a table of three or four). After
each the score sheet so far is shown; the next dealer follows the variant's rotation (DEAL-ROTATION,
STOCK-VOID-DEALER), and the game ends when a total reaches the target (GAME-TARGET), or for
Hollywood when all three games have closed (HOLLY-GAME-CLOSE). The end is then scored by the same
question ``ginspec game FILE`` asks, so the sheet at the end is the one the saved game gives.

A saved game is a YAML file of the variant, its overrides, the first dealer and every hand's
transcript (``GAME_KEYS`` in :mod:`ginspec.play.transcripts`); ``ginspec replay`` checks each hand move by
move and ``ginspec game`` scores it again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, TextIO

from ginspec.adapters.base import Question
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.play.score_sheet import kind_for, score_sheet
from ginspec.play.hand import play
from ginspec.play.table_play import play_table
from ginspec.play.transcripts import Transcript
from reference_impl.game import GameRules, as_hand_record, game_standing, next_dealer
from reference_impl.hollywood import play_hollywood
from reference_impl.rules import RoundRules
from reference_impl.table_game import table_game_standing
from reference_impl.table_round import table_play_rules
from reference_impl.tables import TableRules

PLAYED_FORMS = ("heads_up", "one_table")
"""The forms of the game played move by move; the others are scored from their hand results."""


@dataclass
class PlayedGame:
    """A game played (or stopped) in the terminal: its hands' transcripts in order."""

    variant: str
    overrides: Mapping[str, Any]
    first_dealer: str
    transcripts: list[Transcript] = field(default_factory=list)
    over: bool = False

    def hand_results(self) -> list[dict[str, Any]]:
        """Every hand's result as a game file lists it: winner, outcome and points."""
        return [hand_result(transcript.result or {}) for transcript in self.transcripts]

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"variant": self.variant}
        if self.overrides:
            data["overrides"] = dict(self.overrides)
        data["first_dealer"] = self.first_dealer
        data["transcripts"] = [transcript.to_data() for transcript in self.transcripts]
        return data


def hand_result(result: Mapping[str, Any]) -> dict[str, Any]:
    """What a game needs of a hand's result (SCORE-WINNER-ONLY, MPN-SEED003-SCORING)."""
    return {key: result[key] for key in ("winner", "outcome", "points") if key in result}


@dataclass(frozen=True)
class Standing:
    """Where a game stands: the sheet's answer so far, who deals next, and whether it is over."""

    answer: dict[str, Any]
    next_dealer: str
    over: bool


def standing_after(kind: str, parameters: Mapping[str, Any], first_dealer: str, hands: list[dict[str, Any]]) -> Standing:
    """The game after ``hands``: running totals, the next dealer and whether it is over. A game
    that is over is scored by the reference engine's answer to the ``game`` question itself."""
    if kind == "table_game":
        table = table_game_standing(first_dealer, hands, TableRules.from_parameters(parameters))
        answer: dict[str, Any] = {"dealers": list(table.dealers), "totals": [dict(totals) for totals in table.totals]}
        over, following = bool(table.over_after), table.next_dealer
    elif kind == "hollywood":
        rules = GameRules.from_parameters(parameters)
        session = play_hollywood(hands, rules)
        answer = session.to_expected()
        over = session.over_after is not None
        following = first_dealer
        for hand in hands:
            following = next_dealer(following, as_hand_record(hand), rules)
    else:
        game = game_standing(first_dealer, hands, GameRules.from_parameters(parameters))
        answer = {"dealers": list(game.dealers), "totals": [list(pair) for pair in game.totals]}
        over, following = game.over_after is not None, game.next_dealer
    if over:
        data = {"hands": hands} if kind == "hollywood" else {"first_dealer": first_dealer, "hands": hands}
        answer = ReferenceAdapter().ask(Question(kind, data, dict(parameters)))
    return Standing(answer, following, over)


def play_game(
    parameters: Mapping[str, Any],
    variant: str,
    overrides: Mapping[str, Any],
    rng: random.Random,
    you: str,
    first_dealer: str,
    read: Callable[[str], str],
    out: TextIO,
    after_hand: Callable[[PlayedGame], None] = lambda game: None,
) -> PlayedGame:
    """Play hands against the computer until the game is over or the person quits. After each
    hand the score sheet so far is written, and ``after_hand`` is called (to save the game)."""
    kind = kind_for(parameters)
    game = PlayedGame(variant, dict(overrides), first_dealer)
    dealer = first_dealer
    while True:
        out.write(f"\n=== hand {len(game.transcripts) + 1}: {dealer} deals ===\n")
        if parameters["table_format"] == "one_table":
            transcript = play_table(table_play_rules(parameters), variant, dict(overrides), rng, you, dealer, read, out)
        else:
            transcript = play(RoundRules.for_two_players(parameters), variant, dict(overrides), rng, you, dealer, read, out)
        if transcript.result is None:
            out.write(f"\ngame stopped after {len(game.transcripts)} finished hands\n")
            return game
        game.transcripts.append(transcript)
        hands = game.hand_results()
        standing = standing_after(kind, parameters, first_dealer, hands)
        game.over = standing.over
        out.write("\nscore sheet\n")
        score_sheet(kind, {"hands": hands}, standing.answer, out)
        after_hand(game)
        if standing.over:
            out.write("game over\n")
            return game
        dealer = standing.next_dealer


__all__ = ["PLAYED_FORMS", "PlayedGame", "Standing", "hand_result", "play_game", "standing_after"]
