"""A deliberately faulty JSON-lines engine, to check that the harness survives bad engines.

It behaves like the reference engine behind the protocol, except on the cases whose ID is named
in the environment variable GINSPEC_FAULTS as ``ID=FAULT,ID=FAULT``, where FAULT is one of:
crash (exit at once), hang (never answer), garbage (a line that is not JSON), shape (an answer
of the wrong shape), stderr (the answer written to standard error), wrong-id (the answer to
another case).
"""

from __future__ import annotations

import json
import os
import sys
import time

from ginspec.adapters.base import Question
from ginspec.adapters.reference import ReferenceAdapter

FAULTS = dict(item.split("=", 1) for item in os.environ.get("GINSPEC_FAULTS", "").split(",") if "=" in item)


def say(message: dict, stream=sys.stdout) -> None:
    stream.write(json.dumps(message) + "\n")
    stream.flush()


def main() -> int:
    engine = ReferenceAdapter()
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            capabilities = engine.capabilities().to_json()
            del capabilities["api_version"]
            say({"type": "capabilities", "protocol": 1, **capabilities, "engine": "misbehaving"})
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
        answer = engine.ask(Question(message["kind"], message["input"], message["parameters"], message["id"]))
        if fault == "shape":
            say({"type": "answer", "id": message["id"], "answer": "twelve"})
            continue
        if fault == "stderr":
            say({"type": "answer", "id": message["id"], "answer": answer}, sys.stderr)
            continue
        if fault == "wrong-id":
            say({"type": "answer", "id": "someone-else", "answer": answer})
            continue
        say({"type": "answer", "id": message["id"], "answer": answer})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
