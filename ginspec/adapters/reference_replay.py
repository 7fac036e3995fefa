"""A replayed hand answered by any of the reference engine's state machines, two players
(``reference_impl.round``) or a table of three or four (``reference_impl.table_round``): every
action played in turn, a refused one ending the answer (``spec/protocol.md``)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from reference_impl.actions import parse_action
from reference_impl.round import IllegalAction

from ginspec.adapters.base import Refused, replay_round


def answer_by_replay(start: Any, apply_move: Callable[[Any, str], Any], summary: Callable[[Any], dict[str, Any]], data: Mapping[str, Any]) -> dict[str, Any]:
    """The answer to a replayed hand, for any of the reference state machines: ``apply_move``
    plays one action (or raises :class:`IllegalAction`), ``summary`` reports a state."""
    for text in data["actions"]:
        parse_action(text)  # a text that is no action makes the whole question malformed (not_an_action)
    state = start

    def play(text: str) -> None:
        nonlocal state
        try:
            state = apply_move(state, text)
        except IllegalAction as exc:
            raise Refused(exc.reason, str(exc), exc.forfeits, exc.action) from None

    def finish() -> dict[str, Any]:
        return {**state.result.to_data(), "finished": True} if state.result else {"finished": False}

    return replay_round(data["actions"], data.get("observe_after", ()), play, lambda: summary(state), finish)
