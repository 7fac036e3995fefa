"""The ``ginspec variants`` commands: list the variants, show one fully resolved, compare two.

``add_variant_commands(commands)`` adds them to the subparsers object of the main parser. Every
handler takes the parsed arguments and a text stream, writes its answer there and returns the exit
status; a bad name raises :class:`~ginspec.errors.InvalidVariant`, which the caller reports as a
one-line error with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ginspec.errors import InvalidVariant, quote
from ginspec.suite.variants import Variant, get_variant, parameter_schemas, usable_variants

# ----------------------------------------------------------------------------- data


def _all_variants(broken: dict[str, str] | None = None) -> dict[str, Variant]:
    """Every usable variant, shipped and house; a broken file is left out (its error put in
    ``broken``) so that the others can still be listed, shown and compared."""
    return usable_variants(broken)


def _lookup(variants: dict[str, Variant], name: str) -> Variant:
    if name not in variants:
        get_variant(name)  # raises the error of a broken file, or names the known variants
        raise InvalidVariant(f"unknown variant {quote(name)} (known: {', '.join(sorted(variants))})")
    return variants[name]


def is_authoritative(name: str) -> bool:
    """Whether a variant declares itself authoritative; a shipped file that says nothing is, a
    house variant never is."""
    return get_variant(name).authoritative


def chain(variants: dict[str, Variant], name: str) -> list[str]:
    """The variant and its ancestors, nearest first: ``["oklahoma-ace-one", "oklahoma", "standard"]``."""
    names = [name]
    while variants[names[-1]].extends is not None:
        names.append(variants[names[-1]].extends)  # type: ignore[arg-type]
    return names


def set_by(variants: dict[str, Variant], name: str, parameter: str) -> str:
    """The variant whose own file gives the value ``name`` resolves for ``parameter``."""
    for ancestor in chain(variants, name):
        if parameter in variants[ancestor].own_parameters:
            return ancestor
    raise InvalidVariant(f"variant {name!r}: parameter {parameter!r} is set nowhere in its chain")


def _text(value: Any) -> str:
    """A parameter value as written in a variant file: ``true``, ``10``, ``gin_only``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _one_line(text: str) -> str:
    return " ".join(text.split())


# ----------------------------------------------------------------------------- list


def list_answer(variants: dict[str, Variant]) -> list[dict[str, Any]]:
    return [
        {
            "name": variant.name,
            "title": variant.title,
            "extends": variant.extends,
            "authoritative": variant.authoritative,
            "house": variant.house,
            "path": variant.path,
        }
        for variant in sorted(variants.values(), key=lambda variant: variant.name)
    ]


def command_list(args: argparse.Namespace, out: TextIO) -> int:
    broken: dict[str, str] = {}
    rows = list_answer(_all_variants(broken))
    house_broken = set(broken) - {name for name in broken if not _is_house_problem(broken[name])}
    for name, problem in sorted(broken.items()):
        if name not in house_broken:  # a house file's problem was noted when the command started
            sys.stderr.write(f"ginspec: note: variant {name!r} left out: {problem}\n")
    status = 0
    if getattr(args, "json", False):
        out.write(json.dumps(rows) + "\n")
        return status
    table = [("name", "extends", "authoritative", "title")]
    table += [
        (row["name"] + (" (house)" if row["house"] else ""), row["extends"] or "-", "yes" if row["authoritative"] else "no", row["title"])
        for row in rows
    ]
    widths = [max(len(line[column]) for line in table) for column in range(3)]
    for line in table:
        out.write(f"{line[0]:<{widths[0]}}  {line[1]:<{widths[1]}}  {line[2]:<{widths[2]}}  {line[3]}\n")
    return status


# ----------------------------------------------------------------------------- show


def _is_house_problem(problem: str) -> bool:
    """Whether a problem is a house variant's (noted by :func:`ginspec.suite.house_options.note_left_out`)."""
    from ginspec.suite.variants import house_problems

    return problem in house_problems().values()


def show_answer(variants: dict[str, Variant], name: str) -> dict[str, Any]:
    variant = _lookup(variants, name)
    schemas = parameter_schemas()
    parameters = {}
    for parameter in schemas:
        origin = set_by(variants, name, parameter)
        parameters[parameter] = {
            "value": variant.parameters[parameter],
            "own": origin == name,
            "set_by": origin,
            "description": schemas[parameter].get("description", ""),
        }
    return {
        "name": variant.name,
        "title": variant.title,
        "description": variant.description,
        "extends": variant.extends,
        "chain": chain(variants, name),
        "authoritative": variant.authoritative,
        "house": variant.house,
        "path": variant.path,
        "sources": list(variant.sources),
        "parameters": parameters,
    }


