"""A tiny gin engine speaking the ginspec JSON-lines protocol.

It answers two kinds of question, ``meld`` (is this a set or a run?) and ``deadwood`` (the least
deadwood of a hand), and declares that it cannot list arrangements. Everything else is reported
by the suite as unsupported. Check it with:

    ginspec check --engine "exec:python docs/examples/tiny_engine.py" --area melds --area deadwood
"""

import json
import sys

RANKS = "A23456789TJQK"


def rank(card):
    return RANKS.index(card[0])


def value(card):
    return min(rank(card) + 1, 10)


def meld_type(cards):
    """'set', 'run' or None: the rules MELD-SET, MELD-RUN, MELD-RUN-ACE-LOW, MELD-RUN-NO-WRAP."""
    if len(cards) >= 3 and len({card[0] for card in cards}) == 1:
        return "set" if len(cards) <= 4 else None
    if len(cards) >= 3 and len({card[1] for card in cards}) == 1:
        ranks = sorted(rank(card) for card in cards)
        if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return "run"
    return None


def all_melds(hand):
    """Every set and run that can be taken from the hand."""
    melds = []
    for r in RANKS:
        same = [card for card in hand if card[0] == r]
        if len(same) >= 3:
            melds.append(frozenset(same))
            if len(same) == 4:
                melds += [frozenset(same) - {card} for card in same]
    for suit in "cdhs":
        cards = sorted((card for card in hand if card[1] == suit), key=rank)
        for start in range(len(cards)):
            for end in range(start + 3, len(cards) + 1):
                if meld_type(cards[start:end]) == "run":
                    melds.append(frozenset(cards[start:end]))
    return melds


def least_deadwood(hand, melds=None):
    """The least deadwood over every choice of disjoint melds (MELD-DISJOINT, DEADWOOD-COUNT)."""
    melds = all_melds(hand) if melds is None else melds
    best = sum(value(card) for card in hand)
    for index, meld in enumerate(melds):
        if meld <= hand:
            best = min(best, least_deadwood(hand - meld, melds[index + 1:]))
    return best


def answer(kind, data):
    if kind == "meld":
        found = meld_type(data["cards"].split())
        return {"valid": found is not None, "type": found}
    if kind == "deadwood":
        return {"deadwood": least_deadwood(frozenset(data["hand"].split()))}
    return {"error": "unsupported"}


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        send({"type": "capabilities", "protocol": 1, "engine": "tiny", "version": "1.0",
              "kinds": ["meld", "deadwood"], "parameters": {"ace_in_runs": ["low"]}, "omits": ["arrangements"]})
    elif message["type"] == "ask":
        send({"type": "answer", "id": message["id"], "answer": answer(message["kind"], message["input"])})
    elif message["type"] == "stop":
        break
