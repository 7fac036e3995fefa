"""What several commands share: cards typed on the command line (refused in one line naming the
token), cards drawn with suit symbols, a variant's parameters from ``--variant`` and ``--set``, and
standard input read line by line."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence, TextIO

from ginspec.errors import UsageError

if TYPE_CHECKING:
    from reference_impl.cards import Card
    from reference_impl.deadwood import Arrangement

# The rules and the variants are imported where they are used, not here: the parser imports this
# module for the options of ``hand`` and ``score``, and must not load the rules for every command.


def cards_option(text: str, what: str) -> tuple[Card, ...]:
    """The cards typed for ``what``; a bad token is quoted (cut when long) with a hint for the
    usual mistakes (``'10h' is not a card (ten is written T, e.g. 'Th')``)."""
    from reference_impl.cards import parse_cards
    from reference_impl.errors import NotationError

    from ginspec.suite.notation import NotationProblem, read_cards

    try:
        read_cards(text)
        return parse_cards(text)
    except (NotationProblem, NotationError) as exc:
        raise UsageError(f"{what}: {exc}") from None


def spread_option(text: str, what: str) -> list[tuple[Card, ...]]:
    return [cards_option(part, what) for part in text.split("|") if part.strip()]


def pretty(cards: Sequence[Card]) -> str:
    """Cards with suit symbols, for people: ``A♣ 2♣ 3♣``."""
    from reference_impl.cards import SUIT_SYMBOLS

    return " ".join(str(card)[0] + SUIT_SYMBOLS[card.suit] for card in cards)


def melds_json(arrangement: Arrangement) -> list[str]:
    from reference_impl.melds import format_spread

    return format_spread(arrangement.melds).split(" | ") if arrangement.melds else []


def arrangement_line(arrangement: Arrangement) -> str:
    from reference_impl.cards import parse_cards

    melds = "  ".join(f"[{pretty(parse_cards(meld))}]" for meld in melds_json(arrangement)) or "(no melds)"
    dead = pretty(arrangement.deadwood_cards) or "none"
    return f"{melds}   deadwood: {dead}"


def stdin_lines() -> Iterator[str]:
    """Standard input line by line; bytes that are not UTF-8 become U+FFFD, so that the caller
    can refuse that one line instead of the whole input ending in a traceback."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        yield from sys.stdin
        return
    for raw in buffer:
        yield raw.decode("utf-8", errors="replace")


def read_stdin_line() -> str:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin.readline()
    return buffer.readline().decode("utf-8", errors="replace")


def terminal_reader(out: TextIO) -> Callable[[str], str]:
    """Ask the person at the terminal: write the prompt, read one line; the end of input quits."""

    def read(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        return read_stdin_line() or "quit"

    return read


def variant_parameters(args: argparse.Namespace) -> dict[str, Any]:
    from ginspec.suite.option_values import parse_overrides
    from ginspec.suite.variants import resolve_parameters

    return resolve_parameters(args.variant, parse_overrides(args.set), "--set")


def played_parameters(args: argparse.Namespace, command: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The variant's parameters and overrides for a hand or game played in the terminal, refused in
    one line when its form is not played move by move or ``--you``/``--dealer`` name no seat."""
    from ginspec.suite.option_values import parse_overrides
    from ginspec.suite.variants import resolve_parameters

    overrides = parse_overrides(args.set)
    parameters = resolve_parameters(args.variant or "standard", overrides, "--set")
    if parameters["table_format"] not in ("heads_up", "one_table"):
        raise UsageError(
            f"variant {args.variant!r} has table_format={parameters['table_format']}; {command} takes heads_up and one_table variants"
        )
    seats = ("p1", "p2", "p3", "p4")[: parameters["players"]]
    for option, seat in (("--you", args.you), ("--dealer", args.dealer)):
        if seat not in seats:
            raise UsageError(f"{option} {seat}: variant {args.variant!r} seats {', '.join(seats)}")
    return parameters, overrides


def safe_name(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)[:120]


def single_hand_options(sub: argparse.ArgumentParser) -> None:
    """The options of the single-hand commands (``hand``, ``score``)."""
    sub.add_argument("--upcard", help="the first upcard, where the variant's knock limit or doubling depends on it (Oklahoma)")
    sub.add_argument("--variant", default="standard", help="variant name from spec/variants (default: standard)")
    sub.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a variant parameter")
    sub.add_argument("--json", action="store_true", help="answer in JSON")

