"""How an engine departs from the rules on one failing case: its *departure signature*, which
groups the failures no known defect explains (:mod:`ginspec.judging.diagnosis.unexplained`).

- An engine error (an exception, a crash, an answer outside the protocol, a timeout) is its kind
  and message with the cards and numbers masked, and the engine's own frame where a traceback
  gives one: the same crash is one signature whatever hand it crashed on.
- A wrong answer is its first departure. For a hand replayed move by move (``round``,
  ``table_round``) that is the first point of the hand where the engine and the rules differ (a
  checkpoint, a move refused or accepted, the result), described by the phase, the kind of move
  and what differs: a move the engine allows that the rules forbid (KNOCK-LIMIT, FIRST-UPCARD-OFFER
  ...), a move it refuses that the rules allow, a value. Cards are left out (``p1 knock 7h`` is a
  knock), so hands departing the same way share it. For a single question, a game or a scenario:
  the first field that differs in the order the rules work it out (the melds before the deadwood,
  the lay-offs before the defender's count, the count before the points), with the kind of
  difference (higher, lower, yes for no, a meld shape kept or refused, cards missing or added) and
  the situation (the outcome of the hand the rules give).

The signature holds no card, no seat and no number of the case, only what any hand departing the
same way shares; the words of a finding's title are built from it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Sequence

from ginspec.judging.diagnosis.hypotheses import field_of

FIELD_ORDER = (
    "refused", "error", "illegal", "phase", "to_play", "legal", "knock_limit", "stock",
    "valid", "type", "deadwood", "arrangements", "discards", "can_knock", "can_gin", "can_big_gin", "gin",
    "knocker", "knocker_deadwood", "layoffs", "defender_deadwood", "outcome", "winner", "points", "finished",
    "dealers", "players", "columns", "totals", "tables", "deal_results", "over_after", "final", "margin",
)
"""Fields in the order the rules work them out: the first that differs is the departure."""

FIELD_WORDS = {
    "phase": "the phase of the hand", "to_play": "the player to play", "legal": "the moves allowed",
    "knock_limit": "the knock limit", "stock": "the cards left in the stock", "valid": "whether the cards are a meld",
    "type": "the kind of meld", "arrangements": "the melds", "deadwood": "the deadwood", "discards": "the best discards",
    "can_knock": "whether a knock is open", "can_gin": "whether gin is open", "can_big_gin": "whether big gin is open",
    "gin": "whether the knock is gin", "knocker": "the knocker", "knocker_deadwood": "the knocker's deadwood",
    "layoffs": "the cards laid off", "defender_deadwood": "the defender's deadwood", "outcome": "the outcome",
    "winner": "the winner", "points": "the points", "finished": "whether the hand is over", "dealers": "the dealer of a hand",
    "players": "the players of a hand", "columns": "the Hollywood columns", "totals": "the running totals",
    "tables": "the tables", "deal_results": "the result of a deal", "over_after": "the hand the game ends after",
    "final": "the final account", "margin": "the margin of the game", "error": "the error answered",
}

FIELD_AREAS = {
    "phase": ("turn", "stock", "knock"), "to_play": ("turn", "first-turn", "deal"), "knock_limit": ("oklahoma", "knock", "straight"),
    "stock": ("turn", "stock", "deal"), "valid": ("melds",), "type": ("melds",), "arrangements": ("melds", "equipment"),
    "deadwood": ("melds", "equipment", "knock"), "discards": ("knock", "melds", "equipment"), "can_knock": ("knock", "straight", "oklahoma"),
    "can_gin": ("gin", "knock"), "can_big_gin": ("gin",), "gin": ("gin", "knock"), "knocker": ("knock",),
    "knocker_deadwood": ("knock", "scoring", "melds"), "layoffs": ("layoff", "gin"), "defender_deadwood": ("layoff", "gin", "melds"),
    "outcome": ("scoring", "gin", "stock"), "winner": ("scoring", "gin", "game"), "points": ("scoring", "gin", "oklahoma", "layoff"),
    "finished": ("stock", "knock"), "dealers": ("deal", "stock", "game", "three-player"), "players": ("three-player",),
    "columns": ("hollywood",), "totals": ("game", "scoring", "hollywood"), "tables": ("partnership",), "deal_results": ("partnership",),
    "over_after": ("game",), "final": ("game",), "margin": ("game",), "error": ("irregularities", "knock", "gin"),
}
"""The rule areas (``spec/rules/AREA.yaml``) whose rules are checked where each field departs, most specific first."""

PHASE_AREAS = {"first_turn": ("first-turn",), "draw": ("turn", "stock"), "discard": ("knock", "turn", "gin", "first-turn"), "wall": ("stock",), "layoff": ("layoff",)}
MOVE_AREAS = {"knock": ("knock", "first-turn", "gin", "straight", "oklahoma"), "big-gin": ("gin",), "layoff": ("layoff",), "done": ("layoff",),
              "pass": ("first-turn", "stock"), "draw stock": ("first-turn", "turn"), "draw discard": ("first-turn", "turn", "stock"), "discard": ("turn",)}
PHASE_WORDS = {"first_turn": "in the first turn", "draw": "at the draw", "discard": "at the discard", "wall": "at the wall of the stock", "layoff": "at the lay-offs", "over": "at the end of the hand"}
MOVE_WORDS = {"knock": "a knock", "big-gin": "big gin", "layoff": "a lay-off", "done": "ending the lay-offs", "pass": "a pass",
              "draw stock": "a draw from the stock", "draw discard": "taking the discard", "discard": "a discard"}

ERROR_STATUSES = ("error", "timeout")


@dataclass(frozen=True)
class Departure:
    """Where and how one case departs: ``key`` groups cases (no cards, seats or numbers of the
    case in it), ``what`` and ``where`` are its words, ``areas`` the rule areas checked there."""

    key: tuple[Any, ...]
    what: str
    where: str = ""
    areas: tuple[str, ...] = ()
    value: tuple[str, Any, Any, Mapping[str, Any]] | None = None
    """Of a number that differs: (field, the rules' value, the engine's value, the rules' answer)."""
    details: tuple[tuple[str, str], ...] = field(default=())
    """Facts of the situation a title names when every case of a finding shares them."""


_CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQKT])[cdhs](?![A-Za-z0-9])")
_NUMBER = re.compile(r"(?<![A-Za-z])\d+(\.\d+)?")
_ERROR_WORD = re.compile(r"[\w.$]*(?:Error|Exception|Panic|Fault|panicked)\b", re.IGNORECASE)
_PY_FRAME = re.compile(r'File "([^"]+)", line \d+, in ([\w<>.$]+)')
_OTHER_FRAME = re.compile(r"\bat ([\w.$<>]+)\(([\w.-]+):\d+\)|\bat ([^\s:]+?\.\w+):\d+")


