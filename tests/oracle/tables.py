"""A second, plain working of the games for three and four players (spec/tables.md).

Three functions give the ``expected`` of a vector of each kind from its input
and the resolved variant parameters (plain dicts):

- ``table_hand(data, params)``: one hand at a table of three or four;
- ``partnership(data, params)``: a four-player partnership game;
- ``three_player(data, params)``: a three-player game.

Everything is done the slow, obvious way: a hand's melds are found by trying
every group of its cards of one rank or of one suit, lay-offs by trying every
group of a player's cards, and the games by walking through the hands one at a
time. Standard library
only; it shares no code with the reference engine or the harness.
"""

from functools import lru_cache
from itertools import combinations

RANKS = "A23456789TJQK"
SUITS = "cdhs"
SEATS = ["p1", "p2", "p3", "p4"]


class Refused(Exception):
    """The question has no answer but an error; ``code`` names it."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


# ------------------------------------------------------------------ cards


def card(token):
    if len(token) != 2 or token[0] not in RANKS or token[1] not in SUITS:
        raise Refused("invalid_hand")
    return (RANKS.index(token[0]) + 1, token[1])


def cards(text):
    hand = [card(token) for token in text.split()]
    if len(set(hand)) != len(hand):
        raise Refused("invalid_hand")
    return hand


def value(c):
    return min(c[0], 10)


def is_meld(group):
    if len(group) < 3:
        return False
    ranks = sorted(c[0] for c in group)
    if len(set(ranks)) == 1:
        return len(group) <= 4
    if len(set(c[1] for c in group)) != 1:
        return False
    return all(ranks[i + 1] == ranks[i] + 1 for i in range(len(ranks) - 1))


def all_melds(hand):
    """Every group of three or more of these cards that is a meld. A meld's cards are all of one
    rank (a set) or all of one suit (a run), so every group of the cards of each rank and of each
    suit is tried."""
    found = []
    for key in (0, 1):  # the cards of one rank, then the cards of one suit
        alike = {}
        for c in hand:
            alike.setdefault(c[key], []).append(c)
        for same in alike.values():
            for size in range(3, len(same) + 1):
                for group in combinations(same, size):
                    if is_meld(group):
                        found.append(frozenset(group))
    return found


def arrangements(hand):
    """Every way to put some of the cards into disjoint melds, as lists of melds."""
    melds = all_melds(hand)
    result = []

    def grow(start, used, chosen):
        result.append(list(chosen))
        for i in range(start, len(melds)):
            if not (melds[i] & used):
                grow(i + 1, used | melds[i], chosen + [melds[i]])

    grow(0, frozenset(), [])
    return result


def leftover(hand, melds):
    used = set()
    for meld in melds:
        used |= meld
    return sum(value(c) for c in hand if c not in used)


def least(hand):
    """The least deadwood of ``hand`` over all its arrangements; a hand's answer depends on its
    cards alone, so it is worked out once per set of cards."""
    return _least_of(frozenset(hand))


@lru_cache(maxsize=None)
def _least_of(hand):
    hand = list(hand)
    return min(leftover(hand, melds) for melds in arrangements(hand))


# ------------------------------------------------------------------ lay-offs


def fits(c, meld):
    """Whether card ``c`` can go onto ``meld`` (a set of cards on the table)."""
    return is_meld(list(meld) + [c])


def can_lay_off_all(group, table_melds, chaining):
    """Whether every card of ``group`` can be laid off onto ``table_melds``.

    Without chaining each card must fit a meld as the knocker spread it. With
    chaining the cards go on one at a time, each onto a meld as it has grown
    so far; adding a card never stops another from fitting, so putting on any
    card that fits, as long as one does, finds out the answer."""
    if not chaining:
        return all(any(fits(c, meld) for meld in table_melds) for c in group)
    grown = [set(meld) for meld in table_melds]
    waiting = list(group)
    while waiting:
        if not _put_one_on(grown, waiting):
            return False
    return True


def _put_one_on(grown, waiting) -> bool:
    """Put one of the ``waiting`` cards that fits onto the meld of ``grown`` it fits, and take it
    from ``waiting``; False when none of them fits."""
    for c in waiting:
        home = next((meld for meld in grown if fits(c, meld)), None)
        if home is not None:
            home.add(c)
            waiting.remove(c)
            return True
    return False


def can_go_on(c, hand, table_melds, chaining):
    """Whether card ``c`` of ``hand`` can be laid off at all: onto a meld as the knocker spread it
    or, with chaining, as it has grown by any of the hand's other cards that can go on first."""
    if not chaining:
        return any(fits(c, meld) for meld in table_melds)
    grown = [set(meld) for meld in table_melds]
    waiting = [other for other in hand if other != c]
    while not any(fits(c, meld) for meld in grown):
        if not _put_one_on(grown, waiting):
            return False
    return True


