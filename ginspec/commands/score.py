"""``ginspec score``: score a hand ended by a knock, gin or big gin (SCORE-*, LAYOFF-*), under any
variant the command can honour."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TextIO

from ginspec.commands.playground_link import add_link_option, print_link
from ginspec.commands.shared import arrangement_line, cards_option, pretty, spread_option, single_hand_options, variant_parameters
from ginspec.errors import UsageError

if TYPE_CHECKING:  # the rules are imported when the command runs, not when the parser is built
    import reference_impl as ref


def score_answer(result: ref.HandResult) -> dict[str, Any]:
    """The JSON answer of ``ginspec score`` (the playground's, :mod:`ginspec.play.playground`)."""
    from ginspec.play.playground import score_answer as answer_of

    return answer_of(result)


def command_score(args: argparse.Namespace, out: TextIO) -> int:
    from reference_impl.melds import in_meld_order
    from reference_impl.scoring import score_hand

    from ginspec.play.honour import hand_rules_in_force, require_two_player_scoring
    from ginspec.suite.house_options import house_variant_line

    parameters = variant_parameters(args)
    require_two_player_scoring(parameters, args.variant)
    in_force = hand_rules_in_force(parameters, args.variant, args.upcard)
    if in_force.missing_upcard:
        raise UsageError(in_force.missing_upcard)
    rules = in_force.rules
    knocker = cards_option(args.knocker, "--knocker")
    defender = cards_option(args.defender, "--defender")
    melds = spread_option(args.knocker_melds, "--knocker-melds") if args.knocker_melds is not None else None
    result = score_hand(knocker, defender, rules, knocker_melds=melds)
    result = replace(result, points=result.points * in_force.factor)  # OKLA-SPADE-DOUBLE
    answer = score_answer(result)
    if args.json:
        print_link(args, out, args.knocker, args.defender, answer=answer)
        out.write(json.dumps(answer) + "\n")
        return 0
    names = {"knock": "knock", "undercut": "undercut", "gin": "gin", "big_gin": "big gin", "draw": "tie, no score"}
    out.write(house_variant_line(args.variant) + f"outcome:   {names[result.outcome]}\n")
    if result.winner != "none":
        out.write(f"winner:    {result.winner}, {result.points} points\n")
    out.write(f"knocker:   {arrangement_line(result.knocker_spread)}   ({result.knocker_deadwood})\n")
    out.write(f"defender:  {arrangement_line(result.defence.arrangement)}   ({result.defender_deadwood})\n")
    if result.defence.layoffs:
        laid = ", ".join(f"{pretty([entry.card])} onto [{pretty(in_meld_order(result.knocker_spread.melds[entry.meld]))}]" for entry in result.defence.layoffs)
        out.write(f"lay-offs:  {laid}\n")
    else:
        out.write("lay-offs:  none\n")
    print_link(args, out, args.knocker, args.defender)
    return 0


def add_score_command(commands: Any) -> None:
    score = commands.add_parser("score", help="score a hand ended by a knock, gin or big gin")
    score.add_argument("--knocker", required=True, help="the knocker's cards after the knock discard (11 for big gin)")
    score.add_argument("--defender", required=True, help="the defender's ten cards")
    score.add_argument("--knocker-melds", help='the knocker\'s spread, melds separated by |, e.g. "7c 7d 7h | 4s 5s 6s"')
    single_hand_options(score)
    add_link_option(score)
    score.set_defaults(handler=command_score)
