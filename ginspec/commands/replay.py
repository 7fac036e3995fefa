"""``ginspec replay FILE...``: check saved hands move by move, by the rules and through an engine.

Each transcript gets one verdict (:data:`REPLAY_STATUS`). Through an engine, the transcript is put
to it as fairly as ``ginspec check`` puts a case (:mod:`ginspec.play.replay_plan`): under what its
moves depend on, under the engine's home variant where it cannot play the transcript's own rules,
and under the readings it declares; one it cannot play is ``unsupported``. A move the engine
refuses is named as refused; an engine that reports nothing a replay can compare is never said
to agree (``nothing-compared``).
"""

from __future__ import annotations

import json

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any, TextIO

from ginspec.suite.option_values import TIMEOUT_HELP, timeout_seconds
from ginspec.errors import InvalidTranscript, SuiteError

REPLAY_STATUS = {"ok": 0, "unsupported": 1, "nothing-compared": 1, "illegal": 1, "wrong": 1, "departs": 1, "error": 1, "invalid": 2}
"""Each verdict and the exit status it calls for. ``unsupported`` and ``nothing-compared`` are no
fault of the engine, but a run in which no transcript was compared with the engine checked
nothing of it: it exits 1, as ``ginspec check`` does when every case is unsupported."""

NOT_COMPARED = ("unsupported", "nothing-compared")


def replay_file(path: Path, adapter: Any, engine: str, variant: str | None = None) -> list[tuple[str, str, str]]:
    """The verdicts on the hands of one file (a transcript, or a saved game of several hands):
    (hand, status, line) each; a file that cannot be read is one ``invalid`` verdict."""
    from ginspec.play.transcripts import load_transcripts

    try:
        transcripts = load_transcripts(path)
    except (InvalidTranscript, SuiteError) as exc:
        return [(str(path), "invalid", str(exc))]
    return [(transcript.file, *replay_one(transcript, adapter, engine, variant)) for transcript in transcripts]


def _told(rules_answer: dict[str, Any], moves: int) -> str:
    """What the rules say of the replayed hand."""
    from ginspec.play.table_play import format_points

    if rules_answer.get("finished") and isinstance(rules_answer.get("points"), dict):
        return f"{moves} moves replayed: {rules_answer['outcome']}, winner {rules_answer['winner']}; {format_points(rules_answer['points'])}"
    if rules_answer.get("finished"):
        return f"{moves} moves replayed: {rules_answer['outcome']}, winner {rules_answer['winner']}, {rules_answer['points']} points"
    return f"{moves} moves replayed; the hand is not over"


def replay_one(transcript: Any, adapter: Any, engine: str, variant: str | None = None) -> tuple[str, str]:
    """The verdict on one transcript: (status, line). Status is ``ok``, ``illegal`` (a move the
    rules refuse), ``wrong`` (the transcript's recorded result is wrong, or it records a result for
    a hand it does not finish), ``departs`` (the engine departs from the rules), ``unsupported``
    (the engine cannot play the transcript: :mod:`ginspec.play.replay_plan`), ``nothing-compared`` (the
    engine declares it reports none of what a replay compares), ``error`` (the engine failed) or
    ``invalid`` (the file is not a valid transcript)."""
    from ginspec.play.transcripts import incomplete_result, recorded_result_problem, rules_replay

    try:
        rules_answer = rules_replay(transcript, variant)
        incomplete = incomplete_result(transcript, rules_answer if variant is None else rules_replay(transcript))
    except (InvalidTranscript, SuiteError) as exc:
        return "invalid", str(exc)
    if incomplete is not None:
        return "invalid", incomplete
    moves = len(transcript.actions)
    if rules_answer.get("illegal"):
        refused = rules_answer["illegal"]
        return "illegal", f"move {refused['index'] + 1} of {moves} is illegal: {refused['message']}"
    told = _told(rules_answer, moves)
    # a recorded result holds under the transcript's own rules, not another variant's
    problem = recorded_result_problem(transcript, rules_answer) if variant is None else None
    if problem is None and not rules_answer.get("finished") and not transcript.result:
        problem = "its moves stop before the hand is over and it records no result: it looks cut short"
    if problem is not None:
        return "wrong", f"{told}; the transcript is wrong: {problem}"
    if adapter is None:
        return "ok", told
    return engine_verdict(transcript, adapter, engine, rules_answer, told, variant)


