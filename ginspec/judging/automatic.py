"""Replayed hands posed to an engine that lays off automatically (``layoff_style: automatic``).

Such an engine makes the defender's lay-offs itself, as well as they can be made (LAYOFF-OPTIMAL,
with LAYOFF-CHAIN when the variant chains), when the defender says ``done``; it never takes a
``pN layoff C`` action, and the defender's only action in the lay-off phase is ``done``. A written
hand is posed to it as that engine plays it:

- its lay-off actions are left out, and the checkpoint positions and the refused-action index
  after them move back by the actions left out;
- a checkpoint's ``legal`` set loses its lay-off actions (the lay-off phase holds only ``done``);
- the end of a hand that a knock and the defender's ``done`` close is worked out again with the
  defender's best lay-offs: the reference engine finds them and plays them card by card, and the
  independent oracle of ``tests/oracle`` replays the same moves and confirms both the result and
  that no other lay-offs leave the defender less deadwood. A disagreement is the suite's fault
  (``suite-error``), never the engine's. ``layoffs`` is asserted only when one set of cards is best.
- a case whose refused action is itself a lay-off asks about a move the engine never takes: it is
  unsupported, with the reason. So is a hand at a table of three or four that lays off, where each
  defender lays off in turn onto the spread as the others left it.

The answer of such a case depends on ``layoffs`` and ``layoff_chaining`` too (the defender's
lay-offs are no longer the ones the actions name), which its ``depends_on`` then says; when the
best lay-offs are not the ones written, the end changes (a knock may become an undercut), and what
it depends on is worked out again from the rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Sequence

from ginspec.adapters.base import Question
from ginspec.suite.notation import NotationProblem, read_action

LAYOFF_PARAMETERS = ("layoffs", "layoff_chaining")
END_FIELDS = ("outcome", "winner", "points", "knocker", "knocker_deadwood", "defender_deadwood", "layoffs", "finished")


def _verb(text: Any) -> str:
    words = str(text).split()
    return words[1] if len(words) > 1 else ""


def _is_layoff(text: Any) -> bool:
    return _verb(text) == "layoff"


def _touches_layoffs(actions: Sequence[Any], expected: Mapping[str, Any]) -> bool:
    if any(_verb(text) in ("layoff", "done") for text in actions):
        return True
    return any(_is_layoff(action) for point in expected.get("checkpoints", ()) for action in point.get("legal") or ())


def strip_layoffs(actions: Sequence[str], expected: Mapping[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """The actions without their lay-offs, and ``expected`` with its positions moved to match and
    the lay-off actions taken out of every checkpoint's ``legal`` set."""
    removed = [index for index, text in enumerate(actions) if _is_layoff(text)]

    def moved(count: int) -> int:
        return count - sum(1 for index in removed if index < count)

    kept = [text for index, text in enumerate(actions) if index not in removed]
    posed = dict(expected)
    if "checkpoints" in expected:
        points: dict[int, dict[str, Any]] = {}
        for point in expected["checkpoints"]:
            state = {**point, "after": moved(point["after"])}
            if isinstance(point.get("legal"), list):
                state["legal"] = [action for action in point["legal"] if not _is_layoff(action)]
            points.setdefault(state["after"], state)
        posed["checkpoints"] = [points[after] for after in sorted(points)]
    refused = expected.get("illegal")
    if isinstance(refused, Mapping):
        posed["illegal"] = {**refused, "index": moved(refused["index"])}
    return kept, posed


