"""In-process adapters that misbehave in every way a Python adapter can, to prove that each ends in
a per-case verdict or a one-line error (``tests/test_fault_battery.py``)."""

from __future__ import annotations

import sys
import threading
from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter

_NEVER = threading.Event()


class _Deadwood(ReferenceAdapter):
    name = "faulty"

    def capabilities(self) -> Capabilities:
        return Capabilities(engine=self.name, version="1", kinds=frozenset({"deadwood", "round", "knock"}), omits=frozenset({"arrangements"}))


class ExitsInAsk(_Deadwood):
    def ask(self, question: Question) -> dict[str, Any]:
        sys.exit(0)


class RaisesInConstructor(_Deadwood):
    def __init__(self) -> None:
        raise RuntimeError("no licence key")


class RaisesInCapabilities(_Deadwood):
    def capabilities(self) -> Capabilities:
        raise KeyError("kinds")


class RaisesInClose(_Deadwood):
    def close(self) -> None:
        raise OSError("cannot free the engine")


class ExitsInConstructor(_Deadwood):
    def __init__(self) -> None:
        sys.exit(3)


class AnswersNone(_Deadwood):
    def ask(self, question: Question) -> Any:
        return None


class AnswersNaN(_Deadwood):
    def ask(self, question: Question) -> dict[str, Any]:
        return {"deadwood": float("nan")}


class AnswersASet(_Deadwood):
    def ask(self, question: Question) -> dict[str, Any]:
        return {"deadwood": {1, 2}}


class Hangs(_Deadwood):
    """Never answers the first two questions it gets, answers the rest."""

    asked = 0

    def ask(self, question: Question) -> dict[str, Any]:
        Hangs.asked += 1
        if Hangs.asked <= 2:
            _NEVER.wait(20)
        return super().ask(question)


class MutatesInput(_Deadwood):
    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)
        question.input["hand"] = "Zz"  # type: ignore[index]
        return answer


class CallsItselfReference(_Deadwood):
    name = "reference"


class WrongInnerTypes(_Deadwood):
    """Round answers of the right outer shape with the wrong types inside."""

    def ask(self, question: Question) -> dict[str, Any]:
        if question.kind == "round":
            return {"finished": True, "outcome": "knock", "checkpoints": {"0": {"legal": [1, 2], "to_play": "p1"}}, "illegal": ["x"]}
        return {"deadwood": "twelve", "legal": [1, 2]}


class ReportsNoState(_Deadwood):
    """Answers a replayed hand with its result but no state at all."""

    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)
        if question.kind == "round":
            return {key: value for key, value in answer.items() if key != "checkpoints"}
        return answer


class EmptyStates(_Deadwood):
    """Reports a state after every move, but with nothing in it."""

    def ask(self, question: Question) -> dict[str, Any]:
        answer = super().ask(question)
        if question.kind == "round":
            answer["checkpoints"] = {key: {} for key in answer.get("checkpoints", {})}
        return answer


class RaisesInAsk(_Deadwood):
    def ask(self, question: Question) -> dict[str, Any]:
        raise ZeroDivisionError("division by zero in the meld search")


class BareParameterValue(_Deadwood):
    """Declares the one value it plays of a parameter bare, where a tuple of values is expected."""

    def capabilities(self) -> Capabilities:
        return Capabilities(engine=self.name, version="1", kinds=frozenset({"deadwood", "knock"}), parameters={"knock_limit": 10})  # type: ignore[dict-item]


class BareKind(_Deadwood):
    """Declares its one kind of question as a bare string, which Python would read letter by letter."""

    def capabilities(self) -> Capabilities:
        return Capabilities(engine=self.name, version="1", kinds="deadwood")  # type: ignore[arg-type]


class HomeVariantUnknown(_Deadwood):
    """Names a home variant that no file of the suite defines."""

    def capabilities(self) -> Capabilities:
        return Capabilities(engine=self.name, version="1", kinds=frozenset({"deadwood"}), home_variant="nowhere")


class BlocksInAsk(_Deadwood):
    """Answers its first question, then on the second writes the file named by GINSPEC_ASKED
    (so a test knows it is inside ``ask``) and blocks for a minute."""

    asked = 0

    def ask(self, question: Question) -> dict[str, Any]:
        import os

        BlocksInAsk.asked += 1
        if BlocksInAsk.asked == 1:
            return super().ask(question)
        with open(os.environ["GINSPEC_ASKED"], "w", encoding="utf-8") as marker:
            marker.write(question.id or "")
        _NEVER.wait(60)
        return super().ask(question)


class FailsInWorkers(ReferenceAdapter):
    """Starts in the command's own process, never in a worker process of ``fuzz --jobs``."""

    def __init__(self) -> None:
        import multiprocessing

        if multiprocessing.parent_process() is not None:
            raise RuntimeError("no licence for a second process")
        super().__init__()