def mask(text: str) -> str:
    """A message with cards and numbers masked (``AttributeError at 7h, line 12`` reads
    ``AttributeError at CARD, line N``) and spaces folded."""
    return " ".join(_NUMBER.sub("N", _CARD.sub("CARD", text)).split())


def _error_line(text: str) -> str:
    """The line that names the error: the last naming an error, an exception, a fault or a panic
    (with the line after it when it ends in a colon, as Rust's panics do), else the last line."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        return "an error with no message"
    named = [index for index, line in enumerate(lines) if _ERROR_WORD.search(line)]
    if not named:
        return lines[-1]
    index = named[-1]
    line = lines[index][[match.start() for match in _ERROR_WORD.finditer(lines[index])][-1]:]
    return f"{line} {lines[index + 1]}" if line.endswith(":") and index + 1 < len(lines) else line


def error_departure(status: str, message: str) -> Departure:
    """The signature of an engine error: the kind of error and its masked message, and the
    engine's own frame where the message carries a traceback."""
    if status == "timeout":
        return Departure(("timeout",), "does not answer in time")
    text = str(message or "")
    error = _error_line(text)
    error = re.sub(r"\s+at\s+\S+:\d+\s*$", "", error)
    frames = [match.group(2) for match in _PY_FRAME.finditer(text)]
    if not frames:
        frames = [(m.group(1) or m.group(3) or "").rsplit("/", 1)[-1] for m in _OTHER_FRAME.finditer(text)]
    frame = frames[-1] if frames else ""
    masked = mask(error)[:160]
    where = f" (in {frame})" if frame else ""
    return Departure(("error", masked, frame), f"fails with {masked}{where}")


