"""The suite's own detection power: the miniatures put through the suite (``selftest``),
differential fuzzing, long fuzz campaigns, mutation testing of the reference engine, and the saved
measures the site reads.

May import: every package before it in the layer order (``errors``, ``suite``, ``adapters``,
``judging``, ``bdd``, ``run``, ``play``).
"""
