"""The playground's questions: one hand, or a knock to score, under a variant with overrides, as
the site's playground asks them and as ``ginspec hand`` and ``ginspec score`` answer them
(DEADWOOD-*, KNOCK-*, GIN-*, SCORE-*, LAYOFF-*).

This module runs in two places: in the ``ginspec`` commands, whose answers are made here
(:func:`hand_answer`, :func:`score_answer`) and which print the playground's link for what they
answered (``--link``), and inside the site's page, where the WebAssembly Python of the
playground imports it from a bundle of the package's own source made when the site is built
(``ginspec/site/playground_bundle.py``). It therefore imports only the standard library, the
reference engine, the suite's card notation reader and what the single-hand commands honour of a
variant (:mod:`ginspec.play.honour`); the variants' parameters are handed to it as plain data
(:func:`configure`), never read from YAML. A bad card, a card twice or too many cards get the
commands' one-line messages, naming the field.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlencode

import reference_impl as ref
from reference_impl.cards import Card, format_hand, parse_cards
from reference_impl.deadwood import Arrangement
from reference_impl.melds import format_meld

from ginspec.errors import SuiteError, UsageError, quote
from ginspec.play.honour import hand_rules_in_force, require_two_player_scoring
from ginspec.suite.notation import NotationProblem, read_cards

PAGE = "playground/"
"""The playground's page below the site's address."""
FIELDS = ("hand", "defender", "melds", "variant", "upcard", "set")
"""What a question holds, in the order its link writes it."""


@dataclass(frozen=True)
class Question:
    """What the reader asked: ``hand`` (the knocker's cards when ``defender`` is given, and then
    his spread if he chooses one, ``melds``, as ``--knocker-melds`` gives it: ``7c 7d 7h | 4s 5s
    6s``), the variant by name, its first upcard where it matters (Oklahoma) and the overrides, as
    ``--set`` gives them."""

    hand: str
    defender: str = ""
    variant: str = "standard"
    upcard: str = ""
    overrides: Mapping[str, Any] = field(default_factory=dict)
    melds: str = ""

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Question:
        """The question the page sends as JSON (``hand``, ``defender``, ``melds``, ``variant``,
        ``upcard``, ``set``: a mapping of overrides); a missing field is empty."""
        overrides = data.get("set") or {}
        if not isinstance(overrides, Mapping):
            raise Refusal("set", f"--set: parameters are KEY=VALUE pairs, not {quote(overrides)}")
        return cls(
            str(data.get("hand") or ""),
            str(data.get("defender") or ""),
            str(data.get("variant") or "standard"),
            str(data.get("upcard") or ""),
            dict(overrides),
            str(data.get("melds") or ""),
        )


class Refusal(Exception):
    """A question the commands refuse: the one-line message and the field it is about."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(message)
        self.where = where


def link(question: Question, site: str) -> str:
    """The playground's address for ``question`` below the site's address ``site``: the whole
    question in the fragment, which the page reads back."""
    return f"{site.rstrip('/')}/{PAGE}#{fragment(question)}"


def fragment(question: Question) -> str:
    """``question`` as the fragment of the playground's address (``hand=Ac+2c&variant=...``)."""
    pairs: list[tuple[str, str]] = [("hand", question.hand)]
    if question.defender:
        pairs.append(("defender", question.defender))
    if question.melds:
        pairs.append(("melds", question.melds))
    if question.variant != "standard":
        pairs.append(("variant", question.variant))
    if question.upcard:
        pairs.append(("upcard", question.upcard))
    pairs += [("set", f"{key}={_written(value)}") for key, value in question.overrides.items()]
    return urlencode(pairs, safe="")


def _written(value: Any) -> str:
    """A parameter's value as ``--set`` takes it (``true``, ``7``, ``low_or_high``)."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


VARIANTS: dict[str, dict[str, Any]] = {}
"""The variants the page may ask under: name -> resolved parameters (:func:`configure`)."""


def configure(variants: Mapping[str, Mapping[str, Any]]) -> None:
    """Give the module the variants' parameters (name -> resolved parameters)."""
    VARIANTS.clear()
    VARIANTS.update({name: dict(parameters) for name, parameters in variants.items()})


def _parameters(question: Question) -> dict[str, Any]:
    """The question's variant's parameters with its overrides; an unknown variant or parameter
    refused, naming the nearest known one."""
    if question.variant not in VARIANTS:
        hint = difflib.get_close_matches(question.variant, sorted(VARIANTS), n=1)
        raise Refusal("variant", f"unknown variant {quote(question.variant)}" + (f" (did you mean `{hint[0]}`?)" if hint else ""))
    parameters = dict(VARIANTS[question.variant])
    for key, value in question.overrides.items():
        if key not in parameters:
            hint = difflib.get_close_matches(key, sorted(parameters), n=1)
            raise Refusal("set", f"--set: unknown parameter {quote(key)}" + (f" (did you mean `{hint[0]}`?)" if hint else ""))
        parameters[key] = value
    return parameters


def _cards(text: str, what: str, where: str) -> tuple[Card, ...]:
    """The cards of one field, refused as the commands refuse them (``'Zs' is not a card``)."""
    try:
        read_cards(text)
        return parse_cards(text)
    except (NotationProblem, ref.NotationError) as exc:
        raise Refusal(where, f"{what}: {exc}") from None


