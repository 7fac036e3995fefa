"""The register pages: the sources with the seed statements quoted under them, the conflicts with
their readings, and the open questions with the reading adopted by default."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Any

from ginspec.site.family import Builder, PageFamily
from ginspec.site.markdown import cell, md_text, show_value
from ginspec.site.templating import render


class RegisterPages(PageFamily):
    def pages(self) -> dict[str, Builder]:
        return {"sources.md": self.sources_page, "registers/conflicts.md": self.conflicts_page, "registers/questions.md": self.questions_page}

    def nav(self) -> list[Any]:
        return [{"Conflicts": "registers/conflicts.md"}, {"Open questions": "registers/questions.md"}, {"Sources": "sources.md"}]

    def sources_page(self) -> str:
        uri = "sources.md"
        suite, links = self.suite, self.links
        cited: dict[str, set[str]] = defaultdict(set)
        for rule in suite.rules.values():
            for code in rule.sources:
                cited[code].add(rule.id)
                cited[code.split("-")[0] if re.match(r"^S\d{3}-", code) else code].add(rule.id)
        followed: dict[str, list[str]] = defaultdict(list)
        for name, variant in suite.variants.items():
            for code in variant.sources:
                followed[code].append(name)
        statements: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for statement in suite.registers.statements:
            statements[statement["id"].split("-")[0]].append(statement)
        entries = []
        for source in suite.registers.sources:
            code = source["code"]
            facts = [f"**Kind:** {md_text(source.get('kind', ''))}", f"**Access:** {md_text(source.get('access', ''))}"]
            if source.get("url"):
                facts.append(f"**Address:** <{source['url']}>")
            entries.append(
                {
                    "code": code,
                    "title": md_text(source.get("title", "")),
                    "facts": "  \n".join(facts),
                    "note": links.linkify(md_text(source["note"]), uri) if source.get("note") else "",
                    "rules": [links.rule(rule, uri) for rule in sorted(cited.get(code, ()))],
                    "variants": ", ".join(links.variant(name, uri) for name in followed.get(code, ())),
                    "statements": [(statement["id"], md_text(statement.get("quote", "")), self.statement_notes(statement, uri)) for statement in statements.get(code, ())],
                }
            )
        kinds = Counter(source.get("kind") for source in suite.registers.sources)
        return render("sources.md", count=len(suite.registers.sources), kinds_table=self.context.table(["kind", "sources"], ([md_text(kind), str(count)] for kind, count in kinds.items())), entries=entries)

    def statement_checks(self) -> dict[str, dict[str, Any]]:
        """Per seed statement, the scenarios and vectors that check its rules (``ginspec coverage
        --seeds``), computed once for the page."""
        cached = getattr(self, "_statement_checks", None)
        if cached is None:
            from ginspec.suite.seeds import statement_coverage

            cached = {row["id"]: row for row in statement_coverage(self.suite.coverage)}
            self._statement_checks = cached
        return cached

    def check_text(self, statement_id: str) -> str:
        """How a statement is checked: by how many scenarios and vectors (``ginspec check --seed``),
        or that it states nothing a case can check."""
        row = self.statement_checks().get(statement_id)
        if row is None:
            return ""
        if not row["checkable"]:
            return "not checkable by a case"
        if not row["executable"]:
            return "checkable, but no case checks it yet"
        scenarios, vectors = len(row["scenarios"]), len(row["vectors"])
        return f"executable: {scenarios} {'scenario' if scenarios == 1 else 'scenarios'}, {vectors} {'vector' if vectors == 1 else 'vectors'} (`ginspec check --seed {statement_id}`)"

    def statement_notes(self, statement: dict[str, Any], uri: str) -> str:
        """What follows a quoted statement: its rules, how it is checked, its conflicts, its note."""
        extra = []
        if statement.get("rules"):
            extra.append("rules " + self.links.rules(statement["rules"], uri))
        checked = self.check_text(statement["id"])
        if checked:
            extra.append(checked)
        conflicts = statement.get("conflict") or []
        conflicts = [conflicts] if isinstance(conflicts, str) else conflicts
        if conflicts:
            extra.append("conflict " + ", ".join(self.links.dispute(entry, uri) for entry in conflicts))
        if statement.get("note"):
            extra.append(md_text(statement["note"]))
        return f" — {'; '.join(extra)}" if extra else ""

    def _parameters(self, parameters: dict[str, Any]) -> str:
        """Parameter values as ``name`` = ``value`` code spans, each value as players read it."""
        code = self.context.code
        return ", ".join(f"{code(key)} = {code(show_value(value))}" for key, value in parameters.items())

    def conflicts_page(self) -> str:
        uri = "registers/conflicts.md"
        links, context = self.links, self.context
        conflicts = self.suite.registers.conflicts
        entries = []
        for entry in conflicts:
            facts = []
            if entry.get("rules"):
                facts.append("**Rules:** " + links.rules(entry["rules"], uri))
            if entry.get("statements"):
                facts.append("**Statements:** " + ", ".join(links.source(code, uri) for code in entry["statements"]))
            readings = [
                [
                    links.linkify(cell(reading.get("reading", "")), uri),
                    ", ".join(links.variant(name, uri) for name in reading.get("variants", ())) or context.emphasis("none"),
                    self._parameters(reading.get("parameters") or {}) or context.emphasis("no parameter"),
                ]
                for reading in entry.get("readings", ())
            ]
            entries.append(
                {
                    "id": entry["id"],
                    "topic": md_text(entry.get("topic", "")),
                    "facts": "  \n".join(facts),
                    "claim": links.linkify(md_text(entry["claim"]), uri) if entry.get("claim") else "",
                    "others": links.linkify(md_text(entry["others"]), uri) if entry.get("others") else "",
                    "readings": context.table(["reading", "variants", "parameters"], readings) if readings else "",
                    "resolution": links.linkify(md_text(entry["resolution"]), uri) if entry.get("resolution") else "",
                }
            )
        summary = context.table(["ID", "topic", "rules"], ([links.link(entry["id"], uri, uri, entry["id"]), md_text(entry.get("topic", "")), links.rules(entry.get("rules", ()), uri)] for entry in conflicts))
        return render("conflicts.md", summary=summary, entries=entries)

    def questions_page(self) -> str:
        uri = "registers/questions.md"
        links, context = self.links, self.context
        questions = self.suite.registers.questions
        entries = []
        for entry in questions:
            readings = [
                [
                    context.strong(f"({reading.get('id')})") + (" ✔ adopted" if reading.get("id") == entry.get("default") else ""),
                    links.linkify(cell(reading.get("reading", "")), uri),
                    ", ".join(links.source(code, uri) for code in reading.get("sources", ())) or context.emphasis("none"),
                    self._parameters(reading.get("parameters") or {}) or context.emphasis("no parameter"),
                ]
                for reading in entry.get("readings", ())
            ]
            entries.append(
                {
                    "id": entry["id"],
                    "question": md_text(entry.get("question", "")),
                    "rules": links.rules(entry.get("rules") or (), uri),
                    "readings": context.table(["", "reading", "sources", "parameters"], readings) if readings else "",
                    "default": entry.get("default"),
                    "rationale": links.linkify(md_text(entry["rationale"]), uri) if entry.get("rationale") else "",
                }
            )
        summary = context.table(["ID", "question", "default"], ([links.link(entry["id"], uri, uri, entry["id"]), md_text(entry.get("question", "")), f"({entry.get('default', '')})"] for entry in questions))
        return render("questions.md", summary=summary, entries=entries)
