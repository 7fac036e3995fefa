"""The command line of fuzz campaigns: ``ginspec fuzz --engine E --hands N`` (with ``--jobs``,
``--shard``, ``--resume``, ``--replay-index``) and ``ginspec fuzz merge DIR...``."""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import sys
from pathlib import Path
from typing import Any, TextIO

import yaml

from ginspec.detection.campaign.checkpoint import ProgressSaver, check_fresh_folder, load_progress, prepare_folder, save_progress
from ginspec.detection.campaign.compare import check_hand
from ginspec.detection.campaign.hands import play_hand
from ginspec.detection.campaign.readings import playing_readings
from ginspec.detection.campaign.report import build_report, print_summary, recorded_options
from ginspec.detection.campaign.tally import Tally
from ginspec.detection.campaign.worker import Plan, open_engine_for, play_chunks
from ginspec.errors import Interrupted, UsageError, quote
from ginspec.judging.again import run_options

GAME_FORMS = ("heads_up", "one_table")
"""The forms of the game a campaign plays whole games of (hand by hand, then the score sheet)."""


def _plan(args: argparse.Namespace) -> tuple[Plan, Any, frozenset[str]]:
    """The campaign asked for, and its engine started (its home variant is the default)."""
    from ginspec.adapters import open_engine
    from ginspec.adapters.guard import open_guarded
    from ginspec.adapters.profile import resolve_profile
    from ginspec.suite.option_values import parse_overrides as _parse_overrides
    from ginspec.suite.variants import resolve_parameters

    if args.kind:
        raise UsageError("--kind: a campaign plays whole hands; leave out --kind (or --hands for the search by kind)")
    overrides = _parse_overrides(args.set)
    adapter = open_guarded(args.engine, args.timeout, open_engine)
    try:
        profile = resolve_profile(adapter.capabilities(), args.variant, overrides, args.engine)
        variant = profile.variant or "standard"
        parameters = resolve_parameters(variant, overrides, "--set")
        games = getattr(args, "games", None) is not None
        if games and args.hands is not None:
            raise UsageError("--games: give --hands or --games, not both")
        if games and parameters["table_format"] not in GAME_FORMS:
            raise UsageError(f"--games: variant {quote(variant)} has table_format={parameters['table_format']}: a campaign plays games of two players or of one table ({', '.join(GAME_FORMS)})")
        automatic = profile.capabilities.layoff_style == "automatic"
        plan = Plan(args.engine, variant, overrides, parameters, args.seed, (args.games if games else args.hands) or 1, args.shard, args.timeout, games, automatic)
        plan = playing_readings(plan, profile.capabilities)[0]
    except BaseException:
        adapter.close()
        raise
    adapter.close()
    engine, omits = open_engine_for(plan)
    return plan, engine, omits


def command_campaign(args: argparse.Namespace, out: TextIO) -> int:
    if args.replay_index is not None:
        return command_replay_index(args, out)
    plan, engine, omits = _plan(args)
    folder = Path(args.report_dir or f"reports/campaigns/{_folder_name(plan)}")
    try:
        if args.resume:
            chunks_done, tally, seconds = load_progress(folder, plan)
            prepare_folder(folder, "--report-dir")
        else:
            check_fresh_folder(folder, args.force)
            prepare_folder(folder, "--report-dir")
            chunks_done, tally, seconds = 0, Tally(), 0.0
            save_progress(folder, plan, 0, tally, 0.0)
        if args.jobs > 1:  # each worker starts its own
            engine.close()
            engine = None
        try:
            seconds = _play(plan, args.jobs, folder, chunks_done, tally, seconds, engine if args.jobs <= 1 else None, omits)
        except (KeyboardInterrupt, Interrupted):
            build_report(folder, plan, tally, plan.shard.label if plan.shard.count > 1 else "all", False, _spent(folder, plan), None, run_options(args))
            raise
        if engine is None and tally.findings:
            engine, omits = open_engine_for(plan)
        parts = "all" if plan.shard.count == 1 else plan.shard.label
        report = build_report(folder, plan, tally, parts, plan.shard.count == 1, seconds, engine if tally.findings else None, run_options(args))
    finally:
        if engine is not None:
            engine.close()
    print_summary(report, folder, out)
    if tally.hands and tally.unsupported == tally.hands:
        out.write(f"nothing was checked: {plan.engine} declined every {'game' if plan.games else 'hand'}\n")
        return 1
    return 1 if tally.disagreements else 0


