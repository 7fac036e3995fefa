"""Findings on engines whose defects nobody modelled (``tests/unmodelled_defects.py``: none is a
miniature or in the dictionary of known defects): the failures are grouped by how the engine
departs (ginspec/judging/diagnosis/departures.py, hands.py, unexplained.py), so that each defect
is one finding, named at its first departure, whatever rules its cases are tagged with."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from ginspec.adapters.miniatures import CombinedAdapter, Miniature
from ginspec.judging.diagnosis import findings_for
from ginspec.judging.diagnosis.hypotheses import Predictions
from ginspec.judging.diagnosis.dictionary import known_defects
from ginspec.judging.diagnosis.unexplained import case_departure
from ginspec.judging.runner import run_cases
from tests.multi_defect import cases_for
from tests.unmodelled_defects import UNMODELLED

SIZES = (2, 3, 4, 5)
PER_SIZE = 6
SEED = 42


def _run(defects: Sequence[Miniature], cases: Sequence) -> list:
    adapter = CombinedAdapter(defects)
    return run_cases(adapter, adapter.capabilities(), cases)


@lru_cache(maxsize=None)
def _failing_alone(name: str) -> frozenset[str]:
    """The cases the engine with this one defect fails, among every case the combinations ask."""
    every = cases_for(list(UNMODELLED.values()))
    return frozenset(result.id for result in _run([UNMODELLED[name]], every) if result.status in ("fail", "error", "timeout"))


def _separated(names: tuple[str, ...], predictions: Predictions) -> tuple[bool, list]:
    """Whether every defect of the combination is exactly one finding and the first finding names
    a broken rule first. A finding is the defect's whose engine, alone, fails most of its cases
    (more than half); at most one finding may be nobody's (cases only defects together fail)."""
    defects = [UNMODELLED[name] for name in names]
    adapter = CombinedAdapter(defects)
    results = run_cases(adapter, adapter.capabilities(), cases_for(defects))
    findings = findings_for(results, adapter.capabilities(), None, adapter.capabilities().engine, predictions=predictions)
    own = {name: _failing_alone(name) for name in names}
    owners = []
    for finding in findings:
        share = {name: sum(case in own[name] for case in finding.cases) for name in names}
        best = max(names, key=lambda name: share[name])
        owners.append(best if 2 * share[best] > len(finding.cases) else None)
    exactly_one = all(owners.count(name) == 1 for name in names) and owners.count(None) <= 1
    broken = {defect.rule for defect in defects}
    first_right = bool(findings) and findings[0].rules[0] in broken
    return exactly_one and first_right, [(owner, finding.count, finding.rules[:2], finding.title[:90]) for owner, finding in zip(owners, findings)]


def test_engines_with_defects_nobody_modelled_get_one_finding_per_defect() -> None:
    """Two to five defects at once, in seeded combinations: in at least 90 % of them every defect
    is exactly one finding (at most one more holds cases only defects together fail)
    and the first finding names a rule the engine breaks."""
    generator = random.Random(SEED)
    pool = sorted(UNMODELLED)
    combinations = set()
    for size in SIZES:
        while sum(len(combination) == size for combination in combinations) < PER_SIZE:
            chosen = generator.sample(pool, size)
            if {"knock-scoring-crash", "undercut-bonus-only"} <= set(chosen):
                continue  # both replace the same function: the crash would hide the other
            combinations.add(tuple(sorted(chosen)))
    predictions = Predictions(known_defects())
    outcomes = {combination: _separated(combination, predictions) for combination in sorted(combinations)}
    failed = {combination: shown for combination, (separated, shown) in outcomes.items() if not separated}
    assert len(outcomes) - len(failed) >= 0.9 * len(outcomes), failed


def test_each_defect_alone_is_one_finding_named_at_its_departure() -> None:
    """Each defect alone: one finding (the meld search that reuses a card also crashes the
    scoring of a knock it melds wrongly: a second finding, titled with the error), not explained
    by any known defect, whose first rule is the rule it breaks."""
    for name, defect in UNMODELLED.items():
        results = _run([defect], cases_for([defect]))
        findings = findings_for(results, CombinedAdapter([defect]).capabilities(), None, name)
        assert findings, name
        main = findings[0]
        assert not main.explained and main.rules[0] == defect.rule, (name, [(finding.rules, finding.title) for finding in findings])
        assert len(findings) == 1 or name == "meld-search-reuses-a-card" and findings[1].title.startswith("The engine fails with"), (name, [f.title for f in findings])


