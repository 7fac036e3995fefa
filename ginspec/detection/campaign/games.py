"""Whole games of a campaign (``ginspec fuzz --games N``): game ``index`` of the campaign with seed
``seed`` is a pure function of the two, replayable alone by its number as a hand is.

A game is played hand after hand by the reference engine: hand ``n`` of game ``index`` is dealt
from its own generator (seeded with seed, index and n), by the dealer the variant's rotation names
after the hands before it (DEAL-ROTATION, STOCK-VOID-DEALER), two players or a table of three or
four (``one_table``), until a total reaches the game target (GAME-TARGET) or, in Hollywood, the
three games have closed (HOLLY-GAME-CLOSE). The end is scored as the ``game`` question (or
``hollywood``, ``table_game``) of the variant scores it: boxes, the game and shutout bonuses
(GAME-BOX-BONUS, GAME-BONUS, GAME-SHUTOUT) as the variant says.

An engine is asked every hand of the game move by move, and then, when it answers that kind of
question, the game's score sheet from the hands' results. The game's outcome is the first hand
that departs from the rules (shrunk like a campaign hand), else the score sheet's departure.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from reference_impl.cards import DECK
from reference_impl.rules import RoundRules
from reference_impl.table_round import table_play_rules

from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.adapters.answers import answer_problem
from ginspec.detection.campaign.compare import BROKE_PROTOCOL, NO_ANSWER, Outcome, check_hand
from ginspec.detection.campaign.hands import Hand, play_dealt
from ginspec.detection.campaign.tables import check_table_hand, play_table_dealt

MAX_GAME_HANDS = 300
"""A game still short of its target after this many hands is left unscored (never seen: a game
to 100 takes about ten)."""

SCORE_PART = -1
"""The ``part`` of a game's outcome that departs on its score sheet, not in one of its hands."""


@dataclass(frozen=True)
class PartOutcome(Outcome):
    """A game's outcome: ``part`` is the number (from 0) of the hand that departs, or
    :data:`SCORE_PART` for the score sheet; ``cut`` the actions of that hand a replay needs (the
    hands of the game, for the score sheet)."""

    part: int = 0


def game_kind(parameters: Mapping[str, Any]) -> str:
    """The question that scores a game under these parameters (``game``, ``hollywood`` or
    ``table_game``)."""
    from ginspec.play.score_sheet import kind_for

    return kind_for(parameters)


