"""The suite's own detection power (layer 8): the miniatures put through the suite
(``selftest``), differential fuzzing (``fuzz``, ``fuzz_answers``, ``fuzz_rules``), long fuzz campaigns
(``campaign/``), mutation testing of the reference engine (``mutation/``, run as
``python -m ginspec.detection.mutation``), and the saved measures the site reads (``measures``).

May import: every layer below it (``errors``, ``suite``, ``adapters``, ``judging``, ``bdd``,
``run``, ``play``).
"""
