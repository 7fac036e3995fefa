"""Adapters: the engines the suite can run, by name (layer 3 of ARCHITECTURE.md).

``--engine NAME`` takes a registered name (``reference``), ``exec:COMMAND`` for a program in any
language speaking the JSON-lines protocol (``spec/protocol.md``), ``miniature:NAME`` for one of the
deliberately wrong engines of :mod:`ginspec.adapters.miniatures`, or ``module:Class`` for an adapter
class importable from anywhere (a subclass of :class:`ginspec.adapters.base.Adapter` taking no
arguments).

Here too: the judging profile of an engine and a run, checked once when the engine starts
(``profile``), the protocol's side of an answer (``answers``, ``capability_shape``), the guard that
stops a hanging or crashing engine (``guard``), serving an adapter over the protocol (``serve``,
also ``python -m ginspec.serve``), and the example engines of ``ginspec new-engine`` (``kits/``).

May import: ``errors``, ``suite`` (and ``reference_impl``); nothing that judges or runs cases.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Callable

from ginspec.adapters.base import ADAPTER_API_VERSION, Adapter, Capabilities, Question
from ginspec.errors import UnknownEngine


def _reference() -> Adapter:
    from ginspec.adapters.reference import ReferenceAdapter

    return ReferenceAdapter()


def _openspiel() -> Adapter:
    try:
        from ginspec.adapters.openspiel import OpenSpielAdapter
    except ImportError as exc:
        raise UnknownEngine(f"engine 'openspiel' needs OpenSpiel: pip install -e \".[openspiel]\" ({exc})") from None
    return OpenSpielAdapter()


def _rlcard() -> Adapter:
    try:
        from ginspec.adapters.rlcard import RLCardAdapter
    except ImportError as exc:
        raise UnknownEngine(f"engine 'rlcard' needs RLCard: pip install -e \".[rlcard]\" ({exc})") from None
    return RLCardAdapter()


ENGINES: dict[str, Callable[[], Adapter]] = {"reference": _reference, "openspiel": _openspiel, "rlcard": _rlcard}


def open_engine(name: str, timeout: float | None = None) -> Adapter:
    """Start the adapter called ``name``; ``exec:COMMAND`` runs a program over JSON lines."""
    if name.startswith("exec:"):
        from ginspec.adapters.jsonl import JsonLinesAdapter

        return JsonLinesAdapter(name[len("exec:") :], timeout)
    if name in ENGINES:
        return ENGINES[name]()
    if name.startswith("miniature:"):
        from ginspec.adapters.miniatures import open_miniature

        return open_miniature(name)
    if ":" in name:
        module_name, _, class_name = name.partition(":")
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())  # adapters in the current project, as pytest finds them
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise UnknownEngine(f"engine {name!r}: cannot import {module_name!r}: {exc}") from None
        adapter_class = getattr(module, class_name, None)
        if not (isinstance(adapter_class, type) and issubclass(adapter_class, Adapter)):
            raise UnknownEngine(f"engine {name!r}: {class_name!r} is not an Adapter class in {module_name!r}")
        return adapter_class()
    raise UnknownEngine(f"unknown engine {name!r} (known: {', '.join(sorted(ENGINES))}, or module:Class)")


__all__ = ["ADAPTER_API_VERSION", "Adapter", "Capabilities", "ENGINES", "Question", "open_engine"]
