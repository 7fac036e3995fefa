"""Differential fuzzing: generate hands, deals and whole hands with Hypothesis, ask both the
reference engine and another engine, and shrink any disagreement to a minimal case written out as
a ready-to-commit vector.

The expected answer of a written vector is the reference engine's, which the suite checks against
the independent brute-force oracle (``tests/test_vectors_match_oracle.py``) once it is committed.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping

from hypothesis import HealthCheck, Phase, assume, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter
from ginspec.detection.fuzz_answers import RULES_BY_KIND, _expected_answer, _question, _verdict  # noqa: F401
from reference_impl.actions import format_action
from reference_impl.cards import DECK, format_cards, format_hand, mask_of, parse_cards
from reference_impl.deadwood import least_deadwood, optimal_arrangements
from reference_impl.melds import format_meld
from reference_impl.round import apply, deal_in_order, legal_actions
from reference_impl.rules import RoundRules

NAMES = [str(card) for card in DECK]

AREA_BY_KIND = {"deadwood": "deadwood", "discard": "deadwood", "knock": "knock", "layoff": "layoff", "score": "scoring", "round": "round"}
def _pool(low: int, width: int) -> tuple[str, ...]:
    return tuple(name for name in NAMES if low <= "A23456789TJQK".index(name[0]) + 1 < low + width)


@lru_cache(maxsize=None)
def cards_from(pool: tuple[str, ...], count: int) -> st.SearchStrategy[list[str]]:
    """``count`` different cards of ``pool``. Only the cards wanted are drawn (a shuffle of the
    whole pool draws one choice per card of it), and they shrink towards the start of the pool.
    Built once per pool and count: the searches draw from it thousands of times."""
    return st.lists(st.sampled_from(pool), min_size=count, max_size=count, unique=True)


@lru_cache(maxsize=None)
def hands(size: int) -> st.SearchStrategy[list[str]]:
    """Uniform hands, and meld-dense ones from a few adjacent ranks (built once per size: a
    search of knocks draws a hand thousands of times)."""
    dense = st.tuples(st.integers(1, 9), st.integers(4, 5)).flatmap(lambda shape: cards_from(_pool(*shape), size))
    return st.one_of(cards_from(tuple(NAMES), size), dense).map(lambda cards: sorted(cards, key=NAMES.index))


def _text(cards: list[str]) -> str:
    return " ".join(cards)


@st.composite
def knocks(draw: st.DrawFn) -> dict[str, Any]:
    hand = draw(hands(11))
    return {"hand": _text(hand), "discard": draw(st.sampled_from(hand))}


@st.composite
def _knocker_and_defender(draw: st.DrawFn, may_knock: Callable[[list[str]], bool]) -> tuple[list[str], list[str]]:
    """Ten cards for a knocker who passes ``may_knock``, and ten for a defender from the rest.

    Ten cards of the whole pack can seldom knock (about one hand in a thousand), nor ten of six
    adjacent ranks (one in twenty-five), so a search drawing them would spend nearly every draw on
    hands it throws away. The knocker's cards come from three adjacent ranks (every such hand can
    knock, many go gin), four (two in five can knock) or five (one in eight), and are judged before
    the defender is drawn: from the rest of the six adjacent ranks around them (the defender's
    cards lie near the knocker's melds, where they lay off and undercut), or from the rest of the
    pack."""
    low = draw(st.integers(1, 8))
    width = draw(st.integers(3, 5))
    knocker = draw(cards_from(_pool(low + draw(st.integers(0, 6 - width)), width), 10))
    assume(may_knock(knocker))
    near = draw(st.booleans())
    rest = tuple(card for card in (_pool(low, 6) if near else tuple(NAMES)) if card not in knocker)
    defender = draw(st.lists(st.sampled_from(rest), min_size=10, max_size=10, unique=True))
    return sorted(knocker, key=NAMES.index), sorted(defender, key=NAMES.index)


@st.composite
def spreads(draw: st.DrawFn, knock_limit: int = 10) -> dict[str, Any]:
    """A knocker who can knock (at least one meld, deadwood from 1 to the knock limit: a gin hand
    takes no lay-offs, GIN-NO-LAYOFF) and a defender from the rest of the pack. Only such spreads
    are asked about: any engine that scores a knock answers them."""

    def spreadable(cards: list[str]) -> bool:
        arrangement = optimal_arrangements(mask_of(parse_cards(_text(cards))))[0]
        return bool(arrangement.melds) and 1 <= arrangement.deadwood <= max(knock_limit, 1)

    knocker, defender = draw(_knocker_and_defender(spreadable))
    arrangement = optimal_arrangements(mask_of(parse_cards(_text(knocker))))[0]
    return {"knocker_melds": [format_meld(meld) for meld in arrangement.melds], "defender": _text(defender)}


@st.composite
def scores(draw: st.DrawFn, knock_limit: int = 10) -> dict[str, Any]:
    """A knocker who may knock (deadwood at most the limit: any other is an illegal knock, which
    the rules reject) and a defender from the rest of the pack."""
    knocker, defender = draw(_knocker_and_defender(lambda cards: least_deadwood(mask_of(parse_cards(_text(cards)))) <= knock_limit))
    return {"knocker": _text(knocker), "defender": _text(defender)}


@st.composite
def rounds(draw: st.DrawFn, parameters: Mapping[str, Any]) -> dict[str, Any]:
    """A shuffled deal and a legal line of play chosen move by move (all moves legal by the rules)."""
    rules = RoundRules.for_two_players(parameters)
    seed = draw(st.integers(0, 2**32 - 1))
    order = list(DECK)
    random.Random(seed).shuffle(order)
    dealer = draw(st.sampled_from(["p1", "p2"]))
    state = start = deal_in_order(rules, dealer, order)
    actions: list[str] = []
    length = draw(st.integers(0, 80))
    while state.phase != "over" and len(actions) < length:
        choices = legal_actions(state)
        action = choices[draw(st.integers(0, len(choices) - 1))]
        actions.append(format_action(action))
        state = apply(state, action)
    return {
        "deal": {
            "dealer": dealer,
            "hands": {"p1": format_hand(start.hands[0]), "p2": format_hand(start.hands[1])},
            "upcard": str(start.upcard) if start.upcard else None,
            "stock": format_cards(start.stock),
        },
        "actions": actions,
    }


def strategies(parameters: Mapping[str, Any]) -> dict[str, st.SearchStrategy[dict[str, Any]]]:
    return {
        "deadwood": hands(10).map(lambda hand: {"hand": _text(hand)}),
        "discard": hands(11).map(lambda hand: {"hand": _text(hand)}),
        "knock": knocks(),
        "layoff": spreads(int(parameters.get("knock_limit", 10))),
        "score": scores(int(parameters.get("knock_limit", 10))),
        "round": rounds(parameters),
    }


@dataclass(frozen=True)
class Finding:
    """One disagreement, shrunk: the case, the rules' answer, the engine's, and the rule it breaks
    (``how`` says how that rule was found: by a parameter, a definition, or not at all)."""

    kind: str
    input: dict[str, Any]
    expected: dict[str, Any]
    observed: Any
    problems: tuple[str, ...]
    rule: str = ""
    how: str = ""

    @property
    def writable(self) -> bool:
        """Whether the finding can be a vector: the engine gave an answer (not a crash, a refusal
        or a "cannot answer"), and the rule it breaks was pinned down."""
        return isinstance(self.observed, dict) and not _non_answer(self.observed) and self.how != "unattributed"


def _non_answer(observed: Mapping[str, Any]) -> bool:
    return any(key in observed for key in ("unsupported", "cannot_answer", "not_supported"))


def _disagreement(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any], engine: Adapter, capabilities: Capabilities, reference: Adapter) -> tuple[dict[str, Any], Any, tuple[str, ...]] | None:
    """(expected, observed, problems) when the engine disagrees with the rules on this case; None
    when it agrees, or when the case is one it cannot be asked (its capabilities) or the rules
    reject the question."""
    question = _question(kind, data, parameters)
    if capabilities.unsupported_reason(question):
        return None
    expected = _expected_answer(kind, data, parameters, reference)
    if expected is None:
        return None
    try:
        observed = engine.ask(question)
    except Exception as exc:  # a crash is a finding too (reported, never written as a vector)
        return expected, None, (f"{type(exc).__name__}: {str(exc)[:300]}",)
    if isinstance(observed, dict) and _non_answer(observed):
        return None
    problems = _verdict(kind, expected, observed, capabilities.omits)
    if problems and capabilities.readings and _declared_reading(kind, data, parameters, capabilities):
        return None  # the engine answers as the reading it declares of an open question: never a defect
    return (expected, observed, problems) if problems else None


def _declared_reading(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any], capabilities: Capabilities) -> bool:
    """Whether the case's answer turns on an open question the engine declares it reads otherwise
    than the suite's default (:meth:`~ginspec.adapters.base.Capabilities.reading_unsupported`)."""
    from ginspec.judging.open_questions import open_questions_of

    try:
        questions = open_questions_of(kind, data, parameters)
    except Exception:  # noqa: BLE001 - a case the rules reject turns on no reading
        return False
    return capabilities.reading_unsupported(questions) is not None


# ----------------------------------------------------------------------------- searching


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        database=None,
        deadline=None,
        derandomize=False,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )


