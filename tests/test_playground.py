"""The playground's Python, in CPython: its answers are the commands' (``ginspec hand --json``,
``ginspec score --json``), its refusals the commands' one-line messages, its link reads back to the
same question and ``--link`` prints it (off by default); the bundle the page runs holds the
package's own modules and nothing outside the standard library; the runtime is pinned.
The same answers in a real browser: ``tests/test_site_playground.py``."""

from __future__ import annotations

import io
import json
import shutil
import textwrap
from contextlib import redirect_stderr
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from ginspec.commands.main import main
from ginspec.play import playground
from ginspec.play.playground import Question
from ginspec.site import playground_bundle, pyodide_runtime
from ginspec.site.examples import playground_question
from ginspec.suite.loaded import Suite

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def suite() -> Suite:
    return Suite(ROOT, ROOT / "no-reports")


@pytest.fixture(scope="module", autouse=True)
def variants(suite: Suite) -> None:
    playground.configure({name: variant.parameters for name, variant in suite.variants.items()})


def _command(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        status = main(args, out=out)
    return status, out.getvalue(), err.getvalue()


def _cli(question: Question) -> dict:
    """What the commands answer for ``question`` (``--json``)."""
    options = ["--json", "--variant", question.variant]
    options += ["--upcard", question.upcard] if question.upcard else []
    for key, value in question.overrides.items():
        options += ["--set", f"{key}={playground._written(value)}"]
    if question.melds:
        options += ["--knocker-melds", question.melds]
    if question.defender:
        status, out, err = _command(["score", "--knocker", question.hand, "--defender", question.defender, *options])
    else:
        status, out, err = _command(["hand", question.hand, *options])
    assert status == 0, err
    return json.loads(out)


def test_readme_hands_worked_by_hand() -> None:
    # README: the melds 7♦ 7♥ 7♠, A♣ 2♣ 3♣, T♠ J♠ Q♠ leave K♦, 10 (DEADWOOD-COUNT)
    rest = playground.ask(Question("Ac 2c 3c 7d 7h 7s Ts Js Qs Kd"))["answer"]
    assert (rest["deadwood"], rest["deadwood_cards"]) == (10, "Kd")
    # eleven cards: discarding 9♣ leaves 3♦ 5♠, 8, under the knock limit of 10 (KNOCK-LIMIT)
    drawn = playground.ask(Question("7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c"))["answer"]
    assert (drawn["discards"], drawn["deadwood"], drawn["can_knock"], drawn["can_gin"]) == ("9c", 8, True, False)
    # the defender lays off 4♥ 5♥ onto A♥ 2♥ 3♥ and keeps 64; the knocker, 4, wins 64 - 4 = 60 (SCORE-KNOCK)
    score = playground.ask(Question("Ah 2h 3h 7c 7d 7s 9c 9d 9s 4c", "4h 5h Kc Kd 8s 8d 2c 6c Qs Js"))["answer"]
    assert (score["outcome"], score["winner"], score["points"], score["defender_deadwood"]) == ("knock", "knocker", 60, 64)
    assert [layoff["card"] for layoff in score["layoffs"]] == ["4h", "5h"]


QUESTIONS = [
    Question("Ac 2c 3c 7d 7h 7s Ts Js Qs Kd"),
    Question("Qs Ks As 2s 3s 7h 7d 7c 9h 9d", variant="straight"),
    Question("7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c", variant="oklahoma", upcard="5s"),
    Question("7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c", overrides={"knock_limit": 7, "ace_in_runs": "low_or_high"}),
    Question("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh"),
    Question("Ah 2h 3h 7c 7d 7s 9c 9d 9s 4c", "4h 5h Kc Kd 8s 8d 2c 6c Qs Js", "oklahoma", "Ks"),
    Question("Ah 2h 3h 7c 7d 7s 9c 9d 9s 4c", "4h 5h Kc Kd 8s 8d 2c 6c Qs Js", overrides={"layoffs": False}),
    Question("Ac 2c 3c 4c 7d 7h 7s 9s 9d 9h", "5c Jd Kd 5h 7c Jh Kh 5s Js Ks", melds="Ac 2c 3c | 7d 7h 7s | 9s 9d 9h"),
]


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda question: f"{question.variant}-{len(question.hand.split())}-{bool(question.defender)}")
def test_answers_are_the_commands(question: Question) -> None:
    reply = playground.ask(question)
    assert "error" not in reply, reply
    assert reply["answer"] == _cli(question)


