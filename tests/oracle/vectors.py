"""Reading vector files and answering their questions with the oracle.

``answer(vector)`` returns every field the oracle can give for a vector, in the
YAML form of spec/vectors.md; ``same(key, a, b)`` compares one field the way the
format says (card lists as sets, arrangements as sets of sets of melds).
"""

from pathlib import Path


from .aces import ace_rule
from .cards import format_hand, parse_cards, parse_hand
from .hands import after_discard, knock
from .layoffs import defender_after_layoffs
from .melds import format_arrangement, least_deadwood, meld_type, optimal_arrangements
from .params import ROOT, load_params
from .scoring import score
from .yamlfile import read_document

AREAS = ("melds", "deadwood", "knock", "layoff", "scoring")
KINDS = {
    "melds": {"meld"},
    "deadwood": {"deadwood", "discard"},
    "knock": {"knock"},
    "layoff": {"layoff"},
    "scoring": {"score"},
}
CARD_SET_FIELDS = {"discards", "layoffs"}


def read_yaml(path):
    """Load one YAML file safely (no tags are executed)."""
    return read_document(path)

RULE_IDS = frozenset(
    [
        "CARD-VALUES",
        "CARD-RANK-ACE-LOW",
        "MELD-SET",
        "MELD-RUN",
        "MELD-RUN-ACE-LOW",
        "MELD-RUN-NO-WRAP",
        "MELD-DISJOINT",
        "MELD-ARRANGEMENT-CHOICE",
        "DEADWOOD-COUNT",
        "KNOCK-LIMIT",
        "KNOCK-COUNT-AFTER-DISCARD",
        "GIN-DEFINITION",
        "GIN-NO-LAYOFF",
        "GIN-DEFENDER-MELDS",
        "GIN-CANNOT-BE-UNDERCUT",
        "GIN-BONUS",
        "BIGGIN-DEFINITION",
        "BIGGIN-NO-LAYOFF",
        "BIGGIN-BONUS",
        "LAYOFF-DEFENDER-ONLY",
        "LAYOFF-TARGET-KNOCKER-MELDS",
        "LAYOFF-EXTEND-SET",
        "LAYOFF-EXTEND-RUN",
        "LAYOFF-CHAIN",
        "LAYOFF-DEFENDER-MELDS",
        "LAYOFF-OPTIMAL",
        "KNOCK-SPREAD-FIXED",
        "SCORE-HAND-OUTCOMES",
        "SCORE-KNOCK-WIN",
        "SCORE-UNDERCUT",
        "SCORE-UNDERCUT-TIE",
        "SCORE-GIN",
        "SCORE-BIGGIN",
        "SCORE-WINNER-ONLY",
        "SCORE-AUTO-SPREAD",
    ]
)


def vector_files(root=ROOT):
    """The vector files of the five single-hand areas, in a stable order."""
    files = []
    for area in AREAS:
        files.extend(sorted((Path(root) / "vectors" / area).glob("*.yaml")))
    return files


ORACLE_KINDS = frozenset().union(*KINDS.values())


def load_vectors(root=ROOT, kinds=ORACLE_KINDS):
    """Every vector of the given kinds as (file path, area, vector dict). Files
    in these folders may also hold vectors of other kinds (a table of more
    players, for example), which the oracle does not answer."""
    found = []
    for path in vector_files(root):
        document = read_yaml(path)
        for vector in document["vectors"]:
            if vector.get("kind") in kinds:
                found.append((path, document["area"], vector))
    return found


def all_vector_ids(root=ROOT):
    """(id, file) for every vector in every file under vectors/, any kind."""
    found = []
    for path in sorted((Path(root) / "vectors").glob("*/*.yaml")):
        document = read_yaml(path) or {}
        for vector in document.get("vectors") or []:
            found.append((vector.get("id"), path))
    return found


def params_of(vector):
    return load_params(vector.get("variant", "standard"), vector.get("overrides"))


def answer(vector):
    """Every field of ``expected`` that the oracle can give for this vector."""
    return answer_under(vector["kind"], vector["input"], params_of(vector))


def answer_under(kind, inp, params):
    """Every field the oracle can give for a single-hand question of ``kind`` asked under the
    complete parameter set ``params`` (the meld searches under its ``ace_in_runs``)."""
    with ace_rule(params):
        return _answer_under(kind, inp, params)


def _answer_under(kind, inp, params):
    if kind == "meld":
        kind_of = meld_type(inp["cards"])
        return {"valid": kind_of is not None, "type": kind_of}
    if kind == "deadwood":
        hand = inp["hand"]
        return {
            "deadwood": least_deadwood(hand),
            "arrangements": sorted(format_arrangement(a) for a in optimal_arrangements(hand)),
        }
    if kind == "discard":
        res = after_discard(inp["hand"], params)
        return dict(res, discards=format_hand(res["discards"]))
    if kind == "knock":
        return knock(inp["hand"], inp["discard"], params)
    if kind == "layoff":
        deadwood, groups = defender_after_layoffs(inp["knocker_melds"], inp["defender"], params)
        out = {"deadwood": deadwood}
        if len(groups) == 1:
            out["layoffs"] = format_hand(next(iter(groups)))
        return out
    if kind == "score":
        res = score(inp["knocker"], inp["defender"], params, inp.get("knocker_melds"))
        if "error" in res:
            return res
        out = {k: v for k, v in res.items() if k != "layoffs"}
        if res["layoffs"] is not None:
            out["layoffs"] = format_hand(res["layoffs"])
        return out
    raise ValueError(f"unknown kind {kind!r}")


def normal(key, val):
    """A comparable form of one expected field."""
    if key in CARD_SET_FIELDS:
        return frozenset(parse_hand(val))
    if key == "arrangements":
        return frozenset(frozenset(frozenset(parse_hand(m)) for m in arr) for arr in val)
    return val


def same(key, a, b):
    return normal(key, a) == normal(key, b)


def input_cards(vector):
    """Check that the cards of a vector are consistent and the hands the right
    size; raise ValueError otherwise."""
    kind = vector["kind"]
    inp = vector["input"]
    params = params_of(vector)
    size = params["hand_size"]
    if kind == "meld":
        cards = parse_hand(inp["cards"])
        if not 1 <= len(cards) <= 13:
            raise ValueError("a meld question has 1 to 13 cards")
    elif kind == "deadwood":
        if len(parse_hand(inp["hand"])) > size:
            raise ValueError("a hand at rest has at most hand_size cards")
    elif kind in ("discard", "knock"):
        hand = parse_hand(inp["hand"])
        if len(hand) != size + 1:
            raise ValueError("the hand must hold hand_size + 1 cards")
        if kind == "knock" and inp["discard"] not in hand:
            raise ValueError("the discard is not in the hand")
    elif kind == "layoff":
        melded = parse_hand(" ".join(inp["knocker_melds"]))
        defender = parse_hand(inp["defender"])
        if len(defender) != size or set(melded) & set(defender):
            raise ValueError("bad defender hand")
        if not 3 <= len(melded) <= size:
            raise ValueError("the knocker's melds hold 3 to hand_size cards")
    elif kind == "score":
        knocker = parse_hand(inp["knocker"])
        defender = parse_hand(inp["defender"])
        if len(defender) != size or len(knocker) not in (size, size + 1):
            raise ValueError("bad hand sizes")
        if set(knocker) & set(defender):
            raise ValueError("a card is in both hands")
        for meld in inp.get("knocker_melds") or []:
            if set(parse_cards(meld)) & set(defender):
                raise ValueError("a knocker meld holds a defender card")
    else:
        raise ValueError(f"unknown kind {kind!r}")
