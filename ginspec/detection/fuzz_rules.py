"""Which rule a disagreement found by fuzzing (:mod:`ginspec.detection.fuzz`) turns on: the known defects
tested as hypotheses first, then other values of the variant's parameters, then other definitions
of card values and runs."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations
from typing import Any, Mapping, Sequence

from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.judging.diagnosis.dictionary import alternative_values as _alternative_values
from ginspec.detection.fuzz_answers import RULES_BY_KIND, _expected_answer, _question, _verdict
from ginspec.suite.registry import rules_by_id
from ginspec.suite.variants import parameter_schemas
from reference_impl.cards import Card, mask_of, parse_cards


RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)+\b")  # a rule ID's first part has two characters or more: a run written A-2-3 is none

PROBED_PARAMETERS = {
    "deadwood": (),
    "discard": ("knock_limit", "big_gin"),
    "knock": ("knock_limit", "big_gin"),
    "layoff": ("layoff_chaining", "layoffs"),
    "score": ("undercut_bonus", "gin_bonus", "big_gin_bonus", "tie_outcome", "layoff_chaining", "layoffs", "knock_limit", "spade_double"),
    "round": (
        "knock_limit", "discard_taken_card", "gin_mandatory", "stock_dead_cards", "fiftieth_card_rule",
        "upcard_after_passes", "repeated_upcard_draw", "big_gin", "knock_discard_location",
    ),
}
"""The parameters whose rules a disagreement of each kind may turn on (the others cannot change
the answer fields judged for that kind)."""


def parameter_rule(name: str) -> str | None:
    """The rule a variant parameter sets, from its description in the variant schema."""
    registered = rules_by_id()
    for token in RULE_ID.findall(str(parameter_schemas()[name].get("description", ""))):
        if token in registered:
            return token
    return None


def _card_value(card: Card, definition: str) -> int:
    if definition == "ace-eleven" and card.rank == 1:
        return 11
    if definition == "faces-by-rank" and card.rank > 10:
        return card.rank
    return card.value


def _melds(cards: tuple[Card, ...], definition: str) -> list[int]:
    """Every meld (as a mask) among ``cards`` under a definition: the rules', or runs that may
    go round the corner (K-A-2) or rank the ace high (Q-K-A)."""
    held = {(card.rank, card.suit): card for card in cards}
    melds: list[int] = []
    for rank in range(1, 14):
        group = [held[(rank, suit)] for suit in "cdhs" if (rank, suit) in held]
        for size in (3, 4):
            for chosen in combinations(group, size):
                melds.append(mask_of(chosen))
    wrap = definition == "runs-wrap"
    for suit in "cdhs":
        for start in range(1, 14):
            run: list[Card] = []
            for step in range(13):
                rank = start + step
                if rank > 13:
                    if not wrap:
                        break
                    rank -= 13
                if (rank, suit) not in held:
                    break
                run.append(held[(rank, suit)])
                if len(run) >= 3:
                    melds.append(mask_of(run))
    return melds


def least_deadwood_under(cards: tuple[Card, ...], definition: str) -> int:
    """Least deadwood of ``cards`` under an alternative definition of card values or runs."""
    melds = _melds(cards, definition)
    values = {card.bit: _card_value(card, definition) for card in cards}

    @lru_cache(maxsize=None)
    def best(mask: int) -> int:
        if not mask:
            return 0
        lowest = mask & -mask
        answer = values[lowest] + best(mask & ~lowest)
        for meld in melds:
            if meld & lowest and meld & mask == meld:
                answer = min(answer, best(mask & ~meld))
        return answer

    return best(mask_of(cards))


DEFINITIONS = (
    ("ace-eleven", "CARD-VALUES"),
    ("faces-by-rank", "CARD-VALUES"),
    ("runs-wrap", "MELD-RUN-NO-WRAP"),
)
"""Alternative definitions some engines use, and the rule each departs from."""


def _deadwood_under(kind: str, data: Mapping[str, Any], definition: str, hand_size: int) -> int | None:
    cards = parse_cards(data.get("hand", ""))
    if kind == "deadwood":
        return least_deadwood_under(cards, definition)
    if kind == "discard" and len(cards) == hand_size + 1:
        return min(least_deadwood_under(tuple(card for card in cards if card != out), definition) for out in cards)
    if kind == "knock":
        discard = parse_cards(data["discard"])[0]
        return least_deadwood_under(tuple(card for card in cards if card != discard), definition)
    return None


def attribute_rule(
    kind: str,
    data: Mapping[str, Any],
    observed: Any,
    parameters: Mapping[str, Any],
    capabilities: Capabilities,
    reference: Adapter,
    agreeing: Sequence[tuple[Question, Mapping[str, Any]]] = (),
) -> tuple[str, str]:
    """(rule, how): the rule the disagreement turns on. First the known defects, tested as
    hypotheses (:mod:`ginspec.judging.diagnosis.attribution`): one whose answer is the engine's, the one
    contradicting the fewest ``agreeing`` cases (questions the engine answered right) if several,
    gives its rule. Then the parameters: if the rules' answer under another value of one parameter
    is the engine's answer, the engine plays that parameter's rule differently. Then alternative
    definitions of card values and runs. Otherwise the kind's first rule, marked unattributed (such
    a finding is reported, never written)."""
    if not isinstance(observed, dict):
        return RULES_BY_KIND[kind][0], "unattributed"
    from ginspec.judging.diagnosis.attribution import explaining_defect

    expected = _expected_answer(kind, data, parameters, reference)
    if expected is not None:
        defect = explaining_defect(_question(kind, data, parameters), expected, observed, lambda want, got: _verdict(kind, want, got, capabilities.omits), agreeing)
        if defect is not None:
            return defect.rules[0], f"known defect {defect.name}"
    for name in PROBED_PARAMETERS[kind]:
        rule = parameter_rule(name)
        if rule is None or name not in parameters:
            continue
        for value in _alternative_values(name, parameters[name]):
            changed = {**parameters, name: value}
            try:
                expected = _expected_answer(kind, data, changed, reference)
            except Exception:  # noqa: BLE001 - a value the reference cannot play is no explanation
                continue
            if expected is not None and not _verdict(kind, expected, observed, capabilities.omits):
                return rule, f"parameter {name}={value!r}"
    if kind in ("deadwood", "discard", "knock") and isinstance(observed.get("deadwood"), int):
        for definition, rule in DEFINITIONS:
            if _deadwood_under(kind, data, definition, int(parameters.get("hand_size", 10))) == observed["deadwood"]:
                return rule, f"definition {definition}"
    return RULES_BY_KIND[kind][0], "unattributed"


