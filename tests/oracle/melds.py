"""Melds, arrangements and least deadwood, by exhaustive search.

Everything here is written for plain correctness: the melds of a hand are found by
testing every group of its cards of one rank or of one suit, and the least deadwood
by trying every collection of pairwise-disjoint melds.
"""

from functools import cache
from itertools import combinations

from .aces import aces_high, run_positions
from .cards import SUITS, format_hand, parse_hand, rank, sort_key, suit, total_value


def meld_type(cards):
    """Return ``"set"``, ``"run"`` or ``None`` for a group of cards.

    * MELD-SET: three or four cards of one rank. A pack has four cards of a rank,
      so five can never be a set (a repeated card raises ValueError).
    * MELD-RUN: three or more cards of one suit whose ranks are consecutive.
    * MELD-RUN-ACE-LOW / CARD-RANK-ACE-LOW: the ace counts 1 only, so A-2-3 is a
      run and Q-K-A is not.
    * MELD-RUN-NO-WRAP: K (13) and A (1) are not consecutive, so K-A-2 is not a run.
    * MELD-RUN-ACE-HIGH: under ``ace_in_runs: low_or_high`` (tests/oracle/aces.py) the ace may
      also count 14 in a run, so Q-K-A is a run too, and K-A-2 still is not.
    """
    return _kind(parse_hand(cards))


def _kind(cards):
    """meld_type for cards already known to be distinct, valid cards."""
    if len(cards) < 3:
        return None
    ranks = sorted(rank(c) for c in cards)
    if len(set(ranks)) == 1 and len(cards) <= 4:
        return "set"
    if len({suit(c) for c in cards}) == 1 and run_positions(ranks) is not None:
        return "run"
    return None


def all_melds(hand):
    """Every meld contained in the hand: each group of three or more of its cards
    that is a set or a run, returned as frozensets in a fixed order.

    A meld is all of one rank or all of one suit, so it is enough to test every
    subset of each rank's cards and of each suit's cards (a shortcut for speed
    only: the same groups as testing every subset of the hand)."""
    hand = sorted(parse_hand(hand), key=sort_key)
    groups = [[c for c in hand if rank(c) == r] for r in range(1, 14)]
    groups += [[c for c in hand if suit(c) == s] for s in SUITS]
    found = []
    for group in groups:
        for size in range(3, len(group) + 1):
            for combo in combinations(group, size):
                if _kind(combo) is not None:
                    found.append(frozenset(combo))
    return found


def disjoint_collections(melds):
    """Yield every collection (tuple) of pairwise-disjoint melds taken from
    ``melds``, the empty collection included (MELD-DISJOINT)."""
    melds = list(melds)

    def walk(i, used, chosen):
        if i == len(melds):
            yield tuple(chosen)
            return
        yield from walk(i + 1, used, chosen)
        if not (melds[i] & used):
            chosen.append(melds[i])
            yield from walk(i + 1, used | melds[i], chosen)
            chosen.pop()

    yield from walk(0, frozenset(), [])


def normalise(collection):
    """Merge the runs of a collection that touch end to end in one suit, so that
    ``4s 5s 6s | 7s 8s 9s`` and ``4s 5s 6s 7s 8s 9s`` become the same arrangement
    (spec/notation.md, Arrangements). Returns a frozenset of frozensets."""
    melds = [frozenset(m) for m in collection]
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(melds):
            for j, b in enumerate(melds):
                if i == j or _kind(a) != "run" or _kind(b) != "run":
                    continue
                if _kind(a | b) == "run":
                    melds = [m for k, m in enumerate(melds) if k not in (i, j)]
                    melds.append(a | b)
                    merged = True
                    break
            if merged:
                break
    return frozenset(melds)


def _solve(hand):
    return _solve_under(hand, aces_high())


@cache
def _solve_under(hand, _aces_high):
    """(least deadwood, optimal normalised arrangements) of a frozenset hand."""
    best = None
    arrangements = set()
    for collection in disjoint_collections(all_melds(hand)):
        melded = frozenset().union(*collection)
        deadwood = total_value(hand - melded)
        if best is None or deadwood < best:
            best = deadwood
            arrangements = set()
        if deadwood == best:
            arrangements.add(normalise(collection))
    return best, frozenset(arrangements)


def least_deadwood(hand):
    """Least deadwood of a hand: the minimum, over every collection of
    pairwise-disjoint melds (MELD-DISJOINT, MELD-ARRANGEMENT-CHOICE), of the
    summed values of the cards in no meld (DEADWOOD-COUNT, CARD-VALUES)."""
    return _solve(frozenset(parse_hand(hand)))[0]


def optimal_arrangements(hand):
    """Every arrangement reaching the least deadwood, normalised (adjacent run
    cards of one suit form one run) and without duplicates: a set of frozensets
    (arrangements) of frozensets (melds) of card strings."""
    return set(_solve(frozenset(parse_hand(hand)))[1])


def format_meld(meld):
    """Canonical text of a meld: a set by suit, a run by rank."""
    return format_hand(meld)


def meld_order(meld):
    """Printing order of the melds of a spread: sets (by rank) before runs (by
    suit, then lowest rank)."""
    cards = sorted(meld, key=sort_key)
    if meld_type(cards) == "set":
        return (0, rank(cards[0]), 0)
    return (1, sort_key(cards[0])[0], rank(cards[0]))


def format_arrangement(arrangement):
    """A list of meld texts in printing order."""
    return [format_meld(m) for m in sorted(arrangement, key=meld_order)]
