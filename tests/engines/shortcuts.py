"""Engines that take the shortcuts real engines take, written here from scratch (sharing no code
with the miniatures that model the same defects), to show that fuzzing files each under the rule
it breaks:

- :class:`WholeMeldsOnly`: the meld search uses whole groups of a rank and whole longest runs only,
  never splitting one (DEADWOOD-COUNT), where an earlier fuzzing blamed CARD-VALUES;
- :class:`ElevenCardKnock`: a knock is judged on all eleven cards, the knock discard counted
  (KNOCK-COUNT-AFTER-DISCARD), where it blamed KNOCK-LIMIT;
- :class:`LayOffInMeldOrder`: the defender lays off meld by meld in the listed order, every card
  that fits, chains included, and only then melds the rest (LAYOFF-OPTIMAL), where it blamed
  LAYOFF-CHAIN.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter

RANKS = "A23456789TJQK"


def _rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


def _value(card: str) -> int:
    return min(_rank(card), 10)


def _whole_melds(cards: list[str]) -> list[frozenset[str]]:
    melds = []
    for rank in RANKS:
        same = frozenset(card for card in cards if card[0] == rank)
        if len(same) >= 3:
            melds.append(same)
    for suit in "cdhs":
        held = {_rank(card) for card in cards if card[1] == suit}
        rank = 1
        while rank <= 13:
            if rank in held:
                end = rank
                while end + 1 in held:
                    end += 1
                if end - rank >= 2:
                    melds.append(frozenset(RANKS[r - 1] + suit for r in range(rank, end + 1)))
                rank = end + 1
            else:
                rank += 1
    return melds


def whole_meld_deadwood(cards: list[str]) -> int:
    """The least deadwood over disjoint whole melds only."""
    melds = _whole_melds(cards)
    best = sum(_value(card) for card in cards)
    for size in range(1, len(melds) + 1):
        for chosen in combinations(melds, size):
            used = [card for meld in chosen for card in meld]
            if len(used) == len(set(used)):
                best = min(best, sum(_value(card) for card in cards if card not in used))
    return best


def _true_deadwood(cards: list[str]) -> int:
    from reference_impl.cards import parse_cards
    from reference_impl.hand import mask_of
    from reference_impl.deadwood import least_deadwood

    return least_deadwood(mask_of(parse_cards(" ".join(cards))))


class _Engine(ReferenceAdapter):
    NAME = ""
    KINDS = frozenset({"deadwood", "knock", "layoff"})

    def capabilities(self) -> Capabilities:
        return Capabilities(engine=self.NAME, version="1", kinds=self.KINDS, omits=frozenset({"arrangements", "layoffs"}))


class WholeMeldsOnly(_Engine):
    NAME = "whole-melds-only"

    def ask(self, question: Question) -> dict[str, Any]:
        if question.kind == "deadwood":
            return {"deadwood": whole_meld_deadwood(question.input["hand"].split())}
        return super().ask(question)


class ElevenCardKnock(_Engine):
    NAME = "eleven-card-knock"

    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)
        if question.kind == "knock" and "legal" in answer:
            eleven = _true_deadwood(question.input["hand"].split())
            answer["legal"] = answer["gin"] or eleven <= question.parameters["knock_limit"]
        return answer


def _fits(meld: list[str], card: str) -> bool:
    ranks = sorted(_rank(other) for other in meld)
    if len({other[0] for other in meld}) == 1:
        return card[0] == meld[0][0] and len(meld) < 4
    suit = meld[0][1]
    return card[1] == suit and _rank(card) in (ranks[0] - 1, ranks[-1] + 1)


class LayOffInMeldOrder(_Engine):
    NAME = "lay-off-in-meld-order"

    def ask(self, question: Question) -> dict[str, Any]:
        if question.kind != "layoff" or not question.parameters.get("layoffs", True):
            return super().ask(question)
        left = question.input["defender"].split()
        for text in question.input["knocker_melds"]:
            meld = text.split()
            placed = True
            while placed:
                placed = False
                for card in sorted(left, key=_rank):
                    if _fits(meld, card):
                        meld.append(card)
                        left.remove(card)
                        placed = True
                        break
        return {"deadwood": _true_deadwood(left)}