def action_kind(text: Any) -> str:
    """The kind of a move with its cards left out: ``p1 knock 7h`` is ``knock``."""
    words = str(text).split()
    if len(words) >= 3 and words[1] == "draw":
        return f"draw {words[2]}"
    return words[1] if len(words) >= 2 else str(text)


def _difference(name: str, expected: Any, observed: Any) -> tuple[str, str]:
    """(kind of difference, words) of one field's two values, without the cards or numbers."""
    if observed is _MISSING:
        return "absent", f"does not give {FIELD_WORDS.get(name, name)}"
    if isinstance(expected, bool) or isinstance(observed, bool):
        said = {True: "yes", False: "no"}
        if name == "legal":
            name = "can_knock"
        return f"{said.get(observed, observed)}-for-{said.get(expected, expected)}", f"says {said.get(observed, repr(observed))} to {FIELD_WORDS.get(name, name)} where the rules say {said.get(expected, repr(expected))}"
    if isinstance(expected, (int, float)) and isinstance(observed, (int, float)):
        side = "higher" if observed > expected else "lower"
        if name == "deadwood":
            return side, f"counts the deadwood {side} than the least the cards leave"
        return side, f"gives {FIELD_WORDS.get(name, name)} {side} than the rules"
    if name == "legal" and isinstance(expected, list) and isinstance(observed, list):
        return _moves_difference(expected, observed)
    if name == "arrangements" and isinstance(expected, list) and isinstance(observed, list):
        return _shape_difference(expected, observed)
    if name in ("layoffs", "discards", "stock") and isinstance(expected, str) and isinstance(observed, str):
        want, got = set(expected.split()), set(observed.split())
        if got < want:
            return "fewer", f"gives fewer cards in {FIELD_WORDS.get(name, name)} than the rules"
        if got > want:
            return "more", f"gives more cards in {FIELD_WORDS.get(name, name)} than the rules"
        return "other", f"gives other cards in {FIELD_WORDS.get(name, name)} than the rules"
    if name == "to_play" and isinstance(expected, str) and isinstance(observed, str):
        return f"{observed}-for-{expected}", f"gives the turn to {observed} where the rules give it to {expected}"
    if isinstance(expected, str) and isinstance(observed, str) and re.fullmatch(r"p\d", expected) and re.fullmatch(r"p\d", observed):
        return "another-seat", f"gives {FIELD_WORDS.get(name, name)} as another player than the rules"
    if isinstance(expected, str) and isinstance(observed, str) and not _CARD.search(expected + " " + observed) and len(expected) <= 20:
        return f"{observed}-for-{expected}", f"gives {FIELD_WORDS.get(name, name)} as {observed} where the rules give {expected}"
    if isinstance(expected, list) and isinstance(observed, list):
        index = next((i for i, (a, b) in enumerate(zip(expected, observed)) if not _equal(a, b)), min(len(expected), len(observed)))
        if index < len(expected) and index < len(observed):
            kind, words = _difference(name, expected[index], observed[index])
            return f"item:{kind}", f"{words} (an entry of {FIELD_WORDS.get(name, name)})"
        return "length", f"gives {'fewer' if len(observed) < len(expected) else 'more'} entries in {FIELD_WORDS.get(name, name)} than the rules"
    if isinstance(expected, Mapping) and isinstance(observed, Mapping):
        for key in sorted(expected, key=lambda k: (_rank(str(k)), str(k))):
            if not _equal(expected[key], observed.get(key, _MISSING)):
                seat = bool(re.fullmatch(r"p\d", str(key)))
                kind, words = _difference(name if seat else str(key), expected[key], observed.get(key, _MISSING))
                return f"{'seat' if seat else key}:{kind}", f"{words} for one player" if seat else words
    return "other", f"gives {FIELD_WORDS.get(name, name)} otherwise than the rules"


