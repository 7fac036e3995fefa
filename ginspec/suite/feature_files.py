"""The Gherkin feature files (``features/<area>/*.feature``) read for display and traceability:
each scenario with its own text (its tags, steps and examples), its anchor and its tags (the
feature's and its ``Rule:``'s tags included). Parsing is pytest-bdd's, the parser the scenarios
run with; what it makes of a text is remembered between runs (:mod:`ginspec.suite.parsed_cache`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ginspec.suite import parsed_cache
from ginspec.suite.anchors import slug
from ginspec.suite.paths import suite_root


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
        """Its page on the documentation site."""
        return f"scenarios/{self.area}/{self.stem}.md"


@dataclass(frozen=True)
class _ParsedText:
    """What a feature file's text says, whatever the file's name: read once per text."""

    name: str
    description: str
    tags: tuple[str, ...]
    scenarios: tuple[tuple[str, str, tuple[str, ...], str], ...]  # name, anchor, tags, text


_PARSED: dict[str, _ParsedText] = {}
"""The texts parsed in this process (the site, the coverage, the registry and the traceability
all read the same features; a copy of the suite elsewhere has the same texts)."""
_PARSED_LIMIT = 1024


def parse_feature(path: Path, root: Path) -> FeatureFile:
    """A feature file with each scenario's own text (its tags, steps and examples)."""
    text = path.read_text(encoding="utf-8")
    parsed = _PARSED.get(text) or _recalled(text)
    if parsed is None:
        parsed = _parse_text(path, text)
        if path.read_text(encoding="utf-8") == text:  # the file did not change while it was parsed
            _remember(text, parsed)
            if len(_PARSED) >= _PARSED_LIMIT:
                _PARSED.clear()
            _PARSED[text] = parsed
    return FeatureFile(
        path=path.relative_to(root).as_posix(),
        area=path.parent.name,
        stem=path.stem,
        name=parsed.name,
        description=parsed.description,
        tags=list(parsed.tags),
        text=text,
        scenarios=[FeatureScenario(name=name, anchor=anchor, tags=list(tags), text=block) for name, anchor, tags, block in parsed.scenarios],
    )


@lru_cache(maxsize=None)
def _parser_version() -> str:
    from importlib.metadata import version

    return version("pytest-bdd")


def _memory_key(text: str) -> str:
    return parsed_cache.digest(f"feature file, pytest-bdd {_parser_version()}\0{text}".encode())


def _recalled(text: str) -> _ParsedText | None:
    """What an earlier run parsed of the same text with the same parser (:mod:`ginspec.suite.parsed_cache`:
    plain data under the digest of the text), or None."""
    remembered = parsed_cache.recall(_memory_key(text))
    try:
        name, description, tags, scenarios = remembered
        return _ParsedText(name, description, tuple(tags), tuple((title, anchor, tuple(marks), block) for title, anchor, marks, block in scenarios))
    except (TypeError, ValueError):
        return None


def _remember(text: str, parsed: _ParsedText) -> None:
    scenarios = [[title, anchor, list(marks), block] for title, anchor, marks, block in parsed.scenarios]
    parsed_cache.remember(_memory_key(text), [parsed.name, parsed.description, list(parsed.tags), scenarios])


def _parse_text(path: Path, text: str) -> _ParsedText:
    from pytest_bdd.parser import FeatureParser

    feature = FeatureParser(str(path.parent), path.name).parse()
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
    scenarios: list[tuple[str, str, tuple[str, ...], str]] = []
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
        scenarios.append((scenario.name, anchor, tuple(sorted(set(scenario.tags) | set(feature.tags) | rule_tags)), "\n".join(line[indent:] for line in block)))
    return _ParsedText(name=feature.name, description=feature.description or "", tags=tuple(sorted(feature.tags)), scenarios=tuple(scenarios))


def load_feature_files(root: Path | None = None) -> list[FeatureFile]:
    """Every feature file under ``root/features``, in path order."""
    base = root or suite_root()
    return [parse_feature(path, base) for path in sorted((base / "features").rglob("*.feature"))]
