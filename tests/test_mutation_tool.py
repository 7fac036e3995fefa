"""The mutation tool itself: its operators, the identity of a mutant, installing a mutant in a live
function, and counting equivalent mutants (``ginspec/detection/mutation/``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ginspec.adapters import open_engine
from ginspec.detection.mutation.install import installed, live_functions, remember_memos
from ginspec.detection.mutation.operators import SourceLines, list_mutants, module_path, mutated_tree
from ginspec.detection.mutation.pool import Outcome
from ginspec.detection.mutation.scores import (
    InvalidEquivalents,
    load_equivalents,
    module_scores,
    stale_equivalents,
    survivors,
)
from ginspec.judging.runner import FAILING, plan_case, run_case
from ginspec.suite.vectors import load_vectors

SOURCE = '''"""A module."""

LIMIT = 10


def judge(a, b):
    """Docstrings are not mutated."""
    if a < b and not False:
        return a + 1
    total = b
    return f"{a}" if total else None


class Box:
    def size(self):
        return 3
'''


def _by(mutants, operator):
    return [(m.original, m.mutated) for m in mutants if m.operator == operator]


def test_every_operator_finds_its_sites_in_function_bodies_and_top_level_code():
    mutants = list_mutants("example", SOURCE)
    assert _by(mutants, "cmp-negate") == [("a < b", "a >= b")]
    assert _by(mutants, "cmp-boundary") == [("a < b", "a <= b")]
    assert _by(mutants, "and-or") == [("a < b and not False", "a < b or not False")]
    assert _by(mutants, "not-drop") == [("not False", "False")]
    assert _by(mutants, "bool-flip") == [("False", "True")]
    assert _by(mutants, "add-sub") == [("a + 1", "a - 1")]
    assert ("1", "2") in _by(mutants, "int-plus") and ("3", "2") in _by(mutants, "int-minus")
    assert ("total = b", "pass") in _by(mutants, "stmt-delete")
    assert ("return a + 1", "return None") in _by(mutants, "return-none")
    # the docstring and the f-string are left alone; the module-level constant is top-level code
    assert not [m for m in mutants if m.line == 7]
    assert [(m.function, m.operator) for m in mutants if m.line == 3] == [("<module>", "int-plus"), ("<module>", "int-minus")]
    assert [m.operator for m in mutants if "{a}" in m.original] == ["return-none"]
    assert {m.function for m in mutants} == {"judge", "Box.size", "<module>"}


def test_a_sites_text_is_its_source_segment_whatever_the_line_endings() -> None:
    """The source of every node, read from lines split once, is what ``ast.get_source_segment``
    reads: lines end at CRLF, CR or LF (not at a form feed), and columns count UTF-8 bytes."""
    sources = [
        SOURCE,
        "x = 1\r\ny = 'é' + \\\n  'ü'\rz = (1,\n\x0c 2)\n\x0cw = [\n  'ß',\n]",
        "def f():\n    return 'naïve' if a else b  # ü\n\n\x0c\ndef g(): pass",
        module_path("reference_impl.layoff").read_text(encoding="utf-8"),
    ]
    for source in sources:
        lines = SourceLines(source)
        nodes = list(ast.walk(ast.parse(source)))
        for node in nodes[:: max(1, len(nodes) // 60)]:  # each read of ast's splits the whole source again
            assert lines.segment(node) == ast.get_source_segment(source, node), ast.dump(node)[:200]


def test_a_mutated_tree_changes_exactly_one_site():
    mutants = list_mutants("example", SOURCE)
    negate = next(m for m in mutants if m.operator == "cmp-negate")
    tree, function = mutated_tree("example", negate.index, SOURCE)
    assert function == "judge"
    text = ast.unparse(tree)
    assert "a >= b" in text and "a < b" not in text
    assert ast.unparse(ast.parse(SOURCE)).replace("a < b", "a >= b") == text


def test_a_mutants_identity_does_not_move_with_unrelated_code():
    before = {m.identity for m in list_mutants("example", SOURCE) if m.function == "judge"}
    edited = SOURCE.replace('LIMIT = 10\n', 'LIMIT = 10\n\n\ndef other(x):\n    return x > 2\n')
    after = {m.identity for m in list_mutants("example", edited) if m.function == "judge"}
    assert before == after
    assert all(m.index > 0 for m in list_mutants("example", edited) if m.function == "judge")


def _first_run_vector():
    """A vector asking whether three cards of one suit in sequence are a meld (MELD-RUN), the ace
    low (a run with the ace above the king is MELD-RUN-ACE-HIGH's, which ``is_run`` does not judge)."""
    for vector in load_vectors():
        if vector.kind == "meld" and vector.expected.get("type") == "run" and "MELD-RUN-ACE-HIGH" not in vector.rules:
            return vector
    raise AssertionError("the suite has no vector of a valid run")


def test_a_planted_mutant_is_installed_live_and_taken_out_again():
    import reference_impl.melds as melds
    from reference_impl.cards import parse_cards

    three = parse_cards("7c 7d 7h")
    mutant = next(m for m in list_mutants("reference_impl.melds") if m.function == "is_set" and m.operator == "cmp-negate" and "== 1" in m.original)
    assert melds.is_set(three)
    with installed("reference_impl.melds", mutant.index):
        assert not melds.is_set(three)
        # every module that imported the function sees the mutant too
        from reference_impl import melds as again

        assert not again.is_set(three)
    assert melds.is_set(three)


def test_a_planted_mutant_fails_a_vector_of_the_suite():
    adapter = open_engine("reference")
    capabilities = adapter.capabilities()
    case = plan_case(_first_run_vector())
    assert run_case(adapter, capabilities, case).status == "pass"
    mutant = next(m for m in list_mutants("reference_impl.melds") if m.function == "is_run" and m.operator == "return-none")
    with installed("reference_impl.melds", mutant.index):
        assert run_case(adapter, capabilities, case).status in FAILING
    assert run_case(adapter, capabilities, case).status == "pass"


def test_methods_and_functions_of_the_engine_can_be_found_live():
    found = live_functions("reference_impl.melds")
    assert {name for name, _ in found} >= {"is_set", "is_run", "meld_type", "check_spread"}


def _equivalents_file(tmp_path: Path, mutant, reason="no input has five cards of one rank") -> Path:
    path = tmp_path / "equivalent.yaml"
    path.write_text(
        "equivalent:\n"
        f"  - module: {mutant.module}\n    function: {mutant.function}\n    operator: {mutant.operator}\n"
        f"    original: '{mutant.original}'\n    mutated: '{mutant.mutated}'\n    occurrence: {mutant.occurrence}\n"
        f"    reason: {reason!r}\n",
        encoding="utf-8",
    )
    return path


def test_a_listed_survivor_is_equivalent_and_a_listed_kill_is_stale(tmp_path):
    mutants = list_mutants("reference_impl.melds")
    listed, other = mutants[0], mutants[1]
    equivalents = load_equivalents(_equivalents_file(tmp_path, listed))
    assert list(equivalents) == [listed.identity]
    outcomes = [Outcome(listed, False, "survived"), Outcome(other, False, "not reached")]
    [score] = module_scores(outcomes, equivalents, ["reference_impl.melds"])
    assert (score.killed, score.survived, score.equivalent, score.total, score.score) == (0, 1, 1, 2, 0.0)
    assert [o.mutant for o in survivors(outcomes, equivalents)] == [other]
    killed = [Outcome(listed, True, "fail", "vector:X")]
    assert stale_equivalents(killed, equivalents) == [listed]
    assert module_scores(killed, equivalents, ["reference_impl.melds"])[0].score == 1.0


def test_an_equivalent_without_a_reason_is_refused(tmp_path):
    mutant = list_mutants("reference_impl.melds")[0]
    with pytest.raises(InvalidEquivalents, match="reason is empty"):
        load_equivalents(_equivalents_file(tmp_path, mutant, reason=" "))


def test_a_mutant_of_a_table_built_at_import_rebuilds_the_table():
    from reference_impl.cards import mask_of, parse_cards
    from reference_impl.deadwood import least_deadwood

    three = mask_of(parse_cards("Ac 2c 3c"))
    mutant = next(
        m for m in list_mutants("reference_impl.deadwood")
        if m.function == "_tabulate" and m.operator == "cmp-boundary" and m.original == "stretch.bit_count() >= 3"
    )
    assert mutant.at_import
    with installed(mutant.module, mutant.index):
        assert least_deadwood(three) == 6  # a run of three no longer melds
    assert least_deadwood(three) == 0


def test_a_mutant_of_an_initialiser_reaches_the_cards_made_at_import():
    from reference_impl.cards import parse_card

    mutant = next(
        m for m in list_mutants("reference_impl.cards")
        if m.function == "Card.__post_init__" and m.operator == "int-minus" and m.original == "10" and m.occurrence == 1
    )
    assert mutant.at_import
    with installed(mutant.module, mutant.index):
        assert parse_card("Th").value == 9
    assert parse_card("Th").value == 10


def test_each_module_gets_a_fresh_worker_process(monkeypatch):
    """A mutant can leave behind what the swap back does not undo; the next module's mutants must
    not see it, so a worker that served one module is replaced before it serves another."""
    from types import SimpleNamespace

    from ginspec.detection.mutation import pool

    started: list[str] = []
    worker = pool.Worker()

    def start() -> None:
        started.append(mutant_module[0])
        worker.process = SimpleNamespace(poll=lambda: None, stdin=SimpleNamespace(write=lambda text: None, flush=lambda: None))

    monkeypatch.setattr(worker, "_start", start)
    monkeypatch.setattr(worker, "stop", lambda: setattr(worker, "process", None))
    monkeypatch.setattr(worker, "_read", lambda timeout: {"killed": False, "why": "survived"})
    mutant_module = [""]
    for module in ("reference_impl.cards", "reference_impl.cards", "reference_impl.layoff", "reference_impl.layoff"):
        mutant_module[0] = module
        mutant = SimpleNamespace(module=module, index=0)
        assert worker.run(mutant, ["deadwood-0001"], 1.0, {})["why"] == "survived"
    assert started == ["reference_impl.cards", "reference_impl.layoff"]


def test_a_mutant_of_what_the_engine_makes_once_and_keeps_is_seen():
    """The engine lists a hand's discards from tables made on first use, half a suit at a time.
    Those tables are forgotten around each mutant, so a mutant of the function that fills them is
    seen even after the engine has answered with the original (and leaves nothing behind)."""
    import reference_impl.legal as legal
    from reference_impl.cards import DECK
    from reference_impl.round import apply, deal_in_order, legal_actions
    from reference_impl.rules import RoundRules
    from ginspec.suite.variants import get_variant

    legal._DISCARD_LISTS.clear()  # as the engine is before its first question
    remember_memos()
    state = deal_in_order(RoundRules.from_parameters(get_variant("standard").parameters), "p1", list(DECK))
    state = apply(state, legal_actions(state)[0])  # p2 takes the upcard: his discard
    before = legal_actions(state)
    assert [action.verb for action in before].count("discard") == 10
    mutant = next(m for m in list_mutants("reference_impl.legal") if m.function == "_each" and m.original == "found.append(actions[low])")
    with installed("reference_impl.legal", mutant.index):
        assert [action.verb for action in legal_actions(state)].count("discard") == 0
    assert legal_actions(state) == before


def test_a_case_answered_from_an_earlier_case_s_cache_is_mapped_to_the_lines_that_work_it_out() -> None:
    from ginspec.detection.mutation.cases import LineTracer, SuiteCase, coverage_map
    from ginspec.detection.mutation.install import forget_answers
    from reference_impl.cards import mask_of, parse_cards
    from reference_impl.deadwood import optimal_arrangements

    mask = mask_of(parse_cards("Ah 2h 3h 4h Jh Qh Kh 9c 9d 9s"))

    def ask() -> bool:
        optimal_arrangements(mask, ace_high=True)
        return False

    import sys
    import threading

    before = sys.gettrace(), threading.gettrace()
    tracer = LineTracer()
    tracer.start()
    try:
        lines, failing, _ = coverage_map([SuiteCase("first", ask), SuiteCase("again", ask)], tracer, forget_answers)
    finally:
        tracer.stop()
        sys.settrace(before[0])
        threading.settrace(before[1])  # type: ignore[arg-type]
    assert not failing
    assert any(path.endswith("deadwood.py") for path, _ in lines["again"])
    assert lines["again"] == lines["first"], "the second case works the answer out again, as under a mutant"
