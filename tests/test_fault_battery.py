"""The fault battery: bad input and bad engines of every kind, each of which must end in a per-case
verdict or a one-line error naming the file, the case and the token, with the exit status the
README documents (0 checked and passed, 1 a case failed or nothing was checked, 2 bad input or
usage, 128+N stopped by signal N). Never a traceback, a hang, an exit 0 after a lie, or a lost file.

Each fault is one entry of :data:`FAULTS` (category, name, expected status, words the output must
hold) and runs in-process where it can; ``test_every_category_is_covered`` prints and checks the
count per category.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from collections import Counter
from contextlib import redirect_stderr
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
import yaml

from ginspec.suite import registry, variants
from ginspec.commands.main import main
from ginspec.suite.files import write_atomic
from ginspec.suite.yamlio import SAFE_LOADER
from tests.engines.misbehaving import environment

REPO = Path(__file__).resolve().parent.parent
CACHE = "GINSPEC_CACHE_DIR"
KNOWN = ["--id", "deadwood-0001", "--id", "deadwood-0002"]
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + level)}: &{chr(98 + level)} [{', '.join([f'*{chr(97 + level)}'] * 9)}]\n" for level in range(9)
)


@dataclass
class Outcome:
    status: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


def run(*argv: str, stdin: bytes | None = None) -> Outcome:
    """``ginspec ARGV`` in this process, with standard input ``stdin``."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with redirect_stderr(err):
            try:
                status = main(list(argv), out)
            except SystemExit as exc:  # argparse usage errors
                status = int(exc.code or 0)
    finally:
        sys.stdin = saved
    return Outcome(status, out.getvalue(), err.getvalue())


@dataclass(frozen=True)
class Fault:
    category: str
    name: str
    status: int
    expect: tuple[str, ...]
    make: Callable[[Path], Outcome]


FAULTS: list[Fault] = []


def fault(category: str, status: int, *expect: str) -> Callable[[Callable[[Path], Outcome]], Callable[[Path], Outcome]]:
    def register(make: Callable[[Path], Outcome]) -> Callable[[Path], Outcome]:
        FAULTS.append(Fault(category, make.__name__, status, expect, make))
        return make

    return register


def suite_copy(tmp: Path) -> Path:
    """A private copy of the suite's data (spec and vectors) that a fault may damage."""
    root = tmp / "suite"
    shutil.copytree(REPO / "spec", root / "spec")
    for area in ("deadwood", "knock", "game"):  # enough to select from, quick to load
        shutil.copytree(REPO / "vectors" / area, root / "vectors" / area)
    os.environ["GINSPEC_ROOT"] = str(root)
    variants._catalogue.cache_clear()
    registry.rules_by_id.cache_clear()
    return root


def own_memory(tmp: Path) -> None:
    """A memory of schema checks of the fault's own (``ginspec.suite.schema_checks``), instead of the
    one the run's processes share, which keeps only the latest passes."""
    os.environ[CACHE] = str(tmp / "cache")


@pytest.fixture(autouse=True)
def _restore_root() -> object:
    cache = os.environ.get(CACHE)
    yield
    if cache is None:
        os.environ.pop(CACHE, None)
    else:
        os.environ[CACHE] = cache
    os.environ.pop("GINSPEC_ROOT", None)
    variants._catalogue.cache_clear()
    registry.rules_by_id.cache_clear()


def check(tmp: Path, *argv: str) -> Outcome:
    return run("check", "--only", "vectors", "--report", str(tmp / "report.json"), *argv)


def engine_script(tmp: Path, body: str) -> str:
    """An ``exec:`` engine: a short Python script speaking (or failing to speak) the protocol."""
    path = tmp / "engine.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return f"exec:{sys.executable} {path}"


PROTOCOL_ENGINE = """
import json, sys
def say(message):
    sys.stdout.write(json.dumps(message) + "\\n"); sys.stdout.flush()
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        say({{"type": "capabilities", "protocol": 1, "engine": "scripted", "version": "1", "kinds": ["deadwood"], "omits": ["arrangements"]}})
    elif message["type"] == "stop":
        break
    else:
{answer}
"""


def protocol_engine(tmp: Path, answer: str) -> str:
    return engine_script(tmp, PROTOCOL_ENGINE.format(answer=textwrap.indent(textwrap.dedent(answer), " " * 8)))


# ----------------------------------------------------------------------------- CLI arguments


for bad in ("0", "-1", "inf", "nan", "1e12", "soon"):

    def _timeout(tmp: Path, bad: str = bad) -> Outcome:
        return check(tmp, "--timeout", bad, *KNOWN)

    _timeout.__name__ = f"timeout_{bad}"
    fault("cli", 2, "--timeout", repr(bad) if bad != "soon" else "'soon'")(_timeout)


