"""The answers a scenario's steps accept where the rules leave a player a choice that changes the
answer (:mod:`ginspec.judging.admissible`: the knocker's spread, two refusal reasons that both
apply). The steps hold the values of one answer, the reference engine's; an engine that gives,
at every field the steps read, another answer the rules admit (confirmed by the oracle where it
works the field out) is judged on the reference engine's answer instead, which the steps pass by
construction, as a derived expectation is."""

from __future__ import annotations

from typing import Any, Sequence

from ginspec.adapters.base import Question


def may_choose(question: Question, answer: Any, knocker_spread: str) -> bool:
    """A cheap first look: whether the engine's answer may be another admitted one (a refusal as
    ``wrong_phase``, or a knock whose spread is not given with a choice of spreads)."""
    from ginspec.judging.admissible import spread_questions

    refused = answer.get("illegal") if isinstance(answer, dict) and isinstance(answer.get("illegal"), dict) else {}
    return refused.get("reason") == "wrong_phase" or bool(spread_questions(question, knocker_spread == "best"))


def present(answer: Any, path: str) -> bool:
    from ginspec.judging.dependence import ABSENT, value_at

    return value_at(answer, path) is not ABSENT


def same_at(paths: Sequence[str], want: Any, got: Any) -> bool:
    """Whether two answers agree at every one of ``paths``, each compared as its field's kind."""
    from ginspec.judging.dependence import ABSENT, value_at
    from ginspec.judging.judge import same_field

    for path in paths:
        left, right = value_at(want, path), value_at(got, path)
        if left is ABSENT or right is ABSENT:
            if left is not right:
                return False
        elif not same_field(path.rsplit(".", 1)[-1], left, right):
            return False
    return True


def reference_if_admitted(question: Question, paths: Sequence[str], answer: Any, knocker_spread: str) -> dict[str, Any] | None:
    """The reference engine's answer to ``question`` when ``answer`` departs from it at ``paths``
    but gives another answer the rules admit there; ``None`` otherwise (the answer is judged as it
    is: the same as the reference's, or one the rules do not admit)."""
    from ginspec.judging.admissible import admissible_answers

    try:
        admitted = admissible_answers(question, knocker_spread)
    except Exception:  # noqa: BLE001 - the rules cannot pose it: no other answer
        return None
    own = admitted[0][0]
    if same_at(paths, own, answer):
        return None
    for other, oracle in admitted[1:]:
        if same_at(paths, other, answer) and (oracle is None or same_at([path for path in paths if present(oracle, path)], other, oracle)):
            return own
    return None
