"""The fault battery, second part: the newer commands and outputs (``selftest``, ``dependence``,
``game``, ``fuzz``, ``coverage``, JUnit, the pytest plugin, saved games, scenarios from files)
under hostile input, faulty engines, signals and full disks. The same contract as
``tests/test_fault_battery.py``, whose helpers it uses: a per-case verdict or one line naming the
file, the case or the option and the token, with the documented exit status; never a traceback,
a hang, an exit 0 after a lie, or a lost file.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import resource
import signal
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Callable, Iterator
from xml.etree import ElementTree as ET

import pytest
import yaml

from ginspec.suite.yamlio import SAFE_LOADER
from tests.test_fault_battery import KNOWN, REPO, Fault, Outcome, _restore_root, check, engine_script, protocol_engine, run, suite_copy

pytest_plugins = ["pytester"]
__all__ = ["_restore_root"]  # the battery's fixture: each fault's suite root and caches put back

FAULTS: list[Fault] = []


def fault(category: str, status: int, *expect: str) -> Callable[[Callable[[Path], Outcome]], Callable[[Path], Outcome]]:
    def register(make: Callable[[Path], Outcome]) -> Callable[[Path], Outcome]:
        FAULTS.append(Fault(category, make.__name__, status, expect, make))
        return make

    return register


def _limited_environment() -> dict[str, str]:
    """The environment of a process that may write only small files: it writes no bytecode. Python
    writes a module's bytecode without checking that the whole of it was written, so past the
    limit a cut file would take the place of the module's bytecode, for every later process that
    imports it ("marshal data too short")."""
    return {**os.environ, "GINSPEC_ROOT": os.environ.get("GINSPEC_ROOT", str(REPO)), "PYTHONDONTWRITEBYTECODE": "1"}


def ginspec_process(tmp: Path, *argv: str, file_limit: int | None = None, timeout: float = 120) -> Outcome:
    """``python -m ginspec ARGV`` in a process of its own, in ``tmp``; ``file_limit``: the largest
    file it may write, in bytes (``ulimit -f``), as on a full disk."""

    def limit() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    environment = _limited_environment() if file_limit is not None else {**os.environ, "GINSPEC_ROOT": os.environ.get("GINSPEC_ROOT", str(REPO))}
    done = subprocess.run(
        [sys.executable, "-m", "ginspec", *argv], capture_output=True, text=True, cwd=tmp, timeout=timeout, preexec_fn=limit, env=environment
    )
    return Outcome(done.returncode, done.stdout, done.stderr)


# ----------------------------------------------------------------------------- outputs


@fault("outputs", 2, "--markdown", "the same file as --report")
def report_and_markdown_name_one_file(tmp: Path) -> Outcome:
    outcome = run("check", "--only", "vectors", "--report", str(tmp / "r.json"), "--markdown", str(tmp / "r.json"), *KNOWN)
    assert not (tmp / "r.json").exists(), "refused before anything is written"
    return outcome


@fault("outputs", 2, "--junit-xml", "the same file as --report")
def junit_names_the_report_even_with_force(tmp: Path) -> Outcome:
    first = check(tmp, *KNOWN)
    assert first.status == 0, first.text
    before = (tmp / "report.json").read_text(encoding="utf-8")
    outcome = check(tmp, "--junit-xml", str(tmp / "report.json"), "--force", *KNOWN)
    assert (tmp / "report.json").read_text(encoding="utf-8") == before
    return outcome


@fault("outputs", 2, "--junit-xml", "is not a ginspec JUnit report")
def junit_refuses_a_json_report(tmp: Path) -> Outcome:
    assert check(tmp, *KNOWN).status == 0
    before = (tmp / "report.json").read_text(encoding="utf-8")
    outcome = run("check", "--only", "vectors", "--report", str(tmp / "other.json"), "--junit-xml", str(tmp / "report.json"), *KNOWN)
    assert (tmp / "report.json").read_text(encoding="utf-8") == before
    return outcome


@fault("outputs", 2, "--markdown", "the same file as --report")
def markdown_hard_link_to_the_report(tmp: Path) -> Outcome:
    assert check(tmp, *KNOWN).status == 0
    os.link(tmp / "report.json", tmp / "linked.md")
    return check(tmp, "--markdown", str(tmp / "linked.md"), "--force", *KNOWN)


@fault("outputs", 1, "0 passed, 2 failed")
def junit_well_formed_with_control_characters(tmp: Path) -> Outcome:
    engine = protocol_engine(
        tmp,
        """
        sys.stderr.write("\\x1b[31mwarning\\x07 \\x00 from the engine\\n"); sys.stderr.flush()
        say({"type": "answer", "id": message["id"], "answer": {"deadwood": 999, "note": "\\x1b\\x00\\x07"}})
        """,
    )
    script = tmp / "engine.py"
    script.write_text(script.read_text(encoding="utf-8").replace('"engine": "scripted"', '"engine": "bot\\x1b[1m\\x07\\x00"'), encoding="utf-8")
    outcome = check(tmp, "--engine", engine, "--junit-xml", str(tmp / "r.xml"), *KNOWN)
    tree = ET.parse(tmp / "r.xml")  # well-formed XML 1.0: no ESC, NUL or BEL, even escaped
    text = (tmp / "r.xml").read_text(encoding="utf-8")
    assert "\\x1b" in text and "\x1b" not in text and "\x00" not in text and "\x07" not in text
    assert tree.getroot().get("failures") == "2"
    return outcome


@fault("outputs", 2, "--record", "is not a ginspec selftest record", "--force")
def selftest_record_keeps_an_unrelated_file(tmp: Path) -> Outcome:
    mine = tmp / "mine.json"
    mine.write_text('{"budget": 12}\n', encoding="utf-8")
    outcome = run("selftest", "--miniature", "ace-counts-eleven", "--record", str(mine))
    assert mine.read_text(encoding="utf-8") == '{"budget": 12}\n'
    return outcome


@fault("outputs", 2, "--json", "is not a ginspec coverage table", "--force")
def coverage_json_keeps_an_unrelated_file(tmp: Path) -> Outcome:
    mine = tmp / "mine.json"
    mine.write_text('{"rules": "mine"}\n', encoding="utf-8")
    outcome = run("coverage", "--json", str(mine))
    assert mine.read_text(encoding="utf-8") == '{"rules": "mine"}\n'
    again = run("coverage", "--json", str(tmp / "cov.json"))
    assert again.status == 0 and run("coverage", "--json", str(tmp / "cov.json")).status == 0, "its own earlier table is replaced"
    return outcome


@fault("outputs", 2, "report", "the file is too large", "the earlier file is kept")
def full_disk_keeps_the_earlier_report(tmp: Path) -> Outcome:
    first = ginspec_process(tmp, "check", "--only", "vectors", "--id", "deadwood-0001", "--report", "r.json")
    assert first.status == 0, first.text
    before = (tmp / "r.json").read_bytes()
    outcome = ginspec_process(tmp, "check", "--only", "vectors", "--area", "deadwood", "--report", "r.json", file_limit=2048)
    assert (tmp / "r.json").read_bytes() == before
    assert sorted(os.listdir(tmp)) == ["r.json"], "no temporary file is left"
    return outcome


@fault("outputs", 2, "standard output could not be written", "the file is too large")
def full_disk_under_standard_output(tmp: Path) -> Outcome:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (512, 512))

    environment = _limited_environment()
    with open(tmp / "shown.txt", "w", encoding="utf-8") as shown:  # ginspec ... > shown.txt, with room for 512 bytes
        done = subprocess.run([sys.executable, "-m", "ginspec", "variants", "show", "oklahoma"], stdout=shown, stderr=subprocess.PIPE,
                              text=True, cwd=tmp, timeout=60, preexec_fn=limit, env=environment)
    return Outcome(done.returncode, "", done.stderr)


@fault("outputs", 2, "--save", "the disk is full", "nothing was written")
def full_disk_while_saving_a_hand(tmp: Path) -> Outcome:
    import ginspec.suite.files

    def full(*_: object, **__: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    saved, ginspec.suite.files.os.fsync = ginspec.suite.files.os.fsync, full  # the write fails as it is flushed
    try:
        outcome = run("play", "--seed", "4", "--save", str(tmp / "hand.yaml"), stdin=b"1\n" * 200)
    finally:
        ginspec.suite.files.os.fsync = saved
    assert os.listdir(tmp) == []
    return outcome


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[Path]:
    """``folder``, made, and seen by the output checks as not writable (as for a user who is not
    root: root may write anywhere)."""
    import ginspec.suite.outputs

    real = os.access
    folder.mkdir()
    ginspec.suite.outputs.os.access = lambda path, mode: False if Path(path) == folder else real(path, mode)
    try:
        yield folder
    finally:
        ginspec.suite.outputs.os.access = real


@fault("outputs", 2, "--out", "not writable")
def fuzz_out_in_a_read_only_folder(tmp: Path) -> Outcome:
    with read_only(tmp / "locked") as locked:
        return run("fuzz", "--engine", "reference", "--examples", "5", "--out", str(locked / "findings"))


@fault("outputs", 2, "--out", "could not be written", "Permission denied")
def fuzz_out_refused_while_writing(tmp: Path) -> Outcome:
    import ginspec.suite.files

    def denied(*_: object, **__: object) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    saved, ginspec.suite.files.tempfile.mkstemp = ginspec.suite.files.tempfile.mkstemp, denied
    try:
        return run("fuzz", "--engine", "miniature:ace-counts-eleven", "--kind", "deadwood", "--examples", "200", "--out", str(tmp / "found"))
    finally:
        ginspec.suite.files.tempfile.mkstemp = saved


# ----------------------------------------------------------------------------- tracebacks


def text_bomb() -> str:
    """A few lines whose aliases stay far under the node bound (about 11,000 nodes) but name a
    string of 100,000 characters ten thousand times: a gigabyte once written out."""
    text = "a: &a " + "x" * 100_000 + "\n"
    for level, name in enumerate("bcde"):
        text += f"{name}: &{name} [" + ", ".join([f"*{'abcde'[level]}"] * 10) + "]\n"
    return text


@fault("tracebacks", 2, "--set", "refused", "characters")
def set_value_expands_to_a_gigabyte(tmp: Path) -> Outcome:
    started = time.monotonic()
    outcome = run("hand", "Ac 2c 3c", "--set", "knock_limit=" + text_bomb())
    assert time.monotonic() - started < 1, "refused in under a second"
    return outcome


@fault("tracebacks", 2, "spec/variants/oklahoma.yaml", "refused", "characters")
def variant_expands_to_a_gigabyte(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    (root / "spec" / "variants" / "oklahoma.yaml").write_text(text_bomb(), encoding="utf-8")
    started = time.monotonic()
    outcome = run("variants", "show", "oklahoma")
    assert time.monotonic() - started < 1, "refused in under a second"
    return outcome


@fault("tracebacks", 2, "g.yaml", "hands", "5, not a list")
def game_hands_a_number(tmp: Path) -> Outcome:
    (tmp / "g.yaml").write_text("first_dealer: p1\nhands: 5\n", encoding="utf-8")
    return run("game", str(tmp / "g.yaml"))


@fault("tracebacks", 2, "g.yaml", "hands", "empty")
def game_hands_empty(tmp: Path) -> Outcome:
    (tmp / "g.yaml").write_text("first_dealer: p1\nhands:\n", encoding="utf-8")
    return run("game", str(tmp / "g.yaml"))


@fault("tracebacks", 2, "g.yaml", "deals", "7, not a list")
def game_deals_a_number(tmp: Path) -> Outcome:
    (tmp / "g.yaml").write_text("first_dealer: p1\ndeals: 7\n", encoding="utf-8")
    return run("game", str(tmp / "g.yaml"), "--variant", "partnership")


@fault("tracebacks", 2, "g.yaml", "not a game file this variant can score")
def game_first_players_a_number(tmp: Path) -> Outcome:
    (tmp / "g.yaml").write_text("first_dealer: p1\nfirst_players: 5\nhands:\n  - knock\n", encoding="utf-8")
    return run("game", str(tmp / "g.yaml"), "--variant", "three-player")


@fault("tracebacks", 2, "capabilities() gave", "parameters['knock_limit'] is 10", "tuple")
def adapter_capability_values_bare(tmp: Path) -> Outcome:
    return check(tmp, "--engine", "tests.engines.faulty:BareParameterValue", *KNOWN)


@fault("tracebacks", 2, "capabilities() gave", "kinds is 'deadwood'")
def adapter_kinds_a_bare_string(tmp: Path) -> Outcome:
    return check(tmp, "--engine", "tests.engines.faulty:BareKind", *KNOWN)


@fault("tracebacks", 2, "--out", "cannot be used as a file name", "File name too long")
def output_name_too_long(tmp: Path) -> Outcome:
    return run("registry", "export", "--out", str(tmp / ("x" * 300)))


@fault("tracebacks", 2, "--json", "cannot be used as a file name", "null byte")
def output_name_with_a_nul_byte(tmp: Path) -> Outcome:
    return run("coverage", "--json", str(tmp / "a\x00b.json"))


# ----------------------------------------------------------------------------- silent wrong answers


@fault("silent", 2, "--rule 'MELD-SET or MELD-RUN'", "no such rule ID", "not an expression")
def rule_given_as_an_expression(tmp: Path) -> Outcome:
    return check(tmp, "--only", "features", "--rule", "MELD-SET or MELD-RUN")


@fault("silent", 2, "--rule 'NO-SUCH-RULE'", "no such rule ID")
def rule_unknown_with_the_scenarios(tmp: Path) -> Outcome:
    return run("check", "--rule", "NO-SUCH-RULE", "--report", str(tmp / "r.json"))


@fault("silent", 2, "--rule 'meld-set'", "did you mean 'MELD-SET'")
def rule_in_lower_case(tmp: Path) -> Outcome:
    return check(tmp, "--rule", "meld-set")


@fault("silent", 0, "deadwood vectors", "knock vectors")
def vector_area_folder_is_a_link(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    elsewhere = tmp / "elsewhere"
    shutil.move(str(root / "vectors" / "knock"), str(elsewhere))
    os.symlink(elsewhere, root / "vectors" / "knock")
    outcome = check(tmp, "--area", "knock", "--area", "deadwood")
    areas = {record["area"] for record in json.loads((tmp / "report.json").read_text(encoding="utf-8"))["records"]}
    assert areas == {"knock", "deadwood"}, areas
    return outcome


@fault("silent", 1, "not UTF-8", "0xff", "1 passed, 0 failed, 0 expected failures, 0 unsupported, 1 error")
def exec_answer_field_not_utf8(tmp: Path) -> Outcome:
    engine = protocol_engine(
        tmp,
        """
        if message["id"] == "deadwood-0001":  # the right deadwood (by hand), and an extra field of other bytes
            sys.stdout.buffer.write(b'{"type": "answer", "id": "deadwood-0001", "answer": {"deadwood": 40, "note": "caf\\xff"}}\\n')
        else:
            say({"type": "answer", "id": message["id"], "answer": {"deadwood": 51}})  # deadwood-0002's, by hand
        sys.stdout.flush()
        """,
    )
    return check(tmp, "--timeout", "30", "--engine", engine, *KNOWN)


@fault("silent", 1, "line of standard error longer than 1,048,576 characters", "1 passed, 0 failed, 0 expected failures, 0 unsupported, 1 error")
def exec_endless_standard_error_line(tmp: Path) -> Outcome:
    engine = protocol_engine(
        tmp,
        """
        if message["id"] == "deadwood-0001":  # a right answer after 200 MB of standard error on one line
            block = "e" * 1_000_000
            for _ in range(200):
                sys.stderr.write(block)
            sys.stderr.write("\\n"); sys.stderr.flush()
            say({"type": "answer", "id": message["id"], "answer": {"deadwood": 40}})
        else:
            say({"type": "answer", "id": message["id"], "answer": {"deadwood": 51}})
        """,
    )
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    outcome = check(tmp, "--timeout", "60", "--engine", engine, *KNOWN)
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown < 150_000, f"ginspec grew by {grown} kB while the engine wrote 200 MB"
    return outcome


@fault("silent", 1, "the transcript is wrong", "cut short")
def transcript_cut_at_a_line(tmp: Path) -> Outcome:
    path = tmp / "hand.yaml"
    played = run("play", "--seed", "4", "--save", str(path), stdin=b"1\n" * 200)
    assert played.status == 0, played.text
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    cut = "\n".join(lines[: lines.index("actions:") + 30]) + "\n"  # the file ends after thirty moves, as a copy cut short
    path.write_text(cut, encoding="utf-8")
    return run("replay", str(path))


def _cut_inside_the_result(tmp: Path, argv: tuple[str, ...], name: str) -> tuple[Path, list[str], int]:
    """A hand played and saved whole; its lines and the index of its ``result:`` line."""
    path = tmp / name
    played = run("play", *argv, "--save", str(path), stdin=b"1\n" * 400)
    assert played.status == 0, played.text
    lines = path.read_text(encoding="utf-8").split("\n")
    assert run("replay", str(path)).status == 0, "the whole file replays"
    return path, lines, lines.index("result:")


@fault("silent", 2, "hand.yaml: result: incomplete", "leaves out knocker_deadwood, defender_deadwood, layoffs", "cut short")
def transcript_cut_inside_its_result(tmp: Path) -> Outcome:
    path, lines, start = _cut_inside_the_result(tmp, ("--seed", "4"), "hand.yaml")
    table, table_lines, table_start = _cut_inside_the_result(tmp, ("--seed", "3", "--variant", "house-s003", "--you", "p2"), "table.yaml")
    for cut_path, cut_lines, cut_start in ((path, lines, start), (table, table_lines, table_start)):
        for end in range(cut_start + 1, len(cut_lines) - 2):  # every cut at a line inside the block: never a pass
            cut_path.write_text("\n".join(cut_lines[:end]) + "\n", encoding="utf-8")
            outcome = run("replay", str(cut_path))
            assert outcome.status == 2 and ("incomplete" in outcome.err or "empty" in outcome.err), (end, outcome.text)
    path.write_text("\n".join(lines[: lines.index("  knocker: p2") + 1]) + "\n", encoding="utf-8")
    return run("replay", str(path))


@fault("silent", 2, "g.yaml, hand 1: result: incomplete", "leaves out knocker, knocker_deadwood", "cut short")
def saved_game_cut_at_its_last_result(tmp: Path) -> Outcome:
    path, lines, start = _cut_inside_the_result(tmp, ("--seed", "4"), "hand.yaml")
    hand = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    game = yaml.safe_dump({"variant": "standard", "first_dealer": hand["deal"]["dealer"], "transcripts": [hand]}, sort_keys=False)
    points = game.index("points: ", game.index("result:"))
    (tmp / "g.yaml").write_text(game[: game.index("\n", points)] + "\n", encoding="utf-8")  # cut after the points
    return run("game", str(tmp / "g.yaml"))


@fault("messages", 2, "vectors/knock/broken.yaml", "not valid YAML")
def selftest_with_a_broken_vector_file(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    (root / "vectors" / "knock" / "broken.yaml").write_text("area: knock\nvectors: [\n", encoding="utf-8")
    return run("selftest", "--miniature", "ace-counts-eleven", "--no-record")


@fault("messages", 2, "--keep-reports", "not writable")
def selftest_reports_into_a_read_only_folder(tmp: Path) -> Outcome:
    import ginspec.suite.outputs

    real = os.access
    ginspec.suite.outputs.os.access = lambda path, mode: False if Path(path) == tmp else real(path, mode)  # as for a user who is not root
    try:
        return run("selftest", "--miniature", "ace-counts-eleven", "--no-record", "--keep-reports", str(tmp))
    finally:
        ginspec.suite.outputs.os.access = real


@fault("messages", 2, "has no features/ folder, so its scenarios cannot run", "give --only vectors")
def check_of_a_suite_without_scenarios(tmp: Path) -> Outcome:
    suite_copy(tmp)  # spec and vectors, no features/: never a pass of the vectors alone
    return run("check", "--area", "deadwood", "--report", str(tmp / "r.json"))


@fault("messages", 2, "has no features/ folder, so its scenarios cannot run")
def selftest_of_a_suite_without_scenarios(tmp: Path) -> Outcome:
    suite_copy(tmp)  # said once, not as every miniature's "could not run"
    return run("selftest", "--miniature", "ace-counts-eleven", "--no-record")


@fault("messages", 0, "0 scenario(s) out of date")
def dependence_of_a_suite_without_scenarios(tmp: Path) -> Outcome:
    suite_copy(tmp)  # spec and vectors, no features/
    return run("dependence", "--check")


PROBE = """Feature: Probes of the suite itself

  @MELD-SET
  Scenario: Nothing at all

  @MELD-SET
  Scenario: A step no one wrote
    Given standard rules
    When the moon is full
    Then the outcome is knock
