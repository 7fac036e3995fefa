"""``ginspec game --play``: the command around :func:`ginspec.play.game_play.play_game`: the variant
checked before anything is dealt, the save file checked before the first hand and rewritten
(atomically) after every hand, so that a game stopped half-way keeps what was played."""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import TextIO

import yaml

from ginspec.suite.files import check_output_path
from ginspec.suite.outputs import write_output
from ginspec.play.game_play import PlayedGame, play_game
from ginspec.suite.yamlio import SAFE_DUMPER


def play_game_command(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.commands.shared import played_parameters, terminal_reader

    save_path = check_output_path(Path(args.save), "--save", force=args.force) if args.save else None
    parameters, overrides = played_parameters(args, "game --play")
    variant = args.variant or "standard"

    def save(game: PlayedGame) -> None:
        if save_path is not None:
            write_output(save_path, yaml.dump(game.to_data(), Dumper=SAFE_DUMPER, sort_keys=False, allow_unicode=True), "--save")

    game = play_game(parameters, variant, overrides, random.Random(args.seed), args.you, args.dealer,
                     terminal_reader(out), out, after_hand=save)
    if save_path is not None and game.transcripts:
        out.write(f"saved to {args.save}; score it with: ginspec game {args.save}; check its hands with: ginspec replay {args.save}\n")
    return 0


__all__ = ["play_game_command"]
