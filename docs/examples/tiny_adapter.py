"""A ginspec adapter for a tiny gin engine written in Python.

The engine's own functions (here three small ones) stay as they are; the adapter declares what
the engine can do and turns each question into a call. Check it with:

    ginspec check --engine docs.examples.tiny_adapter:TinyAdapter --area melds --area deadwood
"""

from ginspec.adapters.base import Adapter, Capabilities, Question

RANKS = "A23456789TJQK"


# -- the engine ------------------------------------------------------------------------------------


def rank(card):
    return RANKS.index(card[0])


def value(card):
    return min(rank(card) + 1, 10)


def meld_type(cards):
    """'set', 'run' or None."""
    if len(cards) >= 3 and len({card[0] for card in cards}) == 1:
        return "set" if len(cards) <= 4 else None
    if len(cards) >= 3 and len({card[1] for card in cards}) == 1:
        ranks = sorted(rank(card) for card in cards)
        if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return "run"
    return None


def least_deadwood(hand):
    """The least deadwood of a hand, trying every way to take a meld out of it."""
    best = sum(value(card) for card in hand)
    cards = sorted(hand, key=rank)
    for size in (3, 4):
        for start in range(len(cards)):
            for group in _groups(cards, start, size):
                best = min(best, least_deadwood(hand - group))
    for suit in "cdhs":
        run = sorted((card for card in hand if card[1] == suit), key=rank)
        for start in range(len(run)):
            for end in range(start + 3, len(run) + 1):
                if meld_type(run[start:end]) == "run":
                    best = min(best, least_deadwood(hand - frozenset(run[start:end])))
    return best


def _groups(cards, start, size):
    same = [card for card in cards if card[0] == cards[start][0]]
    if same[0] != cards[start] or len(same) < size:
        return []
    if size == len(same):
        return [frozenset(same)]
    return [frozenset(same) - {card} for card in same]


# -- the adapter -----------------------------------------------------------------------------------


class TinyAdapter(Adapter):
    def capabilities(self) -> Capabilities:
        return Capabilities(
            engine="tiny",
            version="1.0",
            kinds=frozenset({"meld", "deadwood"}),
            omits=frozenset({"arrangements"}),
            parameters={"ace_in_runs": ("low",)},  # the ace only low in runs: no Q-K-A
        )

    def ask(self, question: Question) -> dict:
        if question.kind == "meld":
            found = meld_type(question.input["cards"].split())
            return {"valid": found is not None, "type": found}
        if question.kind == "deadwood":
            return {"deadwood": least_deadwood(frozenset(question.input["hand"].split()))}
        raise ValueError(f"not a question this engine answers: {question.kind}")
