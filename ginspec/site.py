"""The documentation site, generated from the repository.

Every page about rules, variants, registers, tests and conformance results is built here from the
suite's own data, read through its loaders (:func:`ginspec.registry.load_registry`,
:func:`ginspec.variants.load_variants`, :func:`ginspec.coverage.rule_coverage`,
:func:`ginspec.vectors.load_vectors`, the feature files and the JSON reports under ``reports/``).
:class:`Site` returns the pages as Markdown keyed by their path in the documentation folder, and
the navigation; ``docs/hooks.py`` hands them to mkdocs. Nothing here imports mkdocs, so the pages
can be built and inspected without it.

Cards are drawn as HTML playing cards (:func:`card_html`, :func:`hand_html`,
:func:`arrangement_html`), styled by ``docs/stylesheets/ginspec.css``.
"""

from __future__ import annotations

import argparse
import html
import io
import json
import os
import posixpath
import re
from collections import Counter, defaultdict
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import yaml

from ginspec.paths import suite_root


def load_yaml(path: Path, error: type[Exception] = ValueError) -> Any:
    """Read a YAML file safely, with libyaml's loader when it is there (the files are large)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - a safe loader
    except (OSError, yaml.YAMLError) as exc:
        raise error(f"{path}: {exc}") from None

# =================================================================================================
# Cards

RANKS = "A23456789TJQK"
SUITS = "cdhs"
SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_NAMES = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
}  # fmt: skip
RED_SUITS = frozenset("dh")
CARD_PATTERN = re.compile(r"\b([A2-9TJQK])([cdhs])\b")

MARKS = {
    "deadwood": "deadwood",
    "discard": "the discard",
    "layoff": "laid off",
    "upcard": "the upcard",
}


def is_card(token: str) -> bool:
    return len(token) == 2 and token[0] in RANKS and token[1] in SUITS


def card_list(value: Any) -> list[str] | None:
    """The cards of ``value`` if it is a card list in canonical notation, else ``None``."""
    if not isinstance(value, str):
        return None
    tokens = value.split()
    if tokens and all(is_card(token) for token in tokens):
        return tokens
    return None


def cards_of(value: str | Sequence[str]) -> list[str]:
    return value.split() if isinstance(value, str) else list(value)


def card_sort_key(card: str) -> tuple[int, int]:
    return SUITS.index(card[1]), RANKS.index(card[0])


def card_value(card: str) -> int:
    rank = RANKS.index(card[0]) + 1
    return min(rank, 10)


def card_name(card: str) -> str:
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def card_face(card: str) -> str:
    """The rank as printed on a card face: 10 for the ten."""
    return "10" if card[0] == "T" else card[0]


def card_html(card: str, mark: str | None = None) -> str:
    """One playing card: rank and suit symbol, red for hearts and diamonds, black otherwise."""
    colour = "gs-red" if card[1] in RED_SUITS else "gs-black"
    classes = f"gs-card {colour}" + (f" gs-{mark}" if mark else "")
    label = card_name(card) + (f", {MARKS.get(mark, mark)}" if mark else "")
    return f'<span class="{classes}" title="{label}"><b>{card_face(card)}</b><i>{SUIT_SYMBOLS[card[1]]}</i></span>'


def card_text_html(card: str) -> str:
    """A card inside running text: rank and coloured suit symbol, no card face."""
    colour = "gs-red" if card[1] in RED_SUITS else "gs-black"
    return f'<span class="gs-cardtext {colour}" title="{card_name(card)}">{card_face(card)}{SUIT_SYMBOLS[card[1]]}</span>'


def cards_in_text(text: str) -> str:
    """Escape ``text`` and show every card token in it with its suit symbol."""
    escaped = html.escape(text, quote=False)
    return CARD_PATTERN.sub(lambda match: card_text_html(match.group(0)), escaped)


def hand_html(cards: str | Sequence[str], marks: Mapping[str, str] | None = None, sort: bool = False) -> str:
    """A row of cards that wraps on a narrow screen; ``marks`` maps a card to a mark class."""
    listed = cards_of(cards)
    if sort:
        listed = sorted(listed, key=card_sort_key)
    if not listed:
        return '<span class="gs-hand gs-empty">no cards</span>'
    marks = marks or {}
    return '<span class="gs-hand">' + "".join(card_html(card, marks.get(card)) for card in listed) + "</span>"


def meld_html(meld: str | Sequence[str], kind: str | None = None, marks: Mapping[str, str] | None = None) -> str:
    cards = cards_of(meld)
    kind = kind or meld_kind(cards)
    title = f' title="{kind}"' if kind else ""
    marks = marks or {}
    return f'<span class="gs-meld"{title}>' + "".join(card_html(card, marks.get(card)) for card in cards) + "</span>"


def meld_kind(cards: Sequence[str]) -> str | None:
    if len(cards) >= 3 and len({card[0] for card in cards}) == 1:
        return "set"
    if len(cards) >= 3 and len({card[1] for card in cards}) == 1:
        return "run"
    return None


def arrangement_html(hand: str | Sequence[str], melds: Sequence[str | Sequence[str]], marks: Mapping[str, str] | None = None) -> str:
    """A hand divided into melds, each drawn as a group, and its deadwood cards marked."""
    cards = cards_of(hand)
    melded = {card for meld in melds for card in cards_of(meld)}
    deadwood = sorted((card for card in cards if card not in melded), key=card_sort_key)
    parts = [meld_html(meld, marks=marks) for meld in melds]
    if deadwood:
        count = sum(card_value(card) for card in deadwood)
        dead_marks = {card: "deadwood" for card in deadwood}
        dead_marks.update({card: mark for card, mark in (marks or {}).items() if card in dead_marks})
        parts.append(
            '<span class="gs-deadgroup" title="deadwood">'
            + "".join(card_html(card, dead_marks[card]) for card in deadwood)
            + f'<span class="gs-count-label">deadwood {count}</span></span>'
        )
    return '<span class="gs-arrangement">' + "".join(parts) + "</span>"


def row_html(label: str, content: str) -> str:
    if 'class="gs-card' in content:
        kind = "gs-row gs-row-cards"
    elif content.startswith(("<ol", "<table")):
        kind = "gs-row gs-row-top"
    else:
        kind = "gs-row"
    return f'<div class="{kind}"><span class="gs-label">{html.escape(label)}</span>{content}</div>'


# =================================================================================================
# Small text helpers

FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def slug(text: str) -> str:
    """An anchor for a free text (a scenario name): lower case words joined by hyphens."""
    value = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return value or "section"


def md_text(text: str) -> str:
    """Text from the data on one line, safe inside Markdown: angle brackets and ampersands are
    escaped outside code spans."""
    flat = " ".join(str(text).split())
    pieces = []
    position = 0
    for match in CODE_SPAN.finditer(flat):
        pieces.append(_escape(flat[position : match.start()]))
        pieces.append(match.group(0))
        position = match.end()
    pieces.append(_escape(flat[position:]))
    return "".join(pieces)


def md_cards(text: str) -> str:
    """Like :func:`md_text`, with the cards named in the text drawn with their suit symbols (outside
    code spans). ``As`` is taken for the ace of spades only beside another card."""
    flat = md_text(text)
    pieces = []
    position = 0
    for match in CODE_SPAN.finditer(flat):
        pieces.append(_cards_in_plain(flat[position : match.start()]))
        pieces.append(match.group(0))
        position = match.end()
    pieces.append(_cards_in_plain(flat[position:]))
    return "".join(pieces)


def _cards_in_plain(text: str) -> str:
    tokens = re.split(r"(\s+)", text)
    words = [token.strip(".,;:()[]") for token in tokens]

    def beside_card(index: int) -> bool:
        return any(0 <= other < len(words) and is_card(words[other]) for other in (index - 2, index + 2))

    out = []
    for index, token in enumerate(tokens):
        word = words[index]
        if is_card(word) and (word not in ("As", "Ad") or beside_card(index)):
            token = token.replace(word, card_text_html(word), 1)
        out.append(token)
    return "".join(out)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def cell(text: Any) -> str:
    """A value inside a Markdown table cell."""
    return md_text(text if isinstance(text, str) else json.dumps(text, ensure_ascii=False)).replace("|", "\\|")


def show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    return str(value)


def rel(from_uri: str, to_uri: str, anchor: str | None = None) -> str:
    """A relative Markdown link target from one source page to another (``.md`` paths)."""
    if from_uri == to_uri:
        target = ""
    else:
        target = posixpath.relpath(to_uri, posixpath.dirname(from_uri) or ".")
    return target + (f"#{anchor}" if anchor else "") or "#"


def page_url(uri: str) -> str:
    """The URL of a source page under directory URLs: ``rules/melds.md`` is ``rules/melds/``."""
    if uri == "index.md":
        return ""
    if uri.endswith("/index.md"):
        return uri[: -len("index.md")]
    return uri[: -len(".md")] + "/"


def href(from_uri: str, to_uri: str, anchor: str | None = None) -> str:
    """A relative URL for raw HTML links, which mkdocs does not rewrite."""
    source, target = page_url(from_uri).rstrip("/"), page_url(to_uri).rstrip("/")
    if source == target:
        path = ""
    else:
        path = posixpath.relpath(target or ".", source or ".")
        path = "./" if path == "." else path + "/"
    if anchor:
        return f"{path}#{anchor}"
    return path or "./"


def table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)




# =================================================================================================
# Data read from the repository


STATUS_GROUPS = {
    "pass": "pass",
    "fail": "fail",
    "error": "fail",
    "timeout": "fail",
    "unexpected-pass": "fail",
    "unsupported": "unsupported",
    "expected-fail": "expected-fail",
}
GROUP_LABELS = {"pass": "passed", "fail": "failed", "unsupported": "unsupported", "expected-fail": "expected to fail"}
GROUP_SYMBOLS = {"pass": "\u2714", "fail": "\u2718", "unsupported": "\u2205", "expected-fail": "\u25d0"}
FAILING = ("fail", "error", "timeout", "unexpected-pass")

PLAY_ORDER = ("equipment", "deal", "first-turn", "turn", "melds", "knock", "gin", "layoff", "scoring", "stock", "game")

CARD_KINDS = ("meld", "deadwood", "discard", "knock", "layoff", "score", "table_hand", "partnership", "three_player", "round")

REFERENCE_PAGES = {
    # page: (source file in the repository, nav title)
    "reference/notation.md": ("spec/notation.md", "Card notation"),
    "reference/actions.md": ("spec/actions.md", "Action notation"),
    "reference/vectors.md": ("spec/vectors.md", "Vector format"),
    "reference/scenarios.md": ("features/README.md", "Scenario format"),
    "reference/protocol.md": ("spec/protocol.md", "Engine protocol"),
    "reference/registry.md": ("spec/rules.md", "Rule registry"),
    "reference/games.md": ("spec/games.md", "Games and sessions"),
}


REFERENCE_SCHEMAS = {
    # page: schema files under spec/schema/ shown at its end
    "reference/vectors.md": ("vector-file.schema.json",),
    "reference/protocol.md": ("protocol/*.json",),
    "reference/registry.md": ("rules.schema.json", "sources.schema.json", "seed-map.schema.json", "conflicts.schema.json", "ambiguities.schema.json"),
}


@dataclass
class FeatureScenario:
    name: str
    anchor: str
    tags: list[str]
    text: str


@dataclass
class FeatureFile:
    path: str  # relative to the repository, e.g. features/melds/sets-and-runs.feature
    area: str
    stem: str
    name: str
    description: str
    tags: list[str]
    text: str
    scenarios: list[FeatureScenario] = field(default_factory=list)

    @property
    def uri(self) -> str:
        return f"scenarios/{self.area}/{self.stem}.md"


@dataclass
class EngineReport:
    slug: str
    path: Path
    data: dict[str, Any]

    @property
    def header(self) -> dict[str, Any]:
        return self.data["header"]

    @property
    def records(self) -> list[dict[str, Any]]:
        return self.data["records"]

    @property
    def engine(self) -> str:
        return str(self.header.get("engine", self.slug))

    @property
    def uri(self) -> str:
        return f"conformance/{self.slug}.md"


def is_report(data: Any) -> bool:
    return (
        isinstance(data, dict)
        and isinstance(data.get("header"), dict)
        and isinstance(data.get("records"), list)
        and isinstance(data.get("footer"), dict)
    )


def load_reports(folder: Path) -> list[EngineReport]:
    """Every conformance report (``build_report`` format) in ``folder``; other JSON files are skipped."""
    reports = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if is_report(data):
            reports.append(EngineReport(slug(path.stem), path, data))
    reports.sort(key=lambda report: (report.slug != "reference", report.slug))
    return reports


def parse_feature(path: Path, root: Path) -> FeatureFile:
    """A feature file with each scenario's own text (its tags, steps and examples)."""
    from pytest_bdd.parser import FeatureParser

    feature = FeatureParser(str(path.parent), path.name).parse()
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    starts = []
    for scenario in feature.scenarios.values():
        start = scenario.line_number - 1
        while start > 0 and lines[start - 1].strip().startswith("@"):
            start -= 1
        starts.append((start, scenario))
    starts.sort(key=lambda item: item[0])
    boundaries = [start for start, _ in starts] + [len(lines)]
    rule_lines = [number for number, line in enumerate(lines) if line.strip().startswith("Rule:")]
    scenarios: list[FeatureScenario] = []
    used: set[str] = set()
    for index, (start, scenario) in enumerate(starts):
        end = boundaries[index + 1]
        end = min([end] + [number for number in rule_lines if start < number < end])
        block = lines[start:end]
        while block and not block[-1].strip():
            block.pop()
        indent = min((len(line) - len(line.lstrip()) for line in block if line.strip()), default=0)
        anchor = slug(scenario.name)
        while anchor in used:
            anchor += "-x"
        used.add(anchor)
        rule_tags = set(scenario.rule.tags) if scenario.rule is not None else set()
        scenarios.append(
            FeatureScenario(
                name=scenario.name,
                anchor=anchor,
                tags=sorted(set(scenario.tags) | set(feature.tags) | rule_tags),
                text="\n".join(line[indent:] for line in block),
            )
        )
    relative = path.relative_to(root).as_posix()
    return FeatureFile(
        path=relative,
        area=path.parent.name,
        stem=path.stem,
        name=feature.name,
        description=feature.description or "",
        tags=sorted(feature.tags),
        text=text,
        scenarios=scenarios,
    )


