"""Write the game and Hollywood vectors: vectors/game/standard.yaml, variants.yaml
and hollywood.yaml (format: spec/vectors.md, semantics: spec/games.md).

Every expected answer comes from the oracle in tests/oracle/games.py. A vector
worked by hand (provenance: hand) also carries its expected answer written out
below with the arithmetic in its notes; the script stops if the oracle disagrees.

    python -m tests.oracle.build_game_vectors          # rewrite the three files
    python -m tests.oracle.build_game_vectors --check  # fail if a file is out of date
"""

import random
import sys
from pathlib import Path

import yaml

from tests.oracle.games import answer
from tests.oracle.yamlfile import read_document

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "vectors" / "game"
VARIANTS = ROOT / "spec" / "variants"

HEADER = (
    "# Written by tests/oracle/build_game_vectors.py from the hand-worked answers and the\n"
    "# oracle in tests/oracle/games.py; change the script and run it again rather than editing.\n"
)

GAME_RULES = ["GAME-TARGET", "GAME-BONUS", "GAME-BOX-BONUS", "GAME-WINNER"]
HOLLY_RULES = ["HOLLY-THREE-GAMES", "HOLLY-GAME-CLOSE", "HOLLY-BOX-PER-GAME", "HOLLY-TARGET"]


# --------------------------------------------------------------------------- helpers


def hands(text):
    """Hand results written as 'p1 knock 22; none void; p2 gin 40'."""
    out = []
    for part in text.split(";"):
        words = part.split()
        winner, outcome = words[0], words[1]
        points = int(words[2]) if len(words) > 2 else 0
        out.append({"winner": winner, "outcome": outcome, "points": points})
    return out


def row(points, boxes, box_bonus, game_bonus, shutout_bonus, total):
    """One player's final account, as worked by hand (total written out too)."""
    return {
        "points": points,
        "boxes": boxes,
        "box_bonus": box_bonus,
        "game_bonus": game_bonus,
        "shutout_bonus": shutout_bonus,
        "total": total,
    }


def game_expected(dealers, totals, over_after, p1, p2, winner, margin):
    return {
        "dealers": dealers.split(),
        "totals": [list(pair) for pair in totals],
        "over_after": over_after,
        "final": {"p1": p1, "p2": p2},
        "winner": winner,
        "margin": margin,
    }


def column(closed_after, t1, t2, p1=None, p2=None, winner=None, margin=None):
    entry = {"closed_after": closed_after, "totals": {"p1": t1, "p2": t2}}
    if closed_after is None:
        entry["winner"] = None
        return entry
    entry["final"] = {"p1": p1, "p2": p2}
    entry["winner"] = winner
    entry["margin"] = margin
    return entry


def vector(kind, rules, description, data, *, overrides=None, expected=None, notes=None):
    """A vector before numbering. ``expected`` given means worked by hand."""
    return {
        "kind": kind,
        "rules": rules,
        "overrides": overrides or {},
        "description": description,
        "input": data,
        "hand_expected": expected,
        "notes": notes,
    }


def game(rules, description, first_dealer, results, **kw):
    return vector("game", rules, description, {"first_dealer": first_dealer, "hands": hands(results)}, **kw)


def holly(rules, description, results, overrides=None, **kw):
    merged = {"hollywood": True}
    merged.update(overrides or {})
    return vector("hollywood", rules, description, {"hands": hands(results)}, overrides=merged, **kw)


def random_hands(rng, count, p1_share=0.5, void_rate=0.08):
    """Plausible hand results: mostly knocks of 1-25, some undercuts, gins and a rare big gin."""
    parts = []
    for _ in range(count):
        if rng.random() < void_rate:
            parts.append("none void")
            continue
        winner = "p1" if rng.random() < p1_share else "p2"
        roll = rng.random()
        if roll < 0.7:
            parts.append(f"{winner} knock {rng.randint(1, 25)}")
        elif roll < 0.82:
            parts.append(f"{winner} undercut {25 + rng.randint(0, 20)}")
        elif roll < 0.98:
            parts.append(f"{winner} gin {25 + rng.randint(0, 40)}")
        else:
            parts.append(f"{winner} big_gin {31 + rng.randint(0, 40)}")
    return "; ".join(parts)


def _finished(kind, first_dealer, text, params):
    data = {"hands": hands(text)}
    if kind == "game":
        data["first_dealer"] = first_dealer
        return "error" not in answer("game", data, params)
    return answer("hollywood", data, params)["over_after"] is not None


def sample(kind, overrides, seed, want=lambda text, result: True, first_dealer="p1", **shape):
    """Seeded random hand results, cut at the hand that ends the game (or closes the last
    Hollywood column). Seeds seed, seed + 1, ... are tried in turn until ``want(text, result)``
    holds for the finished sample, so the vector shows what its description says."""
    params = parameters(dict({"hollywood": True} if kind == "hollywood" else {}, **overrides))
    for attempt in range(seed, seed + 5000):
        parts = random_hands(random.Random(attempt), 120, **shape).split("; ")
        for n in range(1, len(parts) + 1):
            text = "; ".join(parts[:n])
            if _finished(kind, first_dealer, text, params):
                data = {"hands": hands(text)}
                if kind == "game":
                    data["first_dealer"] = first_dealer
                if want(text, answer(kind, data, params)):
                    return text
                break
    raise AssertionError(f"no seed from {seed} gives the sample wanted")


def count(text):
    return len(text.split("; "))


def no_shutout(result):
    final = result["final"]
    return final["p1"]["points"] > 0 and final["p2"]["points"] > 0


def parameters(overrides):
    """The standard variant's parameters with ``overrides`` applied; the file is parsed once and
    each call gets its own copy (tests/oracle/yamlfile.py)."""
    params = dict(read_document(VARIANTS / "standard.yaml")["parameters"])
    for key, value in overrides.items():
        if key not in params:
            raise KeyError(f"unknown parameter {key!r}")
        params[key] = value
    return params


# --------------------------------------------------------------------------- standard games

# Shared hand lists.
SMALL_AND_BIG = (
    "p2 knock 8; p2 knock 12; p1 gin 60; p2 knock 10; p2 knock 9; p2 knock 11; p2 knock 10; "
    "p2 knock 10; p2 knock 12; p2 knock 8; p1 knock 45"
)
SHUTOUT_HANDS = "p1 knock 30; p1 gin 45; p1 knock 30"
IMMEDIATE_HANDS = "p1 knock 30; p2 knock 20; p1 knock 22"
ALTERNATE_HANDS = "p1 knock 22; p2 knock 15; p1 gin 41; p2 undercut 30; p1 knock 37"


