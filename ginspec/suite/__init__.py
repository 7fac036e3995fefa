"""The suite's data and files: where the suite lives (``paths``), safe YAML, the card and action
notation, the rule registry and the registers, the variants (the suite's and a project's own), the
vectors and the feature files as read for display, the seed statements and the coverage of rules,
and the files a command writes. Nothing here asks an engine.

May import: ``ginspec.errors`` only (and ``reference_impl`` never).
"""
