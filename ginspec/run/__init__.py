"""The one run of the suite against an engine (:mod:`ginspec.run.pipeline`).

This package owns a run from the chosen cases to the report: which vectors and scenarios a
selection takes (:mod:`ginspec.run.selection`), starting the engine under its watchdog, playing
the vectors and then the scenarios under the run's variant, the known departures, the report data,
the exit status, and a stop half-way (Ctrl-C, SIGTERM, SIGHUP: the engines are stopped and a
partial report is written, :mod:`ginspec.run.stop`).

Every command and tool that runs the suite goes through it: ``ginspec check``, the pytest plugins
(``pytest --engine`` and ``pytest --ginspec-engine``), the self-test (which runs ``ginspec check``
per miniature), the mutation tool and the site's conformance reports (written by ``ginspec
check``). Each keeps only what is its own: arguments, pytest items, mutants, HTML.

It may import the suite's data (the ``ginspec/suite/`` layer: paths, vectors, variants, registry,
seeds), the engines (``ginspec.adapters``), the judging (runner, expectations, report,
partial_report) and the scenarios (``ginspec.bdd.features``); nothing above it (play, detection,
site, the pytest plugins, the commands).
"""