def standard_vectors():
    v = []
    v.append(game(
        GAME_RULES + ["DEAL-ROTATION"],
        "Alternate deals; p1 reaches exactly 100 on the fifth hand and the game is settled with boxes and "
        "game bonus.",
        "p1", ALTERNATE_HANDS,
        expected=game_expected(
            "p1 p2 p1 p2 p1", [(22, 0), (22, 15), (63, 15), (63, 45), (100, 45)], 5,
            row(100, 3, 75, 100, 0, 275), row(45, 2, 50, 0, 0, 95), "p1", 180),
        notes=(
            "Deals alternate from p1: p1 p2 p1 p2 p1.\n"
            "p1: 22 + 41 + 37 = 100, which is the target, so the game ends after hand 5.\n"
            "p2: 15 + 30 = 45.\n"
            "p1: 100 + 3 boxes x 25 (75) + game bonus 100 = 275.\n"
            "p2: 45 + 2 boxes x 25 (50) = 95. Not a shutout. Margin 275 - 95 = 180.\n"
        ),
    ))
    v.append(game(
        GAME_RULES + ["DEAL-ROTATION"],
        "A gin takes p2 from 88 to 121: the total may pass the target; p2 dealt first.",
        "p2", "p2 knock 30; p1 knock 9; p2 knock 28; p2 undercut 30; p1 knock 12; p2 gin 33",
        expected=game_expected(
            "p2 p1 p2 p1 p2 p1", [(0, 30), (9, 30), (9, 58), (9, 88), (21, 88), (21, 121)], 6,
            row(21, 2, 50, 0, 0, 71), row(121, 4, 100, 100, 0, 321), "p2", 250),
        notes=(
            "Deals alternate from p2: p2 p1 p2 p1 p2 p1.\n"
            "p2: 30, 58, 88, then 88 + 33 = 121 >= 100 after hand 6.\n"
            "p1: 9 + 12 = 21.\n"
            "p2: 121 + 4 x 25 + 100 = 321; p1: 21 + 2 x 25 = 71. Margin 250.\n"
        ),
    ))
    v.append(game(
        ["GAME-TARGET", "GAME-BONUS", "GAME-BOX-BONUS"],
        "99 does not end the game; p1's next win of a single point does.",
        "p1", "p1 gin 50; p1 knock 49; p2 knock 6; p1 knock 1",
        expected=game_expected(
            "p1 p2 p1 p2", [(50, 0), (99, 0), (99, 6), (100, 6)], 4,
            row(100, 3, 75, 100, 0, 275), row(6, 1, 25, 0, 0, 31), "p1", 244),
        notes=(
            "After hand 2 p1 has 50 + 49 = 99 < 100: play goes on.\n"
            "Hand 4: 99 + 1 = 100 ends the game. p2 scored 6, so no shutout.\n"
            "p1: 100 + 75 + 100 = 275; p2: 6 + 25 = 31. Margin 244.\n"
        ),
    ))
    v.append(game(
        ["GAME-SHUTOUT", "GAME-BONUS", "GAME-BOX-BONUS", "GAME-TARGET"],
        "Standard shutout: p2 scores nothing and p1's whole total, boxes and game bonus included, is doubled.",
        "p2", SHUTOUT_HANDS,
        expected=game_expected(
            "p2 p1 p2", [(30, 0), (75, 0), (105, 0)], 3,
            row(105, 3, 75, 100, 280, 560), row(0, 0, 0, 0, 0, 0), "p1", 560),
        notes=(
            "p1: 30 + 45 + 30 = 105 after hand 3. p2 has no points: a shutout.\n"
            "p1 before the shutout: 105 + 3 x 25 + 100 = 280; double_total adds 280 again = 560.\n"
            "Margin 560 - 0 = 560.\n"
        ),
    ))
    v.append(game(
        ["STOCK-VOID-DEALER", "STOCK-VOID-NO-SCORE", "DEAL-ROTATION", "GAME-TARGET"],
        "Two void hands in a row: the same player deals again each time and nobody scores or wins a box.",
        "p1", "p2 knock 20; none void; none void; p1 knock 55; p2 gin 85",
        expected=game_expected(
            "p1 p2 p2 p2 p1", [(0, 20), (0, 20), (0, 20), (55, 20), (55, 105)], 5,
            row(55, 1, 25, 0, 0, 80), row(105, 2, 50, 100, 0, 255), "p2", 175),
        notes=(
            "Hand 1 dealt by p1, won: deal passes to p2. Hands 2 and 3 void: p2 deals again, twice.\n"
            "Hand 4 (p2 dealt) won: deal passes to p1 for hand 5.\n"
            "p2: 20 + 85 = 105 ends the game. p2: 105 + 2 x 25 + 100 = 255; p1: 55 + 25 = 80.\n"
            "Margin 175.\n"
        ),
    ))
    v.append(game(
        ["GAME-TARGET"],
        "The hands stop with p1 on 99: the game is not over.",
        "p1", "p1 knock 40; p2 knock 30; p1 knock 59",
        expected={"error": "game_not_over"},
        notes="p1: 40 + 59 = 99 < 100 and p2 has 30. Nobody reached the target.\n",
    ))
    v.append(game(
        ["GAME-TARGET"],
        "A hand listed after p1 reached 105 is refused.",
        "p2", "p1 gin 60; p1 knock 45; p2 knock 10",
        expected={"error": "game_already_over"},
        notes="p1: 60 + 45 = 105 >= 100 after hand 2, so hand 3 comes after the end of the game.\n",
    ))
    v.append(game(
        ["GAME-TARGET", "STOCK-VOID-NO-SCORE"],
        "Even a void hand listed after the end of the game is refused.",
        "p1", "p2 gin 70; p2 knock 30; none void",
        expected={"error": "game_already_over"},
        notes="p2: 70 + 30 = 100 after hand 2; hand 3 is after the end, void or not.\n",
    ))
    v.append(game(
        ["GAME-TARGET", "STOCK-VOID-NO-SCORE"],
        "Nothing but void hands: nobody scores, so the game is not over.",
        "p2", "none void; none void; none void",
        expected={"error": "game_not_over"},
        notes="Void hands score nothing: 0 to 0 after three hands.\n",
    ))
    v.append(game(
        GAME_RULES,
        "Big gin and undercut are single boxes in the standard game; p2 ends with 125.",
        "p1", "p2 big_gin 61; p1 knock 14; p2 knock 20; p1 undercut 27; p2 gin 44",
        expected=game_expected(
            "p1 p2 p1 p2 p1", [(0, 61), (14, 61), (14, 81), (41, 81), (41, 125)], 5,
            row(41, 2, 50, 0, 0, 91), row(125, 3, 75, 100, 0, 300), "p2", 209),
        notes=(
            "No extra boxes in the standard game: one box per hand won.\n"
            "p2: 61 + 20 + 44 = 125; p1: 14 + 27 = 41.\n"
            "p2: 125 + 3 x 25 + 100 = 300; p1: 41 + 2 x 25 = 91. Margin 209.\n"
        ),
    ))
    v.append(game(
        ["GAME-WINNER", "GAME-BOX-BONUS", "GAME-BONUS", "GAME-TARGET"],
        "p1 reaches 100 with two big hands, but p2's nine small wins give him the higher grand total; "
        "the player who reached the target still wins, by a negative margin.",
        "p1", SMALL_AND_BIG,
        expected=game_expected(
            "p1 p2 p1 p2 p1 p2 p1 p2 p1 p2 p1",
            [(0, 8), (0, 20), (60, 20), (60, 30), (60, 39), (60, 50), (60, 60), (60, 70), (60, 82),
             (60, 90), (105, 90)],
            11, row(105, 2, 50, 100, 0, 255), row(90, 9, 225, 0, 0, 315), "p1", -60),
        notes=(
            "p2: 8 + 12 + 10 + 9 + 11 + 10 + 10 + 12 + 8 = 90 in nine wins; p1: 60 + 45 = 105.\n"
            "p1: 105 + 2 x 25 + 100 = 255. p2: 90 + 9 x 25 = 315.\n"
            "first_to_target: p1 wins; margin 255 - 315 = -60.\n"
        ),
    ))
    v.append(game(
        GAME_RULES,
        "Standard game of the same hands as the immediate-box vector: at the end p1 has only 52.",
        "p1", IMMEDIATE_HANDS,
        expected={"error": "game_not_over"},
        notes="Boxes do not count toward the target: p1 30 + 22 = 52, p2 20.\n",
    ))
    v.append(game(
        ["DEAL-ROTATION", "GAME-TARGET", "GAME-SHUTOUT"],
        "A single win of 15 keeps p2 out of a shutout; p1 goes out with exactly 100.",
        "p2", "p2 knock 15; p1 knock 33; p1 gin 36; p1 knock 31",
        expected=game_expected(
            "p2 p1 p2 p1", [(0, 15), (33, 15), (69, 15), (100, 15)], 4,
            row(100, 3, 75, 100, 0, 275), row(15, 1, 25, 0, 0, 40), "p1", 235),
        notes=(
            "p2 scored 15, so this is no shutout.\n"
            "p1: 33 + 36 + 31 = 100. p1: 100 + 75 + 100 = 275; p2: 15 + 25 = 40. Margin 235.\n"
        ),
    ))
    # Oracle games from seeded random hand results under the standard rules.
    for number, (dealer, share) in enumerate([("p1", 0.5), ("p2", 0.5), ("p1", 0.35), ("p2", 0.65), ("p1", 0.5)]):
        text = sample("game", {}, 100 * (number + 1), lambda t, r: count(t) >= 6 and no_shutout(r),
                      first_dealer=dealer, p1_share=share)
        v.append(game(
            GAME_RULES + ["DEAL-ROTATION", "STOCK-VOID-DEALER"],
            f"A whole standard game of {count(text)} hands (seeded sample {number + 1}).",
            dealer, text,
        ))
    v.append(game(
        GAME_RULES + ["GAME-SHUTOUT"],
        "A longer standard shutout: p2 never wins a hand (seeded sample).",
        "p2", sample("game", {}, 600, lambda t, r: count(t) >= 5, first_dealer="p2", p1_share=1.0),
    ))
    return v


