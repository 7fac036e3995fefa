"""The engine of a campaign, started once per process and asked its capabilities, for two-player
hands (:mod:`ginspec.detection.campaign.worker`) and for games and table hands
(:mod:`ginspec.detection.campaign.units`) alike."""

from __future__ import annotations

from typing import Any

from ginspec.adapters.base import Adapter, Question
from ginspec.errors import UsageError


def open_engine_for(plan: Any) -> tuple[Adapter, frozenset[str]]:
    """The engine, started and asked its capabilities; refused in one line if it does not play
    a whole hand (``round``) under the campaign's rules."""
    from ginspec.adapters import open_engine
    from ginspec.adapters.guard import open_guarded

    adapter = open_guarded(plan.engine, plan.timeout, open_engine)
    try:
        capabilities = adapter.capabilities()
        kind = "table_round" if plan.parameters["table_format"] == "one_table" else "round"
        reason = capabilities.unsupported_reason(Question(kind, {}, plan.parameters, "campaign"))
    except BaseException:
        adapter.close()
        raise
    if reason:
        adapter.close()
        raise UsageError(f"--engine {plan.engine!r}: cannot be asked whole hands under variant {plan.variant!r}: {reason}")
    return adapter, capabilities.omits
