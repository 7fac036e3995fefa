"""The pages of the tests: the scenarios (an index and one page per feature file, each scenario
with its Gherkin text) and the vectors (an index and one page per vector file, each vector drawn)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ginspec.suite.feature_files import FeatureFile
from ginspec.site.examples import PROVENANCE, vector_example
from ginspec.site.family import Builder, PageFamily
from ginspec.site.links import rel, vector_file_uri
from ginspec.site.markdown import md_text
from ginspec.site.rules import ordered_areas
from ginspec.site.templating import render
from ginspec.suite.vectors import VectorFile


class TestPages(PageFamily):
    __test__ = False  # not a pytest test class

    def pages(self) -> dict[str, Builder]:
        pages: dict[str, Builder] = {"scenarios/index.md": self.scenarios_index_page}
        for feature in self.suite.features:
            pages[feature.uri] = lambda feature=feature: self.feature_page(feature)
        pages["vectors/index.md"] = self.vectors_index_page
        for loaded in self.vector_files():
            pages[vector_file_uri(loaded.file)] = lambda loaded=loaded: self.vector_file_page(loaded)
        return pages

    def nav(self) -> list[Any]:
        """The scenarios by rule area (in the order of play, as the rules are listed) and the
        vectors by folder: a page shows the groups and the pages of its own group only (the
        theme's ``navigation.prune``), not every page of the tests."""
        by_area: dict[str, list[Any]] = {}
        for feature in self.suite.features:
            by_area.setdefault(feature.area, []).append({feature.name: feature.uri})
        areas = [name for name, _ in ordered_areas(self.suite) if name in by_area] + sorted(set(by_area) - set(self.suite.areas))
        scenarios: list[Any] = ["scenarios/index.md"] + [{self._area_title(name): by_area[name]} for name in areas]
        by_folder: dict[str, list[Any]] = {}
        for loaded in self.vector_files():
            folder, _, name = loaded.file.removeprefix("vectors/").rpartition("/")
            by_folder.setdefault(folder or "vectors", []).append({name: vector_file_uri(loaded.file)})
        vectors: list[Any] = ["vectors/index.md"] + [{folder: files} for folder, files in by_folder.items()]
        return [{"Scenarios": scenarios}, {"Vectors": vectors}]

    def _area_title(self, name: str) -> str:
        area = self.suite.areas.get(name)
        return area.title if area else name

    def vector_files(self) -> list[VectorFile]:
        """The vector files that hold a vector, by path."""
        return sorted((loaded for loaded in self.suite.vector_files if loaded.vectors), key=lambda loaded: loaded.file)

    def scenarios_index_page(self) -> str:
        uri = "scenarios/index.md"
        features = self.suite.features
        code, link = self.context.code, self.links.link
        rows = ([code(feature.area), link(md_text(feature.name), uri, feature.uri), str(len(feature.scenarios))] for feature in features)
        return render(
            "scenarios_index.md",
            total=sum(len(feature.scenarios) for feature in features),
            files=len(features),
            format_link=rel(uri, "reference/scenarios.md"),
            features_table=self.context.table(["area", "feature", "scenarios"], rows),
        )

    def feature_page(self, feature: FeatureFile) -> str:
        uri = feature.uri
        suite, links, context = self.suite, self.links, self.context
        scenarios = []
        for scenario in feature.scenarios:
            rules = [tag for tag in scenario.tags if tag in suite.rules]
            variants = [tag for tag in scenario.tags if tag in suite.variants]
            others = [tag for tag in scenario.tags if tag not in suite.rules and tag not in suite.variants]
            facts = []
            if rules:
                facts.append(f"{context.strong('Rules:')} {links.rules(rules, uri)}")
            if variants:
                facts.append(f"{context.strong('Variant:')} " + ", ".join(links.variant(name, uri) for name in variants))
            if others:
                facts.append(f"{context.strong('Needs:')} " + ", ".join(context.code(tag) for tag in others))
            block = context.paragraphs([facts]) if facts else None
            scenarios.append({"name": md_text(scenario.name), "anchor": scenario.anchor, "facts": "  \n".join(facts) if block is None else block, "text": scenario.text})
        description = links.linkify(md_text(feature.description), uri) if feature.description else ""
        return render("feature.md", feature=feature, description=description, scenarios=scenarios)

    def vectors_index_page(self) -> str:
        uri = "vectors/index.md"
        vectors = self.suite.vectors
        kinds = Counter(vector.kind for vector in vectors)
        provenance = Counter(vector.provenance for vector in vectors)
        code, link = self.context.code, self.links.link
        files = [
            [
                link(md_text(loaded.file.removeprefix("vectors/")), uri, vector_file_uri(loaded.file)),
                md_text(loaded.description),
                str(len(loaded.vectors)),
                ", ".join(code(kind) for kind in sorted({vector.kind for vector in loaded.vectors})),
            ]
            for loaded in self.vector_files()
        ]
        return render(
            "vectors_index.md",
            total=len(vectors),
            provenance=", ".join(f"{count} {PROVENANCE.get(name, name or 'unmarked')}" for name, count in provenance.items()),
            format_link=rel(uri, "reference/vectors.md"),
            files_table=self.context.table(["file", "what it holds", "vectors", "kinds"], files),
            kinds_table=self.context.table(["kind", "vectors"], ([code(kind), str(count)] for kind, count in sorted(kinds.items()))),
        )

    def vector_file_page(self, loaded: VectorFile) -> str:
        uri = vector_file_uri(loaded.file)
        return render(
            "vector_file.md",
            loaded=loaded,
            description=self.links.linkify(md_text(loaded.description), uri) if loaded.description else "",
            examples=[vector_example(vector, uri, self.context, heading=True) for vector in loaded.vectors],
        )
