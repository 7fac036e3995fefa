"""The command that runs one case of a report again, alone, exactly as the run played it.

A run's options are kept as the user typed them (:class:`RunOptions`): the engine
(``exec:"node my engine.js"``, ``module:Class``, an adapter name), the variant (a shipped name, or
a house variant's file ``house.yaml`` with its path as typed), the project's variants folder
(``--variants DIR``), every ``--set KEY=VALUE``, ``--timeout``, ``--expectations`` and the suite's
checkout (``--suite-root``, or ``GINSPEC_ROOT`` in force). The printed command repeats them, so it
works as printed from the folder the run was started in. A vector is run again by
``ginspec check --id ID``; a scenario by ``ginspec check --id`` with its case ID as written
(``area/file.feature: name [example]``); a case derived for the run's variant (``ID@variant``,
``... @variant``) by its ID as written under the run's own options, which derive it again.
"""

from __future__ import annotations

import argparse
import os
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ginspec.suite.paths import ROOT_VARIABLE


@dataclass(frozen=True)
class RunOptions:
    """What a run was asked to play, as typed: everything a printed command must repeat to get
    the same verdict (``docs/guide/adapter.md``, "Reading the findings")."""

    engine: str
    variant: str | None = None
    """``--variant`` as typed: a name, or a house variant's file (``house.yaml``)."""
    variants: str | None = None
    """``--variants DIR`` as typed."""
    settings: tuple[str, ...] = field(default_factory=tuple)
    """Each ``--set KEY=VALUE``, as typed."""
    suite_root: str | None = None
    """``--suite-root PATH`` as typed, or the ``GINSPEC_ROOT`` the run had."""
    timeout: float | None = None
    expectations: str | None = None

    def to_json(self) -> dict[str, Any]:
        """As a report keeps them (its header's ``run``, a campaign's ``campaign.run``)."""
        return {
            "engine": self.engine,
            "variant": self.variant,
            "variants": self.variants,
            "set": list(self.settings),
            "suite_root": self.suite_root,
            "timeout": self.timeout,
            "expectations": self.expectations,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunOptions:
        return cls(
            str(data["engine"]),
            data.get("variant"),
            data.get("variants"),
            tuple(str(setting) for setting in data.get("set") or ()),
            data.get("suite_root"),
            data.get("timeout"),
            data.get("expectations"),
        )

    def suite_options(self) -> list[str]:
        """The options before the command's name (``ginspec --suite-root PATH check ...``)."""
        return ["--suite-root", self.suite_root] if self.suite_root else []

    def variant_options(self) -> list[str]:
        """``--variant`` and ``--variants`` as typed, and every ``--set``."""
        words = ["--variant", self.variant] if self.variant else []
        if self.variants:
            words += ["--variants", self.variants]
        for setting in self.settings:
            words += ["--set", setting]
        return words

    def timeout_options(self) -> list[str]:
        """``--timeout`` when the run was given one."""
        return ["--timeout", f"{self.timeout:g}"] if self.timeout is not None else []


def run_options(args: argparse.Namespace) -> RunOptions:
    """The options of a parsed command line as the user typed them: ``--variant PATH.yaml`` as
    typed, not the house variant's name it is turned into
    (:func:`ginspec.suite.house_options.variant_options` keeps it as ``variant_as_typed``)."""
    typed_variant = getattr(args, "variant_as_typed", getattr(args, "variant", None))
    expectations = getattr(args, "expectations", None)
    return RunOptions(
        str(args.engine),
        typed_variant,
        getattr(args, "variants", None),
        tuple(getattr(args, "set", None) or ()),
        getattr(args, "suite_root", None) or os.environ.get(ROOT_VARIABLE) or None,
        getattr(args, "timeout", None),
        expectations if isinstance(expectations, str) else None,
    )


def report_run_options(header: Mapping[str, Any]) -> RunOptions | str:
    """The options a saved report's run was given (its header's ``run``); for a report that does
    not keep them, the engine's name alone."""
    kept = header.get("run")
    return RunOptions.from_json(kept) if isinstance(kept, Mapping) and kept.get("engine") else str(header.get("engine", "ENGINE"))


def split_variant(case_id: str) -> tuple[str, str | None]:
    """(the case as written, the variant it was derived for or ``None``): a derived vector is
    ``ID@variant``, a derived scenario ``feature: name [example] @variant``."""
    base, at, variant = case_id.rpartition("@")
    if not at or not variant or " " in variant:
        return case_id, None
    return base.rstrip(), variant


def shell_line(words: list[str]) -> str:
    """Words as one line a POSIX shell reads back as the same words."""
    return " ".join(shlex.quote(word) for word in words)


def again_command(case_id: str, run: RunOptions | str, played_under: str | None = None) -> str:
    """A one-line shell command that runs the case ``case_id`` alone as the run ``run`` played
    it. When only the engine is known (``run`` a string), the case is put under the variant it
    was derived for, or ``played_under`` (the variant it was played under, where that is not its
    own)."""
    if isinstance(run, str):
        run = RunOptions(run, variant=split_variant(case_id)[1] or played_under)
    written, _ = split_variant(case_id)
    words = ["ginspec", *run.suite_options(), "check", "--engine", run.engine, "--id", written]
    words += run.variant_options() + run.timeout_options()
    if run.expectations:
        words += ["--expectations", run.expectations]
    return shell_line(words)
