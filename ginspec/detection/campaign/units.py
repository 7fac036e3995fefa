"""What one campaign index plays: a two-player hand (the default), a hand at a table of three or
four (``table_format: one_table``), or, with ``--games``, a whole game of either. Every kind is a
pure function of (seed, index); this module plays and checks an index of any kind, and gives back
the one hand (or score sheet) an occurrence of a finding names, for its vector and its diagnosis.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from reference_impl.rules import RoundRules
from reference_impl.table_round import table_play_rules

from ginspec.adapters.base import Adapter
from ginspec.detection.campaign.compare import Outcome, check_hand
from ginspec.detection.campaign.games import SCORE_PART, Game, check_game, play_game
from ginspec.detection.campaign.hands import Hand, play_hand
from ginspec.detection.campaign.tables import TABLE_KIND, check_table_hand, play_table_hand
from ginspec.detection.campaign.tally import Tally


def at_table(parameters: Mapping[str, Any]) -> bool:
    """Whether the variant's hands are played by three or four at one table."""
    return parameters["table_format"] == "one_table"


def hand_kind(parameters: Mapping[str, Any]) -> str:
    """The question a hand of the campaign is asked as."""
    return TABLE_KIND if at_table(parameters) else "round"


def unit_name(games: bool, count: int = 2) -> str:
    word = "game" if games else "hand"
    return word if count == 1 else f"{word}s"


@dataclass(frozen=True)
class Part:
    """The one hand (or score sheet) of an index that shows a finding: ``hand`` is None for a
    game's score sheet, then ``game`` holds the game."""

    hand: Hand | None
    kind: str
    game: Game | None = None


def play_part(parameters: Mapping[str, Any], games: bool, seed: int, index: int, part: int, automatic: bool = False, readings: Mapping[str, str] | None = None) -> Part:
    """Index ``index`` of the campaign played again, and the part of it an occurrence names; with
    ``automatic``, each hand as an engine laying off for the defender is asked it; the rules' side
    under ``readings`` (the campaign's :attr:`~ginspec.detection.campaign.worker.Plan.readings`)."""
    from ginspec.suite.readings import rules_parameters

    if games:
        game = play_game(parameters, seed, index, automatic, readings)
        if part == SCORE_PART:
            return Part(None, game.kind, game)
        return Part(game.hands[part], hand_kind(parameters), game)
    played = rules_parameters(parameters, readings or {})
    if at_table(parameters):
        return Part(play_table_hand(table_play_rules(played), seed, index), TABLE_KIND)
    from ginspec.detection.campaign.detours import moves_of

    detours = moves_of(part)  # a hand played otherwise at refused moves (ginspec.detection.campaign.detours)
    return Part(play_hand(RoundRules.for_two_players(played), seed, index, automatic, detours or None), "round")


TABLE_LAYOFFS = "the engine lays off for the defender, and at a table of three or four each defender lays off in turn onto the spread as the others left it"
"""Why a table hand with lay-offs is not asked of an engine that lays off automatically (as
:func:`ginspec.judging.automatic.for_automatic_layoffs` leaves such a case unsupported)."""


def _lays_off(hand: Hand) -> bool:
    return any(" layoff " in f" {text} " for text in hand.actions)


class UnitPlayer:
    """Plays the indices of a chunk of a table or games campaign with one engine, started once
    (:class:`ginspec.detection.campaign.worker.ChunkPlayer` plays two-player hands)."""

    def __init__(self, plan: Any, adapter: Adapter | None = None, omits: frozenset[str] = frozenset()) -> None:
        from ginspec.detection.campaign.engine import open_engine_for

        self.plan = plan
        if adapter is None:
            adapter, omits = open_engine_for(plan)
        self.adapter = adapter
        from ginspec.detection.campaign.readings import playing_readings

        capabilities = adapter.capabilities()
        capabilities = replace(capabilities, omits=frozenset(omits) | capabilities.omits) if omits else capabilities
        self.plan, self.capabilities = playing_readings(plan, capabilities)
        self.table_rules = table_play_rules(self.plan.rules_parameters) if at_table(plan.parameters) else None

    def check(self, index: int) -> Outcome:
        parameters = self.plan.parameters
        if self.plan.games:
            game = play_game(parameters, self.plan.seed, index, self.plan.automatic, self.plan.readings)
            if self.table_rules is not None and self.plan.automatic and any(_lays_off(hand) for hand in game.hands):
                return Outcome(index, "unsupported", problem=TABLE_LAYOFFS)
            return check_game(self.adapter, self.capabilities, parameters, game)
        if self.table_rules is not None:
            table_hand = play_table_hand(self.table_rules, self.plan.seed, index)
            if self.plan.automatic and _lays_off(table_hand):
                return Outcome(index, "unsupported", problem=TABLE_LAYOFFS)
            from ginspec.detection.campaign.readings import honoured

            return honoured(check_table_hand(self.adapter, self.capabilities.omits, parameters, table_hand), table_hand, self.capabilities, self.plan.rules_parameters, TABLE_KIND)
        from ginspec.detection.campaign.choices import admitted
        from ginspec.detection.campaign.detours import past_refusal
        from ginspec.detection.campaign.readings import honoured

        rules = RoundRules.for_two_players(self.plan.rules_parameters)

        def judged(hand: Hand) -> Outcome:
            outcome = admitted(check_hand(self.adapter, self.capabilities.omits, parameters, hand), hand, self.adapter, self.capabilities, parameters, self.plan.rules_parameters)
            return honoured(outcome, hand, self.capabilities, self.plan.rules_parameters)

        hand = play_hand(rules, self.plan.seed, index, self.plan.automatic)
        def detoured(moves: tuple[int, ...]) -> tuple[Outcome, Hand]:
            other = play_hand(rules, self.plan.seed, index, self.plan.automatic, moves)
            return judged(other), other

        return past_refusal(judged(hand), hand, detoured)

    def play(self, chunk: int) -> tuple[int, Tally]:
        tally = Tally()
        for index in self.plan.indices(chunk):
            tally.add(self.check(index))
        return chunk, tally

    def close(self) -> None:
        self.adapter.close()


def needs_unit_player(plan: Any) -> bool:
    """Whether the campaign plays games or table hands (else the two-player hand player)."""
    return bool(plan.games) or at_table(plan.parameters)
