"""``ginspec registry export``: the registry as one machine-readable index, so that other tools can
link to rules: every rule with its statement, sources, parameters and the cases that check it;
every seed statement with its rules; every source; every variant parameter with its schema. The
index follows ``spec/schema/registry-index.schema.json``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from ginspec.errors import InvalidRegistry, UsageError
from ginspec.suite.paths import schema_path, spec_dir

INDEX_VERSION = 1


def build_index() -> dict[str, Any]:
    """The whole registry as plain data."""
    # imported here, not at the top: the command line's parser imports this module for its options
    from ginspec.suite.coverage import rule_coverage
    from ginspec.suite.seeds import statement_coverage
    from ginspec.suite.variants import parameter_schemas
    from ginspec.suite.yamlio import load_yaml

    coverage = rule_coverage()
    rules = [
        {
            "id": entry.rule.id,
            "area": entry.rule.area,
            "title": entry.rule.title,
            "statement": entry.rule.statement,
            "status": entry.rule.status,
            "sources": list(entry.rule.sources),
            "parameters": list(entry.rule.parameters),
            "verifiable": entry.rule.verifiable,
            "unverifiable_reason": entry.rule.unverifiable_reason,
            "address": f"rules/{entry.rule.area}/#{entry.rule.id}",
            "cases": {"vectors": list(entry.vectors), "scenarios": list(entry.scenarios)},
        }
        for entry in sorted(coverage.values(), key=lambda entry: (entry.rule.area, entry.rule.id))
    ]
    sources = load_yaml(spec_dir() / "sources.yaml", InvalidRegistry)["sources"]
    parameters = [
        {"name": name, "schema": {key: value for key, value in schema.items() if key != "description"},
         "description": schema.get("description", "")}
        for name, schema in parameter_schemas().items()
    ]
    statements = [
        {key: row[key] for key in ("id", "seed", "quote", "rules", "conflicts", "checkable", "executable")}
        | {"cases": {"vectors": row["vectors"], "scenarios": row["scenarios"]}}
        for row in statement_coverage(coverage)
    ]
    return {
        "index_version": INDEX_VERSION,
        "rules": rules,
        "statements": statements,
        "sources": [{key: source[key] for key in source if key in ("code", "title", "kind", "access", "url", "note")} for source in sources],
        "parameters": parameters,
    }


def command_registry_export(args: argparse.Namespace, out: TextIO) -> int:
    index = build_index()
    text = json.dumps(index, indent=2, ensure_ascii=False) + "\n"
    if args.out in (None, "-"):
        out.write(text)
        return 0
    from ginspec.suite.outputs import ANY_FILE, Outputs, write_output

    path = Outputs(force=args.force).claim(Path(args.out), "--out", ANY_FILE)
    write_output(path, text, "--out")
    out.write(f"{len(index['rules'])} rules, {len(index['statements'])} statements, {len(index['sources'])} sources and "
              f"{len(index['parameters'])} parameters written to {path} (schema: {schema_path('registry-index.schema.json')})\n")
    return 0


def add_registry_command(subparsers: Any) -> None:
    """Add ``registry export [--out FILE]`` to a subparsers object."""
    registry = subparsers.add_parser("registry", help="the rule registry as one machine-readable index")
    actions = registry.add_subparsers(dest="registry_command", metavar="{export}", required=True)
    export = actions.add_parser("export", help="rules, statements, sources, parameters and the cases that check each, as JSON")
    export.add_argument("--out", help="file to write (default: standard output)")
    export.add_argument("--force", action="store_true", help="replace the file if it exists")
    export.set_defaults(handler=command_registry_export)