def best_layoff_moves(data: Mapping[str, Any], parameters: Mapping[str, Any]) -> tuple[list[str], int]:
    """The hand's actions with the defender's best lay-offs (LAYOFF-OPTIMAL) played card by card
    before his ``done``, as the reference engine finds them; and how many sets of cards are best
    (one: the lay-offs are the only best ones)."""
    from reference_impl.actions import format_action
    from reference_impl.cards import sort_cards
    from reference_impl.layoff import best_defence
    from reference_impl.round import Action, apply
    from ginspec.adapters.reference import start_of_round

    state = start_of_round({**data, "parameters": parameters})
    played: list[str] = []
    choices = 1
    for text in data["actions"]:
        if _verb(text) == "done" and state.phase == "layoff" and state.knocker is not None:
            defender = str(text).split()[0]
            best = best_defence(state.spread, state.hand(defender), state.hand_rules)
            choices = len(best.layoff_sets)
            for layoff in best.layoffs:
                onto = sort_cards(state.spread[layoff.meld])[0]
                move = format_action(Action(defender, "layoff", card=layoff.card, onto=onto))
                state = apply(state, move)
                played.append(move)
        state = apply(state, text)
        played.append(str(text))
    return played, choices


def _oracle_confirms(question: Question, expected: Mapping[str, Any], layoff_input: Mapping[str, Any] | None) -> tuple[bool | None, str]:
    """Whether the oracle replays the same moves to the same end, and finds no lay-offs that
    leave the defender less."""
    from ginspec.judging.dependence import agrees
    from ginspec.judging.derive import oracle_answer

    try:
        answer = oracle_answer(question)
    except Exception as exc:  # noqa: BLE001 - the oracle cannot replay it: unconfirmed
        return False, f"the oracle cannot replay the hand with the best lay-offs ({type(exc).__name__}: {exc})"
    if answer is None:
        return None, ""
    shared = {name: value for name, value in expected.items() if name in answer or name in ("outcome", "winner", "points")}
    if not agrees(question.kind, shared, answer):
        return False, f"the reference engine and the oracle disagree on the hand with the best lay-offs: reference {dict(expected)}, oracle {answer}"
    if layoff_input is not None and "defender_deadwood" in answer:
        best = oracle_answer(Question("layoff", layoff_input, question.parameters))
        if best is not None and best.get("deadwood") != answer["defender_deadwood"]:
            return False, f"the oracle finds lay-offs leaving the defender {best.get('deadwood')}, not {answer['defender_deadwood']}"
    return True, ""


def _defence_question(data: Mapping[str, Any], moves: Sequence[str], parameters: Mapping[str, Any]) -> dict[str, Any] | None:
    """The ``layoff`` question the defender faced when he said ``done``: the knocker's spread as
    shown and the defender's cards then."""
    from reference_impl.cards import format_hand
    from reference_impl.melds import format_meld
    from reference_impl.round import apply
    from ginspec.adapters.reference import start_of_round

    state = start_of_round({**data, "parameters": parameters})
    for text in moves:
        if _verb(text) in ("layoff", "done") and state.phase == "layoff" and state.knocker is not None:
            defender = str(text).split()[0]
            return {"knocker_melds": [format_meld(meld) for meld in state.original_spread], "defender": format_hand(state.hand(defender))}
        state = apply(state, text)
    return None