# --------------------------------------------------------------------------- variants


def variant_vectors():
    v = []
    v.append(game(
        ["DEAL-ROTATION", "STOCK-VOID-DEALER", "GAME-TARGET"],
        "The winner of each hand deals the next; after a void the same player deals again.",
        "p2", "p1 knock 25; p1 knock 30; p2 undercut 28; none void; p1 gin 50",
        overrides={"dealer_rotation": "winner"},
        expected=game_expected(
            "p2 p1 p1 p2 p2", [(25, 0), (55, 0), (55, 28), (55, 28), (105, 28)], 5,
            row(105, 3, 75, 100, 0, 280), row(28, 1, 25, 0, 0, 53), "p1", 227),
        notes=(
            "Hand 1 dealt by p2, won by p1: p1 deals hand 2; p1 wins again and deals hand 3.\n"
            "p2 wins hand 3 and deals hand 4, which is void: p2 deals hand 5.\n"
            "p1: 25 + 30 + 50 = 105. p1: 105 + 75 + 100 = 280; p2: 28 + 25 = 53. Margin 227.\n"
        ),
    ))
    v.append(game(
        ["DEAL-ROTATION", "STOCK-VOID-DEALER", "GAME-TARGET"],
        "Winner deals; after a void the deal passes to the other player.",
        "p1", "p2 knock 40; none void; p2 knock 20; p1 knock 10; none void; p2 gin 45",
        overrides={"dealer_rotation": "winner", "void_hand_dealer": "next"},
        expected=game_expected(
            "p1 p2 p1 p2 p1 p2", [(0, 40), (0, 40), (0, 60), (10, 60), (10, 60), (10, 105)], 6,
            row(10, 1, 25, 0, 0, 35), row(105, 3, 75, 100, 0, 280), "p2", 245),
        notes=(
            "Hand 1 (p1 deals) won by p2: p2 deals hand 2, void: the deal passes to p1.\n"
            "Hand 3 (p1) won by p2: p2 deals hand 4, won by p1: p1 deals hand 5, void: p2 deals hand 6.\n"
            "p2: 40 + 20 + 45 = 105. p2: 105 + 75 + 100 = 280; p1: 10 + 25 = 35. Margin 245.\n"
        ),
    ))
    v.append(game(
        ["DEAL-ROTATION", "GAME-TARGET"],
        "The loser of each hand deals the next.",
        "p1", "p1 knock 20; p1 knock 31; p2 knock 14; p1 gin 52",
        overrides={"dealer_rotation": "loser"},
        expected=game_expected(
            "p1 p2 p2 p1", [(20, 0), (51, 0), (51, 14), (103, 14)], 4,
            row(103, 3, 75, 100, 0, 278), row(14, 1, 25, 0, 0, 39), "p1", 239),
        notes=(
            "p1 deals and wins hand 1: the loser p2 deals hand 2; p1 wins: p2 deals hand 3.\n"
            "p2 wins hand 3: the loser p1 deals hand 4.\n"
            "p1: 20 + 31 + 52 = 103. p1: 103 + 75 + 100 = 278; p2: 14 + 25 = 39. Margin 239.\n"
        ),
    ))
    v.append(game(
        ["STOCK-VOID-DEALER", "DEAL-ROTATION", "GAME-SHUTOUT"],
        "Alternate deals, and a void hand passes the deal too; p1 wins a shutout.",
        "p2", "none void; p1 knock 50; none void; none void; p1 knock 50",
        overrides={"void_hand_dealer": "next"},
        expected=game_expected(
            "p2 p1 p2 p1 p2", [(0, 0), (50, 0), (50, 0), (50, 0), (100, 0)], 5,
            row(100, 2, 50, 100, 250, 500), row(0, 0, 0, 0, 0, 0), "p1", 500),
        notes=(
            "Every hand, void or not, passes the deal: p2 p1 p2 p1 p2.\n"
            "p1: 50 + 50 = 100; p2 scored nothing. p1: 100 + 2 x 25 + 100 = 250, doubled = 500.\n"
        ),
    ))
    v.append(game(
        ["DEAL-ROTATION", "STOCK-VOID-DEALER", "GAME-TARGET"],
        "Loser deals; after a void the deal passes (seeded sample).",
        "p2", sample("game", {"dealer_rotation": "loser", "void_hand_dealer": "next"}, 700,
                     lambda t, r: count(t) >= 8 and "void" in t, first_dealer="p2", void_rate=0.2),
        overrides={"dealer_rotation": "loser", "void_hand_dealer": "next"},
    ))
    v.append(game(
        ["DEAL-ROTATION", "STOCK-VOID-DEALER", "SCORE-UNDERCUT-TIE"],
        "A drawn hand (a tie scored as nobody's hand) is dealt again by the same player, like a void.",
        "p2", "p1 knock 18; none draw; p2 knock 7; p1 knock 40; p1 knock 45",
        overrides={"tie_outcome": "draw"},
        expected=game_expected(
            "p2 p1 p1 p2 p1", [(18, 0), (18, 0), (18, 7), (58, 7), (103, 7)], 5,
            row(103, 3, 75, 100, 0, 278), row(7, 1, 25, 0, 0, 32), "p1", 246),
        notes=(
            "p2 deals hand 1, won: p1 deals hand 2, a draw: p1 deals hand 3 again.\n"
            "Hand 3 won: p2 deals hand 4; won: p1 deals hand 5.\n"
            "p1: 18 + 40 + 45 = 103. p1: 103 + 75 + 100 = 278; p2: 7 + 25 = 32. Margin 246.\n"
        ),
    ))
    # Shutout forms.
    v.append(game(
        ["GAME-SHUTOUT", "GAME-BONUS"],
        "Shutout doubling the game bonus: p1 has 200 in game bonus.",
        "p1", SHUTOUT_HANDS,
        overrides={"shutout": "double_game_bonus"},
        expected=game_expected(
            "p1 p2 p1", [(30, 0), (75, 0), (105, 0)], 3,
            row(105, 3, 75, 100, 100, 380), row(0, 0, 0, 0, 0, 0), "p1", 380),
        notes="p1: 105 + 3 x 25 + 100 = 280; the game bonus counts twice: + 100 = 380.\n",
    ))
    v.append(game(
        ["GAME-SHUTOUT"],
        "Shutout doubling the hand points only: p1's 105 count twice, boxes and game bonus once.",
        "p1", SHUTOUT_HANDS,
        overrides={"shutout": "double_hand_points"},
        expected=game_expected(
            "p1 p2 p1", [(30, 0), (75, 0), (105, 0)], 3,
            row(105, 3, 75, 100, 105, 385), row(0, 0, 0, 0, 0, 0), "p1", 385),
        notes="p1: 105 + 75 + 100 = 280; hand points 105 doubled: + 105 = 385.\n",
    ))
    v.append(game(
        ["GAME-SHUTOUT"],
        "Shutout doubling the net difference, against a loser with nothing at all: the same as doubling the total.",
        "p1", SHUTOUT_HANDS,
        overrides={"shutout": "double_net"},
        expected=game_expected(
            "p1 p2 p1", [(30, 0), (75, 0), (105, 0)], 3,
            row(105, 3, 75, 100, 280, 560), row(0, 0, 0, 0, 0, 0), "p1", 560),
        notes="p1: 280 before the shutout, p2: 0. Net 280 doubled: + 280 = 560.\n",
    ))
    v.append(game(
        ["GAME-SHUTOUT", "GAME-BOX-BONUS", "SCORE-UNDERCUT-TIE"],
        "Shutout doubling the net when the loser won a hand worth 0 points: he has a box but no points, "
        "so it is still a shutout, and the net is 280 - 25.",
        "p1", "p1 knock 30; p2 knock 0; p1 gin 45; p1 knock 30",
        overrides={"shutout": "double_net", "tie_outcome": "knocker_wins"},
        expected=game_expected(
            "p1 p2 p1 p2", [(30, 0), (30, 0), (75, 0), (105, 0)], 4,
            row(105, 3, 75, 100, 255, 535), row(0, 1, 25, 0, 0, 25), "p1", 510),
        notes=(
            "Hand 2 is a tie the knocker p2 wins with 0 points: a box, but no points.\n"
            "p2's hand points are 0: shutout. p1 before: 105 + 75 + 100 = 280; p2: 0 + 25 = 25.\n"
            "Net 280 - 25 = 255 is added: p1 535. Margin 535 - 25 = 510.\n"
        ),
    ))
    v.append(game(
        ["GAME-SHUTOUT", "GAME-BOX-BONUS", "SCORE-UNDERCUT-TIE"],
        "A 0-point win does not save the loser from the standard shutout either.",
        "p1", "p1 knock 30; p2 knock 0; p1 gin 50; p1 knock 25",
        overrides={"tie_outcome": "knocker_wins"},
        expected=game_expected(
            "p1 p2 p1 p2", [(30, 0), (30, 0), (80, 0), (105, 0)], 4,
            row(105, 3, 75, 100, 280, 560), row(0, 1, 25, 0, 0, 25), "p1", 535),
        notes=(
            "p2's only win scored 0: hand points 0, a shutout. p1: 105 + 75 + 100 = 280, doubled 560.\n"
            "p2 keeps his box: 25. Margin 535.\n"
        ),
    ))
    v.append(game(
        ["GAME-SHUTOUT", "GAME-BOX-BONUS"],
        "A flat 100 for the shutout, with boxes of 20.",
        "p2", SHUTOUT_HANDS,
        overrides={"shutout": "flat_100", "box_bonus": 20},
        expected=game_expected(
            "p2 p1 p2", [(30, 0), (75, 0), (105, 0)], 3,
            row(105, 3, 60, 100, 100, 365), row(0, 0, 0, 0, 0, 0), "p1", 365),
        notes="p1: 105 + 3 x 20 + 100 = 265, + 100 for the shutout = 365.\n",
    ))
    v.append(game(
        ["GAME-SHUTOUT"],
        "No shutout bonus at all.",
        "p2", SHUTOUT_HANDS,
        overrides={"shutout": "none"},
        expected=game_expected(
            "p2 p1 p2", [(30, 0), (75, 0), (105, 0)], 3,
            row(105, 3, 75, 100, 0, 280), row(0, 0, 0, 0, 0, 0), "p1", 280),
        notes="p1: 105 + 75 + 100 = 280, nothing more.\n",
    ))
    # Classic bonus values: box 20, game 100, shutout = game bonus twice.
    classic = {"box_bonus": 20, "shutout": "double_game_bonus"}
    v.append(game(
        ["GAME-BOX-BONUS", "GAME-BONUS", "GAME-SHUTOUT"],
        "Classic values (box 20, game 100, shutout doubles the game bonus) without a shutout.",
        "p1", ALTERNATE_HANDS, overrides=classic,
        expected=game_expected(
            "p1 p2 p1 p2 p1", [(22, 0), (22, 15), (63, 15), (63, 45), (100, 45)], 5,
            row(100, 3, 60, 100, 0, 260), row(45, 2, 40, 0, 0, 85), "p1", 175),
        notes="p1: 100 + 3 x 20 + 100 = 260; p2: 45 + 2 x 20 = 85. Margin 175.\n",
    ))
    v.append(game(
        ["GAME-BOX-BONUS", "GAME-BONUS", "GAME-SHUTOUT"],
        "Classic values with a shutout: a game bonus of 200 in effect.",
        "p1", SHUTOUT_HANDS, overrides=classic,
        expected=game_expected(
            "p1 p2 p1", [(30, 0), (75, 0), (105, 0)], 3,
            row(105, 3, 60, 100, 100, 365), row(0, 0, 0, 0, 0, 0), "p1", 365),
        notes="p1: 105 + 60 + 100 = 265, game bonus again + 100 = 365.\n",
    ))
    v.append(game(
        ["GAME-BOX-BONUS", "GAME-BONUS", "GAME-SHUTOUT", "DEAL-ROTATION"],
        "Classic values over a longer game (seeded sample).",
        "p2", sample("game", classic, 800, lambda t, r: count(t) >= 7 and no_shutout(r), first_dealer="p2"),
        overrides=classic,
    ))
    # Immediate boxes.
    v.append(game(
        ["GAME-BOX-BONUS", "GAME-TARGET"],
        "Boxes credited at once count toward the target: p1 reaches 102 with 52 hand points.",
        "p1", IMMEDIATE_HANDS,
        overrides={"box_timing": "immediate"},
        expected=game_expected(
            "p1 p2 p1", [(55, 0), (55, 45), (102, 45)], 3,
            row(102, 2, 0, 100, 0, 202), row(45, 1, 0, 0, 0, 45), "p1", 157),
        notes=(
            "Each win adds its points and 25 for its box: p1 30 + 25 = 55, p2 20 + 25 = 45,\n"
            "p1 55 + 22 + 25 = 102 >= 100. Box bonus is already in the points, so it is reported as 0.\n"
            "p1: 102 + 100 = 202; p2: 45. Margin 157.\n"
        ),
    ))
    v.append(game(
        ["GAME-BOX-BONUS", "GAME-TARGET"],
        "With immediate boxes the standard shutout hands end a hand earlier, so the third hand is refused.",
        "p1", SHUTOUT_HANDS,
        overrides={"box_timing": "immediate"},
        expected={"error": "game_already_over"},
        notes="p1: 30 + 25 = 55, then 55 + 45 + 25 = 125 >= 100 after hand 2.\n",
    ))
    v.append(game(
        ["GAME-BOX-BONUS", "GAME-SHUTOUT"],
        "Immediate boxes and a shutout doubling the hand points: the doubled points leave the box credits out.",
        "p2", "p2 knock 30; p2 knock 40; p2 knock 15",
        overrides={"box_timing": "immediate", "box_bonus": 10, "shutout": "double_hand_points"},
        expected=game_expected(
            "p2 p1 p2", [(0, 40), (0, 90), (0, 115)], 3,
            row(0, 0, 0, 0, 0, 0), row(115, 3, 0, 100, 85, 300), "p2", 300),
        notes=(
            "p2: 30 + 10 = 40, 40 + 40 + 10 = 90, 90 + 15 + 10 = 115 >= 100.\n"
            "Hand points 30 + 40 + 15 = 85 are doubled: shutout bonus 85.\n"
            "p2: 115 + 100 + 85 = 300. Margin 300.\n"
        ),
    ))
    v.append(game(
        ["GAME-BOX-BONUS", "GAME-SHUTOUT"],
        "Immediate boxes of 10 and the whole total doubled for a shutout (seeded sample).",
        "p1", sample("game", {"box_timing": "immediate", "box_bonus": 10}, 900, lambda t, r: count(t) >= 4,
                     p1_share=1.0, void_rate=0),
        overrides={"box_timing": "immediate", "box_bonus": 10},
    ))
    # Extra boxes.
    v.append(game(
        ["GAME-EXTRA-BOXES", "GAME-BOX-BONUS"],
        "Extra boxes: gin and big gin are three boxes each, an undercut two.",
        "p2", "p1 gin 40; p2 undercut 30; p1 knock 20; p2 big_gin 50; p1 undercut 45",
        overrides={"extra_boxes": True},
        expected=game_expected(
            "p2 p1 p2 p1 p2", [(40, 0), (40, 30), (60, 30), (60, 80), (105, 80)], 5,
            row(105, 6, 150, 100, 0, 355), row(80, 5, 125, 0, 0, 205), "p1", 150),
        notes=(
            "p1: gin 3 + knock 1 + undercut 2 = 6 boxes; p2: undercut 2 + big gin 3 = 5 boxes.\n"
            "p1: 40 + 20 + 45 = 105; p2: 30 + 50 = 80.\n"
            "p1: 105 + 6 x 25 + 100 = 355; p2: 80 + 5 x 25 = 205. Margin 150.\n"
        ),
    ))
    v.append(game(
        ["GAME-EXTRA-BOXES", "GAME-BOX-BONUS", "GAME-TARGET"],
        "Extra boxes credited at once, 10 each: p2 reaches exactly 100 with a gin worth 40 + 30.",
        "p1", "p1 gin 30; p2 knock 20; p1 undercut 15; p2 gin 40",
        overrides={"extra_boxes": True, "box_timing": "immediate", "box_bonus": 10},
        expected=game_expected(
            "p1 p2 p1 p2", [(60, 0), (60, 30), (95, 30), (95, 100)], 4,
            row(95, 5, 0, 0, 0, 95), row(100, 4, 0, 100, 0, 200), "p2", 105),
        notes=(
            "p1 gin: 30 + 3 x 10 = 60. p2 knock: 20 + 10 = 30. p1 undercut: 15 + 2 x 10 = 35, p1 95.\n"
            "p2 gin: 40 + 30 = 70, p2 100 ends the game.\n"
            "p2: 100 + 100 = 200; p1: 95. Margin 105.\n"
        ),
    ))
    v.append(game(
        ["GAME-EXTRA-BOXES", "GAME-BOX-BONUS", "GAME-SHUTOUT"],
        "Extra boxes over a longer game (seeded sample).",
        "p1", sample("game", {"extra_boxes": True}, 1000,
                     lambda t, r: count(t) >= 6 and " gin" in t and "undercut" in t and no_shutout(r), p1_share=0.6),
        overrides={"extra_boxes": True},
    ))
    # Who wins.
    v.append(game(
        ["GAME-WINNER", "GAME-BOX-BONUS"],
        "Highest grand total wins: p2's nine small wins beat p1, who reached the target.",
        "p1", SMALL_AND_BIG,
        overrides={"game_winner": "highest_total"},
        expected=game_expected(
            "p1 p2 p1 p2 p1 p2 p1 p2 p1 p2 p1",
            [(0, 8), (0, 20), (60, 20), (60, 30), (60, 39), (60, 50), (60, 60), (60, 70), (60, 82),
             (60, 90), (105, 90)],
            11, row(105, 2, 50, 100, 0, 255), row(90, 9, 225, 0, 0, 315), "p2", 60),
        notes="As in the first-to-target vector: p1 255, p2 315. The higher total wins: p2 by 60.\n",
    ))
    v.append(game(
        ["GAME-WINNER", "GAME-BOX-BONUS"],
        "Highest grand total, tied at 250: the player who reached the target wins, by 0.",
        "p2", "p2 knock 5; p2 knock 6; p1 knock 50; p2 knock 7; p2 knock 8; p2 knock 4; p2 knock 6; "
        "p2 knock 9; p2 knock 5; p1 gin 50",
        overrides={"game_winner": "highest_total"},
        expected=game_expected(
            "p2 p1 p2 p1 p2 p1 p2 p1 p2 p1",
            [(0, 5), (0, 11), (50, 11), (50, 18), (50, 26), (50, 30), (50, 36), (50, 45), (50, 50), (100, 50)],
            10, row(100, 2, 50, 100, 0, 250), row(50, 8, 200, 0, 0, 250), "p1", 0),
        notes=(
            "p2: 5 + 6 + 7 + 8 + 4 + 6 + 9 + 5 = 50 in eight wins; p1: 50 + 50 = 100.\n"
            "p1: 100 + 50 + 100 = 250; p2: 50 + 8 x 25 = 250. Equal: p1 reached the target and wins. Margin 0.\n"
        ),
    ))
    v.append(game(
        ["GAME-WINNER"],
        "Highest grand total where the player who reached the target also has the higher total (seeded sample).",
        "p2", sample("game", {"game_winner": "highest_total"}, 1100,
                     lambda t, r: count(t) >= 6 and no_shutout(r), first_dealer="p2"),
        overrides={"game_winner": "highest_total"},
    ))
    # Other targets and bonus values.
    for target, seed in ((150, 17), (250, 19)):
        ov = {"game_target": target}
        v.append(game(
            ["GAME-TARGET"],
            f"A game to {target} (seeded sample).",
            "p1", sample("game", ov, seed * 100, lambda t, r: no_shutout(r)),
            overrides=ov,
        ))
    v.append(game(
        ["GAME-TARGET", "GAME-BONUS"],
        "A game to 150 with no game bonus: 149 is not enough, 150 is.",
        "p2", "p2 gin 80; p1 knock 20; p2 knock 69; p1 knock 12; p2 knock 1",
        overrides={"game_target": 150, "game_bonus": 0},
        expected=game_expected(
            "p2 p1 p2 p1 p2", [(0, 80), (20, 80), (20, 149), (32, 149), (32, 150)], 5,
            row(32, 2, 50, 0, 0, 82), row(150, 3, 75, 0, 0, 225), "p2", 143),
        notes=(
            "p2: 80 + 69 = 149 < 150, then + 1 = 150. No game bonus.\n"
            "p2: 150 + 3 x 25 = 225; p1: 32 + 2 x 25 = 82. Margin 143.\n"
        ),
    ))
    palace = {"box_bonus": 10, "box_timing": "immediate", "game_bonus": 0}
    v.append(game(
        ["GAME-BOX-BONUS", "GAME-BONUS", "DEAL-ROTATION"],
        "Boxes of 10 credited at once, no game bonus, winner deals (seeded sample).",
        "p1", sample("game", dict(palace, dealer_rotation="winner"), 1200,
                     lambda t, r: count(t) >= 6 and no_shutout(r)),
        overrides=dict(palace, dealer_rotation="winner"),
    ))
    v.append(game(
        ["GAME-BOX-BONUS"],
        "No box bonus: hand points and game bonus only.",
        "p1", ALTERNATE_HANDS,
        overrides={"box_bonus": 0},
        expected=game_expected(
            "p1 p2 p1 p2 p1", [(22, 0), (22, 15), (63, 15), (63, 45), (100, 45)], 5,
            row(100, 3, 0, 100, 0, 200), row(45, 2, 0, 0, 0, 45), "p1", 155),
        notes="p1: 100 + 100 = 200; p2: 45. Boxes are still counted (3 and 2) but worth 0. Margin 155.\n",
    ))
    return v


