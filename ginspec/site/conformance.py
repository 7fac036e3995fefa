"""The conformance pages, from the saved reports: every engine by rule area and by rule, and one
page per engine (its capabilities, its failing, expected-to-fail and unsupported cases)."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from typing import Any, Mapping

from markupsafe import Markup

from ginspec.judging.blame import blame_table
from ginspec.detection.measures import load_mutation_scores, load_selftest
from ginspec.judging.again import report_run_options
from ginspec.judging.report_findings import FindingGroup, finding_groups, finding_kind
from ginspec.suite.saved_reports import EngineReport
from ginspec.site.cards import md_cards
from ginspec.site.examples import vector_body
from ginspec.site.family import Builder, PageFamily
from ginspec.site.links import area_uri, case_label, href, rel, slug
from ginspec.site.markdown import md_text, show_value
from ginspec.site.rules import ordered_areas
from ginspec.site.templating import macros, render

STATUS_GROUPS = {
    "pass": "pass",
    "fail": "fail",
    "error": "fail",
    "timeout": "fail",
    "unexpected-pass": "fail",
    "unsupported": "unsupported",
    "expected-fail": "expected-fail",
    "suite-error": "fail",
}
GROUPS = ("pass", "fail", "expected-fail", "unsupported")
GROUP_LABELS = {"pass": "passed", "fail": "failed", "unsupported": "unsupported", "expected-fail": "expected to fail"}
GROUP_SYMBOLS = {"pass": "\u2714", "fail": "\u2718", "unsupported": "\u2205", "expected-fail": "\u25d0"}
FAILING = ("fail", "error", "timeout", "unexpected-pass", "suite-error")
ORIGIN_LABELS = {"written": "as written", "derived": "derived for the run's variant"}
SHOWN_ON_PAGE = 24  # failing cases drawn in full on an engine page, in all findings together
SHOWN_KNOWN = 10  # known departures drawn in full; the rest are listed
SHOWN_UNSUPPORTED = 60  # cases listed per reason a case is unsupported

Counts = Counter[str]


def counts_html(counts: Counts | None) -> Markup:
    """A result cell: how many cases passed, failed, were expected to fail, were unsupported."""
    if not counts:
        return macros("conformance.html").no_counts()
    state = "fail" if counts.get("fail") else "pass" if counts.get("pass") else "other"
    groups = [(group, counts[group], GROUP_LABELS[group], GROUP_SYMBOLS[group]) for group in GROUPS if counts.get(group)]
    return macros("conformance.html").counts(groups, state)


def _percent(score: float | None) -> str:
    """A mutation score (a fraction) as a percentage; none when no mutant could be killed."""
    return "\u2014" if score is None else f"{100 * score:.1f} %"


class ConformancePages(PageFamily):
    def pages(self) -> dict[str, Builder]:
        pages: dict[str, Builder] = {"conformance/index.md": self.index_page, "conformance/detection.md": self.detection_page}
        for report in self.suite.reports:
            pages[report.uri] = lambda report=report: self.engine_page(report)
        return pages

    def nav(self) -> list[Any]:
        nav: list[Any] = ["conformance/index.md", {"Detection power": "conformance/detection.md"}]
        nav += [{report.engine: report.uri} for report in self.suite.reports]
        if self.context.handwritten("engines.md"):
            nav.append({"Engines in depth": "engines.md"})
        return nav

    def counts_by(self, report: EngineReport) -> tuple[dict[str, Counts], dict[str, Counts], Counts]:
        """A report's results by rule area, by rule, and in all."""
        rules = self.suite.rules
        by_area: dict[str, Counts] = defaultdict(Counter)
        by_rule: dict[str, Counts] = defaultdict(Counter)
        total: Counts = Counter()
        for record in report.records:
            group = STATUS_GROUPS.get(record.get("status", ""), "fail")
            total[group] += 1
            for area in {rules[rule].area for rule in record.get("rules", ()) if rule in rules}:
                by_area[area][group] += 1
            for rule in set(record.get("rules", ())):
                by_rule[rule][group] += 1
        return by_area, by_rule, total

    def engines_table(self, uri: str, with_run: bool = True) -> str:
        """One row per engine: its cases and results (and when it ran)."""
        rows = []
        for report in self.suite.reports:
            row = [f"[{md_text(report.engine)}]({rel(uri, report.uri)})" + (f" {md_text(report.header.get('engine_version', ''))}" if with_run else ""), str(len(report.records)), counts_html(self.counts_by(report)[2])]
            if with_run:
                row.append(md_text(str(report.header.get("created", "")).replace("T", " ")[:16]))
            rows.append(row)
        return self.context.table(["engine", "cases", "results"] + (["run"] if with_run else []), rows)

    def index_page(self) -> str:
        uri = "conformance/index.md"
        reports = self.suite.reports
        context: dict[str, Any] = {
            "reports": reports,
            "adapter_guide": rel(uri, "guide/adapter.md"),
            "engines_page": rel(uri, "engines.md") if self.context.handwritten("engines.md") else "",
        }
        if reports:
            data = {report.slug: self.counts_by(report) for report in reports}
            areas = [(name, area.title, href(uri, area_uri(name))) for name, area in ordered_areas(self.suite)]
            rules = [(rule.id, rule.title, href(uri, area_uri(rule.area), rule.id)) for _, area in ordered_areas(self.suite) for rule in area.rules]
            context.update(
                legend=macros("conformance.html").legend([(group, GROUP_LABELS[group], GROUP_SYMBOLS[group]) for group in GROUPS]),
                engines_table=self.engines_table(uri),
                by_area=self.matrix(uri, areas, data, "area"),
                by_rule=self.matrix(uri, rules, data, "rule"),
            )
        return render("conformance_index.md", **context)

    def matrix(self, uri: str, rows: list[tuple[str, str, str]], data: Mapping[str, Any], by: str) -> Markup:
        index = 0 if by == "area" else 1
        reports = self.suite.reports
        return render(
            "conformance_matrix.html",
            by=by,
            engines=[(report.engine, href(uri, report.uri)) for report in reports],
            rows=[(key, title, link, [counts_html(data[report.slug][index].get(key)) for report in reports]) for key, title, link in rows],
            totals=[counts_html(data[report.slug][2]) for report in reports],
        )

    def detection_page(self) -> str:
        """The miniatures caught and blamed (``detection/selftest.json``) and the mutation score
        per module (``detection/mutation-scores.yaml``)."""
        uri = "conformance/detection.md"
        selftest = load_selftest(self.suite.root)
        mutation = load_mutation_scores(self.suite.root)
        context: dict[str, Any] = {"selftest": selftest, "mutation": mutation}
        if selftest:
            rows = [
                [
                    f"`{md_text(entry['name'])}`",
                    self.links.rules((entry["rule"],), uri),
                    md_text(entry.get("defect", "")),
                    str(entry["failing"]),
                    ", ".join(f"{item['rank']}{'=' if item.get('tied') else '.'} {self.links.rules((item['rule'],), uri)}" for item in entry["blamed"][:3]),
                    md_text(entry["verdict"]),
                ]
                for entry in selftest["miniatures"]
            ]
            context.update(
                summary=selftest["summary"],
                created=md_text(str(selftest.get("created", "")).replace("T", " ")[:16]),
                content=md_text(str(selftest.get("suite_content", ""))),
                miniatures_table=self.context.table(["miniature", "breaks", "defect", "failing cases", "rules blamed", "verdict"], rows),
            )
        if mutation:
            context["mutation_table"] = self.context.table(
                ["module", "killed", "survived", "equivalent", "total", "score", "strict"],
                (
                    [f"`{md_text(name)}`"] + [str(row[key]) for key in ("killed", "survived", "equivalent", "total")] + [_percent(row["score"]), _percent(row.get("strict"))]
                    for name, row in sorted(mutation.modules.items())
                ),
            )
        return render("detection.md", **context)

    def engine_page(self, report: EngineReport) -> str:
        uri = report.uri
        links = self.links
        header = report.header
        by_area, _, total = self.counts_by(report)
        capabilities = header.get("capabilities") or {}
        restricted = capabilities.get("parameters") or {}
        facts = []
        if capabilities.get("kinds"):
            facts.append("**Answers:** " + ", ".join(f"`{kind}`" for kind in capabilities["kinds"]))
        if capabilities.get("omits"):
            facts.append("**Does not report:** " + ", ".join(f"`{name}`" for name in capabilities["omits"]))
        footer = report.data.get("footer", {})
        statuses = [status for status, value in footer.items() if status != "total" and isinstance(value, int)]
        known = [record for record in report.records if record.get("status") == "expected-fail"]
        reasons: dict[str, list[str]] = defaultdict(list)
        for record in report.records:
            if record.get("status") == "unsupported":
                reasons[record.get("message") or "no reason given"].append(record["id"])
        unsupported = [
            (md_text(reason), len(ids), ", ".join(links.case(case, uri) for case in ids[:SHOWN_UNSUPPORTED]), f" and {len(ids) - SHOWN_UNSUPPORTED} more" if len(ids) > SHOWN_UNSUPPORTED else "")
            for reason, ids in sorted(reasons.items(), key=lambda item: -len(item[1]))
        ]
        restricted_table = self.context.table(["parameter", "values it plays"], ([links.parameter(name, uri), ", ".join(f"`{show_value(value)}`" for value in values)] for name, values in restricted.items()))
        statements = {rule_id: rule.statement for rule_id, rule in self.suite.rules.items()}
        groups = finding_groups(report.data.get("findings"), report.records, report_run_options(report.header))
        blame_heading, blame_rows = ("", []) if groups else blame_table(report.records, statements, lambda rule: self.links.rules((rule,), uri))
        return render(
            "engine.md",
            report=report,
            blame_heading=blame_heading,
            blame_table=self.context.table(["rank", "rule", "score", "failing", "passing", "the rule says"], blame_rows) if blame_rows else "",
            detection_page=rel(uri, "conformance/detection.md"),
            adapter_guide=rel(uri, "guide/adapter.md"),
            header={key: md_text(header.get(key, "")) for key in ("engine_version", "suite_version", "created", "variant")},
            total=counts_html(total),
            facts="  \n".join(facts),
            restricted=len(restricted),
            restricted_table="\n".join("    " + line for line in restricted_table.splitlines()),
            footer_table=self.context.table(statuses + ["total"], [[str(footer[status]) for status in statuses] + [str(footer.get("total", len(report.records)))]]),
            areas_table=self.context.table(["area", "results"], ([f"[{md_text(area.title)}]({rel(uri, area_uri(name))})", counts_html(by_area.get(name))] for name, area in ordered_areas(self.suite))),
            findings=self.findings(groups, uri),
            failing_count=sum(len(group.cases) for group in groups),
            known=[self.record_section(record, uri) for record in known[:SHOWN_KNOWN]],
            known_count=len(known),
            more_known=", ".join(links.case(record["id"], uri) for record in known[SHOWN_KNOWN:]),
            unsupported=unsupported,
            unsupported_count=sum(count for _, count, _, _ in unsupported),
            origins_table=self.origins_table(report),
            verdicts_table=self.verdicts_table(report, uri),
        )

    def findings(self, groups: list[FindingGroup], uri: str) -> list[dict[str, Any]]:
        """Each finding of an engine page: its title, rules, count, smallest case and command, its
        first cases drawn in full (the smallest first; at most :data:`SHOWN_ON_PAGE` on the page)
        and the rest as links."""
        budget = SHOWN_ON_PAGE
        shown = []
        for group in groups:
            full, listed = group.split()
            full, listed = full[:budget], full[budget:] + listed
            budget -= len(full)
            drawn = {record["id"] for record in full}
            smallest = group.smallest
            shown.append(
                {
                    "number": group.number,
                    "anchor": group.anchor,
                    "title": md_text(group.title),
                    "rules": self.links.rules(group.rules, uri) if group.rules else "",
                    "count": len(group.cases),
                    "kind": finding_kind(group),
                    "departure": md_text(group.departure) if group.departure else "",
                    "smallest": f"[{md_text(case_label(smallest))}](#case-{slug(smallest)})" if smallest in drawn else self.links.case(smallest, uri),
                    "again": group.again,
                    "sections": [self.record_section(record, uri) for record in full],
                    "more": ", ".join(self.links.case(record["id"], uri) for record in listed),
                    "more_count": len(listed),
                }
            )
        return shown

    def origins_table(self, report: EngineReport) -> str:
        """Cases as written and cases derived for the run's variant, apart."""
        rows = []
        for origin, label in ORIGIN_LABELS.items():
            records = [record for record in report.records if record.get("origin", "written") == origin]
            if not records:
                continue
            counts = Counter(record.get("status") for record in records)
            rows.append([label, str(len(records))] + [str(counts.get(status, 0)) for status in ("pass", "expected-fail", "unsupported")] + [str(sum(counts.get(status, 0) for status in FAILING))])
        return self.context.table(["cases", "total", "pass", "expected to fail", "unsupported", "failing"], rows)

    def verdicts_table(self, report: EngineReport, uri: str) -> str:
        """Rule by rule, the departures from the rules the engine was judged under, and the cases
        its own variant changes and it plays as that variant says (declared differences)."""
        verdicts = report.data.get("footer", {}).get("by_rule") or {}
        rows = [
            [self.links.rules((rule,), uri), str(row.get("departures", 0)), str(row.get("declared_differences", 0)), str(row.get("passed", 0)), str(row.get("unsupported", 0))]
            for rule, row in sorted(verdicts.items())
            if row.get("departures") or row.get("declared_differences")
        ]
        return self.context.table(["rule", "departures", "declared differences", "passed", "unsupported"], rows) if rows else ""

    def record_section(self, record: Mapping[str, Any], uri: str) -> str:
        """One case of a report: its status, the rules, the vector drawn, expected against observed."""
        vector = self.suite.vector_by_id.get(record["id"].rpartition("@")[0] or record["id"])
        compare = record.get("expected") is not None or record.get("observed") is not None
        return render(
            "record.md",
            record=record,
            anchor="case-" + slug(record["id"]),
            case_id=md_text(case_label(record["id"])),
            variant=self.links.variant(record["variant"], uri) if record.get("variant") else "",
            case=self.links.case(record["id"], uri),
            rules=self.links.rules(record.get("rules") or (), uri),
            description=md_cards(vector.description, self.context.inline) if vector is not None else "",
            body=self.context.place(vector_body(vector)) if vector is not None else "",
            message=self.context.code(record["message"]) if record.get("message") else "",
            expected=json.dumps(record.get("expected"), indent=1, ensure_ascii=False) if compare else "",
            observed=json.dumps(record.get("observed"), indent=1, ensure_ascii=False) if compare else "",
            others=[json.dumps(other, indent=1, ensure_ascii=False) for other in (record.get("admissible") or [])[1:]],
        )
