"""The suite inside pytest: the ``--engine`` option of this repository's tests
(``engine_option``), and the ``pytest11`` entry point that runs the suite in any project
(``suite``, with ``suite_run`` loaded only under ``--ginspec-engine``).

May import: every package before it (``errors`` … ``site``), never ``ginspec.commands``.
"""
