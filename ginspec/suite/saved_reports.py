"""Conformance reports saved by ``ginspec check`` (the :func:`ginspec.judging.report.build_report` format),
read back from a folder for the site."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ginspec.suite.anchors import slug


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
        """Its page on the documentation site."""
        return f"conformance/{self.slug}.md"


def is_report(data: Any) -> bool:
    return (
        isinstance(data, dict)
        and isinstance(data.get("header"), dict)
        and isinstance(data.get("records"), list)
        and isinstance(data.get("footer"), dict)
    )


def load_reports(folder: Path) -> list[EngineReport]:
    """Every conformance report in ``folder``, the reference engine's first; other JSON files
    (``coverage.json``, a broken file) are skipped."""
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
