"""The variant pages: every variant against every parameter, the parameters one by one, and one
page per variant (what it sets, the rules it changes, its resolved parameters, its tests)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterable, Mapping

from ginspec.site.family import Builder, PageFamily
from ginspec.site.links import href, rel
from ginspec.site.markdown import md_text, show_value
from ginspec.suite.registry import Rule
from ginspec.site.templating import render
from ginspec.suite.vectors import Vector


def allowed_values(schema: Mapping[str, Any]) -> str:
    """A parameter's allowed values, from its JSON schema."""
    if "enum" in schema:
        return ", ".join(f"`{show_value(value)}`" for value in schema["enum"])
    kind = schema.get("type")
    if kind == "boolean":
        return "`yes`, `no`"
    if kind in ("integer", "number"):
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"{kind} from {low} to {high}"
        if low is not None:
            return f"{kind}, at least {low}"
        return str(kind)
    if "oneOf" in schema or "anyOf" in schema:
        return " or ".join(allowed_values(option) for option in schema.get("oneOf", schema.get("anyOf", ())))
    return md_text(str(kind or "any value"))


RULE_SETTINGS: dict[str, tuple[str, tuple[Any, ...]]] = {
    "MP4-": ("table_format", ("partnership",)),
    "IRREG-PARTNERSHIP-": ("table_format", ("partnership",)),
    "MP3-DEALER-SITS-OUT": ("table_format", ("sit_out",)),
    "MP3-CUTTHROAT": ("table_format", ("cutthroat",)),
    "MP3-CAPTAIN-BOX": ("table_format", ("captain_box",)),
    "MPN-": ("table_format", ("one_table",)),
    "OKLA-": ("oklahoma", (True,)),
    "HOLLY-": ("hollywood", (True,)),
}
"""Rules that hold only under one setting of a parameter, by the start of their IDs: the rules of
one way of seating three or four players (MP4 and the partnership count for two teams, each MP3
rule for its own way of seating three, MPN for everyone at one table; ``spec/tables.md``), and the
rules of Oklahoma and of Hollywood scoring."""


def rule_holds(rule: Rule, parameters: Mapping[str, Any]) -> bool:
    """Whether ``rule`` is a rule of a game played with ``parameters`` (:data:`RULE_SETTINGS`)."""
    for start, (key, values) in RULE_SETTINGS.items():
        if rule.id.startswith(start):
            return parameters.get(key) in values
    return True


def rule_changed(rule: Rule, changed: Iterable[str], parameters: Mapping[str, Any]) -> bool:
    """Whether a variant that changes the parameters ``changed`` (its resolved ``parameters``)
    changes ``rule``: the rule names one of them, and holds in the variant's game (a three-player
    variant changes no partnership rule, a partnership target no Oklahoma target)."""
    return any(key in changed for key in rule.parameters) and rule_holds(rule, parameters)


def tests_variant(vector: Vector, name: str, parameters: Mapping[str, Any], changed: Iterable[str]) -> bool:
    """Whether ``vector`` tests the variant ``name`` (resolved ``parameters``, changing ``changed``
    from standard): it is written under it, or it records the parameters its answer depends on,
    the variant gives each of them the value the vector is played with, and one of them is a
    parameter the variant changes (the vector shows what the variant does differently). A vector
    written under ``standard`` with ``oklahoma: true`` tests Oklahoma when nothing else it depends
    on differs."""
    if vector.variant == name:
        return True
    if not vector.depends_on or "refused" in vector.expected:
        return False
    changed = set(changed)
    return any(key in changed for key in vector.depends_on) and all(vector.parameters.get(key) == parameters.get(key) for key in vector.depends_on)


