"""The signatures pytest-bdd reads as it runs steps, remembered per function
(ginspec.bdd.step_signatures): the same answers as reading them, read once."""

from __future__ import annotations

import gc
import importlib
import inspect
import weakref
from typing import Any, Callable

from ginspec.bdd.step_signatures import install, remembered_required_args, remembered_signature


def _counting(read: Callable[[Any], Any]) -> tuple[Callable[[Any], Any], list[Any]]:
    asked: list[Any] = []

    def counted(function: Any) -> Any:
        asked.append(function)
        return read(function)

    return counted, asked


def _step(hand: str, request: Any, table: Any = None) -> None:
    """A step function as the suite writes them: parsed arguments, fixtures, a default."""


def test_the_suites_runs_read_each_signature_once() -> None:
    assert install()
    scenario = importlib.import_module("pytest_bdd.scenario")
    assert getattr(scenario.signature, "__ginspec_step_signatures__", False)
    assert getattr(scenario.get_required_args, "__ginspec_step_signatures__", False)
    assert install(), "installing twice keeps the remembered versions"
    assert scenario.signature(_step) == inspect.signature(_step)
    assert scenario.get_required_args(_step) == ["hand", "request"]


def test_a_signature_is_read_once_per_function() -> None:
    read, asked = _counting(inspect.signature)
    signature = remembered_signature(read)

    def other(a: int, *, b: int = 1) -> None:
        """Another function, with its own signature."""

    assert signature(_step) == inspect.signature(_step)
    assert signature(_step) is signature(_step)
    assert signature(other) == inspect.signature(other)
    assert asked == [_step, other]


def test_required_arguments_are_read_once_and_each_caller_gets_its_own_list() -> None:
    from pytest_bdd.utils import get_required_args

    read, asked = _counting(get_required_args)
    required = remembered_required_args(read)
    first = required(_step)
    assert first == ["hand", "request"]
    first.append("changed by the caller")
    assert required(_step) == ["hand", "request"]
    assert asked == [_step]


class _Unhashable:
    __hash__ = None  # type: ignore[assignment]

    def __call__(self, x: int) -> None:
        """A callable object that cannot be a key."""


def test_a_callable_that_cannot_be_remembered_is_read_every_time() -> None:
    read, asked = _counting(inspect.signature)
    signature = remembered_signature(read)
    unhashable = _Unhashable()
    assert signature(unhashable) == inspect.signature(unhashable)
    assert signature(unhashable) == inspect.signature(unhashable)
    assert signature(len) == inspect.signature(len)  # a builtin takes no weak reference
    assert asked == [unhashable, unhashable, len]


def test_a_function_no_longer_defined_is_not_kept_alive_and_a_new_one_is_read() -> None:
    read, asked = _counting(inspect.signature)
    signature = remembered_signature(read)
    namespace: dict[str, Any] = {}
    exec("def step(first):\n    pass\n", namespace)  # noqa: S102 - a throwaway function
    assert list(signature(namespace["step"]).parameters) == ["first"]
    old = weakref.ref(namespace["step"])
    asked.clear()
    exec("def step(second, third):\n    pass\n", namespace)  # noqa: S102 - redefined
    gc.collect()
    assert old() is None, "the memory holds no function alive"
    assert list(signature(namespace["step"]).parameters) == ["second", "third"]
    assert len(asked) == 1


def test_a_signature_that_cannot_be_read_still_raises() -> None:
    signature = remembered_signature(inspect.signature)
    try:
        signature(object())
    except TypeError as error:
        assert "callable" in str(error)
    else:
        raise AssertionError("a non-callable has no signature")