BAD = [
    (Question("Ac 2c Zs"), "hand", ["hand", "Ac 2c Zs"]),
    (Question("Ac 10h"), "hand", ["hand", "Ac 10h"]),
    (Question("Ac Ac 2c"), "hand", ["hand", "Ac Ac 2c"]),
    (Question("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc"), "hand", ["hand", "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc"]),
    (Question("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc", "2d Xx"), "defender", ["score", "--knocker", "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc", "--defender", "2d Xx"]),
    (Question("7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c", variant="oklahoma"), "upcard", ["hand", "7c 7d 7h 7s Th Jh Qh Kh 3d 5s 9c", "--variant", "oklahoma"]),
    (Question("Ac", overrides={"knock_limt": 3}), "set", ["hand", "Ac", "--set", "knock_limt=3"]),
    (
        Question("Ac 2c 3c 7c 8c 9c 4d 7d 4h 4s", "5d Jd Kd 5h 7h Jh Kh 5s Js Ks", melds="Ac 2c 3c 4d"),
        "melds",
        ["score", "--knocker", "Ac 2c 3c 7c 8c 9c 4d 7d 4h 4s", "--defender", "5d Jd Kd 5h 7h Jh Kh 5s Js Ks", "--knocker-melds", "Ac 2c 3c 4d"],
    ),
    (
        Question("Ac 2c 3c 7c 8c 9c 4d 7d 4h 4s", "5d Jd Kd 5h 7h Jh Kh 5s Js Ks", melds="Ac 2c 3c | 7c 8c 9x"),
        "melds",
        ["score", "--knocker", "Ac 2c 3c 7c 8c 9c 4d 7d 4h 4s", "--defender", "5d Jd Kd 5h 7h Jh Kh 5s Js Ks", "--knocker-melds", "Ac 2c 3c | 7c 8c 9x"],
    ),
]


@pytest.mark.parametrize(("question", "where", "command"), BAD, ids=[command[-1][:12] for _, _, command in BAD])
def test_bad_input_gets_the_commands_message(question: Question, where: str, command: list[str]) -> None:
    status, _, err = _command(command)
    assert status == 2
    reply = playground.ask(question)
    assert reply == {"error": err.strip().removeprefix("ginspec: error: "), "field": where}


def test_an_unknown_variant_is_named_with_the_nearest() -> None:
    reply = playground.ask(Question("Ac", variant="oklahma"))
    assert reply["field"] == "variant" and "'oklahma'" in reply["error"] and "`oklahoma`" in reply["error"]
    assert playground.ask_json("{\"hand\": \"Ac\", \"set\": [1]}") == json.dumps({"error": "--set: parameters are KEY=VALUE pairs, not [1]", "field": "set"})


def test_the_link_reads_back_to_the_question() -> None:
    question = QUESTIONS[2]
    address = playground.link(question, "https://example.org/gin/")
    parts = urlsplit(address)
    assert parts.path == "/gin/playground/"
    read = parse_qs(parts.fragment)
    assert read == {"hand": [question.hand], "variant": ["oklahoma"], "upcard": ["5s"]}
    with_set = parse_qs(urlsplit(playground.link(QUESTIONS[3], "x")).fragment)
    assert with_set["set"] == ["knock_limit=7", "ace_in_runs=low_or_high"]


def test_link_option_is_off_by_default_and_prints_the_link(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GINSPEC_SITE_URL", "https://gin.example/")
    _, plain, _ = _command(["hand", "Ac 2c 3c"])
    assert "link" not in plain and "playground" not in plain
    _, text, _ = _command(["hand", "Ac 2c 3c", "--set", "big_gin=false", "--link"])
    assert text.splitlines()[-1] == "link:      https://gin.example/playground/#hand=Ac+2c+3c&set=big_gin%3Dfalse"
    _, out, _ = _command(["score", "--json", "--link", "--knocker", QUESTIONS[6].hand, "--defender", QUESTIONS[6].defender])
    assert json.loads(out)["link"] == "https://gin.example/playground/#hand=Ah+2h+3h+7c+7d+7s+9c+9d+9s+4c&defender=4h+5h+Kc+Kd+8s+8d+2c+6c+Qs+Js"
    _, out, _ = _command(["score", "--link", "--knocker", QUESTIONS[7].hand, "--defender", QUESTIONS[7].defender, "--knocker-melds", "Ac 2c  3c|7d 7h 7s | 9s 9d 9h"])
    assert parse_qs(urlsplit(out.splitlines()[-1].split()[-1]).fragment)["melds"] == ["Ac 2c 3c | 7d 7h 7s | 9s 9d 9h"]


def test_try_it_asks_the_vector_s_hands(suite: Suite) -> None:
    score = next(vector for vector in suite.vectors if vector.kind == "score" and "refused" not in vector.expected)
    assert playground_question(score) == Question(score.input["knocker"], score.input["defender"], score.variant, overrides=dict(score.overrides))
    spread = next(vector for vector in suite.vectors if vector.kind == "score" and vector.input.get("knocker_melds"))
    assert playground_question(spread).melds == " | ".join(spread.input["knocker_melds"])
    assert playground_question(next(vector for vector in suite.vectors if vector.kind == "round")) is None


def test_the_bundle_is_the_package_s_own_modules() -> None:
    modules = playground_bundle.bundled_modules(ROOT)
    assert {"ginspec.play.playground", "ginspec.adapters.reference", "reference_impl.hand", "ginspec.suite.notation"} <= set(modules)
    assert not any(name.startswith(("ginspec.commands", "ginspec.site", "ginspec.suite.variants")) for name in modules)
    assert playground_bundle.bundle_zip(ROOT) == playground_bundle.bundle_zip(ROOT), "the same source makes the same bundle"


def test_a_module_the_page_cannot_import_stops_the_bundle(tmp_path: Path) -> None:
    for package in ("ginspec", "ginspec/play", "ginspec/adapters", "reference_impl"):
        (tmp_path / package).mkdir(parents=True, exist_ok=True)
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "ginspec/adapters/reference.py").write_text("import reference_impl\n")
    (tmp_path / "ginspec/play/playground.py").write_text(textwrap.dedent("""\
        import json
        def later():
            import numpy  # only when called: not bundled
        import yaml
        """))
    with pytest.raises(playground_bundle.BundleProblem, match=r"^ginspec/play/playground.py: imports 'yaml'"):
        playground_bundle.bundled_modules(tmp_path)


