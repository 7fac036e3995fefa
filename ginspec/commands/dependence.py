"""``ginspec dependence``: work out what every case's answer depends on, and record it.

For each vector the dependence (:mod:`ginspec.judging.dependence`) is recorded in its file as
``depends_on``, in the file's own YAML style (block, flow or JSON), placed after the vector's
``kind`` when it is new; the rest of the file, and every vector whose dependence did not change,
is left as it was written (:mod:`ginspec.suite.vector_rewrite`). For the scenarios it is recorded in
``features/depends-on.yaml`` (:mod:`ginspec.bdd.scenario_dependence`). ``--check`` only compares and
exits 1 on any difference, including a vector whose ``open_questions`` differ from those its rules
turn on (:mod:`ginspec.judging.open_questions`; that field is written by hand).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, TextIO

from ginspec.errors import InvalidVector
from ginspec.suite.paths import display

if TYPE_CHECKING:
    from ginspec.suite.vectors import Vector

def compute_vector_dependence(vectors: list[Vector]) -> dict[str, tuple[str, ...]]:
    """The dependence of every vector, worked out from the rules (not read from the files)."""
    from ginspec.judging.dependence import Probe, dependence
    from ginspec.judging.runner import question_for
    from ginspec.suite.variants import load_variants

    variants = {name: variant.parameters for name, variant in load_variants().items()}
    found: dict[str, tuple[str, ...]] = {}
    for vector in vectors:
        question = question_for(vector)
        found[vector.id] = dependence(Probe(vector.kind, question.input, vector.expected), vector.parameters, variants)
    return found


def _flow(names: tuple[str, ...]) -> str:
    return "[" + ", ".join(names) + "]"


def rewrite_file(text: str, dependence: Mapping[str, tuple[str, ...]], where: str) -> str:
    """``text`` of a vector file with each listed vector's ``depends_on`` set, in the file's own
    style (:func:`ginspec.suite.vector_rewrite.rewrite_dependence`)."""
    from ginspec.suite.vector_rewrite import rewrite_dependence

    return rewrite_dependence(text, dependence, where)


def command_dependence(args: argparse.Namespace, out: TextIO) -> int:
    from ginspec.suite.vectors import load_vectors
    from ginspec.suite.yamlio import read_text

    vectors = load_vectors()
    computed = compute_vector_dependence(vectors)
    stale = [vector for vector in vectors if vector.depends_on != computed[vector.id]]
    from ginspec.bdd.scenario_dependence import (
        compute_scenario_dependence,
        read_scenario_entries,
        write_scenario_dependence,
    )

    scenarios = compute_scenario_dependence()
    recorded = read_scenario_entries()
    stale_scenarios = sorted(name for name in set(scenarios) | set(recorded) if scenarios.get(name) != recorded.get(name))
    from ginspec.judging.open_questions import vector_open_questions

    questions = {vector.id: vector_open_questions(vector) for vector in vectors}
    for vector in [vector for vector in vectors if vector.open_questions != questions[vector.id]][:50]:
        out.write(f"{vector.file}: {vector.id}: open_questions is {_flow(vector.open_questions)}, the rules give {_flow(questions[vector.id])}\n")
    stale_questions = any(vector.open_questions != questions[vector.id] for vector in vectors)
    if args.check:
        for vector in stale[:50]:
            out.write(f"{vector.file}: {vector.id}: depends_on is {_flow(vector.depends_on or ())}, the rules give {_flow(computed[vector.id])}\n")
        for name in stale_scenarios[:50]:
            out.write(f"features/depends-on.yaml: {name}: recorded {recorded.get(name)}, the rules give {scenarios.get(name)}\n")
        out.write(f"{len(stale)} vector(s) and {len(stale_scenarios)} scenario(s) out of date\n")
        return 1 if stale or stale_scenarios or stale_questions else 0
    files = sorted({vector.file for vector in stale})
    by_file: dict[str, dict[str, tuple[str, ...]]] = {}
    for vector in stale:  # only the vectors whose dependence changed are touched
        by_file.setdefault(vector.file, {})[vector.id] = computed[vector.id]
    from ginspec.suite.outputs import write_output
    from ginspec.suite.paths import suite_root

    rewritten = {}
    for shown in files:  # every file is rewritten in memory first: one that cannot be is refused before any is written
        path = Path(shown) if Path(shown).is_absolute() else suite_root() / shown
        rewritten[path] = rewrite_file(read_text(path, InvalidVector), by_file[shown], display(path))
    for path, text in rewritten.items():
        write_output(path, text, display(path))
    if stale_scenarios:
        write_scenario_dependence(scenarios)
    out.write(f"depends_on written for {len(stale)} vector(s) in {len(files)} file(s) and {len(stale_scenarios)} scenario(s)\n")
    return 0


def add_dependence_command(commands: Any) -> None:
    parser = commands.add_parser("dependence", help="work out and record what each case's answer depends on")
    parser.add_argument("--check", action="store_true", help="only compare with what is recorded; exit 1 on a difference")
    parser.set_defaults(handler=command_dependence)
