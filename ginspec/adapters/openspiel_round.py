"""One hand played move by move in a real OpenSpiel state, for ``round`` questions asked of the
OpenSpiel adapter (:mod:`ginspec.adapters.openspiel`): the suite's actions (``spec/actions.md``)
translated into OpenSpiel's numbers (:mod:`ginspec.adapters.openspiel_codes`) and its legal moves
translated back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ginspec.adapters.base import Refused, join_adjacent_runs
from ginspec.adapters.openspiel_codes import DRAW_STOCK, DRAW_UPCARD, KNOCK, PASS, RANKS, _PHASE, _is_run, _sorted
from reference_impl.actions import Action, format_action
from reference_impl.cards import Card, parse_card


class OpenSpielRound:
    """One hand in a real OpenSpiel state, driven by actions in the suite's notation.

    Translation: ``pass`` is 54 (on the first turn and at the wall); ``draw discard`` is 52 (at the
    wall, 55: OpenSpiel's knock with the upcard); ``draw stock`` is 53 followed by the next stock
    card as the chance outcome; ``discard C`` is C; ``knock C`` is 55 then C, then the knocker's
    melds one action at a time and 54; ``layoff C`` is C; ``done`` is 54, after which the defender
    lays OpenSpiel's best meld group and passes (and so does he at once after gin). Legal actions
    are translated back the same way; the knock discards are those the state allows after 55.
    """

    def __init__(self, adapter: Any, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> None:
        self.adapter = adapter
        dealt = data["deal"]
        dealer = dealt["dealer"]
        non_dealer = "p1" if dealer == "p2" else "p2"
        self.seats = (non_dealer, dealer)
        self.stock = adapter.ids(dealt["stock"])
        deal = adapter.ids(dealt["hands"][non_dealer]) + adapter.ids(dealt["hands"][dealer]) + adapter.ids([dealt["upcard"]])
        self.state = adapter.dealt_state(parameters, deal, oklahoma=bool(parameters.get("oklahoma")))

    # -------------------------------------------------------------- looking

    def phase(self) -> str:
        state = self.state
        if state.is_terminal():
            return "over"
        return {
            _PHASE.FIRST_UPCARD: "first_turn",
            _PHASE.DRAW: "draw",
            _PHASE.DISCARD: "discard",
            _PHASE.KNOCK: "discard",
            _PHASE.LAYOFF: "layoff",
            _PHASE.WALL: "wall",
        }[state.current_phase()]

    def seat(self) -> str | None:
        return None if self.state.is_terminal() else self.seats[self.state.current_player()]

    def observe(self) -> dict[str, Any]:
        return {
            "to_play": self.seat(),
            "phase": self.phase(),
            "legal": [format_action(action) for action in self.legal()],
            "stock": int(self.state.stock_size()),
            "knock_limit": int(self.state.knock_card()),
        }

    def legal(self) -> list[Action]:
        state = self.state
        if state.is_terminal():
            return []
        player = self.seat()
        assert player is not None

        def card(action: int) -> Card:
            return _card(self.adapter.names([action])[0])

        phase = state.current_phase()
        legal = list(state.legal_actions())
        actions: list[Action] = []
        if phase in (_PHASE.FIRST_UPCARD, _PHASE.DRAW, _PHASE.WALL):
            for action in legal:
                if action == DRAW_UPCARD or (action == KNOCK and phase == _PHASE.WALL):
                    actions.append(Action(player, "draw", source="discard"))
                elif action == DRAW_STOCK:
                    actions.append(Action(player, "draw", source="stock"))
                elif action == PASS:
                    actions.append(Action(player, "pass"))
        elif phase == _PHASE.DISCARD:
            actions += [Action(player, "discard", card=card(action)) for action in legal if action < 52]
            knocks = self.adapter._knock_discards(state) or []
            actions += [Action(player, "knock", card=card(action)) for action in knocks]
        elif phase == _PHASE.KNOCK:
            actions += [Action(player, "knock", card=card(action)) for action in legal if action < 52]
        elif phase == _PHASE.LAYOFF:
            for action in legal:
                if action >= 52:
                    continue
                targets = self.targets(action)
                if len(targets) > 1:
                    actions += [Action(player, "layoff", card=card(action), onto=_card(low)) for low in targets]
                else:
                    actions.append(Action(player, "layoff", card=card(action)))
            actions.append(Action(player, "done"))
        return actions

    def targets(self, card: int) -> list[str]:
        """The knocker's melds (as they stand) that OpenSpiel's AllLayoffs extends with ``card``,
        each named by its lowest card."""
        adapter = self.adapter
        utils = adapter.utils()
        knocker = 0 if self.state.knocked()[0] else 1
        laid = list(self.state.layoffs())
        pieces = {meld: adapter.names(utils.int_to_meld[meld]) for meld in self.state.layed_melds()[knocker]}
        named: list[str] = []
        for joined in join_adjacent_runs(pieces.values()):
            ids = [meld for meld, cards in pieces.items() if set(cards) <= set(joined)]
            if card in utils.all_layoffs(ids, laid):
                standing = list(joined)
                for extra in adapter.names(laid):
                    if _extends(standing, extra):
                        standing.append(extra)
                named.append(_sorted(standing)[0])
        return named

    # -------------------------------------------------------------- acting

    def play(self, action: Action) -> None:
        """Apply one action to the state, or raise :class:`Refused`.

        A refused action may leave the state part-way through it: the replay stops at the first
        refused action and never looks at the state again (:func:`replay_round`), so the state
        is not copied before each action."""
        text = format_action(action)
        state = self.state
        if state.is_terminal():
            raise Refused("hand_over", f"{text!r}: the hand is over")
        if action.player != self.seat():
            raise Refused("not_your_turn", f"{text!r}: it is {self.seat()}'s turn")
        phase = state.current_phase()
        handler = {
            _PHASE.FIRST_UPCARD: self._first_turn,
            _PHASE.DRAW: self._draw,
            _PHASE.DISCARD: self._discard,
            _PHASE.KNOCK: self._wall_knock,
            _PHASE.LAYOFF: self._layoff,
            _PHASE.WALL: self._wall,
        }[phase]
        handler(state, action, text)

    def _hand(self, state: Any) -> list[int]:
        return list(state.hands()[state.current_player()])

    def _card_held(self, state: Any, action: Action, text: str) -> int:
        assert action.card is not None
        card = self.adapter.utils().card_int(str(action.card))
        if card not in self._hand(state):
            raise Refused("card_not_held", f"{text!r}: {action.player} does not hold {action.card}")
        return card

    def _deal_stock(self, state: Any) -> None:
        while state.is_chance_node():
            if not self.stock:
                raise Refused("wrong_phase", "the stock of the deal is exhausted")
            state.apply_action(self.stock.pop(0))

    def _first_turn(self, state: Any, action: Action, text: str) -> None:
        legal = state.legal_actions()
        if action.verb == "pass" and PASS in legal:
            state.apply_action(PASS)
        elif action.verb == "draw" and action.source == "discard":
            if DRAW_UPCARD not in legal:
                raise Refused("upcard_closed", f"{text!r}: OpenSpiel offers only the stock after both passed")
            state.apply_action(DRAW_UPCARD)
        elif action.verb == "draw" and action.source == "stock" and DRAW_STOCK in legal:
            state.apply_action(DRAW_STOCK)
            self._deal_stock(state)
        else:
            raise Refused("wrong_phase", f"{text!r}: OpenSpiel offers {self._offer(state)} on the first turn")

    def _draw(self, state: Any, action: Action, text: str) -> None:
        if action.verb != "draw" or action.source is None:
            raise Refused("wrong_phase", f"{text!r}: the player must draw first")
        if action.source == "discard":
            state.apply_action(DRAW_UPCARD)
        else:
            state.apply_action(DRAW_STOCK)
            self._deal_stock(state)

    def _discard(self, state: Any, action: Action, text: str) -> None:
        if action.verb == "big-gin":
            raise Refused("not_big_gin", f"{text!r}: OpenSpiel has no big gin")
        if action.verb not in ("discard", "knock"):
            raise Refused("wrong_phase", f"{text!r}: the player must discard or knock")
        card = self._card_held(state, action, text)
        if action.verb == "discard":
            state.apply_action(card)
            return
        if KNOCK not in state.legal_actions():
            raise Refused("over_knock_limit", f"{text!r}: OpenSpiel does not offer the knock (its count of the eleven cards is {state.deadwood()[state.current_player()]})")
        state.apply_action(KNOCK)
        self._knock_discard(state, card, action, text)

    def _wall_knock(self, state: Any, action: Action, text: str) -> None:
        """After taking the upcard at the wall (OpenSpiel's knock), only the knock discard."""
        if action.verb == "big-gin":
            raise Refused("not_big_gin", f"{text!r}: OpenSpiel has no big gin")
        if action.verb != "knock":
            raise Refused("wrong_phase", f"{text!r}: after taking the last discard the player must knock")
        card = self._card_held(state, action, text)
        self._knock_discard(state, card, action, text)

    def _knock_discard(self, state: Any, card: int, action: Action, text: str) -> None:
        if card not in state.legal_actions():
            raise Refused("over_knock_limit", f"{text!r}: OpenSpiel does not allow this knock discard")
        state.apply_action(card)
        spread = None
        if action.spread is not None:
            utils = self.adapter.utils()
            spread = []
            hand = set(self._hand(state))
            for meld in action.spread:
                ids = self.adapter.ids(str(card) for card in meld)
                if not (utils.is_rank_meld(ids) or utils.is_suit_meld(ids)) or not set(ids) <= hand:
                    raise Refused("invalid_spread", f"{text!r}: {' '.join(map(str, meld))} is not a meld of the knocker's cards")
                hand -= set(ids)
                spread.append(ids)
        adapter = self.adapter
        options = [spread] if spread is not None else adapter.spread_options(state)
        best = None
        knocker = state.current_player()
        for melds in options:
            trial = state.clone()
            try:
                adapter.lay(trial, melds)
            except Refused as exc:
                raise Refused("over_knock_limit", f"{text!r}: {exc}") from None
            if PASS not in trial.legal_actions():
                raise Refused("over_knock_limit", f"{text!r}: the spread leaves more deadwood than the knock card")
            trial.apply_action(PASS)
            if trial.finished_layoffs():  # gin: the defender melds at once
                trial = adapter.meld_and_finish(trial)
                score = trial.returns()[knocker]
            else:
                score = adapter.best_defence(trial).returns()[knocker]
            if best is None or score > best[0]:
                best = (score, trial)
        assert best is not None
        _copy_into(state, best[1])

    def _layoff(self, state: Any, action: Action, text: str) -> None:
        if action.verb == "done":
            _copy_into(state, self.adapter.meld_and_finish(state))
            return
        if action.verb != "layoff":
            raise Refused("wrong_phase", f"{text!r}: the defender lays off or says done")
        card = self._card_held(state, action, text)
        if card not in state.legal_actions():
            raise Refused("cannot_lay_off", f"{text!r}: OpenSpiel does not let {action.card} be laid off")
        if action.onto is not None and not any(self._meld_holds(low, action.onto) for low in self.targets(card)):
            raise Refused("cannot_lay_off", f"{text!r}: the meld holding {action.onto} does not take {action.card}")
        state.apply_action(card)

    def _meld_holds(self, low: str, card: Any) -> bool:
        """Whether the knocker's meld named by its lowest card ``low`` holds ``card``."""
        adapter = self.adapter
        utils = adapter.utils()
        knocker = 0 if self.state.knocked()[0] else 1
        pieces = [adapter.names(utils.int_to_meld[meld]) for meld in self.state.layed_melds()[knocker]]
        for joined in join_adjacent_runs(pieces):
            standing = list(joined)
            for extra in adapter.names(self.state.layoffs()):
                if _extends(standing, extra):
                    standing.append(extra)
            if low in standing and str(card) in standing:
                return True
        return False

    def _wall(self, state: Any, action: Action, text: str) -> None:
        legal = state.legal_actions()
        if action.verb == "pass":
            state.apply_action(PASS)
        elif action.verb == "draw" and action.source == "discard":
            if KNOCK not in legal:
                raise Refused("over_knock_limit", f"{text!r}: OpenSpiel lets the last discard be taken only to knock")
            state.apply_action(KNOCK)
        else:
            raise Refused("wrong_phase", f"{text!r}: at the wall OpenSpiel offers {self._offer(state)}")

    def _offer(self, state: Any) -> str:
        return ", ".join(state.action_to_string(state.current_player(), action).split("Action: ")[-1] for action in state.legal_actions())


def _card(text: str) -> Card:
    return parse_card(text)


def _extends(meld: list[str], card: str) -> bool:
    """Whether ``card`` adds to ``meld`` as it stands (the fourth of a set, or the next card of a run)."""
    if card in meld:
        return False
    if not _is_run(meld):
        return card[0] == meld[0][0]
    ranks = [RANKS.index(held[0]) for held in meld]
    return card[1] == meld[0][1] and RANKS.index(card[0]) in (min(ranks) - 1, max(ranks) + 1)


def _copy_into(target: Any, source: Any) -> None:
    """Make ``target`` (a state being built for a trial) follow ``source``: replay the extra actions."""
    done = len(target.history())
    for action in source.history()[done:]:
        target.apply_action(action)