@fault("cli", 2, "--examples", "'-1'")
def fuzz_examples_negative(tmp: Path) -> Outcome:
    return run("fuzz", "--engine", "reference", "--examples", "-1")


@fault("cli", 2, "cannot split the command", "No closing quotation")
def exec_unbalanced_quote(tmp: Path) -> Outcome:
    return check(tmp, "--engine", 'exec:python "engine.py', *KNOWN)


@fault("cli", 2, "--set", "not valid YAML")
def set_value_not_yaml(tmp: Path) -> Outcome:
    return run("hand", "Ac 2c 3c", "--set", "knock_limit=[1, 2")


@fault("cli", 2, "--set", "refused", "aliases expand")
def set_value_alias_bomb(tmp: Path) -> Outcome:
    return run("hand", "Ac 2c 3c", "--set", "knock_limit=" + BOMB.replace("\n", "\n"))


@fault("cli", 2, "--set", "unknown parameter", "'knock_limitt'")
def set_unknown_parameter(tmp: Path) -> Outcome:
    return run("hand", "Ac 2c 3c", "--set", "knock_limitt=7")


@fault("cli", 2, "is not a card", "characters")
def huge_token_is_quoted_short(tmp: Path) -> Outcome:
    return run("hand", "Z" * 1_000_000)


@fault("cli", 2, "--area", "'nowhere'", "no such rule area")
def unknown_area(tmp: Path) -> Outcome:
    return check(tmp, "--area", "nowhere")


@fault("cli", 2, "--id", "'deadwood-9999'")
def unknown_vector_id(tmp: Path) -> Outcome:
    return check(tmp, "--id", "deadwood-9999")


@fault("cli", 2, "no vector matches")
def selection_matches_nothing(tmp: Path) -> Outcome:
    return check(tmp, "--id", "deadwood-0001", "--area", "knock")


@fault("cli", 2, "unknown variant", "'nowhere'")
def unknown_variant(tmp: Path) -> Outcome:
    return run("variants", "show", "nowhere")


# ----------------------------------------------------------------------------- standard input


@fault("stdin", 2, "line 2", "not UTF-8")
def stdin_not_utf8(tmp: Path) -> Outcome:
    outcome = run("hand", "-", stdin=b"Ac 2c 3c\n\xff\xfe Kd\nAd 2d 3d\n")
    assert outcome.out.count("deadwood") == 2, "the good lines are still answered"
    return outcome


@fault("stdin", 2, "line 1", "'Zz' is not a card")
def stdin_bad_card(tmp: Path) -> Outcome:
    return run("hand", "-", stdin=b"Zz Ac\n")


@fault("stdin", 0, "quit")
def play_stdin_not_utf8(tmp: Path) -> Outcome:
    outcome = run("play", "--seed", "1", stdin=b"\xff\xfe\n")
    return Outcome(outcome.status, outcome.out + ("quit" if "your hand" in outcome.out else ""), outcome.err)


# ----------------------------------------------------------------------------- vectors


def _vector_fault(tmp: Path, change: Callable[[Path], None], *argv: str) -> Outcome:
    root = suite_copy(tmp)
    change(root / "vectors")
    return check(tmp, *(argv or ("--area", "knock")))


@fault("vectors", 2, "vectors/knock/extra.yml", "end in .yaml")
def vector_file_yml(tmp: Path) -> Outcome:
    return _vector_fault(tmp, lambda v: shutil.copy(v / "knock" / "limit.yaml", v / "knock" / "extra.yml"))


@fault("vectors", 2, "vectors/knock/more/limit.yaml", "sub-folder")
def vector_file_in_subfolder(tmp: Path) -> Outcome:
    def change(v: Path) -> None:
        (v / "knock" / "more").mkdir()
        shutil.copy(v / "knock" / "limit.yaml", v / "knock" / "more" / "limit.yaml")

    return _vector_fault(tmp, change)


@fault("vectors", 2, "vectors/deadwood/zero.yaml", "15 cards", "hand_size 10")
def vector_fifteen_card_hand(tmp: Path) -> Outcome:
    def change(v: Path) -> None:
        path = v / "deadwood" / "zero.yaml"
        document = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
        document["vectors"][0]["input"]["hand"] = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d"
        path.write_text(yaml.safe_dump(document), encoding="utf-8")

    return _vector_fault(tmp, change)


@fault("vectors", 2, "vectors/knock/bomb.yaml", "refused", "aliases expand")
def vector_alias_bomb(tmp: Path) -> Outcome:
    return _vector_fault(tmp, lambda v: (v / "knock" / "bomb.yaml").write_text(BOMB, encoding="utf-8"))