"""


def probe_scenarios(tmp: Path, text: str | bytes) -> Outcome:
    """``check --only features --area probe`` of a suite whose only feature file is ``text``, in a
    process of its own (a process imports the scenarios of one suite once)."""
    root = suite_copy(tmp)
    (root / "features" / "probe").mkdir(parents=True)
    path = root / "features" / "probe" / "probe.feature"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return ginspec_process(tmp, "check", "--only", "features", "--area", "probe", "--report", str(tmp / "report.json"))


@fault("silent", 1, "0 passed, 0 failed, 0 expected failures, 0 unsupported, 2 suite errors", "has no steps", "the suite's own fault, not the engine's", 'When "the moon is full"')
def scenario_without_steps_or_with_an_undefined_one(tmp: Path) -> Outcome:
    outcome = probe_scenarios(tmp, PROBE)
    statuses = {record["id"].split(": ")[1]: record["status"] for record in json.loads((tmp / "report.json").read_text(encoding="utf-8"))["records"]}
    assert statuses == {"Nothing at all": "suite-error", "A step no one wrote": "suite-error"}, statuses
    return outcome


RESTARTS_ONCE = """
import json, os, sys
count = os.path.join(os.path.dirname(os.path.abspath(__file__)), "starts")
started = int(open(count).read()) if os.path.exists(count) else 0
open(count, "w").write(str(started + 1))
sys.stdin.readline()
if started >= 1:  # every start after the first fails
    print("licence expired", flush=True)
    sys.exit(1)
