"""A deliberately faulty JSON-lines engine, to check that the harness survives bad engines.

It behaves like the reference engine behind the protocol, except on the cases whose ID is named
in the environment variable GINSPEC_FAULTS as ``ID=FAULT,ID=FAULT``, where FAULT is one of:
crash (exit at once), hang (never answer), garbage (a line that is not JSON), shape (an answer
of the wrong shape), stderr (the answer written to standard error), wrong-id (the answer to
another case).

It declares the reference engine's capabilities: those given as JSON in the environment variable
GINSPEC_CAPABILITIES (:func:`environment` puts there the ones the starting process works out),
else those of the reference engine itself. The reference engine is imported when a first answer
is wanted, so that a process ending at a fault that needs no answer (a crash, a hang, a line that
is not JSON, an answer of the wrong shape) starts as fast as Python, as the harness restarts it
after every fault.
"""

from __future__ import annotations

import json
import os
import sys
import time
from functools import lru_cache
from typing import Any, Mapping

FAULTS = dict(item.split("=", 1) for item in os.environ.get("GINSPEC_FAULTS", "").split(",") if "=" in item)
CAPABILITIES = "GINSPEC_CAPABILITIES"
"""The environment variable holding the capabilities to declare, as JSON."""

def environment(faults: Mapping[str, str]) -> dict[str, str]:
    """The environment variables that make this engine fault on the cases of ``faults`` (case ID
    to fault) and declare the reference engine's capabilities, worked out in this process."""
    from ginspec.adapters.reference import ReferenceAdapter

    return {"GINSPEC_FAULTS": ",".join(f"{case}={fault}" for case, fault in faults.items()), CAPABILITIES: json.dumps(ReferenceAdapter().capabilities().to_json())}


def fault_on(monkeypatch: Any, faults: Mapping[str, str]) -> None:
    """With pytest's ``monkeypatch``, make this engine, started from the test, fault on the cases
    of ``faults`` (:func:`environment`) and find the project's packages."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for name, value in environment(faults).items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("PYTHONPATH", root + os.pathsep + os.environ.get("PYTHONPATH", ""))


@lru_cache(maxsize=1)
def reference() -> Any:
    """The reference engine, started on first use."""
    from ginspec.adapters.reference import ReferenceAdapter

    return ReferenceAdapter()


def capabilities() -> dict[str, Any]:
    given = os.environ.get(CAPABILITIES)
    declared = json.loads(given) if given else reference().capabilities().to_json()
    declared.pop("api_version", None)
    return {"type": "capabilities", "protocol": 1, **declared, "engine": "misbehaving"}


def answer(message: dict[str, Any]) -> Any:
    """The reference engine's answer to one ``ask`` message."""
    from ginspec.adapters.base import Question

    return reference().ask(Question(message["kind"], message["input"], message["parameters"], message["id"]))


def say(message: dict, stream=sys.stdout) -> None:
    stream.write(json.dumps(message) + "\n")
    stream.flush()


def main() -> int:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            say(capabilities())
            continue
        if message["type"] == "stop":
            return 0
        fault = FAULTS.get(message["id"])
        if fault == "crash":
            sys.stderr.write("segmentation fault (pretend)\n")
            sys.stderr.flush()
            os._exit(139)
        if fault == "hang":
            time.sleep(3600)
        if fault == "garbage":
            sys.stdout.write("deadwood is 12, I think\n")
            sys.stdout.flush()
            continue
        if fault == "shape":
            say({"type": "answer", "id": message["id"], "answer": "twelve"})
            continue
        if fault == "stderr":
            say({"type": "answer", "id": message["id"], "answer": answer(message)}, sys.stderr)
            continue
        if fault == "wrong-id":
            say({"type": "answer", "id": "someone-else", "answer": answer(message)})
            continue
        say({"type": "answer", "id": message["id"], "answer": answer(message)})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
