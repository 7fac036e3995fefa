#!/usr/bin/env python3
"""A gin engine for the ginspec conformance suite, in plain Python (standard library only).

It speaks the JSON-lines protocol of spec/protocol.md on standard input and output and answers the
hand questions: meld, deadwood, discard and knock (spec/vectors.md). Check it with

    ginspec check --engine "exec:python3 gin_engine.py"

Replace the functions of the hand questions with calls into your own engine, one kind at a time.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple

ENGINE = {"engine": "example-python", "version": "1.0"}
KINDS = ["meld", "deadwood", "discard", "knock"]
RANKS = "A23456789TJQK"
SUITS = "cdhs"


class Card(NamedTuple):
    """A card in the notation of spec/notation.md: rank then suit, ``Ac``, ``Th``."""

    rank: int
    suit: str
    text: str

    @property
    def value(self) -> int:
        return min(self.rank, 10)  # CARD-VALUES: ace 1, faces 10


def parse_cards(text: str) -> list[Card]:
    cards = []
    for word in text.split():
        if len(word) != 2 or word[0] not in RANKS or word[1] not in SUITS:
            raise ValueError(f"{word!r} is not a card")
        cards.append(Card(RANKS.index(word[0]) + 1, word[1], word))
    return cards


def meld_type(cards: list[Card]) -> str | None:
    """MELD-SET, MELD-RUN (ace low only: MELD-RUN-ACE-LOW, MELD-RUN-NO-WRAP); None when no meld."""
    if len(cards) < 3 or len({card.text for card in cards}) != len(cards):
        return None
    if len(cards) <= 4 and all(card.rank == cards[0].rank for card in cards):
        return "set"
    if all(card.suit == cards[0].suit for card in cards):
        ranks = sorted(card.rank for card in cards)
        if all(later == earlier + 1 for earlier, later in zip(ranks, ranks[1:])):
            return "run"
    return None


def possible_melds(cards: list[Card]) -> list[int]:
    """Every meld the hand holds, as a bit mask over its cards. A meld is all of one rank or all of
    one suit, so only the groups of cards sharing a rank or a suit are tried."""
    count = len(cards)
    groups = [[i for i in range(count) if cards[i].rank == rank] for rank in range(1, 14)]
    groups += [[i for i in range(count) if cards[i].suit == suit] for suit in SUITS]
    melds = set()
    for group in groups:
        for size in range(3, len(group) + 1):
            for chosen in combinations(group, size):
                if meld_type([cards[i] for i in chosen]) is not None:
                    melds.add(sum(1 << i for i in chosen))
    return sorted(melds)


def least_deadwood(cards: list[Card]) -> int:
    """DEADWOOD-COUNT, MELD-DISJOINT: the least total value left out of disjoint melds."""
    melds = possible_melds(cards)

    @lru_cache(maxsize=None)
    def best(left: int) -> int:
        if not left:
            return 0
        first = (left & -left).bit_length() - 1
        result = cards[first].value + best(left & ~(1 << first))
        for meld in melds:
            if meld >> first & 1 and meld & left == meld:
                result = min(result, best(left & ~meld))
        return result

    return best((1 << len(cards)) - 1)


def answer(kind: str, data: dict[str, Any], parameters: dict[str, Any]) -> dict[str, Any]:
    if kind == "meld":
        found = meld_type(parse_cards(data["cards"]))
        return {"valid": found is not None, "type": found}
    if kind == "deadwood":
        return {"deadwood": least_deadwood(parse_cards(data["hand"]))}
    if kind == "discard":  # DEADWOOD-AFTER-DRAW: every discard tried; the discard is never counted
        hand = parse_cards(data["hand"])
        counts = [least_deadwood(hand[:i] + hand[i + 1 :]) for i in range(len(hand))]
        least = min(counts)
        return {
            "deadwood": least,
            "discards": " ".join(card.text for card, count in zip(hand, counts) if count == least),
            "can_knock": least <= parameters["knock_limit"],
            "can_gin": least == 0,
            "can_big_gin": parameters.get("big_gin") is True and least_deadwood(hand) == 0,
        }
    if kind == "knock":  # KNOCK-LIMIT: the cards kept after the discard count at most the limit
        hand = parse_cards(data["hand"])
        kept = [card for card in hand if card.text != data["discard"]]
        if len(kept) == len(hand):
            raise ValueError(f"the discard {data['discard']} is not in the hand")
        deadwood = least_deadwood(kept)
        return {"legal": deadwood <= parameters["knock_limit"], "deadwood": deadwood, "gin": deadwood == 0}
    return {"unsupported": f"this engine does not answer {kind} questions"}


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message["type"] == "start":
            send({"type": "capabilities", "protocol": 1, **ENGINE, "kinds": KINDS, "omits": ["arrangements"],
                  "parameters": {"ace_in_runs": ["low"]}})  # the ace only low in runs: no Q-K-A
        elif message["type"] == "ask":
            send({"type": "answer", "id": message["id"], "answer": answer(message["kind"], message["input"], message["parameters"])})
        elif message["type"] == "stop":
            return 0
        else:
            sys.stderr.write(f"unknown message type {message['type']!r}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
