"""An engine's judging profile: how the suite judges it, resolved once per run and used by every path.

The profile is the engine's capabilities as the suite reads them (:class:`Capabilities`: the
parameter limits, lay-off style, readings of the open questions, omitted fields and refusals) and
the variant of the run (a name or a house variant's file, with ``--set`` overrides). ``check``,
``replay``, ``fuzz`` (examples, hands, games and tables), ``selftest`` (through ``check``) and both
pytest plugins take it from here: :func:`engine_profile` when the engine starts (the guard of an
in-process adapter and the JSON-lines adapter call it on the capabilities they read), and
:func:`resolve_profile` for the run, so that an engine is judged the same way wherever it is asked.

When the engine starts, its capabilities are checked against the suite, and a contradiction is
one line naming the engine and the token, before anything is asked (exit status 2 from a command):

- a reading of a question that is not in ``spec/ambiguities.yaml``, or a reading letter the
  question does not have;
- a limited parameter that is no variant parameter, or a value the parameter cannot take;
- a home variant that is not known, or whose value of a parameter the engine's own limits (or
  readings) exclude: the engine would be judged under rules it says it cannot play;
- a ``suite_version`` that is not a version number.

Then the profile is completed:

- a ``home_variant`` written as a file (``house.yaml``) is read as a house variant, its path taken
  relative to the file that declares the capabilities (the adapter's module, or an ``exec:``
  engine's program), and named by its variant name from then on;
- a parameter added to the suite after the ``suite_version`` the engine states
  (``spec/parameter-versions.yaml``) is limited to its standard value unless the engine declares
  it; an engine that states no version is told once, on standard error, which of those
  parameters it leaves free.
"""

from __future__ import annotations

import dataclasses
import shlex
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from ginspec.adapters.base import Capabilities, parameter_text
from ginspec.errors import InvalidRegistry, InvalidVariant, SuiteError, UnknownEngine, quote

class ContradictoryCapabilities(UnknownEngine):
    """Capabilities that contradict the suite or themselves (:func:`profile_problem`): every case
    would be judged wrongly, so nothing is asked."""


FIRST_SUITE_VERSION = "0.1"
"""The suite version of every parameter ``spec/parameter-versions.yaml`` does not list."""

_TOLD: set[str] = set()
"""The engines already told which parameters they leave free (once per process)."""


def version_key(text: Any) -> tuple[int, ...] | None:
    """``"0.2"`` as ``(0, 2)`` (trailing zeros dropped, so ``0.2.0`` is ``0.2``); ``None`` for
    anything that is not a version number."""
    if not isinstance(text, str) or not text or any(not part.isdigit() for part in text.split(".")):
        return None
    parts = [int(part) for part in text.split(".")]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


@lru_cache(maxsize=1)
def parameter_versions() -> dict[str, str]:
    """The suite version that added each parameter added after the first (``spec/parameter-versions.yaml``)."""
    from ginspec.suite.paths import spec_dir
    from ginspec.suite.yamlio import load_yaml

    path = spec_dir() / "parameter-versions.yaml"
    document = load_yaml(path, InvalidRegistry) if path.is_file() else {}
    return {str(name): str(version) for name, version in (document or {}).items()}


def current_suite_version() -> str:
    """The newest suite version that added a parameter: the one a new engine states."""
    return max([FIRST_SUITE_VERSION, *parameter_versions().values()], key=lambda text: version_key(text) or ())


def added_after(suite_version: str | None) -> list[str]:
    """The parameters added after ``suite_version`` (``None``: after the first version)."""
    stated = version_key(suite_version or FIRST_SUITE_VERSION) or ()
    return sorted(name for name, version in parameter_versions().items() if (version_key(version) or ()) > stated)


def _readings_problem(capabilities: Capabilities) -> str | None:
    from ginspec.suite.readings import check_readings

    try:
        check_readings(capabilities.engine, capabilities.readings)
    except UnknownEngine as exc:
        return str(exc)
    return None


def _limits_problem(capabilities: Capabilities) -> str | None:
    from ginspec.suite.variants import check_parameters

    for name, values in capabilities.parameters.items():
        try:
            for value in values:
                check_parameters({name: value}, f"{capabilities.engine} declares in its parameters")
        except InvalidVariant as exc:
            return str(exc)
    return None


def _home_problem(capabilities: Capabilities) -> str | None:
    """A home variant whose rules the engine's own limits exclude, or one that is not known."""
    from ginspec.suite.variants import get_variant

    home = capabilities.home_variant
    if home is None:
        return None
    try:
        parameters = get_variant(home).parameters
    except InvalidVariant as exc:
        return f"{capabilities.engine} declares the home variant {quote(home)}: {exc}"
    for name, supported in sorted(capabilities.limits().items()):
        if name in parameters and parameters[name] not in supported:
            return (
                f"{capabilities.engine} declares the home variant {home}, which has {name}: {parameter_text(parameters[name])}, "
                f"but plays {name} only at {', '.join(map(parameter_text, supported))} (its parameters or readings): "
                "every case of its home variant would be unsupported"
            )
    return None


