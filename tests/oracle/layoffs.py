"""Lay-offs by simulation.

Which groups of the defender's cards can be laid off on the knocker's spread is
found by literally playing the cards one at a time onto the melds, in every order
and onto every meld that accepts them; the defender's deadwood is then minimised
over those groups together with his own melds of the cards he keeps.
"""

from .aces import aces_high
from .cards import parse_hand, rank, suit
from .melds import least_deadwood, meld_type


def accepts(meld, card):
    """Does ``meld`` (as it lies now) accept ``card`` as a lay-off?

    * LAYOFF-EXTEND-SET: a set of exactly three takes the fourth card of its rank;
      a set of four takes nothing.
    * LAYOFF-EXTEND-RUN: a run takes the card of its suit one rank below its lowest
      card or one above its highest, the ace low and with no wrap (an ace is never
      laid on a run ending in the king), unless aces may be high (MELD-RUN-ACE-HIGH): then
      the ace goes on above the king, and nothing goes on above an ace.
    """
    if card in meld:
        return False
    kind = meld_type(meld)
    if kind == "set":
        return len(meld) == 3 and rank(card) == rank(next(iter(meld)))
    if kind == "run":
        if suit(card) != suit(next(iter(meld))):
            return False
        if aces_high():  # MELD-RUN-ACE-HIGH: the card fits when the longer group is still a run
            return meld_type(set(meld) | {card}) == "run"
        ranks = [rank(c) for c in meld]
        return rank(card) == min(ranks) - 1 or rank(card) == max(ranks) + 1
    raise ValueError(f"{sorted(meld)} is not a meld")


def layable_groups(knocker_melds, defender, chaining=True):
    """Every group of the defender's cards that can all be laid off, as a set of
    frozensets (the empty group included).

    The search explores every state reachable by laying one more card on one meld
    that accepts it. With ``chaining`` (LAYOFF-CHAIN) a meld already extended keeps
    accepting cards, so 4h then 5h go onto Ah 2h 3h. Without it a card must extend
    a meld as the knocker spread it (several cards may still go on one meld, each
    fitting the original).
    """
    original = tuple(frozenset(m) for m in knocker_melds)
    defender = frozenset(defender)
    start = (frozenset(), original)
    seen = {start}
    stack = [start]
    groups = set()
    while stack:
        placed, melds = stack.pop()
        groups.add(placed)
        for card in defender - placed:
            for i, meld in enumerate(melds):
                target = meld if chaining else original[i]
                if not accepts(target, card):
                    continue
                grown = melds[:i] + (meld | {card},) + melds[i + 1:]
                state = (placed | {card}, grown)
                if state not in seen:
                    seen.add(state)
                    stack.append(state)
    return groups


def check_spread(melds, cards=None):
    """Raise ValueError unless ``melds`` are valid, pairwise-disjoint melds (and,
    when ``cards`` is given, made of those cards only)."""
    used = set()
    for meld in melds:
        meld = parse_hand(meld)
        if meld_type(meld) is None:
            raise ValueError(f"{' '.join(meld)} is not a meld")
        if used & set(meld):
            raise ValueError("melds share a card")
        used |= set(meld)
    if cards is not None and not used <= set(cards):
        raise ValueError("a meld holds a card that is not in the hand")


def defender_after_layoffs(knocker_melds, defender, params):
    """The defender's least deadwood against a knocker's spread after a knock
    that is not gin.

    LAYOFF-OPTIMAL: the minimum is taken jointly over every group S of his cards
    that can be laid off (LAYOFF-TARGET-KNOCKER-MELDS, LAYOFF-EXTEND-SET,
    LAYOFF-EXTEND-RUN, LAYOFF-CHAIN) and the best melds of the cards he keeps
    (LAYOFF-DEFENDER-MELDS): deadwood = min over S of least_deadwood(defender - S).
    ``params["layoffs"]`` false allows no lay-off; ``params["layoff_chaining"]``
    false forbids chains.

    Returns ``(deadwood, groups)`` where ``groups`` is the frozenset of every
    group S reaching that minimum.
    """
    melds = [frozenset(parse_hand(m)) for m in knocker_melds]
    defender = frozenset(parse_hand(defender))
    check_spread(melds)
    for meld in melds:
        if meld & defender:
            raise ValueError("a card is both in the knocker's spread and the defender's hand")
    if params["layoffs"]:
        groups = layable_groups(melds, defender, chaining=bool(params["layoff_chaining"]))
    else:
        groups = {frozenset()}
    results = {group: least_deadwood(defender - group) for group in groups}
    best = min(results.values())
    return best, frozenset(g for g, d in results.items() if d == best)
