"""Cases derived for another variant: a written case posed again under a variant whose rules
change its answer.

A vector's expected answer holds under its own variant. Under a variant ``V`` that differs from it
in a parameter the vector depends on (``depends_on``, :mod:`ginspec.judging.dependence`), the question is
the same but the answer may not be. The derived case asks the same question under ``V``'s
parameters and expects the answer the rules give there. That answer is worked out twice, by the
reference engine and by the independent oracle of ``tests/oracle`` (which shares no code with the
engine), and is used only when the two agree; a disagreement is the suite's fault, never the
engine's.

A derived case asserts the same fields as the case it comes from: the same answer fields, and for
a replayed hand the same end fields and the same checkpoint fields at the same positions (or, when
an action becomes illegal under ``V``, that refusal and the checkpoints before it).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ginspec.adapters.base import ROUND_KINDS, Question
from ginspec.judging.dependence import agrees, posed_answer
from ginspec.suite.paths import suite_root

END_FIELDS = ("outcome", "winner", "points", "knocker", "knocker_deadwood", "defender_deadwood", "layoffs", "finished")


class CannotPose(Exception):
    """The question has no answer under the variant (a deal or hand of the wrong shape for it)."""


@dataclass(frozen=True)
class Derived:
    """A derived expectation: the answer, and whether the oracle confirmed it (``None`` when
    the oracle is not installed, as in a wheel without the repository's tests)."""

    expected: dict[str, Any]
    confirmed: bool | None
    problem: str = ""


# ----------------------------------------------------------------------------- the shape of an answer


def _restrict(kind: str, written: Mapping[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
    """``answer`` cut down to the fields ``written`` asserts."""
    if kind not in ROUND_KINDS:
        if "error" in answer:
            return {"error": answer["error"]}
        fields = [name for name in written if name != "error"]
        if "error" in written and not fields:
            fields = [name for name in answer if name not in ("message",)]
        return {name: answer[name] for name in fields if name in answer}
    expected: dict[str, Any] = {}
    refused = answer.get("illegal")
    if refused:
        expected["illegal"] = {key: refused[key] for key in ("index", "reason", "forfeits") if key in refused}
        if "reason" not in (written.get("illegal") or {"reason": None}):
            expected["illegal"].pop("reason", None)
        if "forfeits" not in (written.get("illegal") or {}):
            expected["illegal"].pop("forfeits", None)
    else:
        wanted = [name for name in written if name in END_FIELDS]
        if not wanted:
            wanted = [name for name in ("outcome", "winner", "points", "finished") if name in answer]
        if not answer.get("finished", True):
            wanted = ["finished"]
        expected.update({name: answer[name] for name in wanted if name in answer})
    states = answer.get("checkpoints") or {}
    points = []
    for point in written.get("checkpoints", ()):
        state = states.get(str(point["after"]))
        if state is None:
            continue
        points.append({"after": point["after"], **{name: state[name] for name in point if name != "after" and name in state}})
    if points:
        expected["checkpoints"] = points
    return expected


# ----------------------------------------------------------------------------- recasting the deal


def _moved(written: Mapping[str, Any], step: int) -> dict[str, Any]:
    """``written`` with its checkpoint positions and refused-action index moved by ``step``."""
    moved = dict(written)
    if "checkpoints" in written:
        moved["checkpoints"] = [{**point, "after": point["after"] + step} for point in written["checkpoints"] if point["after"] + step >= 0]
    refused = written.get("illegal")
    if isinstance(refused, Mapping):
        moved["illegal"] = {**refused, "index": refused["index"] + step}
    return moved


def _upcard_opening(deal: Mapping[str, Any], actions: list[str], non_dealer: str) -> tuple[dict[str, Any], int] | None:
    """The eleven-card start of a hand dealt with an upcard, by the cases of
    :func:`recast_opening`: the recast deal and actions, and how many actions were dropped
    (negative)."""
    dealer = deal.get("dealer")
    moves = [action.split() for action in actions[:3]]
    hands, upcard, stock = deal["hands"], deal["upcard"], str(deal.get("stock") or "").split()
    if moves[:1] == [[non_dealer, "draw", "discard"]]:
        held = {**hands, non_dealer: f"{hands[non_dealer]} {upcard}"}
        return {"deal": {**deal, "hands": held, "upcard": None}, "actions": actions[1:]}, -1
    if moves[:2] == [[non_dealer, "pass"], [dealer, "draw", "discard"]]:
        held = {**hands, dealer: f"{hands[dealer]} {upcard}"}
        return {"deal": {**deal, "dealer": non_dealer, "hands": held, "upcard": None}, "actions": actions[2:]}, -2
    if moves[:3] == [[non_dealer, "pass"], [dealer, "pass"], [non_dealer, "draw", "stock"]] and stock:
        held = {**hands, non_dealer: f"{hands[non_dealer]} {stock[0]}"}
        rest = " ".join([*stock[1:], upcard])
        return {"deal": {**deal, "hands": held, "upcard": None, "stock": rest}, "actions": actions[3:]}, -3
    return None


def recast_opening(kind: str, data: Mapping[str, Any], written: Mapping[str, Any], target: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The same hand dealt as ``target``'s first turn deals it (DEAL-ELEVEN-CARD-START,
    DEAL-UPCARD-STOCK), where the two deals hold the same cards in the same places:

    - a hand dealt with an upcard whose first action is the non-dealer taking it is the
      eleven-card start in which the 21st card went to the non-dealer: that action is dropped;
    - a hand whose upcard the non-dealer refuses and the dealer takes is the eleven-card start
      dealt by the other player, the dealer's eleven cards holding the upcard: both actions are
      dropped (in a single hand the dealer's only office is to let the other play first);
    - a hand whose upcard both refuse, the non-dealer then drawing from the stock, is the
      eleven-card start in which the non-dealer's eleventh card is the top of the stock: the three
      actions are dropped. The upcard, which nobody can take once the first discard covers it, goes
      to the bottom of the stock; the stock holds one card more, so a hand that reached the wall
      may go on longer under the eleven-card start;
    - an eleven-card start is a hand dealt with an upcard that the non-dealer takes at once: the
      upcard is the lowest of his eleven cards, in canonical order, other than the one he first
      throws, and the taking is played first.

    Every later move is the same. The card taken in the written hand's first turn is, once recast,
    one of the eleven cards dealt, so no rule about the card just taken (TURN-NO-DISCARD-TAKEN-CARD,
    a repeated upcard draw) applies to it any more. Returns the recast input and the written expectation with its
    checkpoint positions and refused-action index moved by the actions added or dropped; ``None``
    when the case is not such a hand. The expected answer of the recast case is worked out again
    from the rules (:func:`derive`), never carried over."""
    if kind != "round":
        return None
    deal, actions = data["deal"], list(data["actions"])
    non_dealer = "p1" if deal.get("dealer") == "p2" else "p2"
    refused = written.get("illegal")
    to_eleven = target.get("first_turn") == "eleven_card_start"
    if to_eleven and deal.get("upcard"):
        opening = _upcard_opening(deal, actions, non_dealer)
        if opening is None:
            return None
        recast, step = opening
        if isinstance(refused, Mapping) and refused.get("index", 0) < -step:
            return None
        recast = {**data, **recast}
    elif not to_eleven and not deal.get("upcard") and actions and actions[0].split()[:2] in ([non_dealer, "discard"], [non_dealer, "knock"]):
        from reference_impl.cards import format_hand, parse_card, parse_cards, sort_cards

        held = parse_cards(deal["hands"][non_dealer])
        thrown = parse_card(actions[0].split()[2])
        candidates = sort_cards(card for card in held if card != thrown)
        if len(held) != len(set(held)) or not candidates:
            return None
        upcard = candidates[0]
        hands = {**deal["hands"], non_dealer: format_hand([card for card in held if card != upcard])}
        recast = {**data, "deal": {**deal, "hands": hands, "upcard": str(upcard)}, "actions": [f"{non_dealer} draw discard", *actions]}
        step = 1
    else:
        return None
    if "observe_after" in data:
        recast["observe_after"] = sorted({after + step for after in data["observe_after"] if after + step >= 0})
    return recast, _moved(written, step)


# ----------------------------------------------------------------------------- the oracle


def _oracle_module(name: str) -> Any | None:
    """A module of ``tests/oracle``, or ``None`` when the suite's tests are not at hand."""
    root = suite_root()
    if not (root / "tests" / "oracle" / "__init__.py").is_file():
        return None
    if str(root) not in sys.path:
        sys.path.append(str(root))
    try:
        return importlib.import_module(f"tests.oracle.{name}")
    except ImportError:
        return None


def oracle_answer(question: Question) -> dict[str, Any] | None:
    """The oracle's answer to a question, in the shape of an engine's answer; ``None`` when the
    oracle is not at hand. Raises when the oracle finds the question cannot be posed."""
    kind, data, parameters = question.kind, question.input, dict(question.parameters)
    if kind in ("meld", "deadwood", "discard", "knock", "layoff", "score"):
        module = _oracle_module("vectors")
        return None if module is None else dict(module.answer_under(kind, data, parameters))
    if kind in ("round", "table_round"):
        module = _oracle_module("rounds" if kind == "round" else "table_rounds")
        if module is None:
            return None
        if kind == "round" and parameters.get("table_format") not in ("heads_up", "one_table"):
            # three or four taking turns at two-player hands: each hand is an ordinary two-player hand
            parameters = {**parameters, "players": 2, "table_format": "heads_up"}
        states, end = module.replay(data["deal"], data["actions"], parameters)
        answer = dict(end)
        if "illegal" not in answer and "finished" not in answer:
            answer["finished"] = True
        answer["checkpoints"] = {str(after): module.checkpoint(states[after]) for after in data.get("observe_after", ()) if after < len(states)}
        return answer
    if kind == "table_game":
        module = _oracle_module("table_rounds")
        return None if module is None else dict(module.table_game(data, parameters))
    if kind in ("game", "hollywood"):
        module = _oracle_module("games")
        return None if module is None else dict(module.answer(kind, data, parameters))
    module = _oracle_module("tables")
    return None if module is None else dict(module.expected(kind, data, parameters))


# ----------------------------------------------------------------------------- deriving


def _confirmable(expected: Mapping[str, Any], oracle: Mapping[str, Any]) -> dict[str, Any]:
    """``expected`` without the fields the oracle does not give (a lay-off set that is not unique,
    the penalty of an illegal action): only what both work out is asserted."""
    kept: dict[str, Any] = {}
    for name, value in expected.items():
        if name == "checkpoints":
            states = oracle.get("checkpoints") or {}
            points = []
            for point in value:
                state = states.get(str(point["after"]), {})
                points.append({key: item for key, item in point.items() if key == "after" or key in state})
            kept[name] = points
        elif name == "illegal" and isinstance(value, Mapping):
            given = oracle.get("illegal") or {}
            kept[name] = {key: item for key, item in value.items() if key in given or key == "index"}
        elif name in oracle:
            kept[name] = value
    return kept


def derive(kind: str, question: Question, written: Mapping[str, Any]) -> Derived:
    """The expected answer of ``question`` (already under the new parameters), asserting the same
    fields as ``written``. Raises :class:`CannotPose` when the rules give no answer there."""
    try:
        answer = posed_answer(question)
    except Exception as exc:  # noqa: BLE001 - the reference refuses a question it cannot pose
        raise CannotPose(f"{type(exc).__name__}: {exc}") from None
    expected = _restrict(kind, written, answer)
    if not expected:
        raise CannotPose("the rules give none of the fields the case asserts")
    try:
        confirmation = oracle_answer(question)
    except Exception as exc:  # noqa: BLE001 - the oracle cannot play it: the derived answer is unconfirmed
        return Derived(expected, False, f"the oracle cannot pose this question ({type(exc).__name__}: {exc})")
    if confirmation is None:
        return Derived(expected, None)
    expected = _confirmable(expected, confirmation)
    if not expected:
        raise CannotPose("the oracle gives none of the fields the case asserts")
    if not agrees(kind, expected, confirmation):
        return Derived(expected, False, f"the reference engine and the oracle disagree: reference {expected}, oracle {confirmation}")
    return Derived(expected, True)


def derived_dependence(kind: str, data: Mapping[str, Any], expected: Mapping[str, Any], parameters: Mapping[str, Any]) -> tuple[str, ...]:
    """The parameters a derived case's expected answer depends on under the variant it was derived
    for (``parameters``), worked out from the rules as :mod:`ginspec.judging.dependence` does for a written
    case: a limit of the engine on any other parameter cannot change it."""
    from ginspec.judging.dependence import Probe, dependence

    return dependence(Probe(kind, dict(data), dict(expected)), parameters)