# =================================================================================================
# The site


class Site:
    """The generated pages of the documentation site.

    ``root`` is the repository (default: the suite root); ``reports`` the folder of conformance
    reports (default: ``$GINSPEC_SITE_REPORTS`` or ``reports/``); ``docs`` the documentation folder,
    to know which hand-written pages exist.
    """

    def __init__(self, root: Path | None = None, reports: Path | None = None, docs: Path | None = None) -> None:
        self.root = Path(root) if root else suite_root()
        configured = os.environ.get("GINSPEC_SITE_REPORTS")
        self.reports_dir = Path(reports) if reports else Path(configured) if configured else self.root / "reports"
        self.docs_dir = Path(docs) if docs else self.root / "docs"

    # -- data --------------------------------------------------------------------------------------

    @cached_property
    def areas(self) -> dict[str, Any]:
        from ginspec.registry import load_registry

        return load_registry(self.root / "spec" / "rules")

    @cached_property
    def rules(self) -> dict[str, Any]:
        return {rule.id: rule for area in self.areas.values() for rule in area.rules}

    @cached_property
    def variants(self) -> dict[str, Any]:
        from ginspec.variants import load_variants

        return load_variants(self.root / "spec" / "variants")

    @cached_property
    def variant_documents(self) -> dict[str, dict[str, Any]]:
        """The variant files as written (for the ``authoritative`` flag, which is not resolved)."""
        return {name: load_yaml(self.root / "spec" / "variants" / f"{name}.yaml", ValueError) for name in self.variants}

    @cached_property
    def parameter_schemas(self) -> dict[str, Any]:
        from ginspec.variants import parameter_schemas

        return parameter_schemas()

    @cached_property
    def standard(self) -> Mapping[str, Any]:
        return self.variants["standard"].parameters

    @cached_property
    def coverage(self) -> dict[str, Any]:
        """:func:`ginspec.coverage.rule_coverage`, given the vectors and variants already loaded here
        instead of reading every file again."""
        from ginspec.coverage import rule_coverage

        return rule_coverage(self.vectors, self.variants)

    @cached_property
    def vectors(self) -> list[Any]:
        from ginspec.vectors import load_vectors

        return load_vectors(self.root / "vectors")

    @cached_property
    def vector_by_id(self) -> dict[str, Any]:
        return {vector.id: vector for vector in self.vectors}

    @cached_property
    def vector_files(self) -> dict[str, list[Any]]:
        files: dict[str, list[Any]] = defaultdict(list)
        for vector in self.vectors:
            files[vector.file].append(vector)
        return dict(sorted(files.items()))

    @cached_property
    def vector_file_descriptions(self) -> dict[str, str]:
        descriptions = {}
        for name in self.vector_files:
            document = load_yaml(self.root / name, ValueError)
            descriptions[name] = str(document.get("description", "")) if isinstance(document, dict) else ""
        return descriptions

    @cached_property
    def sources(self) -> list[dict[str, Any]]:
        return list(load_yaml(self.root / "spec" / "sources.yaml", ValueError)["sources"])

    @cached_property
    def source_codes(self) -> set[str]:
        return {source["code"] for source in self.sources}

    @cached_property
    def statements(self) -> list[dict[str, Any]]:
        path = self.root / "spec" / "seed-map.yaml"
        return list(load_yaml(path, ValueError)["statements"]) if path.exists() else []

    @cached_property
    def statement_ids(self) -> set[str]:
        return {statement["id"] for statement in self.statements}

    @cached_property
    def conflicts(self) -> list[dict[str, Any]]:
        return list(load_yaml(self.root / "spec" / "conflicts.yaml", ValueError)["conflicts"])

    @cached_property
    def questions(self) -> list[dict[str, Any]]:
        return list(load_yaml(self.root / "spec" / "ambiguities.yaml", ValueError)["questions"])

    @cached_property
    def features(self) -> list[FeatureFile]:
        folder = self.root / "features"
        return [parse_feature(path, self.root) for path in sorted(folder.rglob("*.feature"))]

    @cached_property
    def scenario_index(self) -> dict[str, tuple[FeatureFile, FeatureScenario]]:
        """Scenario IDs as the coverage and the reports write them, to the feature and scenario."""
        index = {}
        for feature in self.features:
            for scenario in feature.scenarios:
                index[f"{feature.path}: {scenario.name}"] = (feature, scenario)
                short = feature.path.removeprefix("features/")
                index[f"{short}: {scenario.name}"] = (feature, scenario)
        return index

    @cached_property
    def reports(self) -> list[EngineReport]:
        return load_reports(self.reports_dir)

    @cached_property
    def rule_conflicts(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = defaultdict(list)
        for entry in self.conflicts:
            for rule in entry.get("rules", ()):
                found[rule].append(entry["id"])
        return found

    @cached_property
    def rule_questions(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = defaultdict(list)
        for entry in self.questions:
            for rule in entry.get("rules", ()):
                found[rule].append(entry["id"])
        return found

    def handwritten(self, uri: str) -> bool:
        return (self.docs_dir / uri).is_file()

    # -- links -------------------------------------------------------------------------------------

    def area_uri(self, area: str) -> str:
        return f"rules/{area}.md"

    def rule_link(self, rule_id: str, from_uri: str, text: str | None = None, code: bool = False) -> str:
        rule = self.rules.get(rule_id)
        label = text or rule_id
        if code:
            label = f"`{label}`"
        if rule is None:
            return label
        return f"[{label}]({rel(from_uri, self.area_uri(rule.area), rule_id)})"

    def source_link(self, code: str, from_uri: str) -> str:
        if code in self.source_codes or code in self.statement_ids:
            return f"[{code}]({rel(from_uri, 'sources.md', code)})"
        return md_text(code)

    def variant_link(self, name: str, from_uri: str) -> str:
        if name in self.variants:
            return f"[{name}]({rel(from_uri, f'variants/{name}.md')})"
        return md_text(name)

    def parameter_link(self, name: str, from_uri: str) -> str:
        if name in self.parameter_schemas:
            return f"[`{name}`]({rel(from_uri, 'variants/parameters.md', name)})"
        return f"`{name}`"

    def vector_uri(self, vector: Any) -> str:
        return "vectors/" + vector.file.removeprefix("vectors/").removesuffix(".yaml") + ".md"

    def vector_link(self, vector_id: str, from_uri: str) -> str:
        vector = self.vector_by_id.get(vector_id)
        if vector is None:
            return md_text(vector_id)
        return f"[{vector_id}]({rel(from_uri, self.vector_uri(vector), vector_id)})"

    def scenario_link(self, scenario_id: str, from_uri: str, text: str | None = None) -> str:
        base = re.sub(r" \[[^\]]*\]$", "", scenario_id)
        found = self.scenario_index.get(base)
        if found is None:
            return md_text(text or scenario_id)
        feature, scenario = found
        label = text or f"{feature.path}: {scenario.name}"
        return f"[{md_text(label)}]({rel(from_uri, feature.uri, scenario.anchor)})"

    def case_link(self, case_id: str, from_uri: str) -> str:
        if case_id in self.vector_by_id:
            return self.vector_link(case_id, from_uri)
        return self.scenario_link(case_id, from_uri, case_id)

    def conflict_link(self, entry_id: str, from_uri: str) -> str:
        if entry_id.startswith("Q"):
            return f"[{entry_id}]({rel(from_uri, 'registers/questions.md', entry_id)})"
        return f"[{entry_id}]({rel(from_uri, 'registers/conflicts.md', entry_id)})"

    def linkify(self, text: str, from_uri: str) -> str:
        """Markdown text with every rule ID, source code, seed statement, conflict and question
        named in it linked to its entry; code blocks untouched, a code span holding exactly a rule
        ID becomes a linked code span."""
        out = []
        fenced = False
        for line in text.splitlines():
            if FENCE.match(line):
                fenced = not fenced
                out.append(line)
                continue
            if fenced:
                out.append(line)
                continue
            out.append(self._linkify_line(line, from_uri))
        return "\n".join(out)

    @cached_property
    def _references(self) -> dict[str, tuple[str, str]]:
        """Every ID that prose may name, to the page and anchor that explains it."""
        targets: dict[str, tuple[str, str]] = {}
        for code in self.source_codes | self.statement_ids:
            targets[code] = ("sources.md", code)
        for entry in self.conflicts:
            targets[entry["id"]] = ("registers/conflicts.md", entry["id"])
        for entry in self.questions:
            targets[entry["id"]] = ("registers/questions.md", entry["id"])
        for rule in self.rules.values():
            targets[rule.id] = (self.area_uri(rule.area), rule.id)
        return targets

    @cached_property
    def _reference_pattern(self) -> re.Pattern[str]:
        ids = sorted(self._references, key=len, reverse=True)
        return re.compile(r"(?<![\w\-/#\[.])(" + "|".join(re.escape(item) for item in ids) + r")(?![\w\-])")

    def _link_reference(self, item: str, from_uri: str, code: bool = False) -> str:
        target, anchor = self._references[item]
        label = f"`{item}`" if code else item
        return f"[{label}]({rel(from_uri, target, anchor)})"

    def _linkify_line(self, line: str, from_uri: str) -> str:
        pieces = []
        position = 0
        for match in CODE_SPAN.finditer(line):
            pieces.append(self._linkify_plain(line[position : match.start()], from_uri))
            inner = match.group(2).strip()
            if inner in self.rules:
                pieces.append(self._link_reference(inner, from_uri, code=True))
            else:
                pieces.append(match.group(0))
            position = match.end()
        pieces.append(self._linkify_plain(line[position:], from_uri))
        return "".join(pieces)

    def _linkify_plain(self, text: str, from_uri: str) -> str:
        # existing Markdown links and HTML tags are left alone
        parts = re.split(r"(\[[^\]]*\]\([^)]*\)|<[^>]*>)", text)
        return "".join(
            part if index % 2 else self._reference_pattern.sub(lambda match: self._link_reference(match.group(1), from_uri), part)
            for index, part in enumerate(parts)
        )

    # -- pages -------------------------------------------------------------------------------------

    def builders(self) -> dict[str, Any]:
        """Every generated page: path in the documentation folder -> a function making its Markdown.
        A hand-written page of the same path wins."""
        builders: dict[str, Any] = {"rules/index.md": self.rules_index_page}
        for name in self.areas:
            builders[self.area_uri(name)] = lambda name=name: self.area_page(name)
        builders["variants/index.md"] = self.variants_index_page
        builders["variants/parameters.md"] = self.parameters_page
        for name in self.variants:
            builders[f"variants/{name}.md"] = lambda name=name: self.variant_page(name)
        builders["sources.md"] = self.sources_page
        builders["registers/conflicts.md"] = self.conflicts_page
        builders["registers/questions.md"] = self.questions_page
        builders["conformance/index.md"] = self.conformance_page
        for report in self.reports:
            builders[report.uri] = lambda report=report: self.engine_page(report)
        builders["scenarios/index.md"] = self.scenarios_index_page
        for feature in self.features:
            builders[feature.uri] = lambda feature=feature: self.feature_page(feature)
        builders["vectors/index.md"] = self.vectors_index_page
        for name, vectors in self.vector_files.items():
            builders[self.vector_uri(vectors[0])] = lambda name=name, vectors=vectors: self.vector_file_page(name, vectors)
        builders["reference/cli.md"] = self.cli_page
        for uri, (source, _title) in REFERENCE_PAGES.items():
            if (self.root / source).is_file():
                builders[uri] = lambda uri=uri, source=source: self.included_page(uri, source)
        return {uri: build for uri, build in builders.items() if not self.handwritten(uri)}

    def pages(self) -> dict[str, str]:
        """Every generated page: path in the documentation folder -> Markdown."""
        return {uri: build() for uri, build in self.builders().items()}

    def nav(self) -> list[Any]:
        """The navigation, hand-written pages included where they exist."""
        generated = set(self.builders())

        def present(uri: str) -> bool:
            return self.handwritten(uri) or uri in generated

        nav: list[Any] = []
        if present("index.md"):
            nav.append({"Home": "index.md"})
        if present("learn.md"):
            nav.append({"Learn the game": "learn.md"})
        rules: list[Any] = ["rules/index.md"] + [{area.title: self.area_uri(name)} for name, area in self.ordered_areas()]
        nav.append({"Rules": rules})
        variants: list[Any] = ["variants/index.md", {"Parameters": "variants/parameters.md"}]
        ordered = sorted(self.variants, key=lambda name: (name != "standard", self.variants[name].title.lower()))
        variants += [{self.variants[name].title: f"variants/{name}.md"} for name in ordered]
        nav.append({"Variants": variants})
        nav.append(
            {
                "Registers": [
                    {"Conflicts": "registers/conflicts.md"},
                    {"Open questions": "registers/questions.md"},
                    {"Sources": "sources.md"},
                ]
            }
        )
        conformance: list[Any] = ["conformance/index.md"]
        conformance += [{report.engine: report.uri} for report in self.reports]
        if present("engines.md"):
            conformance.append({"Engines in depth": "engines.md"})
        nav.append({"Conformance": conformance})
        scenarios: list[Any] = ["scenarios/index.md"] + [{f"{feature.area}: {feature.name}": feature.uri} for feature in self.features]
        vectors: list[Any] = ["vectors/index.md"] + [
            {name.removeprefix("vectors/"): self.vector_uri(listed[0])} for name, listed in self.vector_files.items()
        ]
        nav.append({"Tests": [{"Scenarios": scenarios}, {"Vectors": vectors}]})
        guides = [{"Writing an adapter": "guide/adapter.md"}, {"Writing a variant": "guide/variant.md"}]
        guides = [item for item in guides if all(present(uri) for uri in item.values())]
        if guides:
            nav.append({"Guides": guides})
        reference: list[Any] = [{"Command line": "reference/cli.md"}]
        reference += [{title: uri} for uri, (_source, title) in REFERENCE_PAGES.items() if present(uri)]
        nav.append({"Reference": reference})
        # any other hand-written page gets a place too (a page outside the navigation fails the
        # strict build): notes on engines beside the conformance pages, the rest under "More"
        listed = set(_nav_pages(nav))
        extra = sorted(
            path.relative_to(self.docs_dir).as_posix()
            for path in self.docs_dir.rglob("*.md")
            if path.relative_to(self.docs_dir).as_posix() not in listed | generated
        )
        more: list[Any] = []
        for uri in extra:
            entry = {_page_title(self.docs_dir / uri): uri}
            if any(word in uri for word in ("engine", "finding")):
                conformance.append(entry)
            else:
                more.append(entry)
        if more:
            nav.append({"More": more})
        return nav

    def ordered_areas(self) -> list[tuple[str, Any]]:
        order = {name: index for index, name in enumerate(PLAY_ORDER)}
        return sorted(self.areas.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))

    # -- rules -------------------------------------------------------------------------------------

    def rules_index_page(self) -> str:
        uri = "rules/index.md"
        example = self.rules.get("MELD-SET") or next(iter(self.rules.values()))
        statuses = Counter(rule.status for rule in self.rules.values())
        lines = [
            "# Rules",
            "",
            f"The specification states **{len(self.rules)} rules** in **{len(self.areas)} areas**. Each rule has a "
            "permanent ID, and its address is its area page followed by `#` and the ID, for example "
            f"[`rules/{example.area}/#{example.id}`]({rel(uri, self.area_uri(example.area), example.id)}). "
            "IDs are never renamed or reused, so such a link settles a question for good.",
            "",
            table(
                ["area", "what it covers", "rules"],
                (
                    [f"[{md_text(area.title)}]({rel(uri, self.area_uri(name))})", md_text(area.summary), str(len(area.rules))]
                    for name, area in self.ordered_areas()
                ),
            ),
            "",
            "## Status of a rule",
            "",
            table(
                ["status", "meaning", "rules"],
                ([f'<span class="gs-status gs-status-{s}">{s}</span>', STATUS_MEANINGS.get(s, ""), str(statuses.get(s, 0))] for s in STATUS_ORDER if statuses.get(s) or s in STATUS_MEANINGS),
            ),
            "",
            "## Every rule ID",
            "",
        ]
        for name, area in self.ordered_areas():
            links = ", ".join(self.rule_link(rule.id, uri) for rule in area.rules)
            lines += [f"**{md_text(area.title)}**: {links}", ""]
        return "\n".join(lines) + "\n"

    def area_page(self, name: str) -> str:
        area = self.areas[name]
        uri = self.area_uri(name)
        lines = [
            f"# {md_text(area.title)}",
            "",
            self.linkify(md_text(area.summary), uri),
            "",
            f"Area `{name}`: {len(area.rules)} rules. "
            f"Each heading's anchor is the rule ID, so `rules/{name}/#ID` links to it.",
            "",
        ]
        for rule in area.rules:
            lines += self.rule_section(rule, uri)
        return "\n".join(lines) + "\n"

    def rule_section(self, rule: Any, uri: str) -> list[str]:
        coverage = self.coverage.get(rule.id)
        lines = [f"## {rule.id}: {md_text(rule.title)} {{ #{rule.id} }}", ""]
        badges = [f'<span class="gs-status gs-status-{rule.status}" title="{STATUS_MEANINGS.get(rule.status, rule.status)}">{rule.status}</span>']
        if not rule.verifiable:
            badges.append('<span class="gs-status gs-status-unverifiable" title="cannot be checked by machine">not machine-checkable</span>')
        lines += [" ".join(badges), ""]
        lines += ['<div class="gs-statement" markdown>', "", self.linkify(md_cards(rule.statement), uri), "", "</div>", ""]
        if not rule.verifiable and rule.unverifiable_reason:
            lines += [f"*Why it cannot be checked by machine:* {md_text(rule.unverifiable_reason)}", ""]
        facts = []
        if rule.sources:
            facts.append(("Sources", ", ".join(self.source_link(code, uri) for code in rule.sources)))
        if rule.parameters:
            facts.append(("Parameters", ", ".join(self.parameter_link(name, uri) for name in rule.parameters)))
        disputes = [self.conflict_link(entry, uri) for entry in self.rule_conflicts.get(rule.id, []) + self.rule_questions.get(rule.id, [])]
        if disputes:
            facts.append(("Conflicts and questions", ", ".join(disputes)))
        if facts:
            lines += ['<div class="gs-facts" markdown>', ""]
            lines += [f"**{label}:** {value}  " for label, value in facts]
            lines += ["", "</div>", ""]
        changes = self.variant_changes(rule.parameters)
        if changes:
            lines += [
                "**Variants that change it** (standard: "
                + ", ".join(f"`{name}` = `{show_value(self.standard.get(name))}`" for name in rule.parameters)
                + ")",
                "",
                table(
                    ["variant", "values"],
                    (
                        [self.variant_link(variant, uri), ", ".join(f"`{key}` = `{show_value(value)}`" for key, value in values)]
                        for variant, values in changes
                    ),
                ),
                "",
            ]
        examples = self.rule_examples(rule.id)
        if examples:
            lines += [f"**Example{'s' if len(examples) > 1 else ''}**", ""]
            for vector in examples:
                lines += self.vector_example(vector, uri, heading=False)
        scenarios = coverage.scenarios if coverage else []
        vectors = coverage.vectors if coverage else []
        if scenarios or vectors:
            lines += ['<div class="gs-tested" markdown>', ""]
            if scenarios:
                lines.append(f"**Scenarios ({len(scenarios)}):** " + "; ".join(self.scenario_link(item, uri) for item in scenarios) + "  ")
            if vectors and len(vectors) <= 30:
                lines.append(f"**Vectors ({len(vectors)}):** " + ", ".join(self.vector_link(item, uri) for item in vectors))
            elif vectors:
                lines += [
                    f"**Vectors ({len(vectors)}):** " + ", ".join(self.vector_link(item, uri) for item in vectors[:12]) + ", …",
                    "",
                    f'??? info "All {len(vectors)} vectors"',
                    "",
                    "    " + ", ".join(self.vector_link(item, uri) for item in vectors),
                ]
            lines += ["", "</div>", ""]
        elif rule.verifiable:
            lines += ["*No scenario or vector checks this rule yet.*", ""]
        return lines

    def variant_changes(self, parameters: Sequence[str]) -> list[tuple[str, list[tuple[str, Any]]]]:
        """Variants whose resolved value differs from standard for one of ``parameters``."""
        changes = []
        for name, variant in self.variants.items():
            values = [(key, variant.parameters.get(key)) for key in parameters if variant.parameters.get(key) != self.standard.get(key)]
            if values:
                changes.append((name, values))
        return changes

    def rule_examples(self, rule_id: str, limit: int = 3) -> list[Any]:
        """Vectors citing the rule that can be drawn as cards: one of each kind of question first
        (single hands before whole hands, a valid meld before an invalid one), worked by hand first."""
        coverage = self.coverage.get(rule_id)
        if coverage is None:
            return []
        candidates = [self.vector_by_id[item] for item in coverage.vectors if item in self.vector_by_id]
        candidates = [vector for vector in candidates if vector.kind in CARD_KINDS]

        def key(vector: Any) -> tuple[Any, ...]:
            actions = len(vector.input.get("actions", ())) if vector.kind == "round" else 0
            return (CARD_KINDS.index(vector.kind), vector.provenance != "hand", actions, vector.id)

        def flavour(vector: Any) -> tuple[str, Any]:
            if vector.kind == "meld":
                return vector.kind, bool(vector.expected.get("valid"))
            if vector.kind == "round":
                return vector.kind, None
            return vector.kind, "error" in vector.expected or "illegal" in vector.expected

        candidates.sort(key=key)
        chosen: list[Any] = []
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

    # -- drawing a vector ----------------------------------------------------------------------------

    def vector_example(self, vector: Any, uri: str, heading: bool = True) -> list[str]:
        """A vector drawn as cards: the question, the expected answer, and where it comes from."""
        lines: list[str] = []
        meta = []
        if vector.variant != "standard":
            meta.append("variant " + self.variant_link(vector.variant, uri))
        if vector.overrides:
            meta.append(", ".join(f"`{key}` = `{show_value(value)}`" for key, value in vector.overrides.items()))
        meta_text = f" ({'; '.join(meta)})" if meta else ""
        if heading:
            lines += [f"### {vector.id} {{ #{vector.id} }}", ""]
            lines += [md_cards(vector.description) + meta_text, ""]
            facts = [f"**Kind:** `{vector.kind}`", "**Rules:** " + ", ".join(self.rule_link(rule, uri) for rule in vector.rules)]
            if vector.provenance:
                facts.append(f"**Expected values:** {PROVENANCE.get(vector.provenance, vector.provenance)}")
            lines += ["  \n".join(facts), ""]
        else:
            lines += [f"{self.vector_link(vector.id, uri)}: {md_cards(vector.description)}{meta_text}", ""]
        body = self.vector_body(vector)
        if body:
            lines += [body, ""]
        return lines

    def vector_body(self, vector: Any) -> str:
        data, expected = vector.input, vector.expected
        rows: list[str] = []
        kind = vector.kind
        if kind == "meld":
            verdict = expected.get("type") if expected.get("valid") else "not a meld"
            rows.append(row_html("cards", hand_html(data["cards"])))
            rows.append(row_html("answer", f'<span class="gs-verdict">{html.escape(str(verdict or "not a meld"))}</span>'))
        elif kind == "deadwood":
            arrangements = expected.get("arrangements")
            if arrangements:
                rows.append(row_html("hand", arrangement_html(data["hand"], arrangements[0])))
                if len(arrangements) > 1:
                    rows.append(row_html("or", " ".join(arrangement_html(data["hand"], other) for other in arrangements[1:3])))
            else:
                rows.append(row_html("hand", hand_html(data["hand"], sort=True)))
            rows.append(row_html("answer", self.answer_text(expected, skip=("arrangements",))))
        elif kind in ("discard", "knock"):
            marks = {}
            if kind == "knock" and data.get("discard"):
                marks[data["discard"]] = "discard"
            for card in cards_of(expected.get("discards", "")) if isinstance(expected.get("discards"), str) else expected.get("discards") or ():
                marks[card] = "discard"
            rows.append(row_html("hand", hand_html(data["hand"], marks, sort=True)))
            rows.append(row_html("answer", self.answer_text(expected)))
        elif kind == "layoff":
            layoffs = set(cards_of(expected["layoffs"])) if isinstance(expected.get("layoffs"), str) else set(expected.get("layoffs") or ())
            rows.append(row_html("knocker", '<span class="gs-arrangement">' + "".join(meld_html(meld) for meld in data["knocker_melds"]) + "</span>"))
            rows.append(row_html("defender", hand_html(data["defender"], {card: "layoff" for card in layoffs}, sort=True)))
            rows.append(row_html("answer", self.answer_text(expected)))
        elif kind == "score":
            layoffs = set(cards_of(expected["layoffs"])) if isinstance(expected.get("layoffs"), str) else set(expected.get("layoffs") or ())
            if data.get("knocker_melds"):
                rows.append(row_html("knocker", arrangement_html(data["knocker"], data["knocker_melds"])))
            else:
                rows.append(row_html("knocker", hand_html(data["knocker"], sort=True)))
            rows.append(row_html("defender", hand_html(data["defender"], {card: "layoff" for card in layoffs}, sort=True)))
            rows.append(row_html("answer", self.answer_text(expected)))
        elif kind == "round":
            deal = data["deal"]
            for seat in sorted(deal["hands"]):
                label = seat + (" (deals)" if deal.get("dealer") == seat else "")
                rows.append(row_html(label, hand_html(deal["hands"][seat], sort=True)))
            if deal.get("upcard"):
                rows.append(row_html("upcard", hand_html(deal["upcard"])))
            stock = cards_of(deal.get("stock", ""))
            if stock:
                rows.append(row_html("stock", f'<code class="gs-stock" title="{len(stock)} cards, top first">{" ".join(stock)}</code>'))
            actions = data.get("actions", ())
            if actions:
                illegal = expected.get("illegal", {}).get("index") if isinstance(expected.get("illegal"), dict) else None
                items = []
                for index, action in enumerate(actions):
                    cls = ' class="gs-refused"' if index == illegal else ""
                    items.append(f"<li{cls}>{cards_in_text(action)}</li>")
                rows.append(row_html("play", f'<ol class="gs-actions" start="1">{"".join(items)}</ol>'))
            rows.append(row_html("answer", self.answer_text(expected, skip=("checkpoints",))))
            if expected.get("checkpoints"):
                rows.append(row_html("", f'<span class="gs-note">and {len(expected["checkpoints"])} checkpoint(s) along the way</span>'))
        elif kind in ("game", "hollywood"):
            rows += self.game_rows(data, expected, kind)
        else:
            rows += self.generic_rows(data)
            rows.append(row_html("answer", self.answer_text(expected)))
        return '<div class="gs-example">' + "".join(rows) + "</div>"

    def game_rows(self, data: Mapping[str, Any], expected: Mapping[str, Any], kind: str) -> list[str]:
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
                cells = [str(number)]
                if dealers:
                    cells.append(str(dealers[number - 1]) if number <= len(dealers) else "")
                cells += [str(hand.get("winner", "")), str(hand.get("outcome", "")), str(hand.get("points", ""))]
                if totals:
                    total = totals[number - 1] if number <= len(totals) else ""
                    cells.append(" – ".join(map(str, total)) if isinstance(total, list) else str(total))
                body.append(cells)
            rows.append(row_html("hands", mini_table(columns, body)))
        final = expected.get("final")
        if isinstance(final, Mapping) and final and all(isinstance(value, Mapping) for value in final.values()):
            keys = list(next(iter(final.values())))
            rows.append(row_html("final", mini_table(["player"] + [key.replace("_", " ") for key in keys], [[player] + [str(values.get(key, "")) for key in keys] for player, values in final.items()])))
        columns_expected = expected.get("columns")
        if isinstance(columns_expected, list) and columns_expected:
            body = []
            for number, column in enumerate(columns_expected, start=1):
                column_totals = column.get("totals") or {}
                body.append(
                    [
                        str(number),
                        str(column.get("closed_after", "")),
                        " – ".join(f"{player} {value}" for player, value in column_totals.items()) if isinstance(column_totals, Mapping) else str(column_totals),
                        str(column.get("winner", "")),
                        str(column.get("margin", "")),
                    ]
                )
            rows.append(row_html("columns", mini_table(["game", "closed after hand", "points", "winner", "margin"], body)))
        rows.append(row_html("answer", self.answer_text(expected, skip=("totals", "columns", "dealers", "final"))))
        return rows

    def generic_rows(self, data: Mapping[str, Any], prefix: str = "") -> list[str]:
        rows = []
        for key, value in data.items():
            label = f"{prefix}{key}"
            cards = card_list(value)
            if cards is not None:
                rows.append(row_html(label, hand_html(cards)))
            elif isinstance(value, Mapping) and value and all(card_list(item) is not None for item in value.values()):
                for inner, item in value.items():
                    rows.append(row_html(str(inner), hand_html(item)))
            elif isinstance(value, list) and value and all(card_list(item) is not None for item in value):
                rows.append(row_html(label, '<span class="gs-arrangement">' + "".join(meld_html(item) for item in value) + "</span>"))
            else:
                rows.append(row_html(label, f"<code>{html.escape(json.dumps(value, ensure_ascii=False))}</code>"))
        return rows

    def answer_text(self, expected: Mapping[str, Any], skip: Sequence[str] = ()) -> str:
        parts = []
        for key, value in expected.items():
            if key in skip:
                continue
            if isinstance(value, bool):
                text = "yes" if value else "no"
            elif isinstance(value, str):
                text = cards_in_text(value)
            elif isinstance(value, list) and all(isinstance(item, str) for item in value):
                text = " ".join(cards_in_text(item) for item in value)
            elif isinstance(value, (Mapping, list)):
                text = "<code>" + html.escape(json.dumps(value, ensure_ascii=False)) + "</code>"
            else:
                text = html.escape(str(value))
            parts.append(f'<span class="gs-fact"><span class="gs-key">{html.escape(key.replace("_", " "))}</span> {text}</span>')
        return '<span class="gs-answer">' + "".join(parts) + "</span>"

    # -- variants ----------------------------------------------------------------------------------

    def variants_index_page(self) -> str:
        uri = "variants/index.md"
        names = list(self.variants)
        names.sort(key=lambda name: (name != "standard", name))
        lines = [
            "---",
            "hide:",
            "  - toc",
            "---",
            "",
            "# Variants",
            "",
            f"A variant is a named set of values for the {len(self.parameter_schemas)} parameters of the game. "
            "`standard` sets them all; every other variant extends another and changes a few. "
            f"Values that differ from `standard` are highlighted. How to write your own: [Writing a variant]({rel(uri, 'guide/variant.md')}).",
            "",
            table(
                ["variant", "title", "extends", "changes from standard"],
                (
                    [
                        self.variant_link(name, uri),
                        md_text(self.variants[name].title) + ("" if self.variant_documents[name].get("authoritative", True) else " *(house or program rules)*"),
                        self.variant_link(self.variants[name].extends, uri) if self.variants[name].extends else "",
                        str(sum(1 for key, value in self.variants[name].parameters.items() if value != self.standard.get(key))),
                    ]
                    for name in names
                ),
            ),
            "",
            "## Every variant against every parameter",
            "",
            "Rows are parameters, columns variants; scroll sideways on a small screen.",
            "",
        ]
        head = '<tr><th class="gs-sticky">parameter</th>' + "".join(
            f'<th><a href="{href(uri, f"variants/{name}.md")}">{html.escape(name)}</a></th>' for name in names
        ) + "</tr>"
        rows = []
        for key in self.parameter_schemas:
            cells = []
            for name in names:
                value = self.variants[name].parameters.get(key)
                differs = value != self.standard.get(key)
                cls = ' class="gs-diff"' if differs and name != "standard" else ""
                title = f' title="{html.escape(name)}: {html.escape(key)} = {html.escape(show_value(value))}"'
                cells.append(f"<td{cls}{title}>{html.escape(show_value(value))}</td>")
            rows.append(
                f'<tr><th class="gs-sticky"><a href="{href(uri, "variants/parameters.md", key)}"><code>{html.escape(key)}</code></a></th>' + "".join(cells) + "</tr>"
            )
        sources_cells = "".join(
            "<td>" + " ".join(f'<a href="{href(uri, "sources.md", code)}">{html.escape(code)}</a>' for code in self.variants[name].sources if code in self.source_codes or code in self.statement_ids) + "</td>"
            for name in names
        )
        rows.append(f'<tr class="gs-sources-row"><th class="gs-sticky">sources</th>{sources_cells}</tr>')
        lines += [f'<div class="gs-matrix gs-variants-matrix"><table>{head}{"".join(rows)}</table></div>', ""]
        return "\n".join(lines) + "\n"

    def parameters_page(self) -> str:
        uri = "variants/parameters.md"
        lines = [
            "# Parameters",
            "",
            "Every parameter a variant can set, with its allowed values, its value in `standard`, the variants "
            "that change it and the rules it changes.",
            "",
        ]
        rules_by_parameter: dict[str, list[str]] = defaultdict(list)
        for rule in self.rules.values():
            for name in rule.parameters:
                rules_by_parameter[name].append(rule.id)
        for name, schema in self.parameter_schemas.items():
            lines += [f"## `{name}` {{ #{name} }}", ""]
            if schema.get("description"):
                lines += [self.linkify(md_text(schema["description"]), uri), ""]
            lines += [f"**Allowed:** {allowed_values(schema)}  ", f"**Standard:** `{show_value(self.standard.get(name))}`  "]
            others = [(variant, self.variants[variant].parameters.get(name)) for variant in self.variants if self.variants[variant].parameters.get(name) != self.standard.get(name)]
            if others:
                lines.append("**Changed by:** " + ", ".join(f"{self.variant_link(variant, uri)} (`{show_value(value)}`)" for variant, value in others) + "  ")
            if rules_by_parameter.get(name):
                lines.append("**Rules:** " + ", ".join(self.rule_link(rule, uri) for rule in rules_by_parameter[name]))
            lines.append("")
        return "\n".join(lines) + "\n"

    def variant_page(self, name: str) -> str:
        uri = f"variants/{name}.md"
        variant = self.variants[name]
        document = self.variant_documents[name]
        lines = [f"# {md_text(variant.title)}", "", f"Variant `{name}` (file `{variant.path}`).", "", self.linkify(md_text(variant.description), uri), ""]
        facts = []
        if variant.extends:
            chain = []
            parent = variant.extends
            while parent:
                chain.append(self.variant_link(parent, uri))
                parent = self.variants[parent].extends
            facts.append("**Extends:** " + " → ".join(chain))
        facts.append("**Authoritative:** " + ("yes, published rules" if document.get("authoritative", True) else "no: the rules of one house, site or program"))
        if variant.sources:
            facts.append("**Sources:** " + ", ".join(self.source_link(code, uri) for code in variant.sources))
        lines += ["  \n".join(facts), ""]
        parent_parameters = self.variants[variant.extends].parameters if variant.extends else {}
        if variant.own_parameters:
            lines += ["## Parameters it sets", ""]
            headers = ["parameter", "value"] + (["in " + variant.extends] if variant.extends else []) + (["in standard"] if variant.extends and variant.extends != "standard" else [])
            rows = []
            for key, value in variant.own_parameters.items():
                row = [self.parameter_link(key, uri), f"`{show_value(value)}`"]
                if variant.extends:
                    row.append(f"`{show_value(parent_parameters.get(key))}`")
                if variant.extends and variant.extends != "standard":
                    row.append(f"`{show_value(self.standard.get(key))}`")
                rows.append(row)
            lines += [table(headers, rows), ""]
        changed = [key for key, value in variant.parameters.items() if value != self.standard.get(key)]
        affected = [rule.id for rule in self.rules.values() if any(key in changed for key in rule.parameters)]
        if affected:
            lines += ["## Rules it changes", "", ", ".join(self.rule_link(rule, uri) for rule in affected), ""]
        lines += [
            "## Resolved parameters",
            "",
            "Everything an engine is told when it plays this variant. Values that differ from `standard` are marked ◆.",
            "",
            table(
                ["parameter", "value", "meaning"],
                (
                    [
                        self.parameter_link(key, uri),
                        f"`{show_value(value)}`" + (" ◆" if value != self.standard.get(key) else ""),
                        self.linkify(md_text(self.parameter_schemas.get(key, {}).get("description", "")), uri).replace("|", "\\|"),
                    ]
                    for key, value in variant.parameters.items()
                ),
            ),
            "",
        ]
        vectors = [vector.id for vector in self.vectors if vector.variant == name]
        scenarios = sorted(
            f"{feature.path}: {scenario.name}" for feature in self.features for scenario in feature.scenarios if name in scenario.tags
        )
        if vectors or scenarios:
            lines += ["## Tested under this variant", ""]
            if scenarios:
                lines += [f"**Scenarios ({len(scenarios)}):** " + "; ".join(self.scenario_link(item, uri) for item in scenarios) + "  "]
            if vectors:
                lines += [f"**Vectors ({len(vectors)}):** " + ", ".join(self.vector_link(item, uri) for item in vectors)]
            lines.append("")
        return "\n".join(lines) + "\n"

    # -- registers ---------------------------------------------------------------------------------

    def sources_page(self) -> str:
        uri = "sources.md"
        cited: dict[str, set[str]] = defaultdict(set)
        for rule in self.rules.values():
            for code in rule.sources:
                cited[code].add(rule.id)
                cited[code.split("-")[0] if re.match(r"^S\d{3}-", code) else code].add(rule.id)
        variant_sources: dict[str, list[str]] = defaultdict(list)
        for name, variant in self.variants.items():
            for code in variant.sources:
                variant_sources[code].append(name)
        statements: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for statement in self.statements:
            statements[statement["id"].split("-")[0]].append(statement)
        kinds = Counter(source.get("kind") for source in self.sources)
        lines = [
            "# Sources",
            "",
            f"The {len(self.sources)} documents the rules cite: seeds (the three documents this specification set out to "
            "reconcile), rule books, rules sites, engines, apps and secondary sources. A code such as `S000-f` names one "
            "statement of a seed document, quoted below it.",
            "",
            table(["kind", "sources"], ([md_text(kind), str(count)] for kind, count in kinds.items())),
            "",
        ]
        for source in self.sources:
            code = source["code"]
            lines += [f"## {code}: {md_text(source.get('title', ''))} {{ #{code} }}", ""]
            facts = [f"**Kind:** {md_text(source.get('kind', ''))}", f"**Access:** {md_text(source.get('access', ''))}"]
            if source.get("url"):
                facts.append(f"**Address:** <{source['url']}>")
            lines += ["  \n".join(facts), ""]
            if source.get("note"):
                lines += [self.linkify(md_text(source["note"]), uri), ""]
            rules = sorted(cited.get(code, ()))
            if rules:
                lines += [f"**Cited by {len(rules)} rule{'s' if len(rules) != 1 else ''}:** " + ", ".join(self.rule_link(rule, uri) for rule in rules), ""]
            if variant_sources.get(code):
                lines += ["**Followed by variants:** " + ", ".join(self.variant_link(name, uri) for name in variant_sources[code]), ""]
            if statements.get(code):
                lines += [f"### Statements of {code}", ""]
                for statement in statements[code]:
                    quote = md_text(statement.get("quote", ""))
                    extra = []
                    if statement.get("rules"):
                        extra.append("rules " + ", ".join(self.rule_link(rule, uri) for rule in statement["rules"]))
                    conflicts = statement.get("conflict") or []
                    conflicts = [conflicts] if isinstance(conflicts, str) else conflicts
                    if conflicts:
                        extra.append("conflict " + ", ".join(self.conflict_link(entry, uri) for entry in conflicts))
                    if statement.get("note"):
                        extra.append(md_text(statement["note"]))
                    lines += [f"**{statement['id']}** “{quote}”" + (f" — {'; '.join(extra)}" if extra else ""), f"{{: #{statement['id']} .gs-quote }}", ""]
        return "\n".join(lines) + "\n"

    def conflicts_page(self) -> str:
        uri = "registers/conflicts.md"
        lines = [
            "# Conflicts",
            "",
            "Where a seed document disagrees with the references (C entries) and where the references disagree among "
            "themselves about a value (R entries). Each reading names the variants that follow it and the parameter "
            "values that select it.",
            "",
            table(["ID", "topic", "rules"], ([f"[{entry['id']}](#{entry['id']})", md_text(entry.get("topic", "")), ", ".join(self.rule_link(rule, uri) for rule in entry.get("rules", ()))] for entry in self.conflicts)),
            "",
        ]
        for entry in self.conflicts:
            lines += [f"## {entry['id']}: {md_text(entry.get('topic', ''))} {{ #{entry['id']} }}", ""]
            facts = []
            if entry.get("rules"):
                facts.append("**Rules:** " + ", ".join(self.rule_link(rule, uri) for rule in entry["rules"]))
            if entry.get("statements"):
                facts.append("**Statements:** " + ", ".join(self.source_link(code, uri) for code in entry["statements"]))
            if facts:
                lines += ["  \n".join(facts), ""]
            if entry.get("claim"):
                lines += [f"**The claim.** {self.linkify(md_text(entry['claim']), uri)}", ""]
            if entry.get("others"):
                lines += [f"**The others.** {self.linkify(md_text(entry['others']), uri)}", ""]
            readings = entry.get("readings", ())
            if readings:
                lines += [
                    table(
                        ["reading", "variants", "parameters"],
                        (
                            [
                                self.linkify(cell(reading.get("reading", "")), uri),
                                ", ".join(self.variant_link(name, uri) for name in reading.get("variants", ())) or "*none*",
                                parameters_text(reading.get("parameters") or {}) or "*no parameter*",
                            ]
                            for reading in readings
                        ),
                    ),
                    "",
                ]
            if entry.get("resolution"):
                lines += [f"**Resolution.** {self.linkify(md_text(entry['resolution']), uri)}", ""]
        return "\n".join(lines) + "\n"

    def questions_page(self) -> str:
        uri = "registers/questions.md"
        lines = [
            "# Open questions",
            "",
            "Points on which even the best sources are unclear or divided. Each question lists its readings, with "
            "their sources and the parameter values that select them, and names the reading adopted by default.",
            "",
            table(["ID", "question", "default"], ([f"[{entry['id']}](#{entry['id']})", md_text(entry.get("question", "")), f"({entry.get('default', '')})"] for entry in self.questions)),
            "",
        ]
        for entry in self.questions:
            lines += [f"## {entry['id']}: {md_text(entry.get('question', ''))} {{ #{entry['id']} }}", ""]
            if entry.get("rules"):
                lines += ["**Rules:** " + ", ".join(self.rule_link(rule, uri) for rule in entry["rules"]), ""]
            readings = entry.get("readings", ())
            if readings:
                rows = []
                for reading in readings:
                    adopted = reading.get("id") == entry.get("default")
                    rows.append(
                        [
                            f"**({reading.get('id')})**" + (" ✔ adopted" if adopted else ""),
                            self.linkify(cell(reading.get("reading", "")), uri),
                            ", ".join(self.source_link(code, uri) for code in reading.get("sources", ())) or "*none*",
                            parameters_text(reading.get("parameters") or {}) or "*no parameter*",
                        ]
                    )
                lines += [table(["", "reading", "sources", "parameters"], rows), ""]
            if entry.get("rationale"):
                lines += [f"**Why ({entry.get('default')}).** {self.linkify(md_text(entry['rationale']), uri)}", ""]
        return "\n".join(lines) + "\n"

    # -- conformance -------------------------------------------------------------------------------

    def record_areas(self, record: Mapping[str, Any]) -> set[str]:
        return {self.rules[rule].area for rule in record.get("rules", ()) if rule in self.rules}

    def counts_by(self, report: EngineReport) -> tuple[dict[str, Counter[str]], dict[str, Counter[str]], Counter[str]]:
        by_area: dict[str, Counter[str]] = defaultdict(Counter)
        by_rule: dict[str, Counter[str]] = defaultdict(Counter)
        total: Counter[str] = Counter()
        for record in report.records:
            group = STATUS_GROUPS.get(record.get("status", ""), "fail")
            total[group] += 1
            for area in self.record_areas(record):
                by_area[area][group] += 1
            for rule in set(record.get("rules", ())):
                by_rule[rule][group] += 1
        return by_area, by_rule, total

    def counts_html(self, counts: Counter[str] | None) -> str:
        if not counts:
            return '<span class="gs-none" title="no case">·</span>'
        parts = []
        for group in ("pass", "fail", "expected-fail", "unsupported"):
            if counts.get(group):
                parts.append(
                    f'<span class="gs-count gs-{group}" title="{counts[group]} {GROUP_LABELS[group]}">{GROUP_SYMBOLS[group]}&#8239;{counts[group]}</span>'
                )
        state = "fail" if counts.get("fail") else "pass" if counts.get("pass") else "other"
        return f'<span class="gs-cell gs-cell-{state}">' + "".join(parts) + "</span>"

    def conformance_page(self) -> str:
        uri = "conformance/index.md"
        lines = ["---", "hide:", "  - toc", "---", "", "# Conformance", ""]
        legend = " ".join(f'<span class="gs-count gs-{group}">{GROUP_SYMBOLS[group]} {GROUP_LABELS[group]}</span>' for group in ("pass", "fail", "expected-fail", "unsupported"))
        how = [
            "A report is written by `ginspec check`, one JSON file per engine under `reports/`:",
            "",
            "```sh",
            "ginspec check --report reports/reference.json            # the reference engine",
            "ginspec check --engine NAME --report reports/NAME.json   # any other engine",
            "mkdocs build                                             # then rebuild this site",
            "```",
            "",
            f"See [Writing an adapter]({rel(uri, 'guide/adapter.md')}) to check an engine of your own.",
        ]
        if self.handwritten("engines.md"):
            how += ["", f"The engines themselves, and what their departures mean for players, are described in [Engines in depth]({rel(uri, 'engines.md')})."]
        if not self.reports:
            lines += [
                "No conformance report was present when this site was built, so there is nothing to show yet.",
                "",
                *how,
                "",
            ]
            return "\n".join(lines) + "\n"
        lines += [
            f"How each engine fares against the vectors and scenarios of the suite, from the {len(self.reports)} "
            f"report{'s' if len(self.reports) != 1 else ''} present when this site was built. A case counts once in every "
            "area and rule it checks. Failed includes errors, timeouts and unexpected passes; "
            "*expected to fail* is a departure the engine declares; *unsupported* is a case the engine cannot take "
            "(a kind of question or a parameter value it does not play).",
            "",
            legend,
            "",
            "## Engines",
            "",
        ]
        data = {report.slug: self.counts_by(report) for report in self.reports}
        rows = []
        for report in self.reports:
            header = report.header
            total = data[report.slug][2]
            rows.append(
                [
                    f"[{md_text(report.engine)}]({rel(uri, report.uri)}) {md_text(header.get('engine_version', ''))}",
                    str(len(report.records)),
                    self.counts_html(total),
                    md_text(str(header.get("created", "")).replace("T", " ")[:16]),
                ]
            )
        lines += [table(["engine", "cases", "results", "run"], rows), ""]
        lines += ["## By rule area", ""]
        lines += [self.matrix_html(uri, [(name, area.title, self.area_uri(name), None) for name, area in self.ordered_areas()], data, by="area"), ""]
        lines += ["## By rule", ""]
        lines += [
            self.matrix_html(uri, [(rule.id, rule.title, self.area_uri(rule.area), rule.id) for _, area in self.ordered_areas() for rule in area.rules], data, by="rule"),
            "",
            "## Producing a report",
            "",
            *how,
            "",
        ]
        return "\n".join(lines) + "\n"

    def matrix_html(self, uri: str, rows: list[tuple[str, str, str, str | None]], data: Mapping[str, Any], by: str) -> str:
        index = 0 if by == "area" else 1
        head = '<tr><th class="gs-sticky">' + by + "</th>" + "".join(
            f'<th><a href="{href(uri, report.uri)}">{html.escape(report.engine)}</a></th>' for report in self.reports
        ) + "</tr>"
        body = []
        for key, title, target, anchor in rows:
            if by == "area":
                label = f'<a href="{href(uri, target)}">{html.escape(title)}</a>'
            else:
                label = f'<a href="{href(uri, target, anchor)}" title="{html.escape(title)}"><code>{html.escape(key)}</code></a>'
            cells = []
            for report in self.reports:
                counts = data[report.slug][index].get(key)
                cells.append(f"<td>{self.counts_html(counts)}</td>")
            body.append(f'<tr><th class="gs-sticky">{label}</th>{"".join(cells)}</tr>')
        totals = "".join(f"<td>{self.counts_html(data[report.slug][2])}</td>" for report in self.reports)
        body.append(f'<tr class="gs-total"><th class="gs-sticky">all cases</th>{totals}</tr>')
        return f'<div class="gs-matrix gs-conformance-matrix" data-by="{by}"><table>{head}{"".join(body)}</table></div>'

    def engine_page(self, report: EngineReport) -> str:
        uri = report.uri
        header = report.header
        by_area, by_rule, total = self.counts_by(report)
        capabilities = header.get("capabilities") or {}
        lines = [
            f"# {md_text(report.engine)}",
            "",
            f"Report `{report.path.name}`: engine **{md_text(report.engine)}** {md_text(header.get('engine_version', ''))}, "
            f"ginspec {md_text(header.get('suite_version', ''))}, run {md_text(header.get('created', ''))}, variant: {md_text(header.get('variant', ''))}.",
            "",
            self.counts_html(total),
            "",
        ]
        facts = []
        if capabilities.get("kinds"):
            facts.append("**Answers:** " + ", ".join(f"`{kind}`" for kind in capabilities["kinds"]))
        if capabilities.get("omits"):
            facts.append("**Does not report:** " + ", ".join(f"`{name}`" for name in capabilities["omits"]))
        if facts:
            lines += ["  \n".join(facts), ""]
        restricted = capabilities.get("parameters") or {}
        if restricted:
            lines += [f'??? info "Plays {len(restricted)} parameter{"s" if len(restricted) != 1 else ""} with fixed values"', ""]
            rows = ([self.parameter_link(name, uri), ", ".join(f"`{show_value(value)}`" for value in values)] for name, values in restricted.items())
            lines += ["    " + line for line in table(["parameter", "values it plays"], rows).splitlines()]
            lines += ["", "    A case under any other value is reported as unsupported.", ""]
        footer = report.data.get("footer", {})
        statuses = [status for status in footer if status != "total"]
        lines += [table(statuses + ["total"], [[str(footer[status]) for status in statuses] + [str(footer.get("total", len(report.records)))]]), ""]
        lines += ["## By rule area", ""]
        lines += [
            table(
                ["area", "results"],
                ([f"[{md_text(area.title)}]({rel(uri, self.area_uri(name))})", self.counts_html(by_area.get(name))] for name, area in self.ordered_areas()),
            ),
            "",
        ]
        failing = [record for record in report.records if record.get("status") in FAILING]
        known = [record for record in report.records if record.get("status") == "expected-fail"]
        unsupported = [record for record in report.records if record.get("status") == "unsupported"]
        lines += [f"## Failing cases ({len(failing)}) {{ #failing }}", ""]
        if not failing:
            lines += ["None: every case the engine could take gave the expected answer.", ""]
        shown = 200
        for record in failing[:shown]:
            lines += self.record_section(record, uri)
        if len(failing) > shown:
            lines += [f"And {len(failing) - shown} more: " + ", ".join(self.case_link(record["id"], uri) for record in failing[shown:]), ""]
        if known:
            lines += [f"## Expected to fail ({len(known)}) {{ #expected-fail }}", "", "Departures the engine declares in its expectation file; they count as passed.", ""]
            for record in known[:shown]:
                lines += self.record_section(record, uri)
        if unsupported:
            lines += [f"## Unsupported ({len(unsupported)}) {{ #unsupported }}", "", "Cases the engine cannot take, by reason.", ""]
            reasons: dict[str, list[str]] = defaultdict(list)
            for record in unsupported:
                reasons[record.get("message") or "no reason given"].append(record["id"])
            for reason, ids in sorted(reasons.items(), key=lambda item: -len(item[1])):
                links = ", ".join(self.case_link(case, uri) for case in ids[:60])
                more = f" and {len(ids) - 60} more" if len(ids) > 60 else ""
                lines += [f"**{md_text(reason)}** ({len(ids)}): {links}{more}", ""]
        return "\n".join(lines) + "\n"

    def record_section(self, record: Mapping[str, Any], uri: str) -> list[str]:
        case_id = record["id"]
        anchor = "case-" + slug(case_id)
        lines = [f"#### {md_text(case_id)} {{ #{anchor} }}", ""]
        facts = [
            f'<span class="gs-status gs-result-{record.get("status")}">{record.get("status")}</span>',
            f"`{record.get('kind', '')}`",
        ]
        if record.get("variant"):
            facts.append("variant " + self.variant_link(record["variant"], uri))
        lines += [" · ".join(facts), ""]
        refs = ["**Case:** " + self.case_link(case_id, uri)]
        if record.get("rules"):
            refs.append("**Rules:** " + ", ".join(self.rule_link(rule, uri) for rule in record["rules"]))
        lines += ["  \n".join(refs), ""]
        vector = self.vector_by_id.get(case_id)
        if vector is not None:
            lines += [md_cards(vector.description), "", self.vector_body(vector), ""]
        if record.get("message"):
            lines += [f"> {md_text(record['message'])}", ""]
        if record.get("expected") is not None or record.get("observed") is not None:
            lines += [
                '<div class="gs-compare" markdown>',
                "",
                '<div markdown>',
                "",
                "**Expected**",
                "",
                "```json",
                json.dumps(record.get("expected"), indent=1, ensure_ascii=False),
                "```",
                "",
                "</div>",
                "",
                '<div markdown>',
                "",
                "**Observed**",
                "",
                "```json",
                json.dumps(record.get("observed"), indent=1, ensure_ascii=False),
                "```",
                "",
                "</div>",
                "",
                "</div>",
                "",
            ]
        return lines

    # -- scenarios and vectors ---------------------------------------------------------------------

    def scenarios_index_page(self) -> str:
        uri = "scenarios/index.md"
        total = sum(len(feature.scenarios) for feature in self.features)
        lines = [
            "# Scenarios",
            "",
            f"{total} Gherkin scenarios in {len(self.features)} feature files, written for a card player to read. "
            "Each is tagged with the rules it checks; any engine runs them through its adapter with "
            f"`ginspec check --engine NAME`. The step phrases are listed in [Scenario format]({rel(uri, 'reference/scenarios.md')}).",
            "",
            table(
                ["area", "feature", "scenarios"],
                ([f"`{feature.area}`", f"[{md_text(feature.name)}]({rel(uri, feature.uri)})", str(len(feature.scenarios))] for feature in self.features),
            ),
            "",
        ]
        return "\n".join(lines) + "\n"

    def feature_page(self, feature: FeatureFile) -> str:
        uri = feature.uri
        lines = [f"# {md_text(feature.name)}", "", f"`{feature.path}`", ""]
        if feature.description:
            lines += [self.linkify(md_text(feature.description), uri), ""]
        for scenario in feature.scenarios:
            lines += [f"## {md_text(scenario.name)} {{ #{scenario.anchor} }}", ""]
            rules = [tag for tag in scenario.tags if tag in self.rules]
            variants = [tag for tag in scenario.tags if tag in self.variants]
            others = [tag for tag in scenario.tags if tag not in self.rules and tag not in self.variants]
            facts = []
            if rules:
                facts.append("**Rules:** " + ", ".join(self.rule_link(rule, uri) for rule in rules))
            if variants:
                facts.append("**Variant:** " + ", ".join(self.variant_link(name, uri) for name in variants))
            if others:
                facts.append("**Needs:** " + ", ".join(f"`{tag}`" for tag in others))
            if facts:
                lines += ["  \n".join(facts), ""]
            lines += ["```gherkin", scenario.text, "```", ""]
        return "\n".join(lines) + "\n"

    def vectors_index_page(self) -> str:
        uri = "vectors/index.md"
        kinds = Counter(vector.kind for vector in self.vectors)
        provenance = Counter(vector.provenance for vector in self.vectors)
        lines = [
            "# Vectors",
            "",
            f"{len(self.vectors)} test vectors: explicit cards, never a random seed. "
            + ", ".join(f"{count} {PROVENANCE.get(name, name or 'unmarked')}" for name, count in provenance.items())
            + f". Their format is described in [Vector format]({rel(uri, 'reference/vectors.md')}).",
            "",
            table(
                ["file", "what it holds", "vectors", "kinds"],
                (
                    [
                        f"[{md_text(name.removeprefix('vectors/'))}]({rel(uri, self.vector_uri(vectors[0]))})",
                        md_text(self.vector_file_descriptions.get(name, "")),
                        str(len(vectors)),
                        ", ".join(f"`{kind}`" for kind in sorted({vector.kind for vector in vectors})),
                    ]
                    for name, vectors in self.vector_files.items()
                ),
            ),
            "",
            "## By kind",
            "",
            table(["kind", "vectors"], ([f"`{kind}`", str(count)] for kind, count in sorted(kinds.items()))),
            "",
        ]
        return "\n".join(lines) + "\n"

    def vector_file_page(self, name: str, vectors: list[Any]) -> str:
        uri = self.vector_uri(vectors[0])
        # The vector pages are mostly cards: left out of the search index, which stays small; a
        # vector ID is still found through the rule pages that cite it.
        lines = ["---", "search:", "  exclude: true", "---", "", f"# {md_text(name.removeprefix('vectors/'))}", "", f"`{name}`: {len(vectors)} vectors.", ""]
        description = self.vector_file_descriptions.get(name)
        if description:
            lines += [self.linkify(md_text(description), uri), ""]
        for vector in vectors:
            lines += self.vector_example(vector, uri, heading=True)
        return "\n".join(lines) + "\n"

    # -- reference ---------------------------------------------------------------------------------

    def cli_page(self) -> str:
        from ginspec.cli import build_parser

        parser = build_parser()
        lines = [
            "# Command line",
            "",
            "The `ginspec` command, installed with the package (`pip install -e .`). Every command prints its own help "
            "with `--help`; this page is that help text.",
            "",
            "## ginspec { #ginspec }",
            "",
            "```text",
            help_text(parser),
            "```",
            "",
        ]
        for path, sub in subcommands(parser):
            anchor = "-".join(path)
            lines += [f"## ginspec {' '.join(path)} {{ #{anchor} }}", "", "```text", help_text(sub), "```", ""]
        return "\n".join(lines) + "\n"

    def included_page(self, uri: str, source: str, shift: int = 0) -> str:
        text = (self.root / source).read_text(encoding="utf-8")
        note = f"\n\n*This page is the file `{source}` of the repository.*\n"
        body = self.include_text(text, uri, shift) + self.schemas_section(uri)
        first, _, rest = body.partition("\n")
        if first.startswith("# "):
            return first + note + rest + "\n"
        return f"# {REFERENCE_PAGES.get(uri, (source, source))[1]}{note}\n" + body + "\n"

    def schemas_section(self, uri: str) -> str:
        """The JSON schemas a reference page describes, each folded under its file name."""
        return self.schemas_section_for(REFERENCE_SCHEMAS.get(uri, ()))

    def schemas_section_for(self, patterns: Sequence[str]) -> str:
        paths = sorted(path for pattern in patterns for path in (self.root / "spec" / "schema").glob(pattern))
        if not paths:
            return ""
        lines = ["", "", "## Schemas { #schemas }", "", "The files the suite checks against, as they are in the repository.", ""]
        for path in paths:
            shown = path.relative_to(self.root).as_posix()
            lines += [f'??? abstract "`{shown}`"', "", "    ```json"]
            lines += ["    " + line if line else "" for line in path.read_text(encoding="utf-8").rstrip("\n").splitlines()]
            lines += ["    ```", ""]
        return "\n".join(lines)

    def include_text(self, text: str, uri: str, shift: int = 0) -> str:
        out = []
        fenced = False
        for line in text.splitlines():
            if FENCE.match(line):
                fenced = not fenced
            elif not fenced and shift and re.match(r"^#{1,5} ", line):
                line = "#" * shift + line
            out.append(line)
        return self.linkify("\n".join(out), uri)

    # -- directives in hand-written pages ------------------------------------------------------------

    DIRECTIVE = re.compile(r"^<!--[ \t]*ginspec:(\S+)(.*?)-->[ \t]*$", re.MULTILINE)

    def expand(self, markdown: str, uri: str) -> str:
        """Replace ``<!-- ginspec:NAME ARGS -->`` lines of a hand-written page with generated Markdown."""

        def replace(match: re.Match[str]) -> str:
            name, args = match.group(1), match.group(2).split()
            options = dict(arg.split("=", 1) for arg in args if "=" in arg)
            positional = [arg for arg in args if "=" not in arg]
            if name == "include":
                return self.include_text((self.root / positional[0]).read_text(encoding="utf-8"), uri, int(options.get("shift", "1")))
            if name == "stats":
                return self.stats_block(uri)
            if name == "areas":
                return self.areas_block(uri)
            if name == "learn":
                return self.learn_block(uri)
            if name == "parameters":
                return self.parameters_block(uri)
            if name == "variants":
                return self.variants_block(uri)
            if name == "conformance":
                return self.conformance_block(uri)
            if name == "schemas":
                return self.schemas_section_for(positional)
            if name == "file":
                path = positional[0]
                language = options.get("lang", {".py": "python", ".yaml": "yaml", ".json": "json"}.get(Path(path).suffix, "text"))
                text = (self.root / path).read_text(encoding="utf-8").rstrip("\n")
                return f'```{language} title="{path}"\n{text}\n```'
            if name == "example":
                vector = self.vector_by_id.get(positional[0]) if positional else None
                return "\n".join(self.vector_example(vector, uri, heading=False)) if vector else ""
            raise ValueError(f"{uri}: unknown directive ginspec:{name}")

        return self.DIRECTIVE.sub(replace, markdown)

    def stats_block(self, uri: str) -> str:
        scenarios = sum(len(feature.scenarios) for feature in self.features)
        items = [
            (str(len(self.rules)), "rules", rel(uri, "rules/index.md")),
            (str(len(self.variants)), "variants", rel(uri, "variants/index.md")),
            (str(len(self.conflicts) + len(self.questions)), "conflicts and questions", rel(uri, "registers/conflicts.md")),
            (str(len(self.vectors)), "vectors", rel(uri, "vectors/index.md")),
            (str(scenarios), "scenarios", rel(uri, "scenarios/index.md")),
            (str(len(self.reports)), "engine reports", rel(uri, "conformance/index.md")),
        ]
        body = ["<div class=\"gs-stats\" markdown>", ""]
        body += [f"[**{number}** {label}]({target})" for number, label, target in items]
        body += ["", "</div>"]
        return "\n".join(body)

    def areas_block(self, uri: str) -> str:
        return table(
            ["area", "what it covers", "rules"],
            ([f"[{md_text(area.title)}]({rel(uri, self.area_uri(name))})", md_text(area.summary), str(len(area.rules))] for name, area in self.ordered_areas()),
        )

    def variants_block(self, uri: str) -> str:
        return "\n".join(f"- {self.variant_link(name, uri)}: {md_text(variant.title)}" for name, variant in self.variants.items())

    def conformance_block(self, uri: str) -> str:
        if not self.reports:
            return f"No engine report was present when this site was built; see [Conformance]({rel(uri, 'conformance/index.md')}) for how to make one."
        rows = []
        for report in self.reports:
            total = self.counts_by(report)[2]
            rows.append([f"[{md_text(report.engine)}]({rel(uri, report.uri)})", str(len(report.records)), self.counts_html(total)])
        return table(["engine", "cases", "results"], rows)

    def parameters_block(self, uri: str) -> str:
        return table(
            ["parameter", "allowed", "standard", "meaning"],
            (
                [self.parameter_link(name, uri), allowed_values(schema).replace("|", "\\|"), f"`{show_value(self.standard.get(name))}`", self.linkify(cell(schema.get("description", "")), uri)]
                for name, schema in self.parameter_schemas.items()
            ),
        )

    def learn_block(self, uri: str) -> str:
        """The standard game told area by area from its core rules, each linked to its entry."""
        lines = []
        for name, area in self.ordered_areas():
            if name not in PLAY_ORDER:
                continue
            core = [rule for rule in area.rules if rule.status == "core"]
            if not core:
                continue
            lines += [f"## {md_text(area.title)} {{ #{name} }}", "", self.linkify(md_text(area.summary), uri), ""]
            for rule in core:
                lines.append(f"- **{md_text(rule.title)}.** {self.linkify(md_cards(rule.statement), uri)} ({self.rule_link(rule.id, uri)})")
            lines.append("")
            example = next((vector for rule in core for vector in self.rule_examples(rule.id, limit=1) if vector.kind != "round"), None)
            if example is not None:
                lines += ["For example:", ""] + self.vector_example(example, uri, heading=False)
        return "\n".join(lines)


STATUS_ORDER = ("core", "variant", "convention", "irregularity", "informative")
STATUS_MEANINGS = {
    "core": "part of the standard two-player game",
    "variant": "belongs to a variant an engine may choose to support",
    "convention": "a choice made so that a result is defined exactly",
    "irregularity": "what happens when a rule is broken or the deal goes wrong",
    "informative": "background that explains other rules",
}
PROVENANCE = {"hand": "worked by hand", "oracle": "computed by the brute-force oracle", "fuzz": "found by fuzzing"}


def _nav_pages(nav: Any) -> Iterable[str]:
    """Every page named in a navigation structure."""
    if isinstance(nav, str):
        yield nav
    elif isinstance(nav, dict):
        for value in nav.values():
            yield from _nav_pages(value)
    elif isinstance(nav, list):
        for item in nav:
            yield from _nav_pages(item)


def _page_title(path: Path) -> str:
    """A hand-written page's title: its first level-one heading, else its file name."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem.replace("-", " ").capitalize()


def mini_table(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(str(header))}</th>" for header in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(value))}</td>" for value in row) + "</tr>" for row in rows)
    return f'<table class="gs-mini"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def allowed_values(schema: Mapping[str, Any]) -> str:
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


def parameters_text(parameters: Mapping[str, Any]) -> str:
    return ", ".join(f"`{key}` = `{show_value(value)}`" for key, value in parameters.items())


def help_text(parser: argparse.ArgumentParser) -> str:
    """A parser's help, at a fixed width so the page does not depend on the terminal."""
    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "80"
    try:
        buffer = io.StringIO()
        with redirect_stdout(buffer):
            parser.print_help()
        return buffer.getvalue().rstrip()
    finally:
        if previous is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = previous


def subcommands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every subcommand parser under ``parser``, depth first, with its command path."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append((path + (name,), sub))
                found += subcommands(sub, path + (name,))
    return found
