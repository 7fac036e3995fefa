"""The example engines in other languages (``ginspec new-engine LANG``): each, written out as a
user would get it, passes every meld, deadwood, discard and knock vector through
``ginspec check --engine "exec:..."``. A missing runtime skips its kit with the reason; CI
installs Node.js and Java (``.ci/run``).

Each engine runs as a process of its own, as a user runs it; the ``ginspec`` commands that write
it and check it run in the test process (:mod:`tests.in_process`)."""

from __future__ import annotations

import json
import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.in_process import ginspec

HAND_KINDS = {"meld", "deadwood", "discard", "knock"}


def engine_command(language: str, folder: Path) -> str:
    """Write the kit with ``ginspec new-engine`` and return the command that runs it."""
    written = ginspec("new-engine", language, "--dir", str(folder), cwd=folder.parent)
    assert written.returncode == 0, written.stderr
    if language == "python":
        return f"{sys.executable} {folder / 'gin_engine.py'}"
    if language == "javascript":
        return f"{shutil.which('node')} {folder / 'gin_engine.cjs'}"
    # as new-engine tells the user to run it: the source file launched directly, compiled in memory
    # by the one JVM that then answers (no separate javac run); the JVM compiles its hot code with
    # the quick compiler only and collects its garbage on one thread, which changes its speed on a
    # short run, never its answers
    return f"{shutil.which('java')} -XX:TieredStopAtLevel=1 -XX:+UseSerialGC {folder / 'GinEngine.java'}"


RUNTIMES = {"python": (), "javascript": ("node",), "java": ("javac", "java")}


@pytest.mark.parametrize("language", sorted(RUNTIMES))
def test_the_kit_answers_every_hand_question_by_the_rules(language: str, tmp_path: Path) -> None:
    missing = [program for program in RUNTIMES[language] if shutil.which(program) is None]
    if missing:
        pytest.skip(f"the {language} kit needs {', '.join(missing)}, which is not installed here (CI installs it)")
    command = engine_command(language, tmp_path / "engine")
    report = tmp_path / "report.json"
    result = ginspec(
        "check", "--engine", f"exec:{command}", "--only", "vectors", "--area", "melds", "--area", "deadwood", "--area", "knock",
        "--quiet", "--report", str(report), "--junit-xml", str(tmp_path / "junit.xml"), cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    records = json.loads(report.read_text(encoding="utf-8"))["records"]
    passed = Counter(record["kind"] for record in records if record["status"] == "pass")
    assert set(passed) == HAND_KINDS and min(passed.values()) >= 10, passed
    assert not [record["id"] for record in records if record["kind"] in HAND_KINDS and record["status"] not in ("pass", "unsupported")]
    # an unsupported hand question may only be one that asks for the arrangements it omits
    unsupported = [record for record in records if record["kind"] in HAND_KINDS and record["status"] == "unsupported"]
    assert all("arrangements" in record["message"] or "cannot play" in record["message"] for record in unsupported), unsupported[:3]


def test_new_engine_never_overwrites_a_file(tmp_path: Path) -> None:
    mine = tmp_path / "gin_engine.cjs"
    mine.write_text("// my own engine\n", encoding="utf-8")
    result = ginspec("new-engine", "javascript", "--dir", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 2
    assert "already exists" in result.stderr and "Traceback" not in result.stderr
    assert mine.read_text(encoding="utf-8") == "// my own engine\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["gin_engine.cjs"], "no temporary file is left behind"


def test_the_javascript_kit_starts_inside_an_es_module_package(tmp_path: Path) -> None:
    """A project whose ``package.json`` says ``"type": "module"`` reads a ``.js`` file as an ES
    module, where ``require`` is not defined: the kit must start there all the same."""
    if shutil.which("node") is None:
        pytest.skip("the javascript kit needs node, which is not installed here (CI installs it)")
    import subprocess

    (tmp_path / "package.json").write_text('{"name": "my-gin", "type": "module"}\n', encoding="utf-8")
    written = ginspec("new-engine", "javascript", "--dir", str(tmp_path), cwd=tmp_path)
    assert written.returncode == 0, written.stderr
    command = next(line for line in written.stdout.splitlines() if line.startswith("check it:")).split('"exec:')[1].rstrip('"')
    start = json.dumps({"type": "start", "protocol": 1, "suite": "ginspec"})
    question = json.dumps({"type": "ask", "id": "q1", "kind": "deadwood", "input": {"hand": "Ac 2c 3c 7d 7h 7s Ts Js Qs Kd"}, "parameters": {}})
    answered = subprocess.run(command, shell=True, cwd=tmp_path, input=f"{start}\n{question}\n", capture_output=True, text=True, timeout=60)
    assert "require is not defined" not in answered.stderr, answered.stderr
    first, second = (json.loads(line) for line in answered.stdout.splitlines()[:2])
    assert first["type"] == "capabilities" and "deadwood" in first["kinds"]
    assert second["answer"]["deadwood"] == 10  # K of diamonds: the only card outside the three melds