AGREEING = 30
"""How many cases the engine answers right are kept, to weigh the known defects that could explain
a disagreement against."""


def _finding_key(attributed: tuple[str, str]) -> tuple[str, str]:
    """What makes a finding new: its known defect when one explains it (one vector per defect),
    else its rule."""
    rule, how = attributed
    return (how, how) if how.startswith("known defect ") else (rule, how)


def fuzz_findings(kind: str, engine: Adapter, parameters: Mapping[str, Any], examples: int, seed: int, limit: int = 8) -> list[Finding]:
    """Search on after each disagreement: every search looks for a case breaking a rule not found
    yet, and shrinks it while it still breaks *that* rule, so each defect gets its own minimal
    case instead of every finding collapsing into the same smallest hand. At most ``limit``
    findings; a search that finds no new rule in ``examples`` cases ends it."""
    from ginspec.detection.fuzz_rules import attribute_rule

    reference = ReferenceAdapter()
    capabilities = engine.capabilities()
    strategy = strategies(parameters)[kind]
    found: list[Finding] = []
    known: set[str] = set()
    cache: dict[str, tuple[str, str] | None] = {}
    agreeing: list[tuple[Question, Mapping[str, Any]]] = []

    def rule_of(data: dict[str, Any]) -> tuple[str, str] | None:
        key = json.dumps(data, sort_keys=True)
        if key not in cache:
            disagreement = _disagreement(kind, data, parameters, engine, capabilities, reference)
            if disagreement is None and len(agreeing) < AGREEING and (expected := _expected_answer(kind, data, parameters, reference)) is not None:
                agreeing.append((_question(kind, data, parameters), expected))
            cache[key] = None if disagreement is None else _finding_key(attribute_rule(kind, data, disagreement[1], parameters, capabilities, reference, agreeing))
        return cache[key]

    for attempt in range(limit):
        target: list[str | None] = [None]

        def new_rule(data: dict[str, Any]) -> bool:
            attributed = rule_of(data)
            if attributed is None or attributed[0] in known:
                return False
            if target[0] is None:
                target[0] = attributed[0]
            return attributed[0] == target[0]

        try:
            minimal = find(strategy, new_rule, settings=_settings(examples), random=random.Random(seed * 1000 + attempt))
        except NoSuchExample:
            break
        disagreement = _disagreement(kind, minimal, parameters, engine, capabilities, reference)
        if disagreement is None:  # an engine that answers differently on the same question
            break
        expected, observed, problems = disagreement
        rule, how = attribute_rule(kind, minimal, observed, parameters, capabilities, reference, agreeing)
        known.add(_finding_key((rule, how))[0])
        found.append(Finding(kind, minimal, expected, observed, problems, rule, how))
    from ginspec.detection.fuzz_folding import fold_subsumed

    return fold_subsumed(found, parameters, capabilities, reference)


