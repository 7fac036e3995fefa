"""The hands of a campaign at a table of three or four (``table_format: one_table``, e.g. the
house-s003 variants): hand ``index`` of the campaign with seed ``seed`` is a pure function of the
two, as a two-player hand is (:mod:`ginspec.detection.campaign.hands`). The pack is shuffled, a dealer is
chosen among the seats and the reference engine of ``reference_impl.table_round`` plays every
move, chosen by the campaign's player (:func:`~ginspec.detection.campaign.hands.choose`) among the legal ones (MPN-SEED003-DEAL, MPN-SEED003-PLAY), recording the
state a ``table_round`` checkpoint asserts after every action (``spec/vectors.md``).

A table hand is asked of an engine as a ``table_round`` question and judged like a two-player
hand: the end and every checkpoint, shrunk to the first checkpoint that differs.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from reference_impl.actions import format_action
from reference_impl.cards import DECK
from reference_impl.table_round import TablePlayRules, apply_table, deal_table_in_order, format_deal, table_legal_actions, table_state_summary

from ginspec.adapters.base import Adapter, Question
from ginspec.detection.campaign.compare import Outcome, check_hand
from ginspec.detection.campaign.hands import END_FIELDS, MAX_ACTIONS, Hand, choose
from ginspec.judging.judge import judge_round

TABLE_KIND = "table_round"


def table_generator(seed: int, index: int) -> random.Random:
    """The one generator of table hand ``index``: the same numbers on every machine."""
    return random.Random(f"ginspec-campaign-table:{seed}:{index}")


def play_table_dealt(rules: TablePlayRules, seed: int, index: int, rng: random.Random, dealer: str, order: list[Any]) -> Hand:
    """Deal ``order`` at the table with ``dealer`` dealing and play the hand to its end."""
    state = start = deal_table_in_order(rules, dealer, order)
    actions: list[str] = []
    checkpoints: list[dict[str, Any]] = []
    while True:
        legal = table_legal_actions(state)
        checkpoints.append(table_state_summary(state))
        if state.phase == "over" or not legal or len(actions) >= MAX_ACTIONS:
            break
        action = choose(state, legal, rng)
        actions.append(format_action(action))
        state = apply_table(state, action)
    end = {**state.result.to_data(), "finished": True} if state.result else {"finished": False}
    return Hand(seed, index, format_deal(start), actions, checkpoints, {key: end[key] for key in END_FIELDS if key in end},
                state.result.to_data() if state.result else None)


def play_table_hand(rules: TablePlayRules, seed: int, index: int) -> Hand:
    """Table hand ``index`` of the campaign with seed ``seed``."""
    rng = table_generator(seed, index)
    order = list(DECK)
    rng.shuffle(order)
    dealer = rules.seats[rng.randrange(len(rules.seats))]
    return play_table_dealt(rules, seed, index, rng, dealer, order)


def _ask(engine: Adapter, hand: Hand, parameters: Mapping[str, Any], length: int | None) -> Any:
    return engine.ask(Question(TABLE_KIND, hand.question_input(length), parameters, f"campaign-table-{hand.seed}-{hand.index}"))


def _problems(hand: Hand, observed: Any, omits: frozenset[str], length: int | None) -> tuple[str, ...]:
    expected = hand.expected(length)
    actions = hand.actions if length is None else hand.actions[:length]
    try:
        return judge_round(expected, observed, omits, actions).mismatches
    except Exception as exc:  # noqa: BLE001 - an answer the judge cannot read is a departure, not a crash
        return (f"the answer cannot be judged: {type(exc).__name__}: {str(exc)[:200]}",)


def check_table_hand(engine: Adapter, omits: frozenset[str], parameters: Mapping[str, Any], hand: Hand) -> Outcome:
    """Ask, judge and, on a disagreement, shrink one table hand, as
    :func:`ginspec.detection.campaign.compare.check_hand` does a two-player hand."""
    return check_hand(engine, omits, parameters, hand, _ask, _problems, "table")