# --------------------------------------------------------------------------- Hollywood

BASIC_SESSION = (
    "p1 knock 20; p2 knock 15; p1 gin 45; p1 knock 30; p2 knock 25; p1 knock 10; p2 undercut 35; "
    "p1 knock 20; p2 gin 50; p2 knock 20"
)
SHUTOUT_SESSION = "p1 gin 50; p1 knock 30; p1 knock 25; p2 knock 20; p2 knock 30; p1 knock 45; p2 gin 75"
SMALL_WINS_SESSION = (
    "p1 knock 8; p1 knock 12; p2 gin 60; p1 knock 10; p1 knock 9; p1 knock 11; p1 knock 10; p1 knock 10; "
    "p1 knock 12; p1 knock 8; p2 knock 45; p1 knock 20; p2 knock 30; p1 knock 15"
)
SAME_HAND_SESSION = "p1 knock 30; p1 knock 30; p1 gin 70; p2 knock 40; p1 knock 30"


def hollywood_vectors():
    v = []
    v.append(holly(
        HOLLY_RULES,
        "A full Hollywood session: wins enter column 1, then 1 and 2, then all three; the columns close in turn.",
        BASIC_SESSION,
        expected={
            "columns": [
                column(6, 105, 40, row(105, 4, 100, 100, 0, 305), row(40, 2, 50, 0, 0, 90), "p1", 215),
                column(8, 105, 60, row(105, 4, 100, 100, 0, 305), row(60, 2, 50, 0, 0, 110), "p1", 195),
                column(10, 60, 105, row(60, 3, 75, 0, 0, 135), row(105, 3, 75, 100, 0, 280), "p2", 145),
            ],
            "over_after": 10,
        },
        notes=(
            "h1 p1 20 -> c1 (p1 20). h2 p2 15 -> c1 (p2 15).\n"
            "h3 p1 45 -> c1, c2 (c1 p1 65, c2 p1 45). h4 p1 30 -> c1, c2, c3 (95, 75, 30).\n"
            "h5 p2 25 -> c1, c2 (c1 p2 40, c2 p2 25). h6 p1 10 -> c1 105 closes; c2 85, c3 40.\n"
            "c1: p1 105 + 4 boxes x 25 + 100 = 305; p2 40 + 2 x 25 = 90; margin 215.\n"
            "h7 p2 35 -> c2 (has an entry) and c3 (first without): c2 p2 60, c3 p2 35.\n"
            "h8 p1 20 -> c2 105 closes, c3 p1 60.\n"
            "c2: p1 105 (45+30+10+20), 4 boxes: 305; p2 60, 2 boxes: 110; margin 195.\n"
            "h9 p2 50 -> c3 p2 85. h10 p2 20 -> c3 p2 105 closes; the session is over.\n"
            "c3: p2 105, 3 boxes (h7 h9 h10): 105 + 75 + 100 = 280; p1 60, 3 boxes: 135; margin 145.\n"
        ),
    ))
    v.append(holly(
        HOLLY_RULES + ["HOLLY-SHUTOUT-ENTRY", "GAME-SHUTOUT"],
        "p2 never scores in column 1 before it closes: column 1 is a shutout and p2's first win opens column 2, "
        "not all three.",
        SHUTOUT_SESSION,
        expected={
            "columns": [
                column(3, 105, 0, row(105, 3, 75, 100, 280, 560), row(0, 0, 0, 0, 0, 0), "p1", 560),
                column(6, 100, 50, row(100, 3, 75, 100, 0, 275), row(50, 2, 50, 0, 0, 100), "p1", 175),
                column(7, 70, 105, row(70, 2, 50, 0, 0, 120), row(105, 2, 50, 100, 0, 255), "p2", 135),
            ],
            "over_after": 7,
        },
        notes=(
            "h1 p1 50 -> c1. h2 p1 30 -> c1 80, c2 30. h3 p1 25 -> c1 105 closes, c2 55, c3 25.\n"
            "c1: p2 has 0: shutout. p1 105 + 3 x 25 + 100 = 280, doubled 560.\n"
            "h4 p2 20 -> c2 only (first open column without his entry): c2 p2 20.\n"
            "h5 p2 30 -> c2 and c3: c2 p2 50, c3 p2 30.\n"
            "h6 p1 45 -> c2 100 closes, c3 70. c2: p1 100 + 3 x 25 + 100 = 275; p2 50 + 50 = 100.\n"
            "h7 p2 75 -> c3 105 closes. c3: p2 105 + 2 x 25 + 100 = 255; p1 70 + 2 x 25 = 120.\n"
        ),
    ))
    v.append(holly(
        HOLLY_RULES + ["GAME-SHUTOUT", "HOLLY-SHUTOUT-ENTRY"],
        "Columns 1 and 2 close on the same hand, both shutouts; p2 then starts in column 3.",
        SAME_HAND_SESSION,
        expected={
            "columns": [
                column(3, 130, 0, row(130, 3, 75, 100, 305, 610), row(0, 0, 0, 0, 0, 0), "p1", 610),
                column(3, 100, 0, row(100, 2, 50, 100, 250, 500), row(0, 0, 0, 0, 0, 0), "p1", 500),
                column(5, 100, 40, row(100, 2, 50, 100, 0, 250), row(40, 1, 25, 0, 0, 65), "p1", 185),
            ],
            "over_after": 5,
        },
        notes=(
            "h1 p1 30 -> c1 30. h2 p1 30 -> c1 60, c2 30. h3 p1 70 -> c1 130, c2 100, c3 70:\n"
            "c1 and c2 both close after hand 3.\n"
            "c1: 130 + 3 x 25 + 100 = 305, doubled 610. c2: 100 + 2 x 25 + 100 = 250, doubled 500.\n"
            "h4 p2 40 -> c3. h5 p1 30 -> c3 100 closes.\n"
            "c3: p1 100 + 2 x 25 + 100 = 250; p2 40 + 25 = 65. Margin 185.\n"
        ),
    ))
    v.append(holly(
        ["HOLLY-THREE-GAMES", "HOLLY-GAME-CLOSE"],
        "The hands stop with all three columns open: nothing is settled and the session is not over.",
        "p1 knock 20; p2 knock 25; p1 knock 30; p2 knock 40; p1 knock 10",
        expected={
            "columns": [column(None, 60, 65), column(None, 40, 40), column(None, 10, 0)],
            "over_after": None,
        },
        notes=(
            "h1 p1 -> c1 20. h2 p2 -> c1 25. h3 p1 -> c1 50, c2 30. h4 p2 -> c1 65, c2 40.\n"
            "h5 p1 (third win) -> c1 60, c2 40, c3 10. Nobody has 100 anywhere.\n"
        ),
    ))
    v.append(holly(
        HOLLY_RULES + ["HOLLY-SHUTOUT-ENTRY", "GAME-SHUTOUT"],
        "p2 scored in column 1 but is shut out of column 2; his second win goes to column 3.",
        "p2 knock 20; p1 gin 60; p1 knock 45; p1 gin 60; p2 knock 30; p1 knock 40",
        expected={
            "columns": [
                column(3, 105, 20, row(105, 2, 50, 100, 0, 255), row(20, 1, 25, 0, 0, 45), "p1", 210),
                column(4, 105, 0, row(105, 2, 50, 100, 255, 510), row(0, 0, 0, 0, 0, 0), "p1", 510),
                column(6, 100, 30, row(100, 2, 50, 100, 0, 250), row(30, 1, 25, 0, 0, 55), "p1", 195),
            ],
            "over_after": 6,
        },
        notes=(
            "h1 p2 20 -> c1. h2 p1 60 -> c1. h3 p1 45 -> c1 105 closes, c2 45.\n"
            "c1: p1 105 + 2 x 25 + 100 = 255; p2 20 + 25 = 45.\n"
            "h4 p1 60 -> c2 105 closes, c3 60. p2 has nothing in c2: shutout, 255 doubled = 510.\n"
            "h5 p2 30 -> c3 (the only open column, where he has no entry yet).\n"
            "h6 p1 40 -> c3 100 closes. c3: p1 100 + 50 + 100 = 250; p2 30 + 25 = 55.\n"
        ),
    ))
    v.append(holly(
        ["HOLLY-GAME-CLOSE"],
        "A hand listed after the third column closed is refused.",
        SAME_HAND_SESSION + "; p2 knock 10",
        expected={"error": "game_already_over"},
        notes="The three columns are closed after hand 5 (see the same-hand vector); hand 6 is too late.\n",
    ))
    classic = {"box_bonus": 20, "shutout": "double_game_bonus"}
    v.append(holly(
        HOLLY_RULES + ["GAME-SHUTOUT", "HOLLY-SHUTOUT-ENTRY"],
        "The shutout session with classic values: boxes of 20, a shutout doubles the game bonus.",
        SHUTOUT_SESSION, overrides=classic,
        expected={
            "columns": [
                column(3, 105, 0, row(105, 3, 60, 100, 100, 365), row(0, 0, 0, 0, 0, 0), "p1", 365),
                column(6, 100, 50, row(100, 3, 60, 100, 0, 260), row(50, 2, 40, 0, 0, 90), "p1", 170),
                column(7, 70, 105, row(70, 2, 40, 0, 0, 110), row(105, 2, 40, 100, 0, 245), "p2", 135),
            ],
            "over_after": 7,
        },
        notes=(
            "Same entries as the standard shutout session.\n"
            "c1: 105 + 3 x 20 + 100 + 100 = 365. c2: 100 + 60 + 100 = 260 vs 50 + 40 = 90.\n"
            "c3: p2 105 + 40 + 100 = 245 vs p1 70 + 40 = 110.\n"
        ),
    ))
    v.append(holly(
        HOLLY_RULES + ["GAME-BOX-BONUS", "GAME-SHUTOUT"],
        "Boxes of 10 credited at once in each column they are entered in, toward that column's target.",
        "p1 knock 40; p1 knock 40; p2 gin 55; p2 knock 30; p1 knock 45; p1 knock 50",
        overrides={"box_timing": "immediate", "box_bonus": 10},
        expected={
            "columns": [
                column(2, 100, 0, row(100, 2, 0, 100, 200, 400), row(0, 0, 0, 0, 0, 0), "p1", 400),
                column(4, 50, 105, row(50, 1, 0, 0, 0, 50), row(105, 2, 0, 100, 0, 205), "p2", 155),
                column(6, 115, 40, row(115, 2, 0, 100, 0, 215), row(40, 1, 0, 0, 0, 40), "p1", 175),
            ],
            "over_after": 6,
        },
        notes=(
            "Each entry adds its points + 10. h1 p1 -> c1 50. h2 p1 -> c1 100 closes, c2 50.\n"
            "c1: shutout; 100 + 100 = 200 doubled = 400.\n"
            "h3 p2 55 -> c2 p2 65. h4 p2 30 -> c2 p2 105 closes, c3 p2 40.\n"
            "c2: p2 105 + 100 = 205; p1 50.\n"
            "h5 p1 45 -> c3 (his first entry there) 55. h6 p1 50 -> c3 115 closes.\n"
            "c3: p1 115 + 100 = 215; p2 40.\n"
        ),
    ))
    v.append(holly(
        HOLLY_RULES + ["GAME-EXTRA-BOXES"],
        "Extra boxes counted in every column a gin or undercut is entered in.",
        "p1 gin 40; p2 undercut 30; p1 knock 35; p1 gin 30; p2 knock 40; p2 big_gin 60; p1 undercut 70",
        overrides={"extra_boxes": True},
        expected={
            "columns": [
                column(4, 105, 30, row(105, 7, 175, 100, 0, 380), row(30, 2, 50, 0, 0, 80), "p1", 300),
                column(6, 65, 100, row(65, 4, 100, 0, 0, 165), row(100, 4, 100, 100, 0, 300), "p2", 135),
                column(7, 100, 60, row(100, 5, 125, 100, 0, 325), row(60, 3, 75, 0, 0, 135), "p1", 190),
            ],
            "over_after": 7,
        },
        notes=(
            "h1 p1 gin 40 (3 boxes) -> c1. h2 p2 undercut 30 (2) -> c1.\n"
            "h3 p1 35 (1) -> c1 75, c2 35. h4 p1 gin 30 (3) -> c1 105 closes, c2 65, c3 30.\n"
            "c1: p1 boxes 3+1+3 = 7: 105 + 175 + 100 = 380; p2 30 + 2 x 25 = 80.\n"
            "h5 p2 40 (1) -> c2. h6 p2 big gin 60 (3) -> c2 100 closes, c3 60.\n"
            "c2: p2 boxes 4: 100 + 100 + 100 = 300; p1 65, boxes 1+3 = 4: 165.\n"
            "h7 p1 undercut 70 (2) -> c3 100 closes. c3: p1 boxes 3+2 = 5: 100 + 125 + 100 = 325;\n"
            "p2 60, 3 boxes: 135.\n"
        ),
    ))
    v.append(holly(
        HOLLY_RULES + ["GAME-WINNER"],
        "Hollywood with the highest grand total winning each column (seeded sample).",
        sample("hollywood", {"game_winner": "highest_total"}, 1300, void_rate=0),
        overrides={"game_winner": "highest_total"},
    ))
    v.append(holly(
        HOLLY_RULES,
        "Hollywood columns to 150 (seeded sample).",
        sample("hollywood", {"game_target": 150}, 1400),
        overrides={"game_target": 150},
    ))
    v.append(holly(
        HOLLY_RULES + ["STOCK-VOID-NO-SCORE"],
        "Void hands between the wins are entered nowhere (seeded sample).",
        sample("hollywood", {}, 1500, lambda t, r: t.count("void") >= 2, void_rate=0.25),
    ))
    for seed, share in ((41, 0.5), (43, 0.7)):
        v.append(holly(
            HOLLY_RULES + ["HOLLY-SHUTOUT-ENTRY"],
            f"A whole Hollywood session (seeded sample {seed}).",
            sample("hollywood", {}, seed * 100, lambda t, r: count(t) >= 10, p1_share=share),
        ))
    def gap_after_first(text, result):
        closed = [col["closed_after"] for col in result["columns"]]
        return closed[1] > closed[0] + 1

    whole = sample("hollywood", {}, 4700, gap_after_first)
    first_closed = answer("hollywood", {"hands": hands(whole)}, parameters({"hollywood": True}))["columns"][0]
    v.append(holly(
        ["HOLLY-THREE-GAMES", "HOLLY-GAME-CLOSE"],
        "The hands stop one hand after column 1 closed: column 1 is settled, the others are open (seeded sample).",
        "; ".join(whole.split("; ")[: first_closed["closed_after"] + 1]),
    ))
    for winner_rule, c1_winner, c1_margin, extra in (
        ("first_to_target", "p2", -60, "p2 reached 100 in column 1 and wins it by -60"),
        ("highest_total", "p1", 60, "p1's nine boxes give him column 1 by 60 although p2 reached the target"),
    ):
        v.append(holly(
            HOLLY_RULES + ["GAME-WINNER", "HOLLY-BOX-PER-GAME"],
            f"Many small wins against two big ones, game_winner {winner_rule}: {extra}.",
            SMALL_WINS_SESSION, overrides={"game_winner": winner_rule},
            expected={
                "columns": [
                    column(11, 90, 105, row(90, 9, 225, 0, 0, 315), row(105, 2, 50, 100, 0, 255), c1_winner,
                           c1_margin),
                    column(12, 102, 45, row(102, 9, 225, 100, 0, 427), row(45, 1, 25, 0, 0, 70), "p1", 357),
                    column(14, 105, 30, row(105, 9, 225, 100, 0, 430), row(30, 1, 25, 0, 0, 55), "p1", 375),
                ],
                "over_after": 14,
            },
            notes=(
                "h1 p1 8 -> c1. h2 p1 12 -> c1 20, c2 12. h3 p2 60 -> c1.\n"
                "h4-h10 p1 10, 9, 11, 10, 10, 12, 8 (70) -> all three: c1 90, c2 82, c3 70.\n"
                "h11 p2 45 -> c1 (p2 105, closes) and c2 (his first entry there: 45).\n"
                "c1: p1 90 + 9 boxes x 25 = 315; p2 105 + 2 x 25 + 100 = 255.\n"
                f"{winner_rule}: {c1_winner} wins column 1, margin {c1_margin}.\n"
                "h12 p1 20 -> c2 102 closes, c3 90. c2: p1 102 + 9 x 25 + 100 = 427; p2 45 + 25 = 70.\n"
                "h13 p2 30 -> c3 (his first entry there). h14 p1 15 -> c3 105 closes.\n"
                "c3: p1 105, 9 boxes (h4-h10, h12, h14): 105 + 225 + 100 = 430; p2 30 + 25 = 55.\n"
            ),
        ))
    return v


