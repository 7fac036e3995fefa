"""A second, plain working of game and Hollywood scoring (spec/games.md).

It takes the hand results and the variant parameters as plain dicts and returns
the ``expected`` of a ``game`` or ``hollywood`` vector (spec/vectors.md). Players
are held by index, 0 for p1 and 1 for p2. Standard library only; it shares no
code with the reference engine.
"""

NAMES = ["p1", "p2"]


def reading(params, question):
    """The reading of an open question that ``params`` asks for (``readings``), else ``a``."""
    return (params.get("readings") or {}).get(question, "a")


def _index(name):
    return NAMES.index(name)


def _boxes(hand, params):
    """Boxes for one hand: one per win, plus 2 for gin or big gin and 1 for an
    undercut when extra boxes are played."""
    if hand["winner"] == "none":
        return 0
    n = 1
    if params["extra_boxes"]:
        if hand.get("outcome") in ("gin", "big_gin"):
            n = n + 2
        elif hand.get("outcome") == "undercut":
            n = n + 1
    return n


def _gain(hand, params):
    """What the hand adds to the running total of its winner."""
    g = hand.get("points", 0)
    if params["box_timing"] == "immediate":
        g = g + _boxes(hand, params) * params["box_bonus"]
    return g


def _settle(pts, hp, bx, leader, params):
    """Final accounts of a finished game (or column) that player ``leader``
    (an index) ended by reaching the target. Returns (final, winner, margin)."""
    trailer = 1 - leader
    rows = []
    for i in (0, 1):
        row = {"points": pts[i], "boxes": bx[i], "box_bonus": 0, "game_bonus": 0, "shutout_bonus": 0}
        if params["box_timing"] == "game_end":
            row["box_bonus"] = bx[i] * params["box_bonus"]
        if i == leader:
            row["game_bonus"] = params["game_bonus"]
        rows.append(row)

    def add_up(row):
        return row["points"] + row["box_bonus"] + row["game_bonus"] + row["shutout_bonus"]

    if hp[trailer] == 0:
        form = params["shutout"]
        mine = add_up(rows[leader])
        theirs = add_up(rows[trailer])
        if form == "double_total":
            extra = mine
        elif form == "double_game_bonus":
            extra = params["game_bonus"]
        elif form == "double_hand_points":
            extra = hp[leader]
        elif form == "double_net":
            extra = mine - theirs
            if extra < 0:
                extra = 0
        elif form == "flat_100":
            extra = 100
        elif form == "none":
            extra = 0
        else:
            raise ValueError(f"unknown shutout form {form!r}")
        rows[leader]["shutout_bonus"] = extra
    for row in rows:
        row["total"] = add_up(row)

    w = leader
    if params["game_winner"] == "highest_total":
        if rows[trailer]["total"] > rows[leader]["total"]:
            w = trailer
    elif params["game_winner"] != "first_to_target":
        raise ValueError(f"unknown game_winner {params['game_winner']!r}")
    margin = rows[w]["total"] - rows[1 - w]["total"]
    return {"p1": rows[0], "p2": rows[1]}, NAMES[w], margin


def game(first_dealer, hands, params):
    """The expected answer of a ``game`` vector."""
    pts = [0, 0]
    hp = [0, 0]
    bx = [0, 0]
    dealers = []
    totals = []
    d = _index(first_dealer)
    ended = 0
    leader = None
    for k in range(len(hands)):
        if ended:
            return {"error": "game_already_over"}
        hand = hands[k]
        dealers.append(NAMES[d])
        if hand["winner"] == "none":
            if params["void_hand_dealer"] == "next":
                d = 1 - d
        else:
            w = _index(hand["winner"])
            pts[w] += _gain(hand, params)
            hp[w] += hand.get("points", 0)
            bx[w] += _boxes(hand, params)
            if pts[w] >= params["game_target"]:
                ended = k + 1
                leader = w
            rotation = params["dealer_rotation"]
            if rotation == "alternate":
                d = 1 - d
            elif rotation == "winner":
                d = w
            elif rotation == "loser":
                d = 1 - w
            else:
                raise ValueError(f"unknown dealer_rotation {rotation!r}")
        totals.append([pts[0], pts[1]])
    if not ended:
        return {"error": "game_not_over"}
    final, winner, margin = _settle(pts, hp, bx, leader, params)
    return {
        "dealers": dealers,
        "totals": totals,
        "over_after": ended,
        "final": final,
        "winner": winner,
        "margin": margin,
    }


def hollywood(hands, params):
    """The expected answer of a ``hollywood`` vector."""
    cols = []
    for _ in range(3):
        cols.append({"pts": [0, 0], "hp": [0, 0], "bx": [0, 0], "in": [False, False], "closed": None, "leader": None})
    over = None
    for k in range(len(hands)):
        if over is not None:
            return {"error": "game_already_over"}
        hand = hands[k]
        if hand["winner"] == "none":
            continue
        w = _index(hand["winner"])
        targets = []
        opened_new = False
        for c in cols:
            if c["closed"] is not None:
                continue
            if c["in"][w]:
                targets.append(c)
            elif not opened_new:
                targets.append(c)
                opened_new = True
        for order, c in enumerate(targets):
            boxed = order == 0 or reading(params, "Q20") != "b"  # Q20 b: boxes in the first column only
            c["pts"][w] += _gain(hand, params) if boxed else hand.get("points", 0)
            c["hp"][w] += hand.get("points", 0)
            c["bx"][w] += _boxes(hand, params) if boxed else 0
            c["in"][w] = True
            if c["pts"][w] >= params["game_target"]:
                c["closed"] = k + 1
                c["leader"] = w
        if all(c["closed"] is not None for c in cols):
            over = k + 1
    out = []
    for c in cols:
        entry = {"closed_after": c["closed"], "totals": {"p1": c["pts"][0], "p2": c["pts"][1]}}
        if c["closed"] is None:
            entry["winner"] = None
        else:
            final, winner, margin = _settle(c["pts"], c["hp"], c["bx"], c["leader"], params)
            entry["final"] = final
            entry["winner"] = winner
            entry["margin"] = margin
        out.append(entry)
    return {"columns": out, "over_after": over}


def answer(kind, vector_input, params):
    """The oracle's expected for a vector of kind ``game`` or ``hollywood``."""
    if kind == "game":
        if vector_input["first_dealer"] not in ("p1", "p2"):
            return {"refused": "invalid_dealer"}  # nobody of the two deals: the question is malformed
        return game(vector_input["first_dealer"], vector_input["hands"], params)
    if kind == "hollywood":
        return hollywood(vector_input["hands"], params)
    raise ValueError(f"the game oracle does not answer {kind!r}")
