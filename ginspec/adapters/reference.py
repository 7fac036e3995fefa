"""The reference engine behind the adapter interface, exactly as a third-party engine would be."""

from __future__ import annotations

import threading
from typing import Any, Callable, Mapping, Sequence

import reference_impl as ref
from reference_impl.cards import Card, format_hand, parse_card, parse_cards
from reference_impl.deadwood import Arrangement
from reference_impl.actions import Action, format_action, parse_action
from reference_impl.hand import meld_type_under
from reference_impl.melds import format_meld
from reference_impl.game import GameAlreadyOver, GameNotOver, GameRules, play_game
from reference_impl.hollywood import play_hollywood
from reference_impl.round import IllegalAction, RoundResult, RoundState, apply, deal_checked, legal_actions
from reference_impl.rules import RoundRules

from reference_impl.errors import GinError
from reference_impl.layoff import defend_against

from ginspec.adapters.base import Adapter, Capabilities, Question
from ginspec.adapters.reference_replay import answer_by_replay


def _melds(arrangement: Arrangement) -> list[str]:
    return [format_meld(meld) for meld in arrangement.melds]


def _spread(text: Sequence[str]) -> list[tuple[Card, ...]]:
    return [parse_cards(meld) for meld in text]


TABLE_KINDS = ("partnership", "three_player", "table_hand", "table_game")
"""Questions about the forms for three and four players (``spec/tables.md``)."""

_CARDS = ("invalid_parameter", "not_a_card", "duplicate_card", "wrong_hand_size")
_DEAL = ("invalid_parameter", "not_a_card", "duplicate_card", "invalid_dealer", "wrong_hand_size", "missing_upcard", "wrong_stock_size")
_GAME = ("invalid_parameter", "invalid_dealer")
REFUSES: dict[str, frozenset[str]] = {
    "meld": frozenset(("invalid_parameter", "not_a_card", "duplicate_card")),
    "deadwood": frozenset(_CARDS),
    "discard": frozenset(_CARDS),
    "knock": frozenset(_CARDS + ("card_not_held",)),
    "layoff": frozenset(_CARDS + ("invalid_spread",)),
    "score": frozenset(_CARDS),
    "round": frozenset(_DEAL + ("unexpected_upcard", "not_an_action")),
    "table_round": frozenset(_DEAL + ("not_an_action",)),
    "game": frozenset(_GAME),
    "hollywood": frozenset(("invalid_parameter",)),
    "partnership": frozenset(_GAME),
    "three_player": frozenset(_GAME),
    "table_game": frozenset(_GAME),
    "table_hand": frozenset(("invalid_parameter",)),
}
"""The malformed questions the reference engine refuses, by kind (``spec/protocol.md``). A
``table_hand`` with a hand of the wrong size or a card held twice is answered
``{"error": "invalid_hand"}``, as that kind defines."""


_TEXTS: dict[int, str] = {}
"""The text of each action written so far, by the action's identity (the reference engine hands
out the same action values move after move). Every action named here is kept alive in
:data:`_WRITTEN`, so no other object can have its identity while its entry is here."""
_WRITTEN: list[Action] = []
_ACTIONS: dict[str, Action] = {}
"""The other way: the action of each text written so far (canonical texts only)."""
_KEPT = 1 << 14
_WRITING = threading.Lock()


def action_text(action: Action) -> str:
    """``format_action(action)``, written once per action value (``spec/actions.md``)."""
    text = _TEXTS.get(id(action))
    if text is None:
        text = format_action(action)
        with _WRITING:  # the engine's thread and the campaign's may both write; entries go before their actions
            if len(_WRITTEN) >= _KEPT:
                _TEXTS.clear()
                _ACTIONS.clear()
                _WRITTEN.clear()
            _WRITTEN.append(action)
            _TEXTS[id(action)] = text
            _ACTIONS.setdefault(text, action)
    return text


def action_texts(actions: Sequence[Action]) -> list[str]:
    """:func:`action_text` of each action (looked up without a call per action: it runs for every
    legal move of every checkpoint)."""
    texts = list(map(_TEXTS.get, map(id, actions)))
    if None in texts:
        texts = [action_text(action) for action in actions]
    return texts  # type: ignore[return-value]


