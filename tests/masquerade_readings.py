"""The reference engine playing another reading of one open question of ``spec/ambiguities.yaml``
(``tests/test_masquerades.py``): it declares the reading and answers as an engine of that reading
would, wherever that is cheap to act out, so that a case the suite fails to record as depending on
the question fails the masquerade.

Acted out: Q2 ``b`` (the count of the eleven cards before the discard), Q7 ``b`` (gin against no
deadwood ties, and the tie rule for knocks applies: the reference engine's own play of it), Q12 ``c`` (no knock at the wall), Q19 ``b`` (only a least-deadwood spread),
Q20 ``b`` (a Hollywood win is a box in its first column only), Q21 ``b`` (every defender at or
below the knocker's count is rewarded), Q27 ``b`` and ``c`` (the order of a knock's offences),
Q28 ``b`` (a recorded result's winner must score his bonus: the reference engine's own play of
it), Q29 ``b`` (a dealer who is not a
player is an error of the hand record), Q30 ``b`` (a spread is scored as shown: in a hand played
move by move, the reference engine's own play of it), Q31 ``b`` (without
the wall, the stock is rebuilt and play goes on). Any other reading is declared only, the
reference answering as it does (no case depends on it). A reading that parameters select is
played by answering under those parameters, whatever the question says.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from ginspec.adapters.base import Capabilities, Question, Refused
from ginspec.adapters.reference import observe, start_of_round
from reference_impl.actions import parse_action
from reference_impl.round import apply

ROUND_READINGS = {("Q2", "b"), ("Q12", "c"), ("Q19", "b"), ("Q27", "b"), ("Q27", "c"), ("Q30", "b")}
"""The readings acted out by refusing a knock, or leaving it out of the legal actions."""


def _deadwood(cards: Any, hand_rules: Any) -> int:
    from reference_impl.cards import mask_of
    from reference_impl.deadwood import ace_may_be_high, least_deadwood

    mask = mask_of(tuple(cards))
    return least_deadwood(mask, ace_high=ace_may_be_high(mask, hand_rules))


def _hand_rules(state: Any) -> Any:
    return state.hand_rules if hasattr(state, "hand_rules") else state.rules.table.hand


def _replay(question: Question, before: Any, seen: Any) -> dict[str, Any]:
    """A hand for two or at a table replayed by the reference engine, where ``before(state,
    action)`` may refuse an action (raise :class:`Refused`) before the rules apply it, and
    ``seen(state, reported)`` reports a state."""
    from ginspec.adapters.reference import answer_by_replay
    from ginspec.judging.open_questions import start_of_table_round
    from reference_impl.table_round import apply_table, table_state_summary

    data = {**question.input, "parameters": question.parameters}
    if question.kind == "round":
        state, play, summary = start_of_round(data), apply, observe
    else:
        state, play, summary = start_of_table_round(data, question.parameters), apply_table, table_state_summary

    def move(current: Any, text: str) -> Any:
        before(current, parse_action(text))
        return play(current, text)

    return answer_by_replay(state, move, lambda current: seen(current, summary(current)), data)


class Reading:
    """Mixed into the reference engine (:class:`tests.masquerade_engines.Reading`): the answers of
    one reading of one open question."""

    question: str
    reading: str

    def capabilities(self) -> Capabilities:
        declared = dataclasses.replace(super().capabilities(), parameters={}, readings={self.question: self.reading})  # type: ignore[misc]
        return dataclasses.replace(declared, engine=f"reads-{self.question}-{self.reading}")

    def _answer(self, question: Question) -> dict[str, Any]:
        choice = (self.question, self.reading)
        if choice in (("Q7", "b"), ("Q28", "b")) or (question.kind in ("round", "table_round") and choice == ("Q30", "b")):
            # the tie rule for knocks applied to gin (its outcome, winner and points by tie_outcome,
            # for two and at a table), a recorded table result's amounts checked against the
            # bonuses, and a knock scored as shown in a hand played move by move (a lay-off phase
            # after a gin hand shown short): the reference engine's own play of the reading, which
            # the oracle confirms wherever a case is derived under it
            played = dataclasses.replace(question, parameters={**question.parameters, "readings": {self.question: self.reading}})
            return self._after(question, super()._answer(played))  # type: ignore[misc]
        if question.kind in ("round", "table_round") and choice in ROUND_READINGS:
            answer = _replay(question, self._before, self._seen)
        elif question.kind == "score" and choice in (("Q19", "b"), ("Q30", "b")) and question.input.get("knocker_melds") is not None:
            answer = self._score_as_shown(question, least_only=choice == ("Q19", "b"))
        elif question.kind in ("knock", "discard") and choice == ("Q2", "b"):
            answer = self._count_before_discard(question)
        elif question.kind == "hollywood" and choice == ("Q20", "b"):
            answer = _hollywood_first_box_only(question)
        else:
            answer = super()._answer(question)  # type: ignore[misc]
        return self._after(question, answer)

    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)  # type: ignore[misc]
        if (self.question, self.reading) == ("Q29", "b") and answer.get("refused") == "invalid_dealer":
            return {"error": "invalid_hand_record", "message": "the dealer is not one of the players"}
        return answer

    # ------------------------------------------------------------------ answers changed afterwards

    def _after(self, question: Question, answer: dict[str, Any]) -> dict[str, Any]:
        choice = (self.question, self.reading)
        if choice == ("Q21", "b"):
            return _every_defender_rewarded(answer, question)
        if choice == ("Q31", "b") and question.kind == "round" and question.parameters.get("stock_dead_cards") == 0:
            if answer.get("outcome") == "void" or _checkpoint_at_the_empty_wall(answer):
                return {"finished": False}  # the stock is rebuilt from the discard pile: play goes on
        return answer

    # ------------------------------------------------------------------ rounds

    def _seen(self, state: Any, reported: dict[str, Any]) -> dict[str, Any]:
        if state.phase == "wall" and self._wall_take_closed(state):
            return {**reported, "legal": [text for text in reported["legal"] if parse_action(text).verb != "draw"]}
        if state.phase != "discard":
            return reported
        player = state.to_play
        at_the_wall = not getattr(state, "wall_draw", False) and len(state.stock) <= state.round_rules.stock_dead_cards
        eleven = _deadwood(state.hand(player), _hand_rules(state))

        def kept(text: str) -> bool:
            action = parse_action(text)
            if action.verb not in ("knock", "big_gin"):
                return True
            if (self.question, self.reading) == ("Q12", "c") and at_the_wall:
                return False
            return not ((self.question, self.reading) == ("Q2", "b") and action.verb == "knock" and eleven > state.knock_limit)

        return {**reported, "legal": [text for text in reported["legal"] if kept(text)]}

    def _wall_take_closed(self, state: Any) -> bool:
        """Q2 b at the wall: the last discard is taken only to go out, and no knock is open when
        the eleven cards it makes hold more than the limit."""
        if (self.question, self.reading) != ("Q2", "b"):
            return False
        return _deadwood((*state.hand(state.to_play), state.discard_pile[-1]), _hand_rules(state)) > state.knock_limit

    def _before(self, state: Any, action: Any) -> None:
        from reference_impl.errors import InvalidMelds
        from reference_impl.round import forfeits_game
        from reference_impl.scoring import spread_from_melds

        if state.phase == "wall" and action.verb == "draw" and action.source == "discard" and action.player == state.to_play and self._wall_take_closed(state):
            raise Refused("over_knock_limit", "the eleven cards would hold too much to knock", forfeits_game("over_knock_limit", state.round_rules))

        if action.verb not in ("knock", "big_gin") or state.phase != "discard" or action.player != state.to_play:
            return
        rules = state.round_rules
        choice = (self.question, self.reading)
        if choice == ("Q12", "c") and not getattr(state, "wall_draw", False) and len(state.stock) <= rules.stock_dead_cards:
            raise Refused("wrong_phase", "the player who drew the fiftieth card may not knock", forfeits_game("wrong_phase", rules))
        if action.verb != "knock" or action.card not in state.hand(action.player):
            return
        kept = tuple(card for card in state.hand(action.player) if card != action.card)
        least = _deadwood(kept, _hand_rules(state))
        allowed = least <= state.knock_limit and not (action.card == state.taken and not rules.discard_taken_card)
        if choice == ("Q2", "b") and allowed and _deadwood(state.hand(action.player), _hand_rules(state)) > state.knock_limit:
            raise Refused("over_knock_limit", "the eleven cards before the discard hold too much", forfeits_game("over_knock_limit", rules))
        if choice == ("Q27", "b") and least > state.knock_limit:
            raise Refused("over_knock_limit", "over the knock limit", forfeits_game("over_knock_limit", rules))
        if choice == ("Q27", "c") and action.spread is not None and action.card != state.taken:
            try:
                spread_from_melds(action.spread, kept)
            except InvalidMelds as exc:
                raise Refused("invalid_spread", str(exc), forfeits_game("invalid_spread", rules)) from None
        if choice in (("Q19", "b"), ("Q30", "b")) and action.spread is not None:
            try:
                shown = spread_from_melds(action.spread, kept).deadwood
            except InvalidMelds:
                return  # an invalid spread is refused as such under either reading
            if choice == ("Q30", "b") and shown > state.knock_limit:
                raise Refused("over_knock_limit", "the spread shown leaves too much", forfeits_game("over_knock_limit", rules))
            if choice == ("Q19", "b") and allowed and shown > least:
                raise Refused("invalid_spread", "the spread shown is not a least-deadwood spread", forfeits_game("invalid_spread", rules))

    # ------------------------------------------------------------------ other kinds

    def _count_before_discard(self, question: Question) -> dict[str, Any]:
        import reference_impl as ref
        from reference_impl.cards import parse_cards

        answer = super()._answer(question)  # type: ignore[misc]
        rules = ref.HandRules.from_parameters(question.parameters)
        if _deadwood(parse_cards(question.input["hand"]), rules) <= rules.knock_limit:
            return answer
        if question.kind == "knock" and answer.get("legal"):
            return {**answer, "legal": False}
        if question.kind == "discard" and answer.get("can_knock"):
            return {**answer, "can_knock": False}
        return answer

    def _score_as_shown(self, question: Question, least_only: bool) -> dict[str, Any]:
        import reference_impl as ref
        from reference_impl.cards import parse_cards
        from reference_impl.scoring import _result_against, can_knock_with, spread_from_melds

        rules = ref.HandRules.from_parameters(question.parameters)
        knocker = parse_cards(question.input["knocker"])
        try:
            spread = spread_from_melds([parse_cards(meld) for meld in question.input["knocker_melds"]], knocker)
        except ref.InvalidMelds:
            return super()._answer(question)  # type: ignore[misc]  # no spread to score as shown
        if least_only:
            least = _deadwood(knocker, rules)
            if least <= rules.knock_limit and spread.deadwood > least:
                return {"error": "illegal_knock", "message": "the spread shown is not a least-deadwood spread"}
            return super()._answer(question)  # type: ignore[misc]
        if not can_knock_with(spread.deadwood, rules):
            return {"error": "illegal_knock", "message": "the spread shown leaves too much"}
        result = _result_against(spread, parse_cards(question.input["defender"]), rules)
        return {
            "outcome": result.outcome,
            "winner": result.winner,
            "points": result.points,
            "knocker_deadwood": result.knocker_deadwood,
            "defender_deadwood": result.defender_deadwood,
            "layoffs": " ".join(str(layoff.card) for layoff in result.defence.layoffs),
        }


def _every_defender_rewarded(answer: dict[str, Any], question: Question) -> dict[str, Any]:
    """Q21 b: every defender at or below the knocker's count scores as the winner does."""
    counts, knocker = answer.get("deadwood"), answer.get("knocker_deadwood")
    seat = answer.get("knocker") or question.input.get("knocked_by")
    if not isinstance(counts, dict) or knocker is None or answer.get("outcome") in ("gin", "big_gin"):
        return answer
    beating = [player for player, count in counts.items() if player != seat and count <= knocker]
    if len(beating) < 2 or not isinstance(answer.get("points"), dict):
        return answer
    best = max(answer["points"][player] for player in beating) + 1
    return {**answer, "points": {**answer["points"], **{player: best for player in beating}}}