def test_titles_say_what_the_engine_did_at_the_first_departure() -> None:
    titles = {}
    for name in ("upcard-forced-after-passes", "knock-scoring-crash", "gin-on-nothing-scores-nothing", "stock-counts-the-upcard", "undercut-bonus-only"):
        defect = UNMODELLED[name]
        results = _run([defect], cases_for([defect]))
        titles[name] = findings_for(results, CombinedAdapter([defect]).capabilities(), None, name)[0]
    forced = titles["upcard-forced-after-passes"]
    assert forced.title.startswith("In the first turn, after both players pass the upcard, the engine never allows a draw from the stock")
    assert forced.departure and forced.departure in forced.title.replace(f" ({forced.count} failing cases)", ".")
    crash = titles["knock-scoring-crash"]
    assert crash.title.startswith("The engine fails with AttributeError: 'NoneType' object has no attribute 'value'")
    assert "the points lower than the rules: none at all" in titles["gin-on-nothing-scores-nothing"].title
    assert "the cards left in the stock higher" in titles["stock-counts-the-upcard"].title
    assert "less by the difference of the defender's deadwood and the knocker's deadwood" in titles["undercut-bonus-only"].title


def test_an_error_is_grouped_by_its_masked_message_and_frame() -> None:
    """The same crash on different hands is one signature; another error, or the same error
    raised in another function, is another."""
    def record(message: str) -> dict:
        return {"id": "x", "status": "error", "message": message, "kind": "score"}

    first = case_departure(record("Traceback (most recent call last):\n  File \"engine.py\", line 40, in score_knock\nAttributeError: 'Hand' has no card 7h at 12"))
    second = case_departure(record("Traceback (most recent call last):\n  File \"engine.py\", line 41, in score_knock\nAttributeError: 'Hand' has no card Kd at 3"))
    other_frame = case_departure(record("Traceback (most recent call last):\n  File \"engine.py\", line 90, in lay_off\nAttributeError: 'Hand' has no card Kd at 3"))
    java = case_departure(record("Exception in thread \"main\" java.lang.NullPointerException: card 7h\n\tat gin.Scorer.knock(Scorer.java:88)"))
    assert first.key == second.key and first.key != other_frame.key != java.key
    assert first.what == "fails with AttributeError: 'Hand' has no card CARD at N (in score_knock)"
    assert java.what == "fails with java.lang.NullPointerException: card CARD (in gin.Scorer.knock)"
    rust = case_departure(record("thread 'main' panicked at src/score.rs:10:5:\nattempt to subtract with overflow"))
    assert rust.what == "fails with panicked at src/score.rs:N:N: attempt to subtract with overflow (in score.rs)"
    go = record("the engine closed its output (exit status 2): panic: runtime error: index out of range [5] with length 3\n\ngoroutine 1 [running]:\nmain.score()")
    assert case_departure(go).what == "fails with error: index out of range [N] with length N"
    assert case_departure({"id": "y", "status": "timeout", "message": "no answer in 10 s"}).key == case_departure({"status": "timeout", "message": "no answer in 30 s"}).key


def test_a_move_allowed_and_a_move_refused_at_the_same_point_share_one_signature() -> None:
    """A hand whose checkpoint lists the wrong moves, one in which the engine refuses the move the
    rules allow there and one in which it accepts the move they forbid depart the same way (cards
    and seats abstracted): in the draw after both players passed."""
    deal = {"dealer": "p2", "hands": {"p1": "", "p2": ""}}
    listed = {"kind": "round", "status": "fail", "input": {"deal": deal, "actions": ["p1 pass", "p2 pass", "p1 draw stock"]},
              "expected": {"checkpoints": [{"after": 2, "to_play": "p1", "phase": "first_turn", "legal": ["p1 draw stock"], "stock": 31}]},
              "observed": {"checkpoints": {"2": {"to_play": "p1", "phase": "first_turn", "legal": ["p1 draw discard"], "stock": 31}}, "illegal": {"index": 2}}}
    refused = {"kind": "round", "status": "fail", "input": {"deal": dict(deal, dealer="p1"), "actions": ["p2 pass", "p1 pass", "p2 draw stock", "p2 discard 7h"]},
               "expected": {"checkpoints": [{"after": 2, "to_play": "p2", "phase": "first_turn", "legal": ["p2 draw stock"], "stock": 31}]},
               "observed": {"illegal": {"index": 2, "reason": "upcard_closed"}}}
    allowed = {"kind": "round", "status": "fail", "input": {"deal": deal, "actions": ["p1 pass", "p2 pass", "p1 draw discard"]},
               "expected": {"illegal": {"index": 2, "reason": "upcard_closed"}, "checkpoints": [{"after": 2, "phase": "first_turn", "legal": ["p1 draw stock"]}]},
               "observed": {"finished": False, "checkpoints": {}}}
    first, second, third = case_departure(listed), case_departure(refused), case_departure(allowed)
    assert first.key == second.key == third.key == ("hand", "first_turn:all", "moves", "draw")
    assert third.what == "allows taking the discard, which the rules forbid (upcard_closed)"
    assert first.where == "in the first turn, after both players pass the upcard"


