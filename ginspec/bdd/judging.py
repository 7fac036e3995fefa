"""A scenario judges every step it can: a ``Then`` step that reads a field the engine declared it
omits (capability ``omits``) is left unjudged and the scenario goes on to its next step, so that a
wrong answer in a later step (the points, the knocker, the deadwood) is still caught. Only a
scenario none of whose steps could be judged is *unsupported*, as a whole, as a vector is when
every field it asserts is omitted.

The ``then`` of this module registers a step with pytest-bdd as ``pytest_bdd.then`` does, wrapped
so that a :class:`NotReported` from it is counted as an unjudged step; this module is loaded as a
pytest plugin wherever the scenarios run, and makes the verdict of the whole scenario after its
last step (:func:`pytest_runtest_call`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

import pytest
import pytest_bdd

Step = TypeVar("Step", bound=Callable[..., Any])


class NotReported(pytest.skip.Exception):  # type: ignore[misc,name-defined]
    """A step that cannot be judged: the engine declared it does not report what the step reads.
    Raised outside a ``Then`` step it makes the whole scenario unsupported, as a skip does."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"unsupported: {reason}")
        self.reason = reason


@dataclass
class Verdicts:
    """How many ``Then`` steps of one scenario were judged, and why the others were not."""

    judged: int = 0
    unjudged: list[str] = field(default_factory=list)

    def unjudged_text(self) -> str:
        """The reasons the unjudged steps give, each once, in order (``the engine does not report
        'layoffs'``)."""
        return "; ".join(dict.fromkeys(self.unjudged))


def verdicts_of(item: pytest.Item) -> Verdicts:
    """The step verdicts of a scenario's test item, made when first asked for."""
    found = getattr(item, "ginspec_verdicts", None)
    if found is None:
        found = Verdicts()
        item.ginspec_verdicts = found  # type: ignore[attr-defined]
    return found


def then(name: Any, converters: dict[str, Callable[[str], object]] | None = None, target_fixture: str | None = None, stacklevel: int = 1) -> Callable[[Step], Step]:
    """``pytest_bdd.then``, its step counted as judged when it returns or fails, and as unjudged
    when it raises :class:`NotReported`. The function itself is returned unchanged."""
    register = pytest_bdd.then(name, converters=converters, target_fixture=target_fixture, stacklevel=stacklevel + 1)

    def decorator(function: Step) -> Step:
        @functools.wraps(function)
        def judging(*args: Any, **kwargs: Any) -> Any:
            table = kwargs.get("table")
            node = getattr(table, "node", None)
            verdicts = verdicts_of(node) if node is not None else Verdicts()
            try:
                value = function(*args, **kwargs)
            except NotReported as unjudged:
                verdicts.unjudged.append(unjudged.reason)
                return None
            except BaseException:
                verdicts.judged += 1
                raise
            verdicts.judged += 1
            return value

        register(judging)
        return function

    return decorator


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """After a scenario's last step: unsupported as a whole when it judged no step and left some
    unjudged; otherwise its verdict stands, with the unjudged steps named in its record."""
    outcome = yield
    verdicts = getattr(item, "ginspec_verdicts", None)
    if verdicts is not None and verdicts.unjudged and not verdicts.judged:
        raise pytest.skip.Exception(f"unsupported: {verdicts.unjudged_text()}")
    return outcome


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    """Keep the scenario on its test item, its steps as written (examples filled in)."""
    request.node.ginspec_scenario = scenario


REFUSED_QUESTION = re.compile(r"the question is refused as (?P<reason>[a-z_]+)")
"""The ``Then`` step that expects the engine to refuse the question (:mod:`ginspec.bdd.steps`)."""


def expected_refusal(item: Any) -> str | None:
    """The reason code with which the scenario of ``item`` expects its question to be refused, or
    ``None`` when it expects an answer. A scenario that expects a refusal is asked only of an
    engine that declares it (capability ``refuses``), as the vectors of ``vectors/malformed/``."""
    scenario = getattr(item, "ginspec_scenario", None)
    for step in getattr(scenario, "steps", ()):
        found = REFUSED_QUESTION.fullmatch(step.name.strip()) if step.type == "then" else None
        if found is not None:
            return found.group("reason")
    return None


def refusal_unsupported(item: Any, capabilities: Any, kind: str) -> str | None:
    """Why the engine cannot be asked the ``kind`` question of a scenario that expects it to be
    refused, as for a vector that expects a refusal (capability ``refuses``): then it is not
    asked at all. ``None`` when it can be asked."""
    code = expected_refusal(item)
    return None if code is None else capabilities.refusal_unsupported(kind, code)