# --------------------------------------------------------------------------- writing


class _Dumper(yaml.SafeDumper):
    def increase_indent(self, flow=False, indentless=False):
        return super().increase_indent(flow, False)


def _str(dumper, data):
    if "\n" in data:
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", data)


_Dumper.add_representer(str, _str)


def finish(entries, start):
    """Number the vectors, compute each answer with the oracle and check the hand-worked ones."""
    out = []
    for offset, entry in enumerate(entries):
        ident = f"game-{start + offset:04d}"
        params = parameters(entry["overrides"])
        oracle = answer(entry["kind"], entry["input"], params)
        hand = entry["hand_expected"]
        if hand is not None and hand != oracle:
            raise AssertionError(
                f"{ident}: the oracle's answer\n  {oracle}\ndiffers from the one worked by hand\n  {hand}"
            )
        if hand is not None and not entry["notes"]:
            raise AssertionError(f"{ident}: a hand-worked vector needs its arithmetic in notes")
        vec = {"id": ident, "rules": entry["rules"], "variant": "standard"}
        if entry["overrides"]:
            vec["overrides"] = entry["overrides"]
        vec["description"] = entry["description"]
        vec["kind"] = entry["kind"]
        vec["input"] = entry["input"]
        vec["expected"] = oracle
        vec["provenance"] = "hand" if hand is not None else "oracle"
        if entry["notes"]:
            vec["notes"] = entry["notes"]
        out.append(vec)
    return out