@fault("vectors", 2, "vectors/knock/latin1.yaml", "not UTF-8")
def vector_not_utf8(tmp: Path) -> Outcome:
    return _vector_fault(tmp, lambda v: (v / "knock" / "latin1.yaml").write_bytes("area: knock\ndescription: caf\xe9\n".encode("latin-1")))


@fault("vectors", 2, "vectors/knock/loop.yaml", "cannot be read")
def vector_symlink_loop(tmp: Path) -> Outcome:
    def change(v: Path) -> None:
        os.symlink(v / "knock" / "loop2.yaml", v / "knock" / "loop.yaml")
        os.symlink(v / "knock" / "loop.yaml", v / "knock" / "loop2.yaml")

    return _vector_fault(tmp, change)


@fault("vectors", 2, "vectors/knock/limit.yaml", "'Zs' is not a card")
def vector_bad_card(tmp: Path) -> Outcome:
    def change(v: Path) -> None:
        path = v / "knock" / "limit.yaml"
        document = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
        document["vectors"][0]["input"]["hand"] = "Zs " + " ".join(document["vectors"][0]["input"]["hand"].split()[1:])
        path.write_text(yaml.safe_dump(document), encoding="utf-8")

    return _vector_fault(tmp, change)


# ----------------------------------------------------------------------------- variants


def _break_variant(root: Path, name: str = "oklahoma", text: str | None = None) -> None:
    path = root / "spec" / "variants" / f"{name}.yaml"
    path.write_text(text if text is not None else path.read_text(encoding="utf-8").replace("parameters:", "paramters:"), encoding="utf-8")


