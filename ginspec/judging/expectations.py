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

from ginspec.errors import InvalidExpectations, quote
from ginspec.suite.paths import display, expectations_dir
from ginspec.judging.runner import CaseResult
from ginspec.suite.yamlio import load_yaml

__all__ = ["InvalidExpectations", "apply_expectations", "draft_expectations", "expectations_path", "load_expectations"]

KINDS = ("bug", "rule-difference")
FAILED = ("fail", "error", "timeout")


def expectations_path(engine: str) -> Path:
    """The default expectation file of the engine the user named with ``--engine`` (never the name
    the engine gives itself, so an engine cannot pick whose expectations it is judged by):
    ``expectations/ENGINE.yaml`` of the project in the current folder when it has one, else the
    suite's own (in a checkout) or the current folder's (with an installed suite)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in engine)
    in_project = Path.cwd() / "expectations" / f"{safe}.yaml"
    return in_project if in_project.exists() else expectations_dir() / f"{safe}.yaml"


def load_expectations(path: Path) -> dict[str, dict[str, Any]]:
    """The departures listed in ``path`` by case ID (empty if there is no file). Every problem is
    one :class:`InvalidExpectations` naming the file, the entry and the key."""
    if not path.exists():
        return {}
    shown = display(path)
    document = load_yaml(path, InvalidExpectations)
    if document is None:
        return {}
    if not isinstance(document, dict):
        raise InvalidExpectations(f"{shown}: the file is a mapping with 'engine' and 'departures', not {type(document).__name__}")
    unknown = sorted(set(document) - {"engine", "departures"}, key=str)
    if unknown:
        raise InvalidExpectations(f"{shown}: unknown key {quote(unknown[0])} (keys: engine, departures)")
    entries = document.get("departures")
    if entries is None:
        entries = []
    if not isinstance(entries, list):
        raise InvalidExpectations(f"{shown}: departures: a list of entries, not {type(entries).__name__} {quote(entries)}")
    departures: dict[str, dict[str, Any]] = {}
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or "id" not in entry:
            raise InvalidExpectations(f"{shown}: departure #{number} needs an 'id'")
        case = entry["id"]
        if not isinstance(case, str) or not case:
            raise InvalidExpectations(f"{shown}: departure #{number}: id: a case ID (text), not {quote(case)}")
        extra = sorted(set(entry) - {"id", "kind", "reason", "rules"}, key=str)
        if extra:
            raise InvalidExpectations(f"{shown}: {quote(case)}: unknown key {quote(extra[0])} (keys: id, kind, reason, rules)")
        if entry.get("kind") not in KINDS:
            raise InvalidExpectations(f"{shown}: {quote(case)}: kind must be one of {', '.join(KINDS)}, not {quote(entry.get('kind'))}")
        if not isinstance(entry.get("reason"), str) or not entry["reason"].strip():
            raise InvalidExpectations(f"{shown}: {quote(case)}: a departure needs a reason (text)")
        rules = entry.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(rule, str) for rule in rules):
            raise InvalidExpectations(f"{shown}: {quote(case)}: rules: a list of rule IDs, not {quote(rules)}")
        if case in departures:
            raise InvalidExpectations(f"{shown}: {quote(case)}: listed twice")
        departures[case] = entry
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