# Vector IDs are permanent (spec/vectors.md). Each file numbers its vectors from its own start
# (game-0001, game-0101, game-0201) in the order its function lists them: add new vectors at the
# end of a list, never in the middle, and never remove one.
FILES = (
    ("standard.yaml", "Whole games under the standard rules: dealing, the target, boxes, game bonus, shutout, "
     "the winner, and the two errors.", standard_vectors),
    ("variants.yaml", "Whole games under changed game parameters: who deals, shutout forms, classic and "
     "immediate boxes, extra boxes, the highest total winning, other targets.", variant_vectors),
    ("hollywood.yaml", "Hollywood sessions: three games on one sheet, entered in turn and closed one by one.",
     hollywood_vectors),
)
FIRST_ID = {"standard.yaml": 1, "variants.yaml": 101, "hollywood.yaml": 201}


def render():
    """The text of each file, by name."""
    texts = {}
    for name, description, build in FILES:
        vectors = finish(build(), FIRST_ID[name])
        assert len(vectors) < 100, f"{name} has outgrown its block of IDs"
        document = {"area": "game", "description": description, "vectors": vectors}
        body = yaml.dump(document, Dumper=_Dumper, sort_keys=False, default_flow_style=None, width=100,
                         allow_unicode=True)
        texts[name] = HEADER + body
    return texts


def main(argv):
    texts = render()
    if "--check" in argv:
        stale = [
            name
            for name, text in texts.items()
            if not (OUT / name).exists() or (OUT / name).read_text(encoding="utf-8") != text
        ]
        if stale:
            print("out of date: " + ", ".join(stale))
            return 1
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"vectors/game/{name}: {text.count(chr(10) + '  - id: ')} vectors")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