def profile_problem(capabilities: Capabilities) -> str | None:
    """The first contradiction between ``capabilities`` and the suite, as one line, or ``None``."""
    version = capabilities.suite_version
    if version is not None and version_key(version) is None:
        return f"{capabilities.engine} declares suite_version {quote(version)}, which is not a version number such as {current_suite_version()!r}"
    return _readings_problem(capabilities) or _limits_problem(capabilities) or _home_problem(capabilities)


def declaring_file(engine: str) -> Path | None:
    """The file that declares the capabilities of ``engine``: the module of a ``module:Class``
    adapter, or the program of an ``exec:`` engine (the last word of its command that names a
    file); ``None`` when there is none to be found."""
    if engine.startswith("exec:"):
        try:
            words = shlex.split(engine[len("exec:") :])
        except ValueError:
            return None
        files = [Path(word) for word in words[1:] if Path(word).is_file()] or [Path(word) for word in words[:1] if Path(word).is_file()]
        return files[-1].resolve() if files else None
    if ":" in engine:
        import importlib.util

        try:
            spec = importlib.util.find_spec(engine.split(":", 1)[0])
        except (ImportError, ValueError):
            return None
        return Path(spec.origin).resolve() if spec is not None and spec.origin else None
    return None


def _home_file(capabilities: Capabilities, engine: str) -> Capabilities:
    """``capabilities`` with a home variant written as a file named by its house variant's name."""
    from ginspec.suite.house_options import looks_like_file, name_variant_file

    home = capabilities.home_variant
    if home is None or not looks_like_file(home):
        return capabilities
    declared = declaring_file(engine)
    path = Path(home).expanduser()
    if not path.is_absolute():
        path = (declared.parent if declared is not None else Path.cwd()) / path
    try:
        name = name_variant_file(str(path))
    except SuiteError as exc:
        raise ContradictoryCapabilities(f"{capabilities.engine} declares the home variant {quote(home)}: {exc}") from None
    return dataclasses.replace(capabilities, home_variant=name)


def _versioned(capabilities: Capabilities) -> Capabilities:
    """``capabilities`` with every parameter added after its suite version, and not declared,
    limited to the standard value; an engine stating no version is told once what it leaves free."""
    newer = [name for name in added_after(capabilities.suite_version) if name not in capabilities.parameters]
    if not newer:
        return capabilities
    if capabilities.suite_version is None:
        if capabilities.engine not in _TOLD:
            _TOLD.add(capabilities.engine)
            sys.stderr.write(
                f"ginspec: note: {capabilities.engine} states no suite_version, so it is judged as setting {', '.join(newer)} freely, "
                f"as the suite asks; state the suite version it was written for (suite_version: {current_suite_version()!r}), "
                "or declare the values it plays\n"
            )
        return capabilities
    from ginspec.suite.variants import get_variant

    standard = get_variant("standard").parameters
    limited = {**capabilities.parameters, **{name: (standard[name],) for name in newer if name in standard}}
    return dataclasses.replace(capabilities, parameters=limited)


def engine_profile(capabilities: Capabilities, engine: str = "") -> Capabilities:
    """The capabilities of ``engine`` as every path judges it: checked (:func:`profile_problem`,
    one line, :class:`ContradictoryCapabilities`), its home variant file named, and the parameters newer
    than its suite version limited (the module docstring). Taking it again changes nothing."""
    capabilities = _home_file(capabilities, engine)
    problem = profile_problem(capabilities)
    if problem is not None:
        raise ContradictoryCapabilities(problem)
    return _versioned(capabilities)


@dataclass(frozen=True)
class Profile:
    """How a run judges its engine: the engine's profile, and the variant played with the
    ``--set`` overrides on top."""

    capabilities: Capabilities
    variant: str | None
    """The variant played; ``None``: each case under its own."""
    home: bool = False
    """The variant is the engine's home variant, taken because no other was asked for."""
    overrides: Mapping[str, Any] = field(default_factory=dict)

    @property
    def parameters(self) -> dict[str, Any]:
        """The parameters played: the variant's (the standard variant's with none) and the overrides."""
        from ginspec.suite.variants import get_variant

        return {**get_variant(self.variant or "standard").parameters, **self.overrides}

    def label(self) -> str:
        """The variant with every override, as a summary line shows it (``oklahoma with knock_limit=5``)."""
        return label_of(self.variant or "each case's own variant", self.overrides)


def resolve_profile(capabilities: Capabilities, requested: str | None, overrides: Mapping[str, Any] | None = None, engine: str = "", where: str = "--set") -> Profile:
    """The profile of a run: the engine's (:func:`engine_profile`) and the variant played,
    ``requested`` else the engine's home variant (``own``: each case's own), with ``overrides``
    checked against the schema and against each other."""
    from ginspec.suite.variants import resolve_parameters, resolve_run_variant

    profiled = engine_profile(capabilities, engine)
    variant = resolve_run_variant(requested, profiled)
    if overrides:
        resolve_parameters(variant or "standard", overrides, where)
    return Profile(profiled, variant, requested is None and variant is not None, dict(overrides or {}))


def label_of(variant: str, overrides: Mapping[str, Any]) -> str:
    """:meth:`Profile.label` of a variant and its overrides, where no profile is at hand (a report read back)."""
    if not overrides:
        return variant
    return f"{variant} with {', '.join(f'{key}={parameter_text(value)}' for key, value in sorted(overrides.items()))}"