@fault("variants", 2, "spec/variants/oklahoma.yaml", "'paramters'")
def variant_unknown_key_is_named(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    _break_variant(root)
    return run("variants", "show", "oklahoma")


@fault("variants", 0, "standard")
def variant_broken_elsewhere_does_not_stop_others(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    _break_variant(root)
    shown = run("variants", "show", "standard")
    assert shown.status == 0, shown.text
    checked = check(tmp, "--area", "knock")
    assert checked.status == 0 and "vector" not in checked.err, checked.text
    hand = run("hand", "Ac 2c 3c")
    return Outcome(hand.status, shown.out + hand.out, shown.err + checked.err + hand.err)


@fault("variants", 2, "spec/variants/oklahoma.yaml", "paramters")
def variant_broken_and_used_is_blamed_not_the_vector(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    _break_variant(root)
    outcome = check(tmp)
    assert "vectors/" not in outcome.err, "the vector using the variant is not at fault"
    return outcome


@fault("variants", 0, "spec/variants/oklahoma.yaml", "paramters", "left out")
def variant_list_names_the_broken_file(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    _break_variant(root)
    outcome = run("variants")
    assert "standard" in outcome.out, "the other variants are still listed"
    assert "oklahoma " not in outcome.out, "the broken one is not"
    notes = outcome.err.strip().splitlines()
    assert all(line.startswith("ginspec: note: variant ") and " left out: " in line for line in notes), notes
    assert len(notes) == 2, "one line for oklahoma, one for oklahoma-ace-one which extends it"
    return outcome


@fault("variants", 2, "spec/variants/oklahoma.yaml", "refused", "aliases expand")
def variant_alias_bomb(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    _break_variant(root, text=BOMB)
    return run("variants", "show", "oklahoma")


@fault("variants", 2, "spec/variants/oklahoma.yaml", "not UTF-8")
def variant_not_utf8(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    (root / "spec" / "variants" / "oklahoma.yaml").write_bytes(b"name: oklahoma\ntitle: \xff\n")
    return run("hand", "Ac 2c 3c", "--variant", "oklahoma")


@fault("variants", 0, "chain-999", "knock_limit")
def variant_extends_chain_1000_long(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    own_memory(tmp)  # a thousand passes would push the suite's own files out of the run's memory
    folder = root / "spec" / "variants"
    for number in range(1000):
        parent = "standard" if number == 0 else f"chain-{number - 1}"
        (folder / f"chain-{number}.yaml").write_text(
            f"name: chain-{number}\ntitle: Chain {number}\ndescription: A long chain.\nsources: [PAGAT]\nextends: {parent}\nparameters: {{}}\n",
            encoding="utf-8",
        )
    return run("variants", "show", "chain-999")


# ----------------------------------------------------------------------------- expectations


def _expectations(tmp: Path, text: str) -> Outcome:
    path = tmp / "expected.yaml"
    path.write_text(text, encoding="utf-8")
    return check(tmp, "--expectations", str(path), *KNOWN)


@fault("expectations", 2, "expected.yaml", "not list")
def expectations_a_list(tmp: Path) -> Outcome:
    return _expectations(tmp, "- id: deadwood-0001\n")


@fault("expectations", 2, "expected.yaml", "departures", "5")
def expectations_departures_a_number(tmp: Path) -> Outcome:
    return _expectations(tmp, "engine: x\ndepartures: 5\n")


@fault("expectations", 2, "expected.yaml", "departure #1", "id")
def expectations_id_a_list(tmp: Path) -> Outcome:
    return _expectations(tmp, "departures:\n  - id: [a, b]\n    kind: bug\n    reason: r\n")


@fault("expectations", 2, "expected.yaml", "not valid YAML")
def expectations_not_yaml(tmp: Path) -> Outcome:
    return _expectations(tmp, "departures: [\n")


@fault("expectations", 2, "expected.yaml", "'deadwood-0001'", "kind must be")
def expectations_bad_kind(tmp: Path) -> Outcome:
    return _expectations(tmp, "departures:\n  - id: deadwood-0001\n    kind: feature\n    reason: r\n")


# ----------------------------------------------------------------------------- transcripts


def _played(tmp: Path) -> dict:
    path = tmp / "played.yaml"
    outcome = run("play", "--seed", "4", "--save", str(path), stdin=b"1\n" * 200)
    assert outcome.status == 0, outcome.text
    return yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)


def _replay(tmp: Path, document: object, *argv: str) -> Outcome:
    path = tmp / "hand.yaml"
    path.write_text(yaml.safe_dump(document) if not isinstance(document, str) else document, encoding="utf-8")
    return run("replay", str(path), *argv)


@fault("transcripts", 1, "the transcript is wrong", "stop before the hand is over")
def transcript_stops_early(tmp: Path) -> Outcome:
    document = _played(tmp)
    document["actions"] = document["actions"][:-3]
    return _replay(tmp, document)


@fault("transcripts", 2, "hand.yaml: result", "'pionts'", "did you mean 'points'")
def transcript_misspelt_field(tmp: Path) -> Outcome:
    document = _played(tmp)
    document["result"]["pionts"] = 99
    return _replay(tmp, document)


@fault("transcripts", 2, "hand.yaml", "'reslt'", "did you mean 'result'")
def transcript_misspelt_top_level(tmp: Path) -> Outcome:
    document = _played(tmp)
    document["reslt"] = document.pop("result")
    return _replay(tmp, document)


@fault("transcripts", 1, "the transcript is wrong", "points=999")
def transcript_wrong_recorded_result_blames_the_transcript(tmp: Path) -> Outcome:
    document = _played(tmp)
    document["result"]["points"] = 999
    outcome = _replay(tmp, document, "--engine", "tests.engines.faulty:_Deadwood")
    assert "departs" not in outcome.text, "the engine is not to blame"
    return outcome


@fault("transcripts", 2, "hand.yaml: actions", "None")
def transcript_actions_null(tmp: Path) -> Outcome:
    return _replay(tmp, {**_played(tmp), "actions": None})


@fault("transcripts", 2, "hand.yaml: deal", "'Ac 2c'")
def transcript_deal_a_string(tmp: Path) -> Outcome:
    return _replay(tmp, {**_played(tmp), "deal": "Ac 2c"})


@fault("transcripts", 2, "hand.yaml: deal", "'dealer'")
def transcript_no_dealer(tmp: Path) -> Outcome:
    document = _played(tmp)
    del document["deal"]["dealer"]
    return _replay(tmp, document)


@fault("transcripts", 2, "hand.yaml: deal.hands.p2", "missing")
def transcript_no_hand_for_p2(tmp: Path) -> Outcome:
    document = _played(tmp)
    del document["deal"]["hands"]["p2"]
    return _replay(tmp, document)


@fault("transcripts", 2, "hand.yaml: overrides", "list")
def transcript_overrides_a_list(tmp: Path) -> Outcome:
    return _replay(tmp, {**_played(tmp), "overrides": ["knock_limit", 7]})


@fault("transcripts", 2, "hand.yaml: deal.hands.p1", "'Zz' is not a card")
def transcript_bad_card_named_with_field(tmp: Path) -> Outcome:
    document = _played(tmp)
    document["deal"]["hands"]["p1"] = "Zz " + " ".join(document["deal"]["hands"]["p1"].split()[1:])
    return _replay(tmp, document)


@fault("transcripts", 2, "hand.yaml: deal.stock", "also dealt in deal.hands.p1")
def transcript_card_dealt_twice(tmp: Path) -> Outcome:
    document = _played(tmp)
    first = document["deal"]["hands"]["p1"].split()[0]
    document["deal"]["stock"] = first + " " + " ".join(document["deal"]["stock"].split()[1:])
    return _replay(tmp, document)


@fault("transcripts", 2, "hand.yaml", "refused", "aliases expand")
def transcript_alias_bomb(tmp: Path) -> Outcome:
    return _replay(tmp, BOMB)


@fault("transcripts", 1, "departs", "reported no states")
def transcript_engine_reports_no_state(tmp: Path) -> Outcome:
    return _replay(tmp, _played(tmp), "--engine", "tests.engines.faulty:ReportsNoState")


@fault("transcripts", 1, "departs", "did not report")
def transcript_engine_reports_empty_states(tmp: Path) -> Outcome:
    return _replay(tmp, _played(tmp), "--engine", "tests.engines.faulty:EmptyStates")


@fault("transcripts", 1, "failed", "ZeroDivisionError")
def transcript_engine_raises(tmp: Path) -> Outcome:
    return _replay(tmp, _played(tmp), "--engine", "tests.engines.faulty:RaisesInAsk")


@fault("transcripts", 2, "3 transcripts", "1 ok", "1 wrong", "1 invalid")
def transcript_many_in_one_run(tmp: Path) -> Outcome:
    document = _played(tmp)
    folder = tmp / "hands"
    folder.mkdir()
    (folder / "a-good.yaml").write_text(yaml.safe_dump(document), encoding="utf-8")
    (folder / "b-wrong.yaml").write_text(yaml.safe_dump({**document, "result": {**document["result"], "points": 999}}), encoding="utf-8")
    (folder / "c-invalid.yml").write_text("deal: 5\nactions: []\n", encoding="utf-8")
    return run("replay", str(folder))


# ----------------------------------------------------------------------------- reports and output paths


@fault("reports", 2, "--report", "is a folder")
def report_names_a_folder(tmp: Path) -> Outcome:
    return run("check", "--only", "vectors", "--report", str(tmp), *KNOWN)


@fault("reports", 2, "--report", "does not exist")
def report_in_a_missing_folder(tmp: Path) -> Outcome:
    return run("check", "--only", "vectors", "--report", str(tmp / "no" / "r.json"), *KNOWN)


@fault("reports", 2, "--markdown", "is a folder")
def markdown_names_a_folder(tmp: Path) -> Outcome:
    return check(tmp, "--markdown", str(tmp), *KNOWN)


@fault("reports", 2, "--json", "does not exist")
def coverage_json_in_a_missing_folder(tmp: Path) -> Outcome:
    return run("coverage", "--json", str(tmp / "no" / "coverage.json"))


@fault("reports", 2, "--save", "the file exists", "--force")
def play_save_never_overwrites(tmp: Path) -> Outcome:
    path = tmp / "mine.yaml"
    path.write_text("my notes\n", encoding="utf-8")
    outcome = run("play", "--seed", "1", "--save", str(path), stdin=b"1\n" * 200)
    assert path.read_text(encoding="utf-8") == "my notes\n"
    assert "your hand" not in outcome.out, "refused before the hand is dealt"
    return outcome


@fault("reports", 2, "--save", "is a folder")
def play_save_names_a_folder(tmp: Path) -> Outcome:
    outcome = run("play", "--seed", "1", "--save", str(tmp), stdin=b"1\n" * 200)
    assert "your hand" not in outcome.out
    return outcome


@fault("reports", 0, "saved to")
def play_save_with_force_replaces(tmp: Path) -> Outcome:
    path = tmp / "mine.yaml"
    path.write_text("old\n", encoding="utf-8")
    outcome = run("play", "--seed", "4", "--save", str(path), "--force", stdin=b"1\n" * 200)
    assert "actions" in path.read_text(encoding="utf-8")
    return outcome


@fault("reports", 2, "--report", "is not a ginspec report", "--force")
def check_report_never_overwrites_a_file_of_the_user(tmp: Path) -> Outcome:
    path = tmp / "mine.json"
    path.write_text('{"my": "notes"}\n', encoding="utf-8")
    outcome = run("check", "--only", "vectors", "--report", str(path), *KNOWN)
    assert path.read_text(encoding="utf-8") == '{"my": "notes"}\n'
    assert "passed" not in outcome.out, "refused before any case runs"
    return outcome


@fault("reports", 2, "--junit-xml", "is not a ginspec JUnit report", "--force")
def check_junit_never_overwrites_a_file_of_the_user(tmp: Path) -> Outcome:
    path = tmp / "mine.xml"
    path.write_text("<notes/>\n", encoding="utf-8")
    outcome = check(tmp, "--junit-xml", str(path), *KNOWN)
    assert path.read_text(encoding="utf-8") == "<notes/>\n"
    return outcome


@fault("reports", 0, "2 passed, 0 failed")
def check_replaces_its_own_reports_and_with_force_any_file(tmp: Path) -> Outcome:
    outputs = ["--markdown", str(tmp / "r.md"), "--junit-xml", str(tmp / "r.xml")]
    first = check(tmp, *outputs, *KNOWN)
    assert first.status == 0 and (tmp / "report.json").stat().st_size > 0
    again = check(tmp, *outputs, "--id", "deadwood-0003")  # an earlier run's reports are replaced
    assert again.status == 0 and "deadwood-0003" in (tmp / "report.json").read_text(encoding="utf-8")
    assert "deadwood-0003" in (tmp / "r.xml").read_text(encoding="utf-8")
    mine = tmp / "mine.md"
    mine.write_text("my notes\n", encoding="utf-8")
    forced = check(tmp, "--markdown", str(mine), "--force", *KNOWN)
    assert mine.read_text(encoding="utf-8").startswith("# Conformance of ")
    return forced


@fault("reports", 0, "kept whole")
def report_write_is_atomic(tmp: Path) -> Outcome:
    path = tmp / "report.json"
    path.write_text('{"good": true}\n', encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        write_atomic(path, '{"half": "\ud800"}')  # fails during the write, like a full disk
    assert path.read_text(encoding="utf-8") == '{"good": true}\n'
    assert sorted(os.listdir(tmp)) == ["report.json"], "no temporary file is left"
    return Outcome(0, "kept whole", "")


@fault("reports", 0, "identical")
def reports_identical_and_strict(tmp: Path) -> Outcome:
    texts = []
    for number in range(2):
        outcome = run("check", "--only", "vectors", "--area", "knock", "--report", str(tmp / f"r{number}.json"))
        assert outcome.status == 0, outcome.text

        def no_nan(name: str) -> None:
            raise ValueError(name)

        report = json.loads((tmp / f"r{number}.json").read_text(encoding="utf-8"), parse_constant=no_nan)
        report["header"].pop("created")
        for record in report["records"]:
            record.pop("seconds")
        texts.append(json.dumps(report, sort_keys=False))
    assert texts[0] == texts[1]
    return Outcome(0, "identical", "")


@fault("reports", 1, "sys.exit(0)")
def report_path_from_the_engine_asked_for(tmp: Path) -> Outcome:
    root = suite_copy(tmp)
    outcome = run("check", "--only", "vectors", "--engine", "tests.engines.faulty:CallsItselfReference", *KNOWN)
    assert outcome.status == 0, outcome.text
    assert not (root / "reports" / "reference.json").exists(), "an engine calling itself reference takes no one's report"
    assert (root / "reports" / "tests.engines.faulty_CallsItselfReference.json").exists()
    (root / "expectations").mkdir()
    (root / "expectations" / "reference.yaml").write_text("departures:\n  - id: deadwood-0001\n    kind: bug\n    reason: r\n", encoding="utf-8")
    again = run("check", "--only", "vectors", "--engine", "tests.engines.faulty:CallsItselfReference", *KNOWN)
    assert again.status == 0, "the expectations of 'reference' are not applied to another engine"
    return run("check", "--only", "vectors", "--engine", "tests.engines.faulty:ExitsInAsk", *KNOWN)


@fault("reports", 141, "")
def broken_pipe_into_head(tmp: Path) -> Outcome:
    process = subprocess.Popen(
        [sys.executable, "-m", "ginspec", "hand", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdout.close()  # the reader went away, as head does
    _, err = process.communicate(b"Ac 2c 3c\n" * 20000, timeout=60)
    return Outcome(process.returncode, "", err.decode())


# ----------------------------------------------------------------------------- Python adapters


def _adapter(tmp: Path, name: str, *argv: str) -> Outcome:
    return check(tmp, "--engine", f"tests.engines.faulty:{name}", *(argv or KNOWN))


@fault("python-adapters", 1, "sys.exit(0)", "0 passed, 0 failed, 0 expected failures, 0 unsupported, 2 errors", "report:")
def adapter_calls_sys_exit(tmp: Path) -> Outcome:
    return _adapter(tmp, "ExitsInAsk")


@fault("python-adapters", 2, "starting it failed", "RuntimeError: no licence key")
def adapter_constructor_raises(tmp: Path) -> Outcome:
    return _adapter(tmp, "RaisesInConstructor")


@fault("python-adapters", 2, "starting it failed", "sys.exit(3)")
def adapter_constructor_exits(tmp: Path) -> Outcome:
    return _adapter(tmp, "ExitsInConstructor")


@fault("python-adapters", 2, "capabilities() failed", "KeyError")
def adapter_capabilities_raises(tmp: Path) -> Outcome:
    return _adapter(tmp, "RaisesInCapabilities")


@fault("python-adapters", 1, "2 passed, 0 failed", "close() failed", "cannot free the engine")
def adapter_close_raises(tmp: Path) -> Outcome:
    return _adapter(tmp, "RaisesInClose")


@fault("python-adapters", 1, "not an object", "NoneType")
def adapter_returns_none(tmp: Path) -> Outcome:
    return _adapter(tmp, "AnswersNone")


@fault("python-adapters", 1, "NaN")
def adapter_returns_nan(tmp: Path) -> Outcome:
    outcome = _adapter(tmp, "AnswersNaN")
    json.loads((tmp / "report.json").read_text(encoding="utf-8"), parse_constant=lambda name: 1 / 0)
    return outcome


@fault("python-adapters", 1, "not plain JSON data")
def adapter_returns_a_set(tmp: Path) -> Outcome:
    return _adapter(tmp, "AnswersASet")


@fault("python-adapters", 1, "TIMEOUT deadwood-0001", "TIMEOUT deadwood-0002", "1 passed, 0 failed, 0 expected failures, 0 unsupported, 2 timeouts")
def adapter_hangs_under_the_timeout(tmp: Path) -> Outcome:
    from tests.engines.faulty import Hangs

    Hangs.asked = 0  # it hangs on the first two questions it gets in this process
    # it hangs for real (on an event never set), so a short timeout proves the point; the third
    # question is answered in-process in about a millisecond, far within it
    return _adapter(tmp, "Hangs", "--timeout", "0.5", "--id", "deadwood-0001", "--id", "deadwood-0002", "--id", "deadwood-0003")


@fault("python-adapters", 0, "2 passed")
def adapter_mutating_its_input_is_not_recorded(tmp: Path) -> Outcome:
    outcome = _adapter(tmp, "MutatesInput")
    records = json.loads((tmp / "report.json").read_text(encoding="utf-8"))["records"]
    assert all("Zz" not in record["input"]["hand"] for record in records)
    return outcome


@fault("python-adapters", 1, "does not follow the protocol")
def adapter_wrong_inner_types(tmp: Path) -> Outcome:
    # two replayed hands: each answer's shape is checked on its own, as in a run of every hand
    return _adapter(tmp, "WrongInnerTypes", "--id", "round-0001", "--id", "round-0002")


@fault("python-adapters", 1, "are unsupported", "nothing was checked")
def adapter_supports_nothing_asked(tmp: Path) -> Outcome:
    return _adapter(tmp, "RaisesInAsk", "--area", "scoring")


# ----------------------------------------------------------------------------- exec: engines


@fault("exec-engines", 2, "did not start the protocol", "'Welcome to GinBot 3000'")
def exec_start_banner_is_quoted(tmp: Path) -> Outcome:
    return check(tmp, "--engine", engine_script(tmp, "import sys\nprint('Welcome to GinBot 3000', flush=True)\nsys.stdin.readline()\n"), *KNOWN)


@fault("exec-engines", 2, "did not start the protocol", "within 0.5 s")
def exec_start_wait_follows_timeout(tmp: Path) -> Outcome:
    started = time.monotonic()
    outcome = check(tmp, "--timeout", "0.5", "--engine", engine_script(tmp, "import time\ntime.sleep(60)\n"), *KNOWN)
    assert time.monotonic() - started < 20
    return outcome


@fault("exec-engines", 1, "not JSON", "NaN")
def exec_answers_nan(tmp: Path) -> Outcome:
    engine = protocol_engine(tmp, 'sys.stdout.write(\'{"type": "answer", "id": "%s", "answer": {"deadwood": NaN}}\\n\' % message["id"]); sys.stdout.flush()')
    outcome = check(tmp, "--engine", engine, *KNOWN)
    json.loads((tmp / "report.json").read_text(encoding="utf-8"), parse_constant=lambda name: 1 / 0)
    return outcome


@fault("exec-engines", 1, "not UTF-8", "0xff")
def exec_output_not_utf8(tmp: Path) -> Outcome:
    engine = protocol_engine(tmp, 'sys.stdout.buffer.write(b"\\xff\\xfe answer\\n"); sys.stdout.flush()')
    return check(tmp, "--timeout", "5", "--engine", engine, *KNOWN)


@fault("exec-engines", 1, "longer than 4,194,304 characters", "1 passed, 0 failed, 0 expected failures, 0 unsupported, 1 error")
def exec_endless_line(tmp: Path) -> Outcome:
    engine = protocol_engine(
        tmp,
        """
        if message["id"] == "deadwood-0001":
            sys.stdout.write("7" * 20_000_000 + "\\n")
        else:
            say({"type": "answer", "id": message["id"], "answer": {"deadwood": 51}})  # deadwood-0002's, by hand
        sys.stdout.flush()
        """,
    )
    return check(tmp, "--timeout", "30", "--engine", engine, *KNOWN)


def misbehaving(tmp: Path, faults: dict[str, str], *argv: str) -> Outcome:
    """``ginspec check`` of :data:`KNOWN` against tests/engines/misbehaving.py, faulting on the
    cases of ``faults`` (case ID to fault)."""
    settings = environment(faults)
    os.environ.update(settings)
    try:
        return check(tmp, *argv, "--engine", f"exec:{sys.executable} -m tests.engines.misbehaving", *KNOWN)
    finally:
        for name in settings:
            del os.environ[name]


@fault("exec-engines", 1, "exit status 139", "segmentation fault (pretend)")
def exec_protocol_fault_crash(tmp: Path) -> Outcome:
    return misbehaving(tmp, {"deadwood-0001": "crash"})


@fault("exec-engines", 1, "wrong shape")
def exec_protocol_fault_shape(tmp: Path) -> Outcome:
    return misbehaving(tmp, {"deadwood-0002": "shape"})


for _name, _words in (
    ("hang", ("TIMEOUT deadwood-0001", "no answer within 2 s")),
    ("garbage", ("not JSON", "deadwood is 12, I think")),
    ("stderr", ("TIMEOUT deadwood-0001", "standard error instead of standard output")),
    ("wrong-id", ("answered case 'someone-else'",)),
):

    def _protocol_fault(tmp: Path, name: str = _name) -> Outcome:
        # the start wait follows --timeout too: long enough for a loaded machine to start Python
        # twice, the engine being started again after the fault, and to import the reference engine
        # for the answer to deadwood-0002 (about 0.15 s of processor time in all)
        return misbehaving(tmp, {"deadwood-0001": name}, "--timeout", "2" if name in ("hang", "stderr") else "30")

    _protocol_fault.__name__ = f"exec_protocol_fault_{_name.replace('-', '_')}"
    _closing = "1 timeout" if _name in ("hang", "stderr") else "1 error"
    fault("exec-engines", 1, f"1 passed, 0 failed, 0 expected failures, 0 unsupported, {_closing}", *_words)(_protocol_fault)


@fault("exec-engines", 0, "bounded")
def exec_standard_error_is_bounded(tmp: Path) -> Outcome:
    from ginspec.adapters.engine_process import STDERR_KEPT, _Tail

    tail = _Tail()
    for number in range(200_000):
        tail.append(f"log line {number}\n")
    tail.append("x" * (STDERR_KEPT * 4))
    assert tail.size <= STDERR_KEPT and "".join(tail).endswith("x" * 100)
    return Outcome(0, "bounded", "")


@fault("exec-engines", 143, "stopped by signal 15")
def sigterm_stops_the_engine_process_group(tmp: Path) -> Outcome:
    pid_file = tmp / "engine.pid"
    engine = protocol_engine(tmp, f'open({str(pid_file)!r}, "w").write(str(__import__("os").getpid())); __import__("time").sleep(120)')
    process = subprocess.Popen(
        [sys.executable, "-m", "ginspec", "check", "--only", "vectors", "--timeout", "100", "--report", str(tmp / "r.json"), "--engine", engine, *KNOWN],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
    )
    deadline = time.monotonic() + 60
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() < deadline and process.poll() is None, "the engine never started"
        time.sleep(0.05)
    engine_pid = int(pid_file.read_text())
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=30)
    for _ in range(100):
        try:
            os.kill(engine_pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        os.kill(engine_pid, signal.SIGKILL)
        raise AssertionError("the engine outlived ginspec")
    return Outcome(process.returncode, out.decode(), err.decode())


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
        if "transcripts" not in case.name and "variants" != case.category:
            assert len(outcome.err.strip().splitlines()) == 1, f"one line, not:\n{outcome.err}"


MINIMUM = {
    "cli": 10,
    "stdin": 3,
    "vectors": 7,
    "variants": 7,
    "expectations": 5,
    "transcripts": 15,
    "reports": 10,
    "python-adapters": 12,
    "exec-engines": 12,
}


def test_every_category_is_covered() -> None:
    counts = Counter(case.category for case in FAULTS)
    print("\nfault battery: " + ", ".join(f"{category} {counts[category]}" for category in MINIMUM) + f"; {sum(counts.values())} in all")
    for category, least in MINIMUM.items():
        assert counts[category] >= least, f"{category}: {counts[category]} faults, at least {least} wanted"
