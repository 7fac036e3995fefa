"""Differential fuzzing: generate hands, deals and whole hands with Hypothesis, ask both the
reference engine and another engine, and shrink any disagreement to a minimal case written out as
a ready-to-commit vector.

The expected answer of a written vector is the reference engine's, which the suite checks against
the independent brute-force oracle (``tests/test_vectors_match_oracle.py``) once it is committed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter, play_round_question
from ginspec.judge import judge, judge_round
from reference_impl.actions import format_action
from reference_impl.cards import DECK, format_cards, format_hand, mask_of, parse_cards
from reference_impl.deadwood import optimal_arrangements
from reference_impl.melds import format_meld
from reference_impl.round import apply, deal_in_order, legal_actions
from reference_impl.rules import RoundRules

NAMES = [str(card) for card in DECK]

RULES_BY_KIND = {
    "deadwood": ["DEADWOOD-COUNT", "MELD-DISJOINT"],
    "discard": ["KNOCK-COUNT-AFTER-DISCARD", "DEADWOOD-COUNT"],
    "knock": ["KNOCK-LIMIT", "KNOCK-COUNT-AFTER-DISCARD", "GIN-DEFINITION"],
    "layoff": ["LAYOFF-OPTIMAL", "LAYOFF-EXTEND-SET", "LAYOFF-EXTEND-RUN", "LAYOFF-CHAIN"],
    "score": ["SCORE-KNOCK-WIN", "SCORE-UNDERCUT", "SCORE-UNDERCUT-TIE", "SCORE-GIN"],
    "round": ["TURN-DRAW-SOURCE", "TURN-DISCARD", "KNOCK-LIMIT", "STOCK-WALL-TWO"],
}
AREA_BY_KIND = {"deadwood": "deadwood", "discard": "deadwood", "knock": "knock", "layoff": "layoff", "score": "scoring", "round": "round"}
EXPECTED_FIELDS = {
    "deadwood": ("deadwood",),
    "discard": ("deadwood", "discards", "can_knock", "can_gin", "can_big_gin"),
    "knock": ("legal", "deadwood", "gin"),
    "layoff": ("deadwood",),
    "score": ("outcome", "winner", "points", "knocker_deadwood", "defender_deadwood"),
}


def _pool(low: int, width: int) -> list[str]:
    return [name for name in NAMES if low <= "A23456789TJQK".index(name[0]) + 1 < low + width]


def hands(size: int) -> st.SearchStrategy[list[str]]:
    """Uniform hands, and meld-dense ones from a few adjacent ranks."""
    dense = st.tuples(st.integers(1, 9), st.integers(4, 5)).flatmap(lambda shape: st.permutations(_pool(*shape)))
    return st.one_of(st.permutations(NAMES), dense).map(lambda cards: sorted(cards[:size], key=NAMES.index))


def _text(cards: list[str]) -> str:
    return " ".join(cards)


@st.composite
def knocks(draw: st.DrawFn) -> dict[str, Any]:
    hand = draw(hands(11))
    return {"hand": _text(hand), "discard": draw(st.sampled_from(hand))}


@st.composite
def spreads(draw: st.DrawFn) -> dict[str, Any]:
    """A knocker's least-deadwood spread and a defender from the rest of the pack."""
    cards = draw(st.one_of(st.permutations(NAMES), st.integers(1, 8).flatmap(lambda low: st.permutations(_pool(low, 6)))))
    knocker, defender = list(cards[:10]), list(cards[10:20])
    arrangement = optimal_arrangements(mask_of(parse_cards(_text(knocker))))[0]
    return {"knocker_melds": [format_meld(meld) for meld in arrangement.melds] or ["Ac 2c 3c"], "defender": _text(sorted(defender, key=NAMES.index))}


@st.composite
def scores(draw: st.DrawFn) -> dict[str, Any]:
    cards = draw(st.one_of(st.permutations(NAMES), st.integers(1, 8).flatmap(lambda low: st.permutations(_pool(low, 6)))))
    return {"knocker": _text(sorted(cards[:10], key=NAMES.index)), "defender": _text(sorted(cards[10:20], key=NAMES.index))}