known_action_of_text = _ACTIONS.get
"""The action whose canonical text this is, if that text was written or read before (else
``None``; :func:`canonical_action` reads it)."""


def canonical_action(text: Any) -> Action | None:
    """The action ``text`` is the canonical text of (as :func:`format_action` writes it), or
    ``None`` when it is not one: another spelling, or no action at all."""
    action = _ACTIONS.get(text) if isinstance(text, str) else None
    if action is None and isinstance(text, str):
        try:
            parsed = parse_action(text)
        except GinError:
            return None
        if action_text(parsed) == text:
            action = _ACTIONS.get(text, parsed)
    return action


def observe(state: RoundState) -> dict[str, Any]:
    """What a round checkpoint may assert about a state."""
    return {
        "to_play": state.to_play,
        "phase": state.phase,
        "legal": action_texts(legal_actions(state)),
        "stock": len(state.stock),
        "knock_limit": state.knock_limit,
    }


def start_of_round(data: Mapping[str, Any]) -> RoundState:
    """The state in which a ``round`` question's deal (``data``, with its ``parameters``) starts."""
    rules = RoundRules.for_two_players(data["parameters"])
    dealt = data["deal"]
    return deal_checked(
        rules,
        dealt["dealer"],
        parse_cards(dealt["hands"]["p1"]),
        parse_cards(dealt["hands"]["p2"]),
        parse_card(dealt["upcard"]) if dealt.get("upcard") else None,
        parse_cards(dealt["stock"]),
    )


