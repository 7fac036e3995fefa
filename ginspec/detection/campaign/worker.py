"""Playing a campaign's hands: in chunks of :data:`CHUNK_HANDS` consecutive hands of a shard, in
this process (``--jobs 1``) or spread over worker processes, each of which starts the engine once
and asks it every hand of every chunk it is given. Chunks are handed back in order, so the
caller can record "the first N chunks are done" and a resumed campaign starts at chunk N."""

from __future__ import annotations

import collections
import multiprocessing
import multiprocessing.util
import signal
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ginspec.adapters.base import Adapter
from ginspec.detection.campaign.compare import check_each_hand, check_each_played, check_each_played_natively, check_hand, native_each_asker
from ginspec.detection.campaign.engine import open_engine_for  # noqa: F401 - also used from here by the command
from ginspec.detection.campaign.hands import Shard, play_moves
from ginspec.detection.campaign.choices import admitted
from ginspec.detection.campaign.detours import past_refusal
from ginspec.detection.campaign.readings import honoured, playing_readings
from ginspec.detection.campaign.tally import Tally
from ginspec.errors import SuiteError, UsageError
from reference_impl.rules import RoundRules

CHUNK_HANDS = 100
"""Hands per chunk: the unit of work handed to a process and of the progress file."""
ASKED_TOGETHER = 20
"""Hands played before they are asked, all at once: an engine in another process then answers one
after another without waiting for the suite between them
(:meth:`ginspec.adapters.jsonl.JsonLinesAdapter.ask_each`), taking turns with the suite's
processor a few times a chunk instead of twice a hand; the reference engine in this process gets
them in one call to its thread (:func:`ginspec.detection.campaign.compare.native_each_asker`)."""


