"""THE run of the suite against an engine: engine + selection + variant -> case results -> report.

:class:`RunPipeline` is the one place where a run is put together. It starts the engine under its
watchdog (:func:`open_run_engine`), resolves the run's variant (the one asked for, else the
engine's home variant, else each case's own), plans the chosen vectors for that variant (a case
whose answer the variant changes is derived, ``ginspec.judging.derive``), asks them, then plays the chosen
scenarios (``ginspec.bdd.features``), and yields every case result in that order: vectors, then
scenarios. It applies the engine's known departures (``ginspec.judging.expectations``), builds the report
data (``ginspec.judging.report``) and gives the exit status (README, "Exit status"). A stop half-way
(Ctrl-C, SIGTERM, SIGHUP), in the vectors or in the scenarios, stops the engines first and then
writes the partial report (``ginspec.judging.partial_report``) before the stop goes on.

Users: ``ginspec check`` (its options, outputs and summary are its own), the pytest plugins (one
vector per item through :func:`judge_vector`, the engine through :func:`open_run_engine` and
:func:`run_variant`), the mutation tool (the vector cases of :meth:`RunPipeline.vector_cases`,
the pytest run of the scenarios of :func:`scenario_run_arguments`), the self-test and the site's reports
(both through ``ginspec check``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

from ginspec.errors import Interrupted
from ginspec.run.selection import Selection
from ginspec.judging.runner import FAILING, Case, CaseResult

if TYPE_CHECKING:
    from ginspec.adapters import Adapter
    from ginspec.judging.again import RunOptions
    from ginspec.adapters.base import Capabilities
    from ginspec.suite.vectors import Vector

Departures = Mapping[str, Mapping[str, Any]]
"""An engine's known departures by case ID, as ``ginspec.judging.expectations.load_expectations`` reads them."""


def open_run_engine(engine: str, timeout: float | None = None) -> Adapter:
    """The engine named ``engine`` (adapter name, ``exec:COMMAND`` or ``module:Class``), started
    under the watchdog that makes a hang a ``timeout`` and a crash an ``error`` of one case."""
    from ginspec.adapters import open_engine
    from ginspec.adapters.guard import open_guarded

    return open_guarded(engine, timeout, open_engine)


def run_variant(requested: str | None, capabilities: Capabilities) -> str | None:
    """The variant a run plays: ``requested``, else the engine's home variant; ``None`` when each
    case is played under its own (``own``). The engine's profile is checked on the way
    (:func:`ginspec.adapters.profile.resolve_profile`)."""
    from ginspec.adapters.profile import resolve_profile

    return resolve_profile(capabilities, requested).variant


def plan_vectors(vectors: Sequence[Vector], variant: str | None, capabilities: Capabilities, home: bool) -> list[Case]:
    """The vectors as cases of a run under ``variant``. With ``home`` (the variant was not asked
    for but is the engine's home variant), a case the engine can play as written stays as written
    and only the others are derived for the home variant."""
    from ginspec.judging.runner import plan_cases
    from ginspec.suite.variants import get_variant

    parameters = get_variant(variant).parameters if variant else None
    return plan_cases(vectors, variant, parameters, capabilities if home else None)


def judge_vector(
    adapter: Adapter, capabilities: Capabilities, vector: Vector, variant: str | None, home: bool, departures: Departures | None = None
) -> CaseResult:
    """One vector asked and judged as in a whole run, its known departure applied (a pytest item)."""
    from ginspec.judging.expectations import apply_expectations
    from ginspec.judging.runner import run_case

    (case,) = plan_vectors([vector], variant, capabilities, home)
    result = run_case(adapter, capabilities, case)
    return apply_expectations([result], dict(departures or {}))[0] if departures else result


def scenario_run_arguments(engine: str, timeout: float | None = None) -> list[str]:
    """The arguments of an in-process pytest run of every scenario against ``engine``."""
    from ginspec.bdd.features import scenario_arguments

    arguments = scenario_arguments(engine)
    return arguments + (["--engine-timeout", str(timeout)] if timeout is not None else [])