def defence(hand, table_melds, params, gin):
    """A player's least deadwood against the knocker's spread: he melds his own
    cards and, unless the knocker went gin, lays off what he likes."""
    if gin or not params["layoffs"]:
        return least(hand)
    best = least(hand)
    chaining = params["layoff_chaining"]
    # a group that holds a card which cannot go on even when every other card of the hand may go
    # first cannot be laid off (adding a card never stops another from fitting): only groups of
    # the cards that can go on are tried
    candidates = [c for c in hand if can_go_on(c, hand, table_melds, chaining)]
    for size in range(1, len(candidates) + 1):
        for group in combinations(candidates, size):
            if can_lay_off_all(group, table_melds, chaining):
                rest = [c for c in hand if c not in group]
                best = min(best, least(rest))
    return best


# ------------------------------------------------------------------ one hand at a table


def table_hand(data, params):
    try:
        return _table_hand(data, params)
    except Refused as refused:
        return {"error": refused.code}


def _table_hand(data, params):
    n = params["players"]
    seats = SEATS[:n]
    size = params["hand_size"]
    if set(data["hands"]) != set(seats) or data["knocked_by"] not in seats:
        raise Refused("invalid_hand")
    hands = {}
    seen = set()
    for seat in seats:
        hands[seat] = cards(data["hands"][seat])
        if len(hands[seat]) != size or seen & set(hands[seat]):
            raise Refused("invalid_hand")
        seen |= set(hands[seat])
    knocker = data["knocked_by"]
    k = seats.index(knocker)
    others = [seats[(k + i) % n] for i in range(1, n)]
    own = hands[knocker]

    best_count = least(own)
    if "knocker_melds" in data and (best_count > 0 or (params.get("readings") or {}).get("Q30") == "b"):  # Q30 b: as shown
        spread = [frozenset(cards(text)) for text in data["knocker_melds"]]
        used = [c for meld in spread for c in meld]
        if len(used) != len(set(used)) or any(c not in own for c in used) or not all(is_meld(list(m)) for m in spread):
            raise Refused("invalid_melds")
        spreads = [spread]
    else:
        if "knocker_melds" in data:
            spread = [frozenset(cards(text)) for text in data["knocker_melds"]]
            used = [c for meld in spread for c in meld]
            if len(used) != len(set(used)) or any(c not in own for c in used) or not all(is_meld(list(m)) for m in spread):
                raise Refused("invalid_melds")
        spreads = [melds for melds in arrangements(own) if leftover(own, melds) == best_count]
    kcount = leftover(own, spreads[0])
    if kcount > params["knock_limit"]:
        raise Refused("illegal_knock")
    gin = kcount == 0

    # the knocker lays out the spread that suits him best: the highest lowest
    # count among the others, then the highest total, then the highest counts
    # in turn order after him
    best_key = None
    counts = None
    for spread in spreads:
        these = {seat: defence(hands[seat], spread, params, gin) for seat in others}
        row = [these[seat] for seat in others]
        key = [min(row), sum(row)] + row
        if best_key is None or key > best_key:
            best_key, counts = key, these
    counts[knocker] = kcount

    points = {seat: 0 for seat in seats}
    if gin and (params.get("readings") or {}).get("Q7") == "b" and 0 in [counts[seat] for seat in others]:
        gin = False  # Q7 b: a player with no deadwood ties the gin, and the tie rule for knocks applies
    if gin:
        outcome, winner = "gin", knocker
        points[knocker] = params["gin_bonus"]
        for seat in others:
            points[seat] = -params["gin_defender_deadwood_multiplier"] * counts[seat]
    else:
        low = min(counts[seat] for seat in others)
        first_low = [seat for seat in others if counts[seat] == low][0]
        tie = params["tie_outcome"]
        if low < kcount or (low == kcount and tie in ("undercut", "undercut_without_bonus")):
            outcome, winner = "undercut", first_low
            for seat in seats:
                points[seat] = low - counts[seat]
            bonus = params["undercut_bonus"]
            if low == kcount and tie == "undercut_without_bonus":
                bonus = 0
            points[winner] = bonus
        elif low > kcount or tie == "knocker_wins":
            outcome, winner = "knock", knocker
            for seat in others:
                points[seat] = kcount - counts[seat]
            points[knocker] = params["knock_bonus"]
        else:
            outcome, winner = "draw", "none"
    return {
        "outcome": outcome,
        "winner": winner,
        "points": points,
        "knocker_deadwood": kcount,
        "deadwood": {seat: counts[seat] for seat in seats},
        "stock": 52 - n * size - 1,
    }


# ------------------------------------------------------------------ games: shared pieces