def fuzz_kind(kind: str, engine: Adapter, parameters: Mapping[str, Any], examples: int, seed: int) -> Finding | None:
    """The first minimal disagreement of one kind, or None."""
    findings = fuzz_findings(kind, engine, parameters, examples, seed, limit=1)
    return findings[0] if findings else None


def finding_to_vector(finding: Finding, vector_id: str, engine: str, variant: str, overrides: Mapping[str, Any]) -> dict[str, Any]:
    """A finding as a vector entry of ``spec/vectors.md``, citing the rule it breaks."""
    expected = dict(finding.expected)
    if finding.kind == "round":
        expected = {key: value for key, value in expected.items() if key not in ("checkpoints", "illegal")}
        expected["checkpoints"] = [point for point in finding.expected["checkpoints"] if point["after"] in _divergent_points(finding)]
    entry: dict[str, Any] = {
        "id": vector_id,
        "rules": [finding.rule or RULES_BY_KIND[finding.kind][0]],
        "variant": variant,
    }
    if overrides:
        entry["overrides"] = dict(overrides)
    entry.update(
        {
            "description": f"Found by differential fuzzing against {engine} ({finding.how}): {finding.problems[0][:200]}",
            "kind": finding.kind,
            "input": finding.input,
            "expected": expected,
            "provenance": "fuzz",
        }
    )
    return entry


def _divergent_points(finding: Finding) -> set[int]:
    points = set()
    for problem in finding.problems:
        if problem.startswith("after ") and " actions" in problem:
            try:
                points.add(int(problem.split()[1]))
            except ValueError:
                continue
    return points or {0}


FuzzProgress = Callable[[str, Finding | None], None]
