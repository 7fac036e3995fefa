"""``--link`` of ``ginspec hand`` and ``ginspec score``: the address of the site's playground
asking the same question (the hands, the variant, its first upcard and the ``--set`` overrides),
to send to someone or quote in an engine's bug report. The site's address is
``$GINSPEC_SITE_URL``, else that of ``mkdocs serve`` (:data:`LOCAL_SITE`)."""

from __future__ import annotations

import argparse
import os
from typing import Any, TextIO

from ginspec.suite.option_values import parse_overrides

LOCAL_SITE = "http://127.0.0.1:8000/"
"""Where ``mkdocs serve`` shows the site of a checkout."""


def add_link_option(parser: argparse.ArgumentParser) -> None:
    """``--link`` on the parser of ``hand`` or ``score`` (off by default)."""
    parser.add_argument(
        "--link",
        action="store_true",
        help="also print the address of the site's playground asking this question ($GINSPEC_SITE_URL, default the site of mkdocs serve)",
    )


def playground_link(args: argparse.Namespace, hand: str, defender: str = "", melds: str | None = None) -> str:
    """The playground's address for the question ``args`` asked (``melds``: the knocker's spread
    as ``--knocker-melds`` gives it)."""
    from ginspec.play.playground import Question, link

    spread = " | ".join(" ".join(part.split()) for part in (melds or "").split("|") if part.strip())
    question = Question(" ".join(hand.split()), " ".join(defender.split()), args.variant, args.upcard or "", parse_overrides(args.set), spread)
    return link(question, os.environ.get("GINSPEC_SITE_URL") or LOCAL_SITE)


def print_link(args: argparse.Namespace, out: TextIO, hand: str, defender: str = "", answer: dict[str, Any] | None = None) -> None:
    """With ``--link``: the line ``link: ADDRESS`` (text), or the answer's ``link`` (``--json``)."""
    if not getattr(args, "link", False):
        return
    address = playground_link(args, hand, defender, getattr(args, "knocker_melds", None))
    if answer is not None:
        answer["link"] = address
    else:
        out.write(f"link:      {address}\n")