def boxes_for(hand, params):
    if hand["winner"] == "none":
        return 0
    if params["extra_boxes"]:
        return {"gin": 3, "big_gin": 3, "undercut": 2}.get(hand.get("outcome", "knock"), 1)
    return 1


def gain_for(hand, params):
    g = hand.get("points", 0)
    if params["box_timing"] == "immediate":
        g += boxes_for(hand, params) * params["box_bonus"]
    return g


def check_hand(hand):
    winner = hand["winner"]
    outcome = hand.get("outcome", "void" if winner == "none" else "knock")
    pts = hand.get("points", 0)
    if pts < 0:
        raise Refused("invalid_hand_record")
    if winner == "none" and (outcome not in ("void", "draw") or pts):
        raise Refused("invalid_hand_record")
    if winner != "none" and outcome not in ("knock", "undercut", "gin", "big_gin"):
        raise Refused("invalid_hand_record")
    return {"winner": winner, "outcome": outcome, "points": pts}


def extra_for_shutout(form, own_points, own_total, their_total, own_game_bonus):
    if form == "double_total":
        return own_total
    if form == "double_game_bonus":
        return own_game_bonus
    if form == "double_hand_points":
        return own_points
    if form == "double_net":
        return max(0, own_total - their_total)
    if form == "flat_100":
        return 100
    return 0


# ------------------------------------------------------------------ partnership


def partnership(data, params):
    if data.get("first_dealers", "A") not in ("A", "B"):
        return {"refused": "invalid_dealer"}  # no such team: malformed
    try:
        return _partnership(data, params)
    except Refused as refused:
        return {"error": refused.code}


def _partnership(data, params):
    team = {"p1": "A", "p3": "A", "p2": "B", "p4": "B"}
    dealing = data.get("first_dealers", "A")
    score = {"A": 0, "B": 0}
    won_points = {"A": 0, "B": 0}
    boxes = {"A": 0, "B": 0}
    tables, dealers, results, totals = [], [], [], []
    over = None
    leader = None
    # every hand result is checked before anything is scored
    for number, deal in enumerate(data["deals"], start=1):
        if number % 2 == 1:
            pairs = [["p1", "p2"], ["p3", "p4"]]
        else:
            pairs = [["p1", "p4"], ["p3", "p2"]]
        for hand, pair in zip(deal, pairs):
            hand = check_hand(hand)
            if hand["winner"] != "none" and hand["winner"] not in pair:
                raise Refused("invalid_hand_record")
        tables.append(pairs)
    for number, deal in enumerate(data["deals"], start=1):
        if over is not None:
            raise Refused("game_already_over")
        sums = {"A": 0, "B": 0}
        for hand in deal:
            hand = check_hand(hand)
            if hand["winner"] != "none":
                sums[team[hand["winner"]]] += hand["points"]
        dealers.append(dealing)
        if sums["A"] > sums["B"]:
            winner, net = "A", sums["A"] - sums["B"]
        elif sums["B"] > sums["A"]:
            winner, net = "B", sums["B"] - sums["A"]
        else:
            winner, net = "none", 0
        results.append({"winner": winner, "points": net})
        if winner != "none":
            deal_as_hand = {"winner": winner, "outcome": "knock", "points": net}
            score[winner] += gain_for(deal_as_hand, params)
            won_points[winner] += net
            boxes[winner] += 1
            if score[winner] >= params["game_target"]:
                over, leader = number, winner
            rotation = params["dealer_rotation"]
            if rotation == "alternate":
                dealing = "B" if dealing == "A" else "A"
            elif rotation == "winner":
                dealing = winner
            else:
                dealing = "B" if winner == "A" else "A"
        elif params["void_hand_dealer"] == "next":
            dealing = "B" if dealing == "A" else "A"
        totals.append([score["A"], score["B"]])
    if over is None:
        raise Refused("game_not_over")
    trailer = "B" if leader == "A" else "A"
    final = {}
    for t in ("A", "B"):
        final[t] = {
            "points": score[t],
            "boxes": boxes[t],
            "box_bonus": boxes[t] * params["box_bonus"] if params["box_timing"] == "game_end" else 0,
            "game_bonus": params["game_bonus"] if t == leader else 0,
            "shutout_bonus": 0,
        }
        final[t]["total"] = final[t]["points"] + final[t]["box_bonus"] + final[t]["game_bonus"]
    if won_points[trailer] == 0:
        extra = extra_for_shutout(
            params["shutout"], won_points[leader], final[leader]["total"], final[trailer]["total"], params["game_bonus"]
        )
        final[leader]["shutout_bonus"] = extra
        final[leader]["total"] += extra
    if params["game_winner"] == "first_to_target":
        champion = leader
    else:
        champion = trailer if final[trailer]["total"] > final[leader]["total"] else leader
    other = "B" if champion == "A" else "A"
    return {
        "tables": tables,
        "dealers": dealers,
        "deal_results": results,
        "totals": totals,
        "over_after": over,
        "final": final,
        "winner": champion,
        "margin": final[champion]["total"] - final[other]["total"],
    }