def for_automatic_layoffs(case: Any) -> Any:
    """``case`` (a :class:`ginspec.judging.runner.Case`) as posed to an engine that lays off
    automatically: see the module docstring. A case lay-offs cannot touch is returned as it is."""
    vector = case.vector
    data = dict(case.input if case.input is not None else vector.input)
    actions = [str(text) for text in data.get("actions") or ()]
    expected = case.expected or {}
    if vector.kind not in ("round", "table_round") or "refused" in expected or case.unsupported or case.suite_error:
        return case
    if not _touches_layoffs(actions, expected):
        return case
    why = "lays off automatically, so it never takes the lay-off actions this case is about"
    if vector.kind == "table_round":
        return dataclasses.replace(case, unsupported=f"the engine {why} (a hand at a table of three or four, laid off seat by seat)")
    refused = expected.get("illegal")
    if isinstance(refused, Mapping) and isinstance(refused.get("index"), int) and refused["index"] < len(actions) and _is_layoff(actions[refused["index"]]):
        return dataclasses.replace(case, unsupported=f"the engine {why}: action {refused['index']} ({actions[refused['index']]!r}) is to be refused")
    try:
        for text in actions:
            read_action(text)
    except NotationProblem:
        return case
    kept, posed = strip_layoffs(actions, expected)
    depends_on = tuple(sorted(set(case.depends_on) | set(LAYOFF_PARAMETERS)))
    new_input: dict[str, Any] = {**data, "actions": kept}
    if "checkpoints" in posed:
        new_input["observe_after"] = [point["after"] for point in posed["checkpoints"]]
    else:
        new_input.pop("observe_after", None)
    ends = [name for name in expected if name in END_FIELDS]
    if "illegal" in expected or not ends:
        return dataclasses.replace(case, input=new_input, expected=posed, depends_on=depends_on)
    parameters = dict(case.parameters)
    try:
        moves, choices = best_layoff_moves(new_input, parameters)
    except Exception as exc:  # noqa: BLE001 - the written hand does not play out: keep it as written
        return dataclasses.replace(case, suite_error=f"the hand cannot be replayed with the best lay-offs: {type(exc).__name__}: {exc}")
    explicit, posed = _ended_with(Question(vector.kind, new_input, parameters, id=case.id), moves, choices, posed, ends)
    if moves != actions:
        # other lay-offs, another end: what the answer depends on is worked out again
        from ginspec.judging.derive import derived_dependence

        worked_out = derived_dependence(vector.kind, new_input, posed, parameters)
        depends_on = tuple(sorted(set(worked_out) | set(LAYOFF_PARAMETERS)))
    confirmed, problem = _oracle_confirms(explicit, {name: posed[name] for name in ends if name in posed}, _defence_question(new_input, moves, parameters))
    suite_error = f"the best lay-offs are not confirmed: {problem}" if confirmed is False else ""
    return dataclasses.replace(case, input=new_input, expected=posed, depends_on=depends_on, suite_error=suite_error)


def _ended_with(question: Question, moves: list[str], choices: int, expected: Mapping[str, Any], ends: Sequence[str]) -> tuple[Question, dict[str, Any]]:
    """The hand of ``question`` played with ``moves`` (the best lay-offs put in), and ``expected``
    with its ``ends`` fields as the reference engine ends that hand (``layoffs`` left out where
    more than one set of cards is best)."""
    from ginspec.judging.dependence import posed_answer

    explicit = Question(question.kind, {**question.input, "actions": moves, "observe_after": []}, question.parameters, id=question.id)
    answer = posed_answer(explicit)
    ended = dict(expected)
    for name in ends:
        if name == "layoffs" and choices != 1:
            ended.pop(name, None)
        elif name in answer:
            ended[name] = answer[name]
    return explicit, ended


def spread_alternatives(case: Any, knocker_spread: str = "any") -> list[dict[str, Any]]:
    """Of a hand as posed to an engine that lays off automatically (``case``, already passed
    through :func:`for_automatic_layoffs`), the expected answer under each other spread its
    knocker may lay down (SCORE-AUTO-SPREAD, :func:`ginspec.judging.admissible.spread_questions`):
    the same checkpoints (the spread changes nothing before the knock, and after it the defender's
    only move is ``done``) and the end the defender's best lay-offs onto that spread give, worked
    out by the reference engine and confirmed by the oracle. Empty when no other spread changes
    it, or when one of them is not confirmed."""
    from ginspec.judging.admissible import spread_questions

    expected = dict(case.expected or {})
    ends = [name for name in expected if name in END_FIELDS and name != "finished"]
    if case.vector.kind != "round" or not ends or "illegal" in expected:
        return []
    data = dict(case.input if case.input is not None else case.vector.input)
    parameters = dict(case.parameters)
    found: list[dict[str, Any]] = []
    for posed in spread_questions(Question("round", data, parameters, id=case.id), knocker_spread == "best"):
        moves, choices = best_layoff_moves(posed.input, parameters)
        explicit, other = _ended_with(posed, moves, choices, expected, ends)
        confirmed, _ = _oracle_confirms(explicit, {name: other[name] for name in ends if name in other}, _defence_question(posed.input, moves, parameters))
        if confirmed is False:
            return []
        found.append(other)
    return found
