"""The options of ``ginspec fuzz`` that run a campaign, and ``ginspec fuzz merge``. Kept apart from
:mod:`ginspec.detection.campaign.command`, so that building the command line imports no engine."""

from __future__ import annotations

import argparse
import os
from typing import Any, TextIO

from ginspec.detection.campaign.shards import Shard
from ginspec.errors import quote

MAX_HANDS = 10**9


def hand_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
    if not 1 <= value <= MAX_HANDS:
        raise argparse.ArgumentTypeError(f"{quote(text)}: give 1 to {MAX_HANDS} hands")
    return value


def move_numbers(text: str) -> tuple[int, ...]:
    """``1,76``: the moves (from 1, in increasing order) a hand is played otherwise at."""
    numbers = []
    for token in text.split(","):
        if not token.strip().isdigit() or int(token) < 1:
            raise argparse.ArgumentTypeError(f"{quote(token)} is not a move number from 1")
        numbers.append(int(token))
    if any(later <= earlier for earlier, later in zip(numbers, numbers[1:])):
        raise argparse.ArgumentTypeError(f"{quote(text)}: give the moves in increasing order, as the report lists them")
    return tuple(numbers)


def job_count(text: str) -> int:
    if text == "auto":
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)}: give a number of processes or 'auto'") from None
    if not 1 <= value <= 512:
        raise argparse.ArgumentTypeError(f"{quote(text)}: give 1 to 512 processes, or 'auto'")
    return value


def shard_part(text: str) -> Shard:
    number, slash, count = text.partition("/")
    try:
        shard = Shard(int(number), int(count)) if slash else None
    except ValueError:
        shard = None
    if shard is None or not 1 <= shard.number <= shard.count <= 100000:
        raise argparse.ArgumentTypeError(f"{quote(text)}: write I/K with 1 <= I <= K, e.g. 3/16")
    return shard


def add_campaign_arguments(fuzz: argparse.ArgumentParser) -> None:
    fuzz.add_argument("--hands", type=hand_count, help=f"play this many random whole hands against the reference, 1 to {MAX_HANDS} (a campaign)")
    fuzz.add_argument("--games", type=hand_count, help=f"play this many random whole games (hand after hand to the variant's target, then scored) against the reference, 1 to {MAX_HANDS}")
    fuzz.add_argument("--jobs", type=job_count, default=1, help="processes to spread the hands over, or 'auto' (one per core; default: 1)")
    fuzz.add_argument("--shard", type=shard_part, default=Shard(), metavar="I/K", help="play only the I-th of K disjoint parts of the hands")
    fuzz.add_argument("--resume", action="store_true", help="continue the campaign recorded in the report folder")
    fuzz.add_argument("--report-dir", metavar="DIR", help="the campaign's folder (default: reports/campaigns/ENGINE-seedS[-shardIofK])")
    fuzz.add_argument("--force", action="store_true", help="start a campaign again in a folder that holds one")
    fuzz.add_argument("--replay-index", type=int, metavar="I", help="print hand I (with --games, game I) of the campaign of --seed as a transcript, and the engine's verdict on it")
    fuzz.add_argument("--played-otherwise", type=move_numbers, metavar="M[,M...]",
                      help="with --replay-index, the hand played otherwise at these moves, where the engine refused the move played (a finding's played_otherwise_at_move(s))")
    actions = fuzz.add_subparsers(dest="fuzz_action", metavar="merge", parser_class=type(fuzz))
    merge = actions.add_parser("merge", help="combine the reports of a campaign's shards into one")
    merge.add_argument("folders", nargs="+", metavar="DIR", help="the shards' report folders")
    merge.add_argument("--report-dir", dest="merged_dir", metavar="DIR", default="reports/campaigns/merged", help="the merged report's folder (default: reports/campaigns/merged)")
    merge.add_argument("--force", dest="merge_force", action="store_true", help="replace a report already in that folder")
    merge.add_argument("--partial", action="store_true", help="merge the shards given though others of the campaign are missing (the report says which parts it holds)")
    merge.set_defaults(handler=_merge)


def wants_campaign(args: argparse.Namespace) -> bool:
    return any(getattr(args, name, None) is not None for name in ("hands", "games", "replay_index"))


def _merge(args: argparse.Namespace, out: TextIO) -> Any:
    from ginspec.detection.campaign.command import command_merge

    return command_merge(args, out)
