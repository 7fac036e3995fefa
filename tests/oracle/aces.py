"""Where the ace may stand in a run, the variant parameter ``ace_in_runs``.

``low`` (MELD-RUN-ACE-LOW): the ace is rank 1 only, so A-2-3 is a run and Q-K-A is not.
``low_or_high`` (MELD-RUN-ACE-HIGH): a run may also end with the ace above the king, Q-K-A;
nothing comes after the ace, so K-A-2 is still no run (MELD-RUN-NO-WRAP). The ace counts 1 point
either way (CARD-VALUES).

The rule in force is set for the duration of one question (:func:`ace_rule`) and read by the meld
searches of the oracle (:func:`aces_high`), so that their remembered answers are kept per rule.
"""

from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps

ACE_IN_RUNS = ("low", "low_or_high")

_HIGH = ContextVar("aces_high", default=False)


def aces_high():
    """Whether the question being answered lets the ace stand above the king in a run."""
    return _HIGH.get()


@contextmanager
def ace_rule(params):
    """Answer under the ``ace_in_runs`` of ``params`` (``low`` when the parameters do not name it)."""
    value = params.get("ace_in_runs", "low")
    if value not in ACE_IN_RUNS:
        raise ValueError(f"unknown ace_in_runs {value!r}")
    token = _HIGH.set(value == "low_or_high")
    try:
        yield
    finally:
        _HIGH.reset(token)


def under_ace_rule(params_of):
    """A decorator: run the function under the ace rule of the parameters ``params_of`` finds in
    its arguments."""

    def decorate(function):
        @wraps(function)
        def wrapper(*args, **kwargs):
            with ace_rule(params_of(*args, **kwargs)):
                return function(*args, **kwargs)

        return wrapper

    return decorate


def consecutive(numbers):
    """Whether the sorted numbers go up by one each."""
    return all(b == a + 1 for a, b in zip(numbers, numbers[1:]))


def run_positions(ranks):
    """The places of a one-suit group's ranks in a run (sorted), or ``None`` when they do not make
    one: the ace counts as 1, or, where aces may be high, as 14 when that makes the run."""
    low = sorted(ranks)
    if consecutive(low):
        return low
    if aces_high() and 1 in ranks:
        high = sorted(14 if r == 1 else r for r in ranks)
        if consecutive(high):
            return high
    return None
