"""What the project's test runs set up for their processes (``conftest.py``): bytecode written
aside where Python is told to write none beside the sources, and the environment put back after;
what collection built set aside from the garbage collector's passes, with the garbage of the tests
still collected, and collected once more before pytest reports the exceptions of finalisers."""

from __future__ import annotations

import gc
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run_setup() -> ModuleType:
    """The checkout's ``conftest.py`` as a module of its own (pytest has loaded it under its own name)."""
    spec = importlib.util.spec_from_file_location("ginspec_run_setup", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Cache:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def mkdir(self, name: str) -> Path:
        path = self.folder / "d" / name
        path.mkdir(parents=True, exist_ok=True)
        return path


def _config(cache: _Cache | None) -> SimpleNamespace:
    return SimpleNamespace(cache=cache, stash=pytest.Stash())


@pytest.fixture
def python_settings(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """This process's bytecode settings, put back after the test whatever it changed."""
    monkeypatch.setattr(sys, "pycache_prefix", sys.pycache_prefix)
    monkeypatch.setattr(sys, "dont_write_bytecode", sys.dont_write_bytecode)
    for name in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_told_to_write_no_bytecode_the_run_writes_it_in_pytests_cache(tmp_path: Path, python_settings: pytest.MonkeyPatch) -> None:
    setup = _run_setup()
    python_settings.setenv("PYTHONDONTWRITEBYTECODE", "1")
    python_settings.setenv("PYTHONPYCACHEPREFIX", "/somewhere/of/the/user")
    config = _config(_Cache(tmp_path / ".pytest_cache"))
    setup._bytecode_aside(config, str(tmp_path / "run"))
    prefix = str(tmp_path / ".pytest_cache" / "d" / "ginspec-bytecode")
    assert os.environ.get("PYTHONDONTWRITEBYTECODE") is None and os.environ["PYTHONPYCACHEPREFIX"] == prefix
    assert sys.pycache_prefix == prefix and sys.dont_write_bytecode is False
    setup._restore(config.stash[setup._BYTECODE_BEFORE])
    assert os.environ["PYTHONDONTWRITEBYTECODE"] == "1" and os.environ["PYTHONPYCACHEPREFIX"] == "/somewhere/of/the/user"


def test_without_pytests_cache_the_bytecode_goes_to_the_runs_own_folder(tmp_path: Path, python_settings: pytest.MonkeyPatch) -> None:
    setup = _run_setup()
    python_settings.setattr(sys, "dont_write_bytecode", True)  # python -B
    setup._bytecode_aside(_config(None), str(tmp_path / "run"))
    assert sys.pycache_prefix == str(tmp_path / "run" / "bytecode")
    assert os.environ["PYTHONPYCACHEPREFIX"] == str(tmp_path / "run" / "bytecode")


def test_where_bytecode_may_be_written_nothing_changes(tmp_path: Path, python_settings: pytest.MonkeyPatch) -> None:
    setup = _run_setup()
    python_settings.setattr(sys, "dont_write_bytecode", False)
    before = sys.pycache_prefix
    config = _config(_Cache(tmp_path / ".pytest_cache"))
    setup._bytecode_aside(config, str(tmp_path / "run"))
    assert sys.pycache_prefix == before and "PYTHONPYCACHEPREFIX" not in os.environ
    assert setup._BYTECODE_BEFORE not in config.stash and not (tmp_path / ".pytest_cache").exists()


class _Item:
    def __init__(self, module: str, number: int) -> None:
        self.path = Path("tests") / module
        self.name = f"{module}::{number}"

    def __repr__(self) -> str:
        return self.name


def _shares(order: list[_Item], workers: int) -> list[list[_Item]]:
    """The contiguous shares pytest-xdist's work stealing deals: what is left divided by the
    processes left."""
    shares, left = [], list(order)
    for index in range(workers):
        size = len(left) // (workers - index)
        shares.append(left[:size])
        left = left[size:]
    return shares


def test_the_long_modules_are_dealt_to_every_share_and_no_test_is_lost() -> None:
    setup = _run_setup()
    long_modules = list(setup.LONG_FIRST)
    items = [_Item(name, number) for name in ("test_a.py", *long_modules, "test_z.py") for number in range(7)]
    for workers in (1, 2, 3, 5):
        order = setup.dealt(list(items), workers)
        assert sorted(map(repr, order)) == sorted(map(repr, items)) and len(order) == len(items)
        assert order == setup.dealt(list(items), workers)  # every process computes the same order
        shares = _shares(order, workers)
        heads = [share[0].path.name for share in shares]
        assert all(head in long_modules for head in heads) and len(set(heads)) == workers, heads
        for share in shares:  # each share's long modules come before its short tests
            kinds = [item.path.name in long_modules for item in share]
            assert kinds == sorted(kinds, reverse=True), share
    one = setup.dealt(list(items), 1)
    assert [item.path.name for item in one[: 7 * len(long_modules)]] == [name for name in long_modules for _ in range(7)]


BUILT_AT_COLLECTION = [object()]
"""A container made while this module was imported, that is while the tests were collected."""


def _tracked(value: object) -> bool:
    """Whether ``value`` is in one of the garbage collector's generations (not set aside)."""
    return any(item is value for generation in range(3) for item in gc.get_objects(generation))


def test_what_collection_built_is_set_aside_and_the_tests_garbage_is_still_collected() -> None:
    assert gc.get_freeze_count() > 0
    assert not _tracked(BUILT_AT_COLLECTION)
    made_now: list[object] = []
    assert _tracked(made_now)

    class Cycle:
        finalised = False

        def __del__(self) -> None:
            Cycle.finalised = True

    cycle = Cycle()
    cycle.itself = cycle  # type: ignore[attr-defined]
    del cycle
    gc.collect()
    assert Cycle.finalised


def test_the_last_collection_comes_before_pytest_reports_the_exceptions_of_finalisers(request: pytest.FixtureRequest) -> None:
    """pytest calls the implementations of a hook from the last in this list to the first."""
    implementations = [hook.plugin_name for hook in request.config.hook.pytest_unconfigure.get_hookimpls()]
    ours = next(index for index, name in enumerate(implementations) if name.endswith("conftest.py"))
    reporting = implementations.index("unraisableexception")
    assert ours > reporting, implementations
