"""OpenSpiel's ``gin_rummy`` behind the adapter interface (``pip install open_spiel``).

Run the suite against it with ``--engine ginspec.adapters.openspiel:OpenSpielAdapter``.

OpenSpiel plays one hand of two-player gin after the rules of the Gin Rummy Association. Its card
strings are the suite's notation (``Td``, ``As``), so cards cross the boundary unchanged. Its
numbering of players has no dealer: player 0 always acts first, so the non-dealer of a vector is
OpenSpiel's player 0 and the dealer its player 1.

How each kind of question is put to the engine (``GinRummyUtils`` is ``U``):

- ``meld``: ``U.is_rank_meld`` (a set) or ``U.is_suit_meld`` (a run).
- ``deadwood``: ``U.min_deadwood`` of the cards; ``arrangements`` are the meld groups of
  ``U.all_meld_groups`` that leave that deadwood, written with adjacent run pieces joined (OpenSpiel
  cuts runs longer than five cards into pieces; the notation counts the cuts as one arrangement).
- ``discard`` and ``knock``: a real game state in which player 0 holds the eleven cards (the last
  one taken as the upcard). ``can_knock`` is whether the state offers the knock action (55);
  after it, the state's legal actions are the knock discards. ``deadwood`` of a ``discard``
  question is the state's own count of the eleven cards (``U.min_deadwood``, OpenSpiel's figure
  for the best ten of eleven) and ``discards`` are ``U.legal_discards`` within that count.
  ``can_big_gin`` is not reported: OpenSpiel has no big gin.
- ``layoff``: the least ``U.min_deadwood`` of the defender's cards kept, over every lay-off
  sequence that ``U.all_layoffs`` allows on the knocker's melds (the search only calls the engine).
- ``score``: a real game state dealt so that player 0 holds the knocker's ten cards and player 1
  the defender's. Player 0 takes as the upcard a card that melds with nothing in his hand (so the
  state offers the knock whenever his ten cards are within the knock card), knocks, discards it
  and lays his spread; the defender then plays each lay-off sequence the state allows and melds with
  ``U.best_meld_group``, and the best result for him is reported. ``state.returns()`` give the
  points; a knocker's deadwood of 0 is gin, a positive return a knock, a negative one an undercut,
  and 0 a draw (OpenSpiel's tie). Without a spread in the question, the knocker spreads, among the
  engine's least-deadwood meld groups, the one that gives him the best return, and among equals
  the one whose canonical printing comes first (SCORE-AUTO-SPREAD).
- ``round``: the deal is played into a real state as chance outcomes (player 0's ten cards,
  player 1's ten, the upcard, then each stock card as it is drawn) and every action is translated
  to OpenSpiel's action ids; see :class:`_Round`.

Rules OpenSpiel is designed to play differently are declared in :meth:`OpenSpielAdapter.capabilities`
and their questions are reported unsupported, each limit applying only to the kinds of question
the parameter can change.

No refusal of a malformed question is declared (capability ``refuses``): OpenSpiel refuses none.
It takes the same card dealt twice as a chance outcome, counts a hand holding a card twice, and
reads a name that is not a card (``Zs``) as some number; the adapter does not refuse in its place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import pyspiel

from ginspec.adapters.base import Adapter, Capabilities, Question, Refused, join_adjacent_runs, replay_round
from ginspec.adapters.openspiel_codes import DRAW_UPCARD, KNOCK, MELD_BASE, PASS, RANKS, SUITS, _pieces, _printed_spread, _text
from ginspec.adapters.openspiel_round import OpenSpielRound
from reference_impl.actions import parse_action

MAX_DEALS = 512
"""Dealt states kept for hands replayed from the same deal (all are dropped when this many are kept)."""

# ---------------------------------------------------------------------------------- capabilities


GOING_OUT = frozenset({"discard", "knock", "score", "round"})
LAYING_OFF = frozenset({"layoff", "score", "round"})
SCORING = frozenset({"score", "round"})
PLAY = frozenset({"round"})

# parameter: (values OpenSpiel plays, kinds of question the parameter changes)
LIMITS: dict[str, tuple[tuple[Any, ...], frozenset[str]]] = {
    "knock_limit": (tuple(range(11)), GOING_OUT),  # knock_card is 0..10
    "ace_in_runs": (("low",), frozenset({"meld", "deadwood", "layoff"}) | GOING_OUT),  # the ace is rank 1 only
    "hand_size": ((10,), SCORING),
    "big_gin": ((False,), SCORING),  # the knocker always discards; eleven melded cards are gin
    "tie_outcome": (("draw",), SCORING),  # Returns(): equal counts give 0 and 0
    "layoffs": ((True,), LAYING_OFF),
    "layoff_chaining": ((True,), LAYING_OFF),  # AllLayoffs extends runs by earlier lay-offs
    "scoring_model": (("winner_only",), SCORING),
    "knock_bonus": ((0,), SCORING),
    "gin_defender_deadwood_multiplier": ((1,), SCORING),
    "players": ((2,), PLAY),
    "table_format": (("heads_up",), PLAY),
    "first_turn": (("upcard_offer",), PLAY),
    "upcard_after_passes": ((False,), PLAY),
    "discard_taken_card": ((True,), PLAY),  # any card may be discarded; repeated moves end the hand
    "gin_mandatory": ((False,), PLAY),
    "stock_dead_cards": ((2,), PLAY),  # kWallStockSize
    "fiftieth_card_rule": ((True,), PLAY),  # the wall phase: pass, or knock with the upcard
    "oklahoma_ace": (("gin_only",), PLAY),  # an ace upcard sets the knock card to 0
    "spade_double": ((False,), PLAY),
    "repeated_upcard_draw": (("void",), PLAY),  # the same card taken and thrown back by both ends the hand
}


def _settings(parameters: Mapping[str, Any], oklahoma: bool) -> tuple[tuple[str, Any], ...]:
    """OpenSpiel's game settings for the variant's parameters, as a key."""
    settings = {
        "knock_card": int(parameters["knock_limit"]),
        "gin_bonus": int(parameters["gin_bonus"]),
        "undercut_bonus": int(parameters["undercut_bonus"]),
        "hand_size": int(parameters.get("hand_size", 10)),
        "oklahoma": bool(oklahoma),
    }
    return tuple(sorted(settings.items()))


class OpenSpielAdapter(Adapter):
    """Asks OpenSpiel's ``gin_rummy`` (see the module docstring for how each kind is asked)."""

    def __init__(self) -> None:
        self._utils: dict[int, Any] = {}
        self._games: dict[tuple[Any, ...], Any] = {}
        self._dealt: dict[tuple[Any, ...], Any] = {}
        self._deals: dict[tuple[Any, ...], Any] = {}

    # -------------------------------------------------------------- engine objects

    def utils(self, hand_size: int = 10) -> Any:
        if hand_size not in self._utils:
            self._utils[hand_size] = pyspiel.gin_rummy.GinRummyUtils(13, 4, hand_size)
        return self._utils[hand_size]

    def game(self, parameters: Mapping[str, Any], *, oklahoma: bool = False) -> Any:
        """The game configured from the variant: knock_card, gin_bonus, undercut_bonus, oklahoma."""
        key = _settings(parameters, oklahoma)
        if key not in self._games:
            self._games[key] = pyspiel.load_game("gin_rummy", dict(key))
        return self._games[key]

    def new_state(self, parameters: Mapping[str, Any], *, oklahoma: bool = False) -> Any:
        """A new state of the configured game, before the deal: a clone of one state made per game
        (OpenSpiel takes milliseconds to make a state, microseconds to clone one)."""
        key = _settings(parameters, oklahoma)
        if key not in self._dealt:
            self._dealt[key] = self.game(parameters, oklahoma=oklahoma).new_initial_state()
        return self._dealt[key].clone()

    def dealt_state(self, parameters: Mapping[str, Any], deal: Sequence[int], *, oklahoma: bool = False) -> Any:
        """A new state of the configured game after ``deal`` (the cards dealt, then the upcard):
        a clone of one state dealt per game and deal, as several hands replayed start from the
        same deal."""
        key = (_settings(parameters, oklahoma), tuple(deal))
        if key not in self._deals:
            if len(self._deals) >= MAX_DEALS:
                self._deals.clear()
            state = self.new_state(parameters, oklahoma=oklahoma)
            for card in deal:
                state.apply_action(card)
            self._deals[key] = state
        return self._deals[key].clone()

    def ids(self, cards: str | Iterable[str], hand_size: int = 10) -> list[int]:
        words = cards.split() if isinstance(cards, str) else list(cards)
        return [self.utils(hand_size).card_int(card) for card in words]

    def names(self, ids: Iterable[int]) -> list[str]:
        utils = self.utils()
        return [utils.card_string(card) for card in ids]

    # -------------------------------------------------------------- the interface

    def capabilities(self) -> Capabilities:
        try:
            engine_version = version("open_spiel")
        except PackageNotFoundError:
            engine_version = "unknown"
        return Capabilities(
            engine="openspiel",
            version=engine_version,
            kinds=frozenset({"meld", "deadwood", "discard", "knock", "layoff", "score", "round"}),
            parameters={name: values for name, (values, _) in LIMITS.items()},
            scopes={name: kinds for name, (_, kinds) in LIMITS.items()},
            omits=frozenset({"can_big_gin", "forfeits"}),  # no penalty beyond refusing an illegal move
            home_variant="openspiel",  # spec/variants/openspiel.yaml: the rules it plays
        )

    def ask(self, question: Question) -> dict[str, Any]:
        handler = getattr(self, f"_ask_{question.kind}")
        return handler(question.input, question.parameters)

    def close(self) -> None:
        self._utils.clear()
        self._games.clear()
        self._dealt.clear()
        self._deals.clear()

    # -------------------------------------------------------------- hands

    def _ask_meld(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        utils = self.utils()
        cards = self.ids(data["cards"])
        if utils.is_rank_meld(cards):
            return {"valid": True, "type": "set"}
        if utils.is_suit_meld(cards):
            return {"valid": True, "type": "run"}
        return {"valid": False, "type": None}

    def _ask_deadwood(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        utils = self.utils(int(parameters.get("hand_size", 10)))
        cards = self.ids(data["hand"])
        deadwood = utils.min_deadwood(cards)
        total = sum(utils.card_value(card) for card in cards)
        arrangements: dict[tuple[str, ...], list[str]] = {}
        groups = utils.all_meld_groups(cards) or [[]]
        for group in groups:
            if total - sum(utils.card_value(card) for meld in group for card in meld) != deadwood:
                continue
            melds = [" ".join(meld) for meld in join_adjacent_runs(self.names(meld) for meld in group)]
            arrangements.setdefault(tuple(sorted(melds)), melds)
        return {"deadwood": deadwood, "arrangements": list(arrangements.values())}

    def _drawn_state(self, hand: Sequence[int], parameters: Mapping[str, Any]) -> Any:
        """A state in which player 0 has just taken the last card of ``hand`` as the upcard."""
        size = int(parameters.get("hand_size", 10))
        if len(hand) != size + 1:
            raise ValueError(f"OpenSpiel asks about {size + 1} cards after the draw, not {len(hand)}")
        others = [card for card in range(52) if card not in hand][:size]
        state = self.new_state(parameters)
        for card in list(hand[:size]) + others + [hand[size]]:
            state.apply_action(card)
        state.apply_action(DRAW_UPCARD)
        return state

    def _knock_discards(self, state: Any) -> list[int] | None:
        """The discards the state allows after the knock action, or None if it offers no knock."""
        if KNOCK not in state.legal_actions():
            return None
        probe = state.clone()
        probe.apply_action(KNOCK)
        return list(probe.legal_actions())

    def _ask_discard(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        utils = self.utils(int(parameters.get("hand_size", 10)))
        hand = self.ids(data["hand"])
        state = self._drawn_state(hand, parameters)
        deadwood = int(state.deadwood()[0])
        knocks = self._knock_discards(state)
        return {
            "deadwood": deadwood,
            "discards": _text(self.names(utils.legal_discards(hand, deadwood))),
            "can_knock": knocks is not None,
            "can_gin": knocks is not None and bool(utils.legal_discards(hand, 0)),
        }

    def _ask_knock(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        utils = self.utils(int(parameters.get("hand_size", 10)))
        hand = self.ids(data["hand"])
        discard = utils.card_int(data["discard"])
        if discard not in hand:
            raise ValueError(f"{data['discard']} is not in the hand")
        state = self._drawn_state(hand, parameters)
        knocks = self._knock_discards(state)
        deadwood = utils.min_deadwood([card for card in hand if card != discard])
        return {"legal": knocks is not None and discard in knocks, "deadwood": deadwood, "gin": deadwood == 0}

    def _ask_layoff(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        utils = self.utils()
        melds = []
        for meld in data["knocker_melds"]:
            melds += [utils.meld_to_int(piece) for piece in _pieces(self.ids(meld))]
        defender = self.ids(data["defender"])
        best: tuple[int, tuple[int, ...]] = (utils.min_deadwood(defender), ())
        seen: set[frozenset[int]] = set()
        pending: list[tuple[int, ...]] = [()]
        while pending:
            laid = pending.pop()
            for card in utils.all_layoffs(melds, list(laid)):
                if card in defender and card not in laid and frozenset(laid + (card,)) not in seen:
                    more = laid + (card,)
                    seen.add(frozenset(more))
                    kept = [held for held in defender if held not in more]
                    deadwood = utils.min_deadwood(kept)
                    if (deadwood, len(more)) < (best[0], len(best[1])):
                        best = (deadwood, more)
                    pending.append(more)
        return {"deadwood": best[0], "layoffs": _text(self.names(best[1]))}

    # -------------------------------------------------------------- scoring through a real hand

    def lay(self, state: Any, melds: Iterable[list[int]]) -> None:
        """Lay melds (card ids) one action at a time; raises Refused if one is not legal."""
        utils = self.utils()
        for meld in melds:
            for piece in _pieces(meld):
                action = MELD_BASE + utils.meld_to_int(piece)
                if action not in state.legal_actions():
                    raise Refused("over_knock_limit", f"OpenSpiel does not let {_text(self.names(piece))} be laid now")
                state.apply_action(action)

    def meld_and_finish(self, state: Any) -> Any:
        """The defender, lay-offs over, lays OpenSpiel's best meld group and passes."""
        state = state.clone()
        if not state.finished_layoffs():
            state.apply_action(PASS)
        player = state.current_player()
        self.lay(state, self.utils().best_meld_group(list(state.hands()[player])))
        state.apply_action(PASS)
        return state

    def best_defence(self, state: Any) -> Any:
        """The end of the hand after the defender's best lay-offs and melds (by his return)."""
        defender = state.current_player()
        best = None
        seen: set[frozenset[int]] = set()

        def visit(node: Any) -> None:
            nonlocal best
            if not node.finished_layoffs():
                laid = frozenset(node.layoffs())
                if laid in seen:
                    return
                seen.add(laid)
                for action in node.legal_actions():
                    if action < 52:
                        child = node.clone()
                        child.apply_action(action)
                        visit(child)
            end = self.meld_and_finish(node)
            if best is None or end.returns()[defender] > best.returns()[defender]:
                best = end

        visit(state)
        return best

    def spread_and_defend(self, state: Any, spread: list[list[int]] | None) -> Any:
        """From the knock phase with ten cards: lay the spread (or choose it, SCORE-AUTO-SPREAD),
        pass, and let the defender answer at his best. Returns the final state."""
        knocker = state.current_player()
        options = [spread] if spread is not None else self.spread_options(state)
        best = None
        for melds in options:
            trial = state.clone()
            self.lay(trial, melds)
            if PASS not in trial.legal_actions():
                raise Refused("over_knock_limit", "the spread leaves more deadwood than the knock card")
            trial.apply_action(PASS)
            end = self.best_defence(trial)
            if best is None or end.returns()[knocker] > best.returns()[knocker]:
                best = end
        return best

    def spread_options(self, state: Any) -> list[list[list[int]]]:
        """OpenSpiel's meld groups of the knocker's ten cards that leave the least deadwood."""
        utils = self.utils()
        hand = list(state.hands()[state.current_player()])
        groups = utils.all_meld_groups(hand) or [[]]
        value = lambda group: sum(utils.card_value(card) for meld in group for card in meld)
        most = max(value(group) for group in groups)
        options: dict[str, list[list[int]]] = {}
        for group in groups:
            if value(group) == most:
                joined = join_adjacent_runs(self.names(meld) for meld in group)
                options.setdefault(_printed_spread(joined), [self.ids(meld) for meld in joined])
        # the knocker keeps the first of the spreads that serve him best, so they are tried in
        # the order of their canonical printing: SCORE-AUTO-SPREAD's last tie-break
        return [options[text] for text in sorted(options)]

    def result(self, state: Any, seats: Sequence[str] = ("knocker", "defender")) -> dict[str, Any]:
        """The end of a terminal state; ``seats`` name OpenSpiel's players 0 and 1."""
        knocked = list(state.knocked())
        if not any(knocked):
            return {"outcome": "void", "winner": "none", "points": 0}
        knocker = 0 if knocked[0] else 1
        defender = 1 - knocker
        deadwood = [int(value) for value in state.deadwood()]
        gain = int(state.returns()[knocker])
        if deadwood[knocker] == 0:
            outcome, winner = "gin", seats[knocker]
        elif gain > 0:
            outcome, winner = "knock", seats[knocker]
        elif gain < 0:
            outcome, winner = "undercut", seats[defender]
        else:
            outcome, winner = "draw", "none"
        return {
            "outcome": outcome,
            "winner": winner,
            "points": abs(gain),
            "knocker": seats[knocker],
            "knocker_deadwood": deadwood[knocker],
            "defender_deadwood": deadwood[defender],
            "layoffs": _text(self.names(state.layoffs())),
        }

    def _ask_score(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        utils = self.utils()
        knocker = self.ids(data["knocker"])
        defender = self.ids(data["defender"])
        if len(knocker) != 10:
            return {"error": "not_big_gin", "message": "OpenSpiel has no big gin: the knocker keeps ten cards"}
        spread = None
        if data.get("knocker_melds") is not None:
            spread = [self.ids(meld) for meld in data["knocker_melds"]]
            held = [card for meld in spread for card in meld]
            if len(set(held)) != len(held) or not set(held) <= set(knocker):
                return {"error": "invalid_melds", "message": "the spread is not disjoint melds of the knocker's cards"}
            for meld in spread:
                if not (utils.is_rank_meld(meld) or utils.is_suit_meld(meld)):
                    return {"error": "invalid_melds", "message": f"{_text(self.names(meld))} is not a meld"}
        upcard = self._dead_card(knocker, defender)
        state = self.new_state(parameters)
        for card in knocker + defender + [upcard]:
            state.apply_action(card)
        state.apply_action(DRAW_UPCARD)
        knocks = self._knock_discards(state)
        if knocks is None or upcard not in knocks:
            return {"error": "illegal_knock", "message": "OpenSpiel does not let this hand knock"}
        state.apply_action(KNOCK)
        state.apply_action(upcard)
        try:
            end = self.spread_and_defend(state, spread)
        except Refused as exc:
            return {"error": "illegal_knock", "message": str(exc)}
        answer = self.result(end)
        del answer["knocker"]
        melds = [utils.int_to_meld[meld] for meld in end.layed_melds()[0]]
        answer["knocker_melds"] = [" ".join(meld) for meld in join_adjacent_runs(self.names(meld) for meld in melds)]
        return answer

    def _dead_card(self, knocker: list[int], defender: list[int]) -> int:
        """A card in neither hand that melds with none of the knocker's cards, highest first.

        Taken with the knocker's ten cards, it stays out of OpenSpiel's best meld group of the
        eleven and is at most as high as the highest card left over, so the state's count of the
        eleven cards is at most the knocker's deadwood and the knock is offered whenever that
        deadwood is within the knock card."""
        utils = self.utils()
        for rank in reversed(RANKS):
            for suit in SUITS:
                card = utils.card_int(rank + suit)
                if card in knocker or card in defender:
                    continue
                if not any(card in meld for meld in utils.all_melds(knocker + [card])):
                    return card
        raise ValueError("every card left melds with the knocker's: none can serve as his discard")

    # -------------------------------------------------------------- a whole hand

    def _ask_round(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        hand = OpenSpielRound(self, data, parameters)

        def finish() -> dict[str, Any]:
            if hand.state.is_terminal():
                return {**self.result(hand.state, hand.seats), "finished": True}
            return {"finished": False}

        return replay_round(data["actions"], data.get("observe_after", ()), lambda text: hand.play(parse_action(text)), hand.observe, finish)