def command_show(args: argparse.Namespace, out: TextIO) -> int:
    answer = show_answer(_all_variants(), args.name)
    if args.json:
        out.write(json.dumps(answer) + "\n")
        return 0
    out.write(f"{answer['name']}: {answer['title']}{'  [house variant: ' + answer['path'] + ']' if answer['house'] else ''}\n")
    out.write(f"extends:        {' -> '.join(answer['chain'][1:]) or '-'}\n")
    out.write(f"authoritative:  {'yes' if answer['authoritative'] else 'no (house or program rules)'}\n")
    out.write(f"sources:        {', '.join(answer['sources']) or '(none: a house variant)'}\n")
    out.write(f"\n{_one_line(answer['description'])}\n\n")
    rows = [(name, _text(entry["value"]), entry["set_by"]) for name, entry in answer["parameters"].items()]
    header = ("parameter", "value", "set by")
    widths = [max(len(row[column]) for row in rows + [header]) for column in range(3)]
    out.write(f"  {header[0]:<{widths[0]}}  {header[1]:<{widths[1]}}  {header[2]:<{widths[2]}}  meaning\n")
    for (name, value, origin), entry in zip(rows, answer["parameters"].values()):
        mark = "*" if entry["own"] else " "
        meaning = _one_line(entry["description"])
        out.write(f"{mark} {name:<{widths[0]}}  {value:<{widths[1]}}  {origin:<{widths[2]}}  {meaning}\n")
    own = sum(1 for entry in answer["parameters"].values() if entry["own"])
    out.write(f"\n* set by {answer['name']} itself: {own} of {len(rows)} parameters; the rest are inherited.\n")
    return 0


# ----------------------------------------------------------------------------- diff


def diff_answer(variants: dict[str, Variant], first: str, second: str) -> dict[str, Any]:
    a = _lookup(variants, first)
    b = _lookup(variants, second)
    differences = [
        {"parameter": parameter, "a": a.parameters[parameter], "b": b.parameters[parameter]}
        for parameter in parameter_schemas()
        if a.parameters[parameter] != b.parameters[parameter]
    ]
    return {"a": first, "b": second, "differences": differences}


def command_diff(args: argparse.Namespace, out: TextIO) -> int:
    answer = diff_answer(_all_variants(), args.a, args.b)
    if args.json:
        out.write(json.dumps(answer) + "\n")
        return 0
    if not answer["differences"]:
        out.write(f"no differences: {args.a} and {args.b} resolve to the same parameters\n")
        return 0
    rows = [("parameter", args.a, args.b)]
    rows += [(entry["parameter"], _text(entry["a"]), _text(entry["b"])) for entry in answer["differences"]]
    widths = [max(len(row[column]) for row in rows) for column in range(2)]
    for name, left, right in rows:
        out.write(f"{name:<{widths[0]}}  {left:<{widths[1]}}  {right}\n".rstrip() + "\n")
    return 0


# ----------------------------------------------------------------------------- parser


def add_variant_commands(subparsers: Any) -> None:
    """Add ``variants``, ``variants show NAME`` and ``variants diff A B`` to a subparsers object."""
    variants = subparsers.add_parser(
        "variants",
        help="list the variants, show one, or compare two",
        description="Without a subcommand: list every variant with its title, parent and authority.",
    )
    variants.add_argument("--json", action="store_true", help="answer in JSON")
    variants.set_defaults(handler=command_list)
    actions = variants.add_subparsers(dest="variants_command", metavar="{show,diff,check}")

    show = actions.add_parser("show", help="a variant's fully resolved parameters, with their meaning")
    show.add_argument("name", help="variant name, e.g. oklahoma")
    show.add_argument("--json", action="store_true", help="answer in JSON")
    show.set_defaults(handler=command_show)

    diff = actions.add_parser("diff", help="the parameters in which two variants differ")
    diff.add_argument("a", help="first variant")
    diff.add_argument("b", help="second variant")
    diff.add_argument("--json", action="store_true", help="answer in JSON")
    diff.set_defaults(handler=command_diff)

    from ginspec.suite.variants_lint import add_check_command

    add_check_command(actions)
    for parser in (variants, show, diff, *actions.choices.values()):
        if not any("--variants" in action.option_strings for action in parser._actions):
            parser.add_argument(
                "--variants", metavar="DIR", default=argparse.SUPPRESS,
                help="the folder of your project's own variants (default: [tool.ginspec] variants in pyproject.toml)",
            )


__all__ = ["add_variant_commands", "command_diff", "command_list", "command_show"]
