"""The dictionary of known defects: every miniature (:mod:`ginspec.adapters.miniatures`), and every wrong
value of a variant parameter that states one rule.

A known defect is a *model* of a fault: the reference engine with the defect in force predicts an
answer to each question, and an engine whose answer equals that prediction on a failing case is
explained by the defect (:mod:`ginspec.judging.diagnosis.hypotheses`). The miniatures are the hand-written
faults, each breaking the rule it names; a parameter read as another value than the variant's
("the gin bonus is always 20") breaks the parameter's own rule (its description in
``spec/schema/variant.schema.json`` names it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping

from ginspec.adapters.miniatures.defects import CardValues, Miniature, Replace, setting

PARAMETER_PREFIX = "parameter:"
"""Names of parameter defects: ``parameter:NAME=VALUE``."""


@dataclass(frozen=True)
class KnownDefect:
    """One modelled fault: its name, the rules it breaks (most likely first), a title in a card
    player's words, and the miniature that puts it in force."""

    name: str
    rules: tuple[str, ...]
    title: str
    miniature: Miniature
    parameter: str | None = None
    """For a parameter defect, the parameter it reads wrongly."""

    @property
    def targets(self) -> frozenset[str]:
        """The rule functions of the reference engine the defect replaces (``module:name``)."""
        found = set()
        for patch in self.miniature.patches:
            if isinstance(patch, Replace):
                found.add(patch.target)
            elif isinstance(patch, CardValues):
                found.add(CARD_VALUES)
        return frozenset(found)

    def touches(self, parameters: Mapping[str, Any], depends_on: Iterable[str] | None, called: frozenset[str] | None) -> bool:
        """Whether the defect could change the answer to a question asked under ``parameters``,
        whose answer depends on ``depends_on`` (None: unknown) and whose answer called the rule
        functions ``called`` (None: unknown). A defect that changes no parameter the answer
        depends on and replaces no function the answer used cannot change it."""
        changed = set()
        if self.miniature.parameters is not None:
            changed = {name for name, value in self.miniature.read_parameters(parameters).items() if parameters.get(name, _ABSENT) != value}
        if changed and (depends_on is None or changed & set(depends_on)):
            return True
        if not self.miniature.patches:
            return False
        targets = self.targets
        return called is None or CARD_VALUES in targets or bool(targets & called)


CARD_VALUES = "card values"
"""The pseudo-target of a defect in the values of the cards: every count uses them."""

_ABSENT = object()


def _parameter_title(name: str, value: Any) -> str:
    shown = {True: "on", False: "off", None: "unset"}.get(value, value) if isinstance(value, (bool, type(None))) else value
    return f"The {name.replace('_', ' ')} is always played as {shown}, whatever the variant says."


@lru_cache(maxsize=1)
def alternative_values(name: str, current: Any) -> list[Any]:
    """The other values of a parameter tried as a wrong reading of it: the other switch, the other
    choices, and for numbers the nearby and customary values its schema allows."""
    from ginspec.suite.variants import parameter_schemas

    schema = parameter_schemas()[name]
    if schema.get("type") == "boolean":
        return [not current]
    if "enum" in schema:
        return [value for value in schema["enum"] if value != current]
    if schema.get("type") == "integer":
        low, high = schema.get("minimum", 0), schema.get("maximum", 1000)
        near = {current - 5, current - 1, current + 1, current + 5, 0, 10, 20, 25, 50}
        return sorted(value for value in near if low <= value <= high and value != current)
    return []


def parameter_defects() -> tuple[KnownDefect, ...]:
    """A wrong value of every parameter that states one rule: each value its schema allows (a
    choice or a switch), and for numbers the nearby and customary values. Its rules are the
    parameter's own, then every other rule that reads the parameter (a knock limit of 10 in
    straight gin breaks STRAIGHT-NO-KNOCK as well as KNOCK-LIMIT)."""
    from ginspec.judging.blame import parameter_rules
    from ginspec.suite.variants import parameter_schemas

    schemas = parameter_schemas()
    readers = _readers()
    found = []
    for name, rule in sorted(parameter_rules().items()):
        schema = schemas.get(name, {})
        if schema.get("type") == "boolean":
            values: list[Any] = [True, False]
        elif "enum" in schema:
            values = list(schema["enum"])
        elif schema.get("type") == "integer":
            values = sorted(set(alternative_values(name, 10)) | set(alternative_values(name, 25)))
        else:
            continue
        rules = (rule, *(other for other in readers.get(name, ()) if other != rule))
        for value in values:
            miniature = Miniature(f"{PARAMETER_PREFIX}{name}={value}", rule, "games", _parameter_title(name, value), parameters=setting(**{name: value}))
            found.append(KnownDefect(miniature.name, rules, miniature.summary, miniature, parameter=name))
    return tuple(found)


def _readers() -> dict[str, list[str]]:
    """For each parameter, the registered rules that read it (their ``parameters``)."""
    from ginspec.suite.registry import rules_by_id

    readers: dict[str, list[str]] = {}
    for rule_id, rule in rules_by_id().items():
        for name in getattr(rule, "parameters", None) or ():
            readers.setdefault(name, []).append(rule_id)
    return readers


def miniature_defects(names: Iterable[str] | None = None) -> tuple[KnownDefect, ...]:
    """The miniatures as known defects (all, or those named)."""
    from ginspec.adapters.miniatures import MINIATURES

    chosen = MINIATURES if names is None else {name: MINIATURES[name] for name in names}
    return tuple(KnownDefect(miniature.name, (miniature.rule,), miniature.summary, miniature) for miniature in chosen.values())


def known_defects(leave_out: Iterable[str] = ()) -> tuple[KnownDefect, ...]:
    """The whole dictionary, but for the defects named in ``leave_out`` (a miniature's name, or a
    parameter defect's ``parameter:NAME=VALUE``)."""
    left_out = set(leave_out)
    return tuple(defect for defect in (*miniature_defects(), *parameter_defects()) if defect.name not in left_out)
