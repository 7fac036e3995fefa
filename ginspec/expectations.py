"""Per-engine expectation files: the known departures of an engine from the rules.

``expectations/<engine>.yaml`` lists each case (vector ID or scenario ID) on which the engine is
known to differ, why, and whether it is a deliberate rule difference or a bug:

```yaml
engine: openspiel
departures:
  - id: deadwood-0042
    kind: bug                # bug | rule-difference
    reason: Its eleven-card count drops the highest unmelded card instead of trying every discard.
```

A listed case that fails is reported ``expected-fail``; a listed case that passes is
``unexpected-pass``, which fails the run, so the lists stay true.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Iterable

import yaml

from ginspec.errors import SuiteError
from ginspec.paths import display, expectations_dir
from ginspec.runner import CaseResult
from ginspec.yamlio import load_yaml

KINDS = ("bug", "rule-difference")
FAILED = ("fail", "error", "timeout")


class InvalidExpectations(SuiteError):
    """An expectation file that is malformed."""


def expectations_path(engine: str) -> Path:
    """``expectations/ENGINE.yaml`` of the project in the current folder when it has one, else the
    suite's own (in a checkout) or the current folder's (with an installed suite)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in engine)
    in_project = Path.cwd() / "expectations" / f"{safe}.yaml"
    return in_project if in_project.exists() else expectations_dir() / f"{safe}.yaml"


def load_expectations(path: Path) -> dict[str, dict[str, Any]]:
    """The departures listed in ``path`` by case ID (empty if there is no file)."""
    if not path.exists():
        return {}
    document = load_yaml(path, InvalidExpectations) or {}
    departures: dict[str, dict[str, Any]] = {}
    for number, entry in enumerate(document.get("departures") or [], 1):
        if not isinstance(entry, dict) or "id" not in entry:
            raise InvalidExpectations(f"{display(path)}: departure #{number} needs an 'id'")
        if entry.get("kind") not in KINDS:
            raise InvalidExpectations(f"{display(path)}: {entry['id']}: kind must be one of {', '.join(KINDS)}, not {entry.get('kind')!r}")
        if not entry.get("reason"):
            raise InvalidExpectations(f"{display(path)}: {entry['id']}: a departure needs a reason")
        departures[entry["id"]] = entry
    return departures


def apply_expectations(results: Iterable[CaseResult], departures: dict[str, dict[str, Any]]) -> list[CaseResult]:
    """Turn listed failures into expected-fail and listed passes into unexpected-pass."""
    judged = []
    for result in results:
        entry = departures.get(result.id)
        if entry is None:
            judged.append(result)
        elif result.status in FAILED:
            note = f"known {entry['kind']}: {entry['reason']} ({result.message})"
            judged.append(replace(result, status="expected-fail", message=note))
        elif result.status == "pass":
            note = f"listed as a known {entry['kind']} ({entry['reason']}) but it now passes: remove it from the expectation file"
            judged.append(replace(result, status="unexpected-pass", message=note))
        else:
            judged.append(result)
    return judged


def draft_expectations(engine: str, results: Iterable[CaseResult], previous: dict[str, dict[str, Any]]) -> str:
    """A draft file listing every failing case; earlier classifications are kept."""
    departures = []
    for result in results:
        if result.status not in FAILED and result.status != "expected-fail":
            continue
        earlier = previous.get(result.id, {})
        departures.append(
            {
                "id": result.id,
                "kind": earlier.get("kind", "bug"),
                "reason": earlier.get("reason", f"to classify: {result.message[:300]}"),
                "rules": list(result.rules),
            }
        )
    header = (
        f"# Known departures of {engine} from the rules. Each entry: the case, whether it is a bug or a\n"
        "# deliberate rule difference, and why. A listed case that starts passing fails the run.\n"
    )
    return header + yaml.safe_dump({"engine": engine, "departures": departures}, sort_keys=False, allow_unicode=True, width=100)