def _spent(folder: Path, plan: Plan) -> float:
    return load_progress(folder, plan)[2]


def _folder_name(plan: Plan) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in plan.engine)[:60]
    shard = f"-shard{plan.shard.number}of{plan.shard.count}" if plan.shard.count > 1 else ""
    games = "-games" if plan.games else ""
    return f"{safe}{games}-seed{plan.seed}{shard}"


def _play(plan: Plan, jobs: int, folder: Path, chunks_done: int, tally: Tally, seconds: float, engine: Any, omits: frozenset[str]) -> float:
    """Play the chunks left, recording progress as they are done (:class:`ProgressSaver`); the
    seconds spent in all."""
    from tqdm import tqdm

    total = plan.shard.hands(plan.total)
    stream = sys.stderr
    size = shutil.get_terminal_size((100, 24))  # a terminal that reports no size is taken as 100 x 24
    bar = tqdm(total=total, initial=tally.hands, unit=" games" if plan.games else " hands", file=stream, disable=not stream.isatty(), ncols=size.columns, nrows=size.lines, smoothing=0.1, mininterval=0.5)
    saver = ProgressSaver(folder, plan, tally, seconds)

    def record(chunk: int, part: Tally) -> None:
        tally.merge(part)
        saver.chunk_done(chunk + 1)
        bar.set_postfix_str(f"{tally.disagreements} disagreements", refresh=False)
        bar.update(part.hands)

    try:
        play_chunks(plan, jobs, chunks_done, record, engine, omits)
    except (KeyboardInterrupt, Interrupted):
        saver.flush()
        bar.close()
        stream.write(f"stopped after {tally.hands} of {total} {'games' if plan.games else 'hands'}; the progress is saved: continue with --resume --report-dir {folder}\n")
        raise
    finally:
        saver.flush()
    bar.close()
    return saver.seconds


def command_replay_index(args: argparse.Namespace, out: TextIO) -> int:
    """Print hand ``--replay-index`` (with ``--games``, game ``--replay-index``) of the campaign
    of ``--seed`` as a transcript (``ginspec replay`` reads it; a game as a saved game file),
    followed by the engine's verdict as YAML comments."""
    if args.replay_index < 0 or args.replay_index >= 10**12:
        raise UsageError(f"--replay-index {args.replay_index}: give a number from 0")
    plan, engine, omits = _plan(args)
    from ginspec.detection.campaign.units import UnitPlayer, at_table

    otherwise: tuple[int, ...] = getattr(args, "played_otherwise", None) or ()
    detours: list[tuple[str, str]] = []
    if otherwise and (plan.games or at_table(plan.parameters)):
        engine.close()
        raise UsageError("--played-otherwise: only a hand for two goes on past a refused move; leave it out with --games or a table")
    try:
        if plan.games or at_table(plan.parameters):
            from ginspec.detection.campaign.games import play_game
            from ginspec.detection.campaign.tables import play_table_hand
            from reference_impl.table_round import table_play_rules

            player = UnitPlayer(plan, engine, omits)
            outcome = player.check(args.replay_index)
            if plan.games:
                game = play_game(plan.parameters, plan.seed, args.replay_index, plan.automatic, plan.readings)
                out.write(f"# game {game.index} of the campaign with seed {plan.seed} under {plan.variant}: {len(game.hands)} hands\n")
                document = game.transcript(plan.variant, plan.overrides)
            else:
                hand = play_table_hand(table_play_rules(plan.rules_parameters), plan.seed, args.replay_index)
                out.write(f"# table hand {hand.index} of the campaign with seed {plan.seed} under {plan.variant}: {len(hand.actions)} actions\n")
                document = hand.transcript(plan.variant, plan.overrides)
        else:
            outcome, hand, detours = _judged_hand(plan, engine, omits, args.replay_index, otherwise)
            shown = f", played otherwise at move(s) {', '.join(map(str, otherwise))}" if otherwise else ""
            out.write(f"# hand {hand.index} of the campaign with seed {plan.seed} under {plan.variant}{shown}: {len(hand.actions)} actions\n")
            document = hand.transcript(plan.variant, plan.overrides)
    finally:
        engine.close()
    out.write(yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=110))
    for moves, signature in detours:
        out.write(f"# past the refused moves, played otherwise at move(s) {moves} (--played-otherwise {moves.replace(' ', '')}): {signature}\n")
    unit = "game" if plan.games else "hand"
    if outcome.status == "agree":
        out.write(f"# {plan.engine} agrees with the rules at every checkpoint and at the end\n")
        return 0
    if outcome.status == "unsupported":
        out.write(f"# {plan.engine} declined the {unit}\n")
        return 1
    part = getattr(outcome, "part", None)
    where = "" if part is None else (" in the score sheet" if part < 0 else f" in hand {part + 1} of the game")
    out.write(f"# {plan.engine} departs{where}: {outcome.signature}\n# shortest: the first {outcome.cut} actions; {outcome.problem}\n")
    return 1


