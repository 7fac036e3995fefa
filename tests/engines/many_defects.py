"""An engine with several distinct defects, each breaking a different rule, to show that
differential fuzzing reports every one with its own minimal case and the rule it breaks.

- deadwood: an unmelded ace counts 11 (CARD-VALUES), and runs may go round the corner, K-A-2
  (MELD-RUN-NO-WRAP);
- knock: a knock is allowed with one point more than the limit (KNOCK-LIMIT);
- layoff: the defender may not lay off onto the knocker's runs (LAYOFF-EXTEND-RUN);
- score: the undercut bonus is 20 (SCORE-UNDERCUT), the gin bonus is 20 (GIN-BONUS), and a tie
  after a knock is nobody's hand (SCORE-UNDERCUT-TIE).

The deadwood count is its own brute force, sharing no code with the suite's fuzzing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ginspec.adapters.base import Capabilities, Question
from ginspec.adapters.reference import ReferenceAdapter

RANKS = "A23456789TJQK"


def _value(card: str) -> int:
    rank = RANKS.index(card[0]) + 1
    return 11 if rank == 1 else min(rank, 10)


def _groups(cards: tuple[str, ...]) -> list[frozenset[str]]:
    groups = []
    for rank in RANKS:
        same = [card for card in cards if card[0] == rank]
        if len(same) >= 3:
            groups.append(frozenset(same))
            if len(same) == 4:
                groups += [frozenset(same) - {card} for card in same]
    for suit in "cdhs":
        for start in range(13):
            run = []
            for step in range(13):
                card = RANKS[(start + step) % 13] + suit  # round the corner: K-A-2 is a run here
                if card not in cards:
                    break
                run.append(card)
                if len(run) >= 3:
                    groups.append(frozenset(run))
    return groups


def wrong_deadwood(cards: tuple[str, ...]) -> int:
    groups = _groups(cards)

    @lru_cache(maxsize=None)
    def best(left: frozenset[str]) -> int:
        if not left:
            return 0
        first = min(left)
        answer = _value(first) + best(left - {first})
        for group in groups:
            if first in group and group <= left:
                answer = min(answer, best(left - group))
        return answer

    return best(frozenset(cards))


class ManyDefects(ReferenceAdapter):
    def capabilities(self) -> Capabilities:
        return Capabilities(
            engine="many-defects",
            version="1",
            kinds=frozenset({"deadwood", "knock", "layoff", "score"}),
            omits=frozenset({"arrangements"}),
        )

    def ask(self, question: Question) -> dict[str, Any]:
        parameters = dict(question.parameters)
        data = dict(question.input)
        if question.kind == "deadwood":
            return {"deadwood": wrong_deadwood(tuple(data["hand"].split()))}
        if question.kind == "knock":
            parameters["knock_limit"] = parameters["knock_limit"] + 1
        if question.kind == "layoff":
            data["knocker_melds"] = [meld for meld in data["knocker_melds"] if len({card[1] for card in meld.split()}) > 1]
        if question.kind == "score":
            parameters.update(undercut_bonus=20, gin_bonus=20, tie_outcome="draw")
        return super().ask(Question(question.kind, data, parameters, question.id))
