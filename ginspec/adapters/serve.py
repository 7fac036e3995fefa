"""Serve an adapter over the JSON-lines protocol (``spec/protocol.md``) on standard input/output.

``python -m ginspec.serve`` puts the reference engine behind the protocol, which makes it a
complete small example of the engine side: read one JSON object per line, answer ``start`` with
``capabilities`` and each ``ask`` with an ``answer``, exit on ``stop``.
``python -m ginspec.serve --engine module:Class`` serves any Python adapter the same way.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ginspec.adapters import Adapter, open_engine
from ginspec.adapters.base import Question

PROTOCOL_VERSION = 1


def _write(out: TextIO, message: dict[str, Any]) -> None:
    """One message, one line. Written in ASCII (any other character escaped, ``\\u00e9``): the
    same JSON value, encoded about a quarter faster than with the characters themselves, and a
    line the other side reads without looking for bytes that are not UTF-8."""
    out.write(json.dumps(message) + "\n")
    out.flush()


def serve(adapter: Adapter, source: TextIO, out: TextIO) -> int:
    for line in source:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "start":
            capabilities = adapter.capabilities().to_json()
            del capabilities["api_version"]
            _write(out, {"type": "capabilities", "protocol": PROTOCOL_VERSION, **capabilities})
        elif kind == "ask":
            question = Question(message["kind"], message["input"], message["parameters"], id=str(message["id"]))
            _write(out, {"type": "answer", "id": message["id"], "answer": adapter.ask(question)})
        elif kind == "stop":
            adapter.close()
            return 0
        else:
            sys.stderr.write(f"unknown message type {kind!r}\n")
    adapter.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ginspec.serve", description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="reference", help="the adapter to serve (default: reference)")
    args = parser.parse_args(argv)
    return serve(open_engine(args.engine), sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