def _equal(first: Any, second: Any) -> bool:
    return bool(first == second)


class _Missing:
    def __repr__(self) -> str:
        return "nothing"


_MISSING: Any = _Missing()


def _moves_difference(expected: Sequence[Any], observed: Sequence[Any]) -> tuple[str, str]:
    want = {action_kind(move) for move in expected}
    got = {action_kind(move) for move in observed}
    extra, missing = sorted(got - want), sorted(want - got)
    if not extra and not missing:  # the same kinds of move, other cards
        lost = sorted({action_kind(move) for move in set(map(str, expected)) - set(map(str, observed))})
        added = sorted({action_kind(move) for move in set(map(str, observed)) - set(map(str, expected))})
        parts = [f"allows {_words(added)} with cards the rules forbid" if added else "", f"refuses {_words(lost)} with cards the rules allow" if lost else ""]
        return f"cards:+{','.join(added)}-{','.join(lost)}", " and ".join(part for part in parts if part)
    parts = [f"allows {_words(extra)}, which the rules forbid" if extra else "", f"refuses {_words(missing)}, which the rules allow" if missing else ""]
    return f"moves:+{','.join(extra)}-{','.join(missing)}", "; it ".join(part for part in parts if part)


def _words(kinds: Sequence[str]) -> str:
    return " or ".join(MOVE_WORDS.get(kind, kind) for kind in kinds) or "a move"


def _shape(meld: Any) -> str:
    cards = str(meld).split()
    ranks = {card[:-1] for card in cards}
    return f"{'set' if len(ranks) == 1 else 'run'} of {len(cards)}"


def _shape_difference(expected: Sequence[Any], observed: Sequence[Any]) -> tuple[str, str]:
    """The meld shapes the engine keeps that no least arrangement has, and those it refuses."""
    def shapes(arrangements: Sequence[Any]) -> set[str]:
        return {_shape(meld) for arrangement in arrangements if isinstance(arrangement, list) for meld in arrangement}

    want, got = shapes(expected), shapes(observed)
    kept, refused = sorted(got - want), sorted(want - got)
    if not kept and not refused:
        return "melds:other", "melds other cards than the rules, in melds of the same shapes"
    parts = [f"keeps a {' or a '.join(kept)}" if kept else "", f"refuses a {' or a '.join(refused)}" if refused else ""]
    return f"melds:+{','.join(kept)}-{','.join(refused)}", "in its melds " + " and ".join(part for part in parts if part)


def _rank(name: str, kind: str = "") -> int:
    order = KIND_ORDER.get(kind, ()) + FIELD_ORDER
    return order.index(name) if name in order else len(order)


KIND_ORDER = {"layoff": ("layoffs",), "knock": ("deadwood",)}
"""Fields a kind of question works out before the usual order: a lay-off question's deadwood is
what is left after the lay-offs; whether a knock is allowed follows from the deadwood it leaves."""

CONTEXT_FIELDS = ("outcome", "winner", "points", "finished")
"""Fields whose departure is told apart by the outcome of the hand (the points of a gin are
not the points of an undercut); the counts and the lay-offs before them are not."""


def first_field(expected: Mapping[str, Any], observed: Mapping[str, Any], omitted: frozenset[str] = frozenset(), kind: str = "") -> str | None:
    """The first field (in :data:`FIELD_ORDER`) whose values differ, or None."""
    from ginspec.judging.judge import same_field

    for name in sorted(expected, key=lambda key: (_rank(key, kind), key)):
        if name in omitted or name in ("checkpoints", "after"):
            continue
        if name not in observed or not same_field(name, expected[name], observed[name]):
            return name
    return None


