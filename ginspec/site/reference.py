"""The reference pages: the command line (its own help text) and the specification documents of
the repository (notation, vectors, protocol...) included as they are, with their IDs linked and
their JSON schemas folded at the end."""

from __future__ import annotations

import argparse
import io
import os
import re
from contextlib import redirect_stdout
from typing import Any, Sequence

from ginspec.site.family import Builder, PageFamily
from ginspec.site.markdown import FENCE
from ginspec.site.templating import render

REFERENCE_PAGES = {
    # page: (source file in the repository, nav title)
    "reference/notation.md": ("spec/notation.md", "Card notation"),
    "reference/actions.md": ("spec/actions.md", "Action notation"),
    "reference/vectors.md": ("spec/vectors.md", "Vector format"),
    "reference/scenarios.md": ("features/README.md", "Scenario format"),
    "reference/protocol.md": ("spec/protocol.md", "Engine protocol"),
    "reference/registry.md": ("spec/rules.md", "Rule registry"),
    "reference/games.md": ("spec/games.md", "Games and sessions"),
    "reference/architecture.md": ("ARCHITECTURE.md", "Architecture of the harness"),
}
REFERENCE_SCHEMAS = {
    # page: schema files under spec/schema/ shown at its end
    "reference/vectors.md": ("vector-file.schema.json",),
    "reference/protocol.md": ("protocol/*.json",),
    "reference/registry.md": ("rules.schema.json", "sources.schema.json", "seed-map.schema.json", "conflicts.schema.json", "ambiguities.schema.json"),
}


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


class ReferencePages(PageFamily):
    def pages(self) -> dict[str, Builder]:
        pages: dict[str, Builder] = {"reference/cli.md": self.cli_page}
        for uri, (source, _title) in REFERENCE_PAGES.items():
            if (self.suite.root / source).is_file():
                pages[uri] = lambda uri=uri, source=source: self.included_page(uri, source)
        return pages

    def nav(self) -> list[Any]:
        made = self.pages()
        shown = [{title: uri} for uri, (_source, title) in REFERENCE_PAGES.items() if uri in made or self.context.handwritten(uri)]
        return [{"Command line": "reference/cli.md"}] + shown

    def cli_page(self) -> str:
        from ginspec.commands.main import build_parser

        parser = build_parser()
        commands = [(" ".join(path), "-".join(path), help_text(sub)) for path, sub in subcommands(parser)]
        return render("cli.md", main=help_text(parser), commands=commands)

    def included_page(self, uri: str, source: str) -> str:
        text = (self.suite.root / source).read_text(encoding="utf-8")
        note = f"\n\n*This page is the file `{source}` of the repository.*\n"
        body = self.include_text(text, uri) + self.schemas_section(REFERENCE_SCHEMAS.get(uri, ()))
        first, _, rest = body.partition("\n")
        if first.startswith("# "):
            return first + note + rest + "\n"
        return f"# {REFERENCE_PAGES.get(uri, (source, source))[1]}{note}\n" + body + "\n"

    def schemas_section(self, patterns: Sequence[str]) -> str:
        """JSON schemas under ``spec/schema/``, each folded under its file name."""
        folder = self.suite.root / "spec" / "schema"
        paths = sorted(path for pattern in patterns for path in folder.glob(pattern))
        if not paths:
            return ""
        schemas = [(path.relative_to(self.suite.root).as_posix(), path.read_text(encoding="utf-8").rstrip("\n").splitlines()) for path in paths]
        return render("schemas.md", schemas=schemas).rstrip("\n") + "\n"

    def include_text(self, text: str, uri: str, shift: int = 0) -> str:
        """A Markdown file of the repository, its headings shifted down ``shift`` levels (outside
        code blocks) and its IDs linked."""
        out = []
        fenced = False
        for line in text.splitlines():
            if FENCE.match(line):
                fenced = not fenced
            elif not fenced and shift and re.match(r"^#{1,5} ", line):
                line = "#" * shift + line
            out.append(line)
        return self.links.linkify("\n".join(out), uri)