def seats_of(parameters: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(f"p{number}" for number in range(1, int(parameters.get("players", 2)) + 1)) if parameters["table_format"] == "one_table" else ("p1", "p2")


@dataclass(frozen=True)
class Game:
    """One game: its first dealer, its hands in order, and whether it reached its end."""

    seed: int
    index: int
    kind: str
    parameters: Mapping[str, Any]
    first_dealer: str
    hands: tuple[Hand, ...]
    over: bool
    readings: Mapping[str, str] = field(default_factory=dict)
    """The readings the reference engine plays the game under (the engine's, where it plays them:
    :func:`ginspec.suite.readings.reference_played`); the engine is asked under :attr:`parameters`."""

    @property
    def rules_parameters(self) -> dict[str, Any]:
        """The parameters the reference engine plays and scores the game under."""
        from ginspec.suite.readings import rules_parameters

        return rules_parameters(self.parameters, self.readings)

    def results(self) -> list[dict[str, Any]]:
        """Every hand's result as the score sheet reads it (winner, outcome, points)."""
        from ginspec.play.game_play import hand_result

        return [hand_result(hand.end) for hand in self.hands]

    def question(self) -> Question:
        """The score-sheet question of the whole game."""
        data: dict[str, Any] = {"hands": self.results()}
        if self.kind != "hollywood":
            data = {"first_dealer": self.first_dealer, **data}
        return Question(self.kind, data, dict(self.parameters), f"campaign-game-{self.seed}-{self.index}")

    @cached_property
    def expected(self) -> dict[str, Any]:
        """The rules' score sheet: the reference engine's answer to :meth:`question`."""
        from ginspec.adapters.reference import ReferenceAdapter

        question = self.question()
        return ReferenceAdapter().ask(Question(question.kind, question.input, self.rules_parameters, question.id))

    def transcript(self, variant: str, overrides: Mapping[str, Any]) -> dict[str, Any]:
        """The game as a saved game file (``ginspec replay`` checks each hand, ``ginspec game``
        scores it)."""
        data: dict[str, Any] = {"variant": variant}
        if overrides:
            data["overrides"] = dict(overrides)
        data["first_dealer"] = self.first_dealer
        data["transcripts"] = [{key: value for key, value in hand.transcript(variant, overrides).items() if key not in ("variant", "overrides")} for hand in self.hands]
        return data


def game_generator(seed: int, index: int, number: int | None = None) -> random.Random:
    """The generator of game ``index`` (its first dealer), or of its hand ``number``."""
    return random.Random(f"ginspec-campaign-game:{seed}:{index}" + ("" if number is None else f":{number}"))


def play_game(parameters: Mapping[str, Any], seed: int, index: int, automatic: bool = False, readings: Mapping[str, str] | None = None) -> Game:
    """Game ``index`` of the campaign with seed ``seed``, played to its end; with ``automatic``,
    each two-player hand with the defender's best lay-offs, posed without them; the rules' side
    under ``readings`` (:attr:`Game.readings`)."""
    from ginspec.play.game_play import standing_after
    from ginspec.suite.readings import rules_parameters

    played = rules_parameters(parameters, readings or {})

    kind = game_kind(parameters)
    seats = seats_of(parameters)
    table = parameters["table_format"] == "one_table"
    rules: Any = table_play_rules(played) if table else RoundRules.for_two_players(played)
    first = seats[game_generator(seed, index).randrange(len(seats))]
    dealer = first
    hands: list[Hand] = []
    for number in range(MAX_GAME_HANDS):
        rng = game_generator(seed, index, number)
        order = list(DECK)
        rng.shuffle(order)
        hand = play_table_dealt(rules, seed, index, rng, dealer, order) if table else play_dealt(rules, seed, index, rng, dealer, order, automatic)
        hands.append(hand)
        if not hand.end.get("finished"):
            break
        standing = standing_after(kind, played, first, [{key: hand.end[key] for key in ("winner", "outcome", "points")} for hand in hands])
        if standing.over:
            return Game(seed, index, kind, dict(parameters), first, tuple(hands), True, dict(readings or {}))
        dealer = standing.next_dealer
    return Game(seed, index, kind, dict(parameters), first, tuple(hands), False, dict(readings or {}))


def check_game(engine: Adapter, capabilities: Capabilities, parameters: Mapping[str, Any], game: Game) -> PartOutcome:
    """Ask every hand of ``game``, then its score sheet when the engine scores games of its kind."""
    table = parameters["table_format"] == "one_table"
    declined = 0
    for number, hand in enumerate(game.hands):
        if table:
            outcome = check_table_hand(engine, capabilities.omits, parameters, hand)
        else:  # a departure that is the engine's declared reading declines the hand
            from ginspec.detection.campaign.readings import honoured

            from ginspec.detection.campaign.choices import admitted

            outcome = admitted(check_hand(engine, capabilities.omits, parameters, hand), hand, engine, capabilities, parameters, game.rules_parameters)
            outcome = honoured(outcome, hand, capabilities, game.rules_parameters)
        if outcome.status == "disagree":
            return PartOutcome(game.index, "disagree", outcome.signature, outcome.cut, f"hand {number + 1} of the game: {outcome.problem}"[:400], number)
        declined += outcome.status == "unsupported"
    if declined == len(game.hands):
        return PartOutcome(game.index, "unsupported")
    if not game.over or game.kind not in capabilities.kinds:
        return PartOutcome(game.index, "agree")
    from ginspec.judging.runner import judge_answer

    question = game.question()
    try:
        answer = engine.ask(question)
    except Exception as exc:  # noqa: BLE001 - a crash is reported for this game and the campaign goes on
        return PartOutcome(game.index, "disagree", f"{game.kind}: {NO_ANSWER}: {type(exc).__name__}", len(game.hands), f"{type(exc).__name__}: {str(exc)[:200]}", SCORE_PART)
    broken = answer_problem(game.kind, answer)
    status, message = ("error", f"the answer does not follow the protocol: {broken}") if broken else judge_answer(game.kind, game.expected, answer, capabilities, question.input)
    if status == "error":  # an engine error, as in check: never a rule's finding
        return PartOutcome(game.index, "disagree", f"{game.kind}: {BROKE_PROTOCOL}", len(game.hands), message[:400], SCORE_PART)
    if status == "pass":
        return PartOutcome(game.index, "agree")
    fields = sorted({text.split(":", 1)[0] for text in message.split("; ")})
    return PartOutcome(game.index, "disagree", f"{game.kind}: score sheet: {' '.join(fields)}"[:200], len(game.hands), message[:400], SCORE_PART)


def scores_games(capabilities: Capabilities, parameters: Mapping[str, Any]) -> bool:
    """Whether the engine is asked the score sheet of a game (it answers that kind of question)."""
    return game_kind(parameters) in capabilities.kinds
