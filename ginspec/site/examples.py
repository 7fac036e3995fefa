"""Vectors drawn as examples: the question as cards, the expected answer, and where the vector
comes from. Used by the rule pages (a rule's examples), the vector pages, the conformance pages (a
failing case) and the ``ginspec:example`` directive. The markup is in ``templates/example.html``
and ``templates/vector.md``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Callable, Sequence

from markupsafe import Markup

from ginspec.play.playground import Question, fragment
from ginspec.site.cards import arrangement_html, card_list, cards_in_text, hand_html, md_cards, melds_html, row_html
from ginspec.site.family import Context
from ginspec.site.markdown import show_value
from ginspec.site.templating import macros, render
from ginspec.site.values import literal_html, plain, value_html
from ginspec.suite.vectors import Vector
from reference_impl.cards import parse_cards

PROVENANCE = {"hand": "worked by hand", "oracle": "computed by the brute-force oracle", "fuzz": "found by fuzzing"}


def _html() -> Any:
    return macros("example.html")


def _card_set(value: Any) -> set[str]:
    return {str(card) for card in parse_cards(value)} if isinstance(value, str) else set(value or ())


def answer_html(expected: Mapping[str, Any], skip: Sequence[str] = ()) -> Markup:
    """The expected answer, one fact per key; card lists drawn with their suit symbols."""
    facts = []
    for key, value in expected.items():
        if key in skip:
            continue
        if isinstance(value, bool):
            text: Any = "yes" if value else "no"
        elif isinstance(value, str):
            text = cards_in_text(value)
        elif isinstance(value, list) and value and all(isinstance(item, str) for item in value):
            text = Markup(" ").join(cards_in_text(item) for item in value)
        else:
            text = value_html(value)
        facts.append((key.replace("_", " "), text))
    return _html().answer(facts)


def _meld_rows(data: Mapping[str, Any], expected: Mapping[str, Any]) -> list[Markup]:
    verdict = expected.get("type") if expected.get("valid") else "not a meld"
    return [row_html("cards", hand_html(data["cards"])), row_html("answer", _html().verdict(str(verdict or "not a meld")))]


def _deadwood_rows(data: Mapping[str, Any], expected: Mapping[str, Any]) -> list[Markup]:
    arrangements = expected.get("arrangements")
    if not arrangements:
        return [row_html("hand", hand_html(data["hand"], sort=True)), row_html("answer", answer_html(expected, skip=("arrangements",)))]
    rows = [row_html("hand", arrangement_html(data["hand"], arrangements[0]))]
    if len(arrangements) > 1:
        rows.append(row_html("or", Markup(" ").join(arrangement_html(data["hand"], other) for other in arrangements[1:3])))
    return rows + [row_html("answer", answer_html(expected, skip=("arrangements",)))]


def _discard_rows(data: Mapping[str, Any], expected: Mapping[str, Any], kind: str) -> list[Markup]:
    marks = {}
    if kind == "knock" and data.get("discard"):
        marks[data["discard"]] = "discard"
    marks.update({card: "discard" for card in _card_set(expected.get("discards"))})
    return [row_html("hand", hand_html(data["hand"], marks, sort=True)), row_html("answer", answer_html(expected))]


def _layoff_rows(data: Mapping[str, Any], expected: Mapping[str, Any]) -> list[Markup]:
    layoffs = {card: "layoff" for card in _card_set(expected.get("layoffs"))}
    return [
        row_html("knocker", melds_html(data["knocker_melds"])),
        row_html("defender", hand_html(data["defender"], layoffs, sort=True)),
        row_html("answer", answer_html(expected)),
    ]


def _score_rows(data: Mapping[str, Any], expected: Mapping[str, Any]) -> list[Markup]:
    layoffs = {card: "layoff" for card in _card_set(expected.get("layoffs"))}
    if data.get("knocker_melds"):
        knocker = arrangement_html(data["knocker"], data["knocker_melds"])
    else:
        knocker = hand_html(data["knocker"], sort=True)
    return [row_html("knocker", knocker), row_html("defender", hand_html(data["defender"], layoffs, sort=True)), row_html("answer", answer_html(expected))]


def _deal_rows(deal: Mapping[str, Any]) -> list[Markup]:
    """A deal: each seat's hand (the dealer marked), the upcard and the stock."""
    rows = []
    for seat in sorted(deal["hands"]):
        label = seat + (" (deals)" if deal.get("dealer") == seat else "")
        rows.append(row_html(label, hand_html(deal["hands"][seat], sort=True)))
    if deal.get("upcard"):
        rows.append(row_html("upcard", hand_html(deal["upcard"])))
    stock = [str(card) for card in parse_cards(deal.get("stock", ""))]
    if stock:
        rows.append(row_html("stock", _html().stock(stock)))
    return rows


