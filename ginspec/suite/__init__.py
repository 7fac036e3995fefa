"""The suite's data and files (layer 2 of ARCHITECTURE.md): where the suite lives (``paths``), safe
YAML (``yamlio``) and the memories of parsed files and schema checks, the card and action notation,
the rule registry and the registers, the variants (the suite's, a project's house variants and the
option values naming them), the vectors and the feature files as read for display, the seed
statements, the coverage of rules, the saved reports read back, and the files a command writes
(``files``, ``outputs``). ``loaded`` is one loaded view of all of it.

Nothing here asks an engine or judges an answer.

May import: ``errors`` and ``reference_impl`` (the card notation); nothing above.
"""
