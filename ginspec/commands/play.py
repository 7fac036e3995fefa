"""``ginspec play``: one hand in the terminal against the computer, two players or a table of three
or four, saved on request as a transcript that ``ginspec replay`` checks."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any, TextIO

from ginspec.commands.shared import played_parameters, terminal_reader
from ginspec.suite.files import check_output_path


def command_play(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.play.hand import play
    from ginspec.play.table_play import play_table
    from ginspec.play.transcripts import save_transcript
    from reference_impl.rules import RoundRules
    from reference_impl.table_round import table_play_rules

    save_path = check_output_path(Path(args.save), "--save", force=args.force) if args.save else None
    parameters, overrides = played_parameters(args, "play")
    rng = random.Random(args.seed)
    table = sys.stderr if args.json else out  # --json: the game on standard error, the transcript on standard output
    read = terminal_reader(table)
    if parameters["table_format"] == "one_table":
        transcript = play_table(table_play_rules(parameters), args.variant, overrides, rng, args.you, args.dealer, read, table)
    else:
        transcript = play(RoundRules.for_two_players(parameters), args.variant, overrides, rng, args.you, args.dealer, read, table)
    if save_path is not None:
        save_transcript(transcript, save_path)
        table.write(f"saved to {args.save}; check it with: ginspec replay {args.save}\n")
    if args.json:
        out.write(json.dumps(transcript.to_data()) + "\n")
    return 0


def add_play_command(commands: Any) -> None:
    play_parser = commands.add_parser("play", help="play a hand in the terminal against a simple computer opponent")
    play_parser.add_argument("--variant", default="standard", help="a two-player variant, or one at a table of three or four (default: standard)")
    play_parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a variant parameter")
    play_parser.add_argument("--seed", type=int, default=None, help="shuffle with this seed, to deal the same hand again")
    play_parser.add_argument("--you", choices=["p1", "p2", "p3", "p4"], default="p1", help="your seat (default: p1)")
    play_parser.add_argument("--dealer", choices=["p1", "p2", "p3", "p4"], default="p2", help="who deals (default: p2)")
    play_parser.add_argument("--save", help="write the hand as a transcript to this file (checked before the hand is dealt)")
    play_parser.add_argument("--force", action="store_true", help="let --save replace an existing file")
    play_parser.add_argument("--json", action="store_true", help="print the transcript as JSON when the hand is over (the game itself on standard error)")
    play_parser.set_defaults(handler=command_play)