print(json.dumps({"type": "capabilities", "protocol": 1, "engine": "restarts", "version": "1", "kinds": ["score", "deadwood", "meld"]}), flush=True)
for line in sys.stdin:
    sys.exit(3)  # crashes on its first question
"""


@fault("silent", 1, "could not be started", "did not start the protocol", "'licence expired'")
def scenario_engine_restart_fails(tmp: Path) -> Outcome:
    engine = engine_script(tmp, RESTARTS_ONCE)
    root = suite_copy(tmp)
    shutil.copytree(REPO / "features" / "melds", root / "features" / "melds")
    outcome = ginspec_process(tmp, "check", "--only", "features", "--area", "melds", "--engine", engine, "--report", str(tmp / "report.json"))
    statuses = Counter(record["status"] for record in json.loads((tmp / "report.json").read_text(encoding="utf-8"))["records"])
    assert set(statuses) == {"error"}, f"an engine that cannot start again is no departure from the rules: {statuses}"
    return outcome


@fault("messages", 2, "features/probe/probe.feature", "not UTF-8")
def feature_file_not_utf8(tmp: Path) -> Outcome:
    return probe_scenarios(tmp, PROBE.encode("utf-8").replace(b"Probes", b"Probes \xff"))


@fault("messages", 2, "probe.feature", "the scenarios cannot be read", "Feature")
def feature_file_without_a_feature_line(tmp: Path) -> Outcome:
    return probe_scenarios(tmp, PROBE.split("\n", 1)[1])


# ----------------------------------------------------------------------------- signals


def _stopped_while_asking(tmp: Path, number: int) -> Outcome:
    asked = tmp / "asked"
    process = subprocess.Popen(
        [sys.executable, "-m", "ginspec", "check", "--only", "vectors", "--timeout", "100", "--report", str(tmp / "r.json"),
         "--engine", "tests.engines.faulty:BlocksInAsk", *KNOWN, "--id", "deadwood-0003"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO, env={**os.environ, "GINSPEC_ASKED": str(asked)},
    )
    deadline = time.monotonic() + 60
    while not asked.exists():
        assert time.monotonic() < deadline and process.poll() is None, "the engine was never asked"
        time.sleep(0.05)
    started = time.monotonic()
    process.send_signal(number)
    out, err = process.communicate(timeout=30)
    assert time.monotonic() - started < 10, "stopped at once, without waiting for the engine"
    report = json.loads((tmp / "r.json").read_text(encoding="utf-8"))
    assert "after 1 of 3 cases" in report["header"]["partial"], report["header"]
    assert [record["id"] for record in report["records"]] == ["deadwood-0001"]
    return Outcome(process.returncode, out.decode(), err.decode())


@fault("signals", 143, "stopped by signal 15", "partial report (1 of 3 cases)")
def sigterm_while_a_python_adapter_answers(tmp: Path) -> Outcome:
    return _stopped_while_asking(tmp, signal.SIGTERM)


@fault("signals", 130, "interrupted", "partial report (1 of 3 cases)")
def sigint_while_a_python_adapter_answers(tmp: Path) -> Outcome:
    return _stopped_while_asking(tmp, signal.SIGINT)


# ----------------------------------------------------------------------------- the battery


@pytest.mark.parametrize("case", FAULTS, ids=[f"{case.category}-{case.name}" for case in FAULTS])
def test_fault(case: Fault, tmp_path: Path) -> None:
    outcome = case.make(tmp_path)
    assert "Traceback" not in outcome.text, outcome.text[-3000:]
    assert outcome.status == case.status, f"exit status {outcome.status}, documented {case.status}:\n{outcome.text[-3000:]}"
    for word in case.expect:
        assert word in outcome.text, f"{word!r} not in:\n{outcome.text[-3000:]}"
    if case.status == 2:
        errors = [line for line in outcome.err.splitlines() if line.startswith("ginspec") and ": error: " in line]
        assert errors and all(len(line) < 600 for line in errors), outcome.err[-2000:]
        assert len(outcome.err.strip().splitlines()) == 1, f"one line, not:\n{outcome.err}"


MINIMUM = {"outputs": 10, "tracebacks": 8, "silent": 4, "messages": 5, "signals": 2}


def test_every_category_is_covered() -> None:
    counts = Counter(case.category for case in FAULTS)
    print("\nfault battery, newer commands: " + ", ".join(f"{category} {counts[category]}" for category in MINIMUM) + f"; {sum(counts.values())} in all")
    for category, least in MINIMUM.items():
        assert counts[category] >= least, f"{category}: {counts[category]} faults, at least {least} wanted"


# ----------------------------------------------------------------------------- dependence in every YAML style


STYLES = {
    "block": (
        "area: knock  # a comment kept\nvectors:\n"
        "- id: knock-9001\n  kind: knock\n  depends_on:\n  - hand_size\n  - gin_bonus\n  input: {hand: 7c}\n"
        "- rules: [KNOCK-LIMIT]\n  id: knock-9002\n  kind: knock   # kept too\n  input:\n    hand: 7c\n"
        "- kind: knock\n  id: knock-9003\n  depends_on:\n  input: {hand: 7c}\n"
    ),
    "flow": "{area: knock, vectors: [{kind: knock, id: knock-9001, depends_on: [hand_size], input: {hand: 7c}}, {input: {hand: 7c}, kind: knock, id: knock-9002}, {id: knock-9003, kind: knock, depends_on: [], input: {hand: 7c}}]}\n",
    "json": json.dumps(
        {"area": "knock", "vectors": [
            {"kind": "knock", "id": "knock-9001", "depends_on": ["hand_size"], "input": {"hand": "7c"}},
            {"input": {"hand": "7c"}, "id": "knock-9002", "kind": "knock"},
            {"id": "knock-9003", "depends_on": ["x"], "kind": "knock", "input": {"hand": "7c"}},
        ]},
        indent=2,
    ),
}
WORKED_OUT = {"knock-9001": ("knock_limit",), "knock-9002": ("hand_size", "knock_limit"), "knock-9003": ()}


def _without_dependence(document: dict) -> dict:
    return {**document, "vectors": [{key: value for key, value in vector.items() if key != "depends_on"} for vector in document["vectors"]]}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_dependence_rewrites_only_depends_on_in_every_style(style: str) -> None:
    from ginspec.commands.dependence import rewrite_file

    text = STYLES[style]
    rewritten = rewrite_file(text, WORKED_OUT, f"{style}.yaml")
    before, after = yaml.load(text, Loader=SAFE_LOADER), yaml.load(rewritten, Loader=SAFE_LOADER)
    assert _without_dependence(after) == _without_dependence(before)
    assert {vector["id"]: tuple(vector["depends_on"]) for vector in after["vectors"]} == WORKED_OUT
    assert rewrite_file(rewritten, WORKED_OUT, f"{style}.yaml") == rewritten, "a second pass changes nothing"
    if style == "block":
        assert "# a comment kept" in rewritten and "# kept too" in rewritten
    only_first = rewrite_file(text, {"knock-9001": ("knock_limit",)}, f"{style}.yaml")
    others = [vector for vector in yaml.load(only_first, Loader=SAFE_LOADER)["vectors"] if vector["id"] != "knock-9001"]
    assert others == [vector for vector in before["vectors"] if vector["id"] != "knock-9001"], "a vector not listed is left alone"


def test_dependence_command_brings_every_style_up_to_date(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ginspec.bdd.scenario_dependence as scenarios

    root = suite_copy(tmp_path)
    monkeypatch.setattr(scenarios, "compute_scenario_dependence", lambda: {})  # the vectors' part only
    monkeypatch.setattr(scenarios, "read_scenario_entries", lambda: {})
    limit = root / "vectors" / "knock" / "limit.yaml"
    document = yaml.load(limit.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    for vector in document["vectors"]:
        vector["depends_on"] = ["gin_bonus"]
    reordered = {**document, "vectors": [dict(reversed(list(vector.items()))) for vector in document["vectors"]]}
    limit.write_text(json.dumps(reordered, indent=2), encoding="utf-8")  # JSON, id last
    gin = root / "vectors" / "knock" / "gin.yaml"
    flow = yaml.load(gin.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    for vector in flow["vectors"]:
        vector.pop("depends_on")
    gin.write_text(yaml.safe_dump(flow, default_flow_style=True, width=10_000), encoding="utf-8")  # one flow line, no depends_on
    block = root / "vectors" / "deadwood" / "zero.yaml"
    text = block.read_text(encoding="utf-8")
    block.write_text(text.replace("depends_on: [hand_size]", "depends_on:\n      - gin_bonus\n      - knock_limit", 1), encoding="utf-8")
    assert run("dependence", "--check").status == 1
    written = run("dependence")
    assert written.status == 0, written.text
    checked = run("dependence", "--check")
    assert checked.status == 0 and "0 vector(s)" in checked.out, checked.text
    assert _without_dependence(yaml.load(limit.read_text(encoding="utf-8"), Loader=SAFE_LOADER)) == _without_dependence(reordered)


# ----------------------------------------------------------------------------- the pytest plugin


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    monkeypatch.delenv("GINSPEC_ROOT", raising=False)
    pytester.makepyfile(test_own="def test_their_own():\n    assert True\n")
    return pytester


def plugin_run(project: pytest.Pytester, *args: str) -> pytest.RunResult:
    return project.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-q", "-W", "ignore::pytest.PytestAssertRewriteWarning", *args)


@pytest.mark.parametrize("bad", ["nan", "0", "-1", "inf", "soon"])
def test_plugin_timeout_must_be_seconds(project: pytest.Pytester, bad: str) -> None:
    result = plugin_run(project, "--ginspec-engine", "reference", f"--ginspec-timeout={bad}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "--ginspec-timeout" in result.stderr.str() and repr(bad) in result.stderr.str()


def test_plugin_python_adapter_that_hangs_times_out(project: pytest.Pytester) -> None:
    from tests.engines.faulty import Hangs

    Hangs.asked = 0
    started = time.monotonic()
    result = plugin_run(project, "--ginspec-engine", "tests.engines.faulty:Hangs", "--ginspec-timeout", "0.5", "-k", "deadwood-0001 or deadwood-0002")
    assert time.monotonic() - started < 15, "each case waits half a second, not the engine's twenty"
    assert result.ret == 1 and "TIMEOUT deadwood-0001" in result.stdout.str(), result.stdout.str()[-2000:]


def _short(result: pytest.RunResult) -> str:
    text = result.stdout.str() + result.stderr.str()
    assert "Traceback" not in text and "site-packages" not in text and len(text.splitlines()) < 40, text[-3000:]
    return text


def test_plugin_malformed_expectations_file_is_one_line(project: pytest.Pytester) -> None:
    (project.path / "bad.yaml").write_text("departures: 5\n", encoding="utf-8")
    result = plugin_run(project, "--ginspec-engine", "reference", "--ginspec-expectations", "bad.yaml", "-k", "deadwood-0001")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "bad.yaml: departures" in _short(result)


def test_plugin_malformed_default_expectations_stops_the_run(project: pytest.Pytester) -> None:
    (project.path / "expectations").mkdir()
    (project.path / "expectations" / "faulty.yaml").write_text("departures: [\n", encoding="utf-8")
    result = plugin_run(project, "--ginspec-engine", "tests.engines.faulty:_Deadwood", "-k", "deadwood-0001 or deadwood-0002")
    assert result.ret != 0
    text = _short(result)
    assert "expectations/faulty.yaml: not valid YAML" in text and "1 failed" in text, text


def test_plugin_unknown_home_variant_stops_the_run(project: pytest.Pytester) -> None:
    result = plugin_run(project, "--ginspec-engine", "tests.engines.faulty:HomeVariantUnknown", "-k", "deadwood-0001 or deadwood-0002")
    assert result.ret != 0
    text = _short(result)
    assert "home variant" in text and "'nowhere'" in text and "1 failed" in text, text


def test_plugin_suite_without_scenarios_is_one_line(project: pytest.Pytester) -> None:
    root = project.path / "suite"
    shutil.copytree(REPO / "spec", root / "spec")
    shutil.copytree(REPO / "vectors" / "deadwood", root / "vectors" / "deadwood")
    result = plugin_run(project, "--ginspec-engine", "reference", "--ginspec-root", str(root), "-k", "deadwood-0001")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "has no features/ folder, so its scenarios cannot run" in _short(result)


def test_plugin_sigterm_stops_the_engine_and_exits_by_the_signal(tmp_path: Path) -> None:
    pid_file = tmp_path / "engine.pid"
    engine = protocol_engine(tmp_path, f'open({str(pid_file)!r}, "w").write(str(__import__("os").getpid())); __import__("time").sleep(120)')
    (tmp_path / "test_own.py").write_text("def test_their_own():\n    assert True\n", encoding="utf-8")
    environment = {key: value for key, value in os.environ.items() if key != "GINSPEC_ROOT"}
    process = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-q", "--ginspec-engine", engine,
         "--ginspec-timeout", "100", "-k", "deadwood-0001"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=environment,
    )
    deadline = time.monotonic() + 120
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() < deadline and process.poll() is None, "the engine was never asked"
        time.sleep(0.05)
    engine_pid = int(pid_file.read_text())
    process.send_signal(signal.SIGTERM)
    process.communicate(timeout=60)
    assert process.returncode == -signal.SIGTERM, f"ended with {process.returncode}, not by SIGTERM (143 in a shell)"
    for _ in range(100):
        try:
            os.kill(engine_pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    os.kill(engine_pid, signal.SIGKILL)
    raise AssertionError("the engine outlived pytest")
