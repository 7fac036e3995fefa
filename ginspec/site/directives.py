"""Directives in hand-written pages: a line ``<!-- ginspec:NAME ARGS -->`` is replaced by Markdown
made from the suite (the home page's figures, the learning page's rules, an included file...).

Each directive is a method named in :attr:`Directives.handlers`; it receives the page's path, the
positional arguments and the ``key=value`` options.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from ginspec.site.cards import md_cards
from ginspec.site.conformance import ConformancePages
from ginspec.site.examples import vector_example
from ginspec.site.family import Context
from ginspec.site.links import rel
from ginspec.site.markdown import cell, md_text, show_value
from ginspec.site.reference import ReferencePages
from ginspec.site.rules import PLAY_ORDER, areas_table, ordered_areas, rule_examples
from ginspec.site.templating import render
from ginspec.site.variants import allowed_values

DIRECTIVE = re.compile(r"^<!--[ \t]*ginspec:(\S+)(.*?)-->[ \t]*$", re.MULTILINE)
LANGUAGES = {".py": "python", ".yaml": "yaml", ".json": "json"}

Handler = Callable[[str, list[str], dict[str, str]], str]


class Directives:
    def __init__(self, context: Context, reference: ReferencePages, conformance: ConformancePages) -> None:
        self.context = context
        self.suite = context.suite
        self.links = context.links
        self.reference = reference
        self.conformance = conformance
        self.handlers: dict[str, Handler] = {
            "include": self.include,
            "stats": self.stats,
            "areas": lambda uri, args, options: areas_table(self.suite, uri),
            "learn": self.learn,
            "parameters": self.parameters,
            "variants": self.variants,
            "conformance": self.engines,
            "schemas": lambda uri, args, options: self.reference.schemas_section(args),
            "file": self.file,
            "example": self.example,
        }

    def expand(self, markdown: str, uri: str) -> str:
        """Replace every directive line of a hand-written page with generated Markdown."""

        def replace(match: re.Match[str]) -> str:
            name, args = match.group(1), match.group(2).split()
            handler = self.handlers.get(name)
            if handler is None:
                raise ValueError(f"{uri}: unknown directive ginspec:{name}")
            options = dict(arg.split("=", 1) for arg in args if "=" in arg)
            return handler(uri, [arg for arg in args if "=" not in arg], options)

        return DIRECTIVE.sub(replace, markdown)

    def include(self, uri: str, args: list[str], options: dict[str, str]) -> str:
        """``ginspec:include PATH shift=1``: a Markdown file of the repository, headings shifted."""
        text = (self.suite.root / args[0]).read_text(encoding="utf-8")
        return self.reference.include_text(text, uri, int(options.get("shift", "1")))

    def file(self, uri: str, args: list[str], options: dict[str, str]) -> str:
        """``ginspec:file PATH lang=python``: a file of the repository as a code block."""
        path = args[0]
        language = options.get("lang", LANGUAGES.get(Path(path).suffix, "text"))
        text = (self.suite.root / path).read_text(encoding="utf-8").rstrip("\n")
        return f'```{language} title="{path}"\n{text}\n```'

    def example(self, uri: str, args: list[str], options: dict[str, str]) -> str:
        """``ginspec:example VECTOR-ID``: a vector drawn as cards."""
        vector = self.suite.vector_by_id.get(args[0]) if args else None
        return vector_example(vector, uri, self.context, heading=False).rstrip("\n") + "\n" if vector else ""

    def stats(self, uri: str, args: list[str], options: dict[str, str]) -> str:
        """The suite in figures, each linked to its pages."""
        suite = self.suite
        items = [
            (len(suite.rules), "rules", rel(uri, "rules/index.md")),
            (len(suite.variants), "variants", rel(uri, "variants/index.md")),
            (len(suite.registers.conflicts) + len(suite.registers.questions), "conflicts and questions", rel(uri, "registers/conflicts.md")),
            (len(suite.vectors), "vectors", rel(uri, "vectors/index.md")),
            (sum(len(feature.scenarios) for feature in suite.features), "scenarios", rel(uri, "scenarios/index.md")),
            (len(suite.reports), "engine reports", rel(uri, "conformance/index.md")),
        ]
        return render("stats.md", items=items).rstrip("\n")

    def variants(self, uri: str, args: list[str], options: dict[str, str]) -> str:
        return "\n".join(f"- {self.links.variant(name, uri)}: {md_text(variant.title)}" for name, variant in self.suite.variants.items())

    def engines(self, uri: str, args: list[str], options: dict[str, str]) -> str:
        if not self.suite.reports:
            return f"No engine report was present when this site was built; see [Conformance]({rel(uri, 'conformance/index.md')}) for how to make one."
        return self.conformance.engines_table(uri, with_run=False)

    def parameters(self, uri: str, args: list[str], options: dict[str, str]) -> str:
        return self.context.table(
            ["parameter", "allowed", "standard", "meaning"],
            (
                [self.links.parameter(name, uri), allowed_values(schema).replace("|", "\\|"), f"`{show_value(self.suite.standard.get(name))}`", self.links.linkify(cell(schema.get("description", "")), uri)]
                for name, schema in self.suite.parameter_schemas.items()
            ),
        )

    def learn(self, uri: str, args: list[str], options: dict[str, str]) -> str:
        """The standard game told area by area from its core rules, each linked to its entry."""
        areas: list[dict[str, Any]] = []
        for name, area in ordered_areas(self.suite):
            core = [rule for rule in area.rules if rule.status == "core"]
            if name not in PLAY_ORDER or not core:
                continue
            example = next((vector for rule in core for vector in rule_examples(self.suite, rule.id, limit=1) if vector.kind != "round"), None)
            areas.append(
                {
                    "name": name,
                    "title": md_text(area.title),
                    "summary": self.links.linkify(md_text(area.summary), uri),
                    "rules": [(md_text(rule.title), self.links.linkify(md_cards(rule.statement, self.context.inline), uri), self.links.rule(rule.id, uri)) for rule in core],
                    "example": vector_example(example, uri, self.context, heading=False) if example is not None else "",
                }
            )
        return render("learn.md", areas=areas).rstrip("\n") + "\n"