def _checkpoint_at_the_empty_wall(answer: Mapping[str, Any]) -> bool:
    checkpoints = answer.get("checkpoints") or {}
    # a hand a knock or gin ends on the last stock card is over before the stock is rebuilt
    return any(state.get("stock") == 0 and state.get("phase") == "wall" for state in checkpoints.values())


def _hollywood_first_box_only(question: Question) -> dict[str, Any]:
    """Q20 b: the Hollywood sheet of :func:`reference_impl.hollywood.play_hollywood`, a win's boxes
    counted in the first column it enters only."""
    from reference_impl.game import GameRules, as_hand_record, boxes_won, settle
    from reference_impl.hollywood import COLUMNS, ColumnResult, HollywoodResult, _Column, columns_for

    rules = GameRules.from_parameters(question.parameters)
    columns = [_Column() for _ in range(COLUMNS)]
    over_after = None
    for number, hand in enumerate((as_hand_record(hand) for hand in question.input["hands"]), start=1):
        if over_after is not None:
            return {"error": "game_already_over"}
        if not hand.has_winner:
            continue
        player = hand.winner
        for order, index in enumerate(columns_for(player, columns)):
            column = columns[index]
            boxes = boxes_won(hand, rules) if order == 0 else 0
            column.points[player] += hand.points + (rules.box_bonus * boxes if rules.box_timing == "immediate" else 0)
            column.hand_points[player] += hand.points
            column.boxes[player] += boxes
            column.entries[player] += 1
            if column.points[player] >= rules.game_target:
                column.closed_after = number
                column.settlement = settle(column.points, column.hand_points, column.boxes, player, rules)
        if not any(column.is_open for column in columns):
            over_after = number
    results = tuple(
        ColumnResult(
            closed_after=column.closed_after,
            totals=(column.points["p1"], column.points["p2"]),
            entries=(column.entries["p1"], column.entries["p2"]),
            settlement=column.settlement,
        )
        for column in columns
    )
    return HollywoodResult(results, over_after).to_expected()  # type: ignore[arg-type]
