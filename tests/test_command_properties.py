"""Every command against random argument lists and random file contents (Hypothesis).

Each example calls the command's ``main`` in this process, with options drawn from the command's
own and from hostile tokens (empty strings, NaN, huge numbers, control characters, unknown
options, aliases, bytes that are not UTF-8), and files holding random text, YAML or bytes. Over
every example: no traceback (no exception leaves ``main`` but argparse's exit), no hang (each
example must end within :data:`EXAMPLE_SECONDS`), a documented exit status with a one-line error
for 2, and never 0 for input known to be invalid (a token that is no card, a game or transcript
file of random bytes). 2,140 examples in all, in about seven seconds of CPU.
"""

from __future__ import annotations

import io
import signal
import sys
from contextlib import redirect_stderr
from pathlib import Path
from typing import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginspec.commands.main import main

EXAMPLE_SECONDS = 20
"""An example that takes longer is a hang (each takes milliseconds, a check about a second)."""

HOSTILE = [
    "", " ", "-", "--", "nan", "NaN", "inf", "-1", "0", "1e400", "99999999999999999999", "Zz", "Ac Ac", "\x1b[31m", "\x00",
    "é", "\u202e", "'", '"', "[1, 2", "{a: 1}", "&a [*a]", "*a", "!!python/object:os.system", "knock_limit", "knock_limit=",
    "=5", "knock_limit=[1,2]", "knock_limit=nan", "hand_size=11", "big_gin=yes", "standard", "oklahoma", "house-s003",
    "nowhere", "../../etc/passwd", "/", "p1", "p5", "Ac 2c 3c", "As 2s 3s 7h 7d 7c Kd Qd 9c 4h", "x" * 300,
]
"""Tokens that have broken a command before, or could."""

CARDS = [rank + suit for rank in "A23456789TJQK" for suit in "cdhs"]
NOT_CARDS = ["Zz", "1c", "Ax", "10h", "AC", "♠A", "Xs", "0d"]


def tokens() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(HOSTILE), st.text(max_size=12), st.sampled_from(CARDS))


def hand_text(valid_only: bool = False) -> st.SearchStrategy[str]:
    card = st.sampled_from(CARDS) if valid_only else st.one_of(st.sampled_from(CARDS), st.sampled_from(NOT_CARDS))
    return st.lists(card, min_size=0, max_size=12).map(" ".join)


COMMON = {
    "--variant": tokens(),
    "--set": tokens(),
    "--json": None,
    "--upcard": st.one_of(st.sampled_from(CARDS), tokens()),
}
OPTIONS = {
    "hand": COMMON,
    "score": {**COMMON, "--knocker": hand_text(), "--defender": hand_text(), "--knocker-melds": tokens()},
    "variants": {"--json": None},
    "game": {"--variant": tokens(), "--set": tokens(), "--json": None, "--play": None, "--force": None},
    "replay": {"--variant": tokens(), "--timeout": tokens(), "--engine": st.sampled_from(["reference", "nowhere", "exec:", "exec:'", "a:B"])},
    "check": {
        "--only": st.sampled_from(["vectors", "vectors", "features", "nothing"]),
        "--id": st.one_of(st.sampled_from(["deadwood-0001", "knock-0001", "melds-0001"]), tokens()),
        "--rule": st.one_of(st.sampled_from(["MELD-SET", "KNOCK-LIMIT"]), tokens()),
        "--area": st.one_of(st.sampled_from(["deadwood", "knock"]), tokens()),
        "--timeout": tokens(),
        "--engine": st.sampled_from(["reference", "nowhere", "exec:", "a:B", "miniature:nowhere"]),
        "--variant": tokens(),
        "--quiet": None,
    },
    "registry": {"--out": tokens(), "--force": None},
    "selftest": {"--list": None, "--miniature": tokens(), "--jobs": tokens(), "--timeout": tokens()},
    "fuzz": {"--engine": st.sampled_from(["reference", "nowhere"]), "--kind": tokens(), "--examples": tokens(), "--variant": tokens(), "--timeout": tokens()},
}


class Hang(Exception):
    pass


def _alarm(_: int, __: object) -> None:
    raise Hang(f"no answer within {EXAMPLE_SECONDS} s")


