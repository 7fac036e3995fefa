"""The knocker's spread, a choice the rules leave to the knocker (SCORE-AUTO-SPREAD), in the paths
that play hands move by move: a campaign's knock and a transcript's name no spread, so an engine
that lays down another least-deadwood spread than the reference engine agrees with the rules, in
a campaign (:mod:`ginspec.detection.campaign.choices`) and in replay; an engine that declares
``knocker_spread: best`` and lays down one that is not best for him is held to it.

The engines act their choice out with the rules' own arrangements (``tests/engines/choices.py``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ginspec.adapters.base import Question
from ginspec.detection.campaign.hands import Hand, play_hand
from ginspec.detection.campaign.tally import Tally
from ginspec.detection.campaign.worker import Plan, play_chunks
from ginspec.suite.variants import get_variant
from reference_impl.rules import RoundRules
from tests.engines.choices import LastSpread, LastSpreadDeclaredBest

STANDARD = dict(get_variant("standard").parameters)
HANDS = 300


def _campaign(engine: Any) -> Tally:
    tally = Tally()
    play_chunks(Plan("choice", "standard", {}, STANDARD, 0, HANDS), 1, 0, lambda _chunk, part: tally.merge(part), engine)
    return tally


@lru_cache(maxsize=1)
def _hands_with_a_choice() -> tuple[Hand, ...]:
    """The campaign's hands whose knocker may lay down more than one least-deadwood spread, by the
    rules (:func:`ginspec.judging.admissible.spread_questions`)."""
    from ginspec.judging.admissible import spread_questions

    rules = RoundRules.for_two_players(STANDARD)
    hands = (play_hand(rules, 0, index) for index in range(HANDS))
    return tuple(hand for hand in hands if len(spread_questions(Question("round", hand.question_input(), STANDARD, "choice"))) > 1)


def test_a_campaign_accepts_every_spread_the_knocker_may_choose() -> None:
    assert _hands_with_a_choice(), "the campaign has hands where the knocker may choose his spread"
    tally = _campaign(LastSpread())
    assert (tally.agreed, tally.disagreements) == (HANDS, 0), list(tally.findings)


def test_a_campaign_holds_an_engine_declaring_the_best_spread_to_it() -> None:
    tally = _campaign(LastSpreadDeclaredBest())
    assert tally.disagreements > 0
    assert all(" in phase layoff after knock" in signature for signature in tally.findings), list(tally.findings)


def _verdicts(engine: Any) -> list[str]:
    from ginspec.commands.replay import replay_one
    from ginspec.play.transcripts import transcript_from_document

    return [replay_one(transcript_from_document(hand.transcript("standard", {}), f"hand-{hand.index}"), engine, "choice")[0] for hand in _hands_with_a_choice()]


def test_replay_accepts_every_spread_the_knocker_may_choose() -> None:
    assert set(_verdicts(LastSpread())) == {"ok"}


def test_replay_holds_an_engine_declaring_the_best_spread_to_it() -> None:
    assert "departs" in _verdicts(LastSpreadDeclaredBest())


def test_whole_games_accept_every_spread_the_knocker_may_choose() -> None:
    """In a game a lay-off the reference engine played onto its own spread may not fit the engine's:
    the rules' answer under that spread refuses it, as the engine does."""
    tally = Tally()
    play_chunks(Plan("choice", "standard", {}, STANDARD, 0, 30, games=True), 1, 0, lambda _chunk, part: tally.merge(part), LastSpread())
    assert (tally.agreed, tally.disagreements) == (30, 0), list(tally.findings)