def _play_rows(actions: Any, expected: Mapping[str, Any]) -> list[Markup]:
    """The moves played, the refused one (``expected.illegal.index``) struck through."""
    if not actions:
        return []
    illegal = expected.get("illegal", {}).get("index") if isinstance(expected.get("illegal"), dict) else None
    return [row_html("play", _html().actions([cards_in_text(action) for action in actions], illegal))]


def _answer_rows(expected: Mapping[str, Any]) -> list[Markup]:
    """The expected answer; the checkpoints along the way counted, not drawn."""
    rows = [row_html("answer", answer_html(expected, skip=("checkpoints",)))]
    if expected.get("checkpoints"):
        rows.append(row_html("", _html().note(f"and {len(expected['checkpoints'])} checkpoint(s) along the way")))
    return rows


def _round_rows(data: Mapping[str, Any], expected: Mapping[str, Any]) -> list[Markup]:
    return _deal_rows(data["deal"]) + _play_rows(data.get("actions", ()), expected) + _answer_rows(expected)


def _game_rows(data: Mapping[str, Any], expected: Mapping[str, Any]) -> list[Markup]:
    """A game or Hollywood session: the hands as a table (with the expected dealers and running
    totals when the vector gives them), then the expected result."""
    rows = []
    hands = data.get("hands", ())
    dealers = expected.get("dealers") or []
    totals = expected.get("totals") or []
    if hands:
        columns = ["hand"] + (["dealer"] if dealers else []) + ["winner", "outcome", "points"] + (["totals"] if totals else [])
        body = []
        for number, hand in enumerate(hands, start=1):
            cells: list[Any] = [str(number)]
            if dealers:
                cells.append(plain(dealers[number - 1]) if number <= len(dealers) else "")
            cells += [plain(hand.get("winner", "")), plain(hand.get("outcome", "")), value_html(hand.get("points", ""))]
            if totals:
                total = totals[number - 1] if number <= len(totals) else ""
                cells.append(" – ".join(map(plain, total)) if isinstance(total, list) else value_html(total))
            body.append(cells)
        rows.append(row_html("hands", _html().mini_table(columns, body)))
    final = expected.get("final")
    if isinstance(final, Mapping) and final and all(isinstance(value, Mapping) for value in final.values()):
        keys = list(next(iter(final.values())))
        body = [[player] + [plain(values.get(key, "")) for key in keys] for player, values in final.items()]
        rows.append(row_html("final", _html().mini_table(["player"] + [key.replace("_", " ") for key in keys], body)))
    columns_expected = expected.get("columns")
    if isinstance(columns_expected, list) and columns_expected:
        body = []
        for number, column in enumerate(columns_expected, start=1):
            column_totals = column.get("totals") or {}
            points = " – ".join(f"{player} {plain(value)}" for player, value in column_totals.items()) if isinstance(column_totals, Mapping) else plain(column_totals)
            body.append([str(number), plain(column.get("closed_after")), points, plain(column.get("winner")), plain(column.get("margin"))])
        rows.append(row_html("columns", _html().mini_table(["game", "closed after hand", "points", "winner", "margin"], body)))
    rows.append(row_html("answer", answer_html(expected, skip=("totals", "columns", "dealers", "final"))))
    return rows


def _is_deal(value: Any) -> bool:
    return isinstance(value, Mapping) and isinstance(value.get("hands"), Mapping) and all(card_list(hand) is not None for hand in value["hands"].values())


def _generic_rows(data: Mapping[str, Any], expected: Mapping[str, Any]) -> list[Markup]:
    """Any other kind (a hand or a game at a table of three or four): each input value drawn as
    cards when it is cards (a deal as the seats' hands, the moves as a numbered list), else drawn
    as values (:func:`ginspec.site.values.value_html`)."""
    rows = []
    for key, value in data.items():
        if card_list(value) is not None:
            rows.append(row_html(key, hand_html(value)))
        elif key == "deal" and _is_deal(value):
            rows += _deal_rows(value)
        elif key == "actions" and isinstance(value, list) and all(isinstance(item, str) for item in value):
            rows += _play_rows(value, expected)
        elif isinstance(value, Mapping) and value and all(card_list(item) is not None for item in value.values()):
            rows += [row_html(str(inner), hand_html(item)) for inner, item in value.items()]
        elif isinstance(value, list) and value and all(card_list(item) is not None for item in value):
            rows.append(row_html(key, melds_html(value)))
        else:
            rows.append(row_html(key, value_html(value)))
    return rows + _answer_rows(expected)