def play_round_question(data: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a deal and its actions; report the end, or the first refused action, and the
    states after the action counts listed in ``observe_after``."""
    return answer_by_replay(start_of_round(data), apply, observe, data)


def play_game_question(kind: str, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
    """Score a game (or a Hollywood session) from its hand results."""
    rules = GameRules.from_parameters(parameters)
    try:
        if kind == "hollywood":
            return play_hollywood(data["hands"], rules).to_expected()
        return play_game(data["first_dealer"], data["hands"], rules).to_expected()
    except GameAlreadyOver:
        return {"error": "game_already_over"}
    except GameNotOver:
        return {"error": "game_not_over"}


NativeDeal = tuple[str, Sequence[Card], Sequence[Card], "Card | None", Sequence[Card]]
"""A deal in the engine's own representation: dealer, p1's hand, p2's hand, upcard, stock."""
NativeRound = tuple[list[tuple[Any, ...]], "RoundResult | None", "int | None"]
"""Checkpoints ``(to_play, phase, legal actions, stock size, knock limit)``, the result, and the
index of the first refused move (``None`` when every move was played)."""


def answers_natively(adapter: Adapter) -> bool:
    """Whether ``adapter`` is the reference engine itself, whose :meth:`ReferenceAdapter.replay_moves`
    gives the answer :meth:`ReferenceAdapter.ask` gives; an engine built on it that changes its
    answers (a subclass) is asked in the notation."""
    return type(adapter) is ReferenceAdapter


class ReferenceAdapter(Adapter):
    """Answers every kind of question with :mod:`reference_impl`."""

    def capabilities(self) -> Capabilities:
        from ginspec.adapters.profile import current_suite_version
        from ginspec.suite.identity import suite_version

        return Capabilities(engine="reference", version=suite_version(), refuses=REFUSES, suite_version=current_suite_version())

    def ask(self, question: Question) -> dict[str, Any]:
        """The answer, or the refusal of a malformed question: the reference engine's error names
        its reason code (:mod:`reference_impl.errors`)."""
        try:
            return self._answer(question)
        except GinError as exc:
            if exc.refusal is None or exc.refusal not in REFUSES.get(question.kind, ()):
                raise
            return {"refused": exc.refusal, "message": str(exc)}

    def replay_moves(self, deal: NativeDeal, moves: Sequence[Action], parameters: Mapping[str, Any]) -> NativeRound:
        """The answer to a ``round`` question with a checkpoint after every action, in the
        engine's own representation (for a campaign in the same process, which compares values
        instead of texts): the deal is dealt and every move applied exactly as :meth:`ask` does,
        and after each one the state is observed as :func:`observe` does, its legal moves as the
        engine's actions. Play stops at the first refused move (its index is the third part)."""
        dealer, p1, p2, upcard, stock = deal
        state = deal_checked(RoundRules.for_two_players(parameters), dealer, p1, p2, upcard, stock)
        points = [(state.to_play, state.phase, legal_actions(state), len(state.stock), state.knock_limit)]
        for index, move in enumerate(moves):
            try:
                state = apply(state, move)
            except IllegalAction:
                return points, None, index
            points.append((state.to_play, state.phase, legal_actions(state), len(state.stock), state.knock_limit))
        return points, state.result, None

    def _answer(self, question: Question) -> dict[str, Any]:
        if question.kind == "round":
            return play_round_question({**question.input, "parameters": question.parameters})
        if question.kind in ("game", "hollywood"):
            return play_game_question(question.kind, question.input, question.parameters)
        if question.kind == "table_round":
            from ginspec.adapters.reference_tables import play_table_round_question

            return play_table_round_question({**question.input, "parameters": question.parameters})
        if question.kind in TABLE_KINDS:
            from ginspec.adapters.reference_tables import answer_table_question

            return answer_table_question(question.kind, question.input, question.parameters)
        rules = ref.HandRules.from_parameters(question.parameters)
        handler: Callable[[Mapping[str, Any], ref.HandRules], dict[str, Any]] = getattr(self, f"_ask_{question.kind}")
        try:
            return handler(question.input, rules)
        except ref.IllegalKnock as exc:
            return {"error": "illegal_knock", "message": str(exc)}
        except ref.InvalidMelds as exc:
            if question.kind != "score":  # elsewhere a spread is part of the question: refused
                raise
            return {"error": "invalid_melds", "message": str(exc)}
        except ref.NotBigGin as exc:
            return {"error": "not_big_gin", "message": str(exc)}

    def _ask_meld(self, data: Mapping[str, Any], rules: ref.HandRules) -> dict[str, Any]:
        kind = meld_type_under(parse_cards(data["cards"]), rules)
        return {"valid": kind is not None, "type": kind.value if kind else None}

    def _ask_deadwood(self, data: Mapping[str, Any], rules: ref.HandRules) -> dict[str, Any]:
        result = ref.evaluate_resting_hand(parse_cards(data["hand"]), rules)
        return {
            "deadwood": result.deadwood,
            "arrangements": [_melds(arrangement) for arrangement in result.arrangements],
        }

    def _ask_discard(self, data: Mapping[str, Any], rules: ref.HandRules) -> dict[str, Any]:
        result = ref.evaluate_drawn_hand(parse_cards(data["hand"]), rules)
        return {
            "deadwood": result.deadwood,
            "discards": format_hand(result.discards),
            "can_knock": result.can_knock,
            "can_gin": result.can_gin,
            "can_big_gin": result.can_big_gin,
        }

    def _ask_knock(self, data: Mapping[str, Any], rules: ref.HandRules) -> dict[str, Any]:
        result = ref.check_knock(parse_cards(data["hand"]), parse_card(data["discard"]), rules)
        return {"legal": result.legal, "deadwood": result.deadwood, "gin": result.gin}

    def _ask_layoff(self, data: Mapping[str, Any], rules: ref.HandRules) -> dict[str, Any]:
        result = defend_against(_spread(data["knocker_melds"]), parse_cards(data["defender"]), rules)
        return {"deadwood": result.deadwood, "layoffs": format_hand(layoff.card for layoff in result.layoffs)}

    def _ask_score(self, data: Mapping[str, Any], rules: ref.HandRules) -> dict[str, Any]:
        melds = data.get("knocker_melds")
        result = ref.score_hand(
            parse_cards(data["knocker"]),
            parse_cards(data["defender"]),
            rules,
            knocker_melds=_spread(melds) if melds is not None else None,
        )
        return {
            "outcome": result.outcome,
            "winner": result.winner,
            "points": result.points,
            "knocker_deadwood": result.knocker_deadwood,
            "defender_deadwood": result.defender_deadwood,
            "knocker_melds": _melds(result.knocker_spread),
            "layoffs": format_hand(layoff.card for layoff in result.defence.layoffs),
        }
