"""Answers the rules leave to a player's choice: where the rules let a player choose, the answer
of every choice is right, and an expected answer is a set.

Two choices change the answers of the suite's questions:

- **The knocker's spread** (SCORE-AUTO-SPREAD). When a knock is scored without the knocker's
  spread given (a ``score`` or ``table_hand`` question without ``knocker_melds``, a hand for two or
  at a table whose ``knock`` names no spread), the knocker may lay down any of his least-deadwood
  arrangements, and the defender's lay-offs and the points follow from the one he lays down. The
  answer of each is worked out by the reference engine with that spread given explicitly and
  confirmed by the independent oracle of ``tests/oracle`` (:func:`ginspec.judging.derive.derive`);
  the written answer is the one of the spread best for the knocker. An engine that declares ``knocker_spread: best`` always lays
  down a spread best for him (the most deadwood left to the defender; at a table, the one
  ``spec/tables.md`` ranks first), and is held to those.
- **The refusal reason** (``spec/actions.md``, "Illegal actions"). An action of a player who is
  not to move is ``not_your_turn``; when the same action by the player to move would be
  ``wrong_phase``, both reasons apply and the rules give no order between them. The other seat's
  action is posed to the reference engine and to the oracle, and ``wrong_phase`` is admissible
  when both refuse it so.

Only the written answer is worked out before an engine is asked; the others are worked out when
the engine's answer is not it (:func:`admissible_expectations`), and the report then lists them
all. A case whose other admissible answers the reference engine and the oracle disagree on keeps
its written answer alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ginspec.adapters.base import ROUND_KINDS, Question
from ginspec.adapters.capability_shape import KNOCKER_SPREADS


def _spread_text(melds: Any) -> list[str]:
    from reference_impl.cards import format_cards

    return [format_cards(meld) for meld in melds]


def _score_spreads(question: Question, best_only: bool) -> list[Question]:
    import reference_impl as ref
    from reference_impl.cards import parse_cards
    from reference_impl.scoring import admissible_spreads

    data = question.input
    if data.get("knocker_melds") is not None or "knocker" not in data or "defender" not in data:
        return []
    rules = ref.HandRules.from_parameters(question.parameters)
    spreads = admissible_spreads(parse_cards(data["knocker"]), parse_cards(data["defender"]), rules, best_only)
    return [Question(question.kind, {**data, "knocker_melds": _spread_text(spread.melds)}, question.parameters, id=question.id) for spread in spreads]


def _table_hand_spreads(question: Question, best_only: bool) -> list[Question]:
    from reference_impl.cards import parse_cards
    from reference_impl.table_rules import turn_order_after
    from reference_impl.tables import TableRules, admissible_table_spreads

    data = question.input
    if data.get("knocker_melds") is not None or "hands" not in data:
        return []
    rules = TableRules.from_parameters(question.parameters)
    hands = {seat: parse_cards(cards) for seat, cards in data["hands"].items()}
    order = turn_order_after(data["knocked_by"], rules.seats)
    spreads = admissible_table_spreads(hands[data["knocked_by"]], hands, order, rules, best_only)
    return [Question(question.kind, {**data, "knocker_melds": _spread_text(spread.melds)}, question.parameters, id=question.id) for spread in spreads]


def _spreads_at_the_knock(state: Any, player: str, kept: list[Any], best_only: bool) -> list[Any]:
    """The admissible spreads of a knock in a hand in play, for two or at a table."""
    from ginspec.judging.open_questions import hand_rules_of
    from reference_impl.scoring import admissible_spreads

    if hasattr(state, "seats"):
        from reference_impl.table_rules import turn_order_after
        from reference_impl.tables import admissible_table_spreads

        order = turn_order_after(player, state.seats)
        return admissible_table_spreads(kept, {seat: state.hand(seat) for seat in order}, order, state.rules.table, best_only)
    return admissible_spreads(kept, state.hand("p2" if player == "p1" else "p1"), hand_rules_of(state), best_only)


def _round_spreads(question: Question, best_only: bool) -> list[Question]:
    """A hand (for two, or at a table) whose knock names no spread, posed again with each
    admissible spread."""
    from ginspec.adapters.reference import start_of_round
    from ginspec.judging.open_questions import start_of_table_round
    from reference_impl.actions import parse_action
    from reference_impl.melds import format_spread
    from reference_impl.round import IllegalAction, apply
    from reference_impl.table_round import apply_table

    actions = list(question.input.get("actions") or ())
    if question.kind == "round":
        state, play = start_of_round({**question.input, "parameters": question.parameters}), apply
    else:
        state, play = start_of_table_round(question.input, question.parameters), apply_table
    for index, text in enumerate(actions):
        action = parse_action(text)
        if action.verb == "knock" and action.spread is None and state.phase == "discard" and action.player == state.to_play:
            try:
                play(state, action)
            except IllegalAction:
                return []  # a refused knock lays nothing down
            kept = [card for card in state.hand(action.player) if card != action.card]
            spreads = _spreads_at_the_knock(state, action.player, kept, best_only)
            posed = []
            for spread in spreads:
                shown = [*actions[:index], f"{text} with {format_spread(spread.melds)}", *actions[index + 1 :]]
                posed.append(Question(question.kind, {**question.input, "actions": shown}, question.parameters, id=question.id))
            return posed
        try:
            state = play(state, action)
        except IllegalAction:
            return []
    return []


def spread_questions(question: Question, best_only: bool = False) -> list[Question]:
    """``question`` posed again with each spread its knocker may choose given explicitly
    (SCORE-AUTO-SPREAD); empty when the knocker has no choice that can change the answer."""
    try:
        if question.kind == "score":
            return _score_spreads(question, best_only)
        if question.kind == "table_hand":
            return _table_hand_spreads(question, best_only)
        if question.kind in ("round", "table_round"):
            return _round_spreads(question, best_only)
    except Exception:  # noqa: BLE001 - a question the rules cannot pose offers no choice
        return []
    return []


def _seats(question: Question) -> list[str]:
    hands = (question.input.get("deal") or {}).get("hands") or {}
    return sorted(hands)


def other_reason(question: Question, refused: Mapping[str, Any]) -> str | None:
    """``wrong_phase`` when an action refused as ``not_your_turn`` would be refused so too if the
    player to move played it (both apply: ``spec/actions.md``), worked out by the reference
    engine and confirmed by the oracle; else ``None``."""
    from ginspec.judging.dependence import posed_answer
    from ginspec.judging.derive import oracle_answer

    index = refused.get("index")
    actions = list(question.input.get("actions") or ())
    if refused.get("reason") != "not_your_turn" or not isinstance(index, int) or not 0 <= index < len(actions):
        return None
    player, _, rest = str(actions[index]).partition(" ")
    for seat in _seats(question):
        if seat == player:
            continue
        moved = Question(question.kind, {**question.input, "actions": [*actions[:index], f"{seat} {rest}"]}, question.parameters, id=question.id)
        try:
            answers = [posed_answer(moved), oracle_answer(moved)]
        except Exception:  # noqa: BLE001 - a question the rules cannot pose
            continue
        verdicts = [(answer or {}).get("illegal") or {} for answer in answers if answer is not None]
        if all(verdict.get("index") == index and verdict.get("reason") == "wrong_phase" for verdict in verdicts):
            return "wrong_phase"
    return None


def _reason_alternatives(question: Question, written: Mapping[str, Any]) -> list[dict[str, Any]]:
    refused = written.get("illegal")
    if question.kind not in ROUND_KINDS or not isinstance(refused, Mapping) or "reason" not in refused:
        return []
    other = other_reason(question, refused)
    return [] if other is None else [{**written, "illegal": {**refused, "reason": other}}]


def _spread_alternatives(question: Question, written: Mapping[str, Any], best_only: bool) -> list[dict[str, Any]]:
    from ginspec.judging.derive import CannotPose, derive

    found = []
    for posed in spread_questions(question, best_only):
        try:
            derived = derive(question.kind, posed, written)
        except CannotPose:
            continue
        if derived.confirmed is False:
            return []  # the suite cannot vouch for the other answers: the written one alone
        found.append(derived.expected)
    return found


def admissible_expectations(question: Question, written: Mapping[str, Any], knocker_spread: str = "any") -> list[dict[str, Any]]:
    """Every answer the rules admit to ``question``, each cut to the fields ``written`` asserts,
    ``written`` first; only ``[written]`` when the rules leave no choice that changes them. With
    ``knocker_spread: best``, the knocker's spread is one best for him; with any value but those
    of :data:`KNOCKER_SPREADS` (``none``), his spread is not varied."""
    alternatives = [dict(written)]
    spreads = [] if knocker_spread not in KNOCKER_SPREADS else _spread_alternatives(question, written, knocker_spread == "best")
    for answer in spreads + _reason_alternatives(question, written):
        if answer not in alternatives:
            alternatives.append(answer)
    return alternatives


def admissible_answers(question: Question, knocker_spread: str = "any") -> list[tuple[dict[str, Any], Any]]:
    """The whole answers the rules admit to ``question`` (a scenario's question, whose steps read
    fields of it), each with the oracle's answer to the same choice (``None`` when the oracle is
    not at hand) for the caller to confirm the fields it reads: the reference engine's own answer
    first, then the one of each other choice. Only the reference's when there is no choice."""
    from ginspec.judging.dependence import posed_answer
    from ginspec.judging.derive import oracle_answer

    own = dict(posed_answer(question))
    answers: list[tuple[dict[str, Any], Any]] = [(own, None)]
    for posed in spread_questions(question, knocker_spread == "best"):
        try:
            answers.append((dict(posed_answer(posed)), oracle_answer(posed)))
        except Exception:  # noqa: BLE001 - a spread the rules cannot score: no answer of it
            continue
    refused = own.get("illegal")
    if question.kind in ROUND_KINDS and isinstance(refused, Mapping) and other_reason(question, refused) is not None:
        answers.append(({**own, "illegal": {**refused, "reason": "wrong_phase"}}, None))  # confirmed by other_reason
    return answers