def _melds(arrangement: Arrangement) -> list[str]:
    """The melds of an arrangement in the notation, one string each (``7c 7d 7h``)."""
    return [format_meld(meld) for meld in arrangement.melds]


def hand_answer(cards: tuple[Card, ...], rules: ref.HandRules) -> dict[str, Any]:
    """What ``ginspec hand --json`` answers for one hand: at rest, its least deadwood and every
    best arrangement (DEADWOOD-COUNT); after the draw, the discards leaving the least deadwood and
    whether the hand may knock, go gin or big gin (KNOCK-LIMIT, GIN-DEFINITION, BIGGIN-DEFINITION)."""
    if len(cards) > rules.hand_size + 1:
        raise UsageError(f"{len(cards)} cards: a hand holds at most {rules.hand_size + 1} (after the draw)")
    base = {"hand": format_hand(cards), "cards": len(cards)}
    if len(cards) <= rules.hand_size:
        resting = ref.evaluate_resting_hand(cards, rules)
        best = resting.arrangements[0]
        arrangements = [_melds(arrangement) for arrangement in resting.arrangements]
        return base | {"deadwood": resting.deadwood, "melds": arrangements[0], "deadwood_cards": format_hand(best.deadwood_cards), "arrangements": arrangements}
    drawn = ref.evaluate_drawn_hand(cards, rules)
    answer = base | {
        "deadwood": drawn.deadwood,
        "discards": format_hand(drawn.discards),
        "melds": _melds(drawn.kept),
        "deadwood_cards": format_hand(drawn.kept.deadwood_cards),
        "can_knock": drawn.can_knock,
        "can_gin": drawn.can_gin,
        "can_big_gin": drawn.can_big_gin,
        "knock_limit": rules.knock_limit,
    }
    if drawn.all_melded is not None:
        answer["big_gin_melds"] = _melds(drawn.all_melded)
    return answer


def score_answer(result: ref.HandResult) -> dict[str, Any]:
    """What ``ginspec score --json`` answers for a hand ended by a knock, gin or big gin: the
    spreads, the lay-offs, the outcome and the points (SCORE-*, LAYOFF-*)."""
    spread = result.knocker_spread
    return {
        "outcome": result.outcome,
        "winner": result.winner,
        "points": result.points,
        "knocker_melds": _melds(spread),
        "knocker_deadwood": result.knocker_deadwood,
        "knocker_deadwood_cards": format_hand(spread.deadwood_cards),
        "defender_melds": _melds(result.defence.arrangement),
        "defender_deadwood": result.defender_deadwood,
        "defender_deadwood_cards": format_hand(result.defence.arrangement.deadwood_cards),
        "layoffs": [{"card": str(entry.card), "onto": format_meld(spread.melds[entry.meld])} for entry in result.defence.layoffs],
    }


def ask(question: Question) -> dict[str, Any]:
    """The answer to ``question``: ``{"kind": "hand" | "score", "answer": ...}`` with the
    parameters in force, or ``{"error": message, "field": field}`` for a question the commands
    refuse."""
    try:
        parameters = _parameters(question)
        scoring = bool(question.defender.strip())
        if scoring:
            require_two_player_scoring(parameters, question.variant)
        in_force = hand_rules_in_force(parameters, question.variant, question.upcard or None)
        if scoring:
            if in_force.missing_upcard:
                raise Refusal("upcard", in_force.missing_upcard)
            knocker = _cards(question.hand, "--knocker", "hand")
            defender = _cards(question.defender, "--defender", "defender")
            melds = [_cards(part, "--knocker-melds", "melds") for part in question.melds.split("|") if part.strip()]
            try:
                result = ref.score_hand(knocker, defender, in_force.rules, knocker_melds=melds or None)
            except ref.InvalidMelds as exc:
                raise Refusal("melds", str(exc)) from None
            answer = score_answer(replace(result, points=result.points * in_force.factor))  # OKLA-SPADE-DOUBLE
        else:
            cards = _cards(question.hand, "hand", "hand")
            if in_force.missing_upcard and len(cards) == in_force.rules.hand_size + 1:
                raise Refusal("upcard", in_force.missing_upcard)
            try:
                answer = hand_answer(cards, in_force.rules)
            except UsageError as exc:
                raise Refusal("hand", str(exc)) from None
    except Refusal as refusal:
        return {"error": str(refusal), "field": refusal.where}
    except UsageError as exc:
        return {"error": str(exc), "field": "upcard" if "upcard" in str(exc) else "variant"}
    except ref.InvalidRules as exc:
        return {"error": f"--set: {exc}", "field": "set"}
    except (SuiteError, ref.GinError) as exc:
        return {"error": str(exc), "field": "defender" if question.defender.strip() else "hand"}
    return {"kind": "score" if scoring else "hand", "answer": answer, "knock_limit": in_force.rules.knock_limit, "factor": in_force.factor}


def ask_json(text: str) -> str:
    """:func:`ask` between JSON texts: the page's one call into Python per answer."""
    try:
        question = Question.from_mapping(json.loads(text))
    except Refusal as refusal:
        return json.dumps({"error": str(refusal), "field": refusal.where})
    return json.dumps(ask(question))