class VariantPages(PageFamily):
    def pages(self) -> dict[str, Builder]:
        pages: dict[str, Builder] = {"variants/index.md": self.index_page, "variants/parameters.md": self.parameters_page}
        for name in self.suite.variants:
            pages[f"variants/{name}.md"] = lambda name=name: self.variant_page(name)
        return pages

    def nav(self) -> list[Any]:
        variants = self.suite.variants
        ordered = sorted(variants, key=lambda name: (name != "standard", variants[name].title.lower()))
        return ["variants/index.md", {"Parameters": "variants/parameters.md"}] + [{variants[name].title: f"variants/{name}.md"} for name in ordered]

    def differs(self, key: str, value: Any) -> bool:
        return value != self.suite.standard.get(key)

    def index_page(self) -> str:
        uri = "variants/index.md"
        suite, links = self.suite, self.links
        names = sorted(suite.variants, key=lambda name: (name != "standard", name))
        rows = []
        for name in names:
            variant = suite.variants[name]
            rows.append(
                [
                    links.variant(name, uri),
                    md_text(variant.title) + (" *(house variant of this project)*" if name in suite.house_variants else "" if variant.authoritative else " *(house or program rules)*"),
                    links.variant(variant.extends, uri) if variant.extends else "",
                    str(sum(1 for key, value in variant.parameters.items() if self.differs(key, value))),
                ]
            )
        known = suite.registers.source_codes | suite.registers.statement_ids
        matrix = render(
            "variants_matrix.html",
            names=[(name, href(uri, f"variants/{name}.md"), name in suite.house_variants) for name in names],
            parameters=[
                (key, href(uri, "variants/parameters.md", key), [(name, show_value(suite.variants[name].parameters.get(key)), name != "standard" and self.differs(key, suite.variants[name].parameters.get(key))) for name in names])
                for key in suite.parameter_schemas
            ],
            sources=[[(code, href(uri, "sources.md", code)) for code in suite.variants[name].sources if code in known] for name in names],
        )
        return render(
            "variants_index.md",
            count=len(suite.parameter_schemas),
            guide=rel(uri, "guide/variant.md"),
            variants_table=self.context.table(["variant", "title", "extends", "changes from standard"], rows),
            matrix=matrix,
            house=bool(suite.house_variants),
        )

    def parameters_page(self) -> str:
        uri = "variants/parameters.md"
        suite, links = self.suite, self.links
        rules_by_parameter: dict[str, list[str]] = defaultdict(list)
        for rule in suite.rules.values():
            for name in rule.parameters:
                rules_by_parameter[name].append(rule.id)
        entries = []
        for name, schema in suite.parameter_schemas.items():
            others = [(variant, suite.variants[variant].parameters.get(name)) for variant in suite.variants if self.differs(name, suite.variants[variant].parameters.get(name))]
            entries.append(
                {
                    "name": name,
                    "description": links.linkify(md_text(schema["description"]), uri) if schema.get("description") else "",
                    "allowed": allowed_values(schema),
                    "standard": show_value(suite.standard.get(name)),
                    "changed_by": ", ".join(f"{links.variant(variant, uri)} ({self.context.code(show_value(value))})" for variant, value in others),
                    "rules": links.rules(rules_by_parameter.get(name, ()), uri),
                }
            )
        return render("parameters.md", entries=entries)

    def variant_page(self, name: str) -> str:
        uri = f"variants/{name}.md"
        suite, links = self.suite, self.links
        variant = suite.variants[name]
        code = self.context.code
        chain = []
        parent = variant.extends
        while parent:
            chain.append(links.variant(parent, uri))
            parent = suite.variants[parent].extends
        parent_parameters = suite.variants[variant.extends].parameters if variant.extends else {}
        own = []
        for key, value in variant.own_parameters.items():
            row = [links.parameter(key, uri), code(show_value(value))]
            if variant.extends:
                row.append(code(show_value(parent_parameters.get(key))))
            if variant.extends and variant.extends != "standard":
                row.append(code(show_value(suite.standard.get(key))))
            own.append(row)
        own_headers = ["parameter", "value"] + (["in " + variant.extends] if variant.extends else []) + (["in standard"] if variant.extends and variant.extends != "standard" else [])
        changed = [key for key, value in variant.parameters.items() if self.differs(key, value)]
        resolved = [
            [
                links.parameter(key, uri),
                code(show_value(value)) + (" ◆" if self.differs(key, value) else ""),
                links.linkify(md_text(suite.parameter_schemas.get(key, {}).get("description", "")), uri).replace("|", "\\|"),
            ]
            for key, value in variant.parameters.items()
        ]
        scenarios = sorted(f"{feature.path}: {scenario.name}" for feature in suite.features for scenario in feature.scenarios if name in scenario.tags)
        return render(
            "variant.md",
            name=name,
            variant=variant,
            description=links.linkify(md_text(variant.description), uri),
            chain=" → ".join(chain),
            sources=", ".join(links.source(code, uri) for code in variant.sources),
            own_table=self.context.table(own_headers, own) if own else "",
            affected=links.rules([rule.id for rule in suite.rules.values() if rule_changed(rule, changed, variant.parameters)], uri),
            resolved_table=self.context.table(["parameter", "value", "meaning"], resolved),
            scenarios=[links.scenario(item, uri) for item in scenarios],
            house=name in suite.house_variants,
            vectors=[links.vector(vector.id, uri) for vector in suite.vectors if tests_variant(vector, name, variant.parameters, changed)],
        )