def engine_verdict(transcript: Any, adapter: Any, engine: str, rules_answer: dict[str, Any], told: str, variant: str | None) -> tuple[str, str]:
    """The verdict on the engine's replay of a transcript the rules accept."""
    from ginspec.adapters.jsonl import EngineFault
    from ginspec.play.replay_plan import plan_replay
    from ginspec.play.replay_plan import other_spread_agrees, reading_played
    from ginspec.play.transcripts import compared, engine_divergence, rules_replay

    capabilities, played = reading_played(adapter.capabilities())
    if played:  # the rules' side plays the engine's readings (the transcript's own moves were checked by the default rules)
        try:
            rules_answer = rules_replay(transcript, variant, played)
        except InvalidTranscript as exc:
            return "invalid", str(exc)
        told = _told(rules_answer, len(transcript.actions))
    if capabilities.layoff_style == "automatic":
        from ginspec.play.replay_automatic import posed_for_automatic

        posed = posed_for_automatic(transcript, variant, played)
        if posed is not None:
            transcript, rules_answer = posed
    plan = plan_replay(transcript, capabilities, rules_answer, variant, played)
    if plan.question is None or plan.rules_answer is None:
        return "unsupported", f"{told}; unsupported: {engine} cannot replay it: {plan.unsupported}"
    under = f" of {plan.under} (its own variant)" if plan.under else ""
    try:
        engine_answer = adapter.ask(plan.question)
    except EngineFault as exc:
        return "error", f"{told}; {engine} failed: {str(exc)[:400]}"
    declined = engine_answer.get("unsupported") if isinstance(engine_answer, dict) else None
    if isinstance(declined, str):
        return "unsupported", f"{told}; unsupported: {engine} declined it: {declined[:300]}"
    divergence = engine_divergence(transcript, plan.rules_answer, engine_answer, capabilities.omits)
    if divergence is not None and other_spread_agrees(transcript, plan.question, engine_answer, capabilities, played):
        divergence = None  # the knocker's spread is his choice: another one is as right
    if divergence is not None:
        where = f"move {divergence.move}" if divergence.move else "the result"
        return "departs", f"{told}; {engine} departs from the rules{under} at {where}: {divergence.problem}"
    states, end = compared(plan.rules_answer, capabilities.omits)
    if states:
        return "ok", f"{told}; {engine} agrees with the rules{under} at every move"
    if end:
        return "ok", f"{told}; {engine} agrees with the rules{under} on the result (it reports no state of the hand, so no move was compared)"
    return "nothing-compared", f"{told}; nothing was compared: {engine} reports neither the states of a hand nor its result (capability 'omits')"


def command_replay(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.adapters import open_engine
    from ginspec.adapters.guard import open_guarded
    from ginspec.play.transcripts import transcript_files

    paths = transcript_files([Path(name) for name in args.files])
    adapter = open_guarded(args.engine, args.timeout, open_engine) if args.engine != "reference" else None
    verdicts: list[str] = []
    records: list[dict[str, str]] = []  # --json: one per transcript
    as_json = getattr(args, "json", False)
    try:
        for path in paths:
            judged = replay_file(path, adapter, args.engine, args.variant)
            for hand, status, line in judged:
                verdicts.append(status)
                records.append({"transcript": hand, "status": status, "message": line})
                if status == "invalid":
                    sys.stderr.write(f"ginspec: error: {line}\n")
                elif as_json:
                    continue
                elif len(paths) == 1 and len(judged) == 1:
                    out.write(line + "\n")
                else:
                    out.write(f"{hand}: {status}: {line}\n")
    finally:
        if adapter is not None:
            adapter.close()
    if as_json:
        out.write(json.dumps({"transcripts": records, "counts": dict(Counter(verdicts))}) + "\n")
    elif len(verdicts) > 1:
        counts = Counter(verdicts)
        out.write(f"{len(verdicts)} transcripts: " + ", ".join(f"{counts[name]} {name}" for name in REPLAY_STATUS if counts[name]) + "\n")
    status = max(REPLAY_STATUS[verdict] for verdict in verdicts)
    if status == 1 and all(verdict in NOT_COMPARED + ("ok",) for verdict in verdicts):
        # transcripts the engine could not play beside others it agreed on: the run checked the engine
        if any(verdict == "ok" for verdict in verdicts):
            status = 0
        else:
            (sys.stderr if as_json else out).write(f"nothing was compared with {args.engine}: every transcript is unsupported by it or holds nothing it reports\n")
    close_problem = getattr(adapter, "close_problem", None)
    if close_problem:
        sys.stderr.write(f"ginspec: error: {close_problem}\n")
        return max(1, status)
    return status


def add_replay_command(commands: Any) -> None:
    replay_parser = commands.add_parser("replay", help="replay a saved hand move by move through an engine")
    replay_parser.add_argument("files", nargs="+", metavar="FILE", help="transcripts (YAML: variant, deal, actions), or folders of them")
    replay_parser.add_argument("--engine", default="reference", help="adapter name, exec:COMMAND, or module:Class (default: reference)")
    replay_parser.add_argument("--timeout", type=timeout_seconds, default=None, help=TIMEOUT_HELP)
    replay_parser.add_argument("--variant", help="play the moves under this variant's rules (default: each transcript's own)")
    replay_parser.add_argument("--json", action="store_true", help="answer in JSON: each transcript's verdict, and the counts")
    replay_parser.set_defaults(handler=command_replay)
