"""Engines with several miniature defects at once, and whether the findings separate them: the
machinery of ``tests/test_findings.py`` (kept apart so that it can be run by hand on more seeds)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from ginspec.judging.diagnosis import Finding, findings_for
from ginspec.judging.diagnosis.dictionary import known_defects
from ginspec.judging.diagnosis.hypotheses import Predictions
from ginspec.adapters.miniatures import MINIATURES, CombinedAdapter, Miniature, MiniatureAdapter
from ginspec.judging.runner import Case, plan_cases, run_cases
from ginspec.suite.vectors import load_vectors

CASES_PER_RULE = 30
"""Cases run per broken rule of a combination (the first of the rule's vectors, by ID)."""

BACKGROUND = 80
"""Cases of any rule run besides, the same for every combination (a seeded sample)."""


@lru_cache(maxsize=1)
def all_cases() -> tuple[Case, ...]:
    return tuple(plan_cases(load_vectors()))


@lru_cache(maxsize=1)
def background() -> tuple[Case, ...]:
    cases = list(all_cases())
    return tuple(random.Random(7).sample(cases, BACKGROUND))


def cases_of(rule: str) -> tuple[Case, ...]:
    return tuple(sorted((case for case in all_cases() if rule in case.vector.rules), key=lambda case: case.id)[:CASES_PER_RULE])


def cases_for(miniatures: Sequence[Miniature]) -> list[Case]:
    chosen = {case.id: case for miniature in miniatures for case in cases_of(miniature.rule)}
    chosen.update((case.id, case) for case in background())
    return sorted(chosen.values(), key=lambda case: case.id)


@lru_cache(maxsize=1)
def detectable() -> tuple[str, ...]:
    """The miniatures some case of their own rule catches, alone."""
    found = []
    for name, miniature in MINIATURES.items():
        adapter = MiniatureAdapter(miniature)
        if any(result.status == "fail" for result in run_cases(adapter, adapter.capabilities(), cases_of(miniature.rule))):
            found.append(name)
    return tuple(found)


def _touched(miniature: Miniature) -> set[str]:
    """What a miniature changes: the functions it replaces and the parameters it reads wrongly."""
    from ginspec.judging.diagnosis.dictionary import KnownDefect

    targets = set(KnownDefect(miniature.name, (miniature.rule,), "", miniature).targets)
    if miniature.parameters is not None:
        probe = {"knock_limit": 10, "gin_bonus": 25, "game_target": 100, "dealer_rotation": "alternate"}
        targets |= {f"parameter {name}" for name in miniature.read_parameters(probe) if probe.get(name) != miniature.read_parameters(probe).get(name)}
        targets.add(f"parameters of {miniature.name}")
    return targets


def combinations_of(sizes: Sequence[int], count: int, seed: int) -> list[tuple[Miniature, ...]]:
    """``count`` combinations of each size, of detectable miniatures that change different parts
    of the engine (two meld searches in one engine would hide each other) and break different
    rules."""
    pool = [MINIATURES[name] for name in detectable()]
    generator = random.Random(seed)
    found = []
    for size in sizes:
        made = 0
        while made < count:
            chosen = generator.sample(pool, size)
            touched = [_touched(miniature) for miniature in chosen]
            if any(touched[i] & touched[j] for i in range(size) for j in range(i + 1, size)):
                continue
            if len({miniature.rule for miniature in chosen}) < size:
                continue
            found.append(tuple(chosen))
            made += 1
    return found


@dataclass(frozen=True)
class Separation:
    combination: tuple[str, ...]
    held_out: tuple[str, ...]
    findings: tuple[Finding, ...]
    missing: tuple[str, ...]
    first_right: bool

    @property
    def separated(self) -> bool:
        return not self.missing and self.first_right


def separate(combination: Sequence[Miniature], held_out: Sequence[str], predictions: dict[str, Predictions]) -> Separation:
    """Run the engine with every defect of ``combination`` on its cases and diagnose it with a
    dictionary lacking ``held_out``: every defect must be a finding of its own (one that names the
    defect, or whose first rule is the defect's rule; for a held-out defect, one of whose first
    three rules is), and the first finding must name a broken rule first."""
    adapter = CombinedAdapter(combination)
    capabilities = adapter.capabilities()
    results = run_cases(adapter, capabilities, cases_for(combination))
    dictionary = known_defects(leave_out=held_out)
    shared = predictions.setdefault("every known defect", Predictions(known_defects()))
    findings = findings_for(results, capabilities, None, capabilities.engine, defects=dictionary, predictions=shared)
    used: set[int] = set()
    missing = []
    for miniature in combination:
        match = next((index for index, finding in enumerate(findings) if index not in used and finding.defect == miniature.name), None)
        if match is None:
            match = next((index for index, finding in enumerate(findings) if index not in used and finding.rules[:1] == (miniature.rule,)), None)
        if match is None and miniature.name in held_out:  # found, under the rules the spectrum or a like defect names
            match = next((index for index, finding in enumerate(findings) if index not in used and miniature.rule in finding.rules[:3]), None)
        if match is None:
            missing.append(miniature.name)
        else:
            used.add(match)
    rules = {miniature.rule for miniature in combination}
    first_right = bool(findings) and findings[0].rules[0] in rules
    return Separation(tuple(m.name for m in combination), tuple(held_out), tuple(findings), tuple(missing), first_right)