def _refused_after_passes(number: int, dealer: str = "p2") -> dict:
    first = "p1" if dealer == "p2" else "p2"
    return {"id": f"round-{number}", "kind": "round", "status": "fail", "rules": ["FIRST-UPCARD-OFFER"],
            "input": {"deal": {"dealer": dealer, "hands": {"p1": "", "p2": ""}}, "actions": [f"{first} pass", f"{dealer} pass", f"{first} draw stock"]},
            "expected": {"checkpoints": [{"after": 2, "to_play": first, "phase": "first_turn", "legal": [f"{first} draw stock"], "stock": 31}]},
            "observed": {"illegal": {"index": 2, "reason": "upcard_closed"}}}


def test_a_mechanism_is_named_only_when_no_passing_hand_contradicts_it() -> None:
    """Three hands refuse the draw from the stock after both players pass: "never allows" is the
    hypothesis. A passing hand whose engine allowed that draw there contradicts it, and the title
    then says only what the failing hands did."""
    from ginspec.judging.diagnosis.unexplained import group_unexplained

    failing = [(_refused_after_passes(number, dealer), None) for number, dealer in ((1, "p1"), (2, "p2"), (3, "p2"))]
    (confirmed,) = group_unexplained(failing, [])
    assert confirmed.title == "In the first turn, after both players pass the upcard, the engine never allows a draw from the stock, which the rules allow there (3 failing cases)"
    passing = dict(_refused_after_passes(4), status="pass", observed={})
    (plain,) = group_unexplained(failing, [passing])
    assert plain.title == "In the first turn, after both players pass the upcard, with the non-dealer to play, the engine refuses a draw from the stock, which the rules allow (3 failing cases)"
    assert confirmed.rules[0] == plain.rules[0] == "FIRST-UPCARD-OFFER"
    (too_few,) = group_unexplained(failing[:2], [])
    assert "never" not in too_few.title


def test_a_scenario_that_reads_a_field_whole_and_in_part_departs_at_its_first_hand() -> None:
    """A scenario's steps may read ``totals`` and ``totals.1``: its answers are nested again
    without one path overwriting the other, and it departs where the game does."""
    from types import SimpleNamespace

    from ginspec.adapters.base import Question

    posed = SimpleNamespace(paths=("totals", "totals.1"), question=Question("game", {}, {}),
                            expected={"totals": [[0, 20], [40, 20]], "totals.1": [40, 20]}, reported={"totals": [[0, 20], [25, 20]], "totals.1": [25, 20]})
    record = {"id": "scenario-x", "kind": "scenario", "status": "fail", "input": {"hands": [{"outcome": "knock"}, {"outcome": "gin"}]}}
    departure = case_departure(record, posed)
    assert departure.key[:3] == ("game", "after a hand that ends in gin", "totals")


def test_a_single_question_departs_at_the_first_field_the_rules_work_out() -> None:
    """A knock allowed or refused follows from the deadwood: a wrong count is the departure; a
    right count with a wrong verdict departs in the verdict. Lay-offs come before the count they
    leave, and a count is named by its direction, never by its numbers."""
    def knock(legal: bool, deadwood: int) -> dict:
        return {"kind": "knock", "status": "fail", "expected": {"legal": True, "deadwood": 10, "gin": False}, "observed": {"legal": legal, "deadwood": deadwood, "gin": False}}

    assert case_departure(knock(False, 12)).key == case_departure(knock(False, 14)).key == ("answer", "", "deadwood", "higher")
    assert case_departure(knock(False, 10)).key == ("answer", "", "legal", "no-for-yes")
    layoff = {"kind": "layoff", "status": "fail", "input": {"knocker_melds": ["5h 6h 7h"]},
              "expected": {"deadwood": 20, "layoffs": "4h 8h"}, "observed": {"deadwood": 24, "layoffs": "8h"}}
    departure = case_departure(layoff)
    assert departure.key == ("answer", "", "layoffs", "fewer") and ("onto", "onto a run") in departure.details


