"""Every command starts at once: the parser knows each command's options without importing the
work of any command (``ginspec/commands/main.py``), and a quick command imports only what it uses.

Each check runs in a fresh interpreter, so that what another test imported does not count."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

WORK = ("ginspec.judging", "ginspec.adapters", "ginspec.run", "ginspec.bdd", "ginspec.detection", "ginspec.play", "ginspec.site")
"""The layers of the work itself: the runner, the judge and the diagnosis, the engines, the run
pipeline, the scenarios, the detection tools, hands played move by move, the site."""

CAMPAIGN_OPTIONS = ("ginspec.detection", "ginspec.detection.campaign", "ginspec.detection.campaign.arguments", "ginspec.detection.campaign.shards")
"""The options of ``fuzz --hands`` live beside the campaign, in modules of options alone (argparse and
one dataclass): the parser may import these, and nothing else of the detection layer."""


def _imported_after(code: str) -> list[str]:
    """The modules of ginspec and the reference engine a fresh interpreter holds after ``code``."""
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith(('ginspec', 'reference_impl')))))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def _of(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return [name for name in modules if name.startswith(prefixes) and name not in CAMPAIGN_OPTIONS]


def test_the_parser_imports_no_work() -> None:
    modules = _imported_after("import ginspec.commands.main as m\nm.build_parser()")
    assert "ginspec.commands.main" in modules
    assert _of(modules, WORK) == []
    assert _of(modules, ("reference_impl",)) == []  # the rules are not needed to know the options


@pytest.mark.parametrize(
    ("argv", "allowed"),
    [
        (["--version"], ()),
        (["cases", "--help"], ()),
        (["hand", "Ac 2c 3c 7d 7h 7s Ts Js Qs Kd"], ("ginspec.play", "ginspec.play.honour", "ginspec.play.playground")),
        (["score", "--knocker", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 4c", "--defender", "4h 5h Kc Kd 8s 8d 2c 6c Qs Js"], ("ginspec.play", "ginspec.play.honour", "ginspec.play.playground")),
    ],
)
def test_a_quick_command_imports_only_what_it_uses(argv: list[str], allowed: tuple[str, ...]) -> None:
    code = f"import ginspec.commands.main as m\ntry:\n    m.main({argv!r})\nexcept SystemExit:\n    pass"
    modules = _imported_after(code)
    assert [name for name in _of(modules, WORK) if name not in allowed] == []


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["hand", "Ac 2c"], "hand"),
        (["--suite-root", "hand", "score", "--knocker", "Ac"], "score"),  # a folder named like a command
        (["--suite", "check", "cases"], "cases"),  # an abbreviation of --suite-root takes its value too
        (["--suite-root=check", "variants", "show", "standard"], "variants"),
        (["--version"], ""),
        (["--vers", "hand"], ""),
        (["--help"], None),
        (["hnad"], None),  # no command: every command is built, so that the parser names them all
        ([], None),
    ],
)
def test_the_command_named_on_the_line(argv: list[str], named: str | None) -> None:
    from ginspec.commands.main import _command_named

    assert _command_named(argv) == named


def test_a_command_after_the_suite_root_is_parsed_with_its_own_options() -> None:
    from ginspec.commands.main import main

    root = Path(__file__).resolve().parent.parent
    out = io.StringIO()
    assert main(["--suite-root", str(root), "hand", "Ac 2c 3c 7d 7h 7s Ts Js Qs Kd", "--json"], out) == 0
    assert json.loads(out.getvalue())["deadwood"] == 10  # K♦ alone is left over (the README's example)
