"""RLCard's gin rummy behind the adapter interface (``pip install rlcard``).

Run the suite against it with ``--engine ginspec.adapters.rlcard:RLCardAdapter``.

RLCard plays one hand of two-player gin for reinforcement learning: the non-dealer is dealt
eleven cards and there is no upcard, a player who can go gin must, there are no lay-offs, and the
hand is not scored in points (its rewards are a learning signal). Its cards are ``Card(suit,
rank)`` with upper-case suits (``str(card) == 'TD'``); the adapter writes them as ``Td``.

How each kind of question is put to the engine:

- ``meld``: the cards form a meld when ``melding.get_all_run_melds`` or
  ``melding.get_all_set_melds`` of those cards returns a meld made of all of them.
- ``deadwood``: exactly as RLCard's own scorer counts a hand: ``melding.get_best_meld_clusters``
  and ``utils.get_deadwood_count`` of the first best cluster (an empty cluster when there is none).
  ``arrangements`` are all the best clusters, with adjacent run pieces of a suit joined as the
  notation counts them. RLCard counts ten-card hands only (``get_best_meld_clusters`` raises for
  any other size), so a question about a smaller hand is declared unsupported. A hand of more cards
  than a hand at rest holds is a malformed question: it is put to RLCard, whose own
  ``GinRummyProgramError`` is reported as the refusal ``wrong_hand_size``. RLCard refuses nothing
  else that is malformed (it takes a card given twice, for one), so no other refusal is declared.
- ``discard``: RLCard has no count of an eleven-card hand. The adapter asks RLCard's ten-card count
  for each of the eleven discards and reports the least and the discards that reach it (glue that
  only calls the engine). ``can_knock`` and ``can_gin`` are RLCard's own rule,
  ``judge.get_going_out_cards(hand, knock_limit)``: some knock card, or some gin card.
  ``can_big_gin`` is not reported: RLCard has no big gin.
- ``knock``: the knock is legal when the discard is one of RLCard's knock or gin cards for the
  knock limit; ``deadwood`` is RLCard's ten-card count of the cards kept.
- ``round``: a real ``GinRummyGame`` whose deck is stacked from the deal (see :class:`_Round`).

The knock limit is RLCard's ``going_out_deadwood_count``, the dead cards of the stock its
``stockpile_dead_card_count`` and ``discard_taken_card`` its
``is_allowed_to_discard_picked_up_card``. Rules RLCard is designed to play differently are
declared in :meth:`RLCardAdapter.capabilities`; each limit applies only to the kinds of question
the parameter can change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import numpy as np
from rlcard.games.base import Card
from rlcard.games.gin_rummy import judge as rl_judge
from rlcard.games.gin_rummy.game import GinRummyGame
from rlcard.games.gin_rummy.utils import melding
from rlcard.games.gin_rummy.utils.gin_rummy_error import GinRummyProgramError
from rlcard.games.gin_rummy.utils import utils as rl_utils
from rlcard.games.gin_rummy.utils.action_event import (
    ActionEvent,
    DeclareDeadHandAction,
    DiscardAction,
    DrawCardAction,
    GinAction,
    KnockAction,
    PickUpDiscardAction,
    ScoreNorthPlayerAction,
    ScoreSouthPlayerAction,
)
from rlcard.games.gin_rummy.utils.move import ScoreNorthMove, ScoreSouthMove
from rlcard.games.gin_rummy.utils.settings import DealerForRound

from ginspec.adapters.base import Adapter, Capabilities, Question, Refused, join_adjacent_runs, replay_round
from reference_impl.actions import Action, format_action, parse_action
from reference_impl.cards import parse_card

RANKS = "A23456789TJQK"
SUITS = "cdhs"


HAND_SIZES = {"deadwood": (10,)}
"""For a kind, the only sizes of ``input.hand`` RLCard can count (its melding refuses any hand
but ten cards); a question about another size is declined case by case."""


GOING_OUT = frozenset({"discard", "knock", "round"})
PLAY = frozenset({"round"})

# parameter: (values RLCard plays, kinds of question the parameter changes)
LIMITS: dict[str, tuple[tuple[Any, ...], frozenset[str]]] = {
    # _get_going_out_cards only looks at clusters whose deadwood is within 10 of a discard
    "knock_limit": (tuple(range(11)), GOING_OUT),
    "ace_in_runs": (("low",), frozenset({"meld", "deadwood"}) | GOING_OUT),  # the ace is rank 1 only
    "hand_size": ((10,), PLAY),
    "players": ((2,), PLAY),
    "table_format": (("heads_up",), PLAY),
    "first_turn": (("eleven_card_start",), PLAY),  # eleven cards to the non-dealer, no upcard
    "gin_mandatory": ((True,), PLAY),  # when gin is open the judge offers only GinAction
    "big_gin": ((False,), PLAY),
    "layoffs": ((False,), PLAY),  # each hand is scored on its own
    "fiftieth_card_rule": ((True,), PLAY),  # at the dead-card count: declare a dead hand, or pick up
    "oklahoma": ((False,), PLAY),
}


# ---------------------------------------------------------------------------------- notation


def to_engine(card: str) -> Card:
    return Card(card[1].upper(), card[0])


def to_text(card: Card) -> str:
    return card.rank + card.suit.lower()


def _key(card: str) -> tuple[int, int]:
    return SUITS.index(card[1]), RANKS.index(card[0])


def _text(cards: Iterable[Card]) -> str:
    return " ".join(sorted((to_text(card) for card in cards), key=_key))


def _cards(text: str) -> list[Card]:
    return [to_engine(card) for card in text.split()]


# ---------------------------------------------------------------------------------- engine calls


def best_clusters(hand: list[Card]) -> list[list[list[Card]]]:
    return melding.get_best_meld_clusters(hand=hand)


def deadwood_of(hand: list[Card]) -> int:
    """RLCard's count of a ten-card hand, as its scorer takes it."""
    clusters = best_clusters(hand)
    return rl_utils.get_deadwood_count(hand=hand, meld_cluster=clusters[0] if clusters else [])