def test_a_hand_departing_otherwise_at_a_confirmed_point_stays_with_the_mechanism() -> None:
    """One hand where the engine took the upcard after both passed, beside three where it refused
    the draw from the stock: one finding (the same departure), named by the confirmed mechanism
    and counting the hand that departs otherwise."""
    from ginspec.judging.diagnosis.unexplained import group_unexplained

    failing = [(_refused_after_passes(number), None) for number in (1, 2, 3)]
    taken = {"id": "round-9", "kind": "round", "status": "fail", "rules": ["FIRST-UPCARD-OFFER"],
             "input": {"deal": {"dealer": "p2", "hands": {"p1": "", "p2": ""}}, "actions": ["p1 pass", "p2 pass", "p1 draw discard"]},
             "expected": {"illegal": {"index": 2, "reason": "upcard_closed"}, "checkpoints": [{"after": 2, "phase": "first_turn", "legal": ["p1 draw stock"]}]},
             "observed": {"finished": False, "checkpoints": {}}}
    (group,) = group_unexplained([*failing, (taken, None)], [])
    assert group.title.endswith("never allows a draw from the stock, which the rules allow there; 1 more hand departs at the same point otherwise (4 failing cases)")


def test_a_count_with_the_rules_melds_blames_the_card_values_and_one_with_other_melds_the_search() -> None:
    """The engine's own melds tell a count made with wrong card values (the rules' melds, a higher
    count) from a meld search that departs (other melds), whatever rules the cases are tagged with."""
    from ginspec.judging.diagnosis.unexplained import group_unexplained

    def deadwood(observed_melds: list, count: int, number: int) -> dict:
        return {"id": f"deadwood-{number}", "kind": "deadwood", "status": "fail", "rules": ["DEADWOOD-COUNT"],
                "expected": {"deadwood": 11, "arrangements": [["Ac 2c 3c", "7d 7h 7s"]]}, "observed": {"deadwood": count, "arrangements": [observed_melds]}}

    values = [(deadwood(["Ac 2c 3c", "7d 7h 7s"], 21, number), None) for number in (1, 2)]
    search = [(deadwood(["7d 7h 7s"], 17, number), None) for number in (3, 4)]
    (by_values,) = group_unexplained(values, [])
    (by_search,) = group_unexplained(search, [])
    assert by_values.rules[0] == "CARD-VALUES" and by_values.title.startswith("With the melds the rules form, the engine counts the deadwood higher")
    assert by_values.title.endswith(": more by 10 (2 failing cases)")
    assert by_search.rules[0] == "DEADWOOD-COUNT" and by_search.title.startswith("With other melds, the engine counts the deadwood higher")


def test_the_defenders_count_names_the_rules_of_the_outcome_it_was_counted_in() -> None:
    """Against gin the defender may not lay off (GIN-NO-LAYOFF): a count below the rules' there
    names that rule; after a knock, the lay-off rules."""
    from ginspec.judging.diagnosis.unexplained import group_unexplained

    def score(outcome: str, number: int) -> dict:
        return {"id": f"scoring-{number}", "kind": "score", "status": "fail", "rules": ["SCORE-HAND-OUTCOMES"],
                "expected": {"outcome": outcome, "winner": "knocker", "points": 40, "knocker_deadwood": 0, "defender_deadwood": 15},
                "observed": {"outcome": outcome, "winner": "knocker", "points": 40, "knocker_deadwood": 0, "defender_deadwood": 9}}

    (gin,) = group_unexplained([(score("gin", 1), None), (score("gin", 2), None)], [])
    (knock,) = group_unexplained([(score("knock", 3), None), (score("knock", 4), None)], [])
    assert gin.rules[0] == "GIN-NO-LAYOFF" and gin.title.startswith("When the hand ends in gin, the engine gives the defender's deadwood lower")
    assert knock.rules[0] == "LAYOFF-EXTEND-RUN"


def test_the_situation_of_a_points_departure_is_said_once() -> None:
    from ginspec.judging.diagnosis.unexplained import group_unexplained

    def score(number: int) -> dict:
        return {"id": f"scoring-{number}", "kind": "score", "status": "fail", "rules": ["SCORE-KNOCK-WIN"],
                "expected": {"outcome": "knock", "winner": "knocker", "points": 20}, "observed": {"outcome": "knock", "winner": "knocker", "points": 10}}

    (group,) = group_unexplained([(score(1), None), (score(2), None)], [])
    assert group.title == "When the hand ends in knock, the engine gives the points lower than the rules: half the rules' value (2 failing cases)"
    assert group.rules[0] == "SCORE-KNOCK-WIN"
