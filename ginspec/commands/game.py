"""``ginspec game``: score a list of finished hands into a game under any variant, shown as a score
sheet (or ``--json``).

The file lists the hands as the vectors of ``spec/vectors.md`` do, in the form the variant plays:

- two players (``table_format: heads_up``): ``first_dealer`` and ``hands`` of ``winner``,
  ``outcome``, ``points`` (kind ``game``), or with ``hollywood: true`` a Hollywood session;
- a table of three or four (``one_table``): ``first_dealer`` and ``hands`` with every seat's
  ``points`` (kind ``table_game``);
- three players sharing two-player hands (``sit_out``, ``cutthroat``, ``captain_box``):
  ``first_dealer``, ``first_players`` and ``hands`` (kind ``three_player``);
- partnership: ``deals``, two hand results each, and optionally ``first_dealers`` (kind
  ``partnership``).

The answer is the reference engine's, through the same adapter as every conformance question.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, Mapping, TextIO

from ginspec.errors import InvalidTranscript, UsageError, quote
from ginspec.suite.paths import display

INPUT_KEYS = {
    "game": ("first_dealer", "hands"),
    "hollywood": ("hands",),
    "table_game": ("first_dealer", "hands"),
    "three_player": ("first_dealer", "first_players", "hands"),
    "partnership": ("deals",),
}


def _read(document: Any, path: Path, kind: str, form: str) -> dict[str, Any]:
    shown = display(path)
    if not isinstance(document, dict):
        raise UsageError(f"{shown}: a game file is a mapping with {', '.join(INPUT_KEYS[kind])}")
    missing = [key for key in INPUT_KEYS[kind] if key not in document]
    if missing:
        raise UsageError(f"{shown}: under table_format={form} a {kind.replace('_', ' ')} needs {', '.join(missing)}")
    listed = INPUT_KEYS[kind][-1]  # hands, or deals
    entries = document[listed]
    if not isinstance(entries, list) or not entries:
        what = "empty" if entries in (None, [], "") else f"{quote(entries)}, not a list"
        raise UsageError(f"{shown}: {listed}: {what}; list the finished {listed}")
    return {key: document[key] for key in (*INPUT_KEYS[kind], "first_dealers") if key in document}


def _saved_game(path: Path, document: Mapping[str, Any], args: argparse.Namespace) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A game saved by ``ginspec game --play --save``: its variant, overrides and, as a game file
    lists them, the first dealer and every hand's result. Its hands were played under its own
    variant, so another ``--variant`` or ``--set`` is refused rather than mixing two sets of rules."""
    from ginspec.play.game_play import hand_result
    from ginspec.play.transcripts import game_transcripts

    try:
        transcripts = game_transcripts(document, display(path))
    except InvalidTranscript as exc:
        raise UsageError(str(exc)) from None
    variant, overrides = transcripts[0].variant, dict(transcripts[0].overrides)
    if (args.variant not in (None, variant)) or args.set:
        raise UsageError(f"{display(path)}: its hands were played under {variant!r}; score it without --variant or --set")
    for transcript in transcripts:
        _check_hand(transcript, path)
    data = {
        "first_dealer": document.get("first_dealer", transcripts[0].deal["dealer"]),
        "hands": [hand_result(transcript.result or {}) for transcript in transcripts],
        "dealt_by": [transcript.deal["dealer"] for transcript in transcripts],
    }
    return variant, overrides, data


def _check_hand(transcript: Any, path: Path) -> None:
    """A saved hand counts in the game only if its moves are legal, it is over, and its recorded
    result is the one the rules give (``ginspec replay`` shows the same verdicts move by move)."""
    from ginspec.play.transcripts import incomplete_result, recorded_result_problem, rules_replay

    if not transcript.result:
        raise UsageError(f"{transcript.file}: the hand has no result; replay it with ginspec replay {display(path)}")
    answer = rules_replay(transcript)
    if answer.get("illegal"):
        refused = answer["illegal"]
        raise UsageError(f"{transcript.file}: move {refused['index'] + 1} is illegal: {refused.get('message', refused.get('reason'))}")
    incomplete = incomplete_result(transcript, answer)
    if incomplete is not None:
        raise UsageError(incomplete)
    problem = recorded_result_problem(transcript, answer)
    if problem is not None:
        raise UsageError(f"{transcript.file}: the hand's record is wrong: {problem}")