def layoff_target(data: Mapping[str, Any], expected: Any, observed: Any) -> tuple[tuple[str, str], ...]:
    """Where the lay-offs the engine missed (or added) would go: onto a run or onto a set of the
    knocker's melds (LAYOFF-EXTEND-RUN, LAYOFF-EXTEND-SET), when the question gives his melds."""
    melds = data.get("knocker_melds")
    if not isinstance(melds, list) or not isinstance(expected, str) or not isinstance(observed, str):
        return ()
    differing = set(expected.split()) ^ set(observed.split())
    kinds = set()
    for card in differing:
        for meld in melds:
            cards = str(meld).split()
            if len({c[:-1] for c in cards}) == 1:
                if card[:-1] == cards[0][:-1]:
                    kinds.add("set")
            elif card[-1] == cards[0][-1]:
                kinds.add("run")
    if len(kinds) != 1:
        return ()
    return (("onto", f"onto a {kinds.pop()}"),)


def same_melds(expected: Any, observed: Any) -> tuple[tuple[str, str], ...]:
    """Whether a count that departs comes with the melds the rules form (the cards are counted
    wrong: CARD-VALUES) or with others (the meld search departs: DEADWOOD-COUNT, MELD-*); nothing
    when the answer gives no melds."""
    from ginspec.judging.judge import same_field

    if not isinstance(expected, list) or not isinstance(observed, list) or not observed:
        return ()
    if any(same_field("arrangements", [arrangement], observed[:1]) for arrangement in expected):
        return (("count", "with the melds the rules form"),)
    return (("count", "with other melds"),)


def melds_shown(arrangements: Any) -> tuple[tuple[str, str], ...]:
    """What the engine's own melds show of a count below the least (MELD-DISJOINT, MELD-SET,
    MELD-RUN): a card in two melds, a set of mixed ranks, a run of mixed suits or with a gap."""
    if not isinstance(arrangements, list) or not arrangements or not isinstance(arrangements[0], list):
        return ()
    melds = [str(meld).split() for meld in arrangements[0]]
    cards = [card for meld in melds for card in meld]
    if len(cards) != len(set(cards)):
        return (("melds", "melding one card twice"),)
    for meld in melds:
        ranks = {card[:-1] for card in meld}
        suits = {card[-1] for card in meld}
        if len(ranks) > 1 and len(suits) > 1:
            return (("melds", "melding cards of several ranks and suits together"),)
    return ()


def _defence(kind: str, expected: Mapping[str, Any], observed: Mapping[str, Any], difference: str) -> tuple[str, str]:
    """A departure of the defender's lay-offs, told by what it leaves him (LAYOFF-OPTIMAL): more
    deadwood than his best lay-offs leave (he lays off too little) or less (he lays off what the
    rules forbid); by the cards laid off where his count is not asked or agrees."""
    count = "deadwood" if kind == "layoff" else "defender_deadwood"
    want, got = expected.get(count), observed.get(count)
    if isinstance(want, int) and isinstance(got, int) and not isinstance(got, bool) and want != got:
        difference = "fewer" if got > want else "more"
    if difference == "fewer":
        return "fewer", "lays off less than the rules allow: the defender keeps more deadwood than his best lay-offs leave"
    if difference == "more":
        return "more", "lays off cards the rules do not allow: the defender keeps less deadwood than the rules leave him"
    return difference, "lays off other cards than the rules allow"


