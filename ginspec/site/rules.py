"""The rule pages: the index of areas and one page per area, a section per rule (its statement,
status, sources, the variants that change it, drawn examples and the tests that check it)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ginspec.suite.registry import Area, Rule
from ginspec.site.cards import md_cards
from ginspec.site.examples import vector_example
from ginspec.site.family import Builder, PageFamily
from ginspec.site.links import area_uri, rel
from ginspec.site.markdown import md_text, show_value, table
from ginspec.site.templating import render
from ginspec.suite.loaded import Suite
from ginspec.suite.vectors import Vector

PLAY_ORDER = ("equipment", "deal", "first-turn", "turn", "melds", "knock", "gin", "layoff", "scoring", "stock", "game")
STATUS_ORDER = ("core", "variant", "convention", "irregularity", "informative")
STATUS_MEANINGS = {
    "core": "part of the standard two-player game",
    "variant": "belongs to a variant an engine may choose to support",
    "convention": "a choice made so that a result is defined exactly",
    "irregularity": "what happens when a rule is broken or the deal goes wrong",
    "informative": "background that explains other rules",
}
CARD_KINDS = ("meld", "deadwood", "discard", "knock", "layoff", "score", "table_hand", "partnership", "three_player", "round")
SHOWN_VECTORS = 30  # a rule tested by more vectors lists a few and folds the rest


def ordered_areas(suite: Suite) -> list[tuple[str, Area]]:
    """The rule areas in the order of play, any other after them by name."""
    order = {name: index for index, name in enumerate(PLAY_ORDER)}
    return sorted(suite.areas.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))


def rule_examples(suite: Suite, rule_id: str, limit: int = 3) -> list[Vector]:
    """Vectors citing the rule that can be drawn as cards: one of each kind of question first
    (single hands before whole hands, a valid meld before an invalid one), worked by hand first."""
    coverage = suite.coverage.get(rule_id)
    if coverage is None:
        return []
    candidates = [suite.vector_by_id[item] for item in coverage.vectors if item in suite.vector_by_id]
    candidates = [vector for vector in candidates if vector.kind in CARD_KINDS]

    def key(vector: Vector) -> tuple[Any, ...]:
        actions = len(vector.input.get("actions", ())) if vector.kind == "round" else 0
        return (CARD_KINDS.index(vector.kind), vector.provenance != "hand", actions, vector.id)

    def flavour(vector: Vector) -> tuple[str, Any]:
        if vector.kind == "meld":
            return vector.kind, bool(vector.expected.get("valid"))
        if vector.kind == "round":
            return vector.kind, None
        return vector.kind, "error" in vector.expected or "illegal" in vector.expected

    candidates.sort(key=key)
    chosen: list[Vector] = []
    seen: set[tuple[str, Any]] = set()
    for vector in candidates:
        if flavour(vector) not in seen and len(chosen) < limit:
            seen.add(flavour(vector))
            chosen.append(vector)
    if not any(vector.kind == "round" for vector in chosen):
        for vector in candidates:
            if len(chosen) >= limit:
                break
            if vector not in chosen and vector.kind != "round":
                chosen.append(vector)
    chosen.sort(key=key)
    return chosen


def areas_table(suite: Suite, uri: str) -> str:
    return table(
        ["area", "what it covers", "rules"],
        ([f"[{md_text(area.title)}]({rel(uri, area_uri(name))})", md_text(area.summary), str(len(area.rules))] for name, area in ordered_areas(suite)),
    )


class RulePages(PageFamily):
    def pages(self) -> dict[str, Builder]:
        pages: dict[str, Builder] = {"rules/index.md": self.index_page}
        for name in self.suite.areas:
            pages[area_uri(name)] = lambda name=name: self.area_page(name)
        return pages

    def nav(self) -> list[Any]:
        return ["rules/index.md"] + [{area.title: area_uri(name)} for name, area in ordered_areas(self.suite)]

    def index_page(self) -> str:
        uri = "rules/index.md"
        rules = self.suite.rules
        example = rules.get("MELD-SET") or next(iter(rules.values()))
        statuses = Counter(rule.status for rule in rules.values())
        return render(
            "rules_index.md",
            rules=rules,
            areas=self.suite.areas,
            example=example,
            example_link=rel(uri, area_uri(example.area), example.id),
            areas_table=areas_table(self.suite, uri),
            statuses=[(status, STATUS_MEANINGS.get(status, ""), statuses.get(status, 0)) for status in STATUS_ORDER if statuses.get(status) or status in STATUS_MEANINGS],
            every=[(area.title, ", ".join(self.links.rule(rule.id, uri) for rule in area.rules)) for _, area in ordered_areas(self.suite)],
        )

    def area_page(self, name: str) -> str:
        uri = area_uri(name)
        area = self.suite.areas[name]
        return render(
            "rule_area.md",
            name=name,
            area=area,
            summary=self.links.linkify(md_text(area.summary), uri),
            sections=[self.rule_section(rule, uri) for rule in area.rules],
        )

    def rule_section(self, rule: Rule, uri: str) -> str:
        links, code = self.links, self.context.code
        coverage = self.suite.coverage.get(rule.id)
        facts = []
        if rule.sources:
            facts.append(("Sources", ", ".join(links.source(code, uri) for code in rule.sources)))
        if rule.parameters:
            facts.append(("Parameters", ", ".join(links.parameter(name, uri) for name in rule.parameters)))
        disputes = [links.dispute(entry, uri) for entry in self.suite.disputes.get(rule.id, [])]
        if disputes:
            facts.append(("Conflicts and questions", ", ".join(disputes)))
        standard = self.suite.standard
        changes = self.variant_changes(rule.parameters)
        return render(
            "rule.md",
            rule=rule,
            meaning=STATUS_MEANINGS.get(rule.status, rule.status),
            statement=links.linkify(md_cards(rule.statement, self.context.inline), uri),
            reason=md_text(rule.unverifiable_reason or ""),
            facts=facts,
            standard=", ".join(f"{code(name)} = {code(show_value(standard.get(name)))}" for name in rule.parameters),
            changes=[(links.variant(variant, uri), ", ".join(f"{code(key)} = {code(show_value(value))}" for key, value in values)) for variant, values in changes],
            examples=[vector_example(vector, uri, self.context, heading=False) for vector in rule_examples(self.suite, rule.id)],
            scenarios=[links.scenario(item, uri) for item in (coverage.scenarios if coverage else [])],
            vectors=[links.vector(item, uri) for item in (coverage.vectors if coverage else [])],
            shown=SHOWN_VECTORS,
            table=self.context.table,
        )

    def variant_changes(self, parameters: tuple[str, ...]) -> list[tuple[str, list[tuple[str, Any]]]]:
        """Variants whose resolved value differs from standard for one of ``parameters``."""
        standard = self.suite.standard
        changes = []
        for name, variant in self.suite.variants.items():
            values = [(key, variant.parameters.get(key)) for key in parameters if variant.parameters.get(key) != standard.get(key)]
            if values:
                changes.append((name, values))
        return changes