@st.composite
def rounds(draw: st.DrawFn, parameters: Mapping[str, Any]) -> dict[str, Any]:
    """A shuffled deal and a legal line of play chosen move by move (all moves legal by the rules)."""
    rules = RoundRules.from_parameters(parameters)
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
        "layoff": spreads(),
        "score": scores(),
        "round": rounds(parameters),
    }


@dataclass(frozen=True)
class Finding:
    kind: str
    input: dict[str, Any]
    expected: dict[str, Any]
    observed: Any
    problems: tuple[str, ...]


def _disagreement(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any], engine: Adapter, capabilities: Capabilities, reference: Adapter) -> tuple[dict[str, Any], Any, tuple[str, ...]] | None:
    if kind == "round":
        question_input = {**data, "observe_after": list(range(len(data["actions"]) + 1))}
        expected = play_round_question({**question_input, "parameters": parameters})
        question = Question("round", question_input, parameters, "fuzz")
        if capabilities.unsupported_reason(question):
            return None
        try:
            observed = engine.ask(question)
        except Exception as exc:  # a crash is a finding too
            return expected, None, (f"{type(exc).__name__}: {exc}",)
        wanted = {key: value for key, value in expected.items() if key in ("outcome", "winner", "points", "finished")}
        wanted["checkpoints"] = [
            {"after": int(after), **{name: value for name, value in state.items() if name not in capabilities.omits}}
            for after, state in expected["checkpoints"].items()
        ]
        verdict = judge_round(wanted, observed)
        return (wanted, observed, verdict.mismatches) if not verdict.passed else None
    question = Question(kind, dict(data), parameters, "fuzz")
    if capabilities.unsupported_reason(question):
        return None
    answer = reference.ask(question)
    expected = {name: answer[name] for name in EXPECTED_FIELDS[kind] if name in answer} if "error" not in answer else {"error": answer["error"]}
    try:
        observed = engine.ask(question)
    except Exception as exc:
        return expected, None, (f"{type(exc).__name__}: {exc}",)
    verdict = judge(expected, observed, capabilities.omits)
    return (expected, observed, verdict.mismatches) if not verdict.passed else None


def fuzz_kind(kind: str, engine: Adapter, parameters: Mapping[str, Any], examples: int, seed: int) -> Finding | None:
    """Search ``examples`` cases of one kind; return the minimal disagreement, or None."""
    reference = ReferenceAdapter()
    capabilities = engine.capabilities()
    strategy = strategies(parameters)[kind]

    def disagrees(data: dict[str, Any]) -> bool:
        return _disagreement(kind, data, parameters, engine, capabilities, reference) is not None

    try:
        minimal = find(
            strategy,
            disagrees,
            settings=settings(
                max_examples=examples,
                database=None,
                deadline=None,
                derandomize=False,
                phases=[Phase.generate, Phase.shrink],
                suppress_health_check=list(HealthCheck),
            ),
            random=random.Random(seed),
        )
    except NoSuchExample:
        return None
    found = _disagreement(kind, minimal, parameters, engine, capabilities, reference)
    assert found is not None
    expected, observed, problems = found
    return Finding(kind, minimal, expected, observed, problems)


def finding_to_vector(finding: Finding, vector_id: str, engine: str, variant: str, overrides: Mapping[str, Any]) -> dict[str, Any]:
    """A finding as a vector entry of ``spec/vectors.md``."""
    expected = dict(finding.expected)
    if finding.kind == "round":
        expected = {key: value for key, value in expected.items() if key != "checkpoints"}
        expected["checkpoints"] = [point for point in finding.expected["checkpoints"] if point["after"] in _divergent_points(finding)]
    entry: dict[str, Any] = {
        "id": vector_id,
        "rules": RULES_BY_KIND[finding.kind],
        "variant": variant,
    }
    if overrides:
        entry["overrides"] = dict(overrides)
    entry.update(
        {
            "description": f"Found by differential fuzzing against {engine}: {finding.problems[0][:200]}",
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
            points.add(int(problem.split()[1]))
    return points or {0}


FuzzProgress = Callable[[str, Finding | None], None]