def _check_dealers(path: Path, data: Mapping[str, Any], answer: Mapping[str, Any]) -> None:
    """DEAL-ROTATION: each saved hand was dealt by the player the rotation names."""
    for number, (dealt, ruled) in enumerate(zip(data.get("dealt_by", []), answer.get("dealers", [])), start=1):
        if dealt != ruled:
            raise UsageError(f"{display(path)}, hand {number}: dealt by {dealt}, but the rules have {ruled} deal it (DEAL-ROTATION)")


def command_game(args: argparse.Namespace, out: TextIO) -> int:
    from reference_impl.errors import GinError

    from ginspec.adapters.base import Question
    from ginspec.adapters.reference import ReferenceAdapter
    from ginspec.play.score_sheet import kind_for, score_sheet
    from ginspec.suite.option_values import parse_overrides as _parse_overrides
    from ginspec.suite.variants import resolve_parameters
    from ginspec.suite.yamlio import load_yaml

    if args.play:
        if args.file:
            raise UsageError("game: give a FILE to score or --play to play a game, not both")
        from ginspec.commands.game_play import play_game_command

        return play_game_command(args, out)
    if not args.file:
        raise UsageError("game: give a FILE of finished hands to score, or --play to play a game against the computer")
    path = Path(args.file)
    document = load_yaml(path, UsageError)
    if isinstance(document, dict) and "transcripts" in document:
        variant, overrides, data = _saved_game(path, document, args)
    else:
        variant, overrides = args.variant or "standard", _parse_overrides(args.set)
        data = None
    parameters = resolve_parameters(variant, overrides, "--set")
    kind = kind_for(parameters)
    form = parameters["table_format"]
    if data is None:
        data = _read(document, path, kind, form)
    try:
        answer = ReferenceAdapter().ask(Question(kind, {key: value for key, value in data.items() if key != "dealt_by"}, parameters))
    except GinError as exc:
        raise UsageError(f"{display(path)}: {exc}") from None
    except (TypeError, KeyError, AttributeError, ValueError) as exc:  # a field of the wrong shape deep in a hand
        raise UsageError(f"{display(path)}: not a game file this variant can score ({type(exc).__name__}: {quote(str(exc))})") from None
    problem = answer.get("error") or answer.get("refused")
    if problem:
        detail = f": {answer['message']}" if answer.get("message") else ""
        raise UsageError(f"{display(path)}: under table_format={form} ({kind.replace('_', ' ')}): {problem}{detail}")
    _check_dealers(path, data, answer)
    args.variant = variant
    if args.json:
        out.write(json.dumps({"variant": args.variant, "kind": kind, **answer}) + "\n")
    else:
        score_sheet(kind, data, answer, out)
    return 0


def add_game_command(subparsers: Any) -> None:
    """Add ``game FILE`` to a subparsers object."""
    game = subparsers.add_parser("game", help="score a list of finished hands into a game under any variant, or play a whole game")
    game.add_argument("file", nargs="?", help="YAML or JSON: first_dealer and hands (or deals), as the game vectors write them, or a game saved by --play --save")
    game.add_argument("--variant", default=None, help="variant name from spec/variants (default: a saved game's own, else standard)")
    game.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a variant parameter")
    game.add_argument("--json", action="store_true", help="answer in JSON")
    game.add_argument("--play", action="store_true", help="play a whole game in the terminal against the computer, hand after hand")
    game.add_argument("--seed", type=int, default=None, help="with --play: shuffle with this seed, to deal the same game again")
    game.add_argument("--you", choices=["p1", "p2", "p3", "p4"], default="p1", help="with --play: your seat (default: p1)")
    game.add_argument("--dealer", choices=["p1", "p2", "p3", "p4"], default="p2", help="with --play: who deals the first hand (default: p2)")
    game.add_argument("--save", help="with --play: write the game (every hand's transcript) to this file after each hand")
    game.add_argument("--force", action="store_true", help="with --play: let --save replace an existing file")
    game.set_defaults(handler=command_game)


__all__ = ["add_game_command", "command_game"]
