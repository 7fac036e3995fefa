"""Findings of one fuzzing search folded together when one defect explains them all.

A search (:func:`ginspec.detection.fuzz.fuzz_findings`) names the rule of each minimal case on its own, so
one defect can be filed twice: an engine whose runs go round the corner (K-A-2) also melds Q-K-A,
and the Q-K-A hand, found first, is explained as well by "an ace may be high". When the
explanation of one finding also gives the engine's answer to another finding's case, and not the
other way round, the other finding is the same defect seen again and is folded into the first:
one finding per defect (the explanation that covers more is kept, as a diagnosis prefers the
fewest defects that explain every failure)."""

from __future__ import annotations

import ast
from typing import Any, Mapping, Sequence

from ginspec.adapters.base import Adapter, Capabilities

KNOWN_DEFECT = "known defect "
DEFINITION = "definition "
PARAMETER = "parameter "


def explains(how: str, finding: Any, parameters: Mapping[str, Any], capabilities: Capabilities, reference: Adapter) -> bool:
    """Whether the explanation ``how`` (a finding's, as :func:`ginspec.detection.fuzz_rules.attribute_rule`
    writes it) gives the engine's answer to ``finding``'s case."""
    from ginspec.detection.fuzz_answers import _expected_answer, _question, _verdict

    observed = finding.observed
    if not isinstance(observed, dict):
        return False
    kind, data = finding.kind, finding.input
    if how.startswith(KNOWN_DEFECT):
        from ginspec.judging.diagnosis.dictionary import known_defects
        from ginspec.judging.diagnosis.hypotheses import ask_with

        name = how[len(KNOWN_DEFECT):]
        defect = next((defect for defect in known_defects() if defect.name == name), None)
        if defect is None:
            return False
        predicted = ask_with((defect,), _question(kind, data, parameters))
        return isinstance(predicted, dict) and not _verdict(kind, predicted, observed, capabilities.omits)
    if how.startswith(DEFINITION):
        from ginspec.detection.fuzz_rules import _deadwood_under

        definition = how[len(DEFINITION):]
        return isinstance(observed.get("deadwood"), int) and _deadwood_under(kind, data, definition, int(parameters.get("hand_size", 10))) == observed["deadwood"]
    if how.startswith(PARAMETER):
        name, _, written = how[len(PARAMETER):].partition("=")
        try:
            value = ast.literal_eval(written)
            expected = _expected_answer(kind, data, {**parameters, name: value}, reference)
        except Exception:  # noqa: BLE001 - a value that cannot be read or played explains nothing
            return False
        return expected is not None and not _verdict(kind, expected, observed, capabilities.omits)
    return False


def fold_subsumed(found: Sequence[Any], parameters: Mapping[str, Any], capabilities: Capabilities, reference: Adapter) -> list[Any]:
    """``found`` without the findings another finding's explanation covers (see the module's
    docstring); an unattributed finding neither covers nor is folded."""
    attributed = [finding for finding in found if finding.how and finding.how != "unattributed" and isinstance(finding.observed, dict)]
    folded: set[int] = set()
    for covered in attributed:
        for covering in attributed:
            if covering is covered or id(covering) in folded:
                continue
            if explains(covering.how, covered, parameters, capabilities, reference) and not explains(covered.how, covering, parameters, capabilities, reference):
                folded.add(id(covered))
                break
    return [finding for finding in found if id(finding) not in folded]
