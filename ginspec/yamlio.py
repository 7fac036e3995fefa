"""Safe YAML loading with errors that name the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ginspec.errors import SuiteError
from ginspec.paths import display

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML has it (several times faster), else the pure-Python one."""


def load_yaml(path: Path, error: type[SuiteError]) -> Any:
    """Load one YAML document safely (no tags are executed); a syntax error names the file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{display(path)}: cannot be read: {exc.strerror}") from None
    try:
        return yaml.load(text, Loader=SAFE_LOADER)  # noqa: S506 - a safe loader: no tags are executed
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise error(f"{display(path)}: not valid YAML{where}: {problem}") from None