def going_out(hand: list[Card], knock_limit: int) -> tuple[list[Card], list[Card]]:
    knocks, gins = rl_judge.get_going_out_cards(hand, knock_limit)
    return list(knocks), list(gins)




class _StackedRandom(np.random.RandomState):
    """A random source whose shuffle lays out a given deck: RLCard's dealer shuffles the deck in
    place, then deals and draws with ``pop()`` from its end."""

    def __init__(self, deck: Sequence[Card]) -> None:
        super().__init__(0)
        self._deck = list(deck)

    def shuffle(self, x: Any) -> None:
        x[:] = self._deck


# ---------------------------------------------------------------------------------- the adapter


class RLCardAdapter(Adapter):
    """Asks RLCard's gin rummy (see the module docstring for how each kind is asked)."""

    def capabilities(self) -> Capabilities:
        try:
            engine_version = version("rlcard")
        except PackageNotFoundError:
            engine_version = "unknown"
        return Capabilities(
            engine="rlcard",
            version=engine_version,
            kinds=frozenset({"meld", "deadwood", "discard", "knock", "round"}),
            parameters={name: values for name, (values, _) in LIMITS.items()},
            scopes={name: kinds for name, (_, kinds) in LIMITS.items()},
            # no penalty beyond refusing an illegal move; a hand is not scored in points, so
            # neither the outcome of a knock nor its winner is decided by the engine
            omits=frozenset({"can_big_gin", "forfeits", "points", "outcome", "winner"}),
            home_variant="rlcard",  # spec/variants/rlcard.yaml: the rules it plays
            refuses={"deadwood": frozenset({"wrong_hand_size"})},  # the engine's own refusal, see ask
        )

    def ask(self, question: Question) -> dict[str, Any]:
        sizes = HAND_SIZES.get(question.kind)
        held = len(str(question.input.get("hand", "")).split())
        if sizes is not None and held < min(sizes):
            return {"unsupported": f"RLCard counts hands of {', '.join(map(str, sizes))} cards only"}
        handler = getattr(self, f"_ask_{question.kind}")
        try:
            return handler(question.input, question.parameters)
        except GinRummyProgramError as exc:
            if sizes is None or held <= max(sizes):
                raise
            return {"refused": "wrong_hand_size", "message": f"RLCard: {exc}"}

    def _ask_meld(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        cards = _cards(data["cards"])
        whole = set(map(to_text, cards))
        if any(set(map(to_text, meld)) == whole for meld in melding.get_all_set_melds(cards)):
            return {"valid": True, "type": "set"}
        if any(set(map(to_text, meld)) == whole for meld in melding.get_all_run_melds(cards)):
            return {"valid": True, "type": "run"}
        return {"valid": False, "type": None}

    def _ask_deadwood(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        hand = _cards(data["hand"])
        clusters = best_clusters(hand) or [[]]
        arrangements: dict[tuple[str, ...], list[str]] = {}
        for cluster in clusters:
            melds = [" ".join(meld) for meld in join_adjacent_runs([to_text(card) for card in meld] for meld in cluster)]
            arrangements.setdefault(tuple(sorted(melds)), melds)
        return {"deadwood": deadwood_of(hand), "arrangements": list(arrangements.values())}

    def _ask_discard(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        hand = _cards(data["hand"])
        counts = {to_text(card): deadwood_of([held for held in hand if held != card]) for card in hand}
        least = min(counts.values())
        knocks, gins = going_out(hand, int(parameters["knock_limit"]))
        return {
            "deadwood": least,
            "discards": " ".join(sorted((card for card, count in counts.items() if count == least), key=_key)),
            "can_knock": bool(knocks or gins),
            "can_gin": bool(gins),
        }

    def _ask_knock(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        hand = _cards(data["hand"])
        discard = to_engine(data["discard"])
        if discard not in hand:
            raise ValueError(f"{data['discard']} is not in the hand")
        knocks, gins = going_out(hand, int(parameters["knock_limit"]))
        deadwood = deadwood_of([card for card in hand if card != discard])
        return {"legal": discard in knocks or discard in gins, "deadwood": deadwood, "gin": deadwood == 0}

    def _ask_round(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> dict[str, Any]:
        if any(parse_action(text).spread is not None for text in data["actions"]):
            # RLCard melds its own best cluster: a knock with a chosen spread cannot be put to it
            return {"unsupported": "RLCard melds the knocker's best cluster itself; a knock with a chosen spread cannot be played"}
        hand = _Round(data, parameters)
        return replay_round(data["actions"], data.get("observe_after", ()), lambda text: hand.play(parse_action(text)), hand.observe, hand.result)


class _Round:
    """One hand in a real ``GinRummyGame``, driven by actions in the suite's notation.

    The deck is stacked so that the non-dealer is dealt his eleven cards, the dealer his ten, and
    the stock comes in the deal's order; the dealer is pinned with ``settings.dealer_for_round``.
    RLCard's player 0 (North) is seat ``p1`` and player 1 (South) seat ``p2``.

    Translation: ``discard C`` is ``DiscardAction(C)``; ``knock C`` is ``KnockAction(C)``, or,
    when the judge offers only ``GinAction`` (gin is forced), ``GinAction`` if C is one of the gin
    cards of ``judge.get_going_out_cards`` (RLCard then picks the gin discard itself); ``draw
    stock`` is ``DrawCardAction``; ``draw discard`` is ``PickUpDiscardAction``; at the dead-card
    count of the stock (the ``wall``) ``pass`` is ``DeclareDeadHandAction``. After a knock that is
    not gin the defender's ``done`` is RLCard's two scoring steps (each player melds his best
    cluster); after gin and a dead hand they follow at once. An explicit spread given with a knock
    is not passed on: RLCard always melds its own best cluster.
    """

    def __init__(self, data: Mapping[str, Any], parameters: Mapping[str, Any]) -> None:
        dealt = data["deal"]
        dealer = dealt["dealer"]
        non_dealer = "p1" if dealer == "p2" else "p2"
        self.seats = ("p1", "p2")
        order = _cards(dealt["hands"][non_dealer]) + _cards(dealt["hands"][dealer]) + _cards(dealt["stock"])
        game = GinRummyGame()
        settings = game.settings
        settings.dealer_for_round = DealerForRound.North if dealer == "p1" else DealerForRound.South
        settings.going_out_deadwood_count = int(parameters["knock_limit"])
        settings.stockpile_dead_card_count = int(parameters["stock_dead_cards"])
        settings.is_allowed_to_discard_picked_up_card = bool(parameters["discard_taken_card"])
        game.np_random = _StackedRandom(list(reversed(order)))
        game.init_game()
        self.game = game
        self._offered: tuple[int, list[ActionEvent]] | None = None
        self.knock_limit = settings.going_out_deadwood_count

    # -------------------------------------------------------------- looking

    def _legal_events(self) -> list[ActionEvent]:
        """RLCard's legal actions in the position as it stands. The judge works them out afresh
        (melding the hand) each time it is asked, and the position is looked at several times
        between two moves, so they are asked once per move (every move goes through
        ``game.step``, which records it in ``game.actions``)."""
        moves = len(self.game.actions)
        if self._offered is None or self._offered[0] != moves:
            self._offered = (moves, self.game.judge.get_legal_actions())
        return list(self._offered[1])

    def _last(self) -> ActionEvent | None:
        return self.game.get_last_action()

    def _pending_score(self) -> bool:
        return isinstance(self._last(), KnockAction)

    def _player(self) -> int:
        """The RLCard player whose move it is in the suite's terms (the defender after a knock)."""
        rnd = self.game.round
        if self._pending_score():
            return 1 - rnd.going_out_player_id
        return rnd.current_player_id

    def phase(self) -> str:
        if self.game.is_over():
            return "over"
        last = self._last()
        if self._pending_score():
            return "layoff"
        if last is None or isinstance(last, (DrawCardAction, PickUpDiscardAction)):
            return "discard"
        if any(isinstance(action, DeclareDeadHandAction) for action in self._legal_events()):
            return "wall"
        return "draw"

    def observe(self) -> dict[str, Any]:
        over = self.game.is_over()
        return {
            "to_play": None if over else self.seats[self._player()],
            "phase": self.phase(),
            "legal": [format_action(action) for action in self.legal()],
            "stock": len(self.game.round.dealer.stock_pile),
            "knock_limit": self.knock_limit,
        }

    def legal(self) -> list[Action]:
        if self.game.is_over():
            return []
        player = self.seats[self._player()]
        if self._pending_score():
            return [Action(player, "done")]
        actions: list[Action] = []
        for event in self._legal_events():
            if isinstance(event, DiscardAction):
                actions.append(Action(player, "discard", card=parse_card(to_text(event.card))))
            elif isinstance(event, KnockAction):
                actions.append(Action(player, "knock", card=parse_card(to_text(event.card))))
            elif isinstance(event, GinAction):
                _, gins = going_out(self._hand(), self.knock_limit)
                actions += [Action(player, "knock", card=parse_card(to_text(card))) for card in gins]
            elif isinstance(event, DrawCardAction):
                actions.append(Action(player, "draw", source="stock"))
            elif isinstance(event, PickUpDiscardAction):
                actions.append(Action(player, "draw", source="discard"))
            elif isinstance(event, DeclareDeadHandAction):
                actions.append(Action(player, "pass"))
        return actions

    def _hand(self) -> list[Card]:
        return list(self.game.round.players[self.game.round.current_player_id].hand)

    # -------------------------------------------------------------- acting

    def play(self, action: Action) -> None:
        text = format_action(action)
        if self.game.is_over():
            raise Refused("hand_over", f"{text!r}: the hand is over")
        if action.player != self.seats[self._player()]:
            raise Refused("not_your_turn", f"{text!r}: it is {self.seats[self._player()]}'s turn")
        phase = self.phase()
        if phase == "layoff":
            if action.verb == "done":
                self._score()
                return
            if action.verb == "layoff":
                raise Refused("cannot_lay_off", f"{text!r}: RLCard has no lay-offs")
            raise Refused("wrong_phase", f"{text!r}: the hand waits for the defender's count")
        legal = self._legal_events()
        if phase == "discard":
            self._discard_phase(action, text, legal)
        elif action.verb == "draw" and action.source == "discard":
            self._step(legal, PickUpDiscardAction(), "wrong_phase", text)
        elif action.verb == "draw" and action.source == "stock":
            self._step(legal, DrawCardAction(), "wrong_phase", text)
        elif action.verb == "pass" and phase == "wall":
            self._step(legal, DeclareDeadHandAction(), "wrong_phase", text)
            self._score()
        else:
            raise Refused("wrong_phase", f"{text!r}: RLCard offers {', '.join(map(str, legal))}")

    def _step(self, legal: list[ActionEvent], event: ActionEvent, reason: str, text: str) -> None:
        if event not in legal:
            raise Refused(reason, f"{text!r}: RLCard offers {', '.join(map(str, legal))}")
        self.game.step(event)

    def _discard_phase(self, action: Action, text: str, legal: list[ActionEvent]) -> None:
        if action.verb == "big-gin":
            raise Refused("not_big_gin", f"{text!r}: RLCard has no big gin")
        if action.verb not in ("discard", "knock"):
            raise Refused("wrong_phase", f"{text!r}: the player must discard or knock")
        assert action.card is not None
        card = to_engine(str(action.card))
        if card not in self._hand():
            raise Refused("card_not_held", f"{text!r}: {action.player} does not hold {action.card}")
        forced = GinAction() in legal
        if action.verb == "discard":
            if forced:
                raise Refused("gin_required", f"{text!r}: RLCard offers only gin")
            self._step(legal, DiscardAction(card), "taken_card", text)
            return
        if forced:
            _, gins = going_out(self._hand(), self.knock_limit)
            if card not in gins:
                raise Refused("gin_required", f"{text!r}: RLCard offers only gin, discarding {_text(gins)}")
            self.game.step(GinAction())
            self._score()
            return
        self._step(legal, KnockAction(card), "over_knock_limit", text)

    def _score(self) -> None:
        """RLCard's two scoring steps: each player melds his best cluster."""
        self.game.step(ScoreNorthPlayerAction())
        self.game.step(ScoreSouthPlayerAction())

    # -------------------------------------------------------------- the end

    def result(self) -> dict[str, Any]:
        if not self.game.is_over():
            return {"finished": False}
        rnd = self.game.round
        going_out_action = rnd.going_out_action
        if isinstance(going_out_action, DeclareDeadHandAction):
            return {"outcome": "void", "winner": "none", "finished": True}
        counts = {}
        for move in rnd.move_sheet:
            if isinstance(move, ScoreNorthMove):
                counts[0] = move.deadwood_count
            elif isinstance(move, ScoreSouthMove):
                counts[1] = move.deadwood_count
        knocker = rnd.going_out_player_id
        answer: dict[str, Any] = {
            "knocker": self.seats[knocker],
            "knocker_deadwood": counts[knocker],
            "defender_deadwood": counts[1 - knocker],
            "layoffs": "",
            "finished": True,
        }
        if isinstance(going_out_action, GinAction):
            answer.update(outcome="gin", winner=self.seats[knocker])
        return answer