# ------------------------------------------------------------------ three players


def three_player(data, params):
    if data["first_dealer"] not in ("p1", "p2", "p3"):
        return {"refused": "invalid_dealer"}  # the first dealer is not at the table: malformed
    try:
        return _three_player(data, params)
    except Refused as refused:
        return {"error": refused.code}


def _three_player(data, params):
    three = ["p1", "p2", "p3"]
    form = params["table_format"]
    dealer = data["first_dealer"]
    playing = sorted(data["first_players"])
    if len(set(playing)) != 2 or (dealer in playing) != (form != "sit_out"):
        raise Refused("invalid_hand_record")
    score = {p: 0 for p in three}
    won_points = {p: 0 for p in three}
    boxes = {p: 0 for p in three}
    dealers, pairs, totals = [], [], []
    over = None
    leader = None
    hands = [check_hand(hand) for hand in data["hands"]]
    for number, hand in enumerate(hands, start=1):
        if over is not None:
            raise Refused("game_already_over")
        w = hand["winner"]
        if w != "none" and w not in playing:
            raise Refused("invalid_hand_record")
        dealers.append(dealer)
        pairs.append(list(playing))
        if w != "none":
            score[w] += gain_for(hand, params)
            won_points[w] += hand["points"]
            boxes[w] += boxes_for(hand, params)
            if form != "captain_box" and score[w] >= params["game_target"]:
                over, leader = number, w
        totals.append(dict(score))
        # the next hand: who deals and which two play
        out = [p for p in three if p not in playing][0]
        if form == "captain_box":
            if w != "none":
                captain = [p for p in playing if p != dealer][0]
                if w == dealer:
                    playing = sorted([dealer, out])
                else:
                    dealer, playing = captain, sorted([captain, out])
            continue
        if w == "none":
            if params["void_hand_dealer"] == "next":
                if form == "sit_out":
                    dealer = three[(three.index(dealer) + 1) % 3]
                    playing = [p for p in three if p != dealer]
                else:
                    dealer = [p for p in playing if p != dealer][0]
            continue
        lost = [p for p in playing if p != w][0]
        goes = lost if params["dealer_rotation"] == "loser" else w
        stays = w if goes == lost else lost
        if params["dealer_rotation"] not in ("loser", "winner"):
            raise ValueError("dealer_rotation must be loser or winner with three players")
        if form == "sit_out":
            playing = sorted([stays, dealer])
            dealer = goes
        else:
            playing = sorted([stays, out])
            dealer = out
    if form == "captain_box":
        return {"dealers": dealers, "players": pairs}
    if over is None:
        raise Refused("game_not_over")
    account = {}
    for p in three:
        account[p] = score[p]
        if params["box_timing"] == "game_end":
            account[p] += boxes[p] * params["box_bonus"]
        if p == leader:
            account[p] += params["game_bonus"]

    def shut(p, q):
        """What p is owed for shutting q out."""
        if won_points[q] != 0 or won_points[p] == 0:
            return 0
        gb = params["game_bonus"] if p == leader else 0
        return extra_for_shutout(params["shutout"], won_points[p], account[p], account[q], gb)

    final = {}
    for p in three:
        rest = [q for q in three if q != p]
        entry = {
            "points": score[p],
            "boxes": boxes[p],
            "box_bonus": boxes[p] * params["box_bonus"] if params["box_timing"] == "game_end" else 0,
            "game_bonus": params["game_bonus"] if p == leader else 0,
            "shutout_bonus": sum(shut(p, q) for q in rest),
        }
        entry["total"] = entry["points"] + entry["box_bonus"] + entry["game_bonus"] + entry["shutout_bonus"]
        entry["net"] = sum(account[p] + shut(p, q) - account[q] - shut(q, p) for q in rest)
        final[p] = entry
    if params["game_winner"] == "first_to_target":
        champion = leader
    else:
        ranked = sorted(three, key=lambda p: (-final[p]["total"], p != leader, three.index(p)))
        champion = ranked[0]
    return {
        "dealers": dealers,
        "players": pairs,
        "totals": totals,
        "over_after": over,
        "final": final,
        "winner": champion,
    }


ANSWER = {"table_hand": table_hand, "partnership": partnership, "three_player": three_player}


def expected(kind, data, params):
    """The oracle's ``expected`` for one vector's question."""
    return ANSWER[kind](data, params)