@dataclass(frozen=True)
class Plan:
    """Everything that fixes a campaign's hands and how they are asked."""

    engine: str
    variant: str
    overrides: Mapping[str, Any]
    parameters: Mapping[str, Any]
    seed: int
    total: int
    shard: Shard = field(default_factory=Shard)
    timeout: float | None = None
    games: bool = False
    """Each index is a whole game (:mod:`ginspec.detection.campaign.games`), not one hand."""
    automatic: bool = False
    """The engine lays off for the defender (``layoff_style: automatic``): each hand is played with
    the defender's best lay-offs and posed without them (:meth:`~ginspec.detection.campaign.hands.Hand.without_layoffs`)."""
    readings: Mapping[str, str] = field(default_factory=dict)
    """The engine's declared readings the reference engine plays
    (:func:`ginspec.suite.readings.reference_played`): the rules' side of every hand is played
    under them (:attr:`rules_parameters`), the engine is asked under :attr:`parameters`."""

    @property
    def rules_parameters(self) -> dict[str, Any]:
        """The parameters the reference engine plays the hands under: :attr:`parameters` and :attr:`readings`."""
        from ginspec.suite.readings import rules_parameters

        return rules_parameters(self.parameters, self.readings)

    @property
    def chunks(self) -> int:
        return -(-self.shard.hands(self.total) // CHUNK_HANDS)

    def indices(self, chunk: int) -> range:
        """The campaign indices of the hands of ``chunk``."""
        count = self.shard.hands(self.total)
        start, stop = chunk * CHUNK_HANDS, min((chunk + 1) * CHUNK_HANDS, count)
        return range(self.shard.index(start), self.shard.index(stop - 1) + 1, self.shard.count) if stop > start else range(0)


class ChunkPlayer:
    """Plays chunks with one engine, started once."""

    def __init__(self, plan: Plan, adapter: Adapter | None = None, omits: frozenset[str] = frozenset()) -> None:
        if adapter is None:
            adapter, omits = open_engine_for(plan)
        self.adapter = adapter
        self.plan, self.capabilities = playing_readings(plan, adapter.capabilities())
        self.rules = RoundRules.for_two_players(self.plan.rules_parameters)
        self.omits = frozenset(omits) | self.capabilities.omits
        self.native_each = None if plan.automatic else native_each_asker(adapter, self.omits)

    def play(self, chunk: int) -> tuple[int, Tally]:
        """The tally of one chunk's hands (counts and findings only: all a worker sends back). An
        engine asked in the notation is asked :data:`ASKED_TOGETHER` hands at a time."""
        tally = Tally()
        adapter, omits, parameters, rules, seed, native_each = self.adapter, self.omits, self.plan.parameters, self.rules, self.plan.seed, self.native_each
        indices = self.plan.indices(chunk)
        if self.plan.automatic:
            for start in range(0, len(indices), ASKED_TOGETHER):
                posed = [play_moves(rules, seed, index, True).hand.without_layoffs() for index in indices[start : start + ASKED_TOGETHER]]
                for hand, outcome in zip(posed, check_each_hand(adapter, omits, parameters, posed)):
                    tally.add(self.judged(outcome, hand))
            return chunk, tally
        if native_each is not None:
            for start in range(0, len(indices), ASKED_TOGETHER):
                hands = [play_moves(rules, seed, index) for index in indices[start : start + ASKED_TOGETHER]]
                for outcome in check_each_played_natively(adapter, omits, parameters, hands, native_each):
                    tally.add(outcome)
            return chunk, tally
        for start in range(0, len(indices), ASKED_TOGETHER):
            hands = [play_moves(rules, seed, index) for index in indices[start : start + ASKED_TOGETHER]]
            for played, outcome in zip(hands, check_each_played(adapter, omits, parameters, hands)):
                tally.add(self.judged(outcome, played.hand))
        return chunk, tally

    def judged(self, outcome: Any, hand: Any) -> Any:
        """A hand's outcome with the knocker's spread the engine's choice, under its declared
        readings, gone on past a refused move."""
        outcome = admitted(outcome, hand, self.adapter, self.capabilities, self.plan.parameters, self.plan.rules_parameters)
        outcome = honoured(outcome, hand, self.capabilities, self.plan.rules_parameters)
        if outcome.status != "disagree":
            return outcome
        return past_refusal(outcome, hand, lambda moves: self.detoured(hand.index, moves))

    def detoured(self, index: int, moves: tuple[int, ...]) -> tuple[Any, Any]:
        """The outcome of hand ``index`` played otherwise at its moves ``moves``, and that hand
        (:mod:`ginspec.detection.campaign.detours`)."""
        plan = self.plan
        hand = play_moves(self.rules, plan.seed, index, plan.automatic, moves).hand
        if plan.automatic:
            hand = hand.without_layoffs()
        outcome = admitted(check_hand(self.adapter, self.omits, plan.parameters, hand), hand, self.adapter, self.capabilities, plan.parameters, plan.rules_parameters)
        return honoured(outcome, hand, self.capabilities, plan.rules_parameters), hand

    def close(self) -> None:
        self.adapter.close()


_PLAYER: Any = None
_START_ERROR: SuiteError | None = None
"""Why this worker could not start its engine: sent back for its first chunk, since a pool whose
initializer fails starts the worker again and again."""


def _player_for(plan: Plan, adapter: Adapter | None = None, omits: frozenset[str] = frozenset()) -> Any:
    """The chunk player of the campaign: two-player hands here, games and table hands beside
    (:class:`ginspec.detection.campaign.units.UnitPlayer`)."""
    from ginspec.detection.campaign.units import UnitPlayer, needs_unit_player

    return UnitPlayer(plan, adapter, omits) if needs_unit_player(plan) else ChunkPlayer(plan, adapter, omits)


def _start_worker(plan: Plan) -> None:
    """In a worker process: Ctrl-C is the parent's to handle, a SIGTERM from it ends the worker,
    and the engine is started once and closed when the worker ends."""
    global _PLAYER, _START_ERROR
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        _PLAYER = _player_for(plan)
    except SuiteError as exc:
        _START_ERROR = exc
        return
    except Exception as exc:  # noqa: BLE001 - any failure to start is the campaign's end, in one line
        _START_ERROR = UsageError(f"--engine {plan.engine!r}: cannot be started in a worker process: {type(exc).__name__}: {str(exc)[:200]}")
        return
    multiprocessing.util.Finalize(_PLAYER, _PLAYER.close, exitpriority=10)


def _play_in_worker(chunk: int) -> tuple[int, Tally]:
    if _START_ERROR is not None:
        raise _START_ERROR
    assert _PLAYER is not None
    return _PLAYER.play(chunk)


def play_chunks(plan: Plan, jobs: int, first: int, done: Callable[[int, Tally], None], engine: Adapter | None = None, omits: frozenset[str] = frozenset()) -> None:
    """Play chunks ``first`` to the last, calling ``done(chunk, tally)`` for each in order. With
    one job, in this process, with ``engine`` when it is given (the caller closes it). A worker
    that cannot start its engine ends the campaign at once with the engine's start error."""
    if jobs <= 1:
        player = _player_for(plan, engine, omits)
        try:
            for chunk in range(first, plan.chunks):
                done(*player.play(chunk))
        finally:
            if engine is None:
                player.close()
        return
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pool = context.Pool(jobs, initializer=_start_worker, initargs=(plan,))
    pending: collections.deque[Any] = collections.deque()
    upcoming = iter(range(first, plan.chunks))
    finished = False
    try:
        for chunk in upcoming:
            pending.append(pool.apply_async(_play_in_worker, (chunk,)))
            if len(pending) >= 3 * jobs:
                done(*pending.popleft().get())
        while pending:
            done(*pending.popleft().get())
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()