DRAWINGS: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any]], list[Markup]]] = {
    "meld": _meld_rows,
    "deadwood": _deadwood_rows,
    "discard": lambda data, expected: _discard_rows(data, expected, "discard"),
    "knock": lambda data, expected: _discard_rows(data, expected, "knock"),
    "layoff": _layoff_rows,
    "score": _score_rows,
    "round": _round_rows,
    "game": _game_rows,
    "hollywood": _game_rows,
}
"""How each kind of question is drawn; a kind not listed is drawn by :func:`_generic_rows`."""


def _malformed_rows(data: Mapping[str, Any], expected: Mapping[str, Any]) -> list[Markup]:
    """A malformed question (``spec/protocol.md``): its input shown as written, never drawn as
    cards, since its cards need not make a hand (a card twice, a name that is no card)."""
    rows = [row_html(key, literal_html(value)) for key, value in data.items()]
    return rows + [row_html("answer", answer_html(expected))]


TRIED = {"meld": ("cards", None), "deadwood": ("hand", None), "discard": ("hand", None), "knock": ("hand", None), "score": ("knocker", "defender")}
"""The kinds of question the playground asks again (a hand, or a knock to score): the input
fields of its hand and of the defender's."""


def playground_question(vector: Vector) -> Question | None:
    """The vector as a question of the playground (its hands, the knocker's spread where it
    gives one, its variant and overrides), or None for a kind it does not ask."""
    fields = TRIED.get(vector.kind)
    if fields is None or "refused" in vector.expected:
        return None
    hand, defender = (vector.input.get(name) if name else "" for name in fields)
    melds = vector.input.get("knocker_melds") or []
    if not isinstance(hand, str) or not isinstance(defender, str) or not all(isinstance(meld, str) for meld in melds):
        return None
    return Question(hand, defender, vector.variant, overrides=dict(vector.overrides), melds=" | ".join(melds))


def vector_body(vector: Vector) -> Markup:
    """A vector's question and expected answer, drawn, with a button that opens it in the
    playground (``docs/javascripts/playground.js``) when the playground asks that kind."""
    if "refused" in vector.expected:
        rows = _malformed_rows(vector.input, vector.expected)
        if vector.malformed_parameters:
            rows.insert(0, row_html("parameters", literal_html(dict(vector.malformed_parameters))))
        return _html().example(rows)
    draw = DRAWINGS.get(vector.kind, _generic_rows)
    rows = draw(vector.input, vector.expected)
    question = playground_question(vector)
    if question is not None:
        rows.append(_html().try_it(fragment(question)))
    return _html().example(rows)


def other_admissible(vector: Vector) -> list[dict[str, Any]]:
    """The answers other than the written one that the rules admit to a vector, where they leave
    a player a choice that changes it (:mod:`ginspec.judging.admissible`)."""
    from ginspec.judging.admissible import admissible_expectations
    from ginspec.judging.questions import question_for

    if vector.kind not in ("score", "round", "table_hand", "table_round"):
        return []
    try:
        return admissible_expectations(question_for(vector), vector.expected)[1:]
    except Exception:  # noqa: BLE001 - a question the rules cannot pose: the written answer alone
        return []


def vector_example(vector: Vector, uri: str, context: Context, heading: bool = True) -> str:
    """A vector drawn as cards (Markdown): under its own heading (a vector page), or as one linked
    line (a rule's example)."""
    links = context.links
    meta = []
    if vector.variant != "standard":
        meta.append("variant " + links.variant(vector.variant, uri))
    if vector.overrides:
        meta.append(", ".join(f"{context.code(key)} = {context.code(show_value(value))}" for key, value in vector.overrides.items()))
    facts = [f"{context.strong('Kind:')} {context.code(vector.kind)}", f"{context.strong('Rules:')} {links.rules(vector.rules, uri)}"]
    if vector.provenance:
        facts.append(f"{context.strong('Expected values:')} {PROVENANCE.get(vector.provenance, vector.provenance)}")
    for other in other_admissible(vector) if heading else ():
        facts.append(f"{context.strong('Also right, as the rules leave a choice:')} {context.code(json.dumps(other, ensure_ascii=False))}")
    description = md_cards(vector.description, context.inline)
    described = description + (f" ({'; '.join(meta)})" if meta else "")
    link = links.vector(vector.id, uri)
    body = context.drawing(vector.id, vector, vector_body)
    lead = [described] if heading else [f"{link}: {described}"]
    block = context.paragraphs([lead, facts] if heading else [lead], then=body)
    return render(
        "vector.md",
        vector=vector,
        heading=heading,
        block=block,
        described=described,
        facts=facts,
        link=link,
        body=context.place(body) if block is None else "",
    )
