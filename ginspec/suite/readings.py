"""Readings: how an engine answers the questions the rules leave open (``spec/ambiguities.yaml``).

Each open question has readings ``a``, ``b``, …, one of them the specification's default. An
engine declares the readings it plays where they are not the default, in its capabilities
(``"readings": {"Q27": "b"}``; :attr:`ginspec.adapters.base.Capabilities.readings`):

- a reading that a variant parameter selects (its ``parameters`` in the register, say Q6 ``c``,
  ``tie_outcome: draw``) limits those parameters to those values, exactly as if the engine had
  declared them in ``parameters``: a case whose answer depends on another value is unsupported,
  and under a home variant it is derived for the values the engine plays;
- a reading that no parameter selects: every case records the open questions its answer depends
  on (``open_questions`` in the vector files, :mod:`ginspec.judging.open_questions`); such a case is asked
  of an engine that declares another reading than the default only when the suite can work out the
  answer under that reading (the reference engine plays it: :data:`reference_impl.rules.READINGS`,
  :func:`played_readings`), derived for it and confirmed by the oracle, and is otherwise
  unsupported, with the reason. It is never failed for a choice the rules leave open.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Mapping

from ginspec.errors import UnknownEngine, quote


@lru_cache(maxsize=1)
def questions() -> dict[str, dict[str, Any]]:
    """The open questions of ``spec/ambiguities.yaml`` by ID."""
    from ginspec.suite.registers import load_registers

    return {entry["id"]: entry for entry in load_registers().questions}


def default_reading(question: str) -> str:
    return str(questions()[question]["default"])


def reading_of(question: str, reading: str) -> Mapping[str, Any]:
    """The register's entry for one reading of one question."""
    return next(entry for entry in questions()[question]["readings"] if entry["id"] == reading)


def check_readings(engine: str, readings: Mapping[str, Any]) -> None:
    """Refuse, in one line, a declared reading of a question that does not exist or a reading the
    question does not have."""
    known = questions()
    for question, reading in readings.items():
        if question not in known:
            raise UnknownEngine(f"{engine} declares a reading of {quote(question)}, which is no open question of spec/ambiguities.yaml")
        ids = [entry["id"] for entry in known[question]["readings"]]
        if reading not in ids:
            raise UnknownEngine(f"{engine} declares the reading {quote(reading)} of {question}, which has the readings {', '.join(ids)}")


def reading_limits(readings: Mapping[str, str]) -> dict[str, tuple[Any, ...]]:
    """The parameter values the declared readings select (a reading with ``parameters``)."""
    limits: dict[str, tuple[Any, ...]] = {}
    for question, reading in sorted(readings.items()):
        if question not in questions():
            continue
        for name, value in (reading_of(question, reading).get("parameters") or {}).items():
            limits[name] = (value,)
    return limits


def unparameterised(question: str) -> bool:
    """Whether no variant parameter selects among the question's readings (each reading is then
    declared as a reading, and the cases that depend on it record it)."""
    return not any(entry.get("parameters") for entry in questions()[question]["readings"])


def played_readings(readings: Mapping[str, str], open_questions: Iterable[str]) -> dict[str, str] | None:
    """The declared readings other than the default of the questions among ``open_questions`` that
    no parameter selects, when the reference engine plays every one of them
    (:data:`reference_impl.rules.READINGS`): a case that depends on them is derived under them.
    ``None`` when one of them is not played (the case is then unsupported); empty when the case
    turns on no such reading."""
    from reference_impl.rules import READINGS

    played: dict[str, str] = {}
    for question in open_questions:
        declared = readings.get(question)
        if declared is None or declared == default_reading(question) or reading_of(question, declared).get("parameters"):
            continue
        if declared not in READINGS.get(question, ()):
            return None
        played[question] = declared
    return played


def reference_played(readings: Mapping[str, str]) -> dict[str, str]:
    """Of the declared ``readings``, those other than the default of a question no parameter
    selects that the reference engine plays (:data:`reference_impl.rules.READINGS`): the readings
    a path that plays hands move by move (a campaign, a replay) plays on the rules' side, so that
    an engine declaring them is judged on every hand instead of having the hands that turn on them
    declined."""
    from reference_impl.rules import READINGS

    known = questions()
    return {
        question: reading
        for question, reading in sorted(readings.items())
        if question in known and reading != default_reading(question) and not reading_of(question, reading).get("parameters") and reading in READINGS.get(question, ())
    }


def rules_parameters(parameters: Mapping[str, Any], played: Mapping[str, str]) -> dict[str, Any]:
    """``parameters`` as the reference engine plays them under the readings ``played``
    (:func:`reference_played`): with ``readings`` when there are any, else unchanged."""
    return {**parameters, "readings": dict(played)} if played else dict(parameters)


def reading_unsupported(engine: str, readings: Mapping[str, str], open_questions: Iterable[str]) -> str | None:
    """Why a case whose answer depends on ``open_questions`` cannot be judged for an engine that
    declares ``readings``, or ``None``: the suite works out answers under the default reading of a
    question no parameter selects, so a case that depends on another reading of it is unsupported."""
    for question in open_questions:
        declared = readings.get(question)
        if declared is None or declared == default_reading(question):
            continue
        if reading_of(question, declared).get("parameters"):
            continue  # selected by parameters: the parameter limits decide
        return (
            f"its answer depends on open question {question}, which {engine} reads as {declared!r}; "
            f"the reference engine plays reading {default_reading(question)!r} of it only, so the suite cannot work out the answer"
        )
    return None
