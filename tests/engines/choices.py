"""Wrappers of the reference engine that take another choice where the rules leave one, to show
that every admissible answer passes (``tests/test_admissible_answers.py``), and that one the rules
do not admit still fails.

Each acts its choice out with the rules' own functions, never with the suite's list of admissible
answers: the spread is chosen among the knocker's least-deadwood arrangements as
:func:`reference_impl.deadwood.optimal_arrangements` lists them, and the phase is checked before
the turn as ``reference_impl.turn`` checks them, the other way round.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter, start_of_round
from tests.masquerade_engines import AutomaticLayoffs


def _least_spreads(cards: Any, hand_rules: Any) -> list[Any]:
    from reference_impl.cards import mask_of
    from reference_impl.deadwood import ace_may_be_high, optimal_arrangements

    mask = mask_of(tuple(cards))
    return optimal_arrangements(mask, ace_high=ace_may_be_high(mask, hand_rules))


class LastSpread(ReferenceAdapter):
    """Scores a knock whose spread is not given with the last of the knocker's least-deadwood
    arrangements in canonical printing: as right as any other (SCORE-AUTO-SPREAD)."""

    knocker_spread = "any"

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), engine="last-spread", knocker_spread=self.knocker_spread)

    def _choose(self, spreads: list[Any]) -> Any:
        from reference_impl.melds import format_spread

        return max(spreads, key=lambda spread: format_spread(spread.melds))

    def ask(self, question: Question) -> dict[str, Any]:
        answer = dict(super().ask(self._with_spread(question)))
        refused = answer.get("illegal")
        if isinstance(refused, dict) and "action" in refused:  # named as it was asked
            answer["illegal"] = {**refused, "action": question.input["actions"][refused["index"]]}
        return answer

    def _with_spread(self, question: Question) -> Question:
        try:
            return self._spread_given(question)
        except Exception:  # noqa: BLE001 - a malformed question is asked as it is, for the reference to refuse
            return question

    def _spread_given(self, question: Question) -> Question:
        import reference_impl as ref
        from reference_impl.cards import format_cards, parse_cards
        from reference_impl.melds import format_spread

        data = question.input
        if question.kind == "score" and data.get("knocker_melds") is None and "knocker" in data:
            spreads = _least_spreads(parse_cards(data["knocker"]), ref.HandRules.from_parameters(question.parameters))
            if spreads[0].deadwood:
                chosen = self._choose(spreads)
                return replace(question, input={**data, "knocker_melds": [format_cards(meld) for meld in chosen.melds]})
        if question.kind == "table_hand" and data.get("knocker_melds") is None and "hands" in data:
            from reference_impl.tables import TableRules

            knocker = parse_cards(data["hands"][data["knocked_by"]])
            spreads = _least_spreads(knocker, TableRules.from_parameters(question.parameters).hand)
            if spreads[0].deadwood:
                return replace(question, input={**data, "knocker_melds": [format_cards(meld) for meld in self._choose(spreads).melds]})
        if question.kind == "round":
            from reference_impl.actions import parse_action
            from reference_impl.round import IllegalAction, apply

            try:
                state = start_of_round({**data, "parameters": question.parameters})
            except Exception:  # noqa: BLE001 - asked as it is: the reference refuses it
                return question
            actions = list(data.get("actions") or ())
            for index, text in enumerate(actions):
                action = parse_action(text)
                if action.verb == "knock" and action.spread is None and action.player == state.to_play and state.phase == "discard" and action.card in state.hand(action.player):
                    spreads = _least_spreads([card for card in state.hand(action.player) if card != action.card], state.hand_rules)
                    if spreads[0].deadwood:
                        actions[index] = f"{text} with {format_spread(self._choose(spreads).melds)}"
                    return replace(question, input={**data, "actions": actions})
                try:
                    state = apply(state, action)
                except IllegalAction:
                    break
        return question


class LastSpreadDeclaredBest(LastSpread):
    """The same choice, but the engine declares that it always lays down the spread best for the
    knocker (``knocker_spread: best``), and is held to it."""

    knocker_spread = "best"


class LastSpreadOnePointMore(LastSpread):
    """Lays down the last spread and scores the hand a point too high: no answer the rules admit."""

    def ask(self, question: Question) -> dict[str, Any]:
        answer = dict(super().ask(question))
        if question.kind == "score" and isinstance(answer.get("points"), int) and answer["points"]:
            answer["points"] += 1
        return answer


class PhaseBeforeTurn(ReferenceAdapter):
    """Checks whether a move exists in the phase before whose turn it is: an action of the player
    not to move that is no move of the phase either is refused as ``wrong_phase``, where the
    reference says ``not_your_turn``. The rules give no order between the two."""

    reason = "wrong_phase"

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), engine="phase-before-turn")

    def ask(self, question: Question) -> dict[str, Any]:
        answer = dict(super().ask(question))
        refused = answer.get("illegal")
        if question.kind != "round" or not refused or refused.get("reason") != "not_your_turn":
            return answer
        from reference_impl.actions import parse_action
        from reference_impl.round import apply

        state = start_of_round({**question.input, "parameters": question.parameters})
        actions = question.input["actions"]
        for text in actions[: refused["index"]]:
            state = apply(state, text)
        verb = parse_action(actions[refused["index"]]).verb
        if state.handlers.get((state.phase, verb)) is None:
            return {**answer, "illegal": {**refused, "reason": self.reason}}
        return answer


class RefusesOutOfTurnAsCardNotHeld(PhaseBeforeTurn):
    """Refuses the same actions as ``card_not_held``, a reason that does not apply."""

    reason = "card_not_held"


class LastSpreadLaysOffItself(LastSpread, AutomaticLayoffs):
    """Lays down the last least-deadwood spread and lays off for the defender, as well as he can
    onto that spread (``layoff_style: automatic``)."""

    def capabilities(self) -> Capabilities:
        return replace(super().capabilities(), engine="last-spread-automatic")


class FirstSpread(LastSpread):
    """Lays down the first of the knocker's least-deadwood arrangements in canonical printing."""

    def _choose(self, spreads: list[Any]) -> Any:
        from reference_impl.melds import format_spread

        return min(spreads, key=lambda spread: format_spread(spread.melds))


class FirstSpreadDeclaredBest(FirstSpread):
    knocker_spread = "best"