def _judged_hand(plan: Plan, engine: Any, omits: frozenset[str], index: int, otherwise: tuple[int, ...]) -> tuple[Any, Any, list[tuple[str, str]]]:
    """Hand ``index`` for two, played otherwise at the moves ``otherwise`` (from 1) when they are
    given, the engine's outcome on it as the campaign judges it, and the findings the hand shows
    past its refused moves: (moves played otherwise, signature) each."""
    from ginspec.detection.campaign.detours import moves_of
    from ginspec.detection.campaign.worker import ChunkPlayer

    player = ChunkPlayer(plan, engine, omits)
    hand = play_hand(player.rules, plan.seed, index, plan.automatic)
    outcome = player.judged(check_hand(engine, player.omits, plan.parameters, hand), hand)
    detours = [(", ".join(str(move + 1) for move in moves_of(part)), signature) for signature, _, _, part in outcome.also if part]
    if otherwise:
        outcome, hand = player.detoured(index, tuple(move - 1 for move in otherwise))
    return outcome, hand, detours


def command_merge(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.detection.campaign.checkpoint import REPORT_FILE
    from ginspec.detection.campaign.merge import merge_shards

    folders = [Path(name) for name in args.folders]
    campaign, tally, parts, complete, seconds = merge_shards(folders, args.partial)
    target = Path(args.merged_dir)
    if target.exists() and not args.merge_force and (target / REPORT_FILE).exists():
        raise UsageError(f"fuzz merge --report-dir {str(target)!r}: holds a report already; give --force to replace it")
    prepare_folder(target, "fuzz merge --report-dir")
    plan = Plan(campaign["engine"], campaign["variant"], campaign["overrides"], campaign["parameters"], campaign["seed"], campaign["hands"], games=campaign["unit"] == "game")
    engine = None
    if tally.findings:
        try:
            engine, _ = open_engine_for(plan)
            plan = playing_readings(dataclasses.replace(plan, automatic=engine.capabilities().layoff_style == "automatic"), engine.capabilities())[0]
        except Exception as exc:  # noqa: BLE001 - findings are still listed, tagged by where they depart
            out.write(f"the engine {plan.engine!r} cannot be started here ({exc}); findings are tagged by where they depart\n")
    try:
        report = build_report(target, plan, tally, parts, complete, seconds, engine, recorded_options(folders[0]))
    finally:
        if engine is not None:
            engine.close()
    print_summary(report, target, out)
    return 1 if tally.disagreements else 0

