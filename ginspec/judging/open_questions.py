"""Which open questions of ``spec/ambiguities.yaml`` a case's answer depends on.

A question that a variant parameter settles is part of a case's ``depends_on``; one that no
parameter settles is recorded as the case's ``open_questions`` (``spec/vectors.md``), found here
from the rules of the question. A case depends on a question when an engine playing one of its
other readings would answer it otherwise:

- Q2 (KNOCK-COUNT-AFTER-DISCARD): a knock allowed for the ten cards kept whose eleven cards before
  the discard hold more than the limit (a ``knock`` question, a ``discard`` question's
  ``can_knock``, a knock played or offered among the legal actions of a hand), and the last
  discard taken, or offered, at the wall to make such eleven cards (taken only to go out);
- Q7 (GIN-CANNOT-BE-UNDERCUT): gin or big gin against a defender who has no deadwood either;
- Q12 (STOCK-FIFTIETH-CARD, reading c): a knock played or offered by the player who drew the
  fiftieth card, the stock down to the wall;
- Q19 (MELD-ARRANGEMENT-CHOICE): a knock shown with a valid spread that leaves more deadwood than
  the least its cards allow;
- Q20 (HOLLY-BOX-PER-GAME): a Hollywood win that earns a box entered in two or more columns,
  one after the first of them settled (or boxes credited as won);
- Q21 (MPN-SEED003-SCORING): a knock at a table of three or four that two or more defenders tie
  or beat;
- Q27 (IRREG-ILLEGAL-KNOCK): a knock refused for its count (KNOCK-LIMIT) that is also a discard
  that may not be made (TURN-NO-DISCARD-TAKEN-CARD) or shows an invalid spread
  (MELD-ARRANGEMENT-CHOICE): which offence it is decides the reason and the penalty;
- Q28 (MPN-SEED003-SCORING): a game at one table whose recorded hand results, accepted for their
  signs, give a winner another amount than the bonus of his outcome;
- Q29 (DEAL-FIRST-DEALER): a question whose dealer is not one of its players;
- Q30 (GIN-DEFINITION): a knock whose kept cards can all be melded, shown with a spread that
  leaves some of them unmelded (a replayed ``knock C with ...``, or a ``score`` question with the
  knocker's melds given);
- Q31 (STOCK-WALL-TWO): a hand without the wall (``stock_dead_cards: 0``) that runs its stock out.

No case depends on the others (:data:`NO_CASE`): what they leave open is nothing a question of
the suite asks. ``tests/test_open_questions.py`` checks that every vector records exactly what
is found here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Iterable

DETECTED = ("Q2", "Q7", "Q12", "Q19", "Q20", "Q21", "Q27", "Q28", "Q29", "Q30", "Q31")
"""The open questions no parameter settles whose dependence is found here."""

NO_CASE = ("Q3", "Q4", "Q17")
"""Open questions with readings no parameter selects on which no question of the suite turns
(each entry of ``spec/ambiguities.yaml`` says why, with ``cases: none``)."""

DEALER_KINDS = ("round", "table_round", "game", "hollywood", "three_player", "table_game", "partnership")


def _deadwood(cards: Iterable[Any], hand_rules: Any) -> int:
    from reference_impl.cards import mask_of
    from reference_impl.deadwood import ace_may_be_high, least_deadwood

    mask = mask_of(tuple(cards))
    return least_deadwood(mask, ace_high=ace_may_be_high(mask, hand_rules))


def _spread_leaves_cards(melds: Any, kept: Any) -> bool:
    melded = {card for meld in melds for card in meld}
    return any(card not in melded for card in kept)


def hand_rules_of(state: Any) -> Any:
    """The hand rules of a hand in progress, for two (``RoundState``) or at a table (``TableState``)."""
    return state.hand_rules if hasattr(state, "hand_rules") else state.rules.table.hand


def at_the_wall(state: Any) -> bool:
    """The player to discard drew the fiftieth card: the stock is down to the wall (Q12)."""
    wall_draw = getattr(state, "wall_draw", False)
    return state.phase == "discard" and not wall_draw and len(state.stock) <= state.round_rules.stock_dead_cards


def _legal_actions(state: Any) -> list[Any]:
    from reference_impl.round import RoundState, legal_actions
    from reference_impl.table_round import table_legal_actions

    return legal_actions(state) if isinstance(state, RoundState) else table_legal_actions(state)


def _wall_take_turns_on_q2(state: Any) -> bool:
    """Q2 at the wall (STOCK-FIFTIETH-CARD): the last discard may be taken only to go out with it,
    and the eleven cards it makes hold more than the limit, so under reading ``b`` no knock is
    open and the take is not either."""
    if state.phase != "wall" or not state.discard_pile:
        return False
    return _deadwood((*state.hand(state.to_play), state.discard_pile[-1]), hand_rules_of(state)) > state.knock_limit


def _offered_knocks(state: Any) -> set[str]:
    """Q2 and Q12 for the knocks among a reported state's legal actions (and Q2 for the take of the
    last discard at the wall, which is offered only to go out)."""
    if state.phase == "wall":
        offered = any(action.verb == "draw" and action.source == "discard" for action in _legal_actions(state))
        return {"Q2"} if offered and _wall_take_turns_on_q2(state) else set()
    if state.phase != "discard":
        return set()
    found: set[str] = set()
    going_out = [action for action in _legal_actions(state) if action.verb in ("knock", "big_gin")]
    if going_out and at_the_wall(state):
        found.add("Q12")
    eleven = _deadwood(state.hand(state.to_play), hand_rules_of(state))
    if eleven > state.knock_limit and any(action.verb == "knock" for action in going_out):
        found.add("Q2")
    return found


def _knock_questions(state: Any, action: Any) -> set[str]:
    """The questions one knock of a replayed hand turns on (Q2, Q12, Q19, Q27, Q30)."""
    from reference_impl.errors import InvalidMelds
    from reference_impl.scoring import spread_from_melds

    found: set[str] = set()
    rules = hand_rules_of(state)
    kept = tuple(card for card in state.hand(action.player) if card != action.card)
    least = _deadwood(kept, rules)
    over = least > state.knock_limit
    taken = action.card == state.taken and not state.round_rules.discard_taken_card
    if not over and not taken:
        if _deadwood(state.hand(action.player), rules) > state.knock_limit:
            found.add("Q2")
        if at_the_wall(state):
            found.add("Q12")
    invalid = False
    if action.spread is not None:
        try:
            shown = spread_from_melds(action.spread, kept)
        except InvalidMelds:
            invalid = True
        else:
            if least == 0 and _spread_leaves_cards(action.spread, kept):
                found.add("Q30")
            if not over and not taken and shown.deadwood > least:
                found.add("Q19")
    if over and (taken or invalid):
        found.add("Q27")
    return found


def start_of_table_round(data: Mapping[str, Any], parameters: Mapping[str, Any]) -> Any:
    """The state in which a ``table_round`` question's deal starts."""
    from reference_impl.cards import parse_card, parse_cards
    from reference_impl.table_round import deal_table_checked, table_play_rules

    dealt = data["deal"]
    return deal_table_checked(
        table_play_rules(parameters),
        dealt["dealer"],
        {seat: parse_cards(cards) for seat, cards in dealt["hands"].items()},
        parse_card(dealt["upcard"]) if dealt.get("upcard") else None,
        parse_cards(dealt["stock"]),
    )