def call(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """``ginspec ARGV`` in this process: (status, output, errors); a hang raises :class:`Hang`."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(EXAMPLE_SECONDS)
    try:
        with redirect_stderr(err):
            try:
                status = main(argv, out)
            except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
                status = exc.code if isinstance(exc.code, int) else 2
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def documented(status: int, err: str) -> None:
    assert status in (0, 1, 2), f"exit status {status}: {err[-500:]}"
    assert "Traceback" not in err, err[-2000:]
    if status == 2:
        errors = [line for line in err.splitlines() if ": error: " in line]
        assert errors and all(len(line) < 800 for line in errors), err[-1000:]


@st.composite
def command_lines(draw: st.DrawFn, command: str, positional: st.SearchStrategy[list[str]]) -> list[str]:
    options = OPTIONS[command]
    chosen = draw(st.lists(st.sampled_from(sorted(options) + ["--no-such-option"]), max_size=4))
    argv = [command, *draw(positional)]
    for option in chosen:
        strategy = options.get(option)
        argv.append(option)
        if strategy is not None:
            argv.append(draw(strategy))
    return argv


@pytest.fixture(autouse=True)
def _in_a_folder_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every file a command writes by default (reports/, fuzz-findings/) lands in a throwaway folder."""
    monkeypatch.chdir(tmp_path)
    yield


def runs(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)


@runs(1200)
@given(st.data())
def test_hand_and_score(data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(["hand", "score"]))
    positional = st.tuples(st.one_of(hand_text(), tokens())).map(list) if command == "hand" else st.just([])
    argv = data.draw(command_lines(command, positional))
    status, _, err = call(argv)
    documented(status, err)
    cards = argv[1].split() if command == "hand" else []
    if command == "hand" and any(card in NOT_CARDS for card in cards) and "--no-such-option" not in argv:
        assert status != 0, f"{argv!r} passed with a token that is no card"


@runs(300)
@given(st.data())
def test_variants_and_listings(data: st.DataObject) -> None:
    choice = data.draw(st.sampled_from(["variants", "show", "diff", "selftest", "registry"]))
    if choice == "show":
        argv = ["variants", "show", data.draw(tokens())]
    elif choice == "diff":
        argv = ["variants", "diff", data.draw(tokens()), data.draw(tokens())]
    elif choice == "registry":
        argv = data.draw(command_lines("registry", st.just(["export"])))
    elif choice == "selftest":
        argv = data.draw(command_lines("selftest", st.just([])))
        if "--list" not in argv:
            argv += ["--list"]  # a whole selftest takes minutes: its options are read, the run is listing
    else:
        argv = data.draw(command_lines("variants", st.just([])))
    status, _, err = call(argv)
    documented(status, err)


GAME_FRAGMENTS = [
    "first_dealer: p1\n", "first_dealer: [1]\n", "hands:\n", "hands: 5\n", "hands: []\n", "deals: 7\n", "first_players: 3\n",
    "  - {winner: p1, outcome: knock, points: 20}\n", "  - {winner: p2, outcome: gin, points: 45}\n", "  - knock\n",
    "  - {winner: none, outcome: draw, points: 0}\n", "  - {winner: p1, outcome: knock, points: -5}\n", "variant: oklahoma\n",
    "transcripts: 5\n", "transcripts: []\n", "a: &a [*a]\n", "deal: {dealer: p1}\n", "actions: []\n", "actions: [draw_stock]\n",
    "result: {winner: p1}\n", "\t", "{", "- ", "\xff", "",
]


def file_contents() -> st.SearchStrategy[bytes]:
    fragments = st.lists(st.sampled_from(GAME_FRAGMENTS), max_size=8).map(lambda parts: "".join(parts).encode("utf-8", "surrogateescape"))
    return st.one_of(fragments, st.binary(max_size=64), st.text(max_size=64).map(lambda text: text.encode("utf-8", "surrogatepass")))


@runs(600)
@given(st.data())
def test_game_and_replay_files(data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(["game", "replay"]))
    content = data.draw(file_contents())
    path = Path("input.yaml")
    path.write_bytes(content)
    argv = data.draw(command_lines(command, st.just([str(path)])))
    status, _, err = call(argv)
    documented(status, err)
    if content.strip(b" \t\n{-") == b"" or b"first_dealer" not in content and b"transcripts" not in content and b"deal" not in content:
        assert status != 0, f"{argv!r} passed on a file with no game or hand in it: {content!r}"


@runs(40)
@given(st.data())
def test_check_and_fuzz(data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(["check", "check", "fuzz"]))
    argv = data.draw(command_lines(command, st.just([])))
    if command == "check":
        argv += ["--only", "vectors", "--id", "deadwood-0001", "--report", "r.json"]  # one case: the options are what is tested
    else:
        argv += ["--examples", "3", "--kind", "deadwood"]
    status, _, err = call(argv)
    documented(status, err)
