"""Running vectors through an adapter and collecting one result per vector."""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ginspec.adapters.base import ROUND_KINDS, Adapter, Capabilities, Question
from ginspec.adapters.jsonl import EngineFault, EngineTimeout
from ginspec.judge import judge, judge_round
from ginspec.vectors import Vector

STATUSES = ("pass", "fail", "error", "timeout", "unsupported", "expected-fail", "unexpected-pass")
FAILING = ("fail", "error", "timeout", "unexpected-pass")


@dataclass(frozen=True)
class CaseResult:
    """The outcome of one vector against one engine."""

    id: str
    area: str
    rules: tuple[str, ...]
    kind: str
    variant: str
    status: str
    expected: Any
    observed: Any
    message: str
    seconds: float
    input: Any = field(default=None)


def question_for(vector: Vector) -> Question:
    """The question sent to the engine: the input and parameters, never the expected answer.

    For a round, the engine is also told after which action counts the suite will look at the
    state (the checkpoint positions, not their contents)."""
    data = dict(vector.input)
    if vector.kind in ROUND_KINDS:
        data["observe_after"] = sorted({point["after"] for point in vector.expected.get("checkpoints", ())})
    return Question(kind=vector.kind, input=data, parameters=vector.parameters, id=vector.id)


def run_vector(adapter: Adapter, capabilities: Capabilities, vector: Vector) -> CaseResult:
    """Ask the engine one vector's question and judge the answer. Never raises for engine faults."""
    question = question_for(vector)

    def result(status: str, observed: Any, message: str, seconds: float) -> CaseResult:
        return CaseResult(
            id=vector.id,
            area=vector.area,
            rules=vector.rules,
            kind=vector.kind,
            variant=vector.variant,
            status=status,
            expected=vector.expected,
            observed=observed,
            message=message,
            seconds=round(seconds, 6),
            input=dict(vector.input),
        )

    reason = capabilities.unsupported_reason(question)
    if reason is not None:
        return result("unsupported", None, reason, 0.0)
    started = time.perf_counter()
    try:
        observed = adapter.ask(question)
    except EngineTimeout as exc:
        return result("timeout", None, str(exc), time.perf_counter() - started)
    except EngineFault as exc:
        return result("error", None, str(exc), time.perf_counter() - started)
    except Exception as exc:  # an engine fault is a result, not a crash of the suite
        last = traceback.extract_tb(exc.__traceback__)[-1:]
        where = f" at {last[0].filename}:{last[0].lineno}" if last else ""
        return result("error", None, f"{type(exc).__name__}: {exc}{where}", time.perf_counter() - started)
    seconds = time.perf_counter() - started
    expected_fields = set(vector.expected) - {"error"}
    if expected_fields and expected_fields <= capabilities.omits:
        return result("unsupported", observed, f"{capabilities.engine} does not report {', '.join(sorted(expected_fields))}", seconds)
    if vector.kind in ROUND_KINDS:
        verdict = judge_round(vector.expected, observed, capabilities.omits)
    else:
        verdict = judge(vector.expected, observed, capabilities.omits)
    return result("pass" if verdict.passed else "fail", observed, "; ".join(verdict.mismatches), seconds)


def run_vectors(
    adapter: Adapter,
    vectors: Iterable[Vector],
    progress: Callable[[CaseResult], None] | None = None,
) -> tuple[Capabilities, list[CaseResult]]:
    capabilities = adapter.capabilities()
    results = []
    for vector in vectors:
        case = run_vector(adapter, capabilities, vector)
        results.append(case)
        if progress is not None:
            progress(case)
    return capabilities, results
