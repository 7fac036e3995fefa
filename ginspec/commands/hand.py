"""``ginspec hand CARDS``: least deadwood, melds and, after the draw, the best discards and whether
the hand may knock or go gin (DEADWOOD-*, KNOCK-*, GIN-*), under any variant the command can honour."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

from ginspec.commands.playground_link import add_link_option, print_link
from ginspec.commands.shared import arrangement_line, cards_option, pretty, stdin_lines, single_hand_options, variant_parameters
from ginspec.errors import SuiteError, UsageError, quote

if TYPE_CHECKING:  # the rules are imported when the command runs, not when the parser is built
    import reference_impl as ref
    from reference_impl.cards import Card


def hand_answer(cards: tuple[Card, ...], rules: ref.HandRules) -> dict[str, Any]:
    """The JSON answer of ``ginspec hand`` for one hand (the playground's, :mod:`ginspec.play.playground`)."""
    from ginspec.play.playground import hand_answer as answer_of

    return answer_of(cards, rules)


def _print_hand(cards: tuple[Card, ...], rules: ref.HandRules, out: TextIO) -> None:
    import reference_impl as ref

    answer = hand_answer(cards, rules)
    out.write(f"hand:      {pretty(ref.parse_cards(answer['hand']))}\n")
    if "discards" in answer:
        discards = ref.parse_cards(answer["discards"])
        out.write(f"discard:   {pretty(discards)} leaves the least deadwood, {answer['deadwood']}\n")
        kept = ref.evaluate_resting_hand([card for card in cards if card != discards[0]], rules).arrangements[0]
        out.write(f"kept:      {arrangement_line(kept)}   (after discarding {pretty(discards[:1])})\n")
        verdict = lambda flag: "yes" if flag else "no"  # noqa: E731
        out.write(
            f"knock:     {verdict(answer['can_knock'])} (limit {answer['knock_limit']})   "
            f"gin: {verdict(answer['can_gin'])}   big gin: {verdict(answer['can_big_gin'])}\n"
        )
        return
    resting = ref.evaluate_resting_hand(cards, rules)
    out.write(f"deadwood:  {answer['deadwood']}\n")
    for number, arrangement in enumerate(resting.arrangements, 1):
        label = "melds:" if number == 1 else "or:"
        out.write(f"{label:<10} {arrangement_line(arrangement)}\n")


def command_hand(args: argparse.Namespace, out: TextIO) -> int:
    from reference_impl.errors import GinError

    from ginspec.play.honour import hand_rules_in_force
    from ginspec.suite.house_options import house_variant_line

    in_force = hand_rules_in_force(variant_parameters(args), args.variant, args.upcard)
    rules = in_force.rules

    def answer_for(cards: tuple[Card, ...]) -> dict[str, Any]:
        if in_force.missing_upcard and len(cards) == rules.hand_size + 1:
            raise UsageError(in_force.missing_upcard)
        return hand_answer(cards, rules)

    if args.cards != "-":
        cards = cards_option(args.cards, "hand")
        answer = answer_for(cards)
        if args.json:
            print_link(args, out, args.cards, answer=answer)
            out.write(json.dumps(answer) + "\n")
        else:
            out.write(house_variant_line(args.variant))
            _print_hand(cards, rules, out)
            print_link(args, out, args.cards)
        return 0
    status = 0
    for number, line in enumerate(stdin_lines(), 1):
        if not line.strip():
            continue
        try:
            if "\ufffd" in line:
                raise UsageError(f"standard input: not UTF-8 text: {quote(line.strip())}")
            cards = cards_option(line.strip(), "hand")
            answer = answer_for(cards)
        except (SuiteError, GinError) as exc:
            sys.stderr.write(f"ginspec: error: line {number}: {exc}\n")
            status = 2
            if args.json:
                out.write(json.dumps({"line": number, "error": str(exc)}) + "\n")
            continue
        if args.json:
            out.write(json.dumps(answer) + "\n")
        else:
            out.write(f"{answer['hand']}\tdeadwood {answer['deadwood']}\t{' | '.join(answer['melds'])}\n")
    return status


def add_hand_command(commands: Any) -> None:
    hand = commands.add_parser("hand", help="least deadwood, melds and, after the draw, the best discards")
    hand.add_argument("cards", help='the hand, e.g. "As 2s 3s 7h 7d 7c Kd Qd 9c 4h", or - to read one hand per line')
    single_hand_options(hand)
    add_link_option(hand)
    hand.set_defaults(handler=command_hand)