def _round_questions(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> set[str]:
    """The questions a replayed hand, for two or at a table, turns on."""
    from ginspec.adapters.reference import start_of_round
    from reference_impl.actions import parse_action
    from reference_impl.round import IllegalAction, apply
    from reference_impl.table_round import apply_table

    found: set[str] = set()
    wanted = set(data.get("observe_after") or ())
    if kind == "round":
        state, play = start_of_round({**data, "parameters": parameters}), apply
    else:
        state, play = start_of_table_round(data, parameters), apply_table
    if 0 in wanted:
        found |= _offered_knocks(state)
    for index, text in enumerate(data.get("actions") or ()):
        action = parse_action(text)
        if action.verb == "knock" and state.phase == "discard" and action.player == state.to_play and action.card in state.hand(action.player):
            found |= _knock_questions(state, action)
        taking_at_the_wall = action.verb == "draw" and action.source == "discard" and action.player == state.to_play and _wall_take_turns_on_q2(state)
        try:
            state = play(state, action)
        except IllegalAction:
            break
        if taking_at_the_wall:
            found.add("Q2")
        if index + 1 in wanted:
            found |= _offered_knocks(state)
        if state.round_rules.stock_dead_cards == 0 and not state.stock and (state.phase == "wall" or (state.result and state.result.outcome == "void")):
            found.add("Q31")
    result = state.result
    if kind == "round" and result is not None and result.outcome in ("gin", "big_gin") and result.defender_deadwood == 0:
        found.add("Q7")
    return found


def _score_questions(data: Mapping[str, Any], parameters: Mapping[str, Any]) -> set[str]:
    import reference_impl as ref
    from reference_impl.cards import parse_cards
    from reference_impl.scoring import spread_from_melds

    rules = ref.HandRules.from_parameters(parameters)
    knocker = parse_cards(data["knocker"])
    least = _deadwood(knocker, rules)
    found: set[str] = set()
    melds = data.get("knocker_melds")
    if melds is None:
        return found
    spread = [parse_cards(meld) for meld in melds]
    if least == 0 and _spread_leaves_cards(spread, knocker):
        found.add("Q30")
    try:
        shown = spread_from_melds(spread, knocker)
    except ref.InvalidMelds:
        return found
    if shown.deadwood > least and least <= rules.knock_limit:
        found.add("Q19")
    return found


def _knock_kind_questions(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> set[str]:
    """Q2 for a ``knock`` question (its discard allowed) or a ``discard`` question (``can_knock``)."""
    import reference_impl as ref
    from reference_impl.cards import parse_card, parse_cards

    rules = ref.HandRules.from_parameters(parameters)
    hand = parse_cards(data["hand"])
    if kind == "knock":
        allowed = ref.check_knock(hand, parse_card(data["discard"]), rules).legal
    else:
        allowed = bool(_reference_answer(kind, data, parameters).get("can_knock"))
    return {"Q2"} if allowed and _deadwood(hand, rules) > rules.knock_limit else set()


def _reference_answer(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> Mapping[str, Any]:
    from ginspec.adapters.base import Question
    from ginspec.adapters.reference import ReferenceAdapter

    return ReferenceAdapter().ask(Question(kind=kind, input=dict(data), parameters=dict(parameters)))


def _table_questions(answer: Mapping[str, Any], knocker_seat: Any) -> set[str]:
    """Q21 and Q7 from the reference answer to a hand at a table of three or four."""
    found: set[str] = set()
    counts = answer.get("deadwood")
    knocker = answer.get("knocker_deadwood")
    if not isinstance(counts, dict) or knocker is None:
        return found
    defenders = [count for player, count in counts.items() if player != knocker_seat]
    if answer.get("outcome") in ("gin", "big_gin"):
        if 0 in defenders:
            found.add("Q7")
    elif sum(count <= knocker for count in defenders) >= 2:
        found.add("Q21")
    return found


def _hollywood_questions(data: Mapping[str, Any], parameters: Mapping[str, Any]) -> set[str]:
    """Q20 (HOLLY-BOX-PER-GAME): a win that earns boxes entered in two or more columns, where a
    column after the first it enters is settled, or where boxes are credited as they are won."""
    from reference_impl.game import GameRules, as_hand_record, boxes_won
    from reference_impl.hollywood import play_hollywood

    rules = GameRules.from_parameters(parameters)
    hands = list(data["hands"])
    played = [play_hollywood(hands[:count], rules) for count in range(len(hands) + 1) if count == 0 or _playable(hands[:count], rules)]
    last = played[-1]
    for number in range(1, len(played)):
        before, after = played[number - 1], played[number]
        entered = [index for index in range(len(after.columns)) if after.columns[index].entries != before.columns[index].entries]
        if len(entered) < 2 or boxes_won(as_hand_record(hands[number - 1]), rules) == 0:
            continue
        if rules.box_timing == "immediate" or any(last.columns[index].closed_after is not None for index in entered[1:]):
            return {"Q20"}
    return set()


def _playable(hands: list[Any], rules: Any) -> bool:
    from reference_impl.hollywood import play_hollywood

    try:
        play_hollywood(hands, rules)
    except Exception:  # noqa: BLE001 - a hand after the session is over
        return False
    return True


def _table_game_questions(data: Mapping[str, Any], parameters: Mapping[str, Any]) -> set[str]:
    """Q28 (MPN-SEED003-SCORING): a recorded hand result the scoring accepts whose winner scores
    another amount than the bonus of his outcome (0 for a tie under undercut_without_bonus)."""
    bonuses = {
        "knock": {parameters.get("knock_bonus")},
        "undercut": {parameters.get("undercut_bonus")} | ({0} if parameters.get("tie_outcome") == "undercut_without_bonus" else set()),
        "gin": {parameters.get("gin_bonus")},
        "big_gin": {parameters.get("big_gin_bonus")},
    }
    for hand in data.get("hands") or ():
        winner = hand.get("winner")
        points = hand.get("points")
        if winner in (None, "none") or not isinstance(points, Mapping):
            continue
        if points.get(winner) not in bonuses.get(hand.get("outcome", "knock"), {points.get(winner)}):
            return {"Q28"}
    return set()


ANALYSED_KINDS = DEALER_KINDS + ("table_hand", "score", "knock", "discard")


def _gin_against_no_deadwood(answer: Mapping[str, Any]) -> bool:
    """Q7: gin or big gin whose defender has no deadwood either."""
    return answer.get("outcome") in ("gin", "big_gin") and answer.get("defender_deadwood") == 0


def open_questions_of(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> tuple[str, ...]:
    """The open questions (no parameter settles them) the answer to this question depends on,
    sorted. A question the reference engine cannot pose, or refuses as malformed, depends on none
    but Q29 (a dealer who is not one of the players)."""
    if kind not in ANALYSED_KINDS:
        return ()
    found: set[str] = set()
    try:
        answer = _reference_answer(kind, data, parameters)
        if "refused" in answer:
            return ("Q29",) if answer["refused"] == "invalid_dealer" else ()
        if kind == "hollywood" or (kind == "game" and parameters.get("hollywood")):
            found |= _hollywood_questions(data, parameters)
        if kind == "table_game" and answer.get("error") != "invalid_hand_record":  # refused for its signs either way
            found |= _table_game_questions(data, parameters)
        if kind in ("table_hand", "table_round"):
            found |= _table_questions(answer, answer.get("knocker") or data.get("knocked_by"))
        if kind in ("round", "table_round"):
            found |= _round_questions(kind, data, parameters)
        elif kind == "score":
            found |= _score_questions(data, parameters)
            if _gin_against_no_deadwood(answer):
                found.add("Q7")
        elif kind in ("knock", "discard"):
            found |= _knock_kind_questions(kind, data, parameters)
    except Exception:  # noqa: BLE001 - a question the reference cannot pose depends on nothing
        return ()
    return tuple(sorted(found))


def vector_open_questions(vector: Any) -> tuple[str, ...]:
    """The open questions a written vector's answer depends on, worked out from the question the
    engine is sent (for a hand, with the positions of its checkpoints)."""
    from ginspec.judging.questions import question_for

    return open_questions_of(vector.kind, question_for(vector).input, vector.parameters)
