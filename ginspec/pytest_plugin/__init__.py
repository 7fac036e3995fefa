"""The suite inside pytest (layer 9): the ``--engine`` option of this repository's own tests
(``engine_option``, named in ``conftest.py``), and the ``pytest11`` entry point that runs the suite
in any project (``suite``, with ``suite_run`` loaded only under ``--ginspec-engine``).

May import: every layer below it; never ``commands`` or ``site``.
"""