def run_status(results: Sequence[CaseResult], close_problem: str | None = None, selection: str = "") -> int:
    """1 if a case failed, the engine failed to close, or nothing at all was checked; else 0. The
    reason for 1 other than a failed case is one line on standard error."""
    import sys

    from ginspec.judging.report import nothing_checked

    status = 1 if any(result.status in FAILING for result in results) else 0
    if close_problem:
        sys.stderr.write(f"ginspec: error: {close_problem}\n")
        status = 1
    empty = nothing_checked(list(results), selection)
    if empty:
        sys.stderr.write(f"ginspec: error: {empty}\n")
        return 1
    return status


class RunPipeline:
    """One run of ``selection`` against ``engine`` under ``variant`` (``None``: the engine's home
    variant, else each case's own; ``own``: each case's own).

    ``timeout`` bounds the engine's start and each answer; ``departures`` are the engine's known
    departures; with ``partial_report``, a stop half-way writes the cases finished there, marked
    partial. An ``adapter`` already open may be given (the mutation tool's in-process engine); it
    is then used as it is and the scenarios are not played by it. ``typed`` are the options as the
    user typed them (:class:`ginspec.judging.again.RunOptions`), for the commands that run a case
    again.

    Use: ``start()``, then ``results()`` (or ``run()``), then ``report()`` and ``status()``;
    ``close()`` at the end (a ``with`` block does it)."""

    def __init__(
        self,
        engine: str,
        selection: Selection,
        variant: str | None = None,
        *,
        timeout: float | None = None,
        departures: Departures | None = None,
        partial_report: Path | None = None,
        adapter: Adapter | None = None,
        typed: RunOptions | None = None,
    ) -> None:
        self.engine = engine
        self.typed = typed
        """The run's options as the user typed them, which the report's ``again`` commands repeat."""
        self.selection = selection
        self.requested_variant = variant
        self.timeout = timeout
        self.departures = dict(departures or {})
        self.partial_report = partial_report
        self._adapter = adapter
        self._capabilities: Capabilities | None = None
        self.variant: str | None = None
        """The variant played, once started (``None``: each case's own)."""
        self.finished: list[CaseResult] = []
        """Every case result so far, as the engine answered it (no known departure applied)."""
        self.planned = len(selection.vectors) if selection.runs_vectors else 0
        self._scenarios_counted = True
        """False from the start of the scenarios until pytest has collected them."""
        self.close_problem: str | None = None
        self._partial_written = False

    # ------------------------------------------------------------------ the engine

    def start(self) -> Capabilities:
        """Start the engine (refused in one line if it cannot start) and resolve the run's variant."""
        if self._adapter is None:
            self._adapter = open_run_engine(self.engine, self.timeout)
        try:
            from ginspec.adapters.profile import resolve_profile

            profile = resolve_profile(self._adapter.capabilities(), self.requested_variant, engine=self.engine)
            self._capabilities, self.variant = profile.capabilities, profile.variant
        except BaseException:
            self.close()
            raise
        return self._capabilities

    @property
    def capabilities(self) -> Capabilities:
        if self._capabilities is None:
            raise RuntimeError("the run's engine is not started: call start() first")
        return self._capabilities

    def close(self) -> None:
        """Stop the engine of the vectors (again: harmless); a problem in closing is kept for the status."""
        if self._adapter is not None:
            self._adapter.close()
            self.close_problem = getattr(self._adapter, "close_problem", None) or self.close_problem

    def __enter__(self) -> RunPipeline:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ the cases

    def vector_cases(self) -> list[Case]:
        """The chosen vectors as the cases of this run's variant."""
        home = self.requested_variant is None  # the home variant: derive only what it cannot play
        return plan_vectors(self.selection.vectors, self.variant, self.capabilities, home)

    def run_vector(self, case: Case) -> CaseResult:
        """Ask one planned vector and judge the answer (no known departure applied)."""
        from ginspec.judging.runner import run_case

        assert self._adapter is not None, "start() first"
        return run_case(self._adapter, self.capabilities, case)

    def results(self, progress: Callable[[CaseResult], None] | None = None, scenarios_starting: Callable[[], None] | None = None) -> Iterator[CaseResult]:
        """Every case result of the run: the vectors, then (with the vectors' engine stopped) the
        scenarios. ``progress`` is told of each vector as it is judged, ``scenarios_starting``
        before the scenarios start. A stop writes the partial report, then goes on."""
        try:
            if self.selection.runs_vectors:
                for case in self.vector_cases():
                    result = self.run_vector(case)
                    self.finished.append(result)
                    if progress is not None:
                        progress(result)
                    yield result
            self.close()  # the vectors' engine is stopped before the scenarios start their own
            if self.selection.runs_scenarios:
                if scenarios_starting is not None:
                    scenarios_starting()
                yield from self._scenario_results()
        except (KeyboardInterrupt, Interrupted) as stop:
            self.close()  # the engine is stopped before the partial report is written
            self._write_partial(stop)
            raise

    def run(self, progress: Callable[[CaseResult], None] | None = None, scenarios_starting: Callable[[], None] | None = None) -> list[CaseResult]:
        """:meth:`results`, all of them."""
        try:
            return list(self.results(progress, scenarios_starting))
        except (KeyboardInterrupt, Interrupted) as stop:  # one that came between two results
            self.close()
            self._write_partial(stop)
            raise

    def _scenario_results(self) -> list[CaseResult]:
        from ginspec.bdd.features import ScenarioWatch, run_features
        from ginspec.run.stop import as_stop, signals_as_ctrl_c

        scenarios: list[CaseResult] = []
        vectors_done = len(self.finished)

        def planned(count: int) -> None:
            self.planned += count
            self._scenarios_counted = True

        def finished(result: CaseResult) -> None:
            scenarios.append(result)
            self.finished[vectors_done:] = sorted(scenarios, key=lambda done: done.id)

        watch = ScenarioWatch(planned, finished)
        self._scenarios_counted = False
        with signals_as_ctrl_c() as received:
            try:
                results = run_features(self.engine, self.selection.rules, self.selection.areas, self.timeout, self.requested_variant, watch, self.selection.scenario_ids)
            except KeyboardInterrupt as stop:  # pytest has closed the scenarios' engine
                raise as_stop(stop, received) from None
        if received:  # a signal that came as pytest was returning
            raise Interrupted(received[0])
        self.finished[vectors_done:] = results
        return results

    def _write_partial(self, stop: BaseException) -> None:
        if self.partial_report is None or self._capabilities is None or self._partial_written:
            return
        self._partial_written = True
        from ginspec.judging.partial_report import write_partial_report

        write_partial_report(
            self.partial_report, self._capabilities, self.variant, self.finished, self.planned, stop, counted=self._scenarios_counted, engine=self.typed or self.engine
        )

    # ------------------------------------------------------------------ the verdict

    def judged(self, results: Sequence[CaseResult] | None = None) -> list[CaseResult]:
        """The results with the engine's known departures applied (expected failures, unexpected passes)."""
        from ginspec.judging.expectations import apply_expectations

        return apply_expectations(self.finished if results is None else results, self.departures)

    def report(self, judged: Sequence[CaseResult] | None = None, diagnose: bool = True) -> dict[str, Any]:
        """The report data (``ginspec.judging.report.build_report``) of the judged results; without
        ``diagnose``, its findings are not worked out (``None``)."""
        from ginspec.judging.report import build_report

        return build_report(self.capabilities, self.variant, self.judged() if judged is None else judged, self.typed or self.engine, diagnose)

    def status(self, judged: Sequence[CaseResult] | None = None) -> int:
        """The run's exit status (:func:`run_status`)."""
        return run_status(self.judged() if judged is None else judged, self.close_problem, self.selection.text())