def test_the_runtime_is_pinned_and_a_missing_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert pyodide_runtime.pinned_version(ROOT) == lock["packages"]["node_modules/pyodide"]["version"]
    assert lock["packages"]["node_modules/pyodide"]["integrity"].startswith("sha512-")
    monkeypatch.setenv("GINSPEC_PYODIDE_DIR", str(tmp_path))
    for name in pyodide_runtime.CORE_FILES[:-1]:
        (tmp_path / name).write_text("")
    with pytest.raises(pyodide_runtime.RuntimeMissing, match=r"GINSPEC_PYODIDE_DIR=.*: no pyodide-lock.json$"):
        pyodide_runtime.runtime_folder(ROOT)
    (tmp_path / "pyodide-lock.json").write_text("{}")
    assert pyodide_runtime.runtime_folder(ROOT) == tmp_path
    monkeypatch.delenv("GINSPEC_PYODIDE_DIR")
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm
    empty = tmp_path / "checkout"
    empty.mkdir()
    shutil.copy(ROOT / "package-lock.json", empty)
    with pytest.raises(pyodide_runtime.RuntimeMissing, match="npm is not installed"):
        pyodide_runtime.runtime_folder(empty)


def test_the_runtime_is_installed_by_npm_ci_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in ``npm`` on the PATH: ``npm ci`` is asked for the locked version when
    ``node_modules/`` lacks it, not again once it is there; a failing one is named in one line."""
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    shutil.copy(ROOT / "package-lock.json", checkout)
    version = pyodide_runtime.pinned_version(ROOT)
    tools = tmp_path / "bin"
    tools.mkdir()
    npm = tools / "npm"
    files = " ".join(pyodide_runtime.CORE_FILES)
    npm.write_text(textwrap.dedent(f"""\
        #!/bin/sh
        echo "$@" >> "{tmp_path}/asked"
        [ -f "{tmp_path}/broken" ] && {{ echo "npm ERR! 404 Not Found" >&2; exit 1; }}
        mkdir -p node_modules/pyodide && cd node_modules/pyodide && touch {files}
        echo '{{"version": "{version}"}}' > package.json
        """))
    npm.chmod(0o755)
    monkeypatch.delenv("GINSPEC_PYODIDE_DIR", raising=False)
    monkeypatch.setenv("PATH", f"{tools}:/usr/bin:/bin")
    (tmp_path / "broken").touch()
    with pytest.raises(pyodide_runtime.RuntimeMissing, match=rf"^npm ci could not install pyodide {version}: npm ERR! 404 Not Found$"):
        pyodide_runtime.runtime_folder(checkout)
    (tmp_path / "broken").unlink()
    assert pyodide_runtime.runtime_folder(checkout) == checkout / "node_modules" / "pyodide"
    assert pyodide_runtime.runtime_folder(checkout) == checkout / "node_modules" / "pyodide"
    asked = (tmp_path / "asked").read_text().splitlines()
    assert len(asked) == 2 and all(line.startswith("ci ") for line in asked), asked


def test_the_page_gets_every_variant_and_the_hand_s_parameters(suite: Suite) -> None:
    data = json.loads(playground_bundle.variants_json(suite))
    assert {entry["name"]: entry["parameters"] for entry in data["variants"]} == {name: dict(variant.parameters) for name, variant in suite.variants.items()}
    assert {"knock_limit", "gin_bonus", "ace_in_runs", "oklahoma", "spade_double"} <= set(data["shown"])
    assert "game_target" not in data["shown"], "a game's parameters change no single hand"
    assert data["schemas"]["knock_limit"]["maximum"] == 100 and "KNOCK-LIMIT" in data["schemas"]["knock_limit"]["description"]
    assert data["schemas"]["ace_in_runs"]["enum"] == ["low", "low_or_high"]