def _defender_kept_more(expected: Mapping[str, Any], observed: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    """Whether a defender's count after a knock at a table (``deadwood`` by seat) is above the
    rules' yet no more than his hand leaves with no lay-off at all: he laid off less than he may
    (LAYOFF-OPTIMAL), which a question for two tells by its lay-offs. A count above even that is
    a count of its own (DEADWOOD-COUNT)."""
    from reference_impl.cards import mask_of, parse_cards
    from reference_impl.deadwood import least_deadwood
    from reference_impl.errors import GinError

    want, got, hands = expected.get("deadwood"), observed.get("deadwood"), data.get("hands")
    if expected.get("outcome") != "knock" or not all(isinstance(value, Mapping) for value in (want, got, hands)):
        return False
    seat = next((key for key in sorted(want, key=str) if not _equal(want[key], got.get(key, _MISSING))), None)
    if seat is None or seat == data.get("knocked_by") or not isinstance(got.get(seat), int) or isinstance(got.get(seat), bool):
        return False
    try:
        alone = least_deadwood(mask_of(parse_cards(str(hands.get(seat, "")))))
    except (GinError, ValueError, TypeError):
        return False
    return isinstance(want[seat], int) and want[seat] < got[seat] <= alone


def value_departure(kind: str, name: str, expected: Mapping[str, Any], observed: Mapping[str, Any], context: str = "", areas: tuple[str, ...] = (), data: Mapping[str, Any] | None = None) -> Departure:
    """The departure at one field of an answer: what differs and how, in the situation
    ``context`` (the outcome of the hand, the phase)."""
    got = observed.get(name, _MISSING)
    difference, words = _difference(name, expected[name], got)
    value = (name, expected[name], got, expected) if isinstance(expected[name], (int, float)) and isinstance(got, (int, float)) and not isinstance(got, bool) else None
    if name == "knocker_deadwood" and difference in ("lower", "higher"):
        name, words = "deadwood", f"counts the knocker's deadwood {difference} than the least his cards leave"
    if name == "deadwood" and difference == "seat:higher" and _defender_kept_more(expected, observed, data or {}):
        name, difference = "layoffs", "fewer"
    elif name == "deadwood" and difference in ("seat:higher", "seat:lower"):  # one player's count: the count of a hand, whoever holds it
        difference, context = difference.removeprefix("seat:"), ""
    if name == "layoffs" or (kind == "layoff" and name == "deadwood"):
        name, value = "layoffs", None
        difference, words = _defence(kind, expected, observed, difference)
    if name not in CONTEXT_FIELDS:
        context = ""
    family = "game" if kind in GAME_KINDS else "answer"
    details = layoff_target(data or {}, expected.get(name), observed.get(name)) if name == "layoffs" else ()
    if isinstance(expected.get("outcome"), str) and family == "answer":
        details += (("outcome", outcome_context(expected)),)
    if name == "deadwood" and difference in ("higher", "lower"):
        details = melds_shown(observed.get("arrangements")) if difference == "lower" else ()
        details = details or same_melds(expected.get("arrangements"), observed.get("arrangements"))
    return Departure((family, context, name, difference), words, context, areas or FIELD_AREAS.get(name, ()), value, details)


GAME_KINDS = ("game", "three_player", "table_game", "partnership", "hollywood")


def outcome_context(expected: Mapping[str, Any]) -> str:
    """The situation of a hand's result: its outcome by the rules (``in a hand won by gin``)."""
    outcome = expected.get("outcome")
    return f"when the hand ends in {str(outcome).replace('_', ' ')}" if isinstance(outcome, str) else ""


def game_departure(kind: str, name: str, data: Mapping[str, Any], expected: Mapping[str, Any], observed: Mapping[str, Any]) -> Departure:
    """A game's first departure: the first hand whose dealer or total differs, in the situation
    of that hand's outcome, else the first field of the end of the game."""
    hands = data.get("hands") if isinstance(data.get("hands"), list) else []
    for field_name in ("dealers", "totals", "columns"):
        want, got = expected.get(field_name), observed.get(field_name)
        if isinstance(want, list) and isinstance(got, list):
            index = next((i for i, item in enumerate(want) if i >= len(got) or not _equal(item, got[i])), None)
            if index is not None:
                hand = hands[index] if index < len(hands) and isinstance(hands[index], Mapping) else {}
                context = f"after a hand that ends in {str(hand.get('outcome')).replace('_', ' ')}" if hand.get("outcome") else ""
                difference, words = _difference(field_name, want[index], got[index] if index < len(got) else _MISSING)
                return Departure(("game", context, field_name, difference), words, context, FIELD_AREAS.get(field_name, ()))
    return value_departure(kind, name, expected, observed, "at the end of the game", FIELD_AREAS.get(name, ()))
